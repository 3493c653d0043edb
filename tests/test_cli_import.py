"""The `import` and `sql` commands through the CLI runner, with exact outputs."""

from __future__ import annotations

import json
from pathlib import Path

import fake_site
import pytest
from typer.testing import CliRunner

from analysis.cli import app
from analysis.reports import queries
from ingest import importer, store
from ingest.sites import Site

runner = CliRunner()


def _fake_detect(head: bytes) -> Site | None:
    return fake_site if fake_site.detect(head) else None


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A database with three hands imported, one skipped and one error; a file in no known
    format."""
    monkeypatch.setattr(importer, "detect_site", _fake_detect)
    monkeypatch.setattr(importer.os, "cpu_count", lambda: 1)
    history = tmp_path / "h.txt"
    history.write_bytes(b"FAKE #1 ok\nFAKE #2 ok\nFAKE #9 skip cancelled\nFAKE #3 ok\n")
    (tmp_path / "junk.txt").write_bytes(b"hello\n")
    path = tmp_path / "omaha.duckdb"
    result = runner.invoke(
        app, ["import", str(history), str(tmp_path / "junk.txt"), "--db", str(path)]
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "unit     outcome                        count\n"
        "-------  -----------------------------  -----\n"
        "files    read                               1\n"
        "files    unchanged                          0\n"
        "files    in formats not supported           1\n"
        "files    empty                              0\n"
        "files    unreadable                         0\n"
        "files    left out (hidden, companions)      0\n"
        "folders  unreadable                         0\n"
        "hands    imported                           3\n"
        "hands    duplicates                         0\n"
        "hands    skipped: cancelled                 1\n"
        "hands    errors                             0\n"
    )
    assert "error details" not in result.stderr  # no hand error: junk.txt is a file not read
    assert "files not read: omaha sql" in result.stderr
    assert "player rows for the reports stored in" in result.stderr
    return path


def test_the_import_stores_the_player_rows_the_reports_read(db: Path, tmp_path: Path) -> None:
    """The first report has no rows to make: the import made them for its hands. An import
    that adds no hand leaves them be."""
    with store.connect(db, read_only=True) as con:
        assert con.sql("SELECT count(*) FROM report_cache_hands").fetchall() == [(3,)]
        assert con.sql("SELECT count(DISTINCT hand_id) FROM player_hands_cache").fetchall() == [
            (3,)
        ]
    again = runner.invoke(app, ["import", str(tmp_path / "h.txt"), "--db", str(db)])
    assert again.exit_code == 0, again.output
    assert "player rows" not in again.stderr


def test_rows_left_to_the_first_report_when_the_database_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process opening the database between the import and its rows: the import
    stands, and says the first report will make the rows."""
    monkeypatch.setattr(importer, "detect_site", _fake_detect)

    def taken(db: Path, progress: object = None) -> None:
        raise store.StoreError(f"{db} is in use by another process")

    monkeypatch.setattr(queries, "store_player_rows", taken)
    history = tmp_path / "h.txt"
    history.write_bytes(b"FAKE #1 ok\n")
    db = tmp_path / "omaha.duckdb"
    result = runner.invoke(app, ["import", str(history), "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[-1] == (
        f"player rows not stored ({db} is in use by another process): the first report will "
        "make them"
    )
    with store.connect(db, read_only=True) as con:
        assert con.sql("SELECT count(*) FROM hands").fetchall() == [(1,)]


def test_import_summary_as_json(db: Path, tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["import", str(tmp_path / "h.txt"), "--db", str(db), "--format", "json"]
    )
    assert result.exit_code == 0
    hands = [row for row in json.loads(result.stdout) if row["unit"] == "hands"]
    assert hands == [
        {"unit": "hands", "outcome": "imported", "count": 0},
        {"unit": "hands", "outcome": "duplicates", "count": 3},
        {"unit": "hands", "outcome": "skipped: cancelled", "count": 1},
        {"unit": "hands", "outcome": "errors", "count": 0},
    ]
    assert "error details" not in result.stderr
    assert result.stderr.startswith("1 file (1 unchanged since a past import, not read again)")
    reread = runner.invoke(
        app, ["import", str(tmp_path / "h.txt"), "--db", str(db), "--format", "json", "--reread"]
    )
    assert reread.exit_code == 0
    assert json.loads(reread.stdout)[:2] == [
        {"unit": "files", "outcome": "read", "count": 1},
        {"unit": "files", "outcome": "unchanged", "count": 0},
    ]
    assert json.loads(reread.stdout)[7:] == json.loads(result.stdout)[7:]
    assert reread.stderr.startswith("1 file, 4 hands in ")


def test_import_of_a_missing_path_fails_cleanly(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", str(tmp_path / "absent"), "--db", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert result.stderr == f"error: no such file or folder: {tmp_path / 'absent'}\n"


def test_sql_prints_a_table_or_csv(db: Path) -> None:
    sql = "SELECT hand_id, total_pot FROM hands ORDER BY hand_id"
    result = runner.invoke(app, ["sql", sql, "--db", str(db)])
    assert result.exit_code == 0
    assert result.stdout == (
        "hand_id  total_pot\n"
        "-------  ---------\n"
        "1                4\n"
        "2                4\n"
        "3                4\n"
    )
    as_csv = runner.invoke(app, ["sql", sql, "--db", str(db), "--format", "csv"])
    assert as_csv.stdout == '"hand_id","total_pot"\n"1",4\n"2",4\n"3",4\n'


def test_sql_error_is_a_message_not_a_traceback(db: Path) -> None:
    result = runner.invoke(app, ["sql", "SELECT nope FROM hands", "--db", str(db)])
    assert result.exit_code == 1
    assert result.stderr.startswith('error: Binder Error: Referenced column "nope" not found')
    assert "Traceback" not in result.output


def test_sql_is_read_only(db: Path) -> None:
    result = runner.invoke(app, ["sql", "DELETE FROM hands", "--db", str(db)])
    assert result.exit_code == 1
    assert "read-only" in result.stderr


def test_sql_without_a_database(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sql", "SELECT 1", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 1
    assert (
        result.stderr
        == f"error: no database at {tmp_path / 'none.duckdb'} (run `omaha import` first)\n"
    )


def test_generate_writes_what_the_generator_writes(tmp_path: Path) -> None:
    from ingest import generator

    out = tmp_path / "cli.txt"
    result = runner.invoke(
        app, ["generate", str(out), "--hands", "12", "--seed", "4", "--games", "omaha,omaha8"]
    )
    assert result.exit_code == 0, result.output
    size = generator.generate(tmp_path / "lib.txt", 12, 4, ["omaha", "omaha8"])
    assert out.read_bytes() == (tmp_path / "lib.txt").read_bytes()
    assert result.stderr == f"12 hands, {size:,} bytes written to {out}\n"


def test_generate_refuses_an_unknown_game(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["generate", str(tmp_path / "x.txt"), "--hands", "3", "--games", "razz"]
    )
    assert result.exit_code == 2
    assert result.stderr.startswith("error: unknown games ['razz']; choose from omaha, omaha8")
