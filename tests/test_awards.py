"""Awards: golden splits with exact odd-unit placement, and hypothesis properties.

Hand values are explicit ints (greater = better; low 0 = no qualifying low), so all but
one test (quartering with evaluated hands) do not depend on the evaluator.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

import pyarrow as pa
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from omaha_core.awards import (
    AWARD_SCHEMA,
    Award,
    Half,
    OddChipRule,
    award_pots,
    awards_to_arrow,
)
from omaha_core.cards import parse_cards
from omaha_core.evaluate import high_value, low_value
from omaha_core.pots import Pot, build_pots

HI, LO, WHOLE = Half.HI, Half.LO, Half.WHOLE


# Golden splits ------------------------------------------------------------------------


def test_heads_up_high_only_whole_pot_to_the_best_high() -> None:
    assert award_pots([Pot(400, (3, 7))], [{3: 10, 7: 12}], None, button_seat=3) == [
        Award(1, 0, WHOLE, 7, 400)
    ]


def test_quartered_hi_lo_pot_odd_unit_clockwise_from_the_button() -> None:
    # Seat 1 has the best high and a low; seat 2 ties that low. Pot 203: high half 102
    # (the odd unit goes high), low half 101 quartered 51/50.
    pots = [Pot(203, (1, 2, 4))]
    hi = [{1: 900, 2: 500, 4: 700}]
    lo = [{1: 60, 2: 60, 4: 0}]
    # Button 4: clockwise from it seat 1 comes first and takes the odd unit of the low.
    assert award_pots(pots, hi, lo, button_seat=4) == [
        Award(1, 0, HI, 1, 102),
        Award(1, 0, LO, 1, 51),
        Award(1, 0, LO, 2, 50),
    ]
    # Button 1: seat 2 comes first after the button, seat 1 (the button) last.
    assert award_pots(pots, hi, lo, button_seat=1) == [
        Award(1, 0, HI, 1, 102),
        Award(1, 0, LO, 1, 50),
        Award(1, 0, LO, 2, 51),
    ]


def test_hi_lo_side_pot_without_a_low_goes_whole_to_the_high() -> None:
    # Seat 1 is all-in short with the only low; seats 2 and 3 build a side pot.
    pots = build_pots({1: 100, 2: 200, 3: 200}, folded=())
    assert pots == [Pot(300, (1, 2, 3)), Pot(200, (2, 3))]
    hi = [{1: 100, 2: 300, 3: 200}]
    lo = [{1: 40, 2: 0, 3: 0}]
    assert award_pots(pots, hi, lo, button_seat=3) == [
        Award(1, 0, HI, 2, 150),
        Award(1, 0, LO, 1, 150),
        Award(1, 1, HI, 2, 200),
    ]


def test_three_way_tie_odd_chips_one_at_a_time_clockwise() -> None:
    pots = [Pot(100, (2, 5, 8))]
    hi = [{2: 77, 5: 77, 8: 77}]
    assert award_pots(pots, hi, None, button_seat=5) == [
        Award(1, 0, WHOLE, 2, 33),
        Award(1, 0, WHOLE, 5, 33),
        Award(1, 0, WHOLE, 8, 34),
    ]
    # Wrapping round: after button 8 come seats 2 then 5.
    assert award_pots(pots, hi, None, button_seat=8) == [
        Award(1, 0, WHOLE, 2, 34),
        Award(1, 0, WHOLE, 5, 33),
        Award(1, 0, WHOLE, 8, 33),
    ]
    # Two odd units from button 5: seat 8, then seat 2; the button is last.
    assert award_pots([Pot(101, (2, 5, 8))], hi, None, button_seat=5) == [
        Award(1, 0, WHOLE, 2, 34),
        Award(1, 0, WHOLE, 5, 33),
        Award(1, 0, WHOLE, 8, 34),
    ]
    # A button seat that is not in the hand: seats above it come first.
    assert award_pots(pots, hi, None, button_seat=6) == [
        Award(1, 0, WHOLE, 2, 33),
        Award(1, 0, WHOLE, 5, 33),
        Award(1, 0, WHOLE, 8, 34),
    ]


def test_odd_chip_of_a_hi_lo_split_goes_high_or_low_per_rule() -> None:
    pots = [Pot(101, (1, 2))]
    hi = [{1: 5, 2: 9}]
    lo = [{1: 30, 2: 0}]
    assert award_pots(pots, hi, lo, button_seat=1) == [
        Award(1, 0, HI, 2, 51),
        Award(1, 0, LO, 1, 50),
    ]
    to_low = OddChipRule(odd_to_high=False)
    assert award_pots(pots, hi, lo, button_seat=1, rule=to_low) == [
        Award(1, 0, HI, 2, 50),
        Award(1, 0, LO, 1, 51),
    ]


def test_scoop_takes_both_halves_as_two_rows() -> None:
    assert award_pots([Pot(100, (1, 2))], [{1: 9, 2: 5}], [{1: 50, 2: 20}], button_seat=2) == [
        Award(1, 0, HI, 1, 50),
        Award(1, 0, LO, 1, 50),
    ]


def test_run_it_twice_odd_total_extra_unit_to_board_one() -> None:
    pots = [Pot(201, (1, 2))]
    hi = [{1: 9, 2: 5}, {1: 5, 2: 9}]
    assert award_pots(pots, hi, None, button_seat=1) == [
        Award(1, 0, WHOLE, 1, 101),
        Award(2, 0, WHOLE, 2, 100),
    ]
    last_board = OddChipRule(odd_to_first_board=False)
    assert award_pots(pots, hi, None, button_seat=1, rule=last_board) == [
        Award(1, 0, WHOLE, 1, 100),
        Award(2, 0, WHOLE, 2, 101),
    ]


def test_run_it_three_times_two_odd_units_to_the_first_two_boards() -> None:
    hi = [{1: 9, 2: 5}, {1: 9, 2: 5}, {1: 5, 2: 9}]
    assert award_pots([Pot(302, (1, 2))], hi, None, button_seat=2) == [
        Award(1, 0, WHOLE, 1, 101),
        Award(2, 0, WHOLE, 1, 101),
        Award(3, 0, WHOLE, 2, 100),
    ]


def test_run_it_twice_hi_lo() -> None:
    # Pot 403: board 1 gets 202 (split 101/101), board 2 gets 201 and has no low.
    pots = [Pot(403, (1, 2, 3))]
    hi = [{1: 9, 2: 5, 3: 1}, {1: 5, 2: 9, 3: 1}]
    lo = [{1: 0, 2: 0, 3: 44}, {1: 0, 2: 0, 3: 0}]
    assert award_pots(pots, hi, lo, button_seat=3) == [
        Award(1, 0, HI, 1, 101),
        Award(1, 0, LO, 3, 101),
        Award(2, 0, HI, 2, 201),
    ]


def test_mucked_eligible_seat_forfeits() -> None:
    # Seat 3 mucked at showdown: eligible for both pots, absent from the values.
    pots = [Pot(300, (1, 2, 3)), Pot(200, (2, 3))]
    hi = [{1: 8, 2: 4}]
    assert award_pots(pots, hi, None, button_seat=1) == [
        Award(1, 0, WHOLE, 1, 300),
        Award(1, 1, WHOLE, 2, 200),
    ]


def test_uncontested_side_pot_whole_to_its_seat_on_board_one() -> None:
    pots = [Pot(300, (1, 2, 3)), Pot(150, (3,))]
    hi = [{1: 8, 2: 4, 3: 1}, {1: 1, 2: 4, 3: 8}]
    lo = [{1: 0, 2: 0, 3: 0}, {1: 0, 2: 0, 3: 0}]
    assert award_pots(pots, hi, lo, button_seat=1) == [
        Award(1, 0, HI, 1, 150),
        Award(1, 1, WHOLE, 3, 150),
        Award(2, 0, HI, 3, 150),
    ]


def test_hand_won_without_showdown_needs_no_values() -> None:
    assert award_pots([Pot(150, (4,))], [], None, button_seat=4) == [Award(1, 0, WHOLE, 4, 150)]


def test_quartering_with_evaluated_hands() -> None:
    # Rules section 3 on the board of example 10: seats 1 and 2 hold the same 6-5-3-2-A low,
    # seat 3 has three aces and no low. Pot 302: high half 151, low half 151 quartered.
    board = parse_cards("2d 6h Ac 5c 8s")
    holes = {1: "3s 5s Th Jd", 2: "3h 5h Kd Ks", 3: "Ad Ah 9c 9d"}
    hi = {seat: high_value(parse_cards(hole), board) for seat, hole in holes.items()}
    lo = {seat: low_value(parse_cards(hole), board) for seat, hole in holes.items()}
    assert award_pots([Pot(302, (1, 2, 3))], [hi], [lo], button_seat=1) == [
        Award(1, 0, HI, 3, 151),
        Award(1, 0, LO, 1, 75),
        Award(1, 0, LO, 2, 76),
    ]


def test_contested_pot_with_no_shown_hand_is_an_error() -> None:
    with pytest.raises(ValueError, match="no eligible seat"):
        award_pots([Pot(300, (1, 2))], [{3: 5}], None, button_seat=1)
    with pytest.raises(ValueError, match="no board"):
        award_pots([Pot(300, (1, 2))], [], None, button_seat=1)


def test_low_values_must_cover_every_board() -> None:
    with pytest.raises(ValueError, match="boards"):
        award_pots([Pot(300, (1, 2))], [{1: 1, 2: 2}], [], button_seat=1)


def test_awards_to_arrow() -> None:
    awards = [Award(1, 0, HI, 1, 150), Award(1, 1, WHOLE, 3, 150)]
    table = awards_to_arrow(awards)
    assert table.schema == AWARD_SCHEMA
    assert table.to_pylist() == [
        {"board": 1, "pot": 0, "half": "hi", "seat": 1, "amount": 150},
        {"board": 1, "pot": 1, "half": "whole", "seat": 3, "amount": 150},
    ]
    assert awards_to_arrow([]).schema == AWARD_SCHEMA
    assert AWARD_SCHEMA.field("amount").type == pa.int64()


# Properties ---------------------------------------------------------------------------

SEATS = list(range(1, 10))
Showdown = tuple[list[Pot], list[dict[int, int]], list[dict[int, int]] | None, int]


@st.composite
def showdowns(draw: st.DrawFn) -> Showdown:
    """Pots, per-board values with many ties and missing lows, and a button seat."""
    pots = [
        Pot(
            draw(st.integers(min_value=0, max_value=1000)),
            tuple(sorted(draw(st.sets(st.sampled_from(SEATS), min_size=1, max_size=6)))),
        )
        for _ in range(draw(st.integers(min_value=1, max_value=4)))
    ]
    in_pots = sorted({seat for pot in pots for seat in pot.eligible})
    shown = draw(st.sets(st.sampled_from(in_pots), min_size=1))
    boards = draw(st.integers(min_value=1, max_value=3))
    value = st.integers(min_value=0, max_value=3)
    hi = [{seat: draw(value) for seat in shown} for _ in range(boards)]
    lo = None
    if draw(st.booleans()):
        lo = [{seat: draw(value) for seat in shown} for _ in range(boards)]
    return pots, hi, lo, draw(st.sampled_from(SEATS))


def awardable(pots: Sequence[Pot], hi: Sequence[Mapping[int, int]]) -> bool:
    """Whether every contested pot has a seat with a value on each board."""
    return all(
        any(seat in board for seat in pot.eligible)
        for pot in pots
        if pot.amount and len(pot.eligible) > 1
        for board in hi
    )


def clockwise(seat: int, button_seat: int) -> tuple[bool, int]:
    """Sort key: seats after the button first, the button itself last."""
    return (seat <= button_seat, seat)


@given(showdowns())
def test_awards_hold_the_sum_and_only_eligible_seats_win(showdown: Showdown) -> None:
    pots, hi, lo, button_seat = showdown
    if not awardable(pots, hi):
        with pytest.raises(ValueError):
            award_pots(pots, hi, lo, button_seat)
        return
    awards = award_pots(pots, hi, lo, button_seat)
    assert sum(award.amount for award in awards) == sum(pot.amount for pot in pots)
    for award in awards:
        assert award.seat in pots[award.pot].eligible
        assert award.amount > 0
        assert 1 <= award.board <= len(hi)
    keys = [(award.board, award.pot, award.half, award.seat) for award in awards]
    assert keys == sorted(set(keys))


@given(showdowns())
def test_tied_winners_differ_by_at_most_one_unit_odd_units_clockwise(showdown: Showdown) -> None:
    pots, hi, lo, button_seat = showdown
    assume(awardable(pots, hi))
    groups: dict[tuple[int, int, Half], list[Award]] = defaultdict(list)
    for award in award_pots(pots, hi, lo, button_seat):
        groups[award.board, award.pot, award.half].append(award)
    for (board, pot, half), rows in groups.items():
        values = lo[board - 1] if half is LO and lo is not None else hi[board - 1]
        if len(pots[pot].eligible) > 1:
            assert len({values[row.seat] for row in rows}) == 1
        in_order = sorted(rows, key=lambda row: clockwise(row.seat, button_seat))
        amounts = [row.amount for row in in_order]
        assert amounts == sorted(amounts, reverse=True)
        assert amounts[0] - amounts[-1] <= 1


@given(showdowns())
def test_single_board_high_only_winners_are_the_best_eligible_seats(showdown: Showdown) -> None:
    pots, hi, _, button_seat = showdown
    hi = hi[:1]
    assume(awardable(pots, hi))
    winners: dict[int, set[int]] = defaultdict(set)
    for award in award_pots(pots, hi, None, button_seat):
        assert award.half is WHOLE
        winners[award.pot].add(award.seat)
    for index, pot in enumerate(pots):
        if not pot.amount:
            expected = set()
        elif len(pot.eligible) == 1:
            expected = set(pot.eligible)
        else:
            shown = [seat for seat in pot.eligible if seat in hi[0]]
            best = max(hi[0][seat] for seat in shown)
            expected = {seat for seat in shown if hi[0][seat] == best}
            if pot.amount < len(expected):
                assert winners[index] <= expected
                assert len(winners[index]) == pot.amount
                continue
        assert winners[index] == expected


RULES = [OddChipRule(high, first) for high in (True, False) for first in (True, False)]


@given(showdowns(), st.sampled_from(RULES), st.sampled_from(RULES))
def test_odd_chip_rules_move_only_odd_units(
    showdown: Showdown, rule_a: OddChipRule, rule_b: OddChipRule
) -> None:
    pots, hi, lo, button_seat = showdown
    assume(awardable(pots, hi))
    amounts: list[dict[tuple[int, int, Half, int], int]] = []
    for rule in (rule_a, rule_b):
        rows = award_pots(pots, hi, lo, button_seat, rule)
        amounts.append({(a.board, a.pot, a.half, a.seat): a.amount for a in rows})
    first, second = amounts
    for key in first.keys() | second.keys():
        assert abs(first.get(key, 0) - second.get(key, 0)) <= 1
    for board in range(1, len(hi) + 1):
        for index in range(len(pots)):
            in_first = sum(v for k, v in first.items() if k[:2] == (board, index))
            in_second = sum(v for k, v in second.items() if k[:2] == (board, index))
            assert abs(in_first - in_second) <= 1


@given(
    st.dictionaries(st.sampled_from(SEATS), st.integers(min_value=0, max_value=500), min_size=2),
    st.data(),
)
def test_built_pots_award_every_chip(put_in: dict[int, int], data: st.DataObject) -> None:
    folded = data.draw(st.sets(st.sampled_from(sorted(put_in)), max_size=len(put_in) - 1))
    dead = data.draw(st.integers(min_value=0, max_value=9))
    pots = build_pots(put_in, folded, dead)
    live = [seat for seat in put_in if seat not in folded]
    hi = [{seat: data.draw(st.integers(0, 3)) for seat in live} for _ in range(2)]
    lo = [{seat: data.draw(st.integers(0, 3)) for seat in live} for _ in range(2)]
    awards = award_pots(pots, hi, lo, button_seat=data.draw(st.sampled_from(SEATS)))
    assert sum(award.amount for award in awards) == sum(put_in.values()) + dead
    assert not any(award.seat in folded for award in awards)
