"""Run the audit over a DuckDB store: batches of hands to a process pool, results stored.

The main process numbers the hands still to audit into batches of consecutive hands and
finds each batch's rowid range in every table, then lets go of the database: each worker
opens it read-only, reads its batches' rows by those ranges, and writes the audit rows to
Parquet files, so that no hand rows pass through the main process and none are held
there. The main process then inserts the files into ``audit_hands`` and ``audit_awards``.
``hand_detail`` shows one hand's full replay.
"""

from __future__ import annotations

import functools
import multiprocessing
import multiprocessing.forkserver
import os
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from analysis import verify
from analysis.audit import (
    AUDIT_AWARDS,
    AUDIT_HANDS,
    STATUSES,
    AuditResult,
    audit,
    prepare,
    showdown_replays,
)
from ingest import store
from ingest.money import show_money
from omaha_core.describe import describe_high, describe_low

BATCH_HANDS = 10_000  # a worker holds about 14 MB of audit data per 1,000 hands
IN_FLIGHT_PER_WORKER = 2
# A worker's DuckDB only reads a few row ranges at a time: a small cache is enough.
WORKER_MEMORY_LIMIT = "128MB"
HAND_TABLES = ("hands", "players", "actions", "collections")
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
                "all_in", "cards"),
    "collections": ("site", "hand_id", "seat", "player", "board", "pot", "half", "amount"),
}  # fmt: skip


@dataclass(frozen=True)
class AuditRun:
    """What one run did: hands audited and seconds taken."""

    audited: int
    seconds: float


@dataclass(frozen=True)
class _Span:
    """Where one batch's rows of one table lie: a rowid range, and whether it holds only them."""

    first: int
    last: int
    exact: bool


@dataclass(frozen=True)
class _Job:
    """One batch for a worker: where its rows are, and where its audit rows go."""

    db_path: str
    batch: int
    spans: dict[str, _Span | None]
    folder: str


def ensure_tables(con: duckdb.DuckDBPyConnection) -> None:
    """Create ``audit_hands`` and ``audit_awards`` when missing. An audit stored by an
    earlier version with other columns is dropped, to be made again."""
    for name, schema in (("audit_hands", AUDIT_HANDS), ("audit_awards", AUDIT_AWARDS)):
        found = con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
            "ORDER BY ordinal_position", [name]
        ).fetchall()
        if found and [row[0] for row in found] != schema.names:
            con.execute("DROP TABLE IF EXISTS audit_hands")
            con.execute("DROP TABLE IF EXISTS audit_awards")
    con.execute(store.create_table_sql("audit_hands", AUDIT_HANDS))
    con.execute(store.create_table_sql("audit_awards", AUDIT_AWARDS))


def _spans(con: duckdb.DuckDBPyConnection, name: str, batches: int) -> list[_Span | None]:
    """Each batch's rowid range in table ``name`` (None: the batch has no rows there).

    The import stores a hand's rows of every table in the hands' order, so a batch of
    consecutive hands is a run of consecutive rows in each table: a rowid range, which
    DuckDB reads without scanning the rest.
    """
    spans: list[_Span | None] = [None] * batches
    for batch, first, last, count in con.execute(
        f"SELECT t.batch, min(x.rowid), max(x.rowid), count(*) FROM {name} x "
        f"JOIN audit_todo t ON t.site = x.site AND t.hand_id = x.hand_id GROUP BY t.batch"
    ).fetchall():
        spans[batch] = _Span(first, last, count == last - first + 1)
    return spans


def _batch_tables(
    con: duckdb.DuckDBPyConnection, batch: int, spans: dict[str, _Span | None]
) -> dict[str, pa.Table]:
    """One batch's four tables, each read by its rowid range in storage order."""
    return {name: _span_rows(con, name, batch, spans[name]) for name in HAND_TABLES}


def _span_rows(
    con: duckdb.DuckDBPyConnection, name: str, batch: int, span: _Span | None
) -> pa.Table:
    """The batch's rows of one table; where the range also holds rows of other hands
    (hands audited before, or stored out of order), a join picks them out."""
    columns = ", ".join(f"x.{column}" for column in AUDIT_COLUMNS[name])
    if span is None:
        return con.sql(f"SELECT {columns} FROM {name} x WHERE false").to_arrow_table()
    if span.exact:
        sql = f"SELECT {columns} FROM {name} x WHERE x.rowid BETWEEN ? AND ?"
        return con.sql(sql, params=[span.first, span.last]).to_arrow_table()
    sql = (
        f"SELECT {columns} FROM {name} x "
        "JOIN audit_todo t ON t.site = x.site AND t.hand_id = x.hand_id "
        "WHERE x.rowid BETWEEN ? AND ? AND t.batch = ? ORDER BY x.rowid"
    )
    return con.sql(sql, params=[span.first, span.last, batch]).to_arrow_table()


