"""The audit's expected awards against a reference that shares no code with it.

``tests/reference_awards.py`` rebuilds every pot and award from the rules alone (no
``omaha_core``, no ``analysis``). Generated hands are written with the same pot builder
and award splitter the audit uses, so on them a shared bug is invisible to the audit's
own status; here the audit's ``expected`` column must equal the reference, and every hand
the audit calls ``ok`` must pay what the reference says. The comparison is made at the
audit's own detail: per board always, per pot only when every collection of the hand names
its pot, per half only when every collection says hi or lo (the reference summed alike).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from analysis.audit.core import AuditResult, audit
from ingest.engine.contract import concat_results
from ingest.generator import block_text
from ingest.rooms import DEFAULT, ROOM_RULES
from ingest.sites import Chunk, ParseResult, ggpoker, pokerstars, winamax
from omaha_core.games import GAMES
from tests.reference_awards import (
    GAME_RULES,
    LOW_QUALIFIER,
    NotComputable,
    RefPot,
    RoomRule,
    Row,
    best_high,
    best_low,
    board_shares,
    hand_inputs,
    hand_pots,
    parse_cards,
    rake_per_pot,
    rank_five,
    reference_rows,
    share,
    showed_all,
    side_pots,
)
from tests.reference_awards import ROOM_RULES as REFERENCE_ROOMS

GENERATED_HANDS = 2000
SEED = 7

Key = tuple[int, int | None, str, int]  # board, pot (None: summed), half, seat
Amounts = dict[Key, int]


def parse_text(text: str, name: str = "reference.txt") -> ParseResult:
    return pokerstars.SITE.parse(Chunk(text.encode("utf-8"), name, 0, 1, "utf-8"))


def run_audit(parsed: ParseResult) -> AuditResult:
    return audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)


def details(parsed: ParseResult) -> dict[str, tuple[bool, bool]]:
    """Per hand: (every payment names its pot, every payment names its half), as the audit
    reads them; a cash-out's kept pot is a payment naming neither."""
    detail: dict[str, tuple[bool, bool]] = {}
    for row in parsed.collections.to_pylist():
        by_pot, by_half = detail.get(row["hand_id"], (True, True))
        detail[row["hand_id"]] = (by_pot and row["pot"] is not None,
                                  by_half and row["half"] in ("hi", "lo"))  # fmt: skip
    for row in parsed.players.to_pylist():
        if row["not_awarded"] > 0:
            detail[row["hand_id"]] = (False, False)
    return detail


def at_detail(rows: Iterable[Row], by_pot: bool, by_half: bool) -> Amounts:
    """Reference rows summed over pots and halves the history does not name."""
    out: dict[Key, int] = defaultdict(int)
    for _, board, pot, half, seat, amount in rows:
        out[(board, pot if by_pot else None, half if by_half else "whole", seat)] += amount
    return {key: amount for key, amount in out.items() if amount}


def audit_amounts(result: AuditResult, column: str) -> dict[str, Amounts | None]:
    """Per hand the audit's non-zero ``expected`` or ``reported`` amounts (None when the
    audit could not compute the hand's expected awards)."""
    out: dict[str, Amounts | None] = {}
    for row in result.audit_awards.to_pylist():
        amounts = out.setdefault(row["hand_id"], {})
        if row[column] is None:
            out[row["hand_id"]] = None
        elif amounts is not None and row[column]:
            key = (row["board"], row["pot"], row["half"], row["seat"])
            amounts[key] = amounts.get(key, 0) + row[column]
    return out


@dataclass
class Comparison:
    """The reference against the audit on a set of parsed hands."""

    statuses: dict[str, str]
    computed: dict[str, list[Row]] = field(default_factory=dict)
    not_computable: dict[str, str] = field(default_factory=dict)
    not_shown: list[str] = field(default_factory=list)
    expected_differs: dict[str, tuple[Amounts, Amounts | None]] = field(default_factory=dict)
    reported_differs: dict[str, tuple[Amounts, Amounts | None]] = field(default_factory=dict)


