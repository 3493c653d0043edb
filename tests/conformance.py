"""Every hand of a room's real files, every flop game: read, and its money checked from
outside the engine.

A room's files are those of its folder in ``../shared/corpus`` and ``../shared/formats``
(FPDB's regression files, AGPL, read in place). They are parsed with
``every_flop_game=True``, so Hold'em and its short-deck forms are read like Omaha: a room
writes seats, blinds, bets, returns, pots and rake the same way in every game.
"""

from __future__ import annotations

import ast
import csv
import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import polars as pl

from ingest.engine.contract import ParseResult, concat_results
from ingest.engine.site import TextSite
from ingest.engine.xml_site import XmlSite
from ingest.reader import detect_encoding
from ingest.sites import Site, detect_site
from omaha_core.pots import build_pots

COMPANIONS = (".hp", ".hands", ".gt")


def manifest_files(shared: Path) -> list[tuple[Path, str]]:
    """Every history file the corpus and formats manifests list, with its folder (their
    ``site`` column)."""
    files = []
    for base in ("corpus", "formats"):
        with open(shared / base / "MANIFEST.tsv", encoding="utf-8", newline="") as stream:
            rows = csv.DictReader(stream, delimiter="\t")
            files += [(shared / base / row["path"], row["site"]) for row in rows]
    return sorted(files)


def room_files(shared: Path, folders: Iterable[str]) -> list[Path]:
    """The history files of a room's folders, as the corpus and formats manifests list them."""
    wanted = set(folders)
    return [path for path, folder in manifest_files(shared) if folder in wanted]


@dataclass(frozen=True)
class RoomRead:
    """What a room's files gave: the parse of each file read, and the files not read."""

    by_file: dict[str, ParseResult]  # path relative to shared/ -> its tables
    not_read: list[str]  # no site recognised the file
    sites: dict[str, str]  # path -> name of the site that read it

    def all(self) -> ParseResult:
        return concat_results(list(self.by_file.values()))

    def frame(self, table: str) -> pl.DataFrame:
        frames = []
        for path, result in self.by_file.items():
            frame = pl.from_arrow(getattr(result, table))
            assert isinstance(frame, pl.DataFrame)
            frames.append(frame.with_columns(file=pl.lit(path)))
        return pl.concat(frames, how="vertical")


def read_room(shared: Path, folders: Iterable[str]) -> RoomRead:
    """Parse every file of a room's folders with every flop game read."""
    by_file: dict[str, ParseResult] = {}
    sites: dict[str, str] = {}
    not_read: list[str] = []
    for path in room_files(shared, folders):
        name = str(path.relative_to(shared))
        with open(path, "rb") as stream:
            site: Site | None = detect_site(stream.read(4096))
        if site is None:
            not_read.append(name)
            continue
        sites[name] = site.name
        by_file[name] = site.parse_file(path, every_flop_game=True)  # type: ignore[attr-defined]
    return RoomRead(by_file, not_read, sites)


def fpdb_nets(history: Path) -> dict[str, int] | None:
    """FPDB's ``totalProfit`` per player from a history's ``.hp`` sidecar (None: none).
    FPDB keeps every amount in hundredths, tournament chips included."""
    sidecar = history.with_name(history.name + ".hp")
    if not sidecar.exists():
        return None
    players = ast.literal_eval(sidecar.read_text(encoding="latin-1"))
    return {name: int(row["totalProfit"]) for name, row in players.items()}


def repeated_ids(result: ParseResult) -> set[str]:
    """The hand numbers more than one hand of ``result`` carries."""
    ids = pl.Series(result.hands.column("hand_id").to_pylist(), dtype=pl.String)
    return set(ids.filter(ids.is_duplicated()).to_list())


