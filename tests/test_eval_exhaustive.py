"""All 2,598,960 five-card hands: category counts, distinct values, a golden digest, and
agreement with phevaluator on every hand."""

from __future__ import annotations

import hashlib
import itertools
import math

import numpy as np
import pytest
from numpy.typing import NDArray
from phevaluator import evaluate_cards

from omaha_core import five_card_values, high_categories
from omaha_core.tables import DISTINCT_HIGH_VALUES, HIGH_CATEGORIES

HAND_COUNT = math.comb(52, 5)
CATEGORY_COUNTS = {
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3_744,
    "flush": 5_108,
    "straight": 10_200,
    "three of a kind": 54_912,
    "two pair": 123_552,
    "pair": 1_098_240,
    "high card": 1_302_540,
}
# sha256 of the int16 little-endian values of all hands in itertools.combinations order; the
# slow phevaluator test pins every one of those values independently.
GOLDEN_DIGEST = "f726a3c1a70fe2965ba5d4a1fd254dc0de9de79c9beea030ffc21e09972370c1"


@pytest.fixture(scope="module")
def all_hands() -> NDArray[np.uint8]:
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), 5))
    return np.fromiter(flat, np.uint8, count=HAND_COUNT * 5).reshape(HAND_COUNT, 5)


@pytest.fixture(scope="module")
def all_values(all_hands: NDArray[np.uint8]) -> NDArray[np.int32]:
    return five_card_values(all_hands)


def test_every_hand_has_a_value_and_there_are_7462_of_them(all_values: NDArray[np.int32]) -> None:
    assert all_values.min() == 1
    assert all_values.max() == DISTINCT_HIGH_VALUES
    assert len(np.unique(all_values)) == DISTINCT_HIGH_VALUES


def test_category_counts(all_values: NDArray[np.int32]) -> None:
    counts = np.bincount(high_categories(all_values), minlength=len(HIGH_CATEGORIES))
    assert dict(zip(HIGH_CATEGORIES, counts.tolist(), strict=True)) == CATEGORY_COUNTS


def test_categories_occupy_contiguous_value_ranges(all_values: NDArray[np.int32]) -> None:
    values = np.arange(1, DISTINCT_HIGH_VALUES + 1)
    assert (np.diff(high_categories(values)) >= 0).all()


def test_golden_digest(all_values: NDArray[np.int32]) -> None:
    digest = hashlib.sha256(all_values.astype("<i2").tobytes()).hexdigest()
    assert digest == GOLDEN_DIGEST


def check_against_phevaluator(hands: NDArray[np.uint8], values: NDArray[np.int32]) -> None:
    # Same card ids; phevaluator ranks 1 (royal flush) .. 7462, so ours is 7463 - its rank.
    ranks = np.fromiter((evaluate_cards(*hand) for hand in hands.tolist()), np.int32, len(hands))
    mismatches = np.flatnonzero(values != DISTINCT_HIGH_VALUES + 1 - ranks)
    assert mismatches.size == 0, hands[mismatches[:5]].tolist()


def test_every_tenth_hand_matches_phevaluator(
    all_hands: NDArray[np.uint8], all_values: NDArray[np.int32]
) -> None:
    check_against_phevaluator(all_hands[::10], all_values[::10])


@pytest.mark.slow
def test_every_hand_matches_phevaluator(
    all_hands: NDArray[np.uint8], all_values: NDArray[np.int32]
) -> None:
    check_against_phevaluator(all_hands, all_values)
