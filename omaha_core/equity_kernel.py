"""The compiled core of exact equity: every runout, grouped into classes that share an outcome.

A full board's outcome depends only on its rank multiset and, when three or more of its cards
share a suit (at most one suit can), on that suit and its ranks. So instead of the
``C(deck, d)`` runouts the kernel visits:

1. every multiset of ``d`` drawn ranks (at most 6,188 for a preflop runout), weighted by the
   number of runouts that draw it, ``prod C(unseen of rank r, times r is drawn)``, and scored
   without flushes (the hand value then depends on ranks alone);
2. for each suit in which some player holds two cards, every flush board: a set ``S`` of
   drawn ranks in that suit (enough to put three of the suit on the board) times a multiset
   ``P`` of other drawn ranks off that suit. Its weight moves from the rank class's outcome
   to the outcome with the players' flushes counted; nothing moves when no flush changes a
   player's high.

Each outcome is, per pot, the players (bit masks over the pot's eligible players) holding the
best high and the best qualifying low; ``hist`` counts runouts per (pot, high mask, low mask).
Hand values come from the evaluator's rank-index tables: a hole pair's key plus a board
triple's key (plus the flush offset) is a 5-card rank index, as in ``omaha_core.evaluate``.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, combinations_with_replacement
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

from omaha_core.tables import FLUSH_OFFSET

F = TypeVar("F", bound=Callable[..., Any])
Int64Array = NDArray[np.int64]

RANKS = 13
PAIR_WEIGHTS = (RANKS**4, RANKS**3)
# Triples of board positions ordered by their last position, so the triples of the first t
# cards are the first C(t, 3) rows.
TRIPLES = np.array(sorted(combinations(range(5), 3), key=lambda t: t[::-1]), np.int64)
TRIPLE_COUNTS = np.array([0, 0, 0, 1, 4, 10], np.int64)


def _njit(function: F) -> F:
    """Compile with numba, inlined into compiled callers and cached on disk."""
    return cast(F, numba.njit(cache=True, nogil=True, inline="always")(function))


def _stack(rows_by_size: list[list[tuple[int, ...]]]) -> tuple[Int64Array, Int64Array]:
    """Rows of every size in one array padded with -1, and the first row of each size."""
    rows = np.full((sum(map(len, rows_by_size)), 5), -1, np.int64)
    start = np.zeros(len(rows_by_size) + 1, np.int64)
    for size, block in enumerate(rows_by_size):
        start[size + 1] = start[size] + len(block)
        if size:
            rows[start[size] : start[size + 1], :size] = block
    return rows, start


# Every multiset and every set of 0..5 ranks, sorted rows; numba compiles them in as constants.
MULTISETS, MULTISET_START = _stack(
    [list(combinations_with_replacement(range(RANKS), size)) for size in range(6)]
)
SETS, SET_START = _stack([list(combinations(range(RANKS), size)) for size in range(6)])


@_njit
def _choose(n: int, k: int) -> int:
    result = 1
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


@_njit
def _weight(ranks: Int64Array, size: int, unseen: Int64Array) -> int:
    """How many sets of unseen cards have exactly these (sorted) ranks."""
    weight = 1
    i = 0
    while i < size:
        j = i
        while j < size and ranks[j] == ranks[i]:
            j += 1
        weight *= _choose(unseen[ranks[i]], j - i)
        i = j
    return weight


@_njit
def _triple_keys(ranks: Int64Array, size: int, out: Int64Array) -> int:
    """Rank keys of every triple of the first ``size`` board ranks; returns their count."""
    count = int(TRIPLE_COUNTS[size])
    for t in range(count):
        a, b, c = ranks[TRIPLES[t, 0]], ranks[TRIPLES[t, 1]], ranks[TRIPLES[t, 2]]
        out[t] = (a * RANKS + b) * RANKS + c
    return count


@_njit
def _best(
    keys: Int64Array, n_keys: int, triples: Int64Array, n_triples: int, table: NDArray[np.int16]
) -> int:
    """Greatest table value over every (pair key, triple key) sum."""
    best = 0
    for i in range(n_keys):
        base = keys[i]
        for t in range(n_triples):
            value = table[base + triples[t]]
            if value > best:
                best = value
    return best


@_njit
def _pair_keys(holes: Int64Array, suit: int, out: Int64Array, counts: Int64Array) -> None:
    """Distinct rank keys of each player's hole pairs (``suit`` -1), or of the pairs with both
    cards of ``suit`` (offset into the flush table)."""
    for p in range(holes.shape[0]):
        n = 0
        for i in range(holes.shape[1]):
            for j in range(i + 1, holes.shape[1]):
                a, b = holes[p, i], holes[p, j]
                if suit >= 0 and (a & 3 != suit or b & 3 != suit):
                    continue
                key = (a >> 2) * PAIR_WEIGHTS[0] + (b >> 2) * PAIR_WEIGHTS[1]
                key += FLUSH_OFFSET if suit >= 0 else 0
                if not _contains(out[p], n, key):
                    out[p, n] = key
                    n += 1
        counts[p] = n


@_njit
def _contains(values: Int64Array, size: int, value: int) -> bool:
    for i in range(size):  # noqa: SIM110 (numba compiles loops, not generators)
        if values[i] == value:
            return True
    return False


@_njit
def _record(
    hi: Int64Array,
    lo: Int64Array,
    weight: int,
    pot_players: Int64Array,
    pot_sizes: Int64Array,
    pot_offsets: Int64Array,
    hist: Int64Array,
) -> None:
    """Add ``weight`` runouts to each pot's (best-high mask, best-low mask) count."""
    for q in range(pot_sizes.size):
        m = pot_sizes[q]
        best_hi, hi_mask, best_lo, lo_mask = -1, 0, 0, 0
        for j in range(m):
            p = pot_players[q, j]
            if hi[p] > best_hi:
                best_hi, hi_mask = hi[p], 1 << j
            elif hi[p] == best_hi:
                hi_mask |= 1 << j
            if lo[p] > best_lo:
                best_lo, lo_mask = lo[p], 1 << j
            elif lo[p] == best_lo and best_lo > 0:
                lo_mask |= 1 << j
        hist[pot_offsets[q] + (hi_mask << m) + lo_mask] += weight


