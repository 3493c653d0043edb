"""The DuckDB store: one connection factory, tables derived from the Arrow schemas, batch inserts.

Every table in :data:`ingest.schemas.TABLES` is stored under the same name with the same
columns. A hand is identified by ``(site, hand_id)``: inserting a batch keeps only hands not
yet stored (and the first copy of a hand repeated inside the batch); the players, actions and
collections rows of a dropped copy are dropped with it. A dropped copy whose content is not
the kept copy's is a conflicting duplicate (see :mod:`ingest.duplicates`). ``import_errors``
and ``import_skips`` rows are keyed by ``(source_file, byte_offset)`` so that re-importing a file
adds nothing. ``import_files`` keeps one row per file content (path and sha256) and parser
version: the outcome of the first time that parser read that content.
"""

from __future__ import annotations

import datetime as dt
import os
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from ingest import schemas
from ingest.duplicates import CONFLICT_REASON, Conflict, find_conflicts, in_keys

DEFAULT_MEMORY_LIMIT = "512MB"
KEY = ["site", "hand_id"]
HAND_TABLES = ("hands", "players", "actions", "collections")
LOG_TABLES = ("import_errors", "import_skips")

IMPORT_FILES = pa.schema(
    [
        pa.field("source_file", pa.string(), nullable=False),
        pa.field("sha256", pa.string(), nullable=False),
        pa.field("size", pa.int64(), nullable=False),
        pa.field("imported", pa.int64(), nullable=False),
        pa.field("duplicates", pa.int64(), nullable=False),
        pa.field("skipped", pa.int64(), nullable=False),
        pa.field("errors", pa.int64(), nullable=False),
        pa.field("imported_at", schemas.UTC_TIME, nullable=False),
        # site and digest of the parser's code (see ingest.sites.parser_version); null when
        # no parser read the file (unrecognised, unreadable)
        pa.field("parser", pa.string()),
    ]
)

STORED_TABLES: dict[str, pa.Schema] = {**schemas.TABLES, "import_files": IMPORT_FILES}


class StoreError(Exception):
    """The database cannot be opened or queried; the message says why."""


def duckdb_type(arrow_type: pa.DataType) -> str:
    """The DuckDB column type that stores ``arrow_type`` without loss."""
    if pa.types.is_list(arrow_type):
        return f"{duckdb_type(arrow_type.value_type)}[]"
    if pa.types.is_timestamp(arrow_type):
        return "TIMESTAMPTZ" if arrow_type.tz else "TIMESTAMP"
    simple = {
        pa.string(): "VARCHAR",
        pa.bool_(): "BOOLEAN",
        pa.int8(): "TINYINT",
        pa.int16(): "SMALLINT",
        pa.int32(): "INTEGER",
        pa.int64(): "BIGINT",
        pa.float64(): "DOUBLE",
    }
    if arrow_type not in simple:
        raise TypeError(f"no DuckDB type for Arrow type {arrow_type}")
    return simple[arrow_type]


def create_table_sql(name: str, schema: pa.Schema) -> str:
    """``CREATE TABLE IF NOT EXISTS`` for an Arrow schema (NOT NULL where the field is)."""
    columns = ",\n  ".join(
        f"{field.name} {duckdb_type(field.type)}{'' if field.nullable else ' NOT NULL'}"
        for field in schema
    )
    return f"CREATE TABLE IF NOT EXISTS {name} (\n  {columns}\n)"


def connect(
    path: str | Path,
    read_only: bool = False,
    threads: int | None = None,
    memory_limit: str = DEFAULT_MEMORY_LIMIT,
) -> duckdb.DuckDBPyConnection:
    """Open the store at ``path``, creating the tables (when writable) if missing."""
    if read_only and not Path(path).is_file():
        raise StoreError(f"no database at {path} (run `omaha import` first)")
    config: dict[str, str | bool | int | float | list[str]] = {
        "threads": threads or os.cpu_count() or 1,
        "memory_limit": memory_limit,
    }
    try:
        con = duckdb.connect(str(path), read_only=read_only, config=config)
    except duckdb.Error as exc:
        raise StoreError(_cannot_open(path, exc)) from exc
    # DuckDB's own bar would print into a report's output; the commands draw their own
    con.execute("SET enable_progress_bar = false")
    if not read_only:
        for name, schema in STORED_TABLES.items():
            con.execute(create_table_sql(name, schema))
            _add_new_columns(con, name, schema)
        # Databases written before this version indexed the hand keys: the index cost every
        # commit and all of its keys in memory, and lookups by hand scan fast without it.
        con.execute("DROP INDEX IF EXISTS hands_key")
    return con


