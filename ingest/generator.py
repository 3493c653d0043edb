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
the chips in pots 0..k and T the total pot (see :func:`rake_by_pot`). ``Total pot`` in the
summary is before rake; the pot amounts listed after it and the ``collected`` amounts add
up to the total pot minus the rake.

The output depends only on the seed, the number of hands and the games: hands are made in
blocks, each with its own random stream, so blocks can be written by several processes.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import numpy as np
from numpy.typing import NDArray

from ingest.generator_play import FLOP, PREFLOP, RIVER, TURN, Play, Setup, play_hand
from ingest.generator_text import (
    FOLD_STREETS,
    ROMAN,
    STREET_NAMES,
    TABLE_NAMES,
    cards_text,
    describe,
    et_time,
    game_title,
    money_formatter,
    screen_names,
    stakes_text,
)
from omaha_core.awards import Award, award_pots
from omaha_core.evaluate import high_low_values
from omaha_core.games import GAMES, Game
from omaha_core.pots import Pot, build_pots

RAKE_PERCENT = 5
RAKE_CAP = 300  # cents
BLOCK_HANDS = 2000
RANDOMS_PER_HAND = 64
FIRST_HAND_ID = 200_000_000_000
HAND_ID_STEP = 37  # ids grow by 1..37 from hand to hand
START_TIME = dt.datetime(2024, 1, 8, 9, 0, 0)
CASH_STAKES = ((1, 2), (2, 5), (5, 10), (10, 25), (25, 50), (50, 100), (100, 200), (200, 400),
               (500, 1000), (1000, 2000))  # fmt: skip
FL_SMALL_BETS = (4, 10, 20, 50, 100, 200, 400)
LEVELS = ((10, 20), (15, 30), (25, 50), (50, 100), (75, 150), (100, 200), (150, 300),
          (200, 400), (300, 600), (400, 800), (600, 1200), (1000, 2000))  # fmt: skip
BUY_INS = ("$3.41+$0.34", "$10+$1", "$24.55+$2.45", "$1.08+$0.27+$0.15", "$50+$5")
NAME_POOL = 4000
RUN_TWICE_CHANCE = 0.35
MUCK_CHANCE = 0.35
DIDNT_BET = " (didn't bet)"


@dataclass(slots=True)
class _Deal:
    """One hand before the showdown: its table, cards and the betting that happened."""

    hand_id: int
    game: Game
    tournament: int  # tournament id, 0 for cash
    level: int
    started: str  # ET time text
    seats: list[int]
    max_seats: int
    table: str
    hero: int
    holes: list[list[int]]
    boards: list[list[int]]  # one, or two when run twice
    common: int  # board cards dealt before the second board starts
    play: Play
    rand: list[float]


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
        # map keeps the order; chunks of jobs keep a bounded number of blocks in memory
        for begin in range(0, len(jobs), workers * 4):
            yield from pool.map(block_text, *zip(*jobs[begin : begin + workers * 4], strict=True))


def block_text(seed: int, first: int, count: int, games: tuple[str, ...]) -> str:
    """The hands ``first`` .. ``first + count - 1`` of the stream for ``seed``."""
    rng = np.random.default_rng([seed, first])
    rows = _rows(rng, first, count)
    deals = [_deal(seed, first + j, games, row) for j, row in enumerate(rows)]
    values = _evaluate(deals)
    return "".join(_hand_text(deal, values.get(id(deal), {})) for deal in deals)


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
    seconds = (np.arange(first, first + count) * 40 + rng.integers(0, 40, count)).astype(
        "timedelta64[s]"
    )
    times = np.datetime_as_string(np.datetime64(START_TIME, "s") + seconds).tolist()
    for deck, r, c, o, d, t in zip(decks, rand, choice, orders, depth, times, strict=True):
        yield _Row(deck, r, c, o, d, et_time(t))


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


def _deal(seed: int, number: int, games: tuple[str, ...], row: _Row) -> _Deal:
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
    return _Deal(hand_id, game, tournament_id, level, row.started, seats, max_seats, table, hero,
                 holes, boards, common, play, row.rand)  # fmt: skip


def _evaluate(deals: list[_Deal]) -> dict[int, dict[tuple[int, int], tuple[int, int | None]]]:
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
    values: dict[int, dict[tuple[int, int], tuple[int, int | None]]] = {}
    for (_, hi_lo), requests in groups.items():
        holes: NDArray[np.uint8] = np.array([r[3] for r in requests], np.uint8)
        boards: NDArray[np.uint8] = np.array([r[4] for r in requests], np.uint8)
        high, low = high_low_values(holes, boards, 8 if hi_lo else None)
        for (deal_id, b, i, _, _), hv, lv in zip(
            requests, high.tolist(), low.tolist(), strict=True
        ):
            values.setdefault(deal_id, {})[(b, i)] = (hv, lv if hi_lo else None)
    return values


