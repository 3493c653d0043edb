"""Run a stage of analysis over a DuckDB store: batches of hands to a process pool, the
results stored.

The main process numbers the hands the stage has not done yet into batches of
consecutive hands and finds each batch's rowid range in every table, then lets go of the
database: each worker opens it read-only, reads its batches' rows by those ranges, and
writes the stage's rows to Parquet files, so that no hand rows pass through the main
process and none are held there. The main process then inserts the files into the stage's
tables, in one transaction. The audit (:mod:`analysis.audit.stage`) and the all-in equities
(:mod:`analysis.allin.stage`) are such stages.

A stage's rows of a hand are stored together or not at all: a run in one process stores
each batch in a transaction of its own, a run in a pool stores all its batches in one, and
a run that redoes every hand removes the rows stored before in the transaction of its
first rows. Ctrl-C (KeyboardInterrupt) therefore keeps exactly the batches committed; the
workers leave Ctrl-C to the main process, which stops them.
"""

from __future__ import annotations

import functools
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from ingest import store
from ingest.paused import collection_paused

BATCH_HANDS = 10_000  # a worker holds about 14 MB of audit data per 1,000 hands
IN_FLIGHT_PER_WORKER = 2
# A worker's DuckDB only reads a few row ranges at a time: a small cache is enough.
WORKER_MEMORY_LIMIT = "128MB"
HAND_TABLES = ("hands", "players", "actions", "collections")
Columns = dict[str, tuple[str, ...]]


@dataclass(frozen=True)
class Stage:
    """What a run computes. ``compute`` (a module-level function, so that workers can be
    sent it) turns one batch's hand tables, of ``columns``, into rows of the ``outputs``
    tables (their schemas by name); ``done`` names the table whose (site, hand_id) are the
    hands already done."""

    name: str
    columns: Columns
    outputs: dict[str, pa.Schema]
    done: str
    compute: Callable[[dict[str, pa.Table]], dict[str, pa.Table]]

    @property
    def todo(self) -> str:
        return f"{self.name}_todo"


@dataclass(frozen=True)
class Run:
    """What one run did: hands handled and seconds taken, the rows it stored per output
    table, and the seconds of each step: finding the hands to do (and their rows' ranges),
    computing them, storing the rows."""

    hands: int
    seconds: float
    rows: dict[str, int] = field(default_factory=dict)
    finding: float = 0.0
    computing: float = 0.0
    storing: float = 0.0


@dataclass(frozen=True)
class _Span:
    """Where one batch's rows of one table lie: a rowid range, and whether it holds only them."""

    first: int
    last: int
    exact: bool


@dataclass(frozen=True)
class _Job:
    """One batch for a worker: the stage, where its rows are, and where its rows go."""

    stage: Stage
    db_path: str
    batch: int
    spans: dict[str, _Span | None]
    folder: str


def _ensure_tables(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Schema]) -> None:
    """Create a stage's ``tables`` when missing. Tables written by an earlier version with
    other columns are all dropped, for the stage to make again."""
    stale = False
    for name, schema in tables.items():
        found = con.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
            "ORDER BY ordinal_position", [name]
        ).fetchall()
        stale |= bool(found) and [row[0] for row in found] != schema.names
    for name, schema in tables.items():
        if stale:
            con.execute(f"DROP TABLE IF EXISTS {name}")
        con.execute(store.create_table_sql(name, schema))


def _spans(
    con: duckdb.DuckDBPyConnection, todo: str, name: str, batches: int
) -> list[_Span | None]:
    """Each batch's rowid range in table ``name`` (None: the batch has no rows there).

    The import stores a hand's rows of every table in the hands' order, so a batch of
    consecutive hands is a run of consecutive rows in each table: a rowid range, which
    DuckDB reads without scanning the rest.
    """
    spans: list[_Span | None] = [None] * batches
    for batch, first, last, count in con.execute(
        f"SELECT t.batch, min(x.rowid), max(x.rowid), count(*) FROM {name} x "
        f"JOIN {todo} t ON t.site = x.site AND t.hand_id = x.hand_id GROUP BY t.batch"
    ).fetchall():
        spans[batch] = _Span(first, last, count == last - first + 1)
    return spans


def batch_tables(
    con: duckdb.DuckDBPyConnection, stage: Stage, batch: int, spans: dict[str, _Span | None]
) -> dict[str, pa.Table]:
    """One batch's hand tables, each read by its rowid range in storage order."""
    return {name: _span_rows(con, stage, name, batch, spans[name]) for name in HAND_TABLES}


