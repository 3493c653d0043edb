"""The audit over a DuckDB store, in batches (:mod:`analysis.batches`): rows stored in
``audit_hands`` and ``audit_awards``, a summary per room and game, and one hand's full
replay (``hand_detail``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow as pa

from analysis.audit import verify
from analysis.audit.core import (
    AUDIT_AWARDS,
    AUDIT_HANDS,
    STATUSES,
    audit,
    prepare,
    showdown_replays,
)
from analysis.batches import BATCH_HANDS, HAND_TABLES, Run, Stage, run_stage
from ingest import store
from ingest.money import show_money
from omaha_core.describe import describe_high, describe_low

# The columns the audit reads: the rest (file names, offsets, times, table names) would only
# cost reading and converting.
AUDIT_COLUMNS = {
    "hands": ("site", "hand_id", "game", "hi_lo", "limit_type", "currency", "small_blind",
              "big_blind",
              "button_seat", "boards", "total_pot", "rake", "jackpot_fee", "tax",
              "room_money_in", "room", "units_per_currency", "inconsistencies",
              "uncalled_inferred"),
    "players": ("site", "hand_id", "seat", "player", "stack", "sitting_out", "hole_cards",
                "put_in", "returned", "collected", "cashed_out", "cash_out_fee", "not_awarded",
                "insurance", "net"),
    "actions": ("site", "hand_id", "seq", "street", "seat", "player", "kind", "amount", "dead",
                "all_in", "cards", "board"),
    "collections": ("site", "hand_id", "seat", "player", "board", "pot", "half", "amount"),
}  # fmt: skip


def audit_tables(tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """The audit of one batch of hands, by output table."""
    result = audit(*(tables[name] for name in HAND_TABLES))
    return {"audit_hands": result.audit_hands, "audit_awards": result.audit_awards}


AUDIT = Stage("audit", AUDIT_COLUMNS, {"audit_hands": AUDIT_HANDS, "audit_awards": AUDIT_AWARDS},
              "audit_hands", audit_tables)  # fmt: skip


def run_audit(
    db_path: str | Path,
    redo: bool = False,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch_hands: int = BATCH_HANDS,
    owner: duckdb.DuckDBPyConnection | None = None,
) -> Run:
    """Audit every hand not audited yet (all of them with ``redo``) and store the rows."""
    return run_stage(AUDIT, db_path, redo, workers, progress, batch_hands, owner)


def summary_tables(con: duckdb.DuckDBPyConnection, only_problems: bool) -> dict[str, pa.Table]:
    """Hands by room and status (with how many were inconsistent as printed), by game and
    status, and the problem hands with their reason."""
    per_status = ", ".join(
        f"count(*) FILTER (status = '{status}') AS {status}" for status in STATUSES
    )
    by_room = con.sql(
        f"SELECT room, count(*) AS hands, {per_status}, "
        "count(*) FILTER (inconsistent) AS inconsistent_as_printed "
        "FROM audit_hands GROUP BY room ORDER BY room"
    ).to_arrow_table()
    by_game = con.sql(
        "SELECT game, limit_type, count(*) AS hands, count(*) FILTER (status = 'ok') AS ok, "
        "count(*) FILTER (status <> 'ok') AS problems FROM audit_hands "
        "GROUP BY game, limit_type ORDER BY game, limit_type"
    ).to_arrow_table()
    problems = con.sql(
        "SELECT site, room, hand_id, status, reason FROM audit_hands WHERE status <> 'ok' "
        "ORDER BY status, site, hand_id"
    ).to_arrow_table()
    if only_problems:
        return {"problems": problems}
    return {"by_room": by_room, "by_game": by_game, "problems": problems}


def inconsistent_hands(con: duckdb.DuckDBPyConnection) -> int:
    """How many audited hands were inconsistent as printed."""
    [(count,)] = con.execute("SELECT count(*) FROM audit_hands WHERE inconsistent").fetchall()
    return int(count)


def hand_detail(con: duckdb.DuckDBPyConnection, hand_id: str) -> str:
    """One hand's full replay: pots and eligible players, each board's winners, awards."""
    tables: dict[str, pa.Table] = {
        name: con.sql(f"SELECT * FROM {name} WHERE hand_id = ?", params=[hand_id]).to_arrow_table()
        for name in HAND_TABLES
    }
    if not tables["hands"].num_rows:
        raise store.StoreError(f"no hand {hand_id} in the database")
    result = audit(*(tables[name] for name in HAND_TABLES))
    hand = tables["hands"].to_pylist()[0]
    status = result.audit_hands.to_pylist()[0]
    currency = hand["currency"]
    names = {row["seat"]: row["player"] for row in tables["players"].to_pylist()}
    lines = [
        f"{hand['site']} hand {hand_id}: {hand['game']} {hand['limit_type']}, "
        f"total pot {show_money(hand['total_pot'], currency)}, "
        f"rake {show_money(hand['rake'], currency)}",
        f"status: {status['status']}" + (f" ({status['reason']})" if status["reason"] else ""),
    ]
    lines += [f"  also: {text}" for text in status["problems"][1:]]
    if status["notes"]:
        lines.append(f"note: {status['notes']}")
    replays = showdown_replays(prepare(*(tables[name] for name in HAND_TABLES)))
    if replays:
        lines += _showdown_lines(replays[0], hand["boards"], names, currency)
    else:
        lines.append("no showdown: the last player in takes the pot")
    lines.append("awards (expected vs history):")
    for row in result.audit_awards.to_pylist():
        where = verify.where_text(row["board"], row["pot"], row["half"], len(hand["boards"]))
        expected = "?" if row["expected"] is None else show_money(row["expected"], currency)
        flag = {True: "ok", False: "DIFFERS", None: "unchecked"}[row["ok"]]
        lines.append(
            f"  {where}: {row['player']} expected {expected}, "
            f"history {show_money(row['reported'], currency)}  {flag}"
        )
    return "\n".join(lines) + "\n"


def _showdown_lines(
    hand: verify.HandReplay, boards: list[str], names: dict[int, str], currency: str
) -> list[str]:
    lines: list[str] = []
    try:
        split = verify.split_hand(hand)
    except ValueError as exc:
        return [f"pots cannot be built: {exc}"]
    for index, (pot, gross) in enumerate(zip(split.pots, split.gross, strict=True)):
        seats = ", ".join(names.get(seat, str(seat)) for seat in pot.eligible)
        lines.append(
            f"{verify.where_text(1, index, 'whole', 1)} {show_money(gross.amount, currency)}"
            f", rake {show_money(gross.amount - pot.amount, currency)}, to share "
            f"{show_money(pot.amount, currency)}; eligible: {seats}"
        )
    for board_no, (hi, lo) in enumerate(zip(hand.hi, hand.lo, strict=True), start=1):
        cards = boards[board_no - 1] if board_no <= len(boards) else ""
        lines.append(f"board {board_no} [{cards}]")
        for seat in sorted(hi):
            low = f"; low {describe_low(lo[seat])}" if hand.hi_lo else ""
            lines.append(f"  {names.get(seat, seat)}: high {describe_high(hi[seat])}{low}")
    lines += [f"unchecked: {text}" for text in split.unverifiable]
    lines.append("winners:")
    lines += [
        f"  {verify.where_text(award.board, award.pot, award.half.value, len(hand.hi))}: "
        f"{names.get(award.seat, str(award.seat))} {show_money(award.amount, currency)}"
        for award in split.awards
    ]
    return lines