def rake_for(total: int, flop_seen: bool, tournament: bool) -> int:
    """The room's cut of a pot (see the module docstring).

    >>> rake_for(1000, True, False), rake_for(100_000, True, False), rake_for(1000, False, False)
    (50, 300, 0)
    """
    if tournament or not flop_seen:
        return 0
    return min(total * RAKE_PERCENT // 100, RAKE_CAP)


def rake_by_pot(gross: Sequence[int], rake: int) -> list[int]:
    """The rake charged on each pot, main pot first, as PokerStars spreads it.

    The rake charged on the pots up to and including pot k is ``round(rake * C_k / T)``
    (half up), C_k being the chips in pots 0..k and T the total.

    >>> rake_by_pot([247, 93, 30], 18)
    [12, 5, 1]
    """
    total = sum(gross)
    charged: list[int] = []
    before = cumulative = 0
    for amount in gross:
        cumulative += amount
        through = (2 * rake * cumulative + total) // (2 * total) if total else 0
        charged.append(through - before)
        before = through
    return charged


def _after_rake(pots: list[Pot], rake: int) -> list[Pot]:
    charged = rake_by_pot([pot.amount for pot in pots], rake)
    return [Pot(pot.amount - cut, pot.eligible) for pot, cut in zip(pots, charged, strict=True)]


def _pot_label(pot: int, pots: int) -> str:
    if pots == 1:
        return "pot"
    return "main pot" if pot == 0 else f"side pot-{pot}"


def _board_line(street: int, board: list[int], courchevel: bool, prefix: str = "") -> str:
    name = f"*** {prefix}{STREET_NAMES[street - 1]} ***"
    if street == FLOP:
        if courchevel:
            return f"{name} [{cards_text(board[:1])}] [{cards_text(board[1:3])}]"
        return f"{name} [{cards_text(board[:3])}]"
    seen = 3 if street == TURN else 4
    return f"{name} [{cards_text(board[:seen])}] [{cards_text(board[seen : seen + 1])}]"


def _hand_text(deal: _Deal, values: dict[tuple[int, int], tuple[int, int | None]]) -> str:
    play, setup, game = deal.play, deal.play.setup, deal.game
    tournament = deal.tournament != 0
    money = money_formatter(tournament)
    names, n = setup.names, len(setup.names)
    title = game_title(game, setup.limit_type)
    if tournament:
        small, big = setup.small_blind, setup.big_blind
        header = (
            f"PokerStars Hand #{deal.hand_id}: Tournament #{deal.tournament}, "
            f"{BUY_INS[deal.tournament % len(BUY_INS)]} USD {title} - Level {ROMAN[deal.level]} "
            f"({small}/{big}) - {deal.started}"
        )
        table = f"Table '{deal.tournament} {1 + deal.hand_id % 7}' {deal.max_seats}-max"
    else:
        big = setup.big_blind * (2 if setup.limit_type == "FL" else 1)
        small = setup.small_blind * (2 if setup.limit_type == "FL" else 1)
        header = (
            f"PokerStars Hand #{deal.hand_id}:  {title} ({stakes_text(small, big)} USD) - "
            f"{deal.started}"
        )
        table = f"Table '{deal.table}' {deal.max_seats}-max"
    lines = [header, f"{table} Seat #{deal.seats[setup.button]} is the button"]
    lines += [
        f"Seat {deal.seats[i]}: {names[i]} ({money(setup.stacks[i])} in chips)" for i in range(n)
    ]
    lines += play.posts
    lines += ["*** HOLE CARDS ***", f"Dealt to Hero [{cards_text(deal.holes[deal.hero])}]"]
    board = deal.boards[0]
    if game.courchevel:
        lines.append(f"*** PRE-FLOP *** [{cards_text(board[:1])}]")
    lines += play.streets[PREFLOP]
    run_twice = len(deal.boards) == 2
    last_common = play.betting_ended_on if run_twice else play.last_street
    for street in range(FLOP, last_common + 1):
        lines.append(_board_line(street, board, game.courchevel))
        lines += play.streets[street]
    if run_twice:
        for prefix, each in zip(("FIRST ", "SECOND "), deal.boards, strict=True):
            lines += [
                _board_line(s, each, False, prefix) for s in range(last_common + 1, RIVER + 1)
            ]

    live = play.live()
    folded = [i for i in range(n) if i not in live]
    pots = build_pots(dict(enumerate(play.put_in)), folded)
    total = sum(pot.amount for pot in pots)
    rake = rake_for(total, play.last_street >= FLOP, tournament)
    pots = _after_rake(pots, rake)
    showdown = len(live) >= 2
    hi_values = (
        [{i: values[(b, i)][0] for i in live} for b in range(len(deal.boards))] if showdown else []
    )
    lo_values = None
    if showdown and game.hi_lo:
        lo_values = [{i: values[(b, i)][1] or 0 for i in live} for b in range(len(deal.boards))]
    awards = award_pots(pots, hi_values, lo_values, setup.button)
    won = [0] * n
    for award in awards:
        won[award.seat] += award.amount
    mucked: set[int] = set()
    if showdown:
        order = sorted(live, key=lambda i: (i <= setup.button, i))
        # after an all-in every hand is turned face up; otherwise a loser may muck
        if not any(play.all_in[i] for i in live):
            mucked = {
                i
                for position, i in enumerate(order)
                if position and not won[i] and deal.rand[20 + position] < MUCK_CHANCE
            }
        for b in range(len(deal.boards)):
            if run_twice:
                lines.append(f"*** {('FIRST', 'SECOND')[b]} SHOW DOWN ***")
            else:
                lines.append("*** SHOW DOWN ***")
            for i in order:
                if i in mucked:
                    lines.append(f"{names[i]}: mucks hand")
                else:
                    text = describe(*values[(b, i)])
                    lines.append(f"{names[i]}: shows [{cards_text(deal.holes[i])}] ({text})")
            lines += _collect_lines(
                [a for a in awards if a.board == b + 1], len(pots), names, money
            )
    else:
        winner = live[0]
        lines.append(f"{names[winner]} collected {money(won[winner])} from pot")
        if deal.rand[30] < 0.5:
            lines.append(f"{names[winner]}: doesn't show hand")

    lines.append("*** SUMMARY ***")
    pot_parts = ""
    if len(pots) > 1:
        pot_parts = (
            " Main pot "
            + ". ".join(
                [money(pots[0].amount)]
                + [f"Side pot-{p} {money(pot.amount)}" for p, pot in enumerate(pots) if p]
            )
            + "."
        )
    lines.append(f"Total pot {money(total)}{pot_parts} | Rake {money(rake)}")
    dealt = (1 if game.courchevel else 0, 3, 4, 5)[play.last_street]
    if run_twice:
        lines.append("Hand was run twice")
        lines += [
            f"{label} Board [{cards_text(each)}]"
            for label, each in zip(("FIRST", "SECOND"), deal.boards, strict=True)
        ]
    elif dealt:
        lines.append(f"Board [{cards_text(board[:dealt])}]")
    sb = setup.button if n == 2 else (setup.button + 1) % n
    bb = (sb + 1) % n
    for i in range(n):
        where = " (button)" if i == setup.button else ""
        where += " (small blind)" if i == sb else " (big blind)" if i == bb else ""
        lead = f"Seat {deal.seats[i]}: {names[i]}{where}"
        if i in folded:
            street = play.folded_on[i]
            quiet = street == PREFLOP and not play.bet_voluntarily[i] and i not in (sb, bb)
            lines.append(f"{lead} folded {FOLD_STREETS[street]}{DIDNT_BET if quiet else ''}")
        elif not showdown:
            lines.append(f"{lead} collected ({money(won[i])})")
        elif i in mucked:
            lines.append(f"{lead} mucked [{cards_text(deal.holes[i])}]")
        else:
            result = _results(i, deal, awards, values, money)
            lines.append(f"{lead} showed [{cards_text(deal.holes[i])}] and {result}")
    return "\n".join(lines) + "\n\n\n\n"


Values = dict[tuple[int, int], tuple[int, int | None]]
Money = Callable[[int], str]


def _results(i: int, deal: _Deal, awards: list[Award], values: Values, money: Money) -> str:
    """``won ($X) with ...`` or ``lost with ...``, per board, for a seat that showed."""
    parts = []
    for b in range(len(deal.boards)):
        amount = sum(a.amount for a in awards if a.seat == i and a.board == b + 1)
        text = describe(*values[(b, i)])
        parts.append(f"won ({money(amount)}) with {text}" if amount else f"lost with {text}")
    return ", and ".join(parts)


def _collect_lines(awards: list[Award], pots: int, names: list[str], money: Money) -> list[str]:
    """Side pots first, the main pot last; within a pot the high half before the low."""
    ordered = sorted(awards, key=lambda a: (-a.pot, a.half, a.seat))
    return [
        f"{names[a.seat]} collected {money(a.amount)} from {_pot_label(a.pot, pots)}"
        for a in ordered
    ]
