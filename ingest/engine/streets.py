"""Streets a hand does not mark, read from its betting (``Grammar.streets_from_betting``).

Some histories write no street marker after the hole cards (Bovada's before 2012-08-25):
every line would be read before the flop, and a raise written as the street total
("Raises $35") would be read against the wrong street. The rules of betting say where a
street ends: a round is closed when every player dealt in who has neither folded nor gone
all-in has acted since the round's last bet or raise and put in as much as it; the next
betting line then opens the next street. Posts before the cards open no round.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import polars as pl

from ingest.engine.columns import numbers
from ingest.engine.grammar import EVENT_KINDS
from ingest.engine.lines import Lines
from ingest.engine.scan import njit, units
from ingest.engine.wording import STREET_CODES

_CODE = {kind: code for code, kind in enumerate(EVENT_KINDS)}
_POSTS = np.array([kind in ("post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "post_dead")
                   for kind in EVENT_KINDS])  # fmt: skip
_ACTS = np.array([kind in ("fold", "check", "call", "bet", "raise") for kind in EVENT_KINDS])
_FOLD, _CHECK, _RAISE, _RETURN = _CODE["fold"], _CODE["check"], _CODE["raise"], _CODE["return"]
_BOTH, _ANTE, _DEAD = _CODE["post_sb_bb"], _CODE["ante"], _CODE["post_dead"]
_PREFLOP, _RIVER = STREET_CODES["preflop"], STREET_CODES["river"]
_SUMMARY = STREET_CODES["summary"]
_SEATS = 128  # seat numbers are one signed byte


@njit
def _closed(in_hand: np.ndarray, folded: np.ndarray, all_in: np.ndarray, acted: np.ndarray,
            total: np.ndarray, level: int) -> bool:  # fmt: skip
    """Whether the round is over: someone acted, and every player still to decide has
    acted since the last bet or raise and matched it."""
    if not acted.any():
        return False
    for k in range(in_hand.size):
        if in_hand[k] and not folded[k] and not all_in[k] and (not acted[k] or total[k] != level):
            return False
    return True


@njit
def infer(
    hand: np.ndarray, seat: np.ndarray, code: np.ndarray, value: np.ndarray, adds: np.ndarray,
    street: np.ndarray, stack: np.ndarray, big_blind: np.ndarray, unmarked: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Each event's street, in hands ``unmarked`` (their lines mark no street after the
    hole cards) read from the betting, elsewhere as marked. Rows are in hand and line
    order; ``value`` is a line's amount in the smallest unit (a raise's street total, or
    what it adds where ``adds``; -1: unreadable), ``stack`` the player's (-1: unknown)."""
    out = street.copy()
    total = np.zeros(_SEATS, np.int64)
    put = np.zeros(_SEATS, np.int64)
    in_hand = np.zeros(_SEATS, np.bool_)
    folded = np.zeros(_SEATS, np.bool_)
    all_in = np.zeros(_SEATS, np.bool_)
    acted = np.zeros(_SEATS, np.bool_)
    begin = 0
    while begin < hand.size:
        end = begin
        while end < hand.size and hand[end] == hand[begin]:
            end += 1
        if unmarked[hand[begin]]:
            total[:] = 0
            put[:] = 0
            in_hand[:] = False
            folded[:] = False
            all_in[:] = False
            acted[:] = False
            for i in range(begin, end):
                if 0 <= seat[i] < _SEATS and (_ACTS[code[i]] or _POSTS[code[i]]):
                    in_hand[seat[i]] = True
            current, level = _PREFLOP, 0
            for i in range(begin, end):
                c, s, x = code[i], seat[i], max(value[i], 0)
                before_cards = street[i] < _PREFLOP  # posts: they open no round
                if _ACTS[c] and not before_cards and _closed(in_hand, folded, all_in, acted,
                                                              total, level):  # fmt: skip
                    current = min(current + 1, _RIVER)
                    total[:] = 0
                    acted[:] = False
                    level = 0
                if not before_cards:
                    out[i] = current
                if not 0 <= s < _SEATS:
                    continue
                if c == _FOLD:
                    folded[s] = True
                elif c == _RAISE:
                    to = x + total[s] if adds[i] else x
                    put[s] += to - total[s]
                    total[s] = to
                elif c == _RETURN:
                    put[s] -= x
                    total[s] -= x
                elif c == _BOTH:  # the big blind live, the rest dead
                    bb = big_blind[hand[i]]
                    put[s] += x
                    total[s] += bb if 0 <= bb <= x else 0
                elif c in (_ANTE, _DEAD):
                    put[s] += x
                elif c != _CHECK and (_ACTS[c] or _POSTS[c]):
                    put[s] += x
                    total[s] += x
                if _ACTS[c] or _POSTS[c] or c == _RETURN:
                    all_in[s] = 0 < stack[i] <= put[s]
                if _ACTS[c]:
                    if total[s] > level:
                        acted[:] = False
                    acted[s] = True
                level = max(level, total[s])
        begin = end
    return out


def read_streets(lines: Lines, seats: pl.DataFrame, big_blind: np.ndarray) -> Lines:
    """The lines with the streets of their unmarked hands read from the betting."""
    ev = lines.events
    n = lines.starts.height
    marked = np.zeros(n, np.bool_)
    street_marker = (pl.col("street") > _PREFLOP) & (pl.col("street") < _SUMMARY)
    marked[lines.markers.filter(street_marker)["hand"].to_numpy()] = True
    if marked.all() or not ev.height or not seats.height:
        return lines
    hand = ev["hand"].to_numpy()
    value, ok = units(ev["value_h"].to_numpy())
    seat = numbers(ev["seat"], -1).astype(np.int64)
    # each event's stack: its seat line's, found by (hand, seat)
    seat_keys = (seats["hand"].to_numpy() * _SEATS
                 + numbers(seats["seat"], -1).astype(np.int64))  # fmt: skip
    order = np.argsort(seat_keys, kind="stable")
    sorted_keys, stacks = seat_keys[order], numbers(seats["stack"], -1)[order]
    keys = hand * _SEATS + seat
    pos = np.minimum(np.searchsorted(sorted_keys, keys), sorted_keys.size - 1)
    found = (sorted_keys[pos] == keys) & (seat >= 0)
    stack = np.where(found, stacks[pos], -1)
    street = infer(hand, seat, ev["code"].to_numpy().astype(np.int64), np.where(ok, value, -1),
                   ev["adds"].to_numpy(), ev["street"].to_numpy(), stack, big_blind,
                   ~marked)  # fmt: skip
    events = ev.with_columns(street=pl.Series(street, dtype=pl.Int8))
    return dataclasses.replace(lines, events=events)
