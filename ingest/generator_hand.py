"""One generated hand as PokerStars text: header, actions, pots and awards, showdown, summary.

The rake rule lives here (see :mod:`ingest.generator` for its statement): cash games only,
none without a flop, 5% capped at 300 cents, spread over the pots as PokerStars does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ingest.generator_play import FLOP, PREFLOP, RIVER, TURN, Play
from ingest.generator_text import (
    FOLD_STREETS,
    ROMAN,
    STREET_NAMES,
    cards_text,
    describe,
    game_title,
    money_formatter,
    stakes_text,
)
from omaha_core.awards import Award, award_pots
from omaha_core.games import Game
from omaha_core.pots import Pot, build_pots

RAKE_PERCENT = 5
RAKE_CAP = 300  # cents
BUY_INS = ("$3.41+$0.34", "$10+$1", "$24.55+$2.45", "$1.08+$0.27+$0.15", "$50+$5")
MUCK_CHANCE = 0.35
DIDNT_BET = " (didn't bet)"
BOARD_LABELS = ("FIRST", "SECOND")

Values = dict[tuple[int, int], tuple[int, int | None]]  # (board, player) -> (high, low)
Money = Callable[[int], str]


@dataclass(slots=True)
class Deal:
    """One hand: its table, cards, the betting that happened and its random numbers."""

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
    play: Play
    rand: list[float]


@dataclass(slots=True)
class _Showdown:
    awards: list[Award]
    values: Values
    mucked: set[int]


def rake_for(total: int, flop_seen: bool, tournament: bool) -> int:
    """The room's cut of a pot: none in tournaments or without a flop, else 5% capped.

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


def hand_text(deal: Deal, values: Values) -> str:
    """The whole hand, followed by the blank lines that separate hands in a file."""
    money = money_formatter(deal.tournament != 0)
    lines = _opening(deal, money)
    play = deal.play
    live = play.live()
    if len(live) == 1:
        # uncontested: one pot, all of it (less rake) to the last player in
        total = sum(play.put_in)
        rake = rake_for(total, play.last_street >= FLOP, deal.tournament != 0)
        won = [0] * len(play.put_in)
        won[live[0]] = total - rake
        name = play.setup.names[live[0]]
        lines.append(f"{name} collected {money(total - rake)} from pot")
        if deal.rand[30] < 0.5:
            lines.append(f"{name}: doesn't show hand")
        lines += _summary(deal, money, total, rake, [], won, None)
        return "\n".join(lines) + "\n\n\n\n"
    folded = [i for i, street in enumerate(play.folded_on) if street >= 0]
    gross = build_pots(dict(enumerate(play.put_in)), folded)
    total = sum(pot.amount for pot in gross)
    rake = rake_for(total, play.last_street >= FLOP, deal.tournament != 0)
    charged = rake_by_pot([pot.amount for pot in gross], rake)
    pots = [Pot(pot.amount - cut, pot.eligible) for pot, cut in zip(gross, charged, strict=True)]
    boards = range(len(deal.boards))
    hi_values = [{i: values[(b, i)][0] for i in live} for b in boards]
    lo_values = [{i: values[(b, i)][1] or 0 for i in live} for b in boards]
    awards = award_pots(pots, hi_values, lo_values if deal.game.hi_lo else None, play.setup.button)
    won = [0] * len(play.put_in)
    for award in awards:
        won[award.seat] += award.amount
    mucked = _mucked(deal, live, won)
    lines += _showdown(deal, values, awards, len(pots), mucked, money)
    lines += _summary(deal, money, total, rake, pots, won, _Showdown(awards, values, mucked))
    return "\n".join(lines) + "\n\n\n\n"