def _span_rows(
    con: duckdb.DuckDBPyConnection, stage: Stage, name: str, batch: int, span: _Span | None
) -> pa.Table:
    """The batch's rows of one table; where the range also holds rows of other hands
    (hands done before, or stored out of order), a join picks them out."""
    columns = ", ".join(f"x.{column}" for column in stage.columns[name])
    if span is None:
        return con.sql(f"SELECT {columns} FROM {name} x WHERE false").to_arrow_table()
    if span.exact:
        sql = f"SELECT {columns} FROM {name} x WHERE x.rowid BETWEEN ? AND ?"
        return con.sql(sql, params=[span.first, span.last]).to_arrow_table()
    sql = (
        f"SELECT {columns} FROM {name} x "
        f"JOIN {stage.todo} t ON t.site = x.site AND t.hand_id = x.hand_id "
        "WHERE x.rowid BETWEEN ? AND ? AND t.batch = ? ORDER BY x.rowid"
    )
    return con.sql(sql, params=[span.first, span.last, batch]).to_arrow_table()


@functools.cache
def _reader(db_path: str) -> duckdb.DuckDBPyConnection:
    """The worker's read-only connection, opened once per process; one thread, as every
    core runs a worker."""
    return store.connect(db_path, read_only=True, threads=1, memory_limit=WORKER_MEMORY_LIMIT)


def batch_job(job: _Job) -> int:
    """Compute one batch in a worker, write its rows to Parquet, return its hand count."""
    tables = batch_tables(_reader(job.db_path), job.stage, job.batch, job.spans)
    for name, table in _compute(job.stage, tables).items():
        pq.write_table(table, Path(job.folder) / f"{name}-{job.batch:09d}.parquet")
    hands: int = tables["hands"].num_rows
    return hands


