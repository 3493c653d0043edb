"""Why a hand cannot be imported, and what does not add up in a hand that can.

Checks run in priority order, so a cancelled hand is a skip even though it does not
balance, and an unreadable amount is reported as such rather than as the imbalance it
causes; the first that fails decides. A hand that passes them all is stored; its money
is then checked as printed (what was put in against the total pot, the collections
against the pot less the room's take, each player's chips against the stack) and every
inconsistency found is kept with the hand, for the audit to report. What the checks need
is reduced to one row per hand by compiled passes (no joins, no hash tables); the
conditions are then one polars query over those rows, and the reasons are written for the
failing hands only, which line-level checks point at the first offending line of.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.engine import grouped, scan
from ingest.engine.grammar import BETTING, EVENT_KINDS, ROOM_COLUMNS
from ingest.engine.lines import SUMMARY, Lines
from ingest.engine.scan import njit
from ingest.money import money_text

_AMOUNT_KINDS = [k for k in BETTING if k != "raise"] + ["return", "collect", "cash_out"]
_NEEDS_AMOUNT = np.array([kind in _AMOUNT_KINDS for kind in EVENT_KINDS])
_RAISE, _CASH_OUT = EVENT_KINDS.index("raise"), EVENT_KINDS.index("cash_out")
_COLLECT = EVENT_KINDS.index("collect")
# What is wrong with an event line, in priority order (0: nothing).
_BAD_AMOUNT, _DAMAGED, _UNSEATED = 1, 2, 3


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


def _hand_checks() -> tuple[list[pl.Expr], list[pl.Expr]]:
    """The hand-level checks in priority order: their conditions as ``check_<n>`` columns,
    and reason, outcome and idx columns for the first that holds."""
    checks: list[tuple[pl.Expr, str, pl.Expr, str | None]] = [
        # lines between hands that are no hand: no header, no seat, no summary (comments)
        ((pl.col("hand_id").is_null() | pl.col("room").is_null()) & (pl.col("n_seats") == 0)
         & (pl.col("n_summary") == 0), "skip", pl.lit("not a hand: text between hands"), None),
        (pl.col("hand_id").is_null() | pl.col("room").is_null(), "error",
         pl.lit("unrecognised hand header"), None),
        (~pl.col("kept_game"), "skip", pl.lit("other game: ") + pl.col("game_text"), None),
        (pl.col("cancelled"), "skip", pl.lit("cancelled"), None),
        ((pl.col("n_summary") == 0) & pl.col("has_summary"), "skip",
         pl.lit("partial: the hand ends before its summary"), "last_idx"),
        # a room that writes no summary pays its pots among the streets
        ((pl.col("n_collects") == 0) & ~pl.col("has_summary"), "skip",
         pl.lit("partial: the hand ends before any pot is paid"), "last_idx"),
        ((pl.col("n_totals") == 0) & pl.col("total_line"), "skip",
         pl.lit("partial: the summary has no total pot line"), "last_idx"),
        (pl.col("limit_type").is_null() | pl.col("big_blind").is_null(), "error",
         pl.lit("unreadable game, limit or blinds in the hand header"), None),
        (pl.col("started_at").is_null(), "error",
         pl.lit("unreadable or non-existent start time in the hand header"), None),
        (pl.col("table_name").is_null(), "error", pl.lit("no table line after the hand header"),
         None),
        (pl.col("n_seats") == 0, "error", pl.lit("no seat lines"), None),
        (pl.col("listed_twice"), "error", pl.lit("a seat or a player is listed twice"),
         "seat_idx"),
        (pl.col("line_idx").is_not_null(), "error", pl.col("line_reason"), "line_idx"),
        (pl.col("unknown_idx").is_not_null(), "error",
         pl.lit("a line of no kind the room writes (not in its grammar)"), "unknown_idx"),
        (pl.any_horizontal(pl.col("total_pot", *ROOM_COLUMNS).is_null()), "error",
         pl.lit("unreadable total pot, rake or other room amount in the summary"),
         "total_idx"),
        (pl.col("n_summary") > 1, "error",
         pl.lit("two summaries in one hand (a hand header is missing or damaged)"), "total_idx"),
    ]  # fmt: skip
    # Each condition is evaluated once, into a column the chains then refer to.
    conditions = [c.fill_null(False).alias(f"check_{n}") for n, (c, _, _, _) in enumerate(checks)]
    named = [(pl.col(f"check_{n}"), o, r, i) for n, (_, o, r, i) in enumerate(checks)]
    return conditions, _first_reason(named)


def _money(column: str) -> pl.Expr:
    return money_text(pl.col(column), pl.col("currency"))


def _inconsistencies() -> tuple[list[pl.Expr], pl.Expr]:
    """The money checks of a readable hand, as printed: their conditions as ``flag_<n>``
    columns, and an ``inconsistencies`` list of the reasons of those that hold."""
    in_pot = pl.col("put_in") - pl.col("returned")
    flags = [
        (in_pot != pl.col("total_pot"),
         pl.format("players put in {} and got {} back, but the total pot is {}",
                   _money("put_in"), _money("returned"), _money("printed_total"))
         + pl.when(pl.col("printed_total") != pl.col("total_pot"))
         .then(pl.format(" of which {} returned uncalled", _money("uncalled")))
         .otherwise(pl.lit(""))),
        (pl.col("won") != pl.col("total_pot") - pl.col("room_take"),
         pl.format("players collected {} from a total pot of {} less {} taken by the room",
                   _money("won"), _money("total_pot"), _money("room_take"))),
        (pl.col("over_row") >= 0,
         pl.format("{} puts in {} with a stack of {}", pl.col("over_player"),
                   _money("over_put_in"), _money("over_stack"))),
        # a room that writes each player's result: the hand's lines give another
        (pl.col("result_row") >= 0,
         pl.format("the summary gives {} a result of {}, the hand's lines {}",
                   pl.col("result_player"), _money("result_written"), _money("result_net"))),
    ]  # fmt: skip
    conditions = [c.fill_null(False).alias(f"flag_{n}") for n, (c, _) in enumerate(flags)]
    reasons = pl.concat_list(
        pl.when(pl.col(f"flag_{n}")).then(text) for n, (_, text) in enumerate(flags)
    ).list.drop_nulls()
    return conditions, reasons.alias("inconsistencies")


# Built once: the same expression nodes serve every chunk.
_CONDITIONS, _HAND_CHECKS = _hand_checks()
_FLAGS, _INCONSISTENCIES = _inconsistencies()


@njit
def _listed_twice(
    data: np.ndarray, hand: np.ndarray, seat: np.ndarray, name_start: np.ndarray,
    name_end: np.ndarray, hands: int,
) -> np.ndarray:  # fmt: skip
    """Per hand: whether two of its seat lines have the same seat number (nulls, -1, alike)
    or the same player name. Seat lines are in hand order."""
    out = np.zeros(hands, np.bool_)
    begin = 0
    while begin < hand.size:
        end = begin
        while end < hand.size and hand[end] == hand[begin]:
            end += 1
        for i in range(begin, end):
            for k in range(begin, i):
                no_names = name_start[i] < 0 and name_start[k] < 0
                if (
                    seat[i] == seat[k]
                    or no_names
                    or scan.same(data, name_start[i], name_end[i], name_start[k], name_end[k])
                ):
                    out[hand[i]] = True
        begin = end
    return out


def _first_unknown(unknown: pl.DataFrame, hands: int) -> np.ndarray:
    """Per hand, its first line of no kind the grammar knows (-1: none)."""
    hand, idx = unknown["hand"].to_numpy(), unknown["idx"].to_numpy()
    first = grouped.first_rows(hand, hands, np.ones(hand.size, np.bool_))
    return grouped.gather(idx, first, -1)


def _or_null(rows: np.ndarray) -> pl.Series:
    """Row numbers, null where -1."""
    return pl.Series(pa.array(rows, mask=rows < 0), dtype=pl.Int64)


def _event_problems(ev: pl.DataFrame) -> np.ndarray:
    """What is wrong with each event line (0: nothing; see ``_BAD_AMOUNT``)."""
    code = ev["code"].to_numpy()
    bad_amount = (
        (_NEEDS_AMOUNT[code] & ev["x"].is_null().to_numpy())
        | ((code == _RAISE) & ev["y"].is_null().to_numpy())
        | ((code == _CASH_OUT) & ev["fee_x"].is_null().to_numpy())
    )
    damaged = ev["damaged"].fill_null(False).to_numpy()
    unseated = ev["seat"].is_null().to_numpy()
    return np.where(
        bad_amount, _BAD_AMOUNT, np.where(damaged, _DAMAGED, np.where(unseated, _UNSEATED, 0))
    )


def _line_reasons(
    failing: np.ndarray, seat_row: np.ndarray, event_row: np.ndarray, event_problem: np.ndarray,
    ev: pl.DataFrame,
) -> list[str | None]:  # fmt: skip
    """The first offending seat or event line's reason, for the ``failing`` hands."""
    reasons: list[str | None] = []
    codes, players = ev["code"].to_numpy(), ev["player"]
    for hand in failing:
        if seat_row[hand] >= 0:
            reasons.append("unreadable seat number or stack")
        elif event_row[hand] >= 0:
            row = int(event_row[hand])
            problem, kind = event_problem[row], EVENT_KINDS[codes[row]]
            if problem == _BAD_AMOUNT:
                reasons.append(f"unreadable amount in a {kind} line")
            elif problem == _DAMAGED:
                reasons.append(f"the line does not have the form of a {kind} line")
            else:
                reasons.append(f"'{players[row] or ''}' has no seat in this hand")
        else:
            reasons.append(None)
    return reasons


