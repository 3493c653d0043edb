"""Deterministic writer of realistic PokerStars-format Omaha hand histories.

Every variant (Omaha, 5- and 6-card Omaha, Courchevel, each hi and hi/lo), pot-limit
mostly, some no-limit and fixed-limit; cash games in USD cents and some tournament hands in
chips with antes; 2 to 6 players at 6-max tables, 9 at full-ring 4-card tables. The betting
is legal (see :mod:`ingest.generator_play`), pots are built with
:func:`omaha_core.pots.build_pots`, hands are valued with the batched evaluator and pots
awarded with :func:`omaha_core.awards.award_pots` under the default odd-chip rule. All-in
hands between two players in cash games are sometimes run twice.

Rake rule (cash games only; tournaments pay none): no flop, no rake; otherwise
``min(total_pot * 5 // 100, 300)`` cents, spread over the pots as PokerStars does it: the
rake charged on the pots up to and including pot k is ``round(rake * C_k / T)``, C_k being
the chips in pots 0..k and T the total pot (:func:`ingest.generator_hand.rake_by_pot`).
``Total pot`` in the summary is before rake; the pot amounts listed after it and the
``collected`` amounts add up to the total pot minus the rake.

The output depends only on the seed, the number of hands and the games: hands are made in
blocks, each with its own random stream, so blocks can be written by several processes.
"""

from __future__ import annotations

import datetime as dt
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO
from zoneinfo import ZoneInfo

import numpy as np
from numpy.typing import NDArray

from ingest.generator_hand import Deal, Values, hand_text
from ingest.generator_hand import rake_by_pot as rake_by_pot
from ingest.generator_hand import rake_for as rake_for
from ingest.generator_play import RIVER, Setup, play_hand
from ingest.generator_text import (
    ROMAN,
    TABLE_NAMES,
    et_time,
    money_formatter,
    screen_names,
)
from ingest.paused import collection_paused
from omaha_core.evaluate import high_low_values
from omaha_core.games import GAMES

BLOCK_HANDS = 2000
RANDOMS_PER_HAND = 64
FIRST_HAND_ID = 200_000_000_000
HAND_ID_STEP = 37  # ids grow by 1..37 from hand to hand
START_UTC = int(dt.datetime(2024, 1, 8, 14, tzinfo=dt.UTC).timestamp())  # 9:00 ET
EASTERN = ZoneInfo("America/New_York")
CASH_STAKES = ((1, 2), (2, 5), (5, 10), (10, 25), (25, 50), (50, 100), (100, 200), (200, 400),
               (500, 1000), (1000, 2000))  # fmt: skip
FL_SMALL_BETS = (4, 10, 20, 50, 100, 200, 400)
LEVELS = ((10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300),
          (200, 400), (300, 600), (400, 800), (600, 1200), (1000, 2000))  # fmt: skip
NAME_POOL = 4000
RUN_TWICE_CHANCE = 0.35


def generate(
    out_path: str | Path,
    hands: int,
    seed: int = 0,
    games: Sequence[str] = tuple(GAMES),
    workers: int = 1,
) -> int:
    """Write ``hands`` hands to ``out_path``; returns the number of bytes written."""
    unknown = [name for name in games if name not in GAMES]
    if unknown or not games:
        raise ValueError(f"unknown games {unknown}; choose from {', '.join(GAMES)}")
    written = 0
    with open(out_path, "w", encoding="utf-8", newline="\n") as stream:
        for text in iter_blocks(hands, seed, games, workers):
            written += _write(stream, text)
    return written


def _write(stream: IO[str], text: str) -> int:
    stream.write(text)
    return len(text.encode("utf-8"))


