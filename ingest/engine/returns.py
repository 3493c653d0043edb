"""Uncalled bets a history does not print, inferred from the betting.

Some rooms never print an uncalled bet (Winamax writes it as part of what its bettor
collects, and counts it in the total pot); PokerStars histories of about 2005-2007 leave
it out of the total pot and of the collections, and some converted ones leave it in the
printed total pot, collected back by the bettor. In a hand with no printed return, the
part of the last street's biggest total that nobody matched (a folded player's chips
count as matching) goes back to its bettor: a ``return`` event is added after the
bettor's last bet. Where the room counts it in the pot (``ingest.rooms``, reading
``in_pot``), the same amount is taken off the bettor's collections (the last first) and
off the printed total pot; where it leaves it out (``left_out``), they stand as printed.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from ingest.engine import grouped
from ingest.engine.betting import IS_BETTING
from ingest.engine.grammar import EVENT_KINDS
from ingest.engine.scan import njit, njit_scalar
from ingest.rooms import rules_for

_RETURN, _COLLECT = EVENT_KINDS.index("return"), EVENT_KINDS.index("collect")


@njit
def _unmatched(
    hand: np.ndarray, street: np.ndarray, seat: np.ndarray, code: np.ndarray,
    after: np.ndarray, skip: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Per event row: the unmatched amount returned after it (0: none), for the last
    betting row of the biggest bettor on each hand's last betting street, in hands not
    ``skip``ped. Rows are in hand order."""
    returned = np.zeros(hand.size, np.int64)
    totals = np.zeros(128, np.int64)
    last_row = np.full(128, -1, np.int64)
    begin = 0
    while begin < hand.size:
        end = begin
        while end < hand.size and hand[end] == hand[begin]:
            end += 1
        last_street = -1
        for i in range(begin, end):
            if IS_BETTING[code[i]]:
                last_street = max(last_street, street[i])
        if not skip[hand[begin]] and last_street >= 0:
            totals[:] = 0
            last_row[:] = -1
            for i in range(begin, end):
                if IS_BETTING[code[i]] and street[i] == last_street and 0 <= seat[i] < 128:
                    totals[seat[i]] = max(totals[seat[i]], after[i])
                    last_row[seat[i]] = i
            top = int(np.argmax(totals))
            second = 0
            for s in range(128):
                if s != top:
                    second = max(second, totals[s])
            if totals[top] > second and last_row[top] >= 0:
                returned[last_row[top]] = totals[top] - second
        begin = end
    return returned


READINGS = ("in_pot", "left_out")  # how a room writes an uncalled bet it does not print


def infer_returns(
    ev: pl.DataFrame, total_pot: np.ndarray, readings: np.ndarray,
    rake_percent: np.ndarray | None = None, room_take: np.ndarray | None = None,
) -> tuple[pl.DataFrame, np.ndarray, np.ndarray]:  # fmt: skip
    """The events with the returns of hands that print none added (and taken off their
    bettors' collections where the reading is ``in_pot``); per hand the amount inferred,
    and the part of it to take off the printed ``total_pot`` (-1: unreadable). A hand's
    reading is the first of its room's ``readings`` (rows of flags by ``READINGS``, in the
    room's order of preference) under which its chips balance, else the first. In a hand
    whose room prints no rake (``rake_percent``: the most it may take, in percent of the
    pot; -1 where the rake is printed) the chips balance where what the pots did not pay
    is a rake it may take (in ``in_pot``, the bettor's collections hold the bet); in a hand
    that prints what the room took (``room_take``, -1 where it does not) but no total pot, they
    balance where the collections and it make what was left in the pots."""
    hands = total_pot.size
    hand = ev["hand"].to_numpy()
    code = ev["code"].to_numpy().astype(np.int64)
    printed = grouped.counts(hand, hands, code == _RETURN) > 0
    street = np.maximum(ev["street"].to_numpy(), 1)  # posts before the cards bet pre-flop
    seat = ev["seat"].fill_null(-1).to_numpy().astype(np.int64)
    after = ev["after"].fill_null(0).to_numpy()
    returned = _unmatched(hand, street, seat, code, after, printed)
    rows = np.flatnonzero(returned)
    per_hand = grouped.sums(hand, hands, returned)
    if not rows.size:
        return ev, per_hand, per_hand
    put_in = grouped.sums(hand, hands, np.where(IS_BETTING[code], ev["chips"].fill_null(0)
                                                .to_numpy(), 0))  # fmt: skip
    in_pot_fits, left_out_fits = total_pot == put_in, total_pot == put_in - per_hand
    collected = grouped.sums(hand, hands, np.where(code == _COLLECT, ev["chips"].fill_null(0)
                                                   .to_numpy(), 0))  # fmt: skip
    if rake_percent is not None:
        pot = put_in - per_hand
        in_pot_fits |= possible_rake(put_in - collected, pot, rake_percent)
        left_out_fits |= possible_rake(pot - collected, pot, rake_percent)
    if room_take is not None:
        paid = np.where((total_pot < 0) & (room_take >= 0), collected + room_take, -1)
        in_pot_fits |= paid == put_in
        left_out_fits |= paid == put_in - per_hand
    in_pot = _in_pot(readings, in_pot_fits, left_out_fits)
    # an unreadable amount stays null, the others integers (not all of them floats)
    chips = ev["chips"].fill_null(0).to_numpy().copy()
    taken = in_pot[hand[rows]]
    _take_off_collections(hand, seat, code, chips, rows[taken], returned[rows[taken]])
    # each return right after its bet (the rows are in hand and line order already), as a
    # copy of the bet's row, less the collections taken off to nothing: one gather
    source = np.insert(np.arange(ev.height), rows + 1, rows)
    is_return = np.zeros(source.size, np.bool_)
    is_return[rows + 1 + np.arange(rows.size)] = True
    kept = np.ones(source.size, np.bool_)
    kept[~is_return] = (code != _COLLECT) | (chips > 0)
    source, is_return = source[kept], is_return[kept]
    amount = pl.Series(np.where(is_return, returned[source], 0))
    added = pl.Series(is_return)

    def of_return(value: pl.Expr | None, column: str) -> pl.Expr:
        return pl.when(added).then(value).otherwise(pl.col(column)).alias(column)

    chips_read = pl.when(pl.col("chips").is_not_null()).then(pl.Series(chips))
    out = ev.with_columns(chips=chips_read).gather(source).with_columns(
        of_return(pl.lit(_RETURN, pl.Int8), "code"), of_return(pl.lit(amount), "x"),
        of_return(pl.lit(amount), "chips"), of_return(pl.lit(False), "all_in"),
        of_return(pl.lit(0, pl.Int64), "dead"),
        *(of_return(None, column) for column in ("y", "raise_to", "cards", "live", "after",
                                                 "fee_x", "pot", "damaged")),
    )  # fmt: skip
    first = grouped.first_rows(out["hand"].to_numpy(), hands, np.ones(out.height, np.bool_))
    seq = np.arange(out.height) - first[out["hand"].to_numpy()]
    return out.with_columns(seq=pl.Series(seq, dtype=pl.Int32)), per_hand, per_hand * in_pot