def problems(
    lines: Lines,
    info: pl.DataFrame,
    seats: pl.DataFrame,
    ev: pl.DataFrame,
    players: pl.DataFrame,
    totals: pl.DataFrame,
    every_flop_game: bool = False,
    has_summary: bool = True,
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The first failed check of each hand that has one: hand, idx (the offending line, or
    null for the hand's first line), outcome (``error`` or ``skip``) and a reason (a hand
    of another game than Omaha is skipped, unless it is a flop game and
    ``every_flop_game``); and the
    ``inconsistencies`` (a list of reasons) of each hand that passes them but whose money
    does not add up as printed. ``has_summary``: the room writes a summary section (else a
    hand that pays no pot is the partial one). ``totals`` has one row per hand (see
    ``ingest.engine.build._totals``), with the room's ``room_take``."""
    n = info.height
    seat_hand, event_hand = seats["hand"].to_numpy(), ev["hand"].to_numpy()
    seat_idx, event_idx = seats["idx"].to_numpy(), ev["idx"].to_numpy()
    last_lines = lines.last_lines
    last_idx = np.full(n, -1, np.int64)
    last_idx[last_lines["hand"].to_numpy()] = last_lines["last_idx"].to_numpy()
    markers = lines.markers
    unreadable_seat = (seats["stack"].is_null() | seats["seat"].is_null()).to_numpy()
    seat_problem = grouped.first_rows(seat_hand, n, unreadable_seat)
    event_problem = _event_problems(ev)
    event_row = grouped.first_rows(event_hand, n, event_problem > 0)
    line_row = np.where(seat_problem >= 0, grouped.gather(seat_idx, seat_problem, -1),
                        grouped.gather(event_idx, event_row, -1))  # fmt: skip
    # what was returned came back after it was bet: a stack must cover every chip put in
    over = (players["put_in"] > players["stack"]).fill_null(False).to_numpy()
    over_row = grouped.first_rows(players["hand"].to_numpy(), n, over)
    other_result = (players["result"] != players["net"]).fill_null(False).to_numpy()
    result_row = grouped.first_rows(players["hand"].to_numpy(), n, other_result)
    put_in, returned = players["put_in"].to_numpy(), players["returned"].to_numpy()
    won = players["collected"].to_numpy() + players["not_awarded"].to_numpy()
    player_hand = players["hand"].to_numpy()
    seat_numbers = seats["seat"].fill_null(-1).to_numpy()
    first_seat = grouped.first_rows(seat_hand, n, np.ones(seat_hand.size, np.bool_))
    per_hand = pl.DataFrame(
        {
            "hand": np.arange(n, dtype=np.int64),
            "last_idx": _or_null(last_idx),
            "n_summary": grouped.counts(
                markers["hand"].to_numpy(), n, (markers["street"] == SUMMARY).to_numpy()
            ),
            "has_summary": np.full(n, has_summary),
            "n_collects": grouped.counts(event_hand, n, ev["code"].to_numpy() == _COLLECT),
            "cancelled": grouped.counts(lines.cancelled["hand"].to_numpy(), n) > 0,
            "n_seats": grouped.counts(seat_hand, n),
            "listed_twice": _listed_twice(
                lines.text.data, seat_hand, seat_numbers, seats["player_start"].to_numpy(),
                seats["player_end"].to_numpy(), n,
            ),
            "seat_idx": grouped.gather(seat_idx, first_seat, -1),
            "line_idx": _or_null(line_row),
            "unknown_idx": _or_null(_first_unknown(lines.unknown, n)),
            "put_in": grouped.sums(player_hand, n, put_in),
            "returned": grouped.sums(player_hand, n, returned),
            "won": grouped.sums(player_hand, n, won),
            "over_row": over_row,
            "result_row": result_row,
        }
    )  # fmt: skip
    h = pl.concat(
        [
            info.select("hand_id", "room", "game_text", "limit_type", "big_blind",
                        "started_at", "table_name",
                        kept_game=pl.col("is_omaha")
                        | (pl.col("is_flop_game").fill_null(False) & every_flop_game)),
            per_hand,
            totals.select("n_totals", "total_line", "total_idx", "total_pot", "printed_total",
                          *ROOM_COLUMNS, "room_take"),
        ],
        how="horizontal",
    )  # fmt: skip
    checked = h.with_columns(_CONDITIONS).with_columns(
        failed=pl.any_horizontal(c.meta.output_name() for c in _CONDITIONS)
    )
    flagged = (
        checked.filter(~pl.col("failed"))
        .with_columns(_FLAGS)
        .filter(pl.any_horizontal(c.meta.output_name() for c in _FLAGS))
    )
    hands = flagged["hand"].to_numpy()
    flagged = pl.concat(
        [flagged, _over_stack(players, over_row, hands), _other_result(players, result_row, hands)],
        how="horizontal",
    ).with_columns(currency=info["currency"].gather(flagged["hand"]))
    flagged = flagged.with_columns(uncalled=pl.col("printed_total") - pl.col("total_pot"))
    flagged = flagged.select("hand", _INCONSISTENCIES)
    failing = checked.filter(pl.col("failed"))
    if not failing.height:
        return _NO_FAILURES, flagged
    hands = failing["hand"].to_numpy()
    failing = failing.with_columns(
        line_reason=pl.Series(
            _line_reasons(hands, seat_problem, event_row, event_problem, ev), dtype=pl.String
        ),
    )
    return failing.select("hand", *_HAND_CHECKS), flagged


_NO_FAILURES = pl.DataFrame(
    schema={"hand": pl.Int64, "reason": pl.String, "outcome": pl.String, "idx": pl.Int64}
)


def _other_result(players: pl.DataFrame, result_row: np.ndarray, hands: np.ndarray
                  ) -> pl.DataFrame:  # fmt: skip
    """For each of ``hands``, the first player whose net is not the result the summary
    writes, with both (nulls where none is)."""
    rows = result_row[hands]
    named = players.select(result_player="player", result_written="result", result_net="net")
    if not named.height:
        return pl.DataFrame([None] * hands.size, schema=named.schema, orient="row")
    picked = named.gather(np.maximum(rows, 0))
    return picked.with_columns(pl.when(pl.Series(rows >= 0)).then(pl.all()))


def _over_stack(players: pl.DataFrame, over_row: np.ndarray, hands: np.ndarray) -> pl.DataFrame:
    """For each of ``hands``, the first player who put in more than their stack, with the
    chips put in and the stack (nulls where none did)."""
    rows = over_row[hands]
    named = players.select(over_player="player", over_put_in="put_in", over_stack="stack")
    if not named.height:
        return pl.DataFrame([None] * hands.size, schema=named.schema, orient="row")
    picked = named.gather(np.maximum(rows, 0))
    return picked.with_columns(pl.when(pl.Series(rows >= 0)).then(pl.all()))
