"""Each seat of each hand: its stack, chips put in, returned, collected and paid outside
the pots, its cards and its position; by compiled passes over the seat lines and the
events, both in hand order."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from ingest.engine import grouped
from ingest.engine.betting import IS_BETTING, KIND_CODES
from ingest.engine.columns import arrow, nullable, numbers, take
from ingest.engine.grammar import EVENT_KINDS
from ingest.engine.lines import Lines
from ingest.engine.scan import njit, units

# Seat labels after the blinds and before the button, by how many players sit there.
_MIDDLE = {
    0: [], 1: ["CO"], 2: ["UTG", "CO"], 3: ["UTG", "HJ", "CO"], 4: ["UTG", "MP", "HJ", "CO"],
    5: ["UTG", "UTG1", "MP", "HJ", "CO"], 6: ["UTG", "UTG1", "MP", "MP1", "HJ", "CO"],
    7: ["UTG", "UTG1", "UTG2", "MP", "MP1", "HJ", "CO"],
}  # fmt: skip


_LABELS = ["SB", "BB", "BTN", "UTG", "UTG1", "UTG2", "MP", "MP1", "HJ", "CO"]


def _position_table() -> np.ndarray:
    """Label codes (in ``_LABELS``) by number of players dealt in and order from the seat
    after the button; -1 where there is no label."""
    table = np.full((11, 10), -1, np.int64)
    table[2, 0], table[2, 1] = _LABELS.index("BB"), _LABELS.index("BTN")
    for middle, labels in _MIDDLE.items():
        n = middle + 3
        table[n, 0], table[n, 1] = _LABELS.index("SB"), _LABELS.index("BB")
        table[n, n - 1] = _LABELS.index("BTN")
        for k, label in enumerate(labels):
            table[n, 2 + k] = _LABELS.index(label)
    return table


_POSITIONS = _position_table()
_LABEL_ARRAY = pa.array(_LABELS, pa.string())
_INSURANCE_CODE, _FOLD_CODE = KIND_CODES["insurance"], KIND_CODES["fold"]
# Posts: one of nothing is no part in the hand (BetOnline's "ante processed 0.00" for every
# seated player, sitting out or not).
_IS_POST = np.array([k in ("post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "post_dead")
                     for k in EVENT_KINDS])  # fmt: skip
# Which chip flow (0 returned, 1 collected, 2 cashed out) an event kind is, -1: none.
_FLOW_OF = np.array([["return", "collect", "cash_out"].index(k) if k in ("return", "collect",
                     "cash_out") else -1 for k in EVENT_KINDS])  # fmt: skip


@dataclass(frozen=True)
class HandArrays:
    """What row-level steps look up by hand number, as arrays indexed by it."""

    big_blind: np.ndarray  # -1: unreadable
    button_seat: np.ndarray  # -1: none

    @staticmethod
    def of(info: pl.DataFrame) -> HandArrays:
        return HandArrays(
            numbers(info["big_blind"]),
            numbers(info["button_seat"]).astype(np.int64),
        )


def read_seats(lines: Lines) -> pl.DataFrame:
    """Seat lines with numbers and stacks."""
    seats = lines.seats
    stack, valid = units(seats["stack_h"].to_numpy())
    return seats.with_columns(stack=nullable(stack, valid))


@njit
def _seat_rows(
    seat_hand: np.ndarray, seat: np.ndarray, hand: np.ndarray, number: np.ndarray
) -> np.ndarray:
    """For each (hand, seat number) row, the first seat line of that hand with that number
    (-1: none; null numbers, -1, match each other). Both sides are in hand order."""
    out = np.full(hand.size, -1, np.int64)
    begin = 0
    for i in range(hand.size):
        while begin < seat_hand.size and seat_hand[begin] < hand[i]:
            begin += 1
        k = begin
        while k < seat_hand.size and seat_hand[k] == hand[i]:
            if seat[k] == number[i]:
                out[i] = k
                break
            k += 1
    return out


@njit
def _seat_sums(
    seat_hand: np.ndarray, seat: np.ndarray, event_hand: np.ndarray, event_seat: np.ndarray,
    code: np.ndarray, chips: np.ndarray, fee: np.ndarray, event_cards: np.ndarray,
    summary_hand: np.ndarray, summary_seat: np.ndarray, summary_cards: np.ndarray,
    won: np.ndarray, not_awarded: np.ndarray,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """Per seat line, from the events and summary lines of its hand with its seat number
    (see :func:`_seat_rows`; null amounts, -1, count 0): chips put in, returned, collected
    and cashed out, cash-out fees, winnings and pots not awarded written in the summary,
    insurance premiums paid, the number of events (but posts of nothing), and the first
    event and summary line showing its cards (-1: none)."""
    n = seat_hand.size
    sums = np.zeros((n, 9), np.int64)
    first_shown = np.full(n, -1, np.int64)
    first_summary = np.full(n, -1, np.int64)
    for i, k in enumerate(_seat_rows(seat_hand, seat, event_hand, event_seat)):
        if k < 0:
            continue
        c = code[i]
        sums[k, 8] += not (_IS_POST[c] and chips[i] == 0)
        column = 0 if IS_BETTING[c] else (1 + _FLOW_OF[c] if _FLOW_OF[c] >= 0 else -1)
        if c == _INSURANCE_CODE:
            column = 7
        if column >= 0:
            sums[k, column] += max(chips[i], 0)
        sums[k, 4] += max(fee[i], 0)
        if event_cards[i] and first_shown[k] < 0:
            first_shown[k] = i
    for j, k in enumerate(_seat_rows(seat_hand, seat, summary_hand, summary_seat)):
        if k < 0:
            continue
        sums[k, 6 if not_awarded[j] else 5] += max(won[j], 0)
        if summary_cards[j] and first_summary[k] < 0:
            first_summary[k] = j
    return sums, first_shown, first_summary


@njit
def all_in_by_stack(
    seat_hand: np.ndarray, seat: np.ndarray, stack: np.ndarray, event_hand: np.ndarray,
    event_seat: np.ndarray, code: np.ndarray, chips: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Whether each betting event puts the last of its player's stack in (some rooms do
    not print "and is all-in")."""
    out = np.zeros(event_hand.size, np.bool_)
    put = np.zeros(seat_hand.size, np.int64)
    for i, k in enumerate(_seat_rows(seat_hand, seat, event_hand, event_seat)):
        if k >= 0 and IS_BETTING[code[i]] and chips[i] > 0:
            put[k] += chips[i]
            out[i] = put[k] == stack[k]
    return out


