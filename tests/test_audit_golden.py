"""Golden hands: the awards the audit computes, half by half, for hands of every hard kind.

tests/fixtures/audit_golden.txt holds four hands written by the project's generator
(``ingest.generator``, seed 7): a three-way high tie with odd cents, a run-it-twice hi/lo
pot, a hi/lo side pot nobody has a low for, and a quartered Courchevel hi/lo pot. The
corpus gives a real quartered pot and a real Courchevel hi/lo split (test_audit_corpus.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analysis.audit.core import AuditResult, audit, prepare, showdown_replays
from analysis.audit.verify import split_hand
from ingest.sites import ParseResult
from ingest.sites.pokerstars import SITE
from omaha_core.awards import Award, Half
from tests.damage import DAMAGES

parse_file = SITE.parse_file

GOLDEN = Path(__file__).parent / "fixtures" / "audit_golden.txt"
HI, LO = Half.HI, Half.LO


@pytest.fixture(scope="module")
def golden() -> tuple[ParseResult, AuditResult]:
    parsed = parse_file(GOLDEN)
    return parsed, audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)


def expected_awards(parsed: ParseResult, hand_id: str) -> list[Award]:
    prepared = prepare(parsed.hands, parsed.players, parsed.actions, parsed.collections)
    index = prepared.hands["hand_id"].to_list().index(hand_id)
    (hand,) = [replay for replay in showdown_replays(prepared) if replay.h == index]
    return split_hand(hand).awards


def test_all_golden_hands_verify(golden: tuple[ParseResult, AuditResult]) -> None:
    parsed, result = golden
    assert parsed.hands.num_rows == 4
    assert {row["status"] for row in result.audit_hands.to_pylist()} == {"ok"}
    assert all(row["ok"] for row in result.audit_awards.to_pylist())


def test_three_way_tie_odd_cents_go_clockwise_from_the_button(
    golden: tuple[ParseResult, AuditResult],
) -> None:
    """#207000189950, button seat 1, $5.66 less $0.28 rake: seats 2, 3 and 6 tie for high
    ("Ferteashce$ collected $0.90", "Kalu$ collected $0.90", "Hero collected $0.89"), seat 3
    has the only 5-4-3-2-A low ("Kalu$ collected $2.69")."""
    assert expected_awards(golden[0], "207000189950") == [
        Award(1, 0, HI, 2, 90),
        Award(1, 0, HI, 3, 90),
        Award(1, 0, HI, 6, 89),
        Award(1, 0, LO, 3, 269),
    ]


def test_run_it_twice_hi_lo(golden: tuple[ParseResult, AuditResult]) -> None:
    """#207000004702: $372.39 less $3 rake, $184.70 a board; board 1 scooped by seat 3
    (two "collected $92.35"), board 2 high to seat 2, low to seat 3 ("tribaII collected
    $92.35", "elulno_x collected $92.34": the odd cent to the high half)."""
    assert expected_awards(golden[0], "207000004702") == [
        Award(1, 0, HI, 3, 9235),
        Award(1, 0, LO, 3, 9235),
        Award(2, 0, HI, 2, 9235),
        Award(2, 0, LO, 3, 9234),
    ]


def test_hi_lo_side_pot_without_a_low_goes_whole_to_the_high(
    golden: tuple[ParseResult, AuditResult],
) -> None:
    """#207000000143, board 4h 4c Kh 5s 6c: no shown hand makes a low; "Katequiba collected
    $5.95 from side pot-1" and "$5.49 from main pot", both pots whole to the high."""
    assert expected_awards(golden[0], "207000000143") == [
        Award(1, 0, HI, 5, 549),
        Award(1, 1, HI, 5, 595),
    ]


def test_courchevel_hi_lo_quartered(golden: tuple[ParseResult, AuditResult]) -> None:
    """#207000002089, Courchevel Hi/Lo: $39 less $1.95 rake; high to seat 3 ($18.53 with
    the odd cent), seats 5 and 6 tie the 6-5-3-2-A low and get $9.26 each."""
    assert expected_awards(golden[0], "207000002089") == [
        Award(1, 0, HI, 3, 1853),
        Award(1, 0, LO, 5, 926),
        Award(1, 0, LO, 6, 926),
    ]


# overbet needs an uncalled pot-limit bet, which no golden hand has (the corpus and the
# generated hands give it plenty: test_audit_corpus.py, test_audit_damage.py)
@pytest.mark.parametrize("damage", ["give_to_other", "move_odd_chip", "shift_collected"])
def test_damaged_golden_hands_are_flagged(damage: str, tmp_path: Path) -> None:
    function, status = DAMAGES[damage].function, DAMAGES[damage].status
    hands = GOLDEN.read_text().split("\n\n\n")
    damaged = [changed for text in hands if (changed := function(text)) not in (None, text)]
    assert damaged
    path = tmp_path / "damaged.txt"
    path.write_text("\n\n\n".join(text for text in damaged if text is not None))
    parsed = parse_file(path)
    result = audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)
    assert parsed.hands.num_rows == len(damaged)
    assert {row["status"] for row in result.audit_hands.to_pylist()} == {status}
