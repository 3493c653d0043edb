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
   to the outcome with the players' flushes counted. Where nobody holds a full house or
   better on the rank class, a flush beats every other hand: the high goes to the best
   flushes of ``S`` whatever ``P`` is, and only the low outcome is read per ``P``.

Each outcome is, per pot, the players (bit masks over the pot's eligible players) holding the
best high and the best qualifying low; ``hist`` counts runouts per (pot, high mask, low mask).
Hand values come from the evaluator's rank-index tables, read once per process into tables
shared by every hand (``SharedTables``): for each multiset of 3 to 5 board ranks and each pair
of hole ranks, the best value over the multiset's triples. A player's value on a rank class is
then the greatest over his few distinct hole-rank pairs, one lookup each, whatever the hand.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any, TypeVar, cast

import numba
import numpy as np
from numpy.typing import NDArray

from omaha_core.stored import Arrays, stored
from omaha_core.tables import FLUSH, FLUSH_OFFSET, high_tables, low_tables

F = TypeVar("F", bound=Callable[..., Any])
Int64Array = NDArray[np.int64]
Classes = tuple[Int64Array, Int64Array, Int64Array, NDArray[np.bool_]]  # see _rank_classes

RANKS = 13
PAIR_WEIGHTS = (RANKS**4, RANKS**3)
PAIRS = RANKS * RANKS  # a pair of hole ranks (a, b) is column a * 13 + b of a PairBests table
# Triples of board positions ordered by their last position, so the triples of the first t
# cards are the first C(t, 3) rows.
TRIPLES = np.array(sorted(combinations(range(5), 3), key=lambda t: t[::-1]), np.int64)
TRIPLE_COUNTS = np.array([0, 0, 0, 1, 4, 10], np.int64)
# C(n, k) for the at most 4 unseen cards of a rank and the at most 5 drawn
CHOOSE = np.array([[math.comb(n, k) for k in range(6)] for n in range(5)], np.int64)


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
def _weight(ranks: Int64Array, size: int, unseen: Int64Array) -> int:
    """How many sets of unseen cards have exactly these (sorted) ranks."""
    weight = 1
    i = 0
    while i < size:
        j = i
        while j < size and ranks[j] == ranks[i]:
            j += 1
        weight *= CHOOSE[unseen[ranks[i]], j - i]
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


def _key(ranks: Int64Array) -> int:
    """The base-13 number of a row of sorted ranks (padded with -1)."""
    key = 0
    for rank in ranks[ranks >= 0]:
        key = key * RANKS + int(rank)
    return key


def _rows_of_keys() -> tuple[Int64Array, Int64Array]:
    """Each multiset's row in MULTISETS at ``KEY_START[size] + key`` (key: its base-13 number)."""
    key_start = np.cumsum([0] + [RANKS**size for size in range(6)], dtype=np.int64)
    rows = np.full(int(key_start[-1]), -1, np.int64)
    for size in range(6):
        for row in range(MULTISET_START[size], MULTISET_START[size + 1]):
            rows[key_start[size] + _key(MULTISETS[row])] = row
    return rows, key_start


ROW_OF_KEY, KEY_START = _rows_of_keys()  # ROW_OF_KEY is an argument: too large to compile in


def _union_starts() -> Int64Array:
    """Where the union classes of ``drawn`` cards with ``size`` of them in a suit start in
    ``union_classes``' table (``[drawn, size]``; the last entry: its length)."""
    counts = np.zeros((6, 6), np.int64)
    for drawn in range(6):
        for size in range(drawn + 1):
            rest = drawn - size
            counts[drawn, size] = (SET_START[size + 1] - SET_START[size]) * (
                MULTISET_START[rest + 1] - MULTISET_START[rest]
            )
    starts = np.zeros(37, np.int64)
    starts[1:] = np.cumsum(counts.ravel())
    return starts


UNION_START = _union_starts()
# each set's ranks as bits
SET_MASKS = np.array([sum(1 << int(rank) for rank in ranks[ranks >= 0]) for ranks in SETS],
                     np.int64)  # fmt: skip
# each set's row in MULTISETS (a set of ranks is a multiset too)
SET_ROWS = np.array([ROW_OF_KEY[KEY_START[(ranks >= 0).sum()] + _key(ranks)] for ranks in SETS],
                    np.int64)  # fmt: skip


@numba.njit(cache=True, nogil=True)
def _union_classes(rows: Int64Array) -> Int64Array:
    """The rank class (as in ``_rank_classes``) of each set of ``size`` drawn ranks of one
    suit with each multiset of the ``drawn - size`` others: at ``UNION_START[drawn * 6 +
    size]``, then by the set's and the multiset's order among those of their size."""
    out = np.zeros(UNION_START[-1], np.int64)
    for drawn in range(6):
        for size in range(drawn + 1):
            rest = drawn - size
            at = UNION_START[drawn * 6 + size]
            for s_row in range(SET_START[size], SET_START[size + 1]):
                for p_row in range(MULTISET_START[rest], MULTISET_START[rest + 1]):
                    row = _row(rows, SETS[s_row], size, MULTISETS[p_row], rest)
                    out[at] = row - MULTISET_START[drawn]
                    at += 1
    return out


@dataclass(frozen=True)
class SharedTables:
    """What every hand's enumeration reads. Per MULTISETS row of 3 to 5 ranks (other rows
    0) and pair of hole ranks (``PAIRS``), the best table value over the row's triples:
    ``flush`` (five cards of one suit; row, pair), ``high`` (no flush; pair, row) and
    ``low`` (pair, row; empty for high-only games), each laid out as it is read;
    ``flush_min``, the least flush's value; ``unions``, the rank classes of
    ``_union_classes``."""

    high: NDArray[np.int16]
    flush: NDArray[np.int16]
    low: NDArray[np.int16]
    flush_min: int
    unions: Int64Array


@numba.njit(cache=True, nogil=True)
def _pair_bests(table: NDArray[np.int16], offset: int) -> NDArray[np.int16]:
    """The best ``table`` value of every (multiset row, hole-rank pair), ``offset`` added to
    the rank index (the flush table's)."""
    out = np.zeros((MULTISETS.shape[0], PAIRS), np.int16)
    triples = np.empty(10, np.int64)
    for size in range(3, 6):
        for row in range(MULTISET_START[size], MULTISET_START[size + 1]):
            n_triples = _triple_keys(MULTISETS[row], size, triples)
            for a in range(RANKS):
                for b in range(RANKS):
                    base = offset + a * PAIR_WEIGHTS[0] + b * PAIR_WEIGHTS[1]
                    best = 0
                    for t in range(n_triples):
                        best = max(best, table[base + triples[t]])
                    out[row, a * RANKS + b] = best
    return out


@functools.cache
def shared_tables(qualifier: int | None) -> SharedTables:
    """The shared tables (built once, stored: :mod:`omaha_core.stored`), with the low of
    ``qualifier`` (None: no low)."""
    high = stored("equity_high", _build_high)
    low = (np.zeros((0, MULTISETS.shape[0]), np.int16) if qualifier is None
           else stored(f"equity_low_{qualifier}", lambda: _build_low(qualifier))["low"])
    return SharedTables(high["high"], high["flush"], low, int(high["flush_min"]),
                        high["unions"])  # fmt: skip


def _build_high() -> Arrays:
    """The shared tables of the high, by name (see :class:`SharedTables`)."""
    values = high_tables().values
    flush_min = np.flatnonzero(high_tables().decode[:, 0] == FLUSH)[0]
    return {"high": np.ascontiguousarray(_pair_bests(values, 0).T),
            "flush": _pair_bests(values, FLUSH_OFFSET), "flush_min": flush_min,
            "unions": _union_classes(ROW_OF_KEY)}  # fmt: skip


def _build_low(qualifier: int) -> Arrays:
    """The shared table of the low of ``qualifier``."""
    return {"low": np.ascontiguousarray(_pair_bests(low_tables().by_qualifier[qualifier], 0).T)}


@_njit
def _row(rows: Int64Array, ranks: Int64Array, size: int, more: Int64Array, more_size: int) -> int:
    """The MULTISETS row (``rows``: ROW_OF_KEY) of the union of two sorted rank rows."""
    return int(rows[KEY_START[size + more_size] + _merge_key(ranks, size, more, more_size)])


@_njit
def _raise_to(
    out: NDArray[np.int16], values: NDArray[np.int16], first: int, fulls: Int64Array
) -> None:
    """Raise each class's ``out`` to its board's value in ``values`` (a row of a
    SharedTables ``high`` or ``low``): the board of class ``c`` is row ``first + c``, or
    ``fulls[c]`` when given (one loop or the other, so that the first runs as SIMD)."""
    if fulls.size == 0:
        for c in range(out.size):
            out[c] = max(out[c], values[first + c])
    else:
        for c in range(out.size):
            out[c] = max(out[c], values[fulls[c]])


@_njit
def _best(pairs: Int64Array, n_pairs: int, values: NDArray[np.int16]) -> int:
    """Greatest of ``values`` (a PairBests row) over a player's hole-rank pairs."""
    best = 0
    for i in range(n_pairs):
        best = max(best, values[pairs[i]])
    return best


@_njit
def _pair_keys(holes: Int64Array, suit: int, out: Int64Array, counts: Int64Array) -> None:
    """Each player's distinct hole-rank pairs as PairBests columns (``suit`` -1), or those
    of his pairs with both cards of ``suit``."""
    for p in range(holes.shape[0]):
        n = 0
        for i in range(holes.shape[1]):
            for j in range(i + 1, holes.shape[1]):
                a, b = holes[p, i], holes[p, j]
                if suit >= 0 and (a & 3 != suit or b & 3 != suit):
                    continue
                key = (a >> 2) * RANKS + (b >> 2)
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
def _outcome(hi: Int64Array, lo: Int64Array, players: Int64Array, m: int) -> int:
    """A pot's outcome among its ``m`` ``players``: ``hi_mask << m | lo_mask``."""
    best_hi, hi_mask, best_lo, lo_mask = -1, 0, 0, 0
    for j in range(m):
        p = players[j]
        if hi[p] > best_hi:
            best_hi, hi_mask = hi[p], 1 << j
        elif hi[p] == best_hi:
            hi_mask |= 1 << j
        if lo[p] > best_lo:
            best_lo, lo_mask = lo[p], 1 << j
        elif lo[p] == best_lo and best_lo > 0:
            lo_mask |= 1 << j
    return (hi_mask << m) + lo_mask


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
        hist[pot_offsets[q] + _outcome(hi, lo, pot_players[q], pot_sizes[q])] += weight


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
    rows: Int64Array,
    high: NDArray[np.int16],
    low: NDArray[np.int16],
    flush_min: int,
    pot_players: Int64Array,
    pot_sizes: Int64Array,
    pot_offsets: Int64Array,
    hist: Int64Array,
) -> Classes:
    """Record every multiset of drawn ranks (class ``c``: its row in MULTISETS after the
    first of its size), scored without flushes; returns the classes' high and low values
    (class, player), their outcomes (class, pot), and whether some player holds a full
    house or better (``flush_min``: the least flush's value)."""
    n, drawn = holes.shape[0], 5 - board.size
    pairs = np.zeros((n, holes.shape[1] ** 2), np.int64)
    n_pairs = np.zeros(n, np.int64)
    _pair_keys(holes, -1, pairs, n_pairs)
    first, classes = MULTISET_START[drawn], MULTISET_START[drawn + 1] - MULTISET_START[drawn]
    known = np.sort(board >> 2)
    # each class's whole board (its row in MULTISETS), when cards of it are known
    fulls = np.empty(classes if known.size else 0, np.int64)
    for c in range(fulls.size):
        fulls[c] = _row(rows, known, known.size, MULTISETS[first + c], drawn)
    by_player_hi = np.zeros((n, classes), np.int16)
    by_player_lo = np.zeros((n, classes), np.int16)
    for p in range(n):
        for i in range(n_pairs[p]):
            _raise_to(by_player_hi[p], high[pairs[p, i]], first, fulls)
            if low.size:
                _raise_to(by_player_lo[p], low[pairs[p, i]], first, fulls)
    class_hi = np.zeros((classes, n), np.int64)
    class_lo = np.zeros((classes, n), np.int64)
    outcomes = np.zeros((classes, pot_sizes.size), np.int64)
    strong = np.zeros(classes, np.bool_)
    hi, lo = np.zeros(n, np.int64), np.zeros(n, np.int64)
    for c in range(classes):
        weight = _weight(MULTISETS[first + c], drawn, rank_unseen)
        if weight == 0:
            continue
        for p in range(n):
            hi[p] = class_hi[c, p] = by_player_hi[p, c]
            lo[p] = class_lo[c, p] = by_player_lo[p, c]
            strong[c] |= hi[p] >= flush_min
        for q in range(pot_sizes.size):
            outcomes[c, q] = _outcome(hi, lo, pot_players[q], pot_sizes[q])
            hist[pot_offsets[q] + outcomes[c, q]] += weight
    return class_hi, class_lo, outcomes, strong


