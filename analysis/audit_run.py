"""Run the audit over a DuckDB store: batches of hands to a process pool, results stored.

The main process is the only one touching the database: it numbers the hands still to
audit into batches, reads each batch's four tables, hands them to a worker (Arrow tables
pickle as buffers), and inserts the ``audit_hands`` and ``audit_awards`` rows it gets
back. ``hand_detail`` shows one hand's full replay.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
from numpy.typing import NDArray

from analysis import replay, verify
from analysis.audit import AUDIT_AWARDS, AUDIT_HANDS, AuditResult, audit, prepare, showdown_replays
from ingest import store
from omaha_core.describe import describe_high, describe_low

BATCH_HANDS = 20_000
STREAM_ROWS = 100_000  # rows per record batch streamed from DuckDB
IN_FLIGHT_PER_WORKER = 2
HAND_TABLES = ("hands", "players", "actions", "collections")
# The columns the audit reads: the rest (file names, offsets, times, table names) would only
# cost reading, copying to the workers and back.
AUDIT_COLUMNS = {
    "hands": ("site", "hand_id", "game", "hi_lo", "limit_type", "currency", "big_blind",
              "button_seat", "boards", "total_pot", "rake"),
    "players": ("site", "hand_id", "seat", "player", "stack", "sitting_out", "hole_cards",
                "put_in", "returned", "collected", "cashed_out", "cash_out_fee", "not_awarded",
                "net"),
    "actions": ("site", "hand_id", "seq", "street", "seat", "player", "kind", "amount", "dead",
                "all_in", "cards"),
    "collections": ("site", "hand_id", "seat", "player", "board", "pot", "half", "amount"),
}  # fmt: skip


@dataclass(frozen=True)
class AuditRun:
    """What one run did: hands audited and seconds taken."""

    audited: int
    seconds: float


def ensure_tables(con: duckdb.DuckDBPyConnection) -> None:
    """Create ``audit_hands`` and ``audit_awards`` when missing."""
    con.execute(store.create_table_sql("audit_hands", AUDIT_HANDS))
    con.execute(store.create_table_sql("audit_awards", AUDIT_AWARDS))


def _batch_tables(con: duckdb.DuckDBPyConnection, batches: int) -> Iterator[dict[str, pa.Table]]:
    """Each batch's four tables, in batch order, from one streamed pass over each table.

    Selecting batch by batch would scan every table once per batch (quadratic in the size
    of the database), and sorting whole tables by batch costs more than the audit. So each
    table is joined to the batch numbers once and streamed unsorted (on a cursor of its
    own); rows wait in per-batch buffers, and a batch goes out as soon as every table has
    delivered as many rows for it as a prior count says it has. The join streams close to
    the tables' insertion order, so few batches wait at a time.
    """
    join = "FROM {} x JOIN audit_todo t ON t.site = x.site AND t.hand_id = x.hand_id"
    expected: dict[str, NDArray[np.int64]] = {}
    readers: dict[str, pa.RecordBatchReader] = {}
    for name in HAND_TABLES:
        expected[name] = np.zeros(batches, np.int64)
        for batch, count in con.execute(
            f"SELECT t.batch, count(*) {join.format(name)} GROUP BY t.batch"
        ).fetchall():
            expected[name][batch] = count
        columns = ", ".join(f"x.{column}" for column in AUDIT_COLUMNS[name])
        readers[name] = con.cursor().sql(
            f"SELECT {columns}, t.batch AS _batch {join.format(name)}"
        ).to_arrow_reader(STREAM_ROWS)
    schemas = {name: reader.schema.remove(reader.schema.get_field_index("_batch"))
               for name, reader in readers.items()}
    waiting: dict[str, dict[int, list[pa.RecordBatch]]] = {name: {} for name in HAND_TABLES}
    arrived = {name: np.zeros(batches, np.int64) for name in HAND_TABLES}
    for batch in range(batches):
        for name in HAND_TABLES:
            while arrived[name][batch] < expected[name][batch]:
                _route(readers[name].read_next_batch(), waiting[name], arrived[name])
        yield {name: pa.Table.from_batches(waiting[name].pop(batch, []), schemas[name])
               for name in HAND_TABLES}


def _route(
    chunk: pa.RecordBatch, waiting: dict[int, list[pa.RecordBatch]], arrived: NDArray[np.int64]
) -> None:
    """File a streamed chunk's rows under their batch numbers (row order kept)."""
    numbers = chunk.column("_batch").to_numpy()
    order = np.argsort(numbers, kind="stable")
    rows = chunk.drop_columns(["_batch"]).take(order)
    present, counts = np.unique(numbers, return_counts=True)
    start = 0
    for batch, count in zip(present.tolist(), counts.tolist(), strict=True):
        waiting.setdefault(batch, []).append(rows.slice(start, count))
        arrived[batch] += count
        start += count


