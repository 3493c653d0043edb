"""Evaluator throughput against phevaluator and pokerkit, on the same seeded deals in one run.

Prints hands per second of ``high_values`` and of ``high_low_values`` (high and 8-or-better
low together) for 4-, 5- and 6-card Omaha, of phevaluator's fastest 4-card Omaha call, and of
pokerkit on a subset, then the ratios and whether the targets hold:
4-card ``high_values`` at least phevaluator, high+low at least half of phevaluator, and the 5-
and 6-card rates no worse than the count of (pair, triple) choices predicts.

Run: ``make bench`` (pinned to one core; numpy runs these kernels single-threaded anyway).
"""

from __future__ import annotations

import itertools
import math
import os
import time
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray
from phevaluator import _pheval, evaluate_omaha_cards
from pokerkit import OmahaEightOrBetterLowHand, OmahaHoldemHand

from omaha_core import format_cards, high_low_values, high_values

DEALS = 200_000
POKERKIT_DEALS = 300
REPEATS = 3
SEED = 2026


def deals(count: int, hole_cards: int) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    rng = np.random.default_rng(SEED + hole_cards)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (count, 1)), axis=1)
    return decks[:, :hole_cards].copy(), decks[:, hole_cards : hole_cards + 5].copy()


def rate(run: Callable[..., object], count: int, *args: object) -> float:
    """Hands per second of the best of ``REPEATS`` runs of ``run(*args)`` over ``count`` hands."""
    best = math.inf
    for _ in range(REPEATS):
        start = time.perf_counter()
        run(*args)
        best = min(best, time.perf_counter() - start)
    return count / best


def phevaluator_rate(holes: NDArray[np.uint8], boards: NDArray[np.uint8]) -> tuple[str, float]:
    """The fastest of phevaluator's 4-card Omaha entry points (board first, then hole)."""
    pairs = zip(holes.tolist(), boards.tolist(), strict=True)
    rows = [tuple(board) + tuple(hole) for hole, board in pairs]
    calls = {
        "evaluate_omaha_cards": evaluate_omaha_cards,
        "_pheval.evaluate_omaha_cards": _pheval.evaluate_omaha_cards,
        "_pheval.evaluate_plo4_cards": _pheval.evaluate_plo4_cards,
    }
    rates = {
        name: rate(lambda call: list(itertools.starmap(call, rows)), len(rows), call)
        for name, call in calls.items()
    }
    fastest = max(rates, key=rates.__getitem__)
    return fastest, rates[fastest]


def pokerkit_rate(holes: NDArray[np.uint8], boards: NDArray[np.uint8], low: bool) -> float:
    texts = [
        (format_cards(hole).replace(" ", ""), format_cards(board).replace(" ", ""))
        for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
    ]

    def run() -> None:
        for hole, board in texts:
            OmahaHoldemHand.from_game(hole, board)
            if low:
                OmahaEightOrBetterLowHand.from_game_or_none(hole, board)

    start = time.perf_counter()
    run()
    return len(texts) / (time.perf_counter() - start)


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    print(f"{DEALS:,} seeded deals per game (pokerkit: first {POKERKIT_DEALS}), best of {REPEATS}")
    print(f"{'hole':>4}  {'choices':>7}  {'high/s':>11}  {'high+low/s':>11}  "
          f"{'pokerkit hi/s':>13}  {'pokerkit hi+lo/s':>16}")
    ours: dict[int, tuple[float, float]] = {}
    for hole_cards in (4, 5, 6):
        holes, boards = deals(DEALS, hole_cards)
        high_values(holes[:1000], boards[:1000])  # build the tables outside the timing
        high = rate(high_values, DEALS, holes, boards)
        both = rate(high_low_values, DEALS, holes, boards, 8)
        subset = holes[:POKERKIT_DEALS], boards[:POKERKIT_DEALS]
        kit_high = pokerkit_rate(*subset, low=False)
        kit_both = pokerkit_rate(*subset, low=True)
        ours[hole_cards] = (high, both)
        choices = math.comb(hole_cards, 2) * 10
        print(f"{hole_cards:>4}  {choices:>7}  {high:>11,.0f}  {both:>11,.0f}  "
              f"{kit_high:>13,.0f}  {kit_both:>16,.0f}")

    holes, boards = deals(DEALS, 4)
    call, baseline = phevaluator_rate(holes, boards)
    high4, both4 = ours[4]
    print(f"\nphevaluator 4-card ({call}): {baseline:,.0f} hands/s")
    print(f"high_values / phevaluator:       {high4 / baseline:5.2f}  (target >= 1)")
    print(f"high_low_values / phevaluator:   {both4 / baseline:5.2f}  (target >= 0.5)")
    for hole_cards in (5, 6):
        expected = 6 / math.comb(hole_cards, 2)
        print(f"{hole_cards}-card / 4-card high rate:     {ours[hole_cards][0] / high4:5.2f}  "
              f"(choices predict {expected:.2f})")
    checks = {
        "4-card high >= phevaluator": high4 >= baseline,
        "high+low >= phevaluator / 2": both4 >= baseline / 2,
        "5/6-card scale with the choices": all(
            ours[k][0] / high4 >= 6 / math.comb(k, 2) * 0.95 for k in (5, 6)
        ),
    }
    for name, ok in checks.items():
        print(f"{'ok  ' if ok else 'MISS'} {name}")


if __name__ == "__main__":
    main()
