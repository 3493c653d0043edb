"""Hypothesis properties: batch and scalar forms agree, and both match brute force over every
choice of two hole cards and three board cards, checked against plain-Python references."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from omaha_core import (
    best_high,
    best_low,
    describe_low,
    five_card_values,
    high_low_values,
    high_value,
    high_values,
    low_value,
    low_values,
)
from omaha_core.cards import RANK_CHARS

# No deadline: the first example builds the tables, and the machine may be shared.
evaluator_settings = settings(deadline=None)


@st.composite
def deals(draw: st.DrawFn, hands: int = 1) -> tuple[list[list[int]], list[int]]:
    """``hands`` hole hands of one size (4-6 cards) and a board, all distinct cards."""
    size = draw(st.integers(4, 6))
    deck = draw(st.permutations(range(52)))
    holes = [deck[i * size : (i + 1) * size] for i in range(hands)]
    return holes, deck[hands * size : hands * size + 5]


def reference_high_key(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Plain 5-card poker ranking: (category, ranks in order of significance)."""
    ranks = sorted((card >> 2 for card in cards), reverse=True)
    flush = len({card & 3 for card in cards}) == 1
    straight_top = None
    if len(set(ranks)) == 5 and ranks[0] - ranks[4] == 4:
        straight_top = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:
        straight_top = 3
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    ordered = [rank for rank, _ in groups]
    if straight_top is not None:
        return (8 if flush else 4, straight_top)
    if flush:
        return (5, *ranks)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}
    return (category.get(tuple(shape), 0), *ordered)


def choices(hole: list[int], board: list[int]) -> list[tuple[int, ...]]:
    return [pair + triple for pair in combinations(hole, 2) for triple in combinations(board, 3)]


def reference_low(hole: list[int], board: list[int], qualifier: int = 8) -> tuple[int, ...] | None:
    """The best ace-to-five low as ranks from the top down (ace = 1), or None."""
    lows = []
    for cards in choices(hole, board):
        ranks = sorted((((card >> 2) + 1) % 13 + 1 for card in cards), reverse=True)
        if len(set(ranks)) == 5 and ranks[0] <= qualifier:
            lows.append(tuple(ranks))
    return min(lows, default=None)


def low_text(ranks: tuple[int, ...]) -> str:
    return "-".join("A" if rank == 1 else RANK_CHARS[rank - 2] for rank in ranks)


def sign(number: int) -> int:
    return (number > 0) - (number < 0)


@evaluator_settings
@given(deals(hands=3), st.sampled_from([7, 8, 9]))
def test_scalar_and_batch_forms_agree(deal: tuple[list[list[int]], list[int]], q: int) -> None:
    holes, board = deal
    hole_array = np.array(holes, np.uint8)
    board_array = np.array([board] * len(holes), np.uint8)
    highs, lows = high_low_values(hole_array, board_array, q)
    assert highs.tolist() == high_values(hole_array, board_array).tolist()
    assert lows.tolist() == low_values(hole_array, board_array, q).tolist()
    assert highs.tolist() == [high_value(hole, board) for hole in holes]
    assert lows.tolist() == [low_value(hole, board, q) for hole in holes]


@evaluator_settings
@given(deals())
def test_high_is_the_best_five_card_choice(deal: tuple[list[list[int]], list[int]]) -> None:
    (hole,), board = deal
    every_choice = choices(hole, board)
    values = five_card_values(np.array(every_choice, np.uint8))
    value = high_value(hole, board)
    assert value == values.max()
    best_value, cards = best_high(hole, board)
    assert best_value == value
    assert len(set(cards) & set(hole)) == 2 and len(set(cards) & set(board)) == 3
    assert five_card_values(np.array([cards], np.uint8))[0] == value


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)))
def test_five_card_order_matches_the_reference(deck: list[int]) -> None:
    first, second = tuple(deck[:5]), tuple(deck[5:10])
    ours = five_card_values(np.array([first, second], np.uint8)).tolist()
    theirs = reference_high_key(first), reference_high_key(second)
    assert sign(ours[0] - ours[1]) == sign((theirs[0] > theirs[1]) - (theirs[0] < theirs[1]))


@evaluator_settings
@given(deals(hands=2), st.sampled_from([7, 8, 9]))
def test_low_matches_the_reference(deal: tuple[list[list[int]], list[int]], q: int) -> None:
    holes, board = deal
    values = [low_value(hole, board, q) for hole in holes]
    references = [reference_low(hole, board, q) for hole in holes]
    for hole, value, reference in zip(holes, values, references, strict=True):
        if reference is None:
            assert value == 0
            assert best_low(hole, board, q) is None
        else:
            assert describe_low(value) == low_text(reference)
            best = best_low(hole, board, q)
            assert best is not None and best[0] == value
            assert len(set(best[1]) & set(hole)) == 2
    if None not in references:
        first, second = references
        assert sign(values[0] - values[1]) == sign((first < second) - (first > second))
    else:
        assert sign(values[0] - values[1]) == sign(
            int(references[0] is not None) - int(references[1] is not None)
        )
