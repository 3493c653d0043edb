"""Damage on generated hands: every damaged hand flagged with the right kind, no clean one."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from analysis.audit import audit, prepare, showdown_replays, showdown_values
from analysis.single_pot import single_pot_awards, single_pot_hands
from analysis.verify import award_rows, split_hand
from ingest.generator import block_text
from ingest.sites import Chunk, ParseResult
from ingest.sites.pokerstars import SITE
from omaha_core.games import GAMES
from tests.damage import DAMAGES

parse = SITE.parse

HANDS = 600
HAND_START = re.compile(r"^(?=PokerStars Hand #)", re.M)


def parse_text(text: str) -> ParseResult:
    return parse(Chunk(text.encode(), "generated.txt", 0, 1, "utf-8"))


def statuses(parsed: ParseResult) -> Counter[str]:
    result = audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)
    return Counter(row["status"] for row in result.audit_hands.to_pylist())


@pytest.fixture(scope="module")
def generated() -> list[str]:
    text = block_text(11, 0, HANDS, tuple(GAMES))
    return [part for part in HAND_START.split(text) if part.strip()]


def test_clean_generated_hands_are_all_ok(generated: list[str]) -> None:
    parsed = parse_text("".join(generated))
    assert statuses(parsed) == Counter({"ok": HANDS})
    # every hand's expected awards add up to its pot less the rake
    result = audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)
    paid: Counter[str] = Counter()
    for row in result.audit_awards.to_pylist():
        paid[row["hand_id"]] += row["expected"]
    due = {row["hand_id"]: row["total_pot"] - row["rake"] for row in parsed.hands.to_pylist()}
    assert paid == Counter(due)


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_generated_hands_are_flagged(generated: list[str], damage: str) -> None:
    function, status = DAMAGES[damage]
    damaged = [changed for text in generated if (changed := function(text)) not in (None, text)]
    assert len(damaged) >= 3, f"too few generated hands offer a place for {damage}"
    parsed = parse_text("\n\n\n".join(text for text in damaged if text is not None))
    # the importer itself rejects some damage (a collection that no longer matches its
    # summary line); every hand it accepts must be flagged by the audit
    assert parsed.hands.num_rows + parsed.import_errors.num_rows == len(damaged)
    assert statuses(parsed) == Counter({status: parsed.hands.num_rows})


def test_single_pot_path_equals_the_general_split(generated: list[str]) -> None:
    """The vectorised single-pot awards match award_pots, including every odd-unit case."""
    parsed = parse_text("".join(generated))
    prepared = prepare(parsed.hands, parsed.players, parsed.actions, parsed.collections)
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
