"""Pots: uncalled bets, main and side pots, folded contributors, dead money, merging."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha_core.pots import Pot, build_pots, uncalled_bet


def test_heads_up_called_pot_is_one_pot() -> None:
    assert build_pots({1: 200, 2: 200}, folded=()) == [Pot(400, (1, 2))]


def test_heads_up_fold_leaves_one_eligible_seat() -> None:
    # Seat 2 called 100 preflop, then folded to a bet that was returned.
    assert build_pots({1: 100, 2: 100}, folded={2}) == [Pot(200, (1,))]


def test_multiway_all_in_two_side_pots() -> None:
    # Seat 3 all-in for 50, seat 1 all-in for 120, seats 2 and 4 go on to 300.
    put_in = {1: 120, 2: 300, 3: 50, 4: 300}
    assert build_pots(put_in, folded=()) == [
        Pot(200, (1, 2, 3, 4)),
        Pot(210, (1, 2, 4)),
        Pot(360, (2, 4)),
    ]


def test_multiway_all_in_three_side_pots_with_a_folded_contributor() -> None:
    # Seat 6 put in 80 and folded: its chips fill the main pot and first side pot.
    put_in = {1: 20, 2: 60, 3: 100, 4: 500, 5: 500, 6: 80}
    pots = build_pots(put_in, folded={6})
    assert pots == [
        Pot(20 * 6, (1, 2, 3, 4, 5)),
        Pot(40 * 5, (2, 3, 4, 5)),
        Pot(40 * 3 + 20, (3, 4, 5)),
        Pot(400 * 2, (4, 5)),
    ]
    assert sum(pot.amount for pot in pots) == sum(put_in.values())


def test_folded_chips_above_every_live_contribution_join_the_last_pot() -> None:
    # Seat 3 raised to 300 and folded to a re-raise all-in; two live seats are all-in for less.
    put_in = {1: 100, 2: 200, 3: 300}
    assert build_pots(put_in, folded={3}) == [Pot(300, (1, 2)), Pot(300, (2,))]


def test_dead_money_goes_to_the_main_pot() -> None:
    # A dead small blind of 5 plus two live players, one all-in short.
    assert build_pots({1: 40, 2: 100}, folded=(), dead=5) == [Pot(85, (1, 2)), Pot(60, (2,))]


def test_dead_money_only_is_one_pot_for_every_live_seat() -> None:
    assert build_pots({1: 0, 2: 0}, folded=(), dead=10) == [Pot(10, (1, 2))]


def test_levels_with_equal_eligibility_merge() -> None:
    # Folded seats at 30 and 70 cut no new pot: eligibility only changes at seat 1's 50.
    put_in = {1: 50, 2: 150, 3: 150, 4: 30, 5: 70}
    assert build_pots(put_in, folded={4, 5}) == [Pot(50 * 3 + 30 + 50, (1, 2, 3)), Pot(220, (2, 3))]


def test_nothing_in_the_pot_gives_no_pots() -> None:
    assert build_pots({}, folded=()) == []
    assert build_pots({1: 0, 2: 0}, folded={2}) == []


def test_every_seat_folded_with_chips_in_is_an_error() -> None:
    with pytest.raises(ValueError, match="every seat has folded"):
        build_pots({1: 10, 2: 20}, folded={1, 2})


def test_negative_chips_are_an_error() -> None:
    with pytest.raises(ValueError, match="negative"):
        build_pots({1: 10, 2: -5}, folded=())
    with pytest.raises(ValueError, match="negative"):
        build_pots({1: 10, 2: 10}, folded=(), dead=-1)


@pytest.mark.parametrize(
    ("put_in", "folded", "expected"),
    [
        ({1: 100, 2: 40}, (), (1, 60)),
        ({1: 100, 2: 100}, (), None),
        ({1: 100, 2: 100, 3: 100}, {2}, None),
        # A folded player's call counts as matching the bet.
        ({1: 300, 2: 300, 3: 120}, {2}, None),
        ({1: 50, 2: 300, 3: 120}, {1}, (2, 180)),
        # The bettor's excess over the largest other contribution, folded or not.
        ({1: 500, 2: 200, 3: 350}, {3}, (1, 150)),
        # Nobody left to call: the whole bet over the blinds comes back.
        ({1: 2, 2: 10}, {1}, (2, 8)),
        ({7: 25}, (), (7, 25)),
        ({}, (), None),
        # A folded seat is never paid back, even holding the largest contribution.
        ({1: 100, 2: 50}, {1}, None),
    ],
)
def test_uncalled_bet(
    put_in: dict[int, int], folded: set[int], expected: tuple[int, int] | None
) -> None:
    assert uncalled_bet(put_in, folded) == expected


hands = st.dictionaries(
    keys=st.integers(min_value=1, max_value=10),
    values=st.integers(min_value=0, max_value=300),
    min_size=1,
    max_size=10,
).flatmap(
    lambda put_in: st.tuples(
        st.just(put_in),
        st.sets(st.sampled_from(sorted(put_in))).filter(lambda folded: len(folded) < len(put_in)),
        st.integers(min_value=0, max_value=50),
    )
)


@given(hands)
def test_pots_hold_every_chip_and_match_a_chip_by_chip_reference(
    hand: tuple[dict[int, int], set[int], int],
) -> None:
    put_in, folded, dead = hand
    pots = build_pots(put_in, folded, dead)
    assert sum(pot.amount for pot in pots) == sum(put_in.values()) + dead
    live = {seat for seat in put_in if seat not in folded}
    for pot in pots:
        assert pot.eligible
        assert list(pot.eligible) == sorted(set(pot.eligible))
        assert set(pot.eligible) <= live
    assert pots == reference_pots(put_in, folded, dead)


def reference_pots(put_in: dict[int, int], folded: set[int], dead: int) -> list[Pot]:
    """Pots one chip height at a time: the chips at height h belong to the live seats that
    put in at least h; consecutive heights with the same eligible seats form one pot."""
    live = sorted(seat for seat in put_in if seat not in folded)
    eligibles: list[tuple[int, ...]] = []
    amounts: list[int] = []
    orphans = 0  # chips above every live contribution
    for height in range(1, max(put_in.values()) + 1):
        chips = sum(1 for amount in put_in.values() if amount >= height)
        eligible = tuple(seat for seat in live if put_in[seat] >= height)
        if not eligible:
            orphans += chips
        elif eligibles and eligibles[-1] == eligible:
            amounts[-1] += chips
        else:
            eligibles.append(eligible)
            amounts.append(chips)
    if not amounts:
        total = orphans + dead
        return [Pot(total, tuple(live))] if total else []
    amounts[0] += dead
    amounts[-1] += orphans
    return [Pot(amount, eligible) for amount, eligible in zip(amounts, eligibles, strict=True)]


@given(hands)
def test_returning_the_uncalled_bet_leaves_nothing_uncalled(
    hand: tuple[dict[int, int], set[int], int],
) -> None:
    put_in, folded, _ = hand
    returned = uncalled_bet(put_in, folded)
    if returned is None:
        return
    seat, amount = returned
    assert seat not in folded
    assert 0 < amount <= put_in[seat]
    after = {**put_in, seat: put_in[seat] - amount}
    assert uncalled_bet(after, folded) is None
    assert after[seat] == max(after.values())