def compare(parsed: ParseResult, only_shown: bool = False) -> Comparison:
    """Reference awards vs the audit's expected (and, for ok hands, reported) amounts.

    only_shown: keep only hands where every live seat showed its cards (real histories
    print the hero's cards even when they are never shown)."""
    result = run_audit(parsed)
    statuses = {row["hand_id"]: row["status"] for row in result.audit_hands.to_pylist()}
    comparison = Comparison(statuses)
    inputs = hand_inputs(
        parsed.hands.to_pylist(), parsed.players.to_pylist(), parsed.actions.to_pylist()
    )
    expected, reported = audit_amounts(result, "expected"), audit_amounts(result, "reported")
    detail = details(parsed)
    for hand_id, hand in inputs.items():
        if only_shown and not showed_all(hand):
            comparison.not_shown.append(hand_id)
            continue
        try:
            rows = reference_rows(hand)
        except NotComputable as exc:
            comparison.not_computable[hand_id] = str(exc)
            continue
        comparison.computed[hand_id] = rows
        want = at_detail(rows, *detail.get(hand_id, (False, False)))
        if expected.get(hand_id, {}) != want:
            comparison.expected_differs[hand_id] = (want, expected.get(hand_id))
        if statuses[hand_id] == "ok" and reported.get(hand_id, {}) != want:
            comparison.reported_differs[hand_id] = (want, reported.get(hand_id))
    return comparison


# The reference itself, on the rules' own examples --------------------------------------


def high(hole: str, board: str) -> tuple[int, ...]:
    return best_high(parse_cards(hole), parse_cards(board))


def low(hole: str, board: str) -> tuple[int, ...] | None:
    return best_low(parse_cards(hole), parse_cards(board))


def test_reference_high_hands_follow_the_rules_examples() -> None:
    """rules.md examples 1 to 8 (categories: 6 full house, 5 flush, 4 straight, 3 trips,
    2 two pair, 0 high card)."""
    assert high("As 2h 4h 5c", "Ks 9s Qs Qh 5s") == (2, 12, 5, 14)
    assert high("2s 3s Kd Jd", "Ks 9s Qs Qh 5s")[0] == 5
    assert high("Jd Js 4d 9s", "5s 6h 7d 8h As")[0] < 4
    assert high("Jd Js 4d 3s", "5s 6h 7d 8h As") == (4, 7)
    assert high("As 2s Jh Kd", "Js Jd 9d 5h 9c") == (3, 11, 14, 9)
    assert high("Jc 2c 9s Ts", "Js Jd 9d 5h 9c") == (6, 11, 9)
    assert high("Ts 5c 5s 2c", "Js Jd 9d 5h 9c") == (6, 5, 11)
    assert high("As 2s 3h Kd", "Js Jd Ad Jh Kc") == (3, 11, 14, 13)
    assert high("2c 2d 3h 4s", "Js Jd Ad Jh Kc") > high("As 2s 3h Kd", "Js Jd Ad Jh Kc")
    assert high("Ah Kc Qc Jc", "3h 4h 5h 6h 7h") == (0, 14, 13, 7, 6, 5)
    assert high("As Ah Ad 2c", "3s 4h 5d 6s 7s") == (4, 5)
    assert high("3s 4h Kd Ks", "As Ah Ad 2c 8c") == (6, 14, 13)
    assert high("3s 4h 5d 6s", "7s 8h 9d Tc Js") == (4, 9)
    assert rank_five(parse_cards("Ts Js Qs Ks As")) > rank_five(parse_cards("9h 9d 9c 9s 2d"))


def test_reference_lows_follow_the_rules_examples() -> None:
    """rules.md examples 6, 7, 8, 9, 10 and 11."""
    assert low("As Ah Ad 2c", "3s 4h 5d 6s 7s") == (5, 4, 3, 2, 1)
    assert low("3s 4h Kd Ks", "As Ah Ad 2c 8c") == (8, 4, 3, 2, 1)
    assert low("3s 4h 5d 6s", "7s 8h 9d Tc Js") is None
    assert low("Ac 2d Qs Qh", "Kc 8d Jc 7h 5s") == (8, 7, 5, 2, 1)
    assert low("Ac 2d 3s 4h", "Kc 8d Jc 8h 5s") is None
    board = "2d 6h Ac 5c 8s"
    assert low("2h 4s 5s Kd", board) == (6, 5, 4, 2, 1)
    assert low("3s 5s Th Jd", board) == (6, 5, 3, 2, 1)
    assert low("3c 7d Qd Qs", board) == (7, 5, 3, 2, 1)
    assert min(low(hole, board) or (9,) for hole in ("2h 4s 5s Kd", "3s 5s Th Jd")) == (
        6,
        5,
        3,
        2,
        1,
    )
    assert (7, 6, 5, 3, 2) < (8, 4, 3, 2, 1)  # example 11: compared from the top down
    assert low("2s 3c Kd Kh", "5h 6h 7h Qs Qd") == (7, 6, 5, 3, 2)


