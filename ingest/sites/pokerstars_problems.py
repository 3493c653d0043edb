"""Why a PokerStars hand cannot be imported: its first failed check, checked vectorised.

Checks run in priority order, so a cancelled hand is a skip even though it does not
balance, and an unreadable amount is reported as such rather than as the imbalance it
causes. Hand-level checks are one ``when`` chain over a frame with one row per hand;
line-level checks name the first offending line of the hand.
"""

from __future__ import annotations

import polars as pl

from ingest.sites.pokerstars_fields import BETTING
from ingest.sites.pokerstars_lines import SUMMARY, Lines
from ingest.text import one_of

_AMOUNT_KINDS = [k for k in BETTING if k != "raise"] + ["return", "collect", "cash_out"]


def _first_reason(checks: list[tuple[pl.Expr, str, pl.Expr, str | None]]) -> list[pl.Expr]:
    """``reason``, ``outcome`` and ``idx`` columns from (condition, outcome, reason, line)
    checks, the first true condition winning; ``line`` names the idx column to report."""
    reason: pl.Expr = pl.lit(None, pl.String)
    outcome: pl.Expr = pl.lit(None, pl.String)
    idx: pl.Expr = pl.lit(None, pl.Int64)
    for condition, kind, text, line in reversed(checks):
        reason = pl.when(condition).then(text).otherwise(reason)
        outcome = pl.when(condition).then(pl.lit(kind)).otherwise(outcome)
        where = pl.col(line).cast(pl.Int64) if line else pl.lit(None, pl.Int64)
        idx = pl.when(condition).then(where).otherwise(idx)
    return [reason.alias("reason"), outcome.alias("outcome"), idx.alias("idx")]


def _line_problems(seats: pl.LazyFrame, ev: pl.LazyFrame) -> pl.LazyFrame:
    """The first offending seat or action line per hand: hand, line_idx, line_reason."""
    kind = pl.col("kind")
    quoted = pl.lit("'") + pl.col("player").fill_null("") + pl.lit("'")
    bad_amount = (
        (one_of(kind, _AMOUNT_KINDS) & pl.col("x").is_null())
        | ((kind == "raise") & pl.col("y").is_null())
        | ((kind == "cash_out") & pl.col("fee_x").is_null())
    )
    damaged = pl.col("damaged").fill_null(False)
    unseated = pl.col("seat").is_null()
    events = ev.filter(bad_amount | damaged | unseated).select(
        "hand",
        "idx",
        reason=pl.when(bad_amount)
        .then(pl.lit("unreadable amount in a ") + kind + pl.lit(" line"))
        .when(damaged)
        .then(pl.lit("the line does not have the form of a ") + kind + pl.lit(" line"))
        .otherwise(quoted + pl.lit(" has no seat in this hand")),
    )
    stacks = seats.filter(pl.col("stack").is_null() | pl.col("seat").is_null()).select(
        "hand", "idx", reason=pl.lit("unreadable seat number or stack")
    )
    return (
        pl.concat([stacks, events])
        .group_by("hand")
        .agg(line_idx=pl.col("idx").first(), line_reason=pl.col("reason").first())
    )