def audit_tables(tables: dict[str, pa.Table]) -> AuditResult:
    """The audit of one batch (the worker's entry point)."""
    return audit(*(tables[name] for name in HAND_TABLES))


def run_audit(
    db_path: str | Path,
    redo: bool = False,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch_hands: int = BATCH_HANDS,
) -> AuditRun:
    """Audit every hand not audited yet (all of them with ``redo``) and store the rows."""
    began = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    con = store.connect(db_path)
    try:
        ensure_tables(con)
        if redo:
            con.execute("DELETE FROM audit_hands")
            con.execute("DELETE FROM audit_awards")
        # A plain table, not TEMP: the streaming cursors are connections of their own.
        # Batches follow the hands' storage order, which the child tables share closely,
        # so that the streamed joins complete batches one after another.
        con.execute(
            "CREATE OR REPLACE TABLE audit_todo AS SELECT site, hand_id, "
            "(row_number() OVER (ORDER BY h.rowid) - 1) // ? AS batch FROM hands h "
            "WHERE NOT EXISTS (SELECT 1 FROM audit_hands a "
            "WHERE a.site = h.site AND a.hand_id = h.hand_id)",
            [batch_hands],
        )
        sql = "SELECT count(*), coalesce(max(batch) + 1, 0) FROM audit_todo"
        rows = con.execute(sql).fetchall()
        total, batches = int(rows[0][0]), int(rows[0][1])
        done = 0
        for result in _results(_batch_tables(con, batches), batches, workers):
            _store(con, result)
            done += result.audit_hands.num_rows
            if progress is not None:
                progress(done, total)
        return AuditRun(done, time.perf_counter() - began)
    finally:
        con.execute("DROP TABLE IF EXISTS audit_todo")
        con.close()


def _results(
    tables: Iterator[dict[str, pa.Table]], batches: int, workers: int
) -> Iterator[AuditResult]:
    """Each batch's audit, in batch order, with a bounded number of batches in flight."""
    # a worker costs a second or two to start: not worth it for one round of batches
    if workers <= 1 or batches <= workers:
        for batch in tables:
            yield audit_tables(batch)
        return
    # Not plain fork: a child forked from this process inherits its polars and DuckDB
    # thread pools in whatever locked state they were, and can hang on its first query.
    # The fork server is a fresh process that only imported the audit, so forking from it
    # is safe and skips the imports a spawned worker would repeat.
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["analysis.audit"])
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        pending: deque[Future[AuditResult]] = deque()
        for batch in tables:
            pending.append(pool.submit(audit_tables, batch))
            if len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()


def _store(con: duckdb.DuckDBPyConnection, result: AuditResult) -> None:
    con.register("batch_audit_hands", result.audit_hands)
    con.register("batch_audit_awards", result.audit_awards)
    try:
        con.execute("INSERT INTO audit_hands SELECT * FROM batch_audit_hands")
        con.execute("INSERT INTO audit_awards SELECT * FROM batch_audit_awards")
    finally:
        con.unregister("batch_audit_hands")
        con.unregister("batch_audit_awards")


