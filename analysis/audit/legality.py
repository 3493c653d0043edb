"""Betting legality, vectorised over the actions table with window functions.

For every betting action the running state is rebuilt with cumulative sums and maxima
over (hand, street): the seat's chips in this street before the action, the level to call,
the pot before the action and the size of the largest bet or raise so far. The rules
(rules.md section 4) then become plain column comparisons:

- pot limit: a bet at most the pot; a raise at most to ``level + pot + (level - mine)``
  (pot 100, facing 100: raise to at most 400); bets at least the big blind and raises at
  least the last bet or raise, unless all-in;
- no limit: the same minimums, no maximum;
- fixed limit: bets and raises of exactly the small bet (preflop, flop) or big bet (turn,
  river) unless all-in, at most a bet and three raises per round unless two players are
  left at the start of the round;
- every limit: a call no larger than the amount to call (smaller only all-in), a check
  only when nothing is to call, and every voluntary action in turn: between two actions
  of a round, every seat skipped clockwise must have folded or gone all-in already.
"""

from __future__ import annotations

import numpy as np
import polars as pl
from numpy.typing import NDArray

from analysis.audit.replay import money_text
from ingest.rooms import DEFAULT, ROOM_RULES

BETTING_STREETS = ("preflop", "flop", "turn", "river")
VOLUNTARY = ("fold", "check", "call", "bet", "raise")
# Bets a fixed-limit round allows, by room (a bet and three raises where not listed).
FIXED_LIMIT_BETS = {room: rules.fixed_limit_bets for room, rules in ROOM_RULES.items()}
_HS = ["h", "street"]
_STREET_NO = {street: number for number, street in enumerate(BETTING_STREETS)}
_SEQ_SPAN = 1 << 32  # (hand, seq) as one sortable int64


def _starts(key: NDArray[np.int64]) -> NDArray[np.bool_]:
    starts = np.ones(len(key), bool)
    starts[1:] = key[1:] != key[:-1]
    return starts


