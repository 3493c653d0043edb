"""Who shows first at a showdown (``../shared/rules.md``): the last player to bet or raise
on the river, or with no river bet the first player still in to the left of the button.
Where a room prints the hands in the order they were shown (``ingest.rooms``), one shown
before its turn gets a note on the hand, not a money status. Hands with a player all-in are left
out: their cards are turned up together; so are the hands shown in a summary only."""

from __future__ import annotations

import polars as pl

from ingest.rooms import SHOWS_OUT_OF_ORDER

_FIRST_LEFT = "the first player still in to the left of the button"
_LAST_AGGRESSOR = "the last to bet or raise on the river"


def showdown_order_notes(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Per hand shown in another order than the rule's: ``h`` and ``notes``.

    hands: ``h``, ``room``, ``button_seat``; actions: ``h``, ``seq``, ``street``, ``seat``,
    ``player``, ``kind``, ``all_in``, ``board`` (in hand and line order).
    """
    in_order = hands.filter(~pl.col("room").is_in(list(SHOWS_OUT_OF_ORDER))).select("h")
    acted = actions.filter(pl.col("seat").is_not_null()).join(in_order, on="h", how="semi")
    all_in = acted.filter(pl.col("all_in")).select("h").unique()
    # hands a room writes only in its summary (WPN before 2019, seat by seat) say nothing
    # of the order they were shown in
    reveals = acted.filter(
        pl.col("kind").is_in(["show", "muck"]) & (pl.col("board").fill_null(1) == 1)
        & (pl.col("street") != "summary")
    )
    shown = (
        reveals.join(all_in, on="h", how="anti")
        .group_by("h")
        .agg(
            pl.col("player").first().alias("first_player"),
            pl.col("seat").first().alias("first_seat"),
            (pl.col("kind") == "show").sum().alias("shows"),
        )
        .filter(pl.col("shows") >= 2)
    )
    # the rest is worked out for those hands only (a few in ten)
    acted = acted.join(shown.select("h"), on="h", how="semi")
    river = acted.filter((pl.col("street") == "river") & pl.col("kind").is_in(["bet", "raise"]))
    aggressor = river.group_by("h").agg(
        pl.col("seat").last().alias("expected_seat"), pl.col("player").last().alias("expected")
    )
    folded = acted.filter(pl.col("kind") == "fold").select("h", "seat").unique()
    still_in = (
        acted.filter(~pl.col("kind").is_in(["return", "collect", "cash_out"]))
        .select("h", "seat", "player")
        .unique(["h", "seat"], keep="first")
        .join(folded, on=["h", "seat"], how="anti")
        .join(hands.select("h", "button_seat"), on="h")
        .with_columns(
            order=(pl.col("seat").cast(pl.Int32) - pl.col("button_seat").cast(pl.Int32) - 1) % 100
        )
        .sort("h", "order")
        .group_by("h")
        .agg(pl.col("seat").first().alias("left_seat"), pl.col("player").first().alias("left"))
    )
    checked = (
        shown.join(aggressor, on="h", how="left")
        .join(still_in, on="h", how="left")
        .with_columns(
            rule=pl.when(pl.col("expected_seat").is_not_null())
            .then(pl.lit(_LAST_AGGRESSOR))
            .otherwise(pl.lit(_FIRST_LEFT)),
            expected=pl.coalesce("expected", "left"),
            expected_seat=pl.coalesce("expected_seat", "left_seat"),
        )
        .filter(
            pl.col("expected_seat").is_not_null()
            & (pl.col("first_seat") != pl.col("expected_seat"))
        )
    )
    return checked.select(
        "h",
        pl.concat_str(
            pl.lit("shown out of order: "),
            pl.col("first_player"),
            pl.lit(" showed first, "),
            pl.col("expected"),
            pl.lit(" was to show first ("),
            pl.col("rule"),
            pl.lit(")"),
        ).alias("notes"),
    )
