"""The betting of each hand in line order: street totals, what each event puts in, the
dead part of posts, and the reading of a room's raise wording."""

from __future__ import annotations

import numpy as np
import polars as pl

from ingest.engine import grouped
from ingest.engine.columns import nullable, numbers
from ingest.engine.grammar import BETTING, EVENT_KINDS
from ingest.engine.lines import Lines
from ingest.engine.scan import njit, units

KIND_CODES = {kind: code for code, kind in enumerate(EVENT_KINDS)}
IS_BETTING = np.array([kind in BETTING for kind in EVENT_KINDS])
_NO_CHIPS = np.array([kind in ("fold", "check", "show", "muck") for kind in EVENT_KINDS])
# What Y means in "raises X to Y": the street total, or the chips the raise adds.
# How a hand's raises (and, in the last, its calls) are read: "raises X to Y" with Y the
# street total or the chips added; calls and raises giving the street total where the
# room's templates say the chips they add (an older export of the room's).
RAISE_READINGS = ("total", "added", "street_totals")
_STRADDLE_CODE, _RETURN_CODE = KIND_CODES["straddle"], KIND_CODES["return"]
_SMALL_BLIND_CODE = KIND_CODES["post_sb"]
_CALL_CODE, _BET_CODE = KIND_CODES["call"], KIND_CODES["bet"]
_RAISE_CODE, _ANTE_CODE, _DEAD_CODE, _BOTH_BLINDS_CODE, _CASH_OUT_CODE = (
    KIND_CODES["raise"],
    KIND_CODES["ante"],
    KIND_CODES["post_dead"],
    KIND_CODES["post_sb_bb"],
    KIND_CODES["cash_out"],
)