def _segment_cumsum(values: NDArray[np.int64], starts: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Running sums restarting where ``starts`` is true (segments are contiguous)."""
    running = np.cumsum(values)
    before = (running - values)[starts]
    result: NDArray[np.int64] = running - before[np.cumsum(starts) - 1]
    return result


def _segment_cummax(values: NDArray[np.int64], starts: NDArray[np.bool_]) -> NDArray[np.int64]:
    """Running maxima of non-negative values restarting where ``starts`` is true."""
    lift = (np.cumsum(starts) - 1) * (int(values.max(initial=0)) + 1)
    result: NDArray[np.int64] = np.maximum.accumulate(values + lift) - lift
    return result


def _segment_shift(values: NDArray[np.int64], starts: NDArray[np.bool_]) -> NDArray[np.int64]:
    """The previous row's value in the segment, 0 on each segment's first row."""
    shifted = np.zeros_like(values)
    shifted[1:] = values[:-1]
    shifted[starts] = 0
    return shifted


def _state(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Every betting action with the running state before it.

    The actions are sorted by hand and seq, so each round (hand and street) is a contiguous
    run of rows and its running sums and maxima are plain numpy scans that restart at the
    round's first row; only the per-seat sums need a stable sort by (round, seat).
    """
    kind = pl.col("kind")
    chips = kind.is_in(("post_sb", "post_bb", "post_dead", "post_sb_bb", "ante", "straddle",
                        "call", "bet", "raise"))  # fmt: skip
    street_no = pl.col("street").replace_strict(_STREET_NO, return_dtype=pl.Int64)
    rows = (
        actions.filter(pl.col("street").is_in(BETTING_STREETS) & pl.col("seat").is_not_null())
        .join(
            hands.select(
                "h", "limit_type", "small_blind", "big_blind", "room_money_in",
                "currency",
                pl.col("room").replace_strict(FIXED_LIMIT_BETS, default=DEFAULT.fixed_limit_bets,
                                              return_dtype=pl.Int64).alias("cap"),
            ),
            on="h",
        )
        .with_columns(
            (pl.col("h").cast(pl.Int64) * 4 + street_no).alias("round"),
            pl.when(chips & (kind != "ante")).then(pl.col("amount") - pl.col("dead"))
            .otherwise(0).alias("street_chips"),
            pl.when(chips).then(pl.col("amount")).otherwise(0).alias("pot_chips"),
        )
    )
    # the big blind is the biggest one posted in full (one posted all-in may be short);
    # without one, the header's (a fixed-limit header gives the bets: the small bet)
    posted = rows.filter((kind == "post_bb") & ~pl.col("all_in")).group_by("h").agg(
        pl.col("amount").max().alias("posted_bb")
    )
    header_bb = pl.when(pl.col("limit_type") == "FL").then(pl.col("small_blind"))
    rows = rows.join(posted, on="h", how="left").with_columns(
        pl.col("posted_bb").fill_null(header_bb.otherwise(pl.col("big_blind")))
    )
    round_key = rows["round"].to_numpy()
    round_starts = _starts(round_key)
    street_chips = rows["street_chips"].to_numpy().astype(np.int64)
    pot_chips = rows["pot_chips"].to_numpy().astype(np.int64)
    seat_key = round_key * 256 + rows["seat"].to_numpy().astype(np.int64)
    order = np.argsort(seat_key, kind="stable")
    mine_after = np.empty_like(street_chips)
    mine_after[order] = _segment_cumsum(street_chips[order], _starts(seat_key[order]))
    pot_after = _segment_cumsum(pot_chips, _starts(rows["h"].to_numpy().astype(np.int64)))
    # the first big blind posted preflop is the round's first bet (later ones are players
    # posting to come in); from then on the full big blind is to call, even when the
    # blind was posted all-in for less
    big_blind = (rows["kind"] == "post_bb").to_numpy().astype(np.int64)
    blinds_so_far = _segment_cumsum(big_blind, round_starts)
    opening_bb = (big_blind == 1) & (blinds_so_far == 1)
    floor_after = np.where(blinds_so_far >= 1, rows["posted_bb"].to_numpy().astype(np.int64), 0)
    level_after = np.maximum(_segment_cummax(mine_after, round_starts), floor_after)
    level = _segment_shift(level_after, round_starts)
    kinds = rows["kind"]
    raising = kinds.is_in(("bet", "raise", "post_bb")).to_numpy()
    # a straddle is a blind of its full size: the next raise is by at least that much
    straddle = (kinds == "straddle").to_numpy()
    increment = np.where(raising, level_after - level, np.where(straddle, level_after, 0))
    largest_before = _segment_shift(_segment_cummax(increment, round_starts), round_starts)
    bets = (rows["kind"].is_in(("bet", "raise")).to_numpy() | opening_bb).astype(np.int64)
    mine = mine_after - street_chips
    # money the room put in the pot (a splash, a cash drop) is there before anyone acts
    pot = pot_after - pot_chips + rows["room_money_in"].to_numpy()
    return rows.with_columns(
        pl.Series("mine", mine),
        pl.Series("pot", pot),
        pl.Series("level_after", level_after),
        pl.Series("level", level),
        pl.Series("increment", increment),
        pl.max_horizontal(pl.Series(largest_before), pl.col("big_blind")).alias("min_increment"),
        # the small bet is the big blind actually posted (headers differ: stakes or blinds)
        pl.when(pl.col("street").is_in(["preflop", "flop"]))
        .then(pl.col("posted_bb"))
        .otherwise(2 * pl.col("posted_bb"))
        .alias("limit_bet"),
        pl.Series("bets_made", _segment_cumsum(bets, round_starts)),
        pl.Series("pot_max", 2 * level + pot - mine),
    )


def betting_problems(
    hands: pl.DataFrame, actions: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """Rows (h, reason) for every illegal action; ``actions`` sorted by hand and seq."""
    rows = _state(hands, actions)
    kind = pl.col("kind")
    all_in = pl.col("all_in")
    to = pl.col("level_after")
    limit = pl.col("limit_type")
    street = pl.col("street")
    checks: list[tuple[pl.Expr, pl.Expr]] = [
        (
            (limit == "PL") & kind.is_in(("bet", "raise")) & (to > pl.col("pot_max")),
            _say(kind, " to ", money_text("level_after"), " on the ", street,
                 ", above the pot-limit maximum ", money_text("pot_max")),
        ),
        (
            limit.is_in(("PL", "NL")) & (kind == "raise") & ~all_in
            & (pl.col("increment") < pl.col("min_increment")),
            _say(kind, " to ", money_text("level_after"), " on the ", street,
                 ", below the minimum raise of ", money_text("min_increment")),
        ),
        (
            limit.is_in(("PL", "NL")) & (kind == "bet") & ~all_in
            & (pl.col("amount") < pl.col("big_blind")),
            _say(kind, " ", money_text("amount"), " on the ", street,
                 ", below the minimum bet of ", money_text("big_blind")),
        ),
        (
            (limit == "FL") & kind.is_in(("bet", "raise")) & ~all_in
            & (pl.col("increment") != pl.col("limit_bet")),
            _say(kind, " by ", money_text("increment"), " on the ", street,
                 ", the fixed-limit bet is ", money_text("limit_bet")),
        ),
        (
            (kind == "call")
            & ((pl.col("amount") > pl.col("level") - pl.col("mine"))
               | ((pl.col("amount") < pl.col("level") - pl.col("mine")) & ~all_in)),
            _say(kind, " ", money_text("amount"), " on the ", street, " facing ",
                 money_text("level"), " with ", money_text("mine"), " in"),
        ),
        (
            (kind == "check") & (pl.col("level") > pl.col("mine")),
            _say(kind, " on the ", street, " facing ", money_text("level")),
        ),
    ]
    found = [rows.filter(condition).select("h", "seq", reason.alias("reason"))
             for condition, reason in checks]
    found.append(_capped(rows))
    found.append(_out_of_turn(hands, actions, seats))
    return pl.concat(found).sort("h", "seq").select("h", "reason")


def _say(kind: pl.Expr, *parts: str | pl.Expr) -> pl.Expr:
    pieces = [pl.col("player"), pl.lit(" "), kind.cast(pl.String) + "s"]
    pieces += [pl.lit(part) if isinstance(part, str) else part.cast(pl.String) for part in parts]
    return pl.concat_str(pieces)


def _capped(rows: pl.DataFrame) -> pl.DataFrame:
    """Fixed-limit raises beyond the cap, unless the round began heads-up."""
    fixed = rows.filter(pl.col("limit_type") == "FL")
    starting = fixed.group_by("round").agg(pl.col("seat").n_unique().alias("in_round"))
    over = fixed.join(starting, on="round").filter(
        (pl.col("kind") == "raise") & (pl.col("bets_made") > pl.col("cap"))
        & (pl.col("in_round") > 2)
    )
    return over.select(
        "h", "seq",
        pl.concat_str(pl.col("player"), pl.lit(" makes bet number "),
                      pl.col("bets_made").cast(pl.String), pl.lit(" on the "), pl.col("street"),
                      pl.lit("; the cap is "), pl.col("cap").cast(pl.String)).alias("reason"),
    )


def _out_of_turn(hands: pl.DataFrame, actions: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Voluntary actions taken while a seat clockwise before the actor was still to act.

    Each round's chain starts at the big blind preflop (or the last straddle)
    and at the button on later streets; for each action, every seat strictly between the
    previous link and the actor must have folded or gone all-in before.
    """
    betting = actions.filter(pl.col("street").is_in(BETTING_STREETS) & pl.col("seat").is_not_null())
    # The first big blind posted is the real one (later ones are players coming in).
    big_blind = betting.filter(pl.col("kind") == "post_bb").group_by("h").agg(
        pl.col("seat").first().alias("bb_seat")
    )
    straddle = betting.filter(pl.col("kind") == "straddle").group_by("h").agg(
        pl.col("seat").last().alias("straddle_seat")
    )
    opener = (
        big_blind.join(straddle, on="h", how="left")
        .select("h", pl.coalesce("straddle_seat", "bb_seat").alias("opener_pre"))
        .join(hands.select("h", "button_seat"), on="h", how="right")
    )
    voluntary = (
        betting.filter(pl.col("kind").is_in(VOLUNTARY))
        .select("h", "street", "seq", "seat", "player", "kind")
        .join(opener, on="h", how="left")
        .with_columns(
            pl.when(pl.col("street") == "preflop").then(pl.col("opener_pre"))
            .otherwise(pl.col("button_seat")).fill_null(-1).alias("opener")
        )
    )
    # A seat leaves the rotation at its fold or its all-in action.
    gone = betting.filter((pl.col("kind") == "fold") | pl.col("all_in")).group_by("h", "seat").agg(
        pl.col("seq").min().alias("gone_at")
    )
    h = voluntary["h"].to_numpy().astype(np.int64)
    seq = voluntary["seq"].to_numpy().astype(np.int64)
    actor = voluntary["seat"].to_numpy().astype(np.int64)
    round_key = h * 4 + voluntary["street"].replace_strict(
        _STREET_NO, return_dtype=pl.Int64).to_numpy()
    starts = _starts(round_key)
    previous = np.empty_like(actor)
    previous[1:] = actor[:-1]
    previous[starts] = voluntary["opener"].to_numpy()[starts]
    # Seats as bits of one int64 per row (seat numbers stay far below 63).
    in_hand = np.zeros(hands.height, np.int64)
    np.bitwise_or.at(in_hand, seats["h"].to_numpy(), 1 << seats["seat"].to_numpy().astype(np.int64))
    gone_before = _gone_before(gone.sort("h", "gone_at"), h, seq)
    # the seats strictly clockwise between the previous link and the actor; the actor's own
    # seat is a full turn away when it acts again
    upto_previous = (np.int64(1) << (previous.clip(0) + 1)) - 1
    below_actor = (np.int64(1) << actor) - 1
    every = (np.int64(1) << (int(seats["seat"].to_numpy().max(initial=0)) + 1)) - 1
    between = np.where(actor > previous, below_actor & ~upto_previous,
                       (every & ~upto_previous) | below_actor)
    skipped = between & in_hand[h] & ~gone_before & np.where(previous >= 0, -1, 0)
    bad = np.flatnonzero(skipped)
    first = voluntary[bad].with_columns(
        pl.Series("other", [_first_clockwise(int(skipped[i]), int(previous[i])) for i in bad])
    )
    return first.select(
        "h", "seq",
        pl.concat_str(pl.col("player"), pl.lit(" "), pl.col("kind") + "s", pl.lit(" on the "),
                      pl.col("street"), pl.lit(" out of turn (seat "),
                      pl.col("other").cast(pl.String), pl.lit(" was still to act)"),
                      ).alias("reason"),
    )


def _gone_before(
    gone: pl.DataFrame, h: NDArray[np.int64], seq: NDArray[np.int64]
) -> NDArray[np.int64]:
    """Per action (hand h, position seq): the seats (bits) that folded or went all-in before.

    ``gone`` holds each seat's leaving seq, sorted by hand and seq; a running sum of seat
    bits per hand (each seat leaves once) looked up by binary search on (hand, seq).
    """
    if gone.height == 0:
        return np.zeros(len(h), np.int64)
    gone_h = gone["h"].to_numpy().astype(np.int64)
    bits = np.int64(1) << gone["seat"].to_numpy().astype(np.int64)
    running = _segment_cumsum(bits, _starts(gone_h))
    index = np.searchsorted(gone_h * _SEQ_SPAN + gone["gone_at"].to_numpy(),
                            h * _SEQ_SPAN + seq, side="left") - 1
    found = index >= 0
    same_hand = np.zeros(len(h), bool)
    same_hand[found] = gone_h[index[found]] == h[found]
    result: NDArray[np.int64] = np.where(same_hand, running[index.clip(0)], 0)
    return result


def _first_clockwise(seat_bits: int, previous: int) -> int:
    """The first seat in ``seat_bits`` clockwise after ``previous``."""
    seats = [seat for seat in range(seat_bits.bit_length()) if seat_bits >> seat & 1]
    return min(seats, key=lambda seat: (seat <= previous, seat))