def seat_award_problems(result: ParseResult) -> Iterator[tuple[str, str]]:
    """(hand id, reason) for every collection no pot could pay: a seat collecting that
    folded, or more than all the pots it could win hold (pots built from the live chips
    and the antes each seat left in them, returns taken off: a player all in on the ante
    wins as many antes; other dead money in the main pot)."""
    players = pl.from_arrow(result.players)
    actions = pl.from_arrow(result.actions)
    assert isinstance(players, pl.DataFrame) and isinstance(actions, pl.DataFrame)
    folded = (
        actions.filter(pl.col("kind") == "fold")
        .group_by("hand_id")
        .agg(pl.col("seat").alias("folded"))
    )
    dead = actions.group_by("hand_id", "seat").agg(
        pl.col("dead").sum(), pl.col("dead").filter(pl.col("kind") == "ante").sum().alias("ante")
    )
    seats = players.join(dead, on=["hand_id", "seat"], how="left").with_columns(
        pl.col("dead", "ante").fill_null(0)
    )
    added = pl.from_arrow(result.hands.select(["hand_id", "room_money_in"]))
    assert isinstance(added, pl.DataFrame)
    hands = (
        seats.with_columns(
            live=pl.col("put_in") - pl.col("returned") - pl.col("dead") + pl.col("ante")
        )
        .group_by("hand_id", maintain_order=True)
        .agg(
            "seat",
            "live",
            "collected",
            (pl.col("dead") - pl.col("ante")).sum().alias("dead_total"),
            (~pl.col("sitting_out")).alias("dealt_in"),
        )
        .join(folded, on="hand_id", how="left")
        .join(added, on="hand_id", how="left")
    )
    for hand_id, seat_list, live, collected, dead, dealt_in, out, money_in in hands.iter_rows():
        out_seats = set(out or [])
        chips_in = {seat: chips for seat, chips, dealt in zip(seat_list, live, dealt_in,
                                                              strict=True) if dealt}  # fmt: skip
        # money the room adds (a splash, a cash drop) goes to the main pot, as dead money
        dead_total = dead + money_in
        try:
            pots = build_pots(chips_in, out_seats, dead_total)
        except ValueError as exc:
            yield hand_id, f"pots cannot be built: {exc}"
            continue
        for seat, amount in zip(seat_list, collected, strict=True):
            if amount <= 0:
                continue
            if seat in out_seats:
                yield hand_id, f"seat {seat} folded but collects {amount}"
            could_win = sum(pot.amount for pot in pots if seat in pot.eligible)
            if amount > could_win:
                yield hand_id, f"seat {seat} collects {amount} of pots holding {could_win}"


def hand_text(path: Path, hand_id: str) -> str:
    """One hand of a file: from its first line to the next hand's (as the file's site cuts
    hands) or the end."""
    data = path.read_bytes()
    site = detect_site(data[:4096])
    assert site is not None, f"no site reads {path}"
    # the mark before a hand number in the room's header ("#", "#Game No : ", "Game ")
    mark = site.grammar.wording.hand_number if isinstance(site, TextSite) else "#"
    if isinstance(site, XmlSite):  # the hand's start tag names it: <game gamecode="...">
        mark = site.hand_mark
    if f"{mark}{hand_id}".encode() not in data:  # a dialect's mark, or UTF-16 text
        return _numbered_hand(data, site.hand_start, hand_id)
    start = data.rfind(b"\n", 0, data.index(f"{mark}{hand_id}".encode())) + 1
    following = site.hand_start.search(data, data.index(b"\n", start) + 1)
    piece = data[start : following.start() if following else len(data)]
    try:
        return piece.decode("utf-8")
    except UnicodeDecodeError:
        return piece.decode("cp1252")


def _numbered_hand(data: bytes, hand_start: re.Pattern[bytes], hand_id: str) -> str:
    """The hand of a file's decoded text whose first three non-blank lines name
    ``hand_id`` as a whole word (``Game ID: 693980441 0.01/0.02 ...``)."""
    text = data.decode(detect_encoding(data[:4096]), errors="replace").lstrip("\ufeff")
    starts = re.compile(hand_start.pattern.decode().replace("(?:\\xef\\xbb\\xbf)?", ""),
                        re.MULTILINE)  # fmt: skip
    cuts = [m.start() for m in starts.finditer(text)] + [len(text)]
    number = re.compile(rf"(?<![0-9A-Za-z]){re.escape(hand_id)}(?![0-9A-Za-z])")
    for first, last in itertools.pairwise(cuts):
        head = [line for line in text[first:last].split("\n") if line.strip()][:3]
        if number.search("\n".join(head)):
            return text[first:last]
    raise AssertionError(f"no hand {hand_id}")
