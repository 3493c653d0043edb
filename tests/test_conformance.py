"""Every registered room, on every file of its folders in ``../shared/corpus`` and
``../shared/formats`` (as their manifests list them), whatever the flop game: read with
no error but the listed ones, no line of a kind the room does not write, its money
balanced or proven not to add up from its own lines, the players' nets equal to FPDB's
in every ``.hp`` sidecar, and the audit of its Omaha hands ``ok`` but for the listed ones.

What each room's files give is in ``tests/rooms/<site>.toml``: its folders, hands per
game, and the hands that are errors, inconsistent as printed or not audited ``ok``, each
with the lines of its text that prove it. Adding a room adds its grammar, that file and
its golden hands; the rooms are found from the registry. The importer still stores Omaha
only."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from analysis.audit.core import audit
from ingest.sites import registry
from tests.conformance import (
    RoomRead,
    fpdb_nets,
    hand_text,
    manifest_files,
    read_room,
    repeated_ids,
    seat_award_problems,
)

EXPECTATIONS = Path(__file__).parent / "rooms"

# Skips allowed: games that are not flop games (their limit maybe written first),
# cancelled and unfinished hands.
_ALLOWED_SKIP = re.compile(
    r"^(?:other game: (?:(?:No |Pot |Fixed )?Limit )?"
    r"(?:Razz|7 Card Stud|7Stud|Seven Cards Stud|Triple Draw|5 Card Draw|Badugi|2-7)[^,]*"
    r"|cancelled|partial: .*)$"
)


@dataclass(frozen=True)
class Room:
    """A registered site, what its expectations file says, and what its files gave."""

    site: str
    expected: dict[str, Any]
    read: RoomRead

    def listed(self, section: str, value: str) -> dict[tuple[str, str], Any]:
        """(file, hand id) -> ``value`` of each entry of an expectations section."""
        return {(e["file"], e["hand"]): e[value] for e in self.expected.get(section, [])}


def expectations(site: str) -> dict[str, Any]:
    with open(EXPECTATIONS / f"{site}.toml", "rb") as stream:
        return tomllib.load(stream)


@pytest.fixture(scope="module", params=sorted(registry()))
def room(request: pytest.FixtureRequest, shared: Path) -> Room:
    site: str = request.param
    expected = expectations(site)
    return Room(site, expected, read_room(shared, expected["folders"]))


def test_every_registered_room_has_expectations_and_every_file_is_listed() -> None:
    assert sorted(path.stem for path in EXPECTATIONS.glob("*.toml")) == sorted(registry())


def test_every_file_is_read_by_its_room(room: Room) -> None:
    read = room.read
    assert read.by_file, f"no {room.site} files"
    assert set(read.sites.values()) == {room.site}
    assert read.not_read == sorted(room.expected.get("not_read", []))


def test_no_two_sites_claim_one_file_and_each_claims_only_its_rooms(shared: Path) -> None:
    """Every file of the corpus and formats manifests, whatever its room: at most one site
    recognises its first line, and only a file of that site's folders."""
    sites = registry()
    folders = {name: set(expectations(name)["folders"]) for name in sites}
    for path, folder in manifest_files(shared):
        with open(path, "rb") as stream:
            head = stream.read(4096)
        claims = [name for name, site in sites.items() if site.detect(head)]
        assert len(claims) <= 1, (path, claims)
        assert all(folder in folders[name] for name in claims), (path, claims)


def _found(frame: pl.DataFrame, column: str) -> dict[tuple[str, str], object]:
    """(file, hand id) -> ``column`` of the rows of ``frame``."""
    return {(row["file"], row["hand_id"]): row[column] for row in frame.to_dicts()}


def test_every_hand_is_read_with_no_error_but_the_listed_ones(room: Room) -> None:
    found = _found(room.read.frame("import_errors"), "reason")
    assert found == room.listed("errors", "reason")


def test_skips_are_games_other_than_flop_games_cancelled_or_unfinished(room: Room) -> None:
    reasons = set(room.read.frame("import_skips")["reason"].to_list())
    assert all(_ALLOWED_SKIP.match(reason) for reason in reasons), reasons


def test_hands_per_game(room: Room) -> None:
    counts = dict(room.read.frame("hands").group_by("game").len().iter_rows())
    assert counts == room.expected["games"]


def test_every_hand_balances_but_the_listed_ones(room: Room) -> None:
    hands = room.read.frame("hands").filter(pl.col("inconsistencies").list.len() > 0)
    assert _found(hands, "inconsistencies") == room.listed("inconsistent", "found")


def test_every_collection_goes_to_a_seat_that_may_win_that_much(room: Room) -> None:
    inconsistent = set(room.listed("inconsistent", "found"))
    # a number two hands of one file carry (the second is a duplicate on import) names
    # no one hand: its hands are not checked here
    repeated = set(room.listed("repeated_ids", "why"))
    assert {(path, hand_id) for path, result in room.read.by_file.items()
            for hand_id in repeated_ids(result)} == repeated
    # file by file: a hand number is a hand's within its file (converters write a
    # placeholder number in every hand)
    problems = [(path, *p) for path, result in room.read.by_file.items()
                for p in seat_award_problems(result)
                if (path, p[0]) not in inconsistent | repeated]  # fmt: skip
    assert problems == []