def events(
    lines: Lines, big_blind: np.ndarray, total_pot: np.ndarray,
    may_add: np.ndarray, calls_total: np.ndarray, both_blinds_unprinted: np.ndarray,
    short_adds: np.ndarray | None = None, may_total: np.ndarray | None = None,
    stacks: pl.DataFrame | None = None,
) -> tuple[pl.DataFrame, np.ndarray]:
    """Events in line order, with amounts in the smallest unit (``x``: the amount, ``y``:
    a raise's "to" amount, ``fee_x``: a cash-out fee; null when unreadable) and the street
    totals of the betting rows (see :func:`_betting`): ``live``, ``after``, ``chips``,
    ``dead``, ``raise_to`` and ``seq``; ``pkey`` is the player's (hand, seat) key, ``key``
    that and the street. A raise written by the chips it adds (``adds``) adds them to what
    the player had in. ``raises X to Y`` is read with Y the street total, or, in hands
    whose room ``may_add`` writes Y as the chips the raise adds, that way when only it
    makes the hand's chips balance (what the betting puts in, less returns, is the printed
    ``total_pot``). In hands whose room writes ``calls_total``, "calls X" and "bets X" set
    the street total to X (what they add is X less the player's total before), as do the
    calls and bets whose ``to_total`` column says so (an XML format's version). A post of
    both blinds puts in its amount and, per hand, ``both_blinds_unprinted`` (the dead small
    blind a room leaves out of it). In hands whose room writes a raise below the street's
    highest total for the chips it adds (``short_adds``), such a raise is read as a wager
    of them (a call). In hands whose room ``may_total`` (an older export whose calls and
    raises give the street total, where the templates say the chips they add; bets and
    wagers still add theirs), that reading is taken where only it puts in no more than any
    player's stack (``stacks``: hand, seat and stack of each seat line). Also returns each
    hand's reading (an index in ``RAISE_READINGS``)."""
    ev = lines.events
    hand, code = ev["hand"].to_numpy(), ev["code"].to_numpy().astype(np.int64)
    # A raise written before the cards are dealt is a post of both blinds (Winamax writes
    # "raises 1€ to 3€" among the blinds for a player posting a big blind and a dead small).
    code = np.where((code == _RAISE_CODE) & (ev["street"].to_numpy() == 0), _BOTH_BLINDS_CODE,
                    code)  # fmt: skip
    ev = ev.with_columns(code=pl.Series(code, dtype=pl.Int8))
    value, value_ok = units(ev["value_h"].to_numpy())
    value = value + np.where(code == _BOTH_BLINDS_CODE, both_blinds_unprinted[hand], 0)
    fee, fee_ok = units(ev["fee_h"].to_numpy())
    is_raise = code == _RAISE_CODE
    x_ok, y_ok = value_ok & ~is_raise, value_ok & (is_raise | (code == _STRADDLE_CODE))
    fee_ok &= code == _CASH_OUT_CODE
    seat = numbers(ev["seat"], 15).astype(np.int64)  # 15 stands for "no seat"
    pkey = hand * 16 + seat
    key = pkey * 8 + np.maximum(ev["street"].to_numpy(), 1)  # early posts bet pre-flop
    to_total = calls_total[hand]
    if "to_total" in ev.columns:  # events that say their amount is the street total (XML)
        to_total = to_total | ev["to_total"].fill_null(False).to_numpy()
    args = (hand, key % 128, code, np.where(x_ok, value, -1), np.where(y_ok, value, -1),
            big_blind[hand], to_total)  # fmt: skip
    adds = ev["adds"].to_numpy()  # raises that say the chips they add
    if short_adds is not None and short_adds.any():
        flow = _betting(*args, adds)
        short = _short_raises(hand, np.maximum(ev["street"].to_numpy(), 1), code, args[4],
                              flow[1], flow[5], short_adds)  # fmt: skip
        if short.any():  # read again as wagers of what they add
            code = np.where(short, _CALL_CODE, code)
            adds = adds | short
            is_raise &= ~short
            x_ok, y_ok = value_ok & ~is_raise, value_ok & (is_raise | (code == _STRADDLE_CODE))
            ev = ev.with_columns(code=pl.Series(code, dtype=pl.Int8), adds=pl.Series(adds))
            args = (hand, key % 128, code, np.where(x_ok, value, -1), np.where(y_ok, value, -1),
                    big_blind[hand], to_total)  # fmt: skip
    flows = [_betting(*args, adds | (reading == "added"))
             for reading in RAISE_READINGS[: 1 + may_add.any()]]  # fmt: skip
    n = total_pot.size
    reading = np.zeros(n, np.int64)
    if len(flows) > 1:
        balances = [
            grouped.sums(hand, n, np.where(IS_BETTING[code], chips,
                                           np.where(code == _RETURN_CODE, -chips, 0)))
            == total_pot
            for _, _, chips, *_ in flows
        ]  # fmt: skip
        reading[may_add & ~balances[0] & balances[1]] = 1
    if may_total is not None and stacks is not None and may_total.any():
        while len(flows) < 2:  # the readings in order, each at its index
            flows.append(flows[0])
        wagers = (code == _CALL_CODE) & adds
        flows.append(_betting(hand, key % 128, code, args[3], args[4], args[5],
                              may_total[hand] & ~wagers, np.zeros(hand.size, np.bool_)))
        over = [overspent(hand, seat, code, flow[2], stacks, n) for flow in flows]
        reading[may_total & over[0] & ~over[2]] = 2
    live, after, chips, dead, seq, betting, chips_ok = (
        flows[0] if len(flows) == 1
        else (np.choose(reading[hand], arrays) for arrays in zip(*flows, strict=True))
    )
    # a wager (a call that says the chips it adds) is a bet, a call or a raise as the
    # street's betting before it has it
    wager = (code == _CALL_CODE) & adds
    if wager.any():
        code = _wagers(hand, np.maximum(ev["street"].to_numpy(), 1), code, after, betting, wager)
        raised = wager & (code == _RAISE_CODE)
        is_raise |= raised
        value, value_ok = np.where(raised, after, value), value_ok | raised
        x_ok, y_ok = x_ok & ~raised, y_ok | raised
        ev = ev.with_columns(code=pl.Series(code, dtype=pl.Int8))
    y = nullable(value, y_ok)
    return ev.with_columns(
        x=nullable(value, x_ok),
        y=y,
        fee_x=nullable(fee, fee_ok),
        pkey=pkey,
        key=key,
        all_in=ev["all_in"].fill_null(False),
        live=nullable(live, betting),
        after=nullable(after, betting),
        chips=nullable(chips, chips_ok),
        dead=dead,
        raise_to=nullable(after, is_raise & y_ok),
        seq=seq,
    ), reading