def _compute(stage: Stage, tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """One batch's rows, with no cyclic collection: a batch's many small objects (pots,
    fractions, rows) hold no cycles, and a collection would walk them for nothing."""
    with collection_paused():
        return stage.compute(tables)


def run_stage(
    stage: Stage,
    db_path: str | Path,
    redo: bool = False,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch_hands: int = BATCH_HANDS,
    owner: duckdb.DuckDBPyConnection | None = None,
) -> Run:
    """Compute every hand the stage has not done yet (all of them with ``redo``) and store
    the rows. ``owner``: the connection of a process that holds the database open for
    writing (``omaha serve``), which no worker process could open: the stage then runs in
    this process, on cursors of it."""
    began = time.perf_counter()
    workers = workers or os.cpu_count() or 1
    not_done = "" if redo else (
        f"WHERE NOT EXISTS (SELECT 1 FROM {stage.done} d "
        "WHERE d.site = h.site AND d.hand_id = h.hand_id)"
    )  # fmt: skip
    con = _connect(db_path, owner)
    try:
        with closing(con):
            _ensure_tables(con, stage.outputs)
            # A plain table, not TEMP: the workers read it through connections of their own.
            con.execute(
                f"CREATE OR REPLACE TABLE {stage.todo} AS SELECT site, hand_id, "
                "(row_number() OVER (ORDER BY h.rowid) - 1) // ? AS batch FROM hands h "
                f"{not_done}",
                [batch_hands],
            )
            rows = con.execute(f"SELECT count(*), coalesce(max(batch) + 1, 0) FROM {stage.todo}")
            total, batches = (int(value) for value in rows.fetchall()[0])
            # a worker costs a second or two to start: not worth it for one round of batches
            pooled = owner is None and workers > 1 and batches > workers
            if pooled:
                _start_fork_server(stage)
            by_table = {name: _spans(con, stage.todo, name, batches) for name in HAND_TABLES}
        spans = [{name: by_table[name][batch] for name in HAND_TABLES} for batch in range(batches)]
        found = time.perf_counter()
        if not pooled:
            done, stored = _run_here(stage, db_path, spans, total, progress, redo, owner)
        else:
            done, stored = _run_in_pool(stage, str(db_path), spans, workers, total, progress,
                                        redo)  # fmt: skip
        ended = time.perf_counter()
        return Run(done, ended - began, stored.rows, found - began,
                   ended - found - stored.seconds, stored.seconds)  # fmt: skip
    finally:
        with closing(_connect(db_path, owner)) as con:
            con.execute(f"DROP TABLE IF EXISTS {stage.todo}")


def _connect(
    db_path: str | Path, owner: duckdb.DuckDBPyConnection | None
) -> duckdb.DuckDBPyConnection:
    """A writable connection to the store: a cursor of ``owner`` when a connection holds it."""
    return owner.cursor() if owner is not None else store.connect(db_path)


@dataclass
class _Stored:
    """The rows stored per output table, and the seconds storing took."""

    rows: dict[str, int]
    seconds: float = 0.0


def _run_here(
    stage: Stage,
    db_path: str | Path,
    spans: list[dict[str, _Span | None]],
    total: int,
    progress: Callable[[int, int], None] | None,
    redo: bool,
    owner: duckdb.DuckDBPyConnection | None = None,
) -> tuple[int, _Stored]:
    """Compute the batches in this process, storing each batch's rows as it is done, in a
    transaction of its own (the first one removing the rows stored before, with ``redo``)."""
    done = 0
    stored = _Stored(dict.fromkeys(stage.outputs, 0))
    with closing(_connect(db_path, owner)) as con:
        if redo and not spans:
            with store.transaction(con):
                _clear(con, stage)
        for batch, batch_spans in enumerate(spans):
            tables = batch_tables(con, stage, batch, batch_spans)
            computed = _compute(stage, tables)
            began = time.perf_counter()
            with store.transaction(con):
                if redo and batch == 0:
                    _clear(con, stage)
                for name, count in _store(con, computed).items():
                    stored.rows[name] += count
            stored.seconds += time.perf_counter() - began
            done += tables["hands"].num_rows
            if progress is not None:
                progress(done, total)
    return done, stored


def _clear(con: duckdb.DuckDBPyConnection, stage: Stage) -> None:
    """Remove every row the stage stored (``redo``)."""
    for name in stage.outputs:
        con.execute(f"DELETE FROM {name}")


def _run_in_pool(
    stage: Stage,
    db_path: str,
    spans: list[dict[str, _Span | None]],
    workers: int,
    total: int,
    progress: Callable[[int, int], None] | None,
    redo: bool,
) -> tuple[int, _Stored]:
    """Compute the batches in worker processes, then insert the Parquet files they wrote,
    in one transaction (which first removes the rows stored before, with ``redo``)."""
    stored = _Stored(dict.fromkeys(stage.outputs, 0))
    # The files go next to the database, whose disk is sized for it, not to a small /tmp.
    with tempfile.TemporaryDirectory(prefix=f".{stage.name}-", dir=Path(db_path).parent) as folder:
        done = 0
        jobs = (
            _Job(stage, db_path, batch, batch_spans, folder)
            for batch, batch_spans in enumerate(spans)
        )
        for count in _pooled(stage, jobs, workers):
            done += count
            if progress is not None:
                progress(done, total)
        began = time.perf_counter()
        with closing(store.connect(db_path)) as con, store.transaction(con):
            if redo:
                _clear(con, stage)
            for name in stage.outputs:
                files = sorted(str(path) for path in Path(folder).glob(f"{name}-*.parquet"))
                if files:
                    inserted = con.execute(
                        f"INSERT INTO {name} SELECT * FROM read_parquet(?)", [files]
                    ).fetchall()
                    stored.rows[name] = int(inserted[0][0])
        stored.seconds = time.perf_counter() - began
    return done, stored


def _start_fork_server(stage: Stage) -> None:
    """Start the fork server the workers come from, without waiting for it.

    Not plain fork: a child forked from this process inherits its polars and DuckDB thread
    pools in whatever locked state they were, and can hang on its first query. The fork
    server is a fresh process that only imports the stage's module, so forking from it is
    safe and skips the imports a spawned worker would repeat; it imports (a second or two)
    while this process finds the batches' row ranges.
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([stage.compute.__module__])
    multiprocessing.forkserver.ensure_running()


def _leave_ctrl_c_to_the_main_process() -> None:
    """A worker's initializer: Ctrl-C in a terminal reaches every process of the command,
    and the main process stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _pooled(stage: Stage, jobs: Iterator[_Job], workers: int) -> Iterator[int]:
    """Each job's hand count, in job order, with a bounded number of jobs in flight. When
    the run stops early (Ctrl-C, a job failing), the jobs not started are cancelled and the
    workers stopped, without waiting for the batches they are computing."""
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(workers, mp_context=context,
                             initializer=_leave_ctrl_c_to_the_main_process) as pool:  # fmt: skip
        try:
            pending: deque[Future[int]] = deque()
            for job in jobs:
                pending.append(pool.submit(batch_job, job))
                if len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        except BaseException:
            _stop_workers(pool)
            raise


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel the pool's jobs not started and end its workers (and with them their
    read-only connections, so that the main process can write the database again)."""
    workers = list((pool._processes or {}).values())
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join()
    pool.shutdown(wait=True, cancel_futures=True)


def _store(con: duckdb.DuckDBPyConnection, rows: dict[str, pa.Table]) -> dict[str, int]:
    """Insert one batch's rows into the stage's tables; the rows inserted per table."""
    for name, table in rows.items():
        con.register(f"batch_{name}", table)
        try:
            con.execute(f"INSERT INTO {name} SELECT * FROM batch_{name}")
        finally:
            con.unregister(f"batch_{name}")
    return {name: table.num_rows for name, table in rows.items()}
