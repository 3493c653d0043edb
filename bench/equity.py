"""Exact all-in equity against the same enumeration with phevaluator, in one run.

Spots: heads-up 4-card Omaha preflop (C(44, 5) = 1,086,008 runouts), hi and hi/lo; 3-way
6-card Omaha preflop (C(34, 5) = 278,256 runouts), hi and hi/lo; seeded heads-up 4-card and
6-way 6-card flops. The baseline deals every runout and scores each player with
phevaluator's fastest call (timed on a sample, the C entry points usually win). phevaluator
only has the 4-card Omaha high: a 6-card hand is the best of its 15 four-card subsets (every
hole pair lies in one), and for hi/lo only the high part is computed, so hi/lo is compared
against a baseline that does less. Its high counts must equal ``equity``'s exactly.

Targets: heads-up preflop under 0.5 s and at least 5 times the baseline; 3-way 6-card
preflop under 0.5 s; flops at least 1,000 spots per second.

Run: ``python -m bench.equity``. One core, CPU time; ``equity`` keeps its best of several
rounds, the long baseline runs once.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import random
import time
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray
from phevaluator import _pheval, evaluate_omaha_cards

from omaha_core.cards import format_cards, parse_cards
from omaha_core.equity import Equity, equity
from omaha_core.games import GAMES

ROUNDS = 5
FLOP_SPOTS = 400
SEED = 2026
PHEVALUATOR_CALLS: dict[str, Callable[..., int]] = {
    "evaluate_omaha_cards": evaluate_omaha_cards,
    "_pheval.evaluate_omaha_cards": _pheval.evaluate_omaha_cards,
    "_pheval.evaluate_plo4_cards": _pheval.evaluate_plo4_cards,
}
PREFLOP = {
    "heads-up 4-card": ["Ac Ad Kc 2d", "Js Ts 4h 3h"],
    "3-way 6-card": ["As Ah Ks Qd 2c 3h", "Jc Tc 9d 8d 7s 6s", "Kh Kd 5c 4c 4d 2s"],
}
GAME_OF = {"heads-up 4-card": ("omaha", "omaha8"), "3-way 6-card": ("omaha6", "omaha6_8")}


def fastest_phevaluator() -> tuple[str, Callable[..., int]]:
    """The phevaluator call with the least CPU time over 200,000 deals."""
    boards = list(itertools.islice(itertools.combinations(range(8, 52), 5), 200_000))
    timings = {}
    for name, call in PHEVALUATOR_CALLS.items():
        start = time.process_time()
        list(itertools.starmap(call, ((*board, 0, 1, 2, 3) for board in boards)))
        timings[name] = time.process_time() - start
    name = min(timings, key=timings.__getitem__)
    return name, PHEVALUATOR_CALLS[name]


def phevaluator_counts(
    call: Callable[..., int], holes: Sequence[Sequence[int]], board: Sequence[int]
) -> tuple[list[int], list[int]]:
    """(win, tie) high counts per player over every runout, scoring with ``call``."""
    seen = {*board, *itertools.chain.from_iterable(holes)}
    deck = [card for card in range(52) if card not in seen]
    known = tuple(board)
    ranks = []  # phevaluator: lower is better
    for hole in holes:
        best: NDArray[np.int32] | None = None
        for four in itertools.combinations(hole, 4):
            runs = (known + drawn + four for drawn in itertools.combinations(deck, 5 - len(known)))
            values = np.fromiter(itertools.starmap(call, runs), np.int32)
            best = values if best is None else np.minimum(best, values)
        assert best is not None
        ranks.append(best)
    stacked = np.array(ranks)
    winners = stacked == stacked.min(axis=0)
    alone = winners.sum(axis=0) == 1
    win = (winners & alone).sum(axis=1)
    tie = (winners & ~alone).sum(axis=1)
    return [int(count) for count in win], [int(count) for count in tie]


def best_time(run: Callable[[], object]) -> float:
    """Least CPU seconds of ``run`` over ROUNDS rounds."""
    best = math.inf
    for _ in range(ROUNDS):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def flop_spots(hole_cards: int, players: int) -> list[tuple[list[list[int]], list[int]]]:
    rng = random.Random(SEED + hole_cards * 10 + players)
    spots = []
    for _ in range(FLOP_SPOTS):
        deck = rng.sample(range(52), hole_cards * players + 3)
        holes = [deck[i * hole_cards : (i + 1) * hole_cards] for i in range(players)]
        spots.append((holes, deck[-3:]))
    return spots


def equity_spots(spots: list[tuple[list[list[int]], list[int]]], game: str) -> None:
    for holes, board in spots:
        equity(holes, board, game=game)


def high_counts(result: Equity) -> tuple[list[int], list[int]]:
    return ([p.win for p in result.players.values()], [p.tie for p in result.players.values()])


def preflop(call: Callable[..., int], checks: dict[str, bool]) -> None:
    """Print preflop spots: equity's time for hi and hi/lo against the baseline's."""
    for label, texts in PREFLOP.items():
        holes = [parse_cards(text) for text in texts]
        start = time.process_time()
        baseline = phevaluator_counts(call, holes, ())
        base_time = time.process_time() - start
        print(f"\n{label} preflop: {' vs '.join(texts)}; phevaluator {base_time:.3f} s")
        for game in GAME_OF[label]:
            result = equity(holes, game=game)
            seconds = best_time(functools.partial(equity, holes, game=game))
            same = high_counts(result) == baseline
            shares = ", ".join(f"{p.equity:.4f}" for p in result.players.values())
            print(
                f"  {GAMES[game].label:<32} {result.runouts:>9,} runouts  {seconds:.4f} s  "
                f"x{base_time / seconds:6.1f}  equities {shares}  high = phevaluator: {same}"
            )
            checks[f"{label} {game}: under 0.5 s"] = seconds < 0.5
            checks[f"{label} {game}: high counts equal phevaluator's"] = same
            if label.startswith("heads-up"):
                checks[f"{label} {game}: at least 5x phevaluator"] = base_time >= 5 * seconds


def flops(call: Callable[..., int], checks: dict[str, bool]) -> None:
    """Print flop spots per second, equity against the baseline on the first 40."""
    for game, players in (("omaha8", 2), ("omaha6_8", 6)):
        spots = flop_spots(GAMES[game].hole_cards, players)
        seconds = best_time(functools.partial(equity_spots, spots, game))
        start = time.process_time()
        for holes, board in spots[:40]:
            phevaluator_counts(call, holes, board)
        base_rate = 40 / (time.process_time() - start)
        rate = len(spots) / seconds
        print(
            f"  {players}-way {GAMES[game].label:<32} {rate:>8,.0f} flops/s  "
            f"phevaluator (high only) {base_rate:>6,.0f}/s  x{rate / base_rate:5.1f}"
        )
        checks[f"{players}-way {game} flops: at least 1,000/s"] = rate >= 1000


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    equity([parse_cards("As Ah 2c 3d"), parse_cards("Ks Kh Qc Jd")], game="omaha8")  # warm up
    name, call = fastest_phevaluator()
    print(
        f"Exact equity, one core, CPU time, best of {ROUNDS}; baseline: every runout scored "
        f"with phevaluator {name} (its fastest call here), high only"
    )
    checks: dict[str, bool] = {}
    preflop(call, checks)
    print(f"\nflops ({FLOP_SPOTS} seeded spots each; e.g. {format_cards(flop_spots(4, 2)[0][1])}):")
    flops(call, checks)
    print()
    for check, ok in checks.items():
        print(f"{'ok  ' if ok else 'MISS'} {check}")


if __name__ == "__main__":
    main()