def test_reference_pots_rake_and_shares() -> None:
    # seat 6 put in 80 and folded: its chips stay in the pots it reached
    assert side_pots({1: 20, 2: 60, 3: 100, 4: 500, 5: 500, 6: 80}, folded={6}) == [
        RefPot(120, (1, 2, 3, 4, 5)), RefPot(200, (2, 3, 4, 5)), RefPot(140, (3, 4, 5)),
        RefPot(800, (4, 5)),
    ]  # fmt: skip
    # dead money to the main pot; folded chips above every live level to the top pot
    assert side_pots({1: 50, 2: 100, 3: 40}, folded={3}, dead=5) == [
        RefPot(145, (1, 2)),
        RefPot(50, (2,)),
    ]
    assert side_pots({1: 30, 2: 30, 3: 90}, folded={3}) == [RefPot(150, (1, 2))]
    # replay.spread_rake's documented figures: #22865231671 and Run It Once #34011543
    assert rake_per_pot([247, 93, 30], 18) == [12, 5, 1]
    assert rake_per_pot([6260, 2098], 200, main_first=True) == [200, 0]
    assert rake_per_pot([1, 1], 1) == [1, 0]  # half rounded up, main pot first
    # odd units one at a time clockwise from the button: button 4 -> seats 5, 1, ..., 4
    assert share(11, [1, 4, 5], button=4) == {5: 4, 1: 4, 4: 3}
    assert share(10, [2, 3], button=2) == {3: 5, 2: 5}
    assert share(7, [2, 3], button=9) == {2: 4, 3: 3}
    assert board_shares(485, 2) == [243, 242]
    assert board_shares(100, 3) == [34, 33, 33]


def test_reference_tables_follow_the_project_registries() -> None:
    """The reference's own tables of games and room rules say what the registries say
    (the registries are data; the code that reads them is what the reference checks)."""
    assert {name: (g.hole_cards, g.hi_lo) for name, g in GAMES.items()} == GAME_RULES
    assert {g.qualifier for g in GAMES.values()} == {LOW_QUALIFIER}
    for room, rules in {**ROOM_RULES, "unlisted": DEFAULT}.items():
        mine = REFERENCE_ROOMS.get(room, RoomRule())
        assert (mine.rake_main_pot_first, mine.odd_to_high, mine.odd_to_first_board) == (
            rules.rake_main_pot_first, rules.odd_chip.odd_to_high,
            rules.odd_chip.odd_to_first_board,
        ), room  # fmt: skip


# Hands written by hand, their awards worked out by hand ---------------------------------

