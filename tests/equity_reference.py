"""Plain-Python exact all-in equity, written from the rules' definitions alone (test reference).

Independent of ``omaha_core``: cards are the ids ``rank * 4 + suit`` (rank 0..12 for 2..A),
every runout of the unseen cards is enumerated, and each hand is the best of every choice of
exactly two hole cards and three board cards under a plain 5-card ranking. Hi/lo: half the
pot to the best high, half to the best qualifying low, the whole pot to the high when nobody
has a low; tied hands share their half equally. The only concessions to speed: the 5-card
ranking is memoised by its ranks (and whether the five cards share a suit), and each hand
and board is split into its pairs and triples once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations

ACE = 12
HighKey = tuple[int, ...]
LowKey = tuple[int, ...] | None


def _high_of_ranks(ranks: tuple[int, ...], flush: bool) -> HighKey:
    """(category, ranks by significance) of five cards with these sorted ranks."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    order = tuple(rank for rank, _ in groups)
    top = None
    if len(counts) == 5 and order[0] - order[4] == 4:
        top = order[0]
    elif order == (ACE, 3, 2, 1, 0):
        top = 3  # the wheel: a five-high straight
    if top is not None:
        return (8, top) if flush else (4, top)
    if flush:
        return (5, *order)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}
    return (category.get(shape, 0), *order)


def _low_of_ranks(ranks: tuple[int, ...], qualifier: int) -> LowKey:
    """Ace-to-five low of five cards with these ranks (greater is better), or None."""
    values = sorted((1 if rank == ACE else rank + 2 for rank in ranks), reverse=True)
    if len(set(values)) < 5 or values[0] > qualifier:
        return None
    return tuple(-value for value in values)  # lower cards are better: negate


@cache
def _values(ranks: tuple[int, ...], flush: bool, qualifier: int | None) -> tuple[HighKey, LowKey]:
    """High and low of five cards with these sorted ranks, all of one suit when ``flush``."""
    low = None if qualifier is None else _low_of_ranks(ranks, qualifier)
    return _high_of_ranks(ranks, flush), low


Parts = list[tuple[tuple[int, ...], int]]


def parts(cards: Sequence[int], size: int) -> Parts:
    """Each choice of ``size`` cards as (ranks, common suit or -1)."""
    return [
        (
            tuple(card // 4 for card in chosen),
            chosen[0] % 4 if len({card % 4 for card in chosen}) == 1 else -1,
        )
        for chosen in combinations(cards, size)
    ]


def omaha_values(pairs: Parts, triples: Parts, qualifier: int | None) -> tuple[HighKey, LowKey]:
    """Best high and best qualifying low (None: no low, or qualifier None) over every
    choice of two hole cards (``parts(hole, 2)``) and three board cards (``parts(board,
    3)``), each scored as a plain 5-card hand."""
    hands = [
        _values(tuple(sorted(pair + triple)), suit >= 0 and suit == triple_suit, qualifier)
        for pair, suit in pairs
        for triple, triple_suit in triples
    ]
    lows = [low for _, low in hands if low is not None]
    return max(high for high, _ in hands), max(lows, default=None)


@dataclass
class ReferenceResult:
    """One player's totals over every runout (shares as exact fractions of a runout)."""

    win: int = 0
    tie: int = 0
    lo_win: int = 0
    lo_tie: int = 0
    scoop: int = 0
    hi: Fraction = Fraction(0)
    lo: Fraction = Fraction(0)
    whole: Fraction = Fraction(0)


def runout_shares(
    hole_pairs: Sequence[Parts], board: Sequence[int], qualifier: int | None
) -> list[tuple[Fraction, Fraction, bool, bool, int, int]]:
    """Per player (given as ``parts(hole, 2)``) on one full board: (high-half share, low-half
    share, won the high alone, scooped, high winners, low winners); with no low the low
    half follows the high."""
    triples = parts(board, 3)
    values = [omaha_values(pairs, triples, qualifier) for pairs in hole_pairs]
    highs = [high for high, _ in values]
    hi_winners = [i for i, high in enumerate(highs) if high == max(highs)]
    lows = [low for _, low in values if low is not None]
    lo_winners = [i for i, (_, low) in enumerate(values) if lows and low == max(lows)]
    lo_takers = lo_winners or hi_winners
    rows = []
    for i in range(len(hole_pairs)):
        hi = Fraction(1, len(hi_winners)) if i in hi_winners else Fraction(0)
        lo = Fraction(1, len(lo_takers)) if i in lo_takers else Fraction(0)
        alone = hi_winners == [i]
        rows.append((hi, lo, alone, alone and lo == 1, len(hi_winners), len(lo_winners)))
    return rows


def reference_equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    qualifier: int | None,
) -> tuple[int, list[ReferenceResult]]:
    """(runouts, per-player totals) by enumerating every runout; qualifier None: high only."""
    seen = {*board, *dead, *(card for hole in holes for card in hole)}
    deck = [card for card in range(52) if card not in seen]
    results = [ReferenceResult() for _ in holes]
    hole_pairs = [parts(hole, 2) for hole in holes]
    runouts = 0
    for runout in combinations(deck, 5 - len(board)):
        runouts += 1
        rows = runout_shares(hole_pairs, (*board, *runout), qualifier)
        for result, (hi, lo, alone, scoop, hi_count, lo_count) in zip(results, rows, strict=True):
            result.win += alone
            result.tie += hi > 0 and hi_count > 1
            result.lo_win += lo == 1 and lo_count == 1
            result.lo_tie += lo > 0 and lo_count > 1
            result.scoop += scoop
            result.hi += hi
            result.lo += lo
            result.whole += (hi + lo) / 2
    return runouts, results