def iter_blocks(hands: int, seed: int, games: Sequence[str], workers: int = 1) -> Iterator[str]:
    """The text of the hands, block by block, in order (blocks made in ``workers`` processes)."""
    starts = list(range(0, hands, BLOCK_HANDS))
    jobs = [(seed, first, min(BLOCK_HANDS, hands - first), tuple(games)) for first in starts]
    if workers <= 1:
        for job in jobs:
            yield block_text(*job)
        return
    with ProcessPoolExecutor(workers) as pool:
        # blocks come back in order, with a bounded number in flight
        in_flight: deque[Future[str]] = deque()
        for job in jobs:
            in_flight.append(pool.submit(block_text, *job))
            if len(in_flight) > workers * 2:
                yield in_flight.popleft().result()
        while in_flight:
            yield in_flight.popleft().result()


def block_text(seed: int, first: int, count: int, games: tuple[str, ...]) -> str:
    """The hands ``first`` .. ``first + count - 1`` of the stream for ``seed``."""
    rng = np.random.default_rng([seed, first])
    # A block allocates many small, acyclic lists that live until its text is written.
    with collection_paused():
        rows = _rows(rng, first, count)
        deals = [_deal(seed, first + j, games, row) for j, row in enumerate(rows)]
        values = _evaluate(deals)
        return "".join(hand_text(deal, values.get(id(deal), {})) for deal in deals)


@dataclass(slots=True)
class _Row:
    """The per-hand random draws of a block, as plain Python values."""

    deck: list[int]
    rand: list[float]  # drives the betting
    choice: list[float]  # game, table and stakes choices
    order: list[int]  # seat order
    depth: list[float]  # stack sizes
    started: str  # ET time text


def _rows(rng: np.random.Generator, first: int, count: int) -> Iterator[_Row]:
    decks = np.argsort(rng.random((count, 52)), axis=1).astype(np.uint8).tolist()
    rand = rng.random((count, RANDOMS_PER_HAND)).tolist()
    choice = rng.random((count, 16)).tolist()
    orders = np.argsort(rng.random((count, 9)), axis=1).tolist()
    depth = rng.random((count, 18)).tolist()
    utc = START_UTC + np.arange(first, first + count) * 40 + rng.integers(0, 40, count)
    times = np.datetime_as_string(_eastern(utc).astype("datetime64[s]")).tolist()
    for deck, r, c, o, d, t in zip(decks, rand, choice, orders, depth, times, strict=True):
        yield _Row(deck, r, c, o, d, et_time(t))


def _eastern(utc: NDArray[np.int64]) -> NDArray[np.int64]:
    """Unix seconds to US Eastern wall-clock seconds: PokerStars writes ET, and an ET time
    must exist (none in the hour skipped each March)."""
    hours = utc // 3600
    # offsets change on the hour, so one zone lookup per distinct hour is exact
    distinct, where = np.unique(hours, return_inverse=True)
    offsets = np.array([_offset_seconds(int(hour) * 3600) for hour in distinct.tolist()], np.int64)
    eastern: NDArray[np.int64] = utc + offsets[where]
    return eastern


def _offset_seconds(moment: int) -> int:
    offset = dt.datetime.fromtimestamp(moment, EASTERN).utcoffset()
    assert offset is not None
    return int(offset.total_seconds())


_NAMES: dict[int, list[str]] = {}


def _names(seed: int) -> list[str]:
    if seed not in _NAMES:
        _NAMES[seed] = screen_names(NAME_POOL, seed)
    return _NAMES[seed]


def _pick(weights: Sequence[float], u: float) -> int:
    total = 0.0
    for index, weight in enumerate(weights):
        total += weight
        if u < total:
            return index
    return len(weights) - 1


