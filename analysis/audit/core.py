"""The audit: replay every hand and verify every award, Arrow tables in, Arrow tables out.

The recipe: index the hands, replay the chip flow (:mod:`analysis.audit.replay`), check the
betting (:mod:`analysis.audit.legality`), evaluate every shown hand in one batch and split the
showdown pots (:mod:`analysis.audit.verify`), compare with what the history pays, and give
every hand one status:

- ``mismatch``: the chips do not add up, or a pot, board or half is paid to the wrong
  seat or in the wrong amount;
- ``illegal_bet``: a bet, raise or call that the limit or the turn order forbids;
- ``odd_chip``: the only difference is an odd unit placed under another odd-chip rule;
- ``rake_spread``: every player receives from the hand what the rules give, and the pots
  differ only by where the rake was taken (the reason gives the amounts);
- ``unverifiable``: a contested pot whose cards were not all shown (what was checkable
  was checked; the reason names what could not be);
- ``ok``: everything agrees.

A hand whose money does not add up as printed (found at import, kept with the hand in
``hands.inconsistencies``) is stored as its text says: the audit's own checks then name
the pot, half, player and amounts, and ``inconsistent`` marks it. Notes say what was read
rather than printed (an uncalled bet inferred from the betting) and who cashed out.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
import pyarrow as pa

from analysis.audit import legality, replay, single_pot, verify
from analysis.audit.showdown_order import showdown_order_notes
from ingest.money import units_per_currency

# most severe first
STATUSES = ("mismatch", "illegal_bet", "odd_chip", "rake_spread", "unverifiable", "ok")

AUDIT_HANDS = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("room", pa.string(), nullable=False),
        pa.field("game", pa.string(), nullable=False),
        pa.field("limit_type", pa.string(), nullable=False),
        pa.field("status", pa.string(), nullable=False),
        pa.field("reason", pa.string(), nullable=False),  # first problem, "" when ok
        pa.field("problems", pa.list_(pa.string()), nullable=False),  # every problem found
        # the hand's money does not add up as printed (see hands.inconsistencies)
        pa.field("inconsistent", pa.bool_(), nullable=False),
        pa.field("notes", pa.string(), nullable=False),  # an inferred uncalled bet, a cash-out
        pa.field("showdown", pa.bool_(), nullable=False),
        pa.field("pots", pa.int8(), nullable=False),
        pa.field("boards", pa.int8(), nullable=False),
        pa.field("total_pot", pa.int64(), nullable=False),
        pa.field("rake", pa.int64(), nullable=False),
    ]
)

AUDIT_AWARDS = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("board", pa.int8(), nullable=False),
        pa.field("pot", pa.int8()),  # null: the history does not say which pot
        pa.field("half", pa.string(), nullable=False),  # hi | lo | whole (halves summed)
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("player", pa.string(), nullable=False),
        pa.field("expected", pa.int64()),  # null: cards not shown, not computable
        pa.field("reported", pa.int64(), nullable=False),
        pa.field("ok", pa.bool_()),  # null when expected is null
    ]
)


@dataclass(frozen=True)
class AuditResult:
    """One row per hand (AUDIT_HANDS) and per hand, board, pot, half and seat (AUDIT_AWARDS)."""

    audit_hands: pa.Table
    audit_awards: pa.Table


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


@dataclass(frozen=True)
class Prepared:
    """The four tables indexed by hand (column ``h``) and the per-seat replayed flow."""

    hands: pl.DataFrame
    players: pl.DataFrame
    actions: pl.DataFrame
    collections: pl.DataFrame
    seats: pl.DataFrame


def prepare(
    hands: pa.Table, players: pa.Table, actions: pa.Table, collections: pa.Table
) -> Prepared:
    """Index the hands and replay the chip flow of every seat. The audit's ``rake`` is all
    the room takes off the pots (its rake and other drops, less money it added)."""
    hand_frame = (
        _frame(hands)
        .with_row_index("h")
        .with_columns(
            pl.col("boards").list.len().alias("board_count"),
            (pl.col("rake") + pl.col("jackpot_fee") + pl.col("tax") - pl.col("room_money_in"))
            .alias("rake"),
        )
    )
    player_frame = _indexed(hand_frame, _frame(players))
    action_frame = _indexed(hand_frame, _frame(actions)).sort("h", "seq")
    collection_frame = _with_seats(_indexed(hand_frame, _frame(collections)), player_frame)
    seats = replay.flow_table(hand_frame, player_frame, action_frame, collection_frame)
    live = seats.filter(~pl.col("folded") & (pl.col("flow_put_in") > 0))
    live_count = live.group_by("h").agg(pl.len().alias("live"))
    hand_frame = hand_frame.join(live_count, on="h", how="left").with_columns(
        pl.col("live").fill_null(0)
    )
    hand_frame = hand_frame.with_columns(deal_unit=deal_unit(hand_frame, seats))
    return Prepared(hand_frame, player_frame, action_frame, collection_frame, seats)


_WHOLE_CHIP = units_per_currency("chips")
_FLOWS = ("flow_put_in", "flow_dead", "flow_returned", "flow_collected")


def deal_unit(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.Series:
    """Per hand (in ``h`` order), the least amount it is dealt in, the unit its pots are
    divided in: a whole chip in a tournament hand whose every stack, bet and collection is
    one and that pays no rake (tournaments are counted in hundredths of a chip, which only
    some rooms deal: iPoker's ``9,376.25``), else the currency's smallest unit."""
    fraction = (pl.any_horizontal(pl.col(column) % _WHOLE_CHIP != 0 for column in _FLOWS)
                | (pl.col("stack").fill_null(0) % _WHOLE_CHIP != 0))  # fmt: skip
    split = seats.group_by("h").agg(fraction.any().alias("split"))
    whole = (
        hands.select("h", "currency", "rake")
        .join(split, on="h", how="left")
        .select((pl.col("currency") == "chips") & (pl.col("rake") == 0)
                & ~pl.col("split").fill_null(False))
        .to_series()
    )
    return pl.Series("deal_unit", np.where(whole.to_numpy(), _WHOLE_CHIP, 1), pl.Int64)


def showdown_replays(prepared: Prepared) -> list[verify.HandReplay]:
    """Every showdown hand ready for the general award split, its shown cards evaluated."""
    showdown = prepared.hands.filter(pl.col("live") >= 2)
    values = showdown_values(prepared.hands, prepared.seats)
    return verify.build_replays(prepared.seats.join(showdown.select("h"), on="h"), values, showdown)


def audit(
    hands: pa.Table, players: pa.Table, actions: pa.Table, collections: pa.Table
) -> AuditResult:
    """Audit the hands (with all their rows in the other three tables)."""
    prepared = prepare(hands, players, actions, collections)
    hand_frame, seats = prepared.hands, prepared.seats
    action_frame, collection_frame = prepared.actions, prepared.collections
    problems = [
        _printed_inconsistencies(hand_frame),
        replay.flow_problems(hand_frame, seats).with_columns(status=pl.lit("mismatch")),
        legality.betting_problems(hand_frame, action_frame, seats).with_columns(
            status=pl.lit("illegal_bet")
        ),
    ]
    live = seats.filter(~pl.col("folded") & (pl.col("flow_put_in") > 0))
    values = showdown_values(hand_frame, seats)
    simple_ids = single_pot.single_pot_hands(hand_frame, seats)
    simple = single_pot.single_pot_awards(hand_frame, seats, values, simple_ids)
    involved = hand_frame.filter(pl.col("live") >= 2).join(simple_ids, on="h", how="anti")
    general = verify.split_hands(
        verify.build_replays(seats.join(involved.select("h"), on="h"), values, involved)
    )
    problems += [
        general.failures.with_columns(status=pl.lit("mismatch")),
        general.unclear.with_columns(status=pl.lit("unverifiable")),
        simple.unclear.with_columns(status=pl.lit("unverifiable")),
    ]
    claimants = pl.concat([general.claimants, simple.skipped])
    reported = _reported(collection_frame, seats)
    problems.append(_unclaimed_payments(reported, claimants))
    uncontested = _uncontested_expected(hand_frame, live, seats)
    expected = pl.concat([uncontested, simple.rows, general.rows])
    compared = _compare(expected, reported, seats, claimants, general.failures["h"])
    # the odd-chip check replays the single-pot hands that differ through the general path
    differing = compared.filter(pl.col("ok") == False).select("h").unique()  # noqa: E712
    single = differing.join(simple_ids, on="h").join(hand_frame, on="h")
    replays = {hand.h: hand for hand in general.replays}
    replays.update(
        (hand.h, hand)
        for hand in verify.build_replays(seats.join(single.select("h"), on="h"), values, single)
    )
    # an award difference names the pot, half, player and amounts: the first reason given
    problems.insert(0, _award_problems(compared, hand_frame, replays))
    return AuditResult(
        _hand_table(hand_frame, pl.concat(problems, how="diagonal_relaxed"), general.pots,
                    seats, action_frame),
        _award_table(compared, hand_frame),
    )


def _printed_inconsistencies(hands: pl.DataFrame) -> pl.DataFrame:
    """A ``mismatch`` row for every inconsistency the import found in a hand as printed."""
    rows = hands.select("h", "inconsistencies").explode("inconsistencies").drop_nulls()
    return rows.select(
        "h",
        (pl.lit("as printed: ") + pl.col("inconsistencies")).alias("reason"),
        pl.lit("mismatch").alias("status"),
    )


def _indexed(hands: pl.DataFrame, rows: pl.DataFrame) -> pl.DataFrame:
    """``rows`` with the hand index ``h`` of their hand (rows of other hands dropped).

    A hand's rows come stored together, so the join is made once per run of rows with the
    same hand (a few per hand) rather than once per row: several times faster.
    """
    runs = rows.select(pl.struct(replay.KEY).rle_id())[:, 0].to_numpy()
    starts = np.flatnonzero(np.diff(runs, prepend=-1))
    firsts = rows[starts].select(replay.KEY).with_row_index("_run")
    matched = firsts.join(hands.select("h", *replay.KEY), on=replay.KEY)
    hand_of_run = np.full(len(starts), -1, np.int64)
    hand_of_run[matched["_run"].to_numpy()] = matched["h"].to_numpy()
    index = hand_of_run[runs]
    return rows.with_columns(h=pl.Series(index, dtype=pl.Int64)).filter(
        pl.col("h") >= 0
    ).with_columns(pl.col("h").cast(pl.UInt32))


def _with_seats(collections: pl.DataFrame, players: pl.DataFrame) -> pl.DataFrame:
    """Collections with the seat filled from the players table where the line had none."""
    names = players.select("h", "player", pl.col("seat").alias("_seat"))
    return collections.join(names, on=["h", "player"], how="left").with_columns(
        pl.coalesce("seat", "_seat").alias("seat")
    ).drop("_seat")


def _uncontested_expected(
    hands: pl.DataFrame, live: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """The last live seat takes the whole pot the actions made, less the rake (and less
    what a cash-out left)."""
    alone = hands.filter(pl.col("live") == 1).select("h", "rake")
    in_pot = seats.group_by("h").agg(
        (pl.col("flow_put_in").sum() - pl.col("flow_returned").sum()).alias("in_pot")
    )
    return alone.join(in_pot, on="h").join(live.select("h", "seat"), on="h").select(
        "h",
        pl.lit(1, pl.Int8).alias("board"),
        pl.lit(0, pl.Int8).alias("pot"),
        pl.lit("whole").alias("half"),
        pl.col("seat").cast(pl.Int8),
        (pl.col("in_pot") - pl.col("rake")).alias("amount"),
    )


def showdown_values(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Hi/lo values of every hand shown still in a showdown, on every board, in one batch
    (``partial``: only some of its cards were shown, so it has no value: hi -1)."""
    games = pl.DataFrame(
        [(name, *verify.game_holes(name)) for name in hands["game"].unique().to_list()],
        schema={"game": pl.String, "holes": pl.Int64, "qualifier": pl.Int64},
        orient="row",
    )
    showdown = hands.filter(pl.col("live") >= 2).select("h", "game", "boards")
    contenders = (
        seats.filter(~pl.col("folded") & ~pl.col("mucked") & (pl.col("flow_put_in") > 0))
        .filter(pl.col("cards").is_not_null())
        .select("h", "seat", "cards")
        .join(showdown, on="h")
        .join(games, on="game", how="left")
        # some of the cards shown, not all (``shows [Ad]``): the hand is not known
        .with_columns(replay.card_count("cards").lt(pl.col("holes")).alias("partial"))
        .with_columns(pl.int_ranges(1, pl.col("boards").list.len() + 1).alias("board_no"))
        .explode("boards", "board_no")
        .rename({"boards": "board_cards"})
        .filter(pl.col("board_cards").is_not_null())
    )
    return verify.evaluate_contenders(contenders)


def _reported(collections: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """What the history pays: the collect lines, and the pots kept after a cash-out."""
    cash_out = seats.filter(pl.col("not_awarded") > 0).select(
        "h", pl.lit(1, pl.Int8).alias("board"), pl.lit(None, pl.Int8).alias("pot"),
        pl.lit("whole").alias("half"), pl.col("seat").cast(pl.Int8),
        pl.col("not_awarded").alias("amount"),
    )
    return pl.concat(
        [collections.select("h", pl.col("board").cast(pl.Int8), pl.col("pot").cast(pl.Int8),
                            "half", pl.col("seat").cast(pl.Int8), "amount"), cash_out],
        how="vertical_relaxed",
    )


def _detail(reported: pl.DataFrame) -> pl.DataFrame:
    """Per hand: whether every collection names its pot, and its half."""
    return reported.group_by("h").agg(
        pl.col("pot").is_not_null().all().alias("by_pot"),
        pl.col("half").is_in(["hi", "lo"]).all().alias("by_half"),
    )


def _unclaimed_payments(reported: pl.DataFrame, claimants: pl.DataFrame) -> pl.DataFrame:
    """A pot whose cards were not all shown may still only go to a player with a claim."""
    paid = reported.join(_detail(reported), on="h").with_columns(
        pl.when(pl.col("by_pot")).then(pl.col("pot")).otherwise(-1).cast(pl.Int8).alias("pot")
    )
    claims = claimants.join(_detail(reported), on="h").with_columns(
        pl.when(pl.col("by_pot")).then(pl.col("pot")).otherwise(-1).cast(pl.Int8).alias("pot")
    ).select("h", "pot", "seat").unique()
    unclaimed = paid.join(claims.select("h", "pot").unique(), on=["h", "pot"]).join(
        claims, on=["h", "pot", "seat"], how="anti"
    )
    return unclaimed.select(
        "h",
        pl.concat_str(pl.lit("a pot whose cards were not all shown is paid to seat "),
                      pl.col("seat").cast(pl.String), pl.lit(", who had no claim to it"))
        .alias("reason"),
        pl.lit("mismatch").alias("status"),
    )


def _compare(
    expected: pl.DataFrame,
    reported: pl.DataFrame,
    seats: pl.DataFrame,
    claimants: pl.DataFrame,
    failed: pl.Series,
) -> pl.DataFrame:
    """Expected vs reported per (hand, board, pot, half, seat) at the history's detail."""
    detail = _detail(reported)
    skipped = claimants.select("h", "pot").unique()
    whole_skip = skipped.join(detail, on="h", how="left").filter(~pl.col("by_pot").fill_null(False))

    def shape(frame: pl.DataFrame, side: str) -> pl.DataFrame:
        frame = frame.join(detail, on="h", how="left").with_columns(
            pl.col("by_pot", "by_half").fill_null(False)
        )
        skip = skipped.select("h", pl.col("pot").alias("_skip"))
        frame = frame.join(skip, left_on=["h", "pot"], right_on=["h", "_skip"], how="anti")
        frame = frame.with_columns(
            pl.when(pl.col("by_pot")).then(pl.col("pot")).otherwise(-1).cast(pl.Int8).alias("pot"),
            pl.when(pl.col("by_half")).then(pl.col("half")).otherwise(pl.lit("whole")).alias("half"),
        )
        return frame.group_by("h", "board", "pot", "half", "seat").agg(
            pl.col("amount").sum().alias(side)
        )

    joined = shape(expected, "expected").join(
        shape(reported, "reported"), on=["h", "board", "pot", "half", "seat"], how="full",
        coalesce=True,
    ).with_columns(pl.col("expected", "reported").fill_null(0))
    unknown = pl.col("h").is_in(failed.implode()) | pl.col("h").is_in(whole_skip["h"].implode())
    joined = joined.with_columns(
        pl.when(unknown).then(None).otherwise(pl.col("expected")).alias("expected"),
        pl.when(pl.col("pot") >= 0).then(pl.col("pot")).alias("pot"),
    ).with_columns((pl.col("expected") == pl.col("reported")).alias("ok"))
    names = seats.select("h", pl.col("seat").cast(pl.Int8), "player")
    return joined.join(names, on=["h", "seat"], how="left").with_columns(
        pl.col("player").fill_null("?")
    ).sort("h", "board", "pot", "half", "seat", nulls_last=False)


def _award_problems(
    compared: pl.DataFrame, hands: pl.DataFrame, replays: dict[int, verify.HandReplay]
) -> pl.DataFrame:
    """A mismatch or odd_chip row for every hand with an award difference."""
    bad_hands = compared.filter(pl.col("ok") == False).select("h").unique()  # noqa: E712
    rows = compared.join(bad_hands, on="h").join(
        hands.select("h", "currency", "board_count"), on="h"
    )
    out: list[tuple[int, str, str]] = []
    for (h,), group in rows.group_by("h"):
        assert isinstance(h, int)
        currency = group["currency"][0]
        items = list(group.select("board", "pot", "half", "seat", "player", "expected",
                                  "reported").iter_rows())
        text = verify.describe_difference(items, currency, max(int(group["board_count"][0]), 1))
        status = "mismatch"
        hand = replays.get(h)
        by_pot = any(pot is not None for _, pot, *_ in items)
        spread = f"the rake is taken from the pots otherwise than the rules say: {text}"
        if verify.seat_totals_agree(items):
            # a pot's award is judged by who may win it and what each player takes in all,
            # not by the room's label on a collect line
            if hand is None or not (by_pot and verify.only_rake_moved(hand, items)):
                continue
            status, text = "rake_spread", spread
        elif hand is not None:
            by_half = any(half in ("hi", "lo") for _, _, half, *_ in items)
            reported = {(b, p, hf, s): r for b, p, hf, s, _, _, r in items}
            rule = verify.odd_chip_alternative(hand, reported, by_pot, by_half)
            if rule is not None:
                status = "odd_chip"
                text = f"odd chip placed by {rule}: {text}"
            elif (spread_rule := verify.rake_placed_otherwise(hand, items)) is not None:
                status = "rake_spread"
                text = (f"the rake is taken from the pots otherwise than the rules say "
                        f"({spread_rule}): {text}")
        out.append((h, text, status))
    return pl.DataFrame(
        out, schema={"h": pl.UInt32, "reason": pl.String, "status": pl.String}, orient="row"
    )


def _hand_table(
    hands: pl.DataFrame, problems: pl.DataFrame, pots: pl.DataFrame, seats: pl.DataFrame,
    actions: pl.DataFrame,
) -> pa.Table:  # fmt: skip
    severity = {status: rank for rank, status in enumerate(STATUSES)}
    ranked = problems.with_columns(
        pl.col("status").replace_strict(severity, return_dtype=pl.Int8).alias("rank")
    ).sort("h", "rank", maintain_order=True)
    per_hand = ranked.group_by("h").agg(
        pl.col("status").first(), pl.col("reason").first(), pl.col("reason").alias("problems")
    )
    notes = pl.concat([_inferred_notes(hands, actions), _cash_out_notes(hands, seats),
                       showdown_order_notes(hands, actions)])  # fmt: skip
    notes = notes.group_by("h").agg(pl.col("notes").str.join("; "))
    table = (
        hands.join(per_hand, on="h", how="left")
        .join(pots, on="h", how="left")
        .join(notes, on="h", how="left")
        .with_columns(
            pl.col("status").fill_null("ok"),
            pl.col("reason").fill_null(""),
            pl.col("problems").fill_null([]),
            pl.col("notes").fill_null(""),
            (pl.col("inconsistencies").list.len() > 0).alias("inconsistent"),
            (pl.col("live") >= 2).alias("showdown"),
            pl.col("pots").fill_null(pl.when(pl.col("total_pot") > 0).then(1).otherwise(0)),
            pl.col("board_count").clip(1, None).alias("boards"),
        )
        .sort("h")
    )
    return table.select(AUDIT_HANDS.names).to_arrow().cast(AUDIT_HANDS)


def _inferred_notes(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Per hand whose uncalled bet is not printed: the bet returned, read from the betting."""
    inferred = hands.filter(pl.col("uncalled_inferred") > 0).select(
        "h", "uncalled_inferred", "currency"
    )
    returns = actions.filter(pl.col("kind") == "return").group_by("h").agg(pl.col("player").first())
    text = pl.concat_str(
        pl.lit("uncalled bet of "), replay.money_text("uncalled_inferred"),
        pl.lit(" returned to "), pl.col("player").fill_null("?"),
        pl.lit(": not printed, read from the betting"),
    )
    return inferred.join(returns, on="h", how="left").select("h", text.alias("notes"))


def _cash_out_notes(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Per hand: who cashed out, for how much, the fee, and the pot the room kept."""
    units = hands.select("h", "currency")
    rows = seats.filter(pl.col("cashed_out") > 0).join(units, on="h")
    text = pl.concat_str(
        pl.col("player"), pl.lit(" cashed out for "), replay.money_text("cashed_out"),
        pl.lit(" (fee "), replay.money_text("cash_out_fee"), pl.lit("); the room kept "),
        replay.money_text("not_awarded"),
    )
    return rows.select("h", text.alias("notes"))


def _award_table(compared: pl.DataFrame, hands: pl.DataFrame) -> pa.Table:
    table = compared.join(hands.select("h", "site", "hand_id"), on="h").sort(
        "h", "board", "pot", "half", "seat", nulls_last=False
    )
    return table.select(AUDIT_AWARDS.names).to_arrow().cast(AUDIT_AWARDS)
