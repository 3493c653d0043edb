"""Exact all-in equity: every runout of the unseen cards, per pot and per pot half.

The unseen cards (all but the holes, the board and the known dead cards; folded players'
unknown cards included) form the deck, and every way to complete the board from it counts
once. The enumeration groups runouts into classes with one outcome (rank multisets, and flush
boards per suit: ``omaha_core.equity_kernel``) and keeps exact integer counts; floats are
derived from them.

Run it twice: the second board comes from the cards the first one left, so each board on its
own is a uniformly random runout. Each board's expected share of a pot, and hence the
expected share over both boards, is the one-runout equity computed here (odd chips aside).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
from numpy.typing import NDArray

from omaha_core.awards import DEFAULT_ODD_CHIP_RULE, OddChipRule, award_pots
from omaha_core.cards import check_distinct
from omaha_core.equity_kernel import pot_totals, runout_histogram, shared_tables
from omaha_core.games import GAMES, Game
from omaha_core.pots import Pot

Winners = tuple[int, ...]
TOTALS = ("win", "tie", "lo_win", "lo_tie", "scoop", "hi_units", "lo_units")  # pot_totals rows
Int64Array = NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class PlayerEquity:
    """One player's exact results in one pot, over ``runouts`` runouts.

    ``win``/``tie``: runouts on which the player holds the best high alone / shares it;
    ``lo_win``/``lo_tie`` likewise for the best qualifying low; ``scoop``: runouts on which
    the player takes the whole pot alone. ``hi_units``/``lo_units`` sum, over the runouts,
    the player's fraction of the pot's high half / low half times ``unit`` (the least common
    multiple of 1..players, so every split is whole). The low half goes to the best high
    when no eligible player has a qualifying low, hence always in high-only games, where
    ``lo_share == hi_share == equity``.
    """

    win: int
    tie: int
    lo_win: int
    lo_tie: int
    scoop: int
    hi_units: int
    lo_units: int
    runouts: int
    unit: int

    @property
    def hi_fraction(self) -> Fraction:
        """Expected fraction of the high half."""
        return Fraction(self.hi_units, self.unit * self.runouts)

    @property
    def lo_fraction(self) -> Fraction:
        """Expected fraction of the low half (which the high takes when no low qualifies)."""
        return Fraction(self.lo_units, self.unit * self.runouts)

    @property
    def equity_fraction(self) -> Fraction:
        """Expected fraction of the whole pot: the mean of the two halves."""
        return Fraction(self.hi_units + self.lo_units, 2 * self.unit * self.runouts)

    # The floats divide the integers directly: Python rounds an int division correctly, as
    # float() of the Fraction does, and skips making the Fraction.
    @property
    def hi_share(self) -> float:
        """``hi_fraction`` as a float."""
        return self.hi_units / (self.unit * self.runouts)

    @property
    def lo_share(self) -> float:
        """``lo_fraction`` as a float."""
        return self.lo_units / (self.unit * self.runouts)

    @property
    def equity(self) -> float:
        """``equity_fraction`` as a float."""
        return (self.hi_units + self.lo_units) / (2 * self.unit * self.runouts)


@dataclass(frozen=True)
class Equity:
    """One pot's exact results over every runout.

    ``players``: by seat (by position in ``holes`` for :func:`equity`). ``low_runouts``:
    runouts on which some eligible player has a qualifying low. ``seats`` and ``counts``
    (runouts per ``high_mask << len(seats) | low_mask``, bit j for ``seats[j]``) hold every
    outcome; :meth:`outcomes` reads them.
    """

    players: Mapping[int, PlayerEquity]
    runouts: int
    low_runouts: int
    seats: tuple[int, ...] = field(repr=False)
    counts: Int64Array = field(repr=False, compare=False)

    def outcomes(self) -> dict[tuple[Winners, Winners], int]:
        """Runouts per (seats holding the best high, seats holding the best qualifying low),
        the second empty when nobody eligible has a low."""
        found = np.flatnonzero(self.counts)  # the outcomes with runouts: hi_mask << m | lo_mask
        return {
            _winners(self.seats, index): count
            for index, count in zip(found.tolist(), self.counts[found].tolist(), strict=True)
        }


def _winners(seats: tuple[int, ...], index: int) -> tuple[Winners, Winners]:
    """The seats holding the best high and the best low in outcome ``index`` of a pot among
    ``seats`` (``hi_mask << m | lo_mask``, bit j for ``seats[j]``)."""
    m = len(seats)
    high = tuple(seat for j, seat in enumerate(seats) if index >> (m + j) & 1)
    low = tuple(seat for j, seat in enumerate(seats) if index >> j & 1)
    return high, low


def equity(
    holes: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    game: str = "omaha",
) -> Equity:
    """Exact equity of all-in players holding ``holes`` (card ids), by enumerating every
    runout of the unseen cards. ``game`` is a key of ``GAMES``: its hole-card count, hi/lo
    split and low qualifier apply. ``board``: 0, 3, 4 or 5 cards (Courchevel: 1, 3, 4 or
    5, the first being the card dealt face up before preflop). ``dead``: other cards known
    to be out of the deck. Raises ValueError on a bad deal.

    Aces with a made low against a set of kings on the turn: the aces win the high on 6 of
    the 40 rivers and the low on all of them.

    >>> from omaha_core.cards import parse_cards
    >>> result = equity([parse_cards("As Ah 2c 3d"), parse_cards("Ks Kh Qc Jd")],
    ...                 board=parse_cards("Kd 7s 2h 4c"), game="omaha8")
    >>> aces = result.players[0]
    >>> result.runouts, aces.win, aces.lo_win, aces.equity_fraction
    (40, 6, 40, Fraction(23, 40))
    """
    return pot_equities(dict(enumerate(holes)), [range(len(holes))], board, dead, game)[0]


def pot_equities(
    holes_by_seat: Mapping[int, Sequence[int]],
    eligible: Sequence[Sequence[int]],
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    game: str = "omaha",
) -> list[Equity]:
    """Exact equity in each pot (main pot first, as ``build_pots`` orders them) among its
    ``eligible`` seats, one runout deciding every pot. Every seat in ``holes_by_seat`` is a
    known hand whose cards leave the deck; ``eligible`` seats must all be among them.

    >>> from omaha_core.cards import parse_cards
    >>> holes = {1: parse_cards("As Ah 2c 3d"), 4: parse_cards("Ks Kh Qc Jd"),
    ...          6: parse_cards("9c 9d 8h 8s")}
    >>> main, side = pot_equities(holes, [(1, 4, 6), (4, 6)], parse_cards("Kd 7s 2h 4c"))
    >>> sum(p.equity_fraction for p in main.players.values()), sorted(side.players)
    (Fraction(1, 1), [4, 6])
    """
    rules = _game(game)
    seats = list(holes_by_seat)
    _check_deal(rules, [holes_by_seat[seat] for seat in seats], board, dead)
    pots = [_pot_players(seats, pot) for pot in eligible]
    if not pots:
        return []
    counts = _histogram(rules, [holes_by_seat[seat] for seat in seats], board, dead, pots)
    return [
        _pot_equity(pot_counts, tuple(seats[i] for i in pot))
        for pot_counts, pot in zip(counts, pots, strict=True)
    ]


def expected_awards(
    pots: Sequence[Pot],
    holes_by_seat: Mapping[int, Sequence[int]],
    button_seat: int,
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    game: str = "omaha",
    rule: OddChipRule = DEFAULT_ODD_CHIP_RULE,
) -> dict[int, Fraction]:
    """Each seat's exact expected chips: the mean over every runout of what ``award_pots``
    pays (odd chips by ``rule``). The values sum to the pots' total.

    >>> from omaha_core.cards import parse_cards
    >>> holes = {1: parse_cards("As Ah 2c 3d"), 2: parse_cards("Ks Kh Qc Jd")}
    >>> expected_awards([Pot(101, (1, 2))], holes, 2, parse_cards("Kd 7s 2h 4c"), game="omaha8")
    {1: Fraction(1153, 20), 2: Fraction(867, 20)}
    """
    equities = pot_equities(holes_by_seat, [pot.eligible for pot in pots], board, dead, game)
    return awards_of(pots, equities, holes_by_seat, button_seat, _game(game).hi_lo, rule)


def awards_of(
    pots: Sequence[Pot],
    equities: Sequence[Equity],
    seats: Iterable[int],
    button_seat: int,
    hi_lo: bool,
    rule: OddChipRule = DEFAULT_ODD_CHIP_RULE,
) -> dict[int, Fraction]:
    """``expected_awards`` from the pots' equities (``pot_equities`` of their eligible seats,
    in the same order), for each of ``seats``."""
    # one runout decides every pot: the pots' equities count the same runouts
    runouts = {pot_equity.runouts for pot_equity in equities}
    if len(runouts) > 1:
        raise ValueError(f"the pots' equities count different runouts: {sorted(runouts)}")
    paid = dict.fromkeys(sorted(seats), 0)  # chips times runouts
    for pot, pot_equity in zip(pots, equities, strict=True):
        m, counts = len(pot_equity.seats), pot_equity.counts
        found = np.flatnonzero(counts)  # the outcomes with runouts: hi_mask << m | lo_mask
        taker = _sole_takers(m)[found]
        alone = taker >= 0  # one seat takes it all: its runouts summed, by seat
        by_taker = np.zeros(m, np.int64)
        np.add.at(by_taker, taker[alone], counts[found[alone]])
        for seat, count in zip(pot_equity.seats, by_taker.tolist(), strict=True):
            if count:
                paid[seat] += pot.amount * count
        shared = found[~alone]
        for index, count in zip(shared.tolist(), counts[shared].tolist(), strict=True):
            hi_seats, lo_seats = _winners(pot_equity.seats, index)
            hi = {seat: 1 + (seat in hi_seats) for seat in pot.eligible}
            lo = {seat: int(seat in lo_seats) for seat in pot.eligible}
            for award in award_pots([pot], [hi], [lo] if hi_lo else None, button_seat, rule):
                paid[award.seat] += award.amount * count
    total = runouts.pop() if runouts else 1
    return {seat: Fraction(chips, total) for seat, chips in paid.items()}


@functools.cache
def _sole_takers(m: int) -> NDArray[np.int8]:
    """Per outcome ``hi_mask << m | lo_mask`` of an ``m``-player pot, the position of the
    player who takes the whole pot (the high alone, and the low alone or nobody's), else
    -1."""
    index = np.arange(1 << 2 * m, dtype=np.int64)
    hi, lo = index >> m, index & ((1 << m) - 1)
    alone = (hi > 0) & (hi & (hi - 1) == 0) & ((lo == 0) | (lo == hi))
    position = np.log2(np.maximum(hi, 1)).astype(np.int8)
    return np.where(alone, position, -1).astype(np.int8)


def _game(name: str) -> Game:
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; one of {sorted(GAMES)}")
    return GAMES[name]


def _check_deal(
    rules: Game, holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int]
) -> None:
    """Raise ValueError unless the holes, board and dead cards make a possible deal."""
    for hole in holes:
        if len(hole) != rules.hole_cards:
            raise ValueError(f"{rules.label} hands have {rules.hole_cards} cards, not {len(hole)}")
    streets = (1, 3, 4, 5) if rules.courchevel else (0, 3, 4, 5)
    if len(board) not in streets:
        article = "an" if rules.label[0] in "AEIOU" else "a"  # an Omaha Hi, a 5-Card Omaha Hi
        sizes = f"{', '.join(map(str, streets[:-1]))} or {streets[-1]}"
        raise ValueError(f"{article} {rules.label} board has {sizes} cards, not {len(board)}")
    cards = [*board, *dead, *(card for hole in holes for card in hole)]
    check_distinct(cards)
    if 52 - len(cards) < 5 - len(board):
        raise ValueError(f"{52 - len(cards)} unseen cards cannot complete the board")


def _pot_players(seats: list[int], pot: Sequence[int]) -> tuple[int, ...]:
    """Positions in ``seats`` of a pot's eligible seats."""
    missing = [seat for seat in pot if seat not in seats]
    if missing or not pot or len(set(pot)) != len(pot):
        raise ValueError(f"eligible seats {tuple(pot)}: each once, all with known holes")
    return tuple(seats.index(seat) for seat in pot)


def _histogram(
    rules: Game,
    holes: Sequence[Sequence[int]],
    board: Sequence[int],
    dead: Sequence[int],
    pots: list[tuple[int, ...]],
) -> list[Int64Array]:
    """Runouts per (best-high mask, best-low mask) of each pot: index ``hi << m | lo``."""
    unseen = np.ones(52, np.int64)
    unseen[[*board, *dead, *(card for hole in holes for card in hole)]] = 0
    sizes = np.array([len(pot) for pot in pots], np.int64)
    ends = np.cumsum(4**sizes)
    players = np.zeros((len(pots), len(holes)), np.int64)
    for row, pot in enumerate(pots):
        players[row, : len(pot)] = pot
    hist = np.zeros(int(ends[-1]), np.int64)
    runout_histogram(
        np.array(holes, np.int64).reshape(len(holes), rules.hole_cards),
        np.array(board, np.int64),
        unseen.reshape(13, 4).T.copy(),
        shared_tables(rules.qualifier if rules.hi_lo else None),
        (players, sizes, ends - 4**sizes),
        hist,
    )
    return np.split(hist, ends[:-1])


def _pot_equity(counts: Int64Array, seats: tuple[int, ...]) -> Equity:
    """One pot's results from its runout counts per (best-high mask, best-low mask)."""
    m = len(seats)
    unit = math.lcm(*range(1, m + 1))
    totals = pot_totals(counts, m, unit).T.tolist()
    runouts = int(counts.sum())
    players = {
        seat: PlayerEquity(**dict(zip(TOTALS, row, strict=True)), runouts=runouts, unit=unit)
        for seat, row in zip(seats, totals, strict=True)
    }
    low_runouts = int(counts.reshape(-1, 1 << m)[:, 1:].sum())
    return Equity(players, runouts, low_runouts, seats, counts)
