"""Tables as folders of Parquet files, the layout a cluster works in.

``omaha export --parquet DIR`` writes every table of a database so, the Spark job
(:mod:`analysis.spark`) writes the same layout, and ``omaha sql --parquet DIR`` and ``omaha
report --parquet DIR`` read it with DuckDB and the same SQL files as a database.

The layout: one folder per table. A table whose rows belong to hands (every table keyed by
``site, hand_id``: the hands, players, actions and collections, the audit's and the
all-in equities') is partitioned hive-style by the room that wrote the hand and the UTC
month it started (``DIR/players/room=PokerStars/month=2024-03/*.parquet``); the import's
logs (``import_errors``, ``import_skips``, ``import_files``) are not, as a file's rows
belong to no hand. Partition columns are not written inside the files: ``room`` of
``hands`` and ``audit_hands`` is read back from the folder's name.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow as pa

from analysis.allin.equity import ALLIN_EQUITY, ALLIN_EV, ALLIN_HANDS
from analysis.allin.stage import ALLIN_SEEN
from analysis.audit.core import AUDIT_AWARDS, AUDIT_HANDS
from ingest import store

PARTITIONS = ("room", "month")
LOGS = ("import_errors", "import_skips", "import_files")
# Every table the layout holds, by name, in the order a database's tables are exported.
SCHEMAS: dict[str, pa.Schema] = {
    **store.STORED_TABLES,
    "audit_hands": AUDIT_HANDS,
    "audit_awards": AUDIT_AWARDS,
    "allin_seen": ALLIN_SEEN,
    "allin_hands": ALLIN_HANDS,
    "allin_equity": ALLIN_EQUITY,
    "allin_ev": ALLIN_EV,
}
HAND_KEYED = tuple(name for name in SCHEMAS if name not in LOGS)
# A hand's month as a partition value: the UTC year and month it started.
MONTH_SQL = "strftime(CAST(started_at AS TIMESTAMP), '%Y-%m')"
# DuckDB's memory when the tables are copied in for a report; it spills beyond.
READ_MEMORY_LIMIT = "512MB"
SPILL_DIR = Path(tempfile.gettempdir()) / "omaha-parquet-spill"


class ParquetError(ValueError):
    """The folder holds no tables in this layout, or cannot be written; the message says
    why."""


def _quoted(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _export_sql(name: str) -> str:
    """The query whose rows ``name`` is written from: a hand-keyed table's with its hand's
    room and month (the partition columns)."""
    if name not in HAND_KEYED:
        return f"SELECT * FROM {name}"
    if name == "hands":
        return f"SELECT *, {MONTH_SQL} AS month FROM hands"
    room = "" if "room" in SCHEMAS[name].names else ", h.room"
    return (f"SELECT t.*{room}, h.month FROM {name} t JOIN (SELECT site, hand_id, room, "
            f"{MONTH_SQL} AS month FROM hands) h USING (site, hand_id)")  # fmt: skip


def export_database(
    db: Path, out: Path, progress: Callable[[str], None] | None = None
) -> dict[str, int]:
    """Write every table of the database ``db`` (of :data:`SCHEMAS`; the report's cached
    rows are made again from these) under ``out``, one folder per table: the rows written
    per table. Each table's folder is written beside and put in place whole, replacing the
    one there."""
    con = store.connect(db, read_only=True)
    written: dict[str, int] = {}
    try:
        con.execute("SET TimeZone = 'UTC'")
        present = {name for (name,) in con.execute("SELECT table_name FROM duckdb_tables()")
                   .fetchall()}  # fmt: skip
        out.mkdir(parents=True, exist_ok=True)
        for name in (name for name in SCHEMAS if name in present):
            if progress is not None:
                progress(name)
            written[name] = _export_table(con, name, out)
    except duckdb.Error as exc:
        raise store.StoreError(str(exc)) from exc
    except OSError as exc:
        raise ParquetError(f"cannot write {out}: {exc.strerror or exc}") from exc
    finally:
        con.close()
    return written


def _export_table(con: duckdb.DuckDBPyConnection, name: str, out: Path) -> int:
    """Write one table into a folder beside its place, then put it in place."""
    part = out / f".{name}.part"
    shutil.rmtree(part, ignore_errors=True)
    options = "FORMAT PARQUET, COMPRESSION ZSTD"
    if name in HAND_KEYED:
        options += f", PARTITION_BY ({', '.join(PARTITIONS)})"
    else:
        part.mkdir()
    target = part if name in HAND_KEYED else part / "part-0.parquet"
    rows = con.execute(f"COPY ({_export_sql(name)}) TO {_quoted(str(target))} "
                       f"({options})").fetchall()  # fmt: skip
    part.mkdir(exist_ok=True)  # a table without rows: an empty folder
    final = out / name
    if final.exists():
        shutil.rmtree(final)
    part.rename(final)
    return int(rows[0][0]) if rows else 0


def table_files(folder: Path) -> dict[str, list[str]]:
    """The Parquet files of each table of :data:`SCHEMAS` found under ``folder``."""
    if not folder.is_dir():
        raise ParquetError(f"no folder {folder}")
    found = {
        name: sorted(str(path) for path in (folder / name).rglob("*.parquet")
                     if not any(part.startswith((".", "_")) for part in
                                path.relative_to(folder / name).parts))
        for name in SCHEMAS if (folder / name).is_dir()
    }  # fmt: skip
    if "hands" not in found:
        raise ParquetError(f"{folder} holds no tables (no folder {folder / 'hands'}): "
                           "write them with `omaha export --parquet` or `omaha spark import`")
    return found


def _select(name: str, files: list[str]) -> str:
    """The table's rows, its columns in its schema's order, read from ``files``."""
    columns = ", ".join(SCHEMAS[name].names)
    listed = "[" + ", ".join(_quoted(path) for path in files) + "]"
    hive = ("hive_partitioning = true, hive_types = {'room': VARCHAR, 'month': VARCHAR}"
            if name in HAND_KEYED else "hive_partitioning = false")  # fmt: skip
    return f"SELECT {columns} FROM read_parquet({listed}, {hive})"


def connect(folder: Path, copy: tuple[str, ...] = ()) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection seeing the tables under ``folder`` as views of the
    same names and columns as a database's (a table without files: empty). The tables
    ``copy`` are copied in instead (the reports read their rows by rowid); the copy spills
    to disk beyond :data:`READ_MEMORY_LIMIT`. Only the tables' files can be read once
    external access is turned off (see :func:`seal`)."""
    files = table_files(folder)
    con = duckdb.connect(config={"memory_limit": READ_MEMORY_LIMIT})
    try:
        con.execute("SET temp_directory = $dir", {"dir": str(SPILL_DIR)})
        for name, schema in SCHEMAS.items():
            if not files.get(name):
                if name in store.STORED_TABLES or name in copy:
                    con.execute(store.create_table_sql(name, schema))
                continue
            kind = "TABLE" if name in copy else "VIEW"
            con.execute(f"CREATE {kind} {name} AS {_select(name, files[name])}")
        every = [path for paths in files.values() for path in paths]
        if every:
            con.execute("SET allowed_paths = [" + ", ".join(map(_quoted, every)) + "]")
    except duckdb.Error as exc:
        con.close()
        raise store.StoreError(f"cannot read the tables under {folder}: {exc}") from exc
    return con


def user_query(con: duckdb.DuckDBPyConnection, sql: str, files: bool = False) -> pa.Table:
    """SQL a user typed, on a connection of :func:`connect`, sealed as a database's is
    (:func:`ingest.store.user_query`): the Parquet files stay readable, and no statement
    writes a file (``COPY``, ``EXPORT``) unless ``files``."""
    if not files:
        try:
            statements = con.extract_statements(sql)
        except duckdb.Error as exc:
            raise store.StoreError(str(exc)) from exc
        writing = (duckdb.StatementType.COPY, duckdb.StatementType.EXPORT)
        if any(statement.type in writing for statement in statements):
            raise store.StoreError("omaha sql --parquet writes no file (--allow-files lets it)")
    return store.user_query(con, sql, files=files)