# DuckDB lets one process write a database file, or any number read it, never both; what it
# says when another process holds the file, and the process it names.
_LOCKED = re.compile(r"Could not set lock on file")
_LOCK_HOLDER = re.compile(r"\(PID (\d+)\)")
_SHOWN_COMMAND = 60  # characters of the other process's command line in the message


def _cannot_open(path: str | Path, exc: duckdb.Error) -> str:
    """Why ``path`` cannot be opened, in one line: which process holds it, when one does."""
    if not _LOCKED.search(str(exc)):
        return f"cannot open {path}: {exc}"
    holder = _LOCK_HOLDER.search(str(exc))
    who = "" if holder is None else f" ({_process_name(int(holder.group(1)))})"
    return f"{path} is in use by another process{who}; try again when it ends"


def _process_name(pid: int) -> str:
    """``PID 1234: omaha import ...``: the process and, when ``/proc`` shows it, its command
    (from the ``omaha`` script on, when it runs one), shortened to one line."""
    try:
        argv = os.fsdecode(Path(f"/proc/{pid}/cmdline").read_bytes()).split("\0")
    except OSError:
        return f"PID {pid}"
    names = [Path(arg).name for arg in argv]
    start = names.index("omaha") if "omaha" in names else 0
    text = " ".join(" ".join([names[start], *argv[start + 1 :]]).split())
    if len(text) > _SHOWN_COMMAND:
        text = text[: _SHOWN_COMMAND - 3] + "..."
    return f"PID {pid}: {text}" if text else f"PID {pid}"


# What a query a user typed may not change back (see :func:`seal`).
_SEALED = (
    "SET autoinstall_known_extensions = false",
    "SET autoload_known_extensions = false",
    "SET python_enable_replacements = false",  # the query sees no Python variable as a table
)


def seal(con: duckdb.DuckDBPyConnection, files: bool = False) -> None:
    """Get ``con`` ready for SQL a user typed: no extension installed or loaded on demand, no
    file outside the database read or written unless ``files``, and no ``SET`` to undo it.

    Call it after creating the views the query needs (which set a spill directory,
    refused once external access is off); the database stays as it was opened. The
    settings belong to the whole database, every connection to it: a connection sealed
    already is left as it is.
    """
    locked, external = con.execute(
        "SELECT current_setting('lock_configuration'), current_setting('enable_external_access')"
    ).fetchall()[0]
    if locked:  # sealed already (``omaha serve`` seals its database once, as it opens it)
        if external and not files:
            raise StoreError("the configuration is locked with file access on")
        return
    for statement in _SEALED:
        con.execute(statement)
    if not files:
        con.execute("SET enable_external_access = false")
    con.execute("SET lock_configuration = true")  # last: from here on no SET is accepted


def user_query(con: duckdb.DuckDBPyConnection, sql: str, files: bool = False) -> pa.Table:
    """The result of SQL a user typed, run on ``con`` once sealed (see :func:`seal`);
    ``INSTALL`` and ``LOAD`` are refused, as an install downloads even with ``files``."""
    seal(con, files)
    try:
        statements = con.extract_statements(sql)
    except duckdb.Error as exc:
        raise StoreError(str(exc)) from exc
    if any(statement.type == duckdb.StatementType.LOAD for statement in statements):
        raise StoreError("omaha sql does not install or load DuckDB extensions")
    return query(con, sql)


# What rows stored before a column existed hold in it (each is how such a row was meant:
# its room was the format's, raises were street totals, play money was counted in chips).
_EARLIER_ROWS = {
    "room": "CASE site WHEN 'pokerstars' THEN 'PokerStars' ELSE site END",
    "units_per_currency": "CASE WHEN currency IN ('chips', 'play') THEN 1 ELSE 100 END",
    "raise_reading": "'total'",
    "inconsistencies": "CAST([] AS VARCHAR[])",  # such hands were imported only if consistent
    "parser": "NULL",  # unknown: such a file is read again
}


