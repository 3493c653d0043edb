"""Lookup tables for 5-card hands, indexed by the ranks of the five cards.

Index of an ordered rank 5-tuple: ``r1*13**4 + r2*13**3 + r3*13**2 + r4*13 + r5``; every
permutation of a multiset holds the same value, so the batch evaluator can add a hole-pair key
and a board-triple key without sorting. Values are dense, greater is better:

* high: 1..7462 (7462 = royal flush); the flush table (five distinct ranks, one suit) follows
  the non-flush table at ``FLUSH_OFFSET``, so one gather serves both; 0 marks impossible
  entries (five cards of a rank, or a flush with a paired rank).
* low (ace low, five distinct ranks): 1..1287 (1287 = the wheel), 0 when no low; one table per
  qualifier keeps only lows whose top card is at most the qualifier.

The tables are built with numpy once per process, on first use (well under a second).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from omaha_core.stored import Arrays, stored

RANK_COUNT = 13
RANK_INDEX_SIZE = RANK_COUNT**5
FLUSH_OFFSET = RANK_INDEX_SIZE
RANK_WEIGHTS = np.array([RANK_COUNT**4, RANK_COUNT**3, RANK_COUNT**2, RANK_COUNT, 1], np.int32)
ACE = 12
QUALIFIERS = (7, 8, 9)

HIGH_CATEGORIES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)
DISTINCT_HIGH_VALUES = 7462
DISTINCT_LOW_VALUES = 1287  # C(13, 5): any five distinct ranks, ace low


@dataclass(frozen=True)
class HighTables:
    """``values[index + suited * FLUSH_OFFSET]`` is the high value of a 5-card hand;
    ``decode[value]`` is (category, the five ranks in order of significance)."""

    values: NDArray[np.int16]
    decode: NDArray[np.int8]


@dataclass(frozen=True)
class LowTables:
    """``by_qualifier[q][index]`` is the low value, 0 when no low qualifies for ``q``;
    ``decode[value]`` is the five ranks (ace = 12) from the highest low card down."""

    by_qualifier: dict[int, NDArray[np.int16]]
    decode: NDArray[np.int8]


def _all_rank_tuples() -> NDArray[np.int8]:
    """Every ordered 5-tuple of ranks, row ``i`` being the tuple whose index is ``i``."""
    return np.indices((RANK_COUNT,) * 5, dtype=np.int8).reshape(5, -1).T.copy()


def _code(sequence: NDArray[np.int8]) -> NDArray[np.int32]:
    """The base-13 number of rank sequences: lexicographic order of the sequences."""
    code = np.zeros(len(sequence), np.int32)
    for position, weight in enumerate(RANK_WEIGHTS):
        code += sequence[:, position] * weight
    return code


@dataclass(frozen=True)
class CardKeys:
    """Rank keys and suit markers of card pairs and triples, indexed by card ids.

    ``pair_key[c1 * 52 + c2]`` adds the first two digits of the rank index and
    ``triple_key[(c1 * 52 + c2) * 52 + c3]`` the last three; the suit arrays hold the common
    suit, or a marker (4 for pairs, 5 for triples) that never matches, so a flush is
    ``pair_suit == triple_suit``.
    """

    pair_key: NDArray[np.int32]
    pair_suit: NDArray[np.int8]
    triple_key: NDArray[np.int32]
    triple_suit: NDArray[np.int8]


@functools.cache
def card_keys() -> CardKeys:
    """Build (once) the pair and triple key tables."""
    cards = np.arange(52)
    ranks, suits = cards >> 2, cards & 3
    first, second = np.meshgrid(cards, cards, indexing="ij")
    a, b, c = np.meshgrid(cards, cards, cards, indexing="ij")
    suited_triple = (suits[a] == suits[b]) & (suits[b] == suits[c])
    return CardKeys(
        pair_key=(ranks[first] * RANK_WEIGHTS[0] + ranks[second] * RANK_WEIGHTS[1])
        .astype(np.int32)
        .ravel(),
        pair_suit=np.where(suits[first] == suits[second], suits[first], 4).astype(np.int8).ravel(),
        triple_key=(ranks[a] * RANK_WEIGHTS[2] + ranks[b] * RANK_WEIGHTS[3] + ranks[c])
        .astype(np.int32)
        .ravel(),
        triple_suit=np.where(suited_triple, suits[a], 5).astype(np.int8).ravel(),
    )


@functools.cache
def high_tables() -> HighTables:
    """The high-hand value table and its decoder (built once, stored: :mod:`.stored`)."""
    arrays = stored("high_tables", _build_high_tables)
    return HighTables(values=arrays["values"], decode=arrays["decode"])


def _build_high_tables() -> Arrays:
    """The high-hand value table and its decoder, by name."""
    ranks = _all_rank_tuples()
    # How many of the five cards share each card's rank.
    group_size = np.zeros_like(ranks)
    for position in range(5):
        group_size += ranks == ranks[:, position : position + 1]
    # Cards of bigger groups first, then higher ranks: the comparison order of every category.
    group_keys = group_size * np.int8(RANK_COUNT) + ranks
    sequence = np.take_along_axis(ranks, np.argsort(-group_keys, axis=1), axis=1)
    most = group_size.max(axis=1)
    # A group of g cards adds g times 1/g: the number of distinct ranks.
    distinct_ranks = (1.0 / group_size).sum(axis=1).round().astype(np.int8)
    distinct = distinct_ranks == 5
    wheel = distinct & (sequence[:, 0] == ACE) & (sequence[:, 1] == 3)
    straight = distinct & ((sequence[:, 0] - sequence[:, 4] == 4) | wheel)
    # The wheel ranks as a five-high straight: the ace goes last.
    sequence[wheel] = np.array([3, 2, 1, 0, ACE])

    plain = np.select(
        [most == 4, distinct_ranks == 2, most == 3, distinct_ranks == 3, most == 2, straight],
        [QUADS, FULL_HOUSE, TRIPS, TWO_PAIR, PAIR, STRAIGHT],
        default=HIGH_CARD,
    )
    suited = np.where(straight, STRAIGHT_FLUSH, FLUSH)
    category = np.concatenate([plain, suited])
    valid = np.concatenate([most < 5, distinct])
    code = category.astype(np.int32) * RANK_COUNT**5 + np.concatenate([_code(sequence)] * 2)

    unique_codes, dense = np.unique(code[valid], return_inverse=True)
    values = np.zeros(2 * RANK_INDEX_SIZE, np.int16)
    values[valid] = dense + 1
    decode = np.zeros((len(unique_codes) + 1, 6), np.int8)
    decode[1:, 0] = unique_codes // RANK_COUNT**5
    decode[1:, 1:] = (unique_codes[:, None] // RANK_WEIGHTS) % RANK_COUNT
    return {"values": values, "decode": decode}


@functools.cache
def low_tables() -> LowTables:
    """The ace-to-five low tables for every qualifier and their decoder (built once,
    stored: :mod:`.stored`)."""
    arrays = stored("low_tables", _build_low_tables)
    by_qualifier = {qualifier: arrays[f"qualifier_{qualifier}"] for qualifier in QUALIFIERS}
    return LowTables(by_qualifier=by_qualifier, decode=arrays["decode"])


def _build_low_tables() -> Arrays:
    """The ace-to-five low tables (``qualifier_8``...) and their decoder, by name."""
    ranks = _all_rank_tuples()
    ace_low = (ranks + 1) % np.int8(RANK_COUNT)
    descending = -np.sort(-ace_low, axis=1)
    distinct = (np.diff(descending, axis=1) != 0).all(axis=1)
    unique_codes, dense = np.unique(_code(descending[distinct]), return_inverse=True)
    # A smaller code is a lower, better low: count down so that greater is better.
    best_first = np.zeros(RANK_INDEX_SIZE, np.int16)
    best_first[distinct] = len(unique_codes) - dense
    top_card = descending[:, 0]
    arrays: Arrays = {
        f"qualifier_{qualifier}": np.where(top_card <= qualifier - 1, best_first, 0)
        .astype(np.int16)
        for qualifier in QUALIFIERS
    }
    decode = np.zeros((len(unique_codes) + 1, 5), np.int8)
    decode[1:] = ((unique_codes[::-1, None] // RANK_WEIGHTS) % RANK_COUNT - 1) % RANK_COUNT
    return {**arrays, "decode": decode}
