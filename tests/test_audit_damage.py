"""Damage on generated hands: every damaged hand stored and flagged with the right kind and
a reason naming the place and the player, no clean one flagged, none lost."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import polars as pl
import pytest

from analysis.audit.core import audit, prepare, showdown_replays, showdown_values
from analysis.audit.single_pot import single_pot_awards, single_pot_hands
from analysis.audit.verify import award_rows, split_hand
from analysis.reports.queries import Filters, Report, run_report
from ingest import importer, store
from ingest.generator import block_text
from ingest.sites import Chunk, ParseResult
from ingest.sites.pokerstars import SITE
from omaha_core.games import GAMES
from tests.damage import DAMAGES

parse = SITE.parse

HANDS = 600
HAND_START = re.compile(r"^(?=PokerStars Hand #)", re.M)
HAND_ID = re.compile(r"^PokerStars Hand #(\d+)")
TABLES = ("hands", "players", "actions", "collections")


def parse_text(text: str) -> ParseResult:
    return parse(Chunk(text.encode(), "generated.txt", 0, 1, "utf-8"))


def audited(parsed: ParseResult) -> dict[str, dict[str, object]]:
    """hand id -> the audit's row."""
    result = audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)
    return {row["hand_id"]: row for row in result.audit_hands.to_pylist()}


def frame(parsed: ParseResult, table: str, hand_id: str) -> pl.DataFrame:
    rows = pl.from_arrow(getattr(parsed, table))
    assert isinstance(rows, pl.DataFrame)
    return rows.filter(pl.col("hand_id") == hand_id).drop("byte_offset", strict=False)


@pytest.fixture(scope="module")
def generated() -> list[str]:
    text = block_text(11, 0, HANDS, tuple(GAMES))
    return [part for part in HAND_START.split(text) if part.strip()]


@pytest.fixture(scope="module")
def clean(generated: list[str]) -> ParseResult:
    return parse_text("".join(generated))


def test_clean_generated_hands_are_all_ok(clean: ParseResult) -> None:
    rows = audited(clean)
    assert Counter(row["status"] for row in rows.values()) == Counter({"ok": HANDS})
    assert not any(row["inconsistent"] for row in rows.values())
    # every hand's expected awards add up to its pot less the rake
    result = audit(clean.hands, clean.players, clean.actions, clean.collections)
    paid: Counter[str] = Counter()
    for row in result.audit_awards.to_pylist():
        paid[row["hand_id"]] += row["expected"]
    due = {row["hand_id"]: row["total_pot"] - row["rake"] for row in clean.hands.to_pylist()}
    assert paid == Counter(due)


def _damaged(generated: list[str], damage: str) -> dict[int, str]:
    """Hand index -> damaged text, for the hands that offer a place for ``damage``."""
    function = DAMAGES[damage].function
    return {
        index: changed
        for index, text in enumerate(generated)
        if (changed := function(text)) not in (None, text)
    }


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_hands_are_stored_and_flagged_among_untouched_ones(
    generated: list[str], clean: ParseResult, damage: str
) -> None:
    """Every damaged hand, parsed among all the clean ones, is stored (never an import
    error), flagged with the damage's status, its first reason naming the place; the hands
    around it keep exactly their clean rows and stay ``ok``."""
    expected = DAMAGES[damage]
    damaged = _damaged(generated, damage)
    assert len(damaged) >= 3, f"too few generated hands offer a place for {damage}"
    text = "".join(damaged.get(index, hand) for index, hand in enumerate(generated))
    parsed = parse_text(text)
    assert parsed.import_errors.num_rows == 0
    assert parsed.hands.num_rows == HANDS
    rows = audited(parsed)
    ids = {index: match[1] for index, hand in enumerate(generated)
           if (match := HAND_ID.match(hand))}  # fmt: skip
    for index, hand_id in ids.items():
        row = rows[hand_id]
        if index not in damaged:
            assert (row["status"], row["inconsistent"]) == ("ok", False), row
            for table in TABLES:
                assert frame(parsed, table, hand_id).equals(frame(clean, table, hand_id))
            continue
        assert row["status"] == expected.status, (damaged[index], row)
        assert re.search(expected.reason, str(row["reason"])), row["reason"]
        assert row["inconsistent"] is expected.inconsistent, row


@pytest.mark.parametrize("damage", [name for name, d in DAMAGES.items() if d.inconsistent])
def test_inconsistent_hands_are_stored_as_printed_and_counted_in_the_players_report(
    generated: list[str], damage: str, tmp_path: Path
) -> None:
    """Imported into a database, every hand is stored; the report counts each player's
    hands, the damaged ones with the money their text says moved."""
    damaged = _damaged(generated, damage)
    texts = [damaged.get(index, hand) for index, hand in enumerate(generated)][:120]
    source = tmp_path / "damaged.txt"
    source.write_text("\n\n".join(texts))
    db = tmp_path / "damaged.duckdb"
    importer.import_paths([source], db, workers=1)
    con = store.connect(db)
    try:
        stored = con.execute(
            "SELECT count(*), count(*) FILTER (len(inconsistencies) > 0) FROM hands"
        ).fetchone()
        assert stored is not None
        assert stored[0] == len(texts)
        assert stored[1] == sum(index in damaged for index in range(len(texts))) > 0
        dealt = {
            (player, currency): (hands, net)
            for player, currency, hands, net in con.execute(
                "SELECT p.player, h.currency, count(*), sum(p.net) FROM players p "
                "JOIN hands h USING (site, hand_id) WHERE NOT p.sitting_out GROUP BY ALL"
            ).fetchall()
        }
        report = run_report(con, Report.players, Filters()).to_pylist()
    finally:
        con.close()
    assert {
        (row["player"], row["currency"]): (row["hands"], row["net"]) for row in report
    } == dealt


def test_single_pot_path_equals_the_general_split(generated: list[str], clean: ParseResult) -> None:
    """The vectorised single-pot awards match award_pots, including every odd-unit case."""
    prepared = prepare(clean.hands, clean.players, clean.actions, clean.collections)
    ids = single_pot_hands(prepared.hands, prepared.seats)
    values = showdown_values(prepared.hands, prepared.seats)
    fast = single_pot_awards(prepared.hands, prepared.seats, values, ids)
    chosen = set(ids["h"].to_list())
    assert len(chosen) > HANDS // 5
    general = sorted(
        row
        for hand in showdown_replays(prepared)
        if hand.h in chosen
        for row in award_rows(split_hand(hand).awards, hand.h)
    )
    assert sorted(fast.rows.iter_rows()) == general
    assert fast.unclear.height == 0