def _add_new_columns(con: duckdb.DuckDBPyConnection, name: str, schema: pa.Schema) -> None:
    """Bring a table written by an earlier version to ``schema``: rebuilt with the columns in
    the schema's order (batches are inserted by position), new columns filled as
    ``_EARLIER_ROWS`` says, else with 0."""
    found = con.execute(
        "SELECT column_name FROM information_schema.columns WHERE table_name = ? "
        "ORDER BY ordinal_position", [name]
    ).fetchall()
    columns = [row[0] for row in found]
    if columns == schema.names:
        return
    select = ", ".join(
        field.name if field.name in columns else f"{_EARLIER_ROWS.get(field.name, '0')}"
        for field in schema
    )
    con.execute(create_table_sql(f"{name}_upgraded", schema))
    con.execute(f"INSERT INTO {name}_upgraded SELECT {select} FROM {name}")
    con.execute(f"DROP TABLE {name}")
    con.execute(f"ALTER TABLE {name}_upgraded RENAME TO {name}")


@dataclass(frozen=True)
class BatchOutcome:
    """What one insert did, per source file: hands stored and hands already present with
    the same content; and the copies not stored whose content differs from the kept one's."""

    imported: Counter[str]
    duplicates: Counter[str]
    conflicts: tuple[Conflict, ...] = ()


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