def audit_tables(tables: dict[str, pa.Table]) -> AuditResult:
    """The audit of one batch of hands."""
    return audit(*(tables[name] for name in HAND_TABLES))


@functools.cache
def _reader(db_path: str) -> duckdb.DuckDBPyConnection:
    """The worker's read-only connection, opened once per process; one thread, as every
    core runs a worker."""
    return store.connect(db_path, read_only=True, threads=1, memory_limit=WORKER_MEMORY_LIMIT)


def audit_job(job: _Job) -> int:
    """Audit one batch in a worker, write its rows to Parquet, return its hand count."""
    result = audit_tables(_batch_tables(_reader(job.db_path), job.batch, job.spans))
    for name, table in (("hands", result.audit_hands), ("awards", result.audit_awards)):
        pq.write_table(table, Path(job.folder) / f"{name}-{job.batch:09d}.parquet")
    hands: int = result.audit_hands.num_rows
    return hands


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
        with closing(con):
            ensure_tables(con)
            if redo:
                con.execute("DELETE FROM audit_hands")
                con.execute("DELETE FROM audit_awards")
            # A plain table, not TEMP: the workers read it through connections of their own.
            con.execute(
                "CREATE OR REPLACE TABLE audit_todo AS SELECT site, hand_id, "
                "(row_number() OVER (ORDER BY h.rowid) - 1) // ? AS batch FROM hands h "
                "WHERE NOT EXISTS (SELECT 1 FROM audit_hands a "
                "WHERE a.site = h.site AND a.hand_id = h.hand_id)",
                [batch_hands],
            )
            rows = con.execute("SELECT count(*), coalesce(max(batch) + 1, 0) FROM audit_todo")
            total, batches = (int(value) for value in rows.fetchall()[0])
            # a worker costs a second or two to start: not worth it for one round of batches
            pooled = workers > 1 and batches > workers
            if pooled:
                _start_fork_server()
            by_table = {name: _spans(con, name, batches) for name in HAND_TABLES}
        spans = [{name: by_table[name][batch] for name in HAND_TABLES} for batch in range(batches)]
        if not pooled:
            done = _audit_here(db_path, spans, total, progress)
        else:
            done = _audit_in_pool(str(db_path), spans, workers, total, progress)
        return AuditRun(done, time.perf_counter() - began)
    finally:
        with closing(store.connect(db_path)) as con:
            con.execute("DROP TABLE IF EXISTS audit_todo")


def _audit_here(
    db_path: str | Path,
    spans: list[dict[str, _Span | None]],
    total: int,
    progress: Callable[[int, int], None] | None,
) -> int:
    """Audit the batches in this process, storing each batch's rows as it is done."""
    done = 0
    with closing(store.connect(db_path)) as con:
        for batch, batch_spans in enumerate(spans):
            result = audit_tables(_batch_tables(con, batch, batch_spans))
            _store(con, result)
            done += result.audit_hands.num_rows
            if progress is not None:
                progress(done, total)
    return done


def _audit_in_pool(
    db_path: str,
    spans: list[dict[str, _Span | None]],
    workers: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> int:
    """Audit the batches in worker processes, then insert the Parquet files they wrote."""
    # The files go next to the database, whose disk is sized for it, not to a small /tmp.
    with tempfile.TemporaryDirectory(prefix=".audit-", dir=Path(db_path).parent) as folder:
        done = 0
        jobs = (
            _Job(db_path, batch, batch_spans, folder) for batch, batch_spans in enumerate(spans)
        )
        for count in _pooled(jobs, workers):
            done += count
            if progress is not None:
                progress(done, total)
        with closing(store.connect(db_path)) as con:
            for name in ("hands", "awards"):
                files = sorted(str(path) for path in Path(folder).glob(f"{name}-*.parquet"))
                if files:
                    con.execute(f"INSERT INTO audit_{name} SELECT * FROM read_parquet(?)", [files])
    return done


def _start_fork_server() -> None:
    """Start the fork server the workers come from, without waiting for it.

    Not plain fork: a child forked from this process inherits its polars and DuckDB thread
    pools in whatever locked state they were, and can hang on its first query. The fork
    server is a fresh process that only imports the audit, so forking from it is safe and
    skips the imports a spawned worker would repeat; it imports (a second or two) while
    this process finds the batches' row ranges.
    """
    multiprocessing.get_context("forkserver").set_forkserver_preload(["analysis.audit_run"])
    multiprocessing.forkserver.ensure_running()


def _pooled(jobs: Iterator[_Job], workers: int) -> Iterator[int]:
    """Each job's hand count, in job order, with a bounded number of jobs in flight."""
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        pending: deque[Future[int]] = deque()
        for job in jobs:
            pending.append(pool.submit(audit_job, job))
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
    row = con.execute("SELECT count(*) FROM audit_hands WHERE inconsistent").fetchone()
    return int(row[0]) if row else 0


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
