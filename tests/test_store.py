"""The DuckDB store: DDL from the Arrow schemas, duplicate handling, read-only queries."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import duckdb
import fake_site
import pyarrow as pa
import pytest

from ingest import schemas, store
from ingest.sites import Chunk


def _batch(text: bytes, source_file: str = "f.txt") -> dict[str, pa.Table]:
    return fake_site.parse(Chunk(text, source_file, 0, 1, "utf-8")).tables()


def _count(con: object, table: str) -> int:
    result = store.query(con, f"SELECT count(*) AS n FROM {table}")  # type: ignore[arg-type]
    return int(result["n"][0].as_py())


def test_ddl_follows_the_arrow_schema() -> None:
    sql = store.create_table_sql("hands", schemas.HANDS)
    assert "  boards VARCHAR[] NOT NULL,\n" in sql
    assert "  started_at TIMESTAMPTZ NOT NULL,\n" in sql
    assert "  tournament_id VARCHAR,\n" in sql
    assert "  max_seats TINYINT,\n" in sql
    with pytest.raises(TypeError, match="no DuckDB type"):
        store.duckdb_type(pa.float16())


def test_tables_round_trip_with_their_schemas(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "db.duckdb")
    batch = _batch(b"FAKE #1 ok\nFAKE #2 skip cancelled\nFAKE #3 error broken\n")
    with store.transaction(con):
        store.insert_batch(con, batch)
    for name, schema in schemas.TABLES.items():
        stored = store.query(con, f"SELECT * FROM {name}")
        assert stored.schema.names == schema.names
        assert stored.to_pylist() == batch[name].to_pylist()
    con.close()


def test_duplicates_across_and_within_batches(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "db.duckdb")
    with store.transaction(con):
        first = store.insert_batch(con, _batch(b"FAKE #1 ok\nFAKE #2 ok\n", "a.txt"))
    assert (first.imported, first.duplicates) == ({"a.txt": 2}, {"a.txt": 0})
    # hand 3 twice back to back, hand 2 already stored
    with store.transaction(con):
        second = store.insert_batch(con, _batch(b"FAKE #3 ok\nFAKE #3 ok\nFAKE #2 ok\n", "b.txt"))
    assert (second.imported, second.duplicates) == ({"b.txt": 1}, {"b.txt": 2})
    counts = {name: _count(con, name) for name in store.HAND_TABLES}
    assert counts == {"hands": 3, "players": 6, "actions": 6, "collections": 3}
    con.close()


def test_log_rows_are_stored_once(tmp_path: Path) -> None:
    con = store.connect(tmp_path / "db.duckdb")
    batch = _batch(b"FAKE #1 skip cancelled\nFAKE #2 error broken\n")
    with store.transaction(con):
        store.insert_batch(con, batch)
    with store.transaction(con):
        store.insert_batch(con, batch)
    assert (_count(con, "import_skips"), _count(con, "import_errors")) == (1, 1)
    first = store.FileRecord("f.txt", "ab" * 32, 10, 0, 0, 1, 1, "fake:1")
    store.record_files(con, [first, first])
    changed = store.FileRecord("f.txt", "cd" * 32, 12, 1, 0, 0, 0, "fake:1")
    store.record_files(con, [first, changed, dataclasses.replace(first, parser="fake:2")])
    unread = store.FileRecord("junk.txt", "ef" * 32, 5, 0, 0, 0, 1, None)
    store.record_files(con, [unread])
    store.record_files(con, [unread])
    assert _count(con, "import_files") == 4
    assert store.past_reads(con) == {
        ("f.txt", "ab" * 32, "fake:1"): store.PastRead(size=10, hands=0, skipped=1, errors=1),
        ("f.txt", "cd" * 32, "fake:1"): store.PastRead(size=12, hands=1, skipped=0, errors=0),
        ("f.txt", "ab" * 32, "fake:2"): store.PastRead(size=10, hands=0, skipped=1, errors=1),
    }
    assert store.skip_reasons(con, "f.txt") == {"cancelled": 1}
    con.close()


def test_a_database_from_before_parser_versions_gains_the_column(tmp_path: Path) -> None:
    db = tmp_path / "old.duckdb"
    old = duckdb.connect(str(db))
    old.execute(
        "CREATE TABLE import_files (source_file VARCHAR NOT NULL, sha256 VARCHAR NOT NULL, "
        "size BIGINT NOT NULL, imported BIGINT NOT NULL, duplicates BIGINT NOT NULL, "
        "skipped BIGINT NOT NULL, errors BIGINT NOT NULL, imported_at TIMESTAMPTZ NOT NULL)"
    )
    old.execute("INSERT INTO import_files VALUES ('f.txt', 'ab', 1, 1, 0, 0, 0, now())")
    old.close()
    con = store.connect(db)
    assert store.past_reads(con) == {}  # read by an unknown parser: read again
    store.record_files(con, [store.FileRecord("f.txt", "ab", 1, 0, 1, 0, 0, "fake:1")])
    columns = [row[0] for row in con.execute("DESCRIBE import_files").fetchall()]
    assert columns == store.IMPORT_FILES.names
    assert set(store.past_reads(con)) == {("f.txt", "ab", "fake:1")}
    con.close()


def test_hands_stored_before_the_room_columns_are_kept_as_they_were_meant(
    tmp_path: Path,
) -> None:
    """A hands table without room, units and the room's money columns is rebuilt in the
    schema's order: its rows keep their values and gain the ones they were meant with."""
    db = tmp_path / "old.duckdb"
    old_schema = pa.schema([f for f in schemas.HANDS if f.name not in (
        "room", "units_per_currency", "jackpot_fee", "tax", "room_money_in", "raise_reading",
        "inconsistencies", "uncalled_inferred")])
    row = {**_batch(b"FAKE #1 ok").pop("hands").to_pylist()[0], "currency": "play"}
    old = duckdb.connect(str(db))
    old.execute(store.create_table_sql("hands", old_schema))
    table = pa.Table.from_pylist([{k: row[k] for k in old_schema.names}], schema=old_schema)
    old.from_arrow(table).insert_into("hands")
    old.close()
    con = store.connect(db)
    [stored] = store.query(con, "SELECT * FROM hands").to_pylist()
    assert [r[0] for r in con.execute("DESCRIBE hands").fetchall()] == schemas.HANDS.names
    assert (stored["room"], stored["units_per_currency"], stored["raise_reading"]) == (
        "fake", 1, "total")  # play money was counted in chips then
    assert (stored["jackpot_fee"], stored["tax"], stored["room_money_in"]) == (0, 0, 0)
    assert (stored["inconsistencies"], stored["uncalled_inferred"]) == ([], 0)
    assert stored["total_pot"] == row["total_pot"]
    con.close()