def _hand_checks() -> tuple[list[pl.Expr], list[pl.Expr]]:
    """The hand-level checks in priority order: their conditions as ``check_<n>`` columns,
    and reason, outcome and idx columns for the first that holds."""
    in_pot = pl.col("put_in") - pl.col("returned")
    has_summary = pl.col("n_summary").is_not_null()
    n_seats = pl.col("n_seats").fill_null(0)
    checks: list[tuple[pl.Expr, str, pl.Expr, str | None]] = [
        (pl.col("hand_id").is_null() | pl.col("room").is_null(), "error",
         pl.lit("unrecognised hand header"), None),
        (~pl.col("is_omaha"), "skip", pl.lit("other game: ") + pl.col("game_text"), None),
        (pl.col("cancelled").fill_null(False), "skip", pl.lit("cancelled"), None),
        (~has_summary, "skip", pl.lit("partial: the hand ends before its summary"), "last_idx"),
        (pl.col("n_totals").is_null(), "skip",
         pl.lit("partial: the summary has no total pot line"), "last_idx"),
        (pl.col("limit_type").is_null() | pl.col("big_blind").is_null(), "error",
         pl.lit("unreadable game, limit or blinds in the hand header"), None),
        (pl.col("started_at").is_null(), "error",
         pl.lit("unreadable or non-existent start time in the hand header"), None),
        (pl.col("table_name").is_null(), "error", pl.lit("no table line after the hand header"),
         None),
        (n_seats == 0, "error", pl.lit("no seat lines"), None),
        ((pl.col("seats_unique") < n_seats) | (pl.col("names_unique") < n_seats), "error",
         pl.lit("a seat or a player is listed twice"), "seat_idx"),
        (pl.col("line_reason").is_not_null(), "error", pl.col("line_reason"), "line_idx"),
        (pl.col("total_pot").is_null() | pl.col("rake").is_null(), "error",
         pl.lit("unreadable total pot or rake in the summary"), "total_idx"),
        (pl.col("n_summary") > 1, "error",
         pl.lit("two summaries in one hand (a hand header is missing or damaged)"), "total_idx"),
        (in_pot != pl.col("total_pot"), "error",
         pl.format("chips do not balance: players put in {} and got {} back, but the total "
                   "pot is {}", "put_in", "returned", "total_pot"), "total_idx"),
        (pl.col("won") != pl.col("total_pot") - pl.col("rake"), "error",
         pl.format("chips do not balance: players collected {} from a total pot of {} less "
                   "{} rake", "won", "total_pot", "rake"), "total_idx"),
        (pl.col("over_player").is_not_null(), "error",
         pl.format("chips do not balance: {} puts in more than their stack", "over_player"),
         "total_idx"),
    ]  # fmt: skip
    # Each condition is evaluated once, into a column the chains then refer to.
    conditions = [c.fill_null(False).alias(f"check_{n}") for n, (c, _, _, _) in enumerate(checks)]
    named = [(pl.col(f"check_{n}"), o, r, i) for n, (_, o, r, i) in enumerate(checks)]
    return conditions, _first_reason(named)


# Built once: the same expression nodes serve every chunk.
_CONDITIONS, _HAND_CHECKS = _hand_checks()


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
    # One lazy query: a chunk pays polars' fixed cost per query once, not per step. The
    # in-memory engine starts faster than the default one on frames of this size.
    markers = lines.markers.lazy()
    ends = lines.last_lines.lazy()
    summaries = markers.filter(pl.col("street") == SUMMARY).group_by("hand").len("n_summary")
    cancelled = lines.cancelled.lazy().select("hand", cancelled=pl.lit(True)).unique("hand")
    seat_counts = (
        seats.lazy()
        .group_by("hand")
        .agg(
            n_seats=pl.len(),
            seats_unique=pl.col("seat").n_unique(),
            names_unique=pl.col("player").n_unique(),
            seat_idx=pl.col("idx").min(),
        )
    )
    left = pl.col("stack") - pl.col("put_in") + pl.col("returned")
    flows = (
        players.lazy()
        .group_by("hand")
        .agg(
            put_in=pl.col("put_in").sum(),
            returned=pl.col("returned").sum(),
            won=(pl.col("collected") + pl.col("not_awarded")).sum(),
            over_player=pl.col("player").filter(left < 0).first(),
        )
    )
    h = info.lazy().select(
        "hand", "hand_id", "room", "is_omaha", "game_text", "limit_type", "big_blind",
        "started_at", "table_name",
    )  # fmt: skip
    line_problems = _line_problems(seats.lazy(), ev.lazy())
    for frame in (ends, summaries, cancelled, seat_counts, flows, line_problems):
        h = h.join(frame, on="hand", how="left")
    h = h.join(totals.lazy(), on="hand", how="left")
    # The chains that pick the first failed check run on the failing hands only.
    return (
        h.with_columns(_CONDITIONS)
        .filter(pl.any_horizontal(c.meta.output_name() for c in _CONDITIONS))
        .select("hand", *_HAND_CHECKS)
        .collect(engine="in-memory")
    )
