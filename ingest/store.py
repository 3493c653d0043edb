"""The DuckDB store: one connection factory, tables derived from the Arrow schemas, batch inserts.

Every table in :data:`ingest.schemas.TABLES` is stored under the same name with the same
columns. A hand is identified by ``(site, hand_id)``: inserting a batch keeps only hands not
yet stored (and the first copy of a hand repeated inside the batch); the players, actions and
collections rows of a dropped copy are dropped with it. ``import_errors`` and
``import_skips`` rows are keyed by ``(source_file, byte_offset)`` so that re-importing a file
adds nothing. ``import_files`` keeps one row per file content (path and sha256) and parser
version: the outcome of the first time that parser read that content.
"""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import polars as pl
import pyarrow as pa

from ingest import schemas

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
        raise StoreError(f"cannot open {path}: {exc}") from exc
    if not read_only:
        for name, schema in STORED_TABLES.items():
            con.execute(create_table_sql(name, schema))
        # databases written before the column existed (its rows stay null: read them again)
        con.execute("ALTER TABLE import_files ADD COLUMN IF NOT EXISTS parser VARCHAR")
        con.execute("CREATE INDEX IF NOT EXISTS hands_key ON hands (site, hand_id)")
    return con


@dataclass(frozen=True)
class BatchOutcome:
    """What one insert did, per source file: hands stored and hands already present."""

    imported: Counter[str]
    duplicates: Counter[str]


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


def _scalar(con: duckdb.DuckDBPyConnection, sql: str) -> int:
    row = con.execute(sql).fetchone()
    assert row is not None
    return int(row[0])


def _files_of(hands: pa.Table) -> Counter[str]:
    return Counter(hands.column("source_file").to_pylist())


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
    transaction's rows straight into the table's blocks, so committing every few hundred
    thousand hands costs a third less than committing every batch.
    """
    repeated_in_batch: Counter[str] = Counter()
    if _frame(tables["hands"].select(KEY)).is_duplicated().any():
        before = _files_of(tables["hands"])
        tables = _first_copies(tables)
        repeated_in_batch = before - _files_of(tables["hands"])
    for name, table in tables.items():
        con.register(f"batch_{name}", table)
    try:
        outcome = _insert_registered(con)
    finally:
        for name in tables:
            con.unregister(f"batch_{name}")
    outcome.duplicates.update(repeated_in_batch)
    return outcome


def _insert_registered(con: duckdb.DuckDBPyConnection) -> BatchOutcome:
    # The batch is the hash join's build side and the stored hands are only scanned against
    # it: 12 ms per 25,000-hand batch against a million stored hands, where hashing the
    # stored hands for every batch took 65 ms (and grows with the store).
    con.execute(
        "CREATE OR REPLACE TEMP TABLE stored_keys AS "
        "SELECT h.site, h.hand_id FROM hands h "
        "SEMI JOIN batch_hands b ON h.site = b.site AND h.hand_id = b.hand_id"
    )
    all_new = _scalar(con, "SELECT count(*) FROM stored_keys") == 0
    for name in HAND_TABLES:
        if all_new:
            con.execute(f"INSERT INTO {name} SELECT * FROM batch_{name}")
        else:
            con.execute(
                f"INSERT INTO {name} SELECT b.* FROM batch_{name} b "
                "ANTI JOIN stored_keys s ON s.site = b.site AND s.hand_id = b.hand_id"
            )
    for name in LOG_TABLES:
        con.execute(
            f"INSERT INTO {name} SELECT b.* FROM batch_{name} b ANTI JOIN {name} t "
            "ON t.source_file = b.source_file AND t.byte_offset = b.byte_offset"
        )
    per_file = con.execute(
        "SELECT b.source_file, count(*) - count(s.hand_id), count(s.hand_id) "
        "FROM batch_hands b LEFT JOIN stored_keys s ON s.site = b.site AND s.hand_id = b.hand_id "
        "GROUP BY b.source_file"
    ).fetchall()
    imported: Counter[str] = Counter()
    duplicates: Counter[str] = Counter()
    for source_file, stored, already in per_file:
        imported[source_file] += stored
        duplicates[source_file] += already
    return BatchOutcome(imported, duplicates)


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

    hands: int  # imported or duplicate then: stored either way, so duplicates now
    skipped: int
    errors: int


def past_reads(con: duckdb.DuckDBPyConnection) -> dict[tuple[str, str, str], PastRead]:
    """(source_file, sha256, parser) -> outcome, for every file a parser has read."""
    rows = con.execute(
        "SELECT source_file, sha256, parser, imported + duplicates, skipped, errors "
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


def query(con: duckdb.DuckDBPyConnection, sql: str) -> pa.Table:
    """The result of ``sql`` as an Arrow table; a DuckDB error becomes :class:`StoreError`."""
    try:
        relation = con.sql(sql)
        return pa.table({}) if relation is None else relation.to_arrow_table()
    except duckdb.Error as exc:
        raise StoreError(str(exc)) from exc