def test_read_only_store_refuses_writes_and_reports_sql_errors(tmp_path: Path) -> None:
    db = tmp_path / "db.duckdb"
    with pytest.raises(store.StoreError, match="no database at"):
        store.connect(db, read_only=True)
    store.connect(db).close()
    con = store.connect(db, read_only=True)
    with pytest.raises(store.StoreError, match="read-only"):
        store.query(con, "DELETE FROM hands")
    with pytest.raises(store.StoreError, match="no_such_table"):
        store.query(con, "SELECT * FROM no_such_table")
    assert store.query(con, "SELECT count(*) AS n FROM hands").to_pylist() == [{"n": 0}]
    con.close()


def test_duckdb_draws_no_progress_bar_into_a_commands_output(tmp_path: Path) -> None:
    """A slow query made DuckDB print its own bar on stdout, inside a report's CSV. Checked
    in a process of its own, as a command runs: under pytest DuckDB starts with it off."""
    db = tmp_path / "db.duckdb"
    check = (
        "import sys\nfrom ingest import store\n"
        "for read_only in (False, True):\n"
        "    with store.connect(sys.argv[1], read_only=read_only) as con:\n"
        "        print(con.execute(\"SELECT current_setting('enable_progress_bar')\").fetchone())\n"
    )
    done = subprocess.run([sys.executable, "-c", check, str(db)], capture_output=True,
                          text=True, check=True, cwd=Path(__file__).parent.parent)  # fmt: skip
    assert done.stdout.split("\n") == ["(False,)", "(False,)", ""]
