"""Why a PokerStars hand cannot be imported: one row per failed check, checked vectorised.

Checks are listed in priority order; a hand's outcome is its first failed check, so a
cancelled hand is a skip even though it does not balance, and an unreadable amount is
reported as such rather than as the imbalance it causes.
"""

from __future__ import annotations

import polars as pl

from ingest.sites.pokerstars_lines import BETTING, SUMMARY, Lines


def _rows(frame: pl.DataFrame, outcome: str, reason: pl.Expr, idx: str = "idx") -> pl.DataFrame:
    return frame.select(
        pl.col("hand").cast(pl.Int64),
        pl.col(idx).cast(pl.Int64).alias("idx"),
        outcome=pl.lit(outcome),
        reason=reason.cast(pl.String),
    )


def _quoted(column: str) -> pl.Expr:
    return pl.lit("'") + pl.col(column).fill_null("") + pl.lit("'")


def problems(
    lines: Lines,
    info: pl.DataFrame,
    seats: pl.DataFrame,
    ev: pl.DataFrame,
    players: pl.DataFrame,
    totals: pl.DataFrame,
) -> pl.DataFrame:
    """The first failed check of each hand that has one: hand, idx (the offending line, or
    null for the hand's first line), outcome (``error`` or ``skip``) and a reason."""
    kind = pl.col("kind")
    last_line = (
        lines.where.filter(pl.col("text") != "").group_by("hand").agg(last_idx=pl.col("idx").max())
    )
    summaries = lines.markers.filter(pl.col("street") == SUMMARY).group_by("hand").len("n_summary")
    hands = (
        info.join(last_line, on="hand", how="left")
        .join(summaries, on="hand", how="left")
        .join(
            totals.select("hand", "n_totals", "total_idx", "total_pot", "rake"),
            on="hand",
            how="left",
        )
    )
    cancelled = lines.cancelled.unique("hand")
    seat_counts = seats.group_by("hand").agg(
        n=pl.len(),
        seats_unique=pl.col("seat").n_unique(),
        names_unique=pl.col("player").n_unique(),
        idx=pl.col("idx").min(),
    )
    no_seats = hands.join(seats.select("hand"), on="hand", how="anti")
    bad_seats = seat_counts.filter(
        (pl.col("seats_unique") < pl.col("n")) | (pl.col("names_unique") < pl.col("n"))
    )
    bad_stacks = seats.filter(pl.col("stack").is_null() | pl.col("seat").is_null())
    needs_x = kind.is_in([*BETTING, "return", "collect", "cash_out"]) & (kind != "raise")
    bad_amounts = ev.filter(
        (needs_x & pl.col("x").is_null())
        | ((kind == "raise") & pl.col("y").is_null())
        | ((kind == "cash_out") & pl.col("fee_x").is_null())
    )
    left = pl.col("stack") - pl.col("put_in") + pl.col("returned")
    flows = players.group_by("hand").agg(
        put_in=pl.col("put_in").sum(),
        returned=pl.col("returned").sum(),
        won=(pl.col("collected") + pl.col("not_awarded")).sum(),
        over_player=pl.col("player").filter(left < 0).first(),
    )
    bal = hands.join(flows, on="hand", how="inner")
    in_pot = pl.col("put_in") - pl.col("returned")
    has_summary = pl.col("n_summary").is_not_null()
    checks = [
        _rows(
            info.filter(pl.col("hand_id").is_null() | pl.col("room").is_null()),
            "error",
            pl.lit("unrecognised hand header"),
        ),
        _rows(
            info.filter(~pl.col("is_omaha")), "skip", pl.lit("other game: ") + pl.col("game_text")
        ),
        _rows(cancelled, "skip", pl.lit("cancelled")),
        _rows(
            hands.filter(~has_summary),
            "skip",
            pl.lit("partial: the hand ends before its summary"),
            "last_idx",
        ),
        _rows(
            hands.filter(has_summary & pl.col("n_totals").is_null()),
            "skip",
            pl.lit("partial: the summary has no total pot line"),
            "last_idx",
        ),
        _rows(
            info.filter(pl.col("limit_type").is_null() | pl.col("big_blind").is_null()),
            "error",
            pl.lit("unreadable game, limit or blinds in the hand header"),
        ),
        _rows(
            info.filter(pl.col("started_at").is_null()),
            "error",
            pl.lit("unreadable or non-existent start time in the hand header"),
        ),
        _rows(
            info.filter(pl.col("table_name").is_null()),
            "error",
            pl.lit("no table line after the hand header"),
        ),
        _rows(no_seats, "error", pl.lit("no seat lines")),
        _rows(bad_seats, "error", pl.lit("a seat or a player is listed twice")),
        _rows(bad_stacks, "error", pl.lit("unreadable seat number or stack")),
        _rows(
            bad_amounts,
            "error",
            pl.lit("unreadable amount ") + _quoted("amount") + pl.lit(" or ") + _quoted("to"),
        ),
        _rows(
            ev.filter(pl.col("damaged").fill_null(False)),
            "error",
            pl.lit("the line does not have the form of a ") + kind + pl.lit(" line"),
        ),
        _rows(
            ev.filter(pl.col("seat").is_null()),
            "error",
            _quoted("player") + pl.lit(" has no seat in this hand"),
        ),
        _rows(
            hands.filter(pl.col("n_summary") > 1),
            "error",
            pl.lit("two summaries in one hand (a hand header is missing or damaged)"),
            "total_idx",
        ),
        _rows(
            bal.filter(in_pot != pl.col("total_pot")),
            "error",
            pl.format(
                "chips do not balance: players put in {} and got {} back, but the total pot is {}",
                "put_in",
                "returned",
                "total_pot",
            ),
            "total_idx",
        ),
        _rows(
            bal.filter(pl.col("won") != pl.col("total_pot") - pl.col("rake")),
            "error",
            pl.format(
                "chips do not balance: players collected {} from a total pot of {} less {} rake",
                "won",
                "total_pot",
                "rake",
            ),
            "total_idx",
        ),
        _rows(
            bal.filter(pl.col("over_player").is_not_null()),
            "error",
            pl.format("chips do not balance: {} puts in more than their stack", "over_player"),
            "total_idx",
        ),
    ]
    found = pl.concat([c.with_columns(prio=pl.lit(i)) for i, c in enumerate(checks)])
    return (
        found.sort("hand", "prio", "idx", nulls_last=True).unique("hand", keep="first").drop("prio")
    )