# Omaha Hi, a 4-way all-in: seat 3 all-in for $1, seat 2 for $3, seats 4 and 1 for $6.
# Pots: main 4 x $1 = 400 (seats 1-4), side pot 1 3 x $2 = 600 (seats 1, 2, 4), side
# pot 2 2 x $3 = 600 (seats 1, 4). Rake 76 spread cumulatively: 76 * 400 / 1600 = 19,
# 76 * 1000 / 1600 = 47.5 -> 48 (29 more), 76 (28 more): net 381, 571, 572.
# Board Ks Qd 7c 4h 2s: seat 3's three kings take the main pot; seats 2 and 4 tie with
# K-Q-J-T-7 in side pot 1 (571: the odd cent to seat 2, first left of button seat 4) and
# seat 4 beats seat 1 (K-Q-9-7-6) in side pot 2.
FOUR_WAY_SIDE_POTS = """\
PokerStars Hand #300000000001:  Omaha No Limit ($0.05/$0.10 USD) - 2024/01/08 9:01:23 ET
Table 'Reference I' 6-max Seat #4 is the button
Seat 1: Sbee ($10 in chips)
Seat 2: Beebee ($3 in chips)
Seat 3: Utg ($1 in chips)
Seat 4: Button ($6 in chips)
Sbee: posts small blind $0.05
Beebee: posts big blind $0.10
*** HOLE CARDS ***
Utg: raises $0.90 to $1 and is all-in
Button: raises $5 to $6 and is all-in
Sbee: calls $5.95
Beebee: calls $2.90 and is all-in
*** FLOP *** [Ks Qd 7c]
*** TURN *** [Ks Qd 7c] [4h]
*** RIVER *** [Ks Qd 7c 4h] [2s]
*** SHOW DOWN ***
Sbee: shows [9h 6c 5h 3d] (high card King)
Beebee: shows [Jh Th 6d 5d] (high card King)
Utg: shows [Kh Kd 9c 8c] (three of a kind, Kings)
Button: shows [Jd Tc 6h 5s] (high card King)
Button collected $5.72 from side pot-2
Beebee collected $2.86 from side pot-1
Button collected $2.85 from side pot-1
Utg collected $3.81 from main pot
*** SUMMARY ***
Total pot $16 Main pot $3.81. Side pot-1 $5.71. Side pot-2 $5.72. | Rake $0.76
Board [Ks Qd 7c 4h 2s]
Seat 1: Sbee (small blind) showed [9h 6c 5h 3d] and lost with high card King
Seat 2: Beebee (big blind) showed [Jh Th 6d 5d] and won ($2.86) with high card King
Seat 3: Utg showed [Kh Kd 9c 8c] and won ($3.81) with three of a kind, Kings
Seat 4: Button (button) showed [Jd Tc 6h 5s] and won ($8.57) with high card King
"""
FOUR_WAY_ROWS: list[Row] = [
    ("300000000001", 1, 0, "whole", 3, 381),
    ("300000000001", 1, 1, "whole", 2, 286),
    ("300000000001", 1, 1, "whole", 4, 285),
    ("300000000001", 1, 2, "whole", 4, 572),
]

# Omaha Hi/Lo, a 3-way all-in, no rake: main pot 3 x 101 = 303 (seats 1-3), side pot 1
# 2 x 199 = 398 (seats 2, 3). Board Ah 2d 7c Kc Qs: seat 3's broadway straight is the
# best high; seats 1 and 2 both have 7-4-3-2-A, seat 3 no low. Main pot: high half 152
# (the odd unit goes high) to seat 3, low half 151 quartered 76 to seat 1 (first left of
# button seat 3) and 75 to seat 2. Side pot: 199 high to seat 3, 199 low to seat 2.
THREE_WAY_QUARTERED = """\
PokerStars Hand #300000000002:  Omaha Hi/Lo No Limit ($0.01/$0.02 USD) - 2024/01/08 9:02:23 ET
Table 'Reference II' 6-max Seat #3 is the button
Seat 1: Alpha ($1.01 in chips)
Seat 2: Bravo ($3 in chips)
Seat 3: Charlie ($5 in chips)
Alpha: posts small blind $0.01
Bravo: posts big blind $0.02
*** HOLE CARDS ***
Charlie: raises $2.98 to $3
Alpha: calls $1 and is all-in
Bravo: calls $2.98 and is all-in
*** FLOP *** [Ah 2d 7c]
*** TURN *** [Ah 2d 7c] [Kc]
*** RIVER *** [Ah 2d 7c Kc] [Qs]
*** SHOW DOWN ***
Alpha: shows [3h 4h Jc 9d] (HI: high card Ace; LO: 7,4,3,2,A)
Bravo: shows [3s 4c Kd Kh] (HI: three of a kind, Kings; LO: 7,4,3,2,A)
Charlie: shows [Td Jd 9s 9h] (HI: a straight, Ten to Ace)
Charlie collected $1.99 from side pot-1
Bravo collected $1.99 from side pot-1
Charlie collected $1.52 from main pot
Alpha collected $0.76 from main pot
Bravo collected $0.75 from main pot
*** SUMMARY ***
Total pot $7.01 Main pot $3.03. Side pot-1 $3.98. | Rake $0
Board [Ah 2d 7c Kc Qs]
Seat 1: Alpha (small blind) showed [3h 4h Jc 9d] and won ($0.76) with HI: high card Ace; LO: 7,4,3,2,A
Seat 2: Bravo (big blind) showed [3s 4c Kd Kh] and won ($2.74) with HI: three of a kind, Kings; LO: 7,4,3,2,A
Seat 3: Charlie (button) showed [Td Jd 9s 9h] and won ($3.51) with HI: a straight, Ten to Ace
"""  # noqa: E501
THREE_WAY_ROWS: list[Row] = [
    ("300000000002", 1, 0, "hi", 3, 152),
    ("300000000002", 1, 0, "lo", 1, 76),
    ("300000000002", 1, 0, "lo", 2, 75),
    ("300000000002", 1, 1, "hi", 3, 199),
    ("300000000002", 1, 1, "lo", 2, 199),
]

