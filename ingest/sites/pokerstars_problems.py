"""Why a PokerStars hand cannot be imported: one row per failed check, checked vectorised.

Checks are listed in priority order; a hand's outcome is its first failed check, so a
cancelled hand is a skip even though it does not balance, and an unreadable amount is
reported as such rather than as the imbalance it causes.
"""

from __future__ import annotations

import polars as pl

from ingest.sites.pokerstars_lines import Lines

_BETTING = ["post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "call", "bet", "raise"]
_SCHEMA = {"hand": pl.Int64, "idx": pl.Int64, "outcome": pl.String, "reason": pl.String}


def _rows(frame: pl.DataFrame, outcome: str, reason: pl.Expr, idx: str = "idx") -> pl.DataFrame:
    return frame.select(
        pl.col("hand").cast(pl.Int64),
        pl.col(idx).cast(pl.Int64).alias("idx"),
        outcome=pl.lit(outcome),
        reason=reason.cast(pl.String),
    )


def _amount_text(col: str) -> pl.Expr:
    return pl.col(col).fill_null("nothing")


def problems(
    lines: Lines,
    info: pl.DataFrame,
    seats: pl.DataFrame,
    ev: pl.DataFrame,
    players: pl.DataFrame,
    totals: pl.DataFrame,
) -> pl.DataFrame:
    """The first failed check of each hand that has one: hand, idx (the offending line),
    outcome (``error`` or ``skip``) and a reason a person can act on."""
    kind = pl.col("kind")
    has = lines.body.group_by("hand").agg(
        cancelled=(pl.col("text") == "Hand cancelled").any(),
        summary=(pl.col("marker") == "SUMMARY").any(),
        last_idx=pl.col("idx").max(),
    )
    hands = info.join(has, on="hand", how="left").join(
        totals.select("hand", "n_totals", "total_idx", "total_pot", "rake"), on="hand", how="left"
    )
    no_table = hands.join(lines.tables.select("hand"), on="hand", how="anti")
    seat_counts = seats.group_by("hand").agg(
        n=pl.len(),
        seats_unique=pl.col("seat").n_unique(),
        names_unique=pl.col("player").n_unique(),
        first_idx=pl.col("idx").min(),
    )
    no_seats = hands.join(seats.select("hand"), on="hand", how="anti")
    bad_seats = seat_counts.filter(
        (pl.col("seats_unique") < pl.col("n")) | (pl.col("names_unique") < pl.col("n"))
    )
    bad_stacks = seats.filter(pl.col("stack").is_null() | pl.col("seat").is_null())
    needs_x = kind.is_in([*_BETTING, "return", "collect", "cash_out"])
    bad_amounts = ev.filter(
        (needs_x & pl.col("x").is_null())
        | ((kind == "raise") & pl.col("y").is_null())
        | ((kind == "cash_out") & pl.col("fee_x").is_null())
    )
    trailing = ev.filter(kind.is_in([*_BETTING, "check"]) & (pl.col("rest") != ""))
    unseated = ev.filter(pl.col("seat").is_null())
    flows = players.group_by("hand").agg(
        put_in=pl.col("put_in").sum(),
        returned=pl.col("returned").sum(),
        won=(pl.col("collected") + pl.col("not_awarded")).sum(),
        over_stack=(pl.col("stack") - pl.col("put_in") + pl.col("returned") < 0).any(),
        over_player=pl.col("player")
        .filter(pl.col("stack") - pl.col("put_in") + pl.col("returned") < 0)
        .first(),
    )
    bal = hands.join(flows, on="hand", how="inner")
    in_pot = pl.col("put_in") - pl.col("returned")
    checks = [
        _rows(
            hands.filter(pl.col("hand_id").is_null()), "error", pl.lit("unrecognised hand header")
        ),
        _rows(
            hands.filter(pl.col("hand_id").is_not_null() & ~pl.col("is_omaha")),
            "skip",
            pl.lit("other game: ") + pl.col("game_text"),
        ),
        _rows(hands.filter(pl.col("cancelled").fill_null(False)), "skip", pl.lit("cancelled")),
        _rows(
            hands.filter(~pl.col("summary").fill_null(False)),
            "skip",
            pl.lit("partial: the hand ends before its summary"),
            "last_idx",
        ),
        _rows(
            hands.filter(pl.col("summary").fill_null(False) & pl.col("n_totals").is_null()),
            "skip",
            pl.lit("partial: the summary has no total pot line"),
            "last_idx",
        ),
        _rows(
            hands.filter(pl.col("limit_type").is_null() | pl.col("big_blind").is_null()),
            "error",
            pl.lit("unreadable game, limit or blinds in the hand header"),
        ),
        _rows(
            hands.filter(pl.col("started_at").is_null()),
            "error",
            pl.lit("unreadable or non-existent start time in the hand header"),
        ),
        _rows(no_table, "error", pl.lit("no table line after the hand header")),
        _rows(no_seats, "error", pl.lit("no seat lines")),
        _rows(bad_seats, "error", pl.lit("a seat or a player is listed twice"), "first_idx"),
        _rows(bad_stacks, "error", pl.lit("unreadable seat number or stack")),
        _rows(
            bad_amounts,
            "error",
            pl.lit("unreadable amount '") + _amount_text("amount") + pl.lit("'"),
        ),
        _rows(
            trailing,
            "error",
            pl.lit("unexpected text after the action: '") + pl.col("rest") + pl.lit("'"),
        ),
        _rows(
            unseated, "error", pl.lit("'") + pl.col("player") + pl.lit("' has no seat in this hand")
        ),
        _rows(
            hands.filter(pl.col("n_totals") > 1),
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
            bal.filter(pl.col("over_stack")),
            "error",
            pl.format("chips do not balance: {} puts in more than their stack", "over_player"),
            "total_idx",
        ),
    ]
    found = pl.concat([c.with_columns(prio=pl.lit(i)) for i, c in enumerate(checks)])
    return found.sort("hand", "prio", "idx").unique("hand", keep="first").drop("prio")