def _opening(deal: Deal, money: Money) -> list[str]:
    """Header, table, seats, posts, hole cards and every street's actions."""
    play, setup, game = deal.play, deal.play.setup, deal.game
    title = game_title(game, setup.limit_type)
    if deal.tournament:
        header = (
            f"PokerStars Hand #{deal.hand_id}: Tournament #{deal.tournament}, "
            f"{BUY_INS[deal.tournament % len(BUY_INS)]} USD {title} - Level {ROMAN[deal.level]} "
            f"({setup.small_blind}/{setup.big_blind}) - {deal.started}"
        )
        table = f"Table '{deal.tournament} {1 + deal.hand_id % 7}' {deal.max_seats}-max"
    else:
        # fixed-limit stakes name the small and big bets, twice the blinds
        scale = 2 if setup.limit_type == "FL" else 1
        stakes = stakes_text(setup.small_blind * scale, setup.big_blind * scale)
        header = f"PokerStars Hand #{deal.hand_id}:  {title} ({stakes} USD) - {deal.started}"
        table = f"Table '{deal.table}' {deal.max_seats}-max"
    names = setup.names
    lines = [header, f"{table} Seat #{deal.seats[setup.button]} is the button"]
    lines += [
        f"Seat {seat}: {name} ({money(stack)} in chips)"
        for seat, name, stack in zip(deal.seats, names, setup.stacks, strict=True)
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
        for label, each in zip(BOARD_LABELS, deal.boards, strict=True):
            lines += [
                _board_line(s, each, False, f"{label} ") for s in range(last_common + 1, RIVER + 1)
            ]
    return lines


def _board_line(street: int, board: list[int], courchevel: bool, prefix: str = "") -> str:
    name = f"*** {prefix}{STREET_NAMES[street - 1]} ***"
    if street == FLOP:
        if courchevel:
            return f"{name} [{cards_text(board[:1])}] [{cards_text(board[1:3])}]"
        return f"{name} [{cards_text(board[:3])}]"
    seen = 3 if street == TURN else 4
    return f"{name} [{cards_text(board[:seen])}] [{cards_text(board[seen : seen + 1])}]"


def _showing_order(deal: Deal, live: list[int]) -> list[int]:
    """Live players clockwise from the button's left."""
    button = deal.play.setup.button
    return sorted(live, key=lambda i: (i <= button, i))


def _mucked(deal: Deal, live: list[int], won: list[int]) -> set[int]:
    """Losers who muck: never the first to show, and nobody after an all-in (all face up)."""
    if any(deal.play.all_in[i] for i in live):
        return set()
    order = _showing_order(deal, live)
    return {
        i
        for position, i in enumerate(order)
        if position and not won[i] and deal.rand[20 + position] < MUCK_CHANCE
    }


def _showdown(
    deal: Deal, values: Values, awards: list[Award], pots: int, mucked: set[int], money: Money
) -> list[str]:
    names = deal.play.setup.names
    order = _showing_order(deal, deal.play.live())
    lines = []
    for b in range(len(deal.boards)):
        lines.append(
            f"*** {BOARD_LABELS[b]} SHOW DOWN ***" if len(deal.boards) > 1 else "*** SHOW DOWN ***"
        )
        for i in order:
            if i in mucked:
                lines.append(f"{names[i]}: mucks hand")
            else:
                text = describe(*values[(b, i)])
                lines.append(f"{names[i]}: shows [{cards_text(deal.holes[i])}] ({text})")
        # side pots first, the main pot last; within a pot the high half before the low
        on_board = sorted((a for a in awards if a.board == b + 1), key=lambda a: (-a.pot, a.half))
        lines += [
            f"{names[a.seat]} collected {money(a.amount)} from {_pot_label(a.pot, pots)}"
            for a in on_board
        ]
    return lines


def _pot_label(pot: int, pots: int) -> str:
    if pots == 1:
        return "pot"
    return "main pot" if pot == 0 else f"side pot-{pot}"


def _summary(
    deal: Deal,
    money: Money,
    total: int,
    rake: int,
    pots: list[Pot],
    won: list[int],
    showdown: _Showdown | None,
) -> list[str]:
    play, setup, game = deal.play, deal.play.setup, deal.game
    pot_parts = ""
    if len(pots) > 1:
        sides = [f"Side pot-{p} {money(pot.amount)}" for p, pot in enumerate(pots) if p]
        pot_parts = f" Main pot {'. '.join([money(pots[0].amount), *sides])}."
    lines = ["*** SUMMARY ***", f"Total pot {money(total)}{pot_parts} | Rake {money(rake)}"]
    if len(deal.boards) > 1:
        lines.append("Hand was run twice")
        lines += [
            f"{label} Board [{cards_text(each)}]"
            for label, each in zip(BOARD_LABELS, deal.boards, strict=True)
        ]
    else:
        dealt = (1 if game.courchevel else 0, 3, 4, 5)[play.last_street]
        if dealt:
            lines.append(f"Board [{cards_text(deal.boards[0][:dealt])}]")
    n = len(setup.names)
    sb = setup.button if n == 2 else (setup.button + 1) % n
    bb = (sb + 1) % n
    for i in range(n):
        where = " (button)" if i == setup.button else ""
        where += " (small blind)" if i == sb else " (big blind)" if i == bb else ""
        lead = f"Seat {deal.seats[i]}: {setup.names[i]}{where}"
        street = play.folded_on[i]
        if street >= 0:
            quiet = street == PREFLOP and not play.bet_voluntarily[i] and i not in (sb, bb)
            lines.append(f"{lead} folded {FOLD_STREETS[street]}{DIDNT_BET if quiet else ''}")
        elif showdown is None:
            lines.append(f"{lead} collected ({money(won[i])})")
        elif i in showdown.mucked:
            lines.append(f"{lead} mucked [{cards_text(deal.holes[i])}]")
        else:
            result = _results(i, deal, showdown.awards, showdown.values, money)
            lines.append(f"{lead} showed [{cards_text(deal.holes[i])}] and {result}")
    return lines


def _results(i: int, deal: Deal, awards: list[Award], values: Values, money: Money) -> str:
    """``won ($X) with ...`` or ``lost with ...``, per board, for a seat that showed."""
    parts = []
    for b in range(len(deal.boards)):
        amount = sum(a.amount for a in awards if a.seat == i and a.board == b + 1)
        text = describe(*values[(b, i)])
        parts.append(f"won ({money(amount)}) with {text}" if amount else f"lost with {text}")
    return ", and ".join(parts)