# Omaha Hi/Lo run twice: seat 3 folds its big blind (10 stays in the pot), seats 1 and 2
# are all-in for $2.50 each: 510, rake 25, net 485: board 1 gets 243 (the odd cent goes to
# the first board), board 2 242. Board 1: seat 1's three deuces take the high half 122
# (odd unit high), seat 2's 8-7-6-3-2 the low 121. Board 2: both have the broadway
# straight, seat 1 the wheel for low: low 121 to seat 1, high 121 split 61 to seat 2
# (first left of button seat 1) and 60 to seat 1.
RUN_TWICE_HI_LO = """\
PokerStars Hand #300000000003:  Omaha Hi/Lo No Limit ($0.05/$0.10 USD) - 2024/01/08 9:03:23 ET
Table 'Reference III' 6-max Seat #1 is the button
Seat 1: Delta ($5 in chips)
Seat 2: Echo ($2.50 in chips)
Seat 3: Fox ($2.50 in chips)
Echo: posts small blind $0.05
Fox: posts big blind $0.10
*** HOLE CARDS ***
Delta: raises $0.20 to $0.30
Echo: raises $2.20 to $2.50 and is all-in
Fox: folds
Delta: calls $2.20
*** FIRST FLOP *** [2h 2s 8s]
*** FIRST TURN *** [2h 2s 8s] [Ks]
*** FIRST RIVER *** [2h 2s 8s Ks] [3d]
*** SECOND FLOP *** [Ad Kh Qs]
*** SECOND TURN *** [Ad Kh Qs] [3s]
*** SECOND RIVER *** [Ad Kh Qs 3s] [4c]
*** FIRST SHOW DOWN ***
Echo: shows [Jd Td 6c 7c] (HI: a pair of Deuces; LO: 8,7,6,3,2)
Delta: shows [Jh Th 2c 5c] (HI: three of a kind, Deuces)
Delta collected $1.22 from pot
Echo collected $1.21 from pot
*** SECOND SHOW DOWN ***
Echo: shows [Jd Td 6c 7c] (HI: a straight, Ten to Ace; LO: 7,6,4,3,A)
Delta: shows [Jh Th 2c 5c] (HI: a straight, Ten to Ace; LO: 5,4,3,2,A)
Delta collected $0.60 from pot
Echo collected $0.61 from pot
Delta collected $1.21 from pot
*** SUMMARY ***
Total pot $5.10 | Rake $0.25
Hand was run twice
FIRST Board [2h 2s 8s Ks 3d]
SECOND Board [Ad Kh Qs 3s 4c]
Seat 1: Delta (button) showed [Jh Th 2c 5c] and won ($1.22) with HI: three of a kind, Deuces, and won ($1.81) with HI: a straight, Ten to Ace; LO: 5,4,3,2,A
Seat 2: Echo (small blind) showed [Jd Td 6c 7c] and won ($1.21) with HI: a pair of Deuces; LO: 8,7,6,3,2, and won ($0.61) with HI: a straight, Ten to Ace; LO: 7,6,4,3,A
Seat 3: Fox (big blind) folded before Flop
"""  # noqa: E501
RUN_TWICE_ROWS: list[Row] = [
    ("300000000003", 1, 0, "hi", 1, 122),
    ("300000000003", 1, 0, "lo", 2, 121),
    ("300000000003", 2, 0, "hi", 1, 60),
    ("300000000003", 2, 0, "hi", 2, 61),
    ("300000000003", 2, 0, "lo", 1, 121),
]

WRITTEN = {
    "four-way, two side pots, tie with an odd cent": (FOUR_WAY_SIDE_POTS, FOUR_WAY_ROWS),
    "three-way hi/lo, quartered low with an odd chip": (THREE_WAY_QUARTERED, THREE_WAY_ROWS),
    "hi/lo run twice, odd cents to board 1 and the high": (RUN_TWICE_HI_LO, RUN_TWICE_ROWS),
}