def summary_tables(con: duckdb.DuckDBPyConnection, only_problems: bool) -> dict[str, pa.Table]:
    """Hands by status, by game and status, and the problem hands with their reason."""
    by_status = con.sql(
        "SELECT status, count(*) AS hands FROM audit_hands GROUP BY status ORDER BY hands DESC"
    ).to_arrow_table()
    by_game = con.sql(
        "SELECT game, limit_type, count(*) AS hands, count(*) FILTER (status = 'ok') AS ok, "
        "count(*) FILTER (status <> 'ok') AS problems FROM audit_hands "
        "GROUP BY game, limit_type ORDER BY game, limit_type"
    ).to_arrow_table()
    problems = con.sql(
        "SELECT site, hand_id, status, reason FROM audit_hands WHERE status <> 'ok' "
        "ORDER BY status, site, hand_id"
    ).to_arrow_table()
    if only_problems:
        return {"problems": problems}
    return {"by_status": by_status, "by_game": by_game, "problems": problems}


def hand_detail(con: duckdb.DuckDBPyConnection, hand_id: str) -> str:
    """One hand's full replay: pots and eligible players, each board's winners, awards."""
    tables: dict[str, pa.Table] = {
        name: con.sql(f"SELECT * FROM {name} WHERE hand_id = ?", params=[hand_id]).to_arrow_table()
        for name in HAND_TABLES
    }
    if not tables["hands"].num_rows:
        raise store.StoreError(f"no hand {hand_id} in the database")
    result = audit_tables(tables)
    hand = tables["hands"].to_pylist()[0]
    status = result.audit_hands.to_pylist()[0]
    unit = 1 if hand["currency"] in ("chips", "play") else 100
    names = {row["seat"]: row["player"] for row in tables["players"].to_pylist()}
    lines = [
        f"{hand['site']} hand {hand_id}: {hand['game']} {hand['limit_type']}, "
        f"total pot {replay.format_money(hand['total_pot'], unit)}, "
        f"rake {replay.format_money(hand['rake'], unit)}",
        f"status: {status['status']}" + (f" ({status['reason']})" if status["reason"] else ""),
    ]
    lines += [f"  also: {text}" for text in status["problems"][1:]]
    if status["notes"]:
        lines.append(f"note: {status['notes']}")
    replays = showdown_replays(prepare(*(tables[name] for name in HAND_TABLES)))
    if replays:
        lines += _showdown_lines(replays[0], hand["boards"], names, unit)
    else:
        lines.append("no showdown: the last player in takes the pot")
    lines.append("awards (expected vs history):")
    for row in result.audit_awards.to_pylist():
        where = verify.where_text(row["board"], row["pot"], row["half"], len(hand["boards"]))
        expected = "?" if row["expected"] is None else replay.format_money(row["expected"], unit)
        flag = {True: "ok", False: "DIFFERS", None: "unchecked"}[row["ok"]]
        lines.append(
            f"  {where}: {row['player']} expected {expected}, "
            f"history {replay.format_money(row['reported'], unit)}  {flag}"
        )
    return "\n".join(lines) + "\n"


def _showdown_lines(
    hand: verify.HandReplay, boards: list[str], names: dict[int, str], unit: int
) -> list[str]:
    lines: list[str] = []
    try:
        split = verify.split_hand(hand)
    except ValueError as exc:
        return [f"pots cannot be built: {exc}"]
    for index, (pot, gross) in enumerate(zip(split.pots, split.gross, strict=True)):
        seats = ", ".join(names.get(seat, str(seat)) for seat in pot.eligible)
        lines.append(
            f"{verify.where_text(1, index, 'whole', 1)} {replay.format_money(gross.amount, unit)}"
            f", rake {replay.format_money(gross.amount - pot.amount, unit)}, to share "
            f"{replay.format_money(pot.amount, unit)}; eligible: {seats}"
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
        f"{names.get(award.seat, str(award.seat))} {replay.format_money(award.amount, unit)}"
        for award in split.awards
    ]
    return lines
