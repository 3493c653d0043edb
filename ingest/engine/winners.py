"""The pots a summary leaves out of what its winners took.

Some rooms print no collect lines, and their summary says, for each winner, one amount:
the share of the first pot the player won, main pot first (BetOnline). Each pot has its
own "Total pot" line, the main pot's last, what it paid out. The other pots are
completed from the betting: a pot with one player left in it is that player's, and as
the players who can win a side pot are among those who can win the pots before it, the
winners of a pot who can win the next one win it too; a pot none of them can win goes to
the printed winners who can, whose amounts add up to it. A hand where that does not
account for every pot line and every printed amount is left as printed.
"""

from __future__ import annotations

import itertools

import numpy as np
import polars as pl

from ingest.engine import grouped
from ingest.engine.betting import KIND_CODES
from ingest.engine.columns import numbers
from omaha_core.pots import Pot, build_pots

_FOLD = KIND_CODES["fold"]


def _shares(pots: list[Pot], paid: list[int], printed: dict[int, int]) -> dict[int, int] | None:
    """What each seat took from ``pots`` (main first, gross) that paid out ``paid`` (main
    first), the summary having printed ``printed`` (seat -> its share of the first pot it
    won); None when that cannot account for every pot and every printed amount."""
    if len(pots) != len(paid) or any(p > pot.amount for pot, p in zip(pots, paid, strict=True)):
        return None
    left = dict(printed)
    took: dict[int, int] = {}
    winners: set[int] = set()
    for pot, amount in zip(pots, paid, strict=True):
        eligible = set(pot.eligible)
        carried = winners & eligible
        if len(eligible) == 1:
            winners = eligible
        elif carried:
            winners = carried
        else:
            found = _adding_up(sorted(left.keys() & eligible), left, amount)
            if found is None:
                return None
            winners = found
        shares = {seat: left.pop(seat) for seat in sorted(winners & left.keys())}
        rest, others = amount - sum(shares.values()), sorted(winners - shares.keys())
        if rest < 0 or (others and rest % len(others)) or (not others and rest):
            return None
        shares |= {seat: rest // len(others) for seat in others}
        for seat, share in shares.items():
            took[seat] = took.get(seat, 0) + share
    return None if left else took


def _adding_up(seats: list[int], printed: dict[int, int], amount: int) -> set[int] | None:
    """The fewest of ``seats`` whose printed amounts add up to ``amount`` (a pot split
    between them), None when none do."""
    for size in range(1, len(seats) + 1):
        for chosen in itertools.combinations(seats, size):
            if sum(printed[seat] for seat in chosen) == amount:
                return set(chosen)
    return None


def _by_hand(hand: np.ndarray, hands: int, values: np.ndarray | None = None) -> list[list[int]]:
    """Each hand's rows (``hand``: each row's), in row order, or their ``values``."""
    order = np.argsort(hand, kind="stable")
    bounds = np.searchsorted(hand[order], np.arange(hands + 1)).tolist()
    rows = (order if values is None else values[order]).tolist()
    return [rows[a:b] for a, b in itertools.pairwise(bounds)]


def complete_winnings(
    players: pl.DataFrame, ev: pl.DataFrame, pot_lines: pl.DataFrame, hands: int
) -> pl.DataFrame:
    """``players`` (one row per seat, ``collected`` read from the summary) with the pots
    their summary leaves out added to ``unprinted`` (collected from a pot no line pays),
    ``collected`` and ``net``, in the hands whose pot lines (``pot_lines``: hand and
    ``total_h`` of each distinct "Total pot" line, in line order) pay out more than the
    summary says."""
    line_hand = pot_lines["hand"].to_numpy()
    paid = pot_lines["total_h"].to_numpy()
    player_hand = players["hand"].to_numpy()
    collected = players["collected"].to_numpy()
    short = grouped.sums(line_hand, hands, paid) > grouped.sums(player_hand, hands, collected)
    if not short.any():
        return players
    seat = numbers(players["seat"]).tolist()
    live = (players["put_in"] - players["returned"]).to_numpy().tolist()
    ev_hand, ev_seat = ev["hand"].to_numpy(), numbers(ev["seat"])
    code, dead = ev["code"].to_numpy(), ev["dead"].fill_null(0).to_numpy()
    # each hand's rows, found once (a scan of every row per hand grows as their square);
    # of its events, only its folds and those with dead chips count
    folds, deads = np.flatnonzero(code == _FOLD), np.flatnonzero(dead)
    fold_seats = _by_hand(ev_hand[folds], hands, ev_seat[folds])
    dead_seats = _by_hand(ev_hand[deads], hands, ev_seat[deads])
    dead_chips = _by_hand(ev_hand[deads], hands, dead[deads])
    player_rows, line_rows = _by_hand(player_hand, hands), _by_hand(line_hand, hands)
    paid_list, printed_list = paid.tolist(), collected.tolist()
    added = np.zeros(players.height, np.int64)
    for hand in np.flatnonzero(short).tolist():
        rows = player_rows[hand]
        folded = set(fold_seats[hand])
        dead_by_seat: dict[int, int] = {}
        for dead_seat, chips_dead in zip(dead_seats[hand], dead_chips[hand], strict=True):
            dead_by_seat[dead_seat] = dead_by_seat.get(dead_seat, 0) + chips_dead
        chips = {seat[r]: live[r] - dead_by_seat.get(seat[r], 0) for r in rows}
        try:
            pots = build_pots(chips, folded, sum(dead_by_seat.values()))
        except ValueError:
            continue
        printed = {seat[r]: printed_list[r] for r in rows if printed_list[r] > 0}
        took = _shares(pots, [paid_list[k] for k in reversed(line_rows[hand])], printed)
        if took is None:
            continue
        for r in rows:
            added[r] = took.get(seat[r], 0) - printed_list[r]
    return players.with_columns(
        unprinted=pl.col("unprinted") + added,
        collected=pl.col("collected") + added,
        net=pl.col("net") + added,
    )