def possible_rake(rake: np.ndarray, pot: np.ndarray, percent: np.ndarray) -> np.ndarray:
    """Per hand, whether ``rake`` is one a room that may take up to ``percent`` of the
    ``pot`` takes (-1: a room that prints its rake, where none is inferred)."""
    fits: np.ndarray = (percent >= 0) & (rake >= 0) & (rake * 100 <= pot * percent)
    return fits


def room_readings(rooms: pl.Series) -> np.ndarray:
    """Per hand, its room's readings of an unprinted uncalled bet (``ingest.rooms``), as
    codes in ``READINGS`` in the room's order (-1: none)."""
    distinct = rooms.fill_null("").unique().to_list()
    table = np.full((len(distinct), len(READINGS)), -1, np.int64)
    for row, room in enumerate(distinct):
        for k, reading in enumerate(rules_for(room).unprinted_uncalled):
            table[row, k] = READINGS.index(reading)
    index = rooms.fill_null("").replace_strict(distinct, list(range(len(distinct))),
                                               return_dtype=pl.Int64)  # fmt: skip
    readings: np.ndarray = table[index.to_numpy().astype(np.int64)]
    return readings


def written_readings(readings: np.ndarray, written: pl.Series) -> np.ndarray:
    """``readings`` (see :func:`room_readings`) with each hand whose file says how it
    writes an uncalled bet (``written``: one of ``READINGS``; null: it does not) read that
    way alone."""
    code = written.fill_null("").replace_strict({r: k for k, r in enumerate(READINGS)}, default=-1,
                                  return_dtype=pl.Int64).to_numpy()  # fmt: skip
    out = readings.copy()
    said = code >= 0
    out[said] = -1
    out[said, 0] = code[said]
    return out


def _in_pot(readings: np.ndarray, in_pot_balances: np.ndarray, left_out_balances: np.ndarray
            ) -> np.ndarray:  # fmt: skip
    """Per hand, whether its unprinted uncalled bet is read as counted in the pot:
    ``readings`` holds, per hand, the codes of its room's readings in order (-1: none)."""
    balances = np.stack([in_pot_balances, left_out_balances], axis=1)
    chosen = readings[:, 0].copy()
    for k in range(readings.shape[1] - 1, -1, -1):
        code = readings[:, k]
        fits = (code >= 0) & balances[np.arange(code.size), np.maximum(code, 0)]
        chosen = np.where(fits, code, chosen)
    in_pot: np.ndarray = chosen == READINGS.index("in_pot")
    return in_pot


@njit_scalar
def _take_off_collections(
    hand: np.ndarray, seat: np.ndarray, code: np.ndarray, chips: np.ndarray,
    rows: np.ndarray, amounts: np.ndarray,
) -> None:  # fmt: skip
    """Take each inferred return off its bettor's collect rows of the hand, last first."""
    for k in range(rows.size):
        left = amounts[k]
        i = rows[k]
        while i + 1 < hand.size and hand[i + 1] == hand[rows[k]]:
            i += 1  # the hand's last row: its collections come after the bet
        while i >= rows[k] and left > 0:
            if code[i] == _COLLECT and seat[i] == seat[rows[k]]:
                taken = min(left, chips[i])
                chips[i] -= taken
                left -= taken
            i -= 1