@njit
def _betting(
    hand: np.ndarray, key: np.ndarray, code: np.ndarray, x: np.ndarray, y: np.ndarray,
    big_blind: np.ndarray, to_total: np.ndarray, raise_adds: np.ndarray,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """The street totals, one pass over the events in line order: per (hand, seat, street) ``key``,
    what each betting row adds live (a post of both blinds counts the big blind live, the
    rest is dead, and is all dead when less than the big blind; antes and dead posts are
    dead, and so is a small blind posted with the big blind already in; a raise, and a
    straddle (a raise in the blinds, whose amount a re-straddle raises), set the total to
    their amount, and later calls add to it; a raise's "to" amount is what it adds where
    ``raise_adds``; where ``to_total``, a call or bet sets the total to its amount, adding
    the difference, none when less), the total after it, and what a raise adds; then the
    chips each event moves and its dead part. Null amounts (-1 in ``x``, ``y``,
    ``big_blind``) count as 0: their hands fail the checks. Returns the values and a
    validity flag for each."""
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
        if not IS_BETTING[c]:
            chips[i] = xi
            chips_valid[i] = x[i] >= 0
            continue
        g = key[i] % 128
        if not seen[g]:
            seen[g] = True
            total[g] = since_raise[g] = base[g] = last[g] = 0
        if c == _BOTH_BLINDS_CODE:
            # a post for both blinds of less than the big blind is a small blind posted
            # out of position: dead money, the player still calls the big blind (Winamax)
            bb = big_blind[i]
            adds = xi if bb < 0 else (bb if x[i] < 0 else (0 if xi < bb else bb))
        elif c in (_ANTE_CODE, _DEAD_CODE, _RAISE_CODE, _STRADDLE_CODE) or (
            c == _SMALL_BLIND_CODE and 0 < big_blind[i] <= total[g]
        ):  # a small blind posted with the big blind in is dead
            adds = 0
        elif to_total[i] and c in (_CALL_CODE, _BET_CODE):
            adds = xi - last[g]
            chips_valid[i] = adds >= 0  # a total below the player's own is no amount
            adds = max(adds, 0)
        else:
            adds = xi
        total[g] += adds
        to = max(y[i], 0) + (last[g] if raise_adds[i] and c == _RAISE_CODE else 0)
        if c in (_RAISE_CODE, _STRADDLE_CODE):
            since_raise[g] = total[g]
            base[g] = to
        live[i] = adds
        after[i] = base[g] + total[g] - since_raise[g]
        betting_valid[i] = True
        if c in (_RAISE_CODE, _STRADDLE_CODE):
            chips[i] = to - last[g]
            chips_valid[i] = y[i] >= 0
        elif to_total[i] and c in (_CALL_CODE, _BET_CODE):
            chips[i] = adds
            chips_valid[i] = chips_valid[i] and x[i] >= 0
        else:
            chips[i] = xi
            chips_valid[i] = x[i] >= 0
        if c in (_ANTE_CODE, _DEAD_CODE, _SMALL_BLIND_CODE) or c == _BOTH_BLINDS_CODE:
            dead[i] = xi - adds
        last[g] = after[i]
    return live, after, chips, dead, seq, betting_valid, chips_valid


@njit
def _wagers(
    hand: np.ndarray, street: np.ndarray, code: np.ndarray, after: np.ndarray,
    betting: np.ndarray, wager: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Event codes with each ``wager`` row decided by the street's highest total before
    it: a bet when there is none, a call when the player's total after it (``after``)
    reaches no higher, else a raise. Rows are in hand and line order."""
    out = code.copy()
    level = 0
    for i in range(hand.size):
        if i == 0 or hand[i] != hand[i - 1] or street[i] != street[i - 1]:
            level = 0
        if wager[i]:
            out[i] = _BET_CODE if level == 0 else (_CALL_CODE if after[i] <= level
                                                   else _RAISE_CODE)  # fmt: skip
        if betting[i]:
            level = max(level, after[i])
    return out


def overspent(hand: np.ndarray, seat: np.ndarray, code: np.ndarray, chips: np.ndarray,
              stacks: pl.DataFrame, hands: int) -> np.ndarray:  # fmt: skip
    """Per hand, whether a player's betting puts in more than his stack: the chips of his
    bets against the stack of each seat line of his seat."""
    out = np.zeros(hands, np.bool_)
    key = hand.astype(np.int64) * 65536 + seat  # (seats are small numbers)
    if not key.size:
        return out
    order = np.argsort(key, kind="stable")
    keys, first = np.unique(key[order], return_index=True)
    put = np.add.reduceat(np.where(IS_BETTING[code], chips, 0)[order], first)
    listed = (stacks["seat"].is_not_null() & stacks["stack"].is_not_null()).to_numpy()
    stack_hand = stacks["hand"].to_numpy()[listed]
    wanted = stack_hand.astype(np.int64) * 65536 + numbers(stacks["seat"])[listed]
    at = np.minimum(np.searchsorted(keys, wanted), keys.size - 1)
    over = (keys[at] == wanted) & (put[at] > numbers(stacks["stack"])[listed])
    out[stack_hand[over]] = True
    return out


@njit
def _short_raises(
    hand: np.ndarray, street: np.ndarray, code: np.ndarray, y: np.ndarray, after: np.ndarray,
    betting: np.ndarray, short_adds: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """The raises, in hands ``short_adds``, to less than the street's highest total before
    them (``after``: each betting row's total after it). Rows are in hand and line order."""
    out = np.zeros(hand.size, np.bool_)
    level = 0
    for i in range(hand.size):
        if i == 0 or hand[i] != hand[i - 1] or street[i] != street[i - 1]:
            level = 0
        if code[i] == _RAISE_CODE and short_adds[hand[i]] and 0 <= y[i] < level:
            out[i] = True
        elif betting[i]:
            level = max(level, after[i])
    return out


@njit
def above_pot_limit(
    hand: np.ndarray, key: np.ndarray, code: np.ndarray, chips: np.ndarray, after: np.ndarray,
    hands: int,
) -> np.ndarray:  # fmt: skip
    """Per hand: whether a bet or raise in it goes above what pot limit allows (to at most
    the street's highest total, the pot before it and the call: ``2 * level + pot -
    mine``, as ``analysis.audit.legality`` reads it); ``key``: each row's (seat, street) key in
    its hand (see :func:`events`), ``after``: the player's street total after it."""
    out = np.zeros(hands, np.bool_)
    mine = np.zeros(128, np.int64)
    pot = level = 0
    street = -1
    for i in range(hand.size):
        if i == 0 or hand[i] != hand[i - 1]:
            pot, level, street = 0, 0, -1
            mine[:] = 0
        if not IS_BETTING[code[i]]:
            continue
        if key[i] % 8 != street:
            street, level = key[i] % 8, 0
        g = key[i] % 128
        bets = code[i] == _BET_CODE or code[i] == _RAISE_CODE
        if bets and after[i] > 2 * level + pot - mine[g]:
            out[hand[i]] = True
        pot += max(chips[i], 0)
        level = max(level, after[i])
        mine[g] = after[i]
    return out


@njit
def hand_sums(
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