def _printed_results(
    seats: pl.DataFrame, summary: pl.DataFrame
) -> tuple[np.ndarray, np.ndarray]:
    """Per seat line, the result its summary line writes (see ``Grammar.summary_results``)
    in the smallest unit, and whether one is written and readable."""
    written = summary.filter(pl.col("result_h").is_not_null())
    hand = written["hand"].to_numpy()
    result_h = written["result_h"].to_numpy()
    amount, ok = units(np.abs(result_h))
    rows = _seat_rows(seats["hand"].to_numpy(), numbers(seats["seat"]), hand,
                      numbers(written["seat"]))  # fmt: skip
    result = np.zeros(seats.height, np.int64)
    has = np.zeros(seats.height, np.bool_)
    # the first line of a seat counts
    lines = np.flatnonzero((rows >= 0) & ok)
    seat_rows, first = np.unique(rows[lines], return_index=True)
    result[seat_rows] = np.sign(result_h[lines[first]]) * amount[lines[first]]
    has[seat_rows] = True
    return result, has


def player_rows(
    lines: Lines, info: HandArrays, seats: pl.DataFrame, ev: pl.DataFrame, due: np.ndarray,
    summary_excess: np.ndarray, results: bool = False,
) -> tuple[pl.DataFrame, np.ndarray]:  # fmt: skip
    """One row per seat line, with the player's chip flows, cards and position; and per
    hand whether its winnings are read from the summary. They are where the collect lines
    pay exactly ``summary_excess`` (a positive amount) more than ``due``, the pot less the
    room's take, and the summary's "won" amounts add up to ``due`` (Run It Once exports
    with a splash count it in every pot's collect line). With ``results`` (a room whose
    summary writes each player's result), a player whose result says they collected more
    than their collect lines pay collected the rest from a pot the lines leave out
    (``unprinted``); ``result`` is the result written (null: none)."""
    summary = lines.summary_seats
    summary_hand = summary["hand"].to_numpy()
    won, won_ok = units(summary["won_h"].to_numpy())
    seat_hand, seat = seats["hand"].to_numpy(), numbers(seats["seat"])
    sums, first_shown, first_summary = _seat_sums(
        seat_hand, seat, ev["hand"].to_numpy(), numbers(ev["seat"]),
        ev["code"].to_numpy(), numbers(ev["chips"]), numbers(ev["fee_x"]),
        ev["cards"].is_not_null().to_numpy(), summary_hand, numbers(summary["seat"]),
        summary["cards"].is_not_null().to_numpy(), np.where(won_ok, won, -1),
        summary["not_awarded"].to_numpy(),
    )  # fmt: skip
    put_in, returned, collected, cashed_out, fee, won_summary, not_awarded, premiums, acts = (
        sums.T
    )
    hands = due.size
    from_summary = (
        (summary_excess > 0)
        & (due >= 0)
        & (grouped.sums(seat_hand, hands, collected) - due == summary_excess)
        & (grouped.sums(seat_hand, hands, won_summary) == due)
    )
    collected = np.where(from_summary[seat_hand], won_summary, collected)
    result, has_result = np.zeros(seat_hand.size, np.int64), np.zeros(seat_hand.size, np.bool_)
    if results:
        result, has_result = _printed_results(seats, summary)
    implied = result - cashed_out + premiums + put_in - returned
    unprinted = np.where(has_result & (implied > collected), implied - collected, 0)
    collected = collected + unprinted
    shown = take(ev["cards"], first_shown)
    summary_cards = take(summary["cards"], first_summary)
    cards = pc.coalesce(arrow(seats["dealt"]).cast(pa.string()), shown, summary_cards)
    hole_cards = _known(pc.utf8_trim_whitespace(cards))  # "[4D 2S ]": no blank kept
    button = info.button_seat[seat_hand]
    # Who is dealt in comes from who posts, acts, shows or is dealt cards, never from the
    # seat list alone: rooms list players who are seated but not dealt in (Winamax), and
    # players marked sitting out who post and fold (tournaments).
    dealt_in = (acts > 0) | seats["dealt"].is_not_null().to_numpy()
    positions = _positions(seat_hand, np.maximum(seat, 0), np.maximum(button, 0),
                           dealt_in & (button >= 0))  # fmt: skip
    return seats.with_columns(
        sitting_out=pl.Series(~dealt_in),
        put_in=put_in,
        returned=returned,
        collected=collected,
        cashed_out=cashed_out,
        cash_out_fee=fee,
        not_awarded=not_awarded,
        insurance=-premiums,
        net=collected + cashed_out - premiums - put_in + returned,
        unprinted=unprinted,
        result=pl.Series(pa.array(result, mask=~has_result), dtype=pl.Int64),
        hole_cards=pl.Series(hole_cards),
        position=pl.Series(_LABEL_ARRAY.take(pa.array(positions, mask=positions < 0))),
    ), from_summary