@pytest.mark.parametrize("case", WRITTEN)
def test_written_hand_awards(case: str) -> None:
    text, rows = WRITTEN[case]
    parsed = parse_text(text)
    assert parsed.hands.num_rows == 1, parsed.import_errors.to_pylist()
    (hand,) = hand_inputs(
        parsed.hands.to_pylist(), parsed.players.to_pylist(), parsed.actions.to_pylist()
    ).values()
    assert reference_rows(hand) == rows
    comparison = compare(parsed)
    assert comparison.statuses == {rows[0][0]: "ok"}
    assert comparison.expected_differs == comparison.reported_differs == {}
    assert list(comparison.computed) == [rows[0][0]]


def test_written_side_pots_have_the_eligible_seats_worked_out_by_hand() -> None:
    parsed = parse_text(FOUR_WAY_SIDE_POTS)
    (hand,) = hand_inputs(
        parsed.hands.to_pylist(), parsed.players.to_pylist(), parsed.actions.to_pylist()
    ).values()
    assert hand_pots(hand) == [
        RefPot(400, (1, 2, 3, 4)),
        RefPot(600, (1, 2, 4)),
        RefPot(600, (1, 4)),
    ]


# Generated hands --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def generated() -> tuple[ParseResult, Comparison]:
    parsed = parse_text(block_text(SEED, 0, GENERATED_HANDS, tuple(GAMES)), "generated.txt")
    return parsed, compare(parsed)


def test_generated_hands_cover_every_game_and_the_hard_splits(
    generated: tuple[ParseResult, Comparison],
) -> None:
    parsed, comparison = generated
    assert parsed.hands.num_rows == GENERATED_HANDS
    games = Counter(parsed.hands.column("game").to_pylist())
    assert set(games) == set(GAMES) and min(games.values()) > GENERATED_HANDS // 20
    inputs = hand_inputs(
        parsed.hands.to_pylist(), parsed.players.to_pylist(), parsed.actions.to_pylist()
    )
    seen: Counter[str] = Counter()
    for hand_id, rows in comparison.computed.items():
        hand = inputs[hand_id]
        pots = hand_pots(hand)
        contested = [p for p in pots if sum(not hand.seats[s].mucked for s in p.eligible) > 1]
        places = Counter((board, pot, half) for _, board, pot, half, _, _ in rows)
        seen["side pot with 3 eligible seats"] += any(len(p.eligible) >= 3 for p in pots[1:])
        seen["two contested pots"] += len(contested) >= 2
        seen["several boards"] += len(hand.boards) > 1
        seen["low half"] += any(half == "lo" for _, _, half in places)
        seen["tied high"] += any(n > 1 for (_, _, half), n in places.items() if half != "lo")
        seen["quartered low"] += any(n > 1 for (_, _, half), n in places.items() if half == "lo")
    assert min(seen.values()) >= 3 and len(seen) == 6, seen


def test_generated_hands_audit_expected_equals_the_reference(
    generated: tuple[ParseResult, Comparison],
) -> None:
    _, comparison = generated
    assert comparison.not_computable == {}
    assert len(comparison.computed) == GENERATED_HANDS
    assert comparison.expected_differs == {}


def test_generated_ok_hands_pay_what_the_reference_says(
    generated: tuple[ParseResult, Comparison],
) -> None:
    _, comparison = generated
    assert Counter(comparison.statuses.values()) == Counter({"ok": GENERATED_HANDS})
    assert comparison.reported_differs == {}


# Real hands ---------------------------------------------------------------------------------

CORPUS_SITES = {"Stars": pokerstars.SITE, "GGPoker": ggpoker.SITE, "Winamax": winamax.SITE}


@pytest.fixture(scope="module")
def corpus_comparison(corpus: Path) -> Comparison:
    """The reference on every corpus hand of the three rooms read, where every live seat
    showed its cards."""
    results = [
        site.parse_file(path)
        for room, site in CORPUS_SITES.items()
        for path in sorted((corpus / room).rglob("*.txt"))
    ]
    return compare(concat_results(results), only_shown=True)


def test_corpus_hands_audit_expected_equals_the_reference(
    corpus_comparison: Comparison,
) -> None:
    assert len(corpus_comparison.computed) > 50
    assert corpus_comparison.not_computable == {}
    assert corpus_comparison.expected_differs == {}


def test_corpus_ok_hands_pay_what_the_reference_says(corpus_comparison: Comparison) -> None:
    assert corpus_comparison.reported_differs == {}