def test_nets_equal_fpdb(room: Room, shared: Path) -> None:
    compared = 0
    # sidecars whose nets FPDB gets wrong: ours are the entry's (proven by the hand's lines)
    wrong = {entry["file"]: entry["nets"] for entry in room.expected.get("fpdb_wrong", [])}
    for path, result in room.read.by_file.items():
        expected = fpdb_nets(shared / path)
        if expected is None:
            continue
        players = pl.from_arrow(result.players)
        hands = pl.from_arrow(result.hands)
        assert isinstance(players, pl.DataFrame) and isinstance(hands, pl.DataFrame)
        assert hands.height == 1, path  # FPDB's sidecars are of one-hand files
        scale = 100 // hands["units_per_currency"][0]  # FPDB counts chips in hundredths
        # FPDB lists the players dealt in, and for some rooms every seated player (one not
        # dealt in with a net of 0): each player it lists has its net, and each player
        # dealt in is listed
        nets = {name: net * scale for name, net in players.select("player", "net").iter_rows()}
        dealt_in = set(players.filter(~pl.col("sitting_out"))["player"])
        assert dealt_in <= set(expected), path
        if path in wrong:
            assert nets == wrong.pop(path) != expected, path
            continue
        assert {name: nets.get(name) for name in expected} == expected, path
        compared += 1
    assert wrong == {}
    assert compared >= room.expected["fpdb_sidecars"]


def test_the_audit_finds_every_omaha_hand_ok_but_the_listed_ones(room: Room) -> None:
    result = room.read.all()
    hands = pl.from_arrow(result.hands)
    assert isinstance(hands, pl.DataFrame)
    omaha = hands.filter(pl.col("game").str.contains("^(?:omaha|courchevel)"))["hand_id"]
    tables = []
    for name in ("hands", "players", "actions", "collections"):
        frame = pl.from_arrow(getattr(result, name))
        assert isinstance(frame, pl.DataFrame)
        tables.append(frame.filter(pl.col("hand_id").is_in(omaha.to_list())).to_arrow())
    statuses = pl.from_arrow(audit(*tables).audit_hands)
    assert isinstance(statuses, pl.DataFrame)
    assert statuses.height == omaha.len()
    not_ok = statuses.filter(pl.col("status") != "ok")
    found = {hand: status for hand, status in not_ok.select("hand_id", "status").rows()}
    # a hand inconsistent as printed is a mismatch; any other not ok is listed
    listed = {hand: "mismatch" for (_, hand) in room.listed("inconsistent", "found")}
    listed = {hand: listed.get(hand) for hand in omaha.to_list() if hand in listed}
    listed |= {hand: status for (_, hand), status in room.listed("audit", "status").items()}
    assert found == listed


@pytest.mark.parametrize("section", ["errors", "inconsistent", "audit", "fpdb_wrong"])
def test_every_listed_hand_is_proven_by_its_own_lines(
    section: str, shared: Path
) -> None:
    """Each listed hand's text has the lines its entry names, as many as it says."""
    for site in sorted(registry()):
        for entry in expectations(site).get(section, []):
            assert entry["proof"], (site, entry["hand"])
            text = hand_text(shared / entry["file"], entry["hand"])
            for rule in entry["proof"]:
                found = len(re.findall(rule["line"], text, re.M))
                assert found == rule["count"], (site, entry["hand"], rule["line"], found)


def test_the_importer_stores_omaha_only(shared: Path) -> None:
    site = registry()["pokerstars"]
    path = shared / "formats/Stars/tour/NLHE-USD-MTT-5r-200710.txt"
    result = site.parse_file(path)
    assert result.hands.num_rows == 0
    assert set(result.import_skips.column("reason").to_pylist()) == {"other game: Hold'em No Limit"}


def _readme_row(folder: str) -> list[str]:
    """The cells of the README's row of a folder in *Every hand a room wrote*."""
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text("utf-8")
    section = text.split("### Every hand a room wrote", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith(f"| `{folder}` ")]
    assert len(rows) == 1, f"no README row for {folder}"
    return [cell.strip() for cell in rows[0].strip("|").split("|")]


def _leading_number(cell: str) -> int:
    return int(cell.split(":")[0].replace(",", ""))


def test_the_readme_counts_are_what_the_files_give(room: Room) -> None:
    """The README's row of each folder: files, Omaha hands, other flop-game hands, skips,
    errors and hands inconsistent as printed, as the room's files give them."""
    [folder] = room.expected["folders"]
    cells = _readme_row(folder)
    read = room.read
    games = read.frame("hands")["game"]
    omaha = int(games.str.contains("^(?:omaha|courchevel)").sum())
    inconsistent = int((read.frame("hands")["inconsistencies"].list.len() > 0).sum())
    found = [len(read.by_file) + len(read.not_read), omaha, games.len() - omaha,
             read.frame("import_skips").height, read.frame("import_errors").height,
             inconsistent]  # fmt: skip
    assert [_leading_number(cell) for cell in cells[1:]] == found, cells