@_njit
def _merge_key(a: Int64Array, a_size: int, b: Int64Array, b_size: int) -> int:
    """Base-13 key of the sorted union of two sorted rank rows (the rank class's key)."""
    key, i, j = 0, 0, 0
    while i < a_size or j < b_size:
        if j == b_size or (i < a_size and a[i] <= b[j]):
            key, i = key * RANKS + a[i], i + 1
        else:
            key, j = key * RANKS + b[j], j + 1
    return key


@numba.njit(cache=True, nogil=True)
def _rank_classes(
    holes: Int64Array,
    board: Int64Array,
    rank_unseen: Int64Array,
    hi_table: NDArray[np.int16],
    lo_table: NDArray[np.int16],
    pot_players: Int64Array,
    pot_sizes: Int64Array,
    pot_offsets: Int64Array,
    hist: Int64Array,
) -> tuple[Int64Array, Int64Array, Int64Array]:
    """Record every multiset of drawn ranks, scored without flushes; returns the classes'
    high and low values (class, player) and each class's row by its base-13 key."""
    n, drawn = holes.shape[0], 5 - board.size
    pairs = np.zeros((n, holes.shape[1] ** 2), np.int64)
    n_pairs = np.zeros(n, np.int64)
    _pair_keys(holes, -1, pairs, n_pairs)
    first, last = MULTISET_START[drawn], MULTISET_START[drawn + 1]
    class_hi = np.zeros((last - first, n), np.int64)
    class_lo = np.zeros((last - first, n), np.int64)
    class_of_key = np.zeros(RANKS**drawn, np.int64)
    ranks, triples = np.empty(5, np.int64), np.empty(10, np.int64)
    ranks[: board.size] = board >> 2
    for c in range(last - first):
        row = MULTISETS[first + c]
        weight = _weight(row, drawn, rank_unseen)
        if weight == 0:
            continue
        ranks[board.size :] = row[:drawn]
        class_of_key[_merge_key(row, drawn, row, 0)] = c
        _triple_keys(ranks, 5, triples)
        for p in range(n):
            class_hi[c, p] = _best(pairs[p], n_pairs[p], triples, 10, hi_table)
            if lo_table.size:
                class_lo[c, p] = _best(pairs[p], n_pairs[p], triples, 10, lo_table)
        _record(class_hi[c], class_lo[c], weight, pot_players, pot_sizes, pot_offsets, hist)
    return class_hi, class_lo, class_of_key