@numba.njit(cache=True, nogil=True)
def _flush_corrections(
    suit: int,
    holes: Int64Array,
    board: Int64Array,
    unseen: Int64Array,
    classes: Classes,
    rows: Int64Array,
    flush_bests: NDArray[np.int16],
    unions: Int64Array,
    pots: tuple[Int64Array, Int64Array, Int64Array],
    hist: Int64Array,
    moved: Int64Array,
) -> None:
    """Count in ``moved`` (class, pot) the runouts with three or more board cards of
    ``suit`` whose outcome the players' flushes change, and add them to ``hist`` at their
    outcome with the flushes counted.

    Where no player holds a full house or better without a flush, a flush beats every hand
    without one: a pot's high goes to its best flushes whatever the other ranks, and only
    the runouts' low outcomes are told apart.
    """
    class_hi, class_lo, outcomes, strong = classes
    pot_players, pot_sizes, pot_offsets = pots
    n, drawn = holes.shape[0], 5 - board.size
    suited = np.zeros((n, holes.shape[1] ** 2), np.int64)
    n_suited = np.zeros(n, np.int64)
    _pair_keys(holes, suit, suited, n_suited)
    known = np.sort(board[board & 3 == suit] >> 2)
    in_suit = known.size
    if n_suited.max() == 0 or in_suit + drawn < 3:
        return
    off_suit = unseen.sum(axis=0) - unseen[suit]
    least = max(0, 3 - in_suit)  # drawn cards of the suit
    others_weight = np.zeros(MULTISET_START[drawn - least + 1], np.int64)
    for rest in range(drawn - least + 1):
        for p_row in range(MULTISET_START[rest], MULTISET_START[rest + 1]):
            others_weight[p_row] = _weight(MULTISETS[p_row], rest, off_suit)
    n_pots, most = pot_sizes.size, 1 << pot_sizes.max()
    lows = np.any(class_lo > 0)  # whether some player has a low on some rank class
    # A pot's high changes on every flush board when one of its players holds two of the
    # suit (he then has a flush on each), else on none.
    has_flush = np.zeros(n_pots, np.bool_)
    for q in range(n_pots):
        for j in range(pot_sizes[q]):
            has_flush[q] |= n_suited[pot_players[q, j]] > 0
    flush, new_hi = np.empty(n, np.int64), np.empty(n, np.int64)
    no_low = np.zeros(n, np.int64)
    flush_outcome = np.zeros(n_pots, np.int64)
    counts = np.zeros((n_pots, most, most), np.int64)  # (pot, high mask, low mask)
    moved_all, moved_flush = np.zeros(moved.shape[0], np.int64), np.zeros(moved.shape[0], np.int64)
    deck = 0  # the ranks whose card of the suit is unseen, as bits
    for rank in range(RANKS):
        deck |= unseen[suit, rank] << rank
    for size in range(least, drawn + 1):
        for s_row in range(SET_START[size], SET_START[size + 1]):
            if SET_MASKS[s_row] & ~deck:
                continue
            drawn_suited = SETS[s_row]
            if in_suit:
                values = flush_bests[_row(rows, known, in_suit, drawn_suited, size)]
            else:
                values = flush_bests[SET_ROWS[s_row]]
            for p in range(n):
                flush[p] = _best(suited[p], n_suited[p], values)
            for q in range(n_pots):  # the high outcome of the best flushes
                m = pot_sizes[q]
                flush_outcome[q] = _outcome(flush, no_low, pot_players[q], m) >> m
            rest = drawn - size
            rest_rows = MULTISET_START[rest + 1] - MULTISET_START[rest]
            at = UNION_START[drawn * 6 + size] + (s_row - SET_START[size]) * rest_rows
            lowless = 0  # the runouts moved to the flushes' outcome with no low
            for i in range(rest_rows):
                weight = others_weight[MULTISET_START[rest] + i]
                if weight == 0:
                    continue
                c = unions[at + i]
                if strong[c]:
                    for p in range(n):
                        new_hi[p] = max(class_hi[c, p], flush[p])
                    moved_all[c] += weight
                    _record(new_hi, class_lo[c], weight, pot_players, pot_sizes, pot_offsets, hist)
                    continue
                moved_flush[c] += weight
                if not lows:
                    lowless += weight
                    continue
                for q in range(n_pots):
                    if has_flush[q]:
                        low_outcome = outcomes[c, q] & ((1 << pot_sizes[q]) - 1)
                        counts[q, flush_outcome[q], low_outcome] += weight
            for q in range(n_pots):
                if has_flush[q]:
                    counts[q, flush_outcome[q], 0] += lowless
    for q in range(n_pots):
        m = pot_sizes[q]
        for hi_mask in range(1 << m):
            for lo_mask in range(1 << m):
                hist[pot_offsets[q] + (hi_mask << m) + lo_mask] += counts[q, hi_mask, lo_mask]
    for c in range(moved.shape[0]):
        for q in range(n_pots):
            moved[c, q] += moved_all[c] + (moved_flush[c] if has_flush[q] else 0)