def _first_copies(tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """Drop the second and later copies of a hand repeated inside the batch.

    Child rows carry no hand ordinal, so a new copy is recognised where its own numbering
    restarts (``seq`` for actions, ascending seats for players); a repeated hand's
    collections are kept once per distinct row.
    """
    hands = _frame(tables["hands"].select(KEY))
    repeated = hands.filter(pl.struct(KEY).is_duplicated()).unique().with_columns(_rep=True)
    out = dict(tables)
    out["hands"] = tables["hands"].filter(
        hands.select(pl.struct(KEY).is_first_distinct()).to_series().to_arrow()
    )
    for name, order_col in (("players", "seat"), ("actions", "seq"), ("collections", None)):
        frame = _frame(tables[name]).join(repeated, on=KEY, how="left", maintain_order="left")
        if order_col is None:
            first_copy = pl.struct(tables[name].column_names).is_first_distinct()
        else:
            restart = (pl.col(order_col) <= pl.col(order_col).shift(1)).fill_null(False)
            first_copy = restart.cast(pl.Int32).cum_sum().over(KEY) == 0
        keep = frame.select(pl.col("_rep").is_null() | first_copy).to_series().to_arrow()
        out[name] = tables[name].filter(keep)
    return out


def _files_of(hands: pa.Table) -> Counter[str]:
    counts = pc.value_counts(hands.column("source_file"))
    return Counter(dict(zip(counts.field("values").to_pylist(),
                            counts.field("counts").to_pylist(), strict=True)))  # fmt: skip


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[None]:
    """One transaction around the block: committed at its end, rolled back on an exception."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")


def commit_and_continue(con: duckdb.DuckDBPyConnection) -> None:
    """Commit the open transaction (see :func:`transaction`) and begin the next one."""
    con.execute("COMMIT")
    con.execute("BEGIN TRANSACTION")


def insert_batch(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table]) -> BatchOutcome:
    """Insert one batch of parsed tables; hands already stored are counted, not inserted.

    Run it inside :func:`transaction`, around one batch or several: DuckDB writes a large
    transaction's rows straight into the tables' blocks, so large transactions cost much
    less than small ones (see ``ingest.importer.COMMIT_HANDS``). The batch reaches DuckDB
    as relations over the Arrow tables, not as registered views: a view dropped inside a
    transaction keeps its table in memory until the commit.
    """
    repeated_in_batch: Counter[str] = Counter()
    batch = tables
    keys = _frame(tables["hands"].select(KEY))
    repeated = keys.filter(keys.is_duplicated())
    if repeated.height:
        before = _files_of(tables["hands"])
        tables = _first_copies(tables)
        repeated_in_batch = before - _files_of(tables["hands"])
    # The batch is the hash join's build side and the stored hands are only scanned
    # against it: 12 ms per 25,000-hand batch against a million stored hands, where hashing
    # the stored hands for every batch took 65 ms (and grows with the store).
    found = con.from_arrow(tables["hands"].select(KEY)).query(
        "b", "SELECT h.site, h.hand_id FROM hands h SEMI JOIN b USING (site, hand_id)"
    )
    assert found is not None  # a SELECT always has a result
    stored = found.to_arrow_table()
    conflicts = (
        find_conflicts(con, batch, repeated, stored) if repeated.height or stored.num_rows else []
    )
    files = dict.fromkeys(_files_of(tables["hands"]), 0)  # every file of the batch, counted
    imported, duplicates = Counter(files), Counter(files)
    if stored.num_rows:
        tables = dict(tables)
        for name in HAND_TABLES:
            is_stored = in_keys(tables[name], stored)
            if name == "hands":
                duplicates.update(_files_of(tables[name].filter(is_stored)))
            tables[name] = tables[name].filter(pc.invert(is_stored))
    for name in HAND_TABLES:
        con.from_arrow(tables[name]).insert_into(name)
    for name in LOG_TABLES:
        insert_log(con, name, tables[name])
    imported.update(_files_of(tables["hands"]))
    duplicates.update(repeated_in_batch)
    duplicates.subtract(conflict.source_file for conflict in conflicts)
    return BatchOutcome(imported, duplicates, tuple(conflicts))


def insert_log(con: duckdb.DuckDBPyConnection, name: str, rows: pa.Table) -> None:
    """Insert ``import_errors`` or ``import_skips`` rows but those already stored for their
    place (file and byte offset): importing a file again adds none."""
    if rows.num_rows:
        con.from_arrow(rows).query(
            "b",
            f"INSERT INTO {name} SELECT b.* FROM b ANTI JOIN {name} t "
            "ON t.source_file = b.source_file AND t.byte_offset = b.byte_offset",
        )


@dataclass(frozen=True)
class FileRecord:
    """One imported file: its path and content, and how its hands ended."""

    source_file: str
    sha256: str
    size: int
    imported: int
    duplicates: int
    skipped: int
    errors: int
    parser: str | None


def record_files(con: duckdb.DuckDBPyConnection, records: Sequence[FileRecord]) -> None:
    """Log files' imports, once per path, content and parser (one statement for all)."""
    now = dt.datetime.now(dt.UTC)
    columns = {
        name: [getattr(record, name) for record in records]
        for name in IMPORT_FILES.names
        if name != "imported_at"
    }
    columns["imported_at"] = [now] * len(records)
    table = pa.table(columns, schema=IMPORT_FILES)
    con.register("batch_import_files", table)
    try:
        con.execute(
            "INSERT INTO import_files SELECT DISTINCT ON (source_file, sha256, parser) b.* "
            "FROM batch_import_files b ANTI JOIN import_files f "
            "ON f.source_file = b.source_file AND f.sha256 = b.sha256 "
            "AND f.parser IS NOT DISTINCT FROM b.parser"
        )
    finally:
        con.unregister("batch_import_files")


@dataclass(frozen=True)
class PastRead:
    """How a file's hands ended the first time a parser read its content."""

    size: int
    hands: int  # imported or duplicate then: stored either way, so duplicates now
    skipped: int
    errors: int


def past_reads(con: duckdb.DuckDBPyConnection) -> dict[tuple[str, str, str], PastRead]:
    """(source_file, sha256, parser) -> outcome, for every file a parser has read."""
    rows = con.execute(
        "SELECT source_file, sha256, parser, size, imported + duplicates, skipped, errors "
        "FROM import_files WHERE parser IS NOT NULL"
    ).fetchall()
    return {(path, sha, parser): PastRead(*counts) for path, sha, parser, *counts in rows}


def skip_reasons(con: duckdb.DuckDBPyConnection, source_file: str) -> Counter[str]:
    """How many hands of a file were skipped, by reason."""
    rows = con.execute(
        "SELECT reason, count(*) FROM import_skips WHERE source_file = ? GROUP BY reason",
        [source_file],
    ).fetchall()
    return Counter(dict(rows))


def conflicts(con: duckdb.DuckDBPyConnection, source_file: str) -> int:
    """How many hands of a file are conflicting duplicates (error rows that say so)."""
    ((count,),) = con.execute(
        "SELECT count(*) FROM import_errors WHERE source_file = ? AND starts_with(reason, ?)",
        [source_file, CONFLICT_REASON],
    ).fetchall()
    return int(count)


def query(con: duckdb.DuckDBPyConnection, sql: str) -> pa.Table:
    """The result of ``sql`` as an Arrow table; a DuckDB error becomes :class:`StoreError`."""
    try:
        relation = con.sql(sql)
        return pa.table({}) if relation is None else relation.to_arrow_table()
    except duckdb.Error as exc:
        raise StoreError(str(exc)) from exc