@numba.njit(cache=True, nogil=True)
def _flush_corrections(
    suit: int,
    holes: Int64Array,
    board: Int64Array,
    unseen: Int64Array,
    classes: tuple[Int64Array, Int64Array, Int64Array],
    hi_table: NDArray[np.int16],
    pot_players: Int64Array,
    pot_sizes: Int64Array,
    pot_offsets: Int64Array,
    hist: Int64Array,
) -> None:
    """Move the runouts with three or more board cards of ``suit`` to their outcome with
    the players' flushes in that suit counted."""
    class_hi, class_lo, class_of_key = classes
    n, drawn = holes.shape[0], 5 - board.size
    suited = np.zeros((n, holes.shape[1] ** 2), np.int64)
    n_suited = np.zeros(n, np.int64)
    _pair_keys(holes, suit, suited, n_suited)
    suited_ranks, in_suit = np.empty(5, np.int64), 0
    for card in board:
        if card & 3 == suit:
            suited_ranks[in_suit] = card >> 2
            in_suit += 1
    if n_suited.max() == 0 or in_suit + drawn < 3:
        return
    off_suit = unseen.sum(axis=0) - unseen[suit]
    flush, new_hi, triples = np.empty(n, np.int64), np.empty(n, np.int64), np.empty(10, np.int64)
    for size in range(max(0, 3 - in_suit), drawn + 1):
        for s_row in range(SET_START[size], SET_START[size + 1]):
            drawn_suited = SETS[s_row]
            if _weight(drawn_suited, size, unseen[suit]) == 0:
                continue
            suited_ranks[in_suit : in_suit + size] = drawn_suited[:size]
            n_triples = _triple_keys(suited_ranks, in_suit + size, triples)
            for p in range(n):
                flush[p] = _best(suited[p], n_suited[p], triples, n_triples, hi_table)
            rest = drawn - size
            for p_row in range(MULTISET_START[rest], MULTISET_START[rest + 1]):
                others = MULTISETS[p_row]
                weight = _weight(others, rest, off_suit)
                if weight == 0:
                    continue
                c = class_of_key[_merge_key(drawn_suited, size, others, rest)]
                changed = False
                for p in range(n):
                    new_hi[p] = max(class_hi[c, p], flush[p])
                    changed |= flush[p] > class_hi[c, p]
                if changed:
                    lo = class_lo[c]
                    _record(class_hi[c], lo, -weight, pot_players, pot_sizes, pot_offsets, hist)
                    _record(new_hi, lo, weight, pot_players, pot_sizes, pot_offsets, hist)


def runout_histogram(
    holes: Int64Array,
    board: Int64Array,
    unseen: Int64Array,
    hi_table: NDArray[np.int16],
    lo_table: NDArray[np.int16],
    pots: tuple[Int64Array, Int64Array, Int64Array],
    hist: Int64Array,
) -> None:
    """Add every runout of the unseen cards to ``hist`` (see the module docstring).

    holes (n, k) and board (b,) card ids; unseen (4, 13): 1 where the card of that suit and
    rank is in the deck; lo_table empty for high-only games; pots: the eligible players'
    indexes (pots, n), their counts, and each pot's first entry in ``hist``.
    """
    classes = _rank_classes(holes, board, unseen.sum(axis=0), hi_table, lo_table, *pots, hist)
    for suit in range(4):
        _flush_corrections(suit, holes, board, unseen, classes, hi_table, *pots, hist)


@numba.njit(cache=True, nogil=True)
def pot_totals(counts: Int64Array, m: int, unit: int) -> Int64Array:
    """Per player of an m-player pot, from its runout counts (index ``hi_mask << m | lo_mask``):
    rows win, tie, lo_win, lo_tie, scoop, hi_units, lo_units (see ``PlayerEquity``)."""
    totals = np.zeros((7, m), np.int64)
    for index in range(counts.size):
        weight = counts[index]
        if weight == 0:
            continue
        hi, lo = index >> m, index & ((1 << m) - 1)
        takers = lo if lo else hi  # with no low, the high takes the low half too
        n_hi, n_lo, n_takers = _bit_count(hi), _bit_count(lo), _bit_count(takers)
        for j in range(m):
            if hi >> j & 1:
                totals[0 if n_hi == 1 else 1, j] += weight
                totals[4, j] += weight if n_hi == 1 and (lo == 0 or lo == hi) else 0
                totals[5, j] += weight * (unit // n_hi)
            if lo >> j & 1:
                totals[2 if n_lo == 1 else 3, j] += weight
            if takers >> j & 1:
                totals[6, j] += weight * (unit // n_takers)
    return totals


@_njit
def _bit_count(mask: int) -> int:
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count
