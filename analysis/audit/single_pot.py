"""Awards of single-pot, single-board showdowns as polars expressions, with no per-hand loop.

Most showdowns have one pot (every live player put in the same) and one board. Their
awards follow the same rule as :func:`omaha_core.awards.award_pots` with the default
odd-chip rule, written over whole columns: the pot after rake goes to the best high (or
half to the best high, half to the best qualifying low, the odd unit to the high); tied
seats share, the odd units one each to the first tied seats clockwise from the button
(units of the hand's ``deal_unit``: a whole chip in most tournaments).
Hands with side pots or several boards go through the general per-hand path. The
equality of the two paths is a test (tests/test_audit.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from analysis.audit.verify import unshown


@dataclass(frozen=True)
class SinglePotAwards:
    """Expected rows, hands whose pot cannot be checked (with the reason), and its claimants."""

    rows: pl.DataFrame
    unclear: pl.DataFrame  # h, reason
    skipped: pl.DataFrame  # h, pot, seat: the seats with a claim to a pot not checkable


def single_pot_hands(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Column ``h`` of the showdown hands with one pot and at most one board."""
    live = seats.filter(~pl.col("folded") & (pl.col("flow_put_in") > 0))
    levels = live.group_by("h").agg(
        (pl.col("live") - pl.col("flow_returned")).n_unique().alias("levels")
    )
    return (
        hands.filter((pl.col("live") >= 2) & (pl.col("board_count") <= 1))
        .join(levels.filter(pl.col("levels") == 1), on="h")
        .select("h")
    )


def single_pot_awards(
    hands: pl.DataFrame, seats: pl.DataFrame, values: pl.DataFrame, ids: pl.DataFrame
) -> SinglePotAwards:
    """The award rows of the hands in ``ids`` (see :func:`single_pot_hands`)."""
    info = hands.join(ids, on="h").select("h", "rake", "hi_lo", "deal_unit", pl.col("button_seat")
                                          .fill_null(0).cast(pl.Int64).alias("button"))
    pot = (
        seats.join(ids, on="h")
        .group_by("h")
        .agg((pl.col("flow_put_in") - pl.col("flow_returned")).sum().alias("gross"))
        .join(info, on="h")
        .with_columns((pl.col("gross") - pl.col("rake")).alias("net"))
    )
    partial = pl.col("partial") if "partial" in values.columns else pl.lit(False)
    board_one = values.filter(pl.col("board_no") == 1).select(
        "h", "seat", "hi", "lo", partial.alias("partial")
    )
    claims = (
        seats.join(ids, on="h")
        .filter(~pl.col("folded") & ~pl.col("mucked") & (pl.col("flow_put_in") > 0))
        .select("h", pl.col("seat").cast(pl.Int8))
        .join(board_one.with_columns(pl.col("seat").cast(pl.Int8)), on=["h", "seat"],
              how="left")
        .with_columns(
            (pl.col("hi").is_null() | (pl.col("hi") < 0)).alias("unknown"),
            pl.len().over("h").alias("claims"),
        )
        .join(pot, on="h")
    )
    unknown = claims.filter((pl.col("claims") > 1) & pl.col("unknown").any().over("h"))
    unseen: dict[int, tuple[list[int], set[int]]] = {}
    for h, seat, some in (
        unknown.filter(pl.col("unknown")).sort("h", "seat")
        .select("h", "seat", pl.col("partial").fill_null(False)).iter_rows()
    ):  # fmt: skip
        hidden, partly = unseen.setdefault(h, ([], set()))
        hidden.append(seat)
        if some:
            partly.add(seat)
    unclear = pl.DataFrame(
        [(h, f"main pot: {unshown(hidden, partly)}") for h, (hidden, partly) in unseen.items()],
        schema={"h": pl.UInt32, "reason": pl.String}, orient="row",
    )
    alone = claims.filter(pl.col("claims") == 1).select(
        "h", pl.lit("whole").alias("half"), "seat", pl.col("net").alias("amount")
    )
    known = claims.join(unknown.select("h").unique(), on="h", how="anti").filter(
        pl.col("claims") > 1
    )
    known = known.with_columns(
        (pl.col("hi_lo") & (pl.col("lo") > 0).any().over("h")).alias("has_low"),
    ).with_columns(
        pl.when(pl.col("has_low"))
        .then(pl.col("net") // pl.col("deal_unit") // 2 * pl.col("deal_unit"))
        .otherwise(0).alias("lo_amount"),
    )
    highs = known.filter(pl.col("hi") == pl.col("hi").max().over("h")).with_columns(
        (pl.col("net") - pl.col("lo_amount")).alias("total"),
        pl.when(pl.col("hi_lo")).then(pl.lit("hi")).otherwise(pl.lit("whole")).alias("half"),
    )
    lows = known.filter(
        pl.col("has_low") & (pl.col("lo") > 0)
        & (pl.col("lo") == pl.col("lo").filter(pl.col("lo") > 0).max().over("h"))
    ).with_columns(pl.col("lo_amount").alias("total"), pl.lit("lo").alias("half"))
    shares = pl.concat([_shares(highs), _shares(lows), alone])
    rows = shares.filter(pl.col("amount") > 0).select(
        "h", pl.lit(1, pl.Int8).alias("board"), pl.lit(0, pl.Int8).alias("pot"), "half",
        pl.col("seat").cast(pl.Int8), pl.col("amount").cast(pl.Int64),
    )
    skipped = unknown.select("h", pl.lit(0, pl.Int8).alias("pot"), "seat")
    return SinglePotAwards(rows, unclear, skipped)


def _shares(winners: pl.DataFrame) -> pl.DataFrame:
    """Equal shares of ``total`` per hand, odd units (of ``deal_unit``) to the first seats
    after the button."""
    after_button = pl.col("seat").cast(pl.Int64) + 256 * (pl.col("seat") <= pl.col("button"))
    units = pl.col("total") // pl.col("deal_unit")
    return winners.with_columns(
        pl.len().over("h").alias("tied"),
        after_button.rank("ordinal").over("h").alias("order"),
    ).select(
        "h", "half", "seat",
        ((units // pl.col("tied") + (pl.col("order") <= units % pl.col("tied")).cast(pl.Int64))
         * pl.col("deal_unit")).alias("amount"),
    )
