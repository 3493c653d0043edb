"""What the parser read from each line of a hand, and what came out of it: the seats, the
pots and the nets, and what did not add up. The tool a contributor adding a room and a
user puzzled by a hand both need (``omaha explain FILE [--hand ID]``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import polars as pl

from analysis.audit.core import audit
from ingest.engine.build import build
from ingest.engine.contract import ParseResult
from ingest.engine.grammar import EVENT_KINDS, Grammar
from ingest.engine.header import hand_info
from ingest.engine.lines import KINDS, Lines, classify
from ingest.engine.site import TextSite
from ingest.engine.text import split_chunks
from ingest.engine.xml_site import XmlSite
from ingest.money import show_money
from ingest.reader import iter_chunks
from ingest.sites import detect_site
from omaha_core.pots import build_pots

# What a line of each kind that gave no field or event was read as.
_NOTHING: dict[str, str] = {
    "action": "a line that carries nothing to the hand", "other": "a line that carries "
    "nothing to the hand (the grammar's ignored lines)", "chat": "chat",
    "dealt": "dealt cards (read with the seat)", "summary": "", "summary_seat": "",
    "marker": "", "seat": "", "table": "", "header": "", "UNKNOWN": "",
}  # fmt: skip


class ExplainError(Exception):
    """The file cannot be explained (no room reads it, or no such hand in it)."""


@dataclass(frozen=True)
class Explained:
    """One hand: its lines with what was read from each, and what came out."""

    hand_id: str
    site: str
    outcome: str  # "stored", "skipped: ...", "error at line N: ..."
    lines: list[tuple[int, str, str, str]]  # line number, text, kind, what was read
    players: pl.DataFrame  # the hand's players rows (empty when it was not stored)
    hand: dict[str, object] | None  # its hands row (None when it was not stored)
    audit: tuple[str, str, str] | None  # status, reason, notes
    folded: set[int]  # the seats that folded


def explain(path: Path, hand_id: str | None = None) -> list[Explained]:
    """Every hand of a file (or only ``hand_id``), every flop game of its room included."""
    with open(path, "rb") as stream:
        site = detect_site(stream.read(65536))
    if isinstance(site, XmlSite):  # each hand's elements, at the lines they are on
        found = [
            hand
            for chunk in iter_chunks(path, site.hand_start)
            for lines, info in [site.lines_of(chunk)]
            for hand in _chunk_hands(site.grammar, chunk.source_file, lines, info)
            if hand_id is None or hand.hand_id == hand_id
        ]
        if hand_id is not None and not found:
            raise ExplainError(f"{path}: no hand #{hand_id}")
        return found
    if not isinstance(site, TextSite):
        raise ExplainError(f"{path}: no room's format recognised")
    found = [
        hand
        for chunk in iter_chunks(path, site.hand_start)
        for grammar, piece in site.runs(chunk)  # each run of hands of one dialect
        for hand in _chunk_hands(
            grammar, chunk.source_file, classify(split_chunks([piece]), grammar)
        )
        if hand_id is None or hand.hand_id == hand_id
    ]
    if hand_id is not None and not found:
        raise ExplainError(f"{path}: no hand #{hand_id}")
    return found


def _chunk_hands(grammar: Grammar, source: str, lines: Lines, info: pl.DataFrame | None = None
                 ) -> Iterator[Explained]:  # fmt: skip
    """The chunk's hands explained (``info``: their header rows, where the format's
    reader gives them: XML)."""
    result = build(lines, [source], grammar, every_flop_game=True, info=info)
    if info is None:
        info = hand_info(lines, grammar)
    read = _what_was_read(lines, info)
    audited = _audit_rows(result)
    hands = {row["hand_id"]: row for row in result.hands.to_pylist()}
    players = pl.from_arrow(result.players)
    actions = pl.from_arrow(result.actions.select(["hand_id", "seat", "kind"]))
    assert isinstance(players, pl.DataFrame) and isinstance(actions, pl.DataFrame)
    folds = actions.filter(pl.col("kind") == "fold")
    outcomes = {
        **{row["hand_id"]: f"skipped: {row['reason']}" for row in result.import_skips.to_pylist()},
        **{row["hand_id"]: f"error at line {row['line_no']}: {row['reason']}"
           for row in result.import_errors.to_pylist()},
    }  # fmt: skip
    text, hand_of_line = lines.text, lines.line_hand
    unknown = set(lines.unknown["idx"].to_list())
    for number, hand_id in enumerate(info["hand_id"].to_list()):
        rows = [int(row) for row in np.flatnonzero(hand_of_line == number)]
        shown = [
            (int(text.line_no[row]), _text(lines, row), kind, read.get(row, _NOTHING[kind]))
            for row in rows
            if text.ends[row] > text.starts[row]
            for kind in [_kind(lines, row, unknown)]
        ]
        stored = hands.get(hand_id)
        yield Explained(
            hand_id=hand_id or "?",
            site=grammar.site,
            outcome=outcomes.get(hand_id, "stored" if stored else "not read"),
            lines=shown,
            players=players.filter(pl.col("hand_id") == hand_id) if stored else players.clear(),
            hand=stored,
            audit=audited.get(hand_id),
            folded=set(folds.filter(pl.col("hand_id") == hand_id)["seat"].to_list()),
        )


def _text(lines: Lines, row: int) -> str:
    text = lines.text
    return bytes(text.data[text.starts[row] : text.ends[row]]).decode("utf-8", "replace")


def _kind(lines: Lines, row: int, unknown: set[int]) -> str:
    """The kind of a line: a hand's first line is its header; a line the grammar does not
    know is UNKNOWN."""
    code = int(lines.line_kind[row])
    if code < 0:
        return "header"
    return "UNKNOWN" if row in unknown else KINDS[code]


def _what_was_read(lines: Lines, info: pl.DataFrame) -> dict[int, str]:
    """Per line (row): what the grammar read from it."""
    out: dict[int, str] = {}

    def add(row: int, words: str) -> None:
        out[row] = f"{out[row]}; {words}" if row in out else words

    for row, game, stakes in info.select(
        "idx", "game", pl.concat_str("small_blind", "big_blind", separator="/")
    ).iter_rows():
        add(row, f"{game}, blinds {stakes} (smallest units)")
    for row, name, button in lines.tables.select("idx", "table_name", "button_seat").iter_rows():
        add(row, f"table {name!r}, button seat {button}")
    for row, button in lines.buttons.select("idx", "button_seat").iter_rows():
        add(row, f"button seat {button}")
    for row, seat, player, stack in lines.seats.select(
        "idx", "seat", "player", "stack_h"
    ).iter_rows():
        add(row, f"seat {seat}: {player}, stack {stack / 100:g}")
    for row, code, player, value, pot in lines.events.select(
        "idx", "code", "player", "value_h", "pot"
    ).iter_rows():
        amount = f" {value / 100:g}" if value is not None and value >= 0 else ""
        named = EVENT_KINDS[code] == "collect" and pot is not None and pot >= 0  # main pot: 0
        where = f" (pot {pot})" if named else ""
        add(row, f"{EVENT_KINDS[code]} by {player}{amount}{where}")
    for row, marker in lines.markers.select("idx", "marker").iter_rows():
        if marker:
            add(row, f"street marker {marker}")
    for row, total in lines.totals.select("idx", "total_h").iter_rows():
        add(row, f"total pot {total / 100:g}")
    for row, amount in lines.summary_amounts.select("idx", "amount_h").iter_rows():
        add(row, f"the room's amount {amount / 100:g}" if amount >= 0 else "unreadable amount")
    for row, cards in lines.boards.select("idx", "cards").iter_rows():
        add(row, f"board [{cards}]")
    for row, seat, cards, won in lines.summary_seats.select(
        "idx", "seat", "cards", "won_h"
    ).iter_rows():
        add(
            row,
            f"summary of seat {seat}"
            + (f", cards [{cards}]" if cards else "")
            + (f", won {won / 100:g}" if won is not None and won >= 0 else ""),
        )
    for row in lines.unknown["idx"].to_list():
        add(row, "a line of no kind the room writes (not in its grammar)")
    return out


def _audit_rows(result: ParseResult) -> dict[str, tuple[str, str, str]]:
    if not result.hands.num_rows:
        return {}
    audited = audit(result.hands, result.players, result.actions, result.collections)
    return {row["hand_id"]: (row["status"], row["reason"], row["notes"])
            for row in audited.audit_hands.to_pylist()}  # fmt: skip


def render(explained: Explained) -> str:
    """A hand's explanation as text: its lines with what was read, then its players,
    pots and money, and what did not add up."""
    out = [f"hand #{explained.hand_id} ({explained.site}): {explained.outcome}"]
    width = max((len(str(n)) for n, *_ in explained.lines), default=1)
    for number, text, kind, read in explained.lines:
        out.append(f"  {number:>{width}}  {kind:<12} {text}")
        if read:
            out.append(f"  {'':>{width}}  {'':<12} -> {read}")
    hand = explained.hand
    if hand is None:
        return "\n".join(out) + "\n"
    currency = str(hand["currency"])

    def money(amount: object) -> str:
        return show_money(int(amount), currency) if isinstance(amount, int) else "?"

    out.append("players:")
    for row in explained.players.iter_rows(named=True):
        state = "not dealt in" if row["sitting_out"] else row["position"] or "?"
        out.append(
            f"  seat {row['seat']} {row['player']} ({state}): stack {money(row['stack'])}, "
            f"put in {money(row['put_in'])}, returned {money(row['returned'])}, "
            f"collected {money(row['collected'])}, net {money(row['net'])}"
            + (f", cards {row['hole_cards']}" if row["hole_cards"] else "")
        )
    dealt_in = explained.players.filter(~pl.col("sitting_out"))
    live = {seat: put - back for seat, put, back in dealt_in.select(
        "seat", "put_in", "returned").iter_rows()}  # fmt: skip
    try:
        pots = build_pots(live, explained.folded & set(live))
        out.append("pots (before the room's take): " + ", ".join(
            f"{'main' if k == 0 else f'side {k}'} {money(p.amount)} "
            f"(seats {', '.join(map(str, p.eligible))})" for k, p in enumerate(pots)))  # fmt: skip
    except ValueError as exc:
        out.append(f"pots cannot be built: {exc}")
    out.append(
        f"money: total pot {money(hand['total_pot'])}, rake {money(hand['rake'])}, "
        f"other drops {money(int(hand['jackpot_fee']) + int(hand['tax']))}, "  # type: ignore[call-overload]
        f"added by the room {money(hand['room_money_in'])}, "
        f"uncalled bet read from the betting {money(hand['uncalled_inferred'])}"
    )
    problems = hand["inconsistencies"]
    out.append("does not add up: " + ("; ".join(problems) if problems else "nothing"))  # type: ignore[arg-type]
    if explained.audit:
        status, reason, notes = explained.audit
        out.append(f"audit: {status}" + (f": {reason}" if reason else "")
                   + (f" (notes: {notes})" if notes else ""))  # fmt: skip
    return "\n".join(out) + "\n"