def _deal(seed: int, number: int, games: tuple[str, ...], row: _Row) -> Deal:
    c = row.choice
    game = GAMES[games[int(c[0] * len(games))]]
    limit_type = ("PL", "NL", "FL")[_pick((0.8, 0.1, 0.1), c[1])]
    tournament = c[2] < 0.15
    if game.hole_cards == 4 and c[3] < 0.15:
        n, max_seats = 9, 9
    else:
        n, max_seats = 2 + _pick((0.1, 0.15, 0.2, 0.25, 0.3), c[4]), 6
    seats = sorted([s + 1 for s in row.order if s < max_seats][:n])
    button = int(c[5] * n)
    hero = int(c[6] * n)
    level = int(c[7] * len(LEVELS)) if tournament else 0
    if tournament:
        small, big = LEVELS[level]
        ante = big // 10 if level >= 4 else 0
    elif limit_type == "FL":
        big = FL_SMALL_BETS[int(c[7] * len(FL_SMALL_BETS))]
        small, ante = big // 2, 0
    else:
        small, big = CASH_STAKES[int(c[7] * len(CASH_STAKES))]
        ante = 0
    # about a third of the players short (15-75 big blinds), the others 80-255
    depths = [15 + u * 200 if u < 0.3 else 80 + (u - 0.3) * 250 for u in row.depth[:n]]
    if tournament:
        stacks = [int(d * big) // 5 * 5 + ante for d in depths]
    else:
        stacks = [int(d * big) + int(u * 100) for d, u in zip(depths, row.depth[9:], strict=False)]
    pool = _names(seed)
    start = int(c[8] * len(pool))
    step = 1 + int(c[9] * 97) * 2
    names = [pool[(start + j * step) % len(pool)] for j in range(n)]
    names[hero] = "Hero"
    setup = Setup(limit_type, small, big, ante, names, stacks, button, 0.25 + 0.6 * c[10] ** 2)
    play = play_hand(setup, money_formatter(tournament), row.rand)
    k = game.hole_cards
    deck = row.deck
    holes = [deck[j * k : (j + 1) * k] for j in range(n)]
    board = deck[n * k : n * k + 5]
    boards = [board]
    ended = play.betting_ended_on
    common = (0, 3, 4, 5)[ended]
    if (
        not tournament
        and limit_type != "FL"
        and not game.courchevel
        and len(play.live()) == 2
        and play.last_street == RIVER
        and ended < RIVER
        and c[11] < RUN_TWICE_CHANCE
    ):
        boards.append(board[:common] + deck[n * k + 5 : n * k + 10 - common])
    tournament_id = 0
    if tournament:
        tournament_id = 1_800_000_000 + seed * 1_000_000 + number // 50
    hand_id = FIRST_HAND_ID + seed * 1_000_000_000 + number * HAND_ID_STEP + int(c[12] * 36)
    table = f"{TABLE_NAMES[int(c[14] * len(TABLE_NAMES))]} {ROMAN[int(c[15] * len(ROMAN))]}"
    return Deal(hand_id, game, tournament_id, level, row.started, seats, max_seats, table, hero,
                 holes, boards, play, row.rand)  # fmt: skip


def _evaluate(deals: list[Deal]) -> dict[int, Values]:
    """Per deal: (board index, player index) -> (high value, low value or None), batched."""
    groups: dict[tuple[int, bool], list[tuple[int, int, int, list[int], list[int]]]] = {}
    for deal in deals:
        live = deal.play.live()
        if len(live) < 2:
            continue
        key = (deal.game.hole_cards, deal.game.hi_lo)
        for b, board in enumerate(deal.boards):
            for i in live:
                groups.setdefault(key, []).append((id(deal), b, i, deal.holes[i], board))
    values: dict[int, Values] = {}
    for (_, hi_lo), requests in groups.items():
        holes: NDArray[np.uint8] = np.array([r[3] for r in requests], np.uint8)
        boards: NDArray[np.uint8] = np.array([r[4] for r in requests], np.uint8)
        high, low = high_low_values(holes, boards, 8 if hi_lo else None)
        for (deal_id, b, i, _, _), hv, lv in zip(
            requests, high.tolist(), low.tolist(), strict=True
        ):
            values.setdefault(deal_id, {})[(b, i)] = (hv, lv if hi_lo else None)
    return values
