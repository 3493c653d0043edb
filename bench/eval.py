"""Evaluator throughput against phevaluator and pokerkit, on the same seeded deals in one run.

Prints hands per second of ``high_values`` and of ``high_low_values`` (high and 8-or-better
low together) for 4-, 5- and 6-card Omaha, of phevaluator's fastest 4-card Omaha call, and of
pokerkit on a subset, then the ratios and whether the targets hold:
4-card ``high_values`` at least phevaluator, high+low at least half of phevaluator, and the 5-
and 6-card rates no worse than the count of (pair, triple) choices predicts.

Run: ``make bench``. Pinned to one core (numpy runs these kernels single-threaded anyway).
Every measurement runs once per round, rounds interleave them all, and each keeps its best
round in CPU time, so that other work on a shared machine weighs on every figure alike.
"""

from __future__ import annotations

import functools
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
POKERKIT_DEALS = 200
ROUNDS = 7
SEED = 2026
HOLE_SIZES = (4, 5, 6)
PHEVALUATOR_CALLS: dict[str, Callable[..., int]] = {
    "evaluate_omaha_cards": evaluate_omaha_cards,
    "_pheval.evaluate_omaha_cards": _pheval.evaluate_omaha_cards,
    "_pheval.evaluate_plo4_cards": _pheval.evaluate_plo4_cards,
}


def deals(count: int, hole_cards: int) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    rng = np.random.default_rng(SEED + hole_cards)
    decks = rng.permuted(np.tile(np.arange(52, dtype=np.uint8), (count, 1)), axis=1)
    return decks[:, :hole_cards].copy(), decks[:, hole_cards : hole_cards + 5].copy()


def phevaluator_run(
    call: Callable[..., int], holes: NDArray[np.uint8], boards: NDArray[np.uint8]
) -> Callable[[], object]:
    """One pass of a phevaluator call over the deals (it takes the board first, then the hole)."""
    pairs = zip(holes.tolist(), boards.tolist(), strict=True)
    rows = [tuple(board) + tuple(hole) for hole, board in pairs]
    return lambda: list(itertools.starmap(call, rows))


def pokerkit_run(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], low: bool
) -> Callable[[], object]:
    """One pass of pokerkit's Omaha high (and 8-or-better low) over the deals."""
    texts = [
        (format_cards(hole).replace(" ", ""), format_cards(board).replace(" ", ""))
        for hole, board in zip(holes.tolist(), boards.tolist(), strict=True)
    ]

    def run() -> None:
        for hole, board in texts:
            OmahaHoldemHand.from_game(hole, board)
            if low:
                OmahaEightOrBetterLowHand.from_game_or_none(hole, board)

    return run


def best_rates(runs: dict[str, tuple[Callable[[], object], int]]) -> dict[str, float]:
    """Hands per CPU second of each run's best round; rounds interleave all the runs."""
    best = dict.fromkeys(runs, math.inf)
    for round_number in range(ROUNDS):
        for name, (run, _) in runs.items():
            if name.startswith("pokerkit") and round_number:
                continue  # pokerkit is too slow to repeat, and no figure depends on its best
            start = time.process_time()
            run()
            best[name] = min(best[name], time.process_time() - start)
    return {name: count / best[name] for name, (_, count) in runs.items()}


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    runs: dict[str, tuple[Callable[[], object], int]] = {}
    for k in HOLE_SIZES:
        holes, boards = deals(DEALS, k)
        runs[f"high {k}"] = functools.partial(high_values, holes, boards), DEALS
        runs[f"high+low {k}"] = functools.partial(high_low_values, holes, boards, 8), DEALS
        subset = holes[:POKERKIT_DEALS], boards[:POKERKIT_DEALS]
        runs[f"pokerkit high {k}"] = pokerkit_run(*subset, low=False), POKERKIT_DEALS
        runs[f"pokerkit high+low {k}"] = pokerkit_run(*subset, low=True), POKERKIT_DEALS
        if k == 4:
            for name, call in PHEVALUATOR_CALLS.items():
                runs[f"phevaluator {name}"] = phevaluator_run(call, holes, boards), DEALS
    high_values(*deals(10, 4))  # build the tables before any timing
    rates = best_rates(runs)

    print(f"{DEALS:,} seeded deals per size (pokerkit: the first {POKERKIT_DEALS}), "
          f"best of {ROUNDS} interleaved rounds, CPU time, one core")
    print(f"{'hole':>4}  {'choices':>7}  {'high/s':>11}  {'high+low/s':>11}  "
          f"{'pokerkit hi/s':>13}  {'pokerkit hi+lo/s':>16}")
    for k in HOLE_SIZES:
        print(f"{k:>4}  {math.comb(k, 2) * 10:>7}  {rates[f'high {k}']:>11,.0f}  "
              f"{rates[f'high+low {k}']:>11,.0f}  {rates[f'pokerkit high {k}']:>13,.0f}  "
              f"{rates[f'pokerkit high+low {k}']:>16,.0f}")
    for name in PHEVALUATOR_CALLS:
        print(f"phevaluator {name} (4-card): {rates[f'phevaluator {name}']:,.0f} hands/s")
    baseline = max(rates[f"phevaluator {name}"] for name in PHEVALUATOR_CALLS)
    high4, both4 = rates["high 4"], rates["high+low 4"]
    print(f"\nhigh_values / fastest phevaluator:      {high4 / baseline:5.2f}  (target >= 1)")
    print(f"high_low_values / fastest phevaluator:  {both4 / baseline:5.2f}  (target >= 0.5)")
    print(f"high_values / pokerkit (4-card):        {high4 / rates['pokerkit high 4']:5.0f}")
    scaling_ok = True
    for k in (5, 6):
        predicted = 6 / math.comb(k, 2)
        measured = rates[f"high {k}"] / high4
        scaling_ok &= measured >= predicted * 0.95
        print(f"{k}-card / 4-card high rate:             {measured:5.2f}  "
              f"(the choice count predicts {predicted:.2f})")
    checks = {
        "4-card high >= phevaluator": high4 >= baseline,
        "high+low >= phevaluator / 2": both4 >= baseline / 2,
        "5/6-card rates scale with the choice count": scaling_ok,
    }
    for name, ok in checks.items():
        print(f"{'ok  ' if ok else 'MISS'} {name}")


if __name__ == "__main__":
    main()
