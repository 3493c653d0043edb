"""Classified PokerStars lines to the Arrow tables of :mod:`ingest.schemas`, with checks.

Hands are numbered 0..n-1 within a chunk, so per-hand values are arrays indexed by hand
and gathered by position. Events, seats and summary lines are all in hand order, so the
running street totals and each seat's sums are single compiled passes over them. The
checks live in :mod:`ingest.sites.pokerstars_problems`; only hands that pass them reach
the output tables, which Arrow assembles from the arrays (polars is left for the rare
paths: players sitting out, Run It Once exports, failed hands).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from ingest import schemas
from ingest.engine import grouped
from ingest.engine.contract import ParseResult
from ingest.engine.fields import PLAIN_POT
from ingest.engine.grammar import BETTING, EVENT_KINDS, ROOM_COLUMNS, Grammar
from ingest.engine.header import hand_info
from ingest.engine.lines import STREET_NAMES, Lines
from ingest.engine.problems import problems
from ingest.engine.returns import infer_returns
from ingest.engine.scan import njit, units
from ingest.engine.text import one_of
from ingest.rooms import RAISE_MAY_ADD

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


Column: TypeAlias = pl.Series | pa.Array | np.ndarray


def _arrow(column: pl.Series) -> pa.Array:
    """A column as Arrow (strings as views over the chunk's text)."""
    return column.to_arrow(compat_level=pl.CompatLevel.newest())


def _take(column: pl.Series, rows: np.ndarray) -> pa.Array:
    """Rows of a string column as Arrow strings, null where ``rows`` is -1."""
    return _arrow(column).cast(pa.string()).take(pa.array(rows, mask=rows < 0))


def _nullable(values: np.ndarray, valid: np.ndarray) -> pl.Series:
    """Integers as a column, null where not ``valid``."""
    return pl.Series(pa.array(values, mask=~valid), dtype=pl.Int64)


def _numbers(column: pl.Series, null: int = -1) -> np.ndarray:
    """A column of integers as an array, ``null`` standing for its nulls."""
    if not column.null_count():
        return column.to_numpy()
    arrow = column.to_arrow()
    filled: np.ndarray = pc.fill_null(arrow, pa.scalar(null, arrow.type)).to_numpy()
    return filled


def _seats(lines: Lines, in_cents: np.ndarray) -> pl.DataFrame:
    """Seat lines with numbers, stacks and sitting-out flags."""
    seats = lines.seats
    stack, valid = units(seats["stack_h"].to_numpy(), in_cents[seats["hand"].to_numpy()])
    seats = seats.with_columns(stack=_nullable(stack, valid))
    if not lines.sat_out.height:
        return seats
    # "sits out" before the hole cards are dealt: not dealt in
    hole = lines.markers.filter(one_of(pl.col("marker"), ["HOLE CARDS", "PRE-FLOP"]))
    hole = hole.group_by("hand").agg(hole_idx=pl.col("idx").min())
    sat_out = (
        lines.sat_out.join(hole, on="hand", how="left")
        .filter(pl.col("idx") < pl.col("hole_idx").fill_null(1 << 62))
        .select("hand", "player", sat_out=pl.lit(True))
        .unique()
    )
    return (
        seats.join(sat_out, on=["hand", "player"], how="left", maintain_order="left")
        .with_columns(sitting_out=pl.col("sitting_out") | pl.col("sat_out").fill_null(False))
        .drop("sat_out")
    )


def _events(
    lines: Lines, in_cents: np.ndarray, big_blind: np.ndarray, total_pot: np.ndarray,
    may_add: np.ndarray,
) -> tuple[pl.DataFrame, np.ndarray]:
    """Events in line order, with amounts in the smallest unit (``x``: the amount, ``y``:
    a raise's "to" amount, ``fee_x``: a cash-out fee; null when unreadable) and the street
    totals of the betting rows (see :func:`_betting`): ``live``, ``after``, ``chips``,
    ``dead``, ``raise_to`` and ``seq``; ``pkey`` is the player's (hand, seat) key, ``key``
    that and the street. ``raises X to Y`` is read with Y the street total, or, in hands
    whose room ``may_add`` writes Y as the chips the raise adds, that way when only it
    makes the hand's chips balance (what the betting puts in, less returns, is the printed
    ``total_pot``). Also returns each hand's reading (an index in ``RAISE_READINGS``)."""
    ev = lines.events
    hand, code = ev["hand"].to_numpy(), ev["code"].to_numpy().astype(np.int64)
    # A raise written before the cards are dealt is a post of both blinds (Winamax writes
    # "raises 1€ to 3€" among the blinds for a player posting a big blind and a dead small).
    code = np.where((code == _RAISE_CODE) & (ev["street"].to_numpy() == 0), _BOTH_BLINDS_CODE,
                    code)  # fmt: skip
    ev = ev.with_columns(code=pl.Series(code, dtype=pl.Int8))
    cents = in_cents[hand]
    value, value_ok = units(ev["value_h"].to_numpy(), cents)
    fee, fee_ok = units(ev["fee_h"].to_numpy(), cents)
    is_raise = code == _RAISE_CODE
    x_ok, y_ok = value_ok & ~is_raise, value_ok & (is_raise | (code == _STRADDLE_CODE))
    fee_ok &= code == _CASH_OUT_CODE
    seat = _numbers(ev["seat"], 15).astype(np.int64)  # 15 stands for "no seat"
    pkey = hand * 16 + seat
    key = pkey * 8 + np.maximum(ev["street"].to_numpy(), 1)  # early posts bet pre-flop
    args = (hand, key % 128, code, np.where(x_ok, value, -1), np.where(y_ok, value, -1),
            big_blind[hand])  # fmt: skip
    flows = [_betting(*args, reading == "added") for reading in RAISE_READINGS[: 1 + may_add.any()]]
    n = total_pot.size
    reading = np.zeros(n, np.int64)
    if len(flows) > 1:
        balances = [
            grouped.sums(hand, n, np.where(_IS_BETTING[code], chips,
                                           np.where(code == _RETURN_CODE, -chips, 0)))
            == total_pot
            for _, _, chips, *_ in flows
        ]  # fmt: skip
        reading[may_add & ~balances[0] & balances[1]] = 1
    live, after, chips, dead, seq, betting, chips_ok = (
        flows[0] if len(flows) == 1
        else (np.choose(reading[hand], arrays) for arrays in zip(*flows, strict=True))
    )
    y = _nullable(value, y_ok)
    return ev.with_columns(
        x=_nullable(value, x_ok),
        y=y,
        fee_x=_nullable(fee, fee_ok),
        pkey=pkey,
        key=key,
        all_in=ev["all_in"].fill_null(False),
        live=_nullable(live, betting),
        after=_nullable(after, betting),
        chips=_nullable(chips, chips_ok),
        dead=dead,
        raise_to=_nullable(after, is_raise & y_ok),
        seq=seq,
    ), reading


_KIND_CODES = {kind: code for code, kind in enumerate(EVENT_KINDS)}
_IS_BETTING = np.array([kind in BETTING for kind in EVENT_KINDS])
_NO_CHIPS = np.array([kind in ("fold", "check", "show", "muck") for kind in EVENT_KINDS])
_INSURANCE_CODE = EVENT_KINDS.index("insurance")
# Which chip flow (0 returned, 1 collected, 2 cashed out) an event kind is, -1: none.
_FLOW_OF = np.array([["return", "collect", "cash_out"].index(k) if k in ("return", "collect",
                     "cash_out") else -1 for k in EVENT_KINDS])  # fmt: skip
# What Y means in "raises X to Y": the street total, or the chips the raise adds.
RAISE_READINGS = ("total", "added")
_STRADDLE_CODE, _RETURN_CODE = _KIND_CODES["straddle"], _KIND_CODES["return"]
_SMALL_BLIND_CODE, _FOLD_CODE = _KIND_CODES["post_sb"], _KIND_CODES["fold"]
_RAISE_CODE, _ANTE_CODE, _DEAD_CODE, _BOTH_BLINDS_CODE, _CASH_OUT_CODE, _COLLECT_CODE = (
    _KIND_CODES["raise"],
    _KIND_CODES["ante"],
    _KIND_CODES["post_dead"],
    _KIND_CODES["post_sb_bb"],
    _KIND_CODES["cash_out"],
    _KIND_CODES["collect"],
)
# Event kinds whose board number is kept (the others happen before the boards split).
_ON_A_BOARD = np.array([kind in ("show", "muck", "collect", "cash_out") for kind in EVENT_KINDS])
_STREET_NAMES = pa.array(STREET_NAMES, pa.string())
_KIND_NAMES = pa.array(EVENT_KINDS, pa.string())
_LABEL_ARRAY = pa.array(_LABELS, pa.string())
_HALF_NAMES = pa.array(["whole", "hi", "lo"], pa.string())


@njit
def _betting(
    hand: np.ndarray, key: np.ndarray, code: np.ndarray, x: np.ndarray, y: np.ndarray,
    big_blind: np.ndarray, raise_adds: bool,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """The street totals, one pass over the events in line order: per (hand, seat, street)
    ``key``, what each betting row adds live (a post of both blinds counts the big blind
    live, the rest is dead; antes and dead posts are dead, and so is a small blind posted
    with the big blind already in; a raise, and a straddle (a raise
    in the blinds, whose amount a re-straddle raises), set the total to their amount, and
    later calls add to it; with ``raise_adds``, a raise's "to" amount is what it adds),
    the total after it, and what a raise adds; then the chips each event moves and its dead
    part. Null amounts (-1 in ``x``, ``y``, ``big_blind``) count
    as 0: their hands fail the checks. Returns the values and a validity flag for each."""
    n = hand.size
    live, after = np.zeros(n, np.int64), np.zeros(n, np.int64)
    chips, dead = np.zeros(n, np.int64), np.zeros(n, np.int64)
    betting_valid, chips_valid = np.zeros(n, np.bool_), np.ones(n, np.bool_)
    seq = np.zeros(n, np.int32)
    # running state per key of the current hand (keys are hand * 128 + seat * 8 + street)
    total, since_raise = np.zeros(128, np.int64), np.zeros(128, np.int64)
    base, last = np.zeros(128, np.int64), np.zeros(128, np.int64)
    seen = np.zeros(128, np.bool_)
    first_row = 0
    for i in range(n):
        if i == 0 or hand[i] != hand[i - 1]:
            first_row = i
            seen[:] = False
        seq[i] = i - first_row
        c = code[i]
        xi = max(x[i], 0)
        if _NO_CHIPS[c]:
            continue
        if not _IS_BETTING[c]:
            chips[i] = xi
            chips_valid[i] = x[i] >= 0
            continue
        g = key[i] % 128
        if not seen[g]:
            seen[g] = True
            total[g] = since_raise[g] = base[g] = last[g] = 0
        if c == _BOTH_BLINDS_CODE:
            adds = xi if big_blind[i] < 0 else (big_blind[i] if x[i] < 0 else min(xi, big_blind[i]))
        elif c in (_ANTE_CODE, _DEAD_CODE, _RAISE_CODE, _STRADDLE_CODE) or (
            c == _SMALL_BLIND_CODE and 0 < big_blind[i] <= total[g]
        ):  # a small blind posted with the big blind in is dead
            adds = 0
        else:
            adds = xi
        total[g] += adds
        to = max(y[i], 0) + (last[g] if raise_adds and c == _RAISE_CODE else 0)
        if c in (_RAISE_CODE, _STRADDLE_CODE):
            since_raise[g] = total[g]
            base[g] = to
        live[i] = adds
        after[i] = base[g] + total[g] - since_raise[g]
        betting_valid[i] = True
        if c in (_RAISE_CODE, _STRADDLE_CODE):
            chips[i] = to - last[g]
            chips_valid[i] = y[i] >= 0
        else:
            chips[i] = xi
            chips_valid[i] = x[i] >= 0
        if c in (_ANTE_CODE, _DEAD_CODE, _SMALL_BLIND_CODE) or c == _BOTH_BLINDS_CODE:
            dead[i] = xi - adds
        last[g] = after[i]
    return live, after, chips, dead, seq, betting_valid, chips_valid


@njit
def _hand_sums(
    hands: int, hand: np.ndarray, code: np.ndarray, x: np.ndarray, fee: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per hand: the largest ante posted and the cash-out fees (-1 amounts: none)."""
    ante, fees = np.zeros(hands, np.int64), np.zeros(hands, np.int64)
    for i in range(hand.size):
        if code[i] == _ANTE_CODE:
            ante[hand[i]] = max(ante[hand[i]], x[i])
        elif code[i] == _CASH_OUT_CODE:
            fees[hand[i]] += max(fee[i], 0)
    return ante, fees


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
    insurance premiums paid, and the first event and summary line showing its cards (-1:
    none)."""
    n = seat_hand.size
    sums = np.zeros((n, 8), np.int64)
    first_shown = np.full(n, -1, np.int64)
    first_summary = np.full(n, -1, np.int64)
    for i, k in enumerate(_seat_rows(seat_hand, seat, event_hand, event_seat)):
        if k < 0:
            continue
        c = code[i]
        column = 0 if _IS_BETTING[c] else (1 + _FLOW_OF[c] if _FLOW_OF[c] >= 0 else -1)
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
def _all_in_by_stack(
    seat_hand: np.ndarray, seat: np.ndarray, stack: np.ndarray, event_hand: np.ndarray,
    event_seat: np.ndarray, code: np.ndarray, chips: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Whether each betting event puts the last of its player's stack in (some rooms do
    not print "and is all-in")."""
    out = np.zeros(event_hand.size, np.bool_)
    put = np.zeros(seat_hand.size, np.int64)
    for i, k in enumerate(_seat_rows(seat_hand, seat, event_hand, event_seat)):
        if k >= 0 and _IS_BETTING[code[i]] and chips[i] > 0:
            put[k] += chips[i]
            out[i] = put[k] == stack[k]
    return out


def _players(
    lines: Lines, info: _HandArrays, seats: pl.DataFrame, ev: pl.DataFrame, due: np.ndarray
) -> tuple[pl.DataFrame, np.ndarray]:
    """One row per seat line, with the player's chip flows, cards and position; and per
    hand whether its winnings are read from the summary. They are where the collect lines
    contradict the hand's totals (they do not add up to ``due``, the pot less the room's
    take) and the summary's "won" amounts agree with them (Run It Once exports with a
    splash count it in every pot's collect line)."""
    summary = lines.summary_seats
    summary_hand = summary["hand"].to_numpy()
    won, won_ok = units(summary["won_h"].to_numpy(), info.in_cents[summary_hand])
    seat_hand, seat = seats["hand"].to_numpy(), _numbers(seats["seat"])
    sums, first_shown, first_summary = _seat_sums(
        seat_hand, seat, ev["hand"].to_numpy(), _numbers(ev["seat"]),
        ev["code"].to_numpy(), _numbers(ev["chips"]), _numbers(ev["fee_x"]),
        ev["cards"].is_not_null().to_numpy(), summary_hand, _numbers(summary["seat"]),
        summary["cards"].is_not_null().to_numpy(), np.where(won_ok, won, -1),
        summary["not_awarded"].to_numpy(),
    )  # fmt: skip
    put_in, returned, collected, cashed_out, fee, won_summary, not_awarded, premiums = sums.T
    hands = due.size
    from_summary = (
        (due >= 0)
        & (grouped.sums(seat_hand, hands, collected) != due)
        & (grouped.sums(seat_hand, hands, won_summary) == due)
    )
    collected = np.where(from_summary[seat_hand], won_summary, collected)
    shown = _take(ev["cards"], first_shown)
    summary_cards = _take(summary["cards"], first_summary)
    hole_cards = pc.coalesce(_arrow(seats["dealt"]).cast(pa.string()), shown, summary_cards)
    button = info.button_seat[seat_hand]
    dealt_in = ~seats["sitting_out"].fill_null(True).to_numpy() & (button >= 0)
    positions = _positions(seat_hand, np.maximum(seat, 0), np.maximum(button, 0), dealt_in)
    return seats.with_columns(
        put_in=put_in,
        returned=returned,
        collected=collected,
        cashed_out=cashed_out,
        cash_out_fee=fee,
        not_awarded=not_awarded,
        insurance=-premiums,
        net=collected + cashed_out - premiums - put_in + returned,
        hole_cards=pl.Series(hole_cards),
        position=pl.Series(_LABEL_ARRAY.take(pa.array(positions, mask=positions < 0))),
    ), from_summary


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
def _one_pot(
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


def _collections(
    lines: Lines, info: _HandArrays, ev: pl.DataFrame, players: pl.DataFrame, pots_named: bool,
    from_summary: np.ndarray,
) -> tuple[dict[str, Column], np.ndarray]:
    """Collect lines as rows (the summary's winnings for hands ``from_summary``): the
    columns hand, seat, player, board, pot, half and amount, and the rows in hand order. A
    collection "from pot" is from the main pot when the hand has no side pot (in a room
    that never names its pots: when its chips make one pot), else its pot is unknown."""
    n = info.button_seat.size
    has_side_pots = grouped.counts(lines.totals.filter("side_pots")["hand"].to_numpy(), n) > 0
    ev_hand = ev["hand"].to_numpy()
    rows = np.flatnonzero((ev["code"].to_numpy() == _COLLECT_CODE) & ~from_summary[ev_hand])
    hand = ev_hand[rows]
    if not pots_named:
        seat_hand, seat = players["hand"].to_numpy(), _numbers(players["seat"])
        in_pot = players["put_in"].to_numpy() - players["returned"].to_numpy()
        has_side_pots |= ~_one_pot(seat_hand, seat, in_pot, ev_hand, _numbers(ev["seat"]),
                                   ev["code"].to_numpy(), n)  # fmt: skip
    pot = ev["pot"].to_numpy()[rows]
    pot = np.where(pot == PLAIN_POT, np.where(has_side_pots[hand], -1, 0), pot)
    picked = pa.array(rows)
    columns: dict[str, Column] = {
        "hand": hand,
        "seat": _arrow(ev["seat"]).take(picked),
        "player": _take(ev["player"], rows),
        "board": _arrow(ev["run"]).take(picked),
        "pot": pa.array(pot, pa.int8(), mask=pot < 0),
        "half": pa.array(ev["half"].to_numpy()[rows]),
        "amount": _arrow(ev["chips"]).take(picked),
    }
    if not from_summary.any():
        return columns, np.arange(rows.size)
    player_hand = players["hand"].to_numpy()
    won = np.flatnonzero(from_summary[player_hand] & (players["collected"].to_numpy() > 0))
    picked = pa.array(won)
    summary_columns: dict[str, Column] = {
        "hand": player_hand[won],
        "seat": _arrow(players["seat"]).take(picked),
        "player": _take(players["player"], won),
        "board": pa.array(np.ones(won.size, np.int8)),
        "pot": pa.nulls(won.size, pa.int8()),
        "half": pa.array(np.zeros(won.size, np.int8)),
        "amount": _arrow(players["collected"]).take(picked),
    }
    both: dict[str, Column] = {"hand": np.concatenate([hand, summary_columns["hand"]])}
    for name in ("seat", "player", "board", "pot", "half", "amount"):
        both[name] = pa.concat_arrays([columns[name], summary_columns[name]])
    return both, np.argsort(both["hand"], kind="stable")


def _totals(lines: Lines, in_cents: np.ndarray, after_rake: bool) -> pl.DataFrame:
    """One row per hand: how many "Total pot" lines it has, and the first one's line, total
    pot and the room's amounts on it (rake, other fees, money the room added; null:
    unreadable, or no such line), plus the room's money from lines of its own (a cash
    drop). ``total_pot`` is what the players put in: money the room added to the printed
    total is taken off it."""
    n = in_cents.size
    totals = lines.totals
    rows = grouped.first_rows(totals["hand"].to_numpy(), n, np.ones(totals.height, np.bool_))
    found = rows >= 0

    def first_amount(column: str) -> tuple[np.ndarray, np.ndarray]:
        if column not in totals.columns:  # the room writes no such amount
            return np.zeros(n, np.int64), np.ones(n, np.bool_)
        # A missing label is none taken; one that is there but unreadable is not.
        return units(grouped.gather(totals[column].to_numpy(), rows, -1), in_cents)

    total, total_ok = first_amount("total_h")
    amounts = {column: first_amount(f"{column}_h") for column in ROOM_COLUMNS}
    if after_rake:  # the room prints the pot less what it took
        for column in ("rake", "jackpot_fee", "tax"):
            value, ok = amounts[column]
            total, total_ok = total + value, total_ok & ok
    room_lines = lines.room_money
    money_in, money_ok = units(room_lines["amount_h"].to_numpy(),
                               in_cents[room_lines["hand"].to_numpy()])  # fmt: skip
    hand = room_lines["hand"].to_numpy()
    drop = grouped.sums(hand, n, money_in)
    drop_bad = grouped.counts(hand, n, ~money_ok) > 0
    room_in, room_ok = amounts["room_money_in"]
    room_in = room_in + drop
    columns = {column: pa.array(value, mask=~(found & ok))
               for column, (value, ok) in amounts.items()}  # fmt: skip
    columns["room_money_in"] = pa.array(room_in, mask=~(found & room_ok) | drop_bad)
    idx = grouped.gather(totals["idx"].to_numpy(), rows, -1)
    return pl.DataFrame(
        {
            "n_totals": grouped.counts(totals["hand"].to_numpy(), n),
            "total_idx": pa.array(idx, mask=~found),
            "total_pot": pa.array(total - room_in,
                                  mask=~(found & total_ok & room_ok) | drop_bad),
            **columns,
        },
        schema={"n_totals": pl.Int64, "total_idx": pl.Int64, "total_pot": pl.Int64,
                **dict.fromkeys(ROOM_COLUMNS, pl.Int64)},
    )  # fmt: skip


def _table(frame: pl.DataFrame, schema: pa.Schema) -> pa.Table:
    """The frame as an Arrow table of ``schema``: strings leave polars as views (no copy)
    and are copied once, into the schema's plain strings."""
    arrow = frame.select(schema.names).to_arrow(compat_level=pl.CompatLevel.newest())
    return arrow.cast(schema)


def _assemble(columns: dict[str, Column], schema: pa.Schema, rows: np.ndarray | None) -> pa.Table:
    """A table of ``schema`` from columns of one row per item, keeping ``rows`` (all when
    None), in that order. Strings leave polars as views and are copied into the schema's
    plain strings."""
    picked = None
    if rows is not None and not np.array_equal(rows, np.arange(rows.size)):
        picked = pa.array(rows)
    elif rows is not None:
        columns = {name: column[: rows.size] for name, column in columns.items()}
    arrays = []
    for field in schema:
        column = columns[field.name]
        if isinstance(column, pl.Series):
            column = _arrow(column)
        elif isinstance(column, np.ndarray):
            column = pa.array(column)
        column = column.cast(field.type)
        arrays.append(column if picked is None else column.take(picked))
    return pa.Table.from_arrays(arrays, schema=schema)


@dataclass(frozen=True)
class _HandArrays:
    """What row-level steps look up by hand number, as arrays indexed by it."""

    in_cents: np.ndarray  # amounts in cents (else whole chips)
    big_blind: np.ndarray  # -1: unreadable
    button_seat: np.ndarray  # -1: none

    @staticmethod
    def of(info: pl.DataFrame) -> _HandArrays:
        return _HandArrays(
            info["in_cents"].fill_null(False).to_numpy(),
            _numbers(info["big_blind"]),
            _numbers(info["button_seat"]).astype(np.int64),
        )


def _boards(lines: Lines, hands: int) -> pa.Array:
    """Each hand's boards (one string per board, by board number), empty when none."""
    boards = lines.boards
    hand = boards["hand"].to_numpy()
    order = np.lexsort((boards["idx"].to_numpy(), boards["run"].to_numpy(), hand))
    offsets = np.zeros(hands + 1, np.int32)
    np.cumsum(grouped.counts(hand, hands), out=offsets[1:])
    cards = _arrow(boards["cards"]).cast(pa.string()).take(pa.array(order))
    return pa.ListArray.from_arrays(pa.array(offsets), _completed(cards, hand[order]))


def _completed(cards: pa.Array, hand: np.ndarray) -> pa.Array:
    """Boards in hand order, a later board that prints only the cards dealt again (GGPoker:
    "SECOND Board [2c Kc]") completed with the first board's cards before them."""
    words = pc.utf8_length(cards).to_numpy(zero_copy_only=False) // 3 + 1
    first = np.ones(hand.size, np.bool_)
    first[1:] = hand[1:] != hand[:-1]
    first_row = np.maximum.accumulate(np.where(first, np.arange(hand.size), 0))
    short = np.flatnonzero(~first & (words < words[first_row]))
    if not short.size:
        return cards
    texts = cards.to_pylist()
    for row in short:
        head = texts[first_row[row]].split()[: words[first_row[row]] - words[row]]
        texts[row] = " ".join([*head, texts[row]])
    return pa.array(texts, pa.string())


def _game_from_cards(info: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """The cards dealt decide the game: an Omaha hand whose header names fewer hole cards
    than a player holds (PokerMaster's "Omaha" tables dealing five) is the Omaha of that
    many cards."""
    length = pc.utf8_length(_arrow(players["hole_cards"]).cast(pa.string()))
    cards = (pc.fill_null(length, 0).to_numpy().astype(np.int64) + 1) // 3  # "As Kd 7h 2c"
    dealt = np.zeros(info.height, np.int64)
    np.maximum.at(dealt, players["hand"].to_numpy(), cards)
    more = (info["variant"] == "omaha").fill_null(False).to_numpy() & (
        dealt > info["hole_cards_count"].fill_null(4).to_numpy()
    ) & np.isin(dealt, (5, 6))
    if not more.any():
        return info
    suffix = pl.when(pl.col("hi_lo")).then(pl.lit("_8")).otherwise(pl.lit(""))
    count = pl.Series(dealt, dtype=pl.Int8)
    return info.with_columns(
        game=pl.when(pl.Series(more)).then(pl.lit("omaha") + count.cast(pl.String) + suffix)
        .otherwise(pl.col("game")),
        hole_cards_count=pl.when(pl.Series(more)).then(count).otherwise(pl.col("hole_cards_count")),
    )


def _kept(hand: np.ndarray, ok: np.ndarray | None) -> np.ndarray | None:
    """The rows of hands that passed the checks (None: all)."""
    return None if ok is None else np.flatnonzero(ok[hand])


def build(lines: Lines, source_files: Sequence[str], grammar: Grammar) -> ParseResult:
    """The tables of one chunk (or of several small files parsed together) from its
    classified lines; ``source_files`` names each ``file`` number of the lines."""
    site = grammar.site
    info = hand_info(lines, grammar)
    n = info.height
    arrays = _HandArrays.of(info)
    seats = _seats(lines, arrays.in_cents)
    totals = _totals(lines, arrays.in_cents, grammar.total_after_rake)
    printed_total = _numbers(totals["total_pot"], -1)
    may_add = info["room"].is_in(list(RAISE_MAY_ADD)).fill_null(False).to_numpy()
    ev, reading = _events(lines, arrays.in_cents, arrays.big_blind, printed_total, may_add)
    ev, inferred = infer_returns(ev, n)
    all_in = _all_in_by_stack(
        seats["hand"].to_numpy(), _numbers(seats["seat"]), _numbers(seats["stack"]),
        ev["hand"].to_numpy(), _numbers(ev["seat"]), ev["code"].to_numpy(), _numbers(ev["chips"]),
    )
    ev = ev.with_columns(all_in=pl.col("all_in") | all_in)
    totals = totals.with_columns(total_pot=pl.col("total_pot") - inferred)
    take = totals.select(pl.col("rake") + pl.col("jackpot_fee") + pl.col("tax")
                         - pl.col("room_money_in")).to_series()  # fmt: skip
    due = _numbers(totals["total_pot"] - take, -1)
    players, from_summary = _players(lines, arrays, seats, ev, due)
    info = _game_from_cards(info, players)
    bad = problems(lines, info, seats, ev, players, totals)
    ok = None  # most chunks have no failed hand: then every row is kept without a lookup
    if bad.height:
        ok = np.ones(n, np.bool_)
        ok[bad["hand"].to_numpy()] = False
    files = pa.array(source_files, pa.string())
    hand_id = _arrow(info["hand_id"]).cast(pa.string())

    def hand_ids(hand: np.ndarray) -> pa.Array:
        return hand_id.take(pa.array(hand))

    ev_hand = ev["hand"].to_numpy()
    ante, cash_out_fee = _hand_sums(
        n, ev_hand, ev["code"].to_numpy(), _numbers(ev["x"]), _numbers(ev["fee_x"])
    )
    hands = _assemble(
        {
            **{name: info[name] for name in info.columns if name in schemas.HANDS.names},
            "site": pa.repeat(site, n),
            "ante": ante,
            "cash_out_fee": cash_out_fee,
            **{name: totals[name] for name in ("total_pot", *ROOM_COLUMNS)},
            "raise_reading": pa.array(RAISE_READINGS).take(pa.array(reading)),
            "boards": _boards(lines, n),
            "source_file": files.take(pa.array(info["file"].to_numpy())),
            "byte_offset": info["offset"],
        },
        schemas.HANDS,
        _kept(np.arange(n), ok),
    )
    seat_hand = players["hand"].to_numpy()
    order = np.lexsort((_numbers(players["seat"]), seat_hand))
    if ok is not None:
        order = order[ok[seat_hand[order]]]
    players_out = _assemble(
        {
            **{name: players[name] for name in players.columns if name in schemas.PLAYERS.names},
            "site": pa.repeat(site, players.height),
            "hand_id": hand_ids(seat_hand),
        },
        schemas.PLAYERS,
        order,
    )
    code = ev["code"].to_numpy()
    run = _numbers(ev["run"])
    actions = _assemble(
        {
            **{name: ev[name] for name in ev.columns if name in schemas.ACTIONS.names},
            "site": pa.repeat(site, ev.height),
            "hand_id": hand_ids(ev_hand),
            "street": _STREET_NAMES.take(pa.array(ev["street"].to_numpy())),
            "kind": _KIND_NAMES.take(pa.array(code)),
            "amount": ev["chips"],
            "board": pa.array(run, mask=~_ON_A_BOARD[code] | (run < 0)),
        },
        schemas.ACTIONS,
        _kept(ev_hand, ok),
    )
    collections, collect_order = _collections(
        lines, arrays, ev, players, grammar.pots_named, from_summary
    )
    collect_hand = collections["hand"]
    assert isinstance(collect_hand, np.ndarray)
    if ok is not None:
        collect_order = collect_order[ok[collect_hand[collect_order]]]
    collections_out = _assemble(
        {
            **collections,
            "site": pa.repeat(site, collect_hand.size),
            "hand_id": hand_ids(collect_hand),
            "half": _HALF_NAMES.take(collections["half"]),
        },
        schemas.COLLECTIONS,
        collect_order,
    )
    if bad.height or lines.preamble.height:
        errors, skips = _bad_rows(lines, info, bad, pl.Series(files), site)
        import_errors = _table(errors, schemas.IMPORT_ERRORS)
        import_skips = _table(skips, schemas.IMPORT_SKIPS)
    else:
        import_errors = schemas.IMPORT_ERRORS.empty_table()
        import_skips = schemas.IMPORT_SKIPS.empty_table()
    return ParseResult(
        hands=hands,
        players=players_out,
        actions=actions,
        collections=collections_out,
        import_errors=import_errors,
        import_skips=import_skips,
    )


def _bad_rows(
    lines: Lines, info: pl.DataFrame, bad: pl.DataFrame, files: pl.Series, site: str
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Error and skip rows for the hands that failed a check, and for a junk preamble (one
    row per file), in file order."""

    def per_hand(column: str, hands: pl.Series) -> pl.Series:
        return info[column].gather(hands)

    bad = bad.with_columns(
        file=per_hand("file", bad["hand"]),
        hand_id=per_hand("hand_id", bad["hand"]),
        byte_offset=per_hand("offset", bad["hand"]),
        start_line=per_hand("line_no", bad["hand"]),
        idx=pl.coalesce("idx", per_hand("idx", bad["hand"])),
    )
    rows = bad["idx"].to_numpy()  # ``idx`` numbers the chunk's lines
    bad = bad.with_columns(
        line_no=pl.Series(lines.text.line_no[rows]),
        text=lines.text.strings(lines.text.starts[rows], lines.text.ends[rows], "text"),
        source_file=files.gather(bad["file"]),
        site=pl.lit(site),
    )
    errors = bad.filter(pl.col("outcome") == "error").rename({"text": "line"})
    preamble = lines.preamble.unique("file", keep="first", maintain_order=True)
    preamble = preamble.select(
        "file",
        source_file=files.gather(preamble["file"]),
        byte_offset="offset",
        line_no="line_no",
        hand_id=pl.lit(None, dtype=pl.String),
        line="text",
        reason=pl.lit("text before the first hand header"),
    )
    errors = pl.concat([errors, preamble], how="diagonal_relaxed").sort("file", "byte_offset")
    skips = bad.filter(pl.col("outcome") == "skip").with_columns(line_no="start_line")
    return errors, skips.sort("file", "byte_offset")