def _known(cards: pa.Array) -> pa.Array:
    """Card texts less the cards a room writes as unknown (``XX Qs``, an export's partial
    show: ``Qs``); null where none is known."""
    if not pc.any(pc.match_substring(cards, "X")).as_py():
        return cards
    known = pc.utf8_trim_whitespace(pc.replace_substring_regex(cards, r"\bXX\b ?", ""))
    return pc.if_else(pc.equal(known, ""), pa.scalar(None, pa.string()), known)


@njit
def _positions(
    hand: np.ndarray, seat: np.ndarray, button: np.ndarray, dealt_in: np.ndarray
) -> np.ndarray:
    """Each seat line's position code (-1: none): among the players dealt in of its hand,
    ordered clockwise from the seat after the button, by how many they are."""
    out = np.full(hand.size, -1, np.int64)
    begin = 0
    while begin < hand.size:
        end = begin
        while end < hand.size and hand[end] == hand[begin]:
            end += 1
        rows = np.array([i for i in range(begin, end) if dealt_in[i]], np.int64)
        # seats after the button come first; 100 exceeds any seat number, so the modulo
        # only rotates the table
        order = np.argsort((seat[rows] - button[rows] - 1) % 100, kind="mergesort")
        n = rows.size
        if 2 <= n <= 10:
            for k in range(n):
                out[rows[order[k]]] = _POSITIONS[n, k]
        begin = end
    return out


@njit
def one_pot(
    seat_hand: np.ndarray, seat: np.ndarray, in_pot: np.ndarray, event_hand: np.ndarray,
    event_seat: np.ndarray, code: np.ndarray, hands: int,
) -> np.ndarray:  # fmt: skip
    """Per hand: whether all its chips make one pot, i.e. every player who did not fold put
    in the same (less returns): only a player all-in for less makes a side pot."""
    folded = np.zeros(seat_hand.size, np.bool_)
    for i, k in enumerate(_seat_rows(seat_hand, seat, event_hand, event_seat)):
        if k >= 0 and code[i] == _FOLD_CODE:
            folded[k] = True
    low = np.full(hands, np.iinfo(np.int64).max)
    high = np.full(hands, -1)
    for k in range(seat_hand.size):
        if not folded[k] and in_pot[k] > 0:
            low[seat_hand[k]] = min(low[seat_hand[k]], in_pot[k])
            high[seat_hand[k]] = max(high[seat_hand[k]], in_pot[k])
    one: np.ndarray = (high < 0) | (low == high)
    return one
