"""Differential tests on seeded random deals: two hands on one board must be ranked the same
way (win, lose or tie) as by phevaluator and by pokerkit."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.typing import NDArray
from phevaluator import evaluate_omaha_cards
from pokerkit import Hand, OmahaEightOrBetterLowHand, OmahaHoldemHand

from omaha_core import format_cards, high_values, low_values
from omaha_core.tables import DISTINCT_HIGH_VALUES

Deals = tuple[NDArray[np.uint8], NDArray[np.uint8], NDArray[np.uint8]]


def deal(count: int, hole_cards: int, seed: int) -> Deals:
    """``count`` deals of two hands and a shared board, from shuffled decks."""
    rng = np.random.default_rng(seed)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (count, 1)), axis=1)
    first = decks[:, :hole_cards]
    second = decks[:, hole_cards : 2 * hole_cards]
    board = decks[:, 2 * hole_cards : 2 * hole_cards + 5]
    return first, second, board


def winners(first: NDArray[np.int32], second: NDArray[np.int32]) -> NDArray[np.int64]:
    """+1 where the first hand wins, -1 where the second wins, 0 for a tie."""
    return np.sign(first.astype(np.int64) - second)


def test_deals_are_distinct_cards() -> None:
    first, second, board = deal(100, 6, seed=1)
    cards = np.concatenate([first, second, board], axis=1)
    assert all(len(set(row)) == 17 for row in cards.tolist())


def phevaluator_values(holes: NDArray[np.uint8], boards: NDArray[np.uint8]) -> NDArray[np.int32]:
    # phevaluator takes the board first, then the hole, as our card ids; rank 1 is best.
    ranks = [
        evaluate_omaha_cards(*board, *hole)
        for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
    ]
    return DISTINCT_HIGH_VALUES + 1 - np.array(ranks, np.int32)


def test_four_card_high_against_phevaluator() -> None:
    first, second, board = deal(100_000, 4, seed=2026)
    ours_first, ours_second = high_values(first, board), high_values(second, board)
    theirs_first = phevaluator_values(first, board)
    theirs_second = phevaluator_values(second, board)
    # Both scales are dense over the same 7,462 classes, so the values coincide exactly.
    assert (ours_first == theirs_first).all()
    assert (ours_second == theirs_second).all()
    disagree = winners(ours_first, ours_second) != winners(theirs_first, theirs_second)
    assert not disagree.any()


def pokerkit_order(
    hand_type: type[Hand], first: NDArray[np.uint8], second: NDArray[np.uint8],
    board: NDArray[np.uint8],
) -> NDArray[np.int64]:
    """pokerkit's winner of each deal; a hand with no qualifying low loses to one with."""
    order = []
    for one, two, shared in zip(first.tolist(), second.tolist(), board.tolist(), strict=True):
        board_text = format_cards(shared).replace(" ", "")
        one_hand = hand_type.from_game_or_none(format_cards(one).replace(" ", ""), board_text)
        two_hand = hand_type.from_game_or_none(format_cards(two).replace(" ", ""), board_text)
        if one_hand is None or two_hand is None:
            order.append(int(one_hand is not None) - int(two_hand is not None))
        else:
            order.append(int(one_hand > two_hand) - int(one_hand < two_hand))
    return np.array(order, np.int64)


def check_high_against_pokerkit(count: int, hole_cards: int, seed: int) -> None:
    first, second, board = deal(count, hole_cards, seed)
    ours = winners(high_values(first, board), high_values(second, board))
    theirs = pokerkit_order(OmahaHoldemHand, first, second, board)
    assert (ours == theirs).all(), np.flatnonzero(ours != theirs)[:5]


def check_low_against_pokerkit(count: int, hole_cards: int, seed: int) -> None:
    first, second, board = deal(count, hole_cards, seed)
    ours_first, ours_second = low_values(first, board), low_values(second, board)
    theirs = pokerkit_order(OmahaEightOrBetterLowHand, first, second, board)
    assert (winners(ours_first, ours_second) == theirs).all()
    # Deals where both hands have a low (and ties among them) were really exercised.
    assert ((ours_first > 0) & (ours_second > 0)).sum() > count // 20


@pytest.mark.parametrize("hole_cards", [5, 6])
def test_high_against_pokerkit(hole_cards: int) -> None:
    check_high_against_pokerkit(300, hole_cards, seed=hole_cards)


@pytest.mark.parametrize("hole_cards", [4, 5])
def test_low_against_pokerkit(hole_cards: int) -> None:
    check_low_against_pokerkit(300, hole_cards, seed=10 + hole_cards)


@pytest.mark.slow
@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_high_against_pokerkit_long(hole_cards: int) -> None:
    check_high_against_pokerkit(2_500, hole_cards, seed=100 + hole_cards)


@pytest.mark.slow
@pytest.mark.parametrize("hole_cards", [4, 5, 6])
def test_low_against_pokerkit_long(hole_cards: int) -> None:
    check_low_against_pokerkit(2_500, hole_cards, seed=200 + hole_cards)