def runout_histogram(
    holes: Int64Array,
    board: Int64Array,
    unseen: Int64Array,
    bests: SharedTables,
    pots: tuple[Int64Array, Int64Array, Int64Array],
    hist: Int64Array,
) -> None:
    """Add every runout of the unseen cards to ``hist`` (see the module docstring).

    holes (n, k) and board (b,) card ids; unseen (4, 13): 1 where the card of that suit and
    rank is in the deck; bests: ``shared_tables`` of the game's low; pots: the eligible players'
    indexes (pots, n), their counts, and each pot's first entry in ``hist``.
    """
    _runout_histogram(holes, board, unseen, ROW_OF_KEY, bests.high, bests.low, bests.flush,
                      bests.flush_min, bests.unions, pots, hist)  # fmt: skip


@numba.njit(cache=True, nogil=True)
def _runout_histogram(
    holes: Int64Array,
    board: Int64Array,
    unseen: Int64Array,
    rows: Int64Array,
    high: NDArray[np.int16],
    low: NDArray[np.int16],
    flush: NDArray[np.int16],
    flush_min: int,
    unions: Int64Array,
    pots: tuple[Int64Array, Int64Array, Int64Array],
    hist: Int64Array,
) -> None:
    """``runout_histogram`` in one compiled call."""
    classes = _rank_classes(holes, board, unseen.sum(axis=0), rows, high, low, flush_min,
                            pots[0], pots[1], pots[2], hist)  # fmt: skip
    moved = np.zeros_like(classes[2])
    for suit in range(4):
        _flush_corrections(suit, holes, board, unseen, classes, rows, flush, unions, pots, hist,
                           moved)  # fmt: skip
    _unmove(classes[2], moved, pots[2], hist)


@numba.njit(cache=True, nogil=True)
def _unmove(outcomes: Int64Array, moved: Int64Array, pot_offsets: Int64Array,
            hist: Int64Array) -> None:
    """Take the moved runouts from their rank class's outcome."""
    for c in range(outcomes.shape[0]):
        for q in range(outcomes.shape[1]):
            hist[pot_offsets[q] + outcomes[c, q]] -= moved[c, q]


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
