"""Nothing that surprises a user: `omaha sql` touches no file but the database (unless
``--allow-files``), `generate` replaces no file without ``--force`` and never a database,
and a database another process holds is reported in one line."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from analysis.cli import app
from ingest import importer, store

SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "omaha.txt"
runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with the 40 sample Omaha hands."""
    path = tmp_path_factory.mktemp("safety") / "omaha.duckdb"
    importer.import_paths([SAMPLE], path, workers=1)
    return path


def sql(db: Path, query: str, *options: str) -> tuple[int, str]:
    """Exit code and all the output of `omaha sql QUERY --db DB [options]`."""
    result = runner.invoke(app, ["sql", query, "--db", str(db), *options])
    return result.exit_code, result.output


def one_error_line(output: str) -> str:
    """The output, checked to be one ``error:`` line and no traceback."""
    assert "Traceback" not in output
    assert output.count("\n") == 1 and output.startswith("error: "), output
    return output


# --- omaha sql: the database and nothing else --------------------------------------------


@pytest.mark.parametrize("reader", ["read_text", "read_csv"])
def test_sql_reads_no_file_outside_the_database(db: Path, tmp_path: Path, reader: str) -> None:
    secret = tmp_path / "secret.csv"
    secret.write_text("word\nswordfish\n")
    code, output = sql(db, f"SELECT * FROM {reader}('{secret}')")
    assert code == 1
    assert "disabled by configuration" in one_error_line(output)
    assert "swordfish" not in output


def test_sql_writes_no_file(db: Path, tmp_path: Path) -> None:
    kept, new = tmp_path / "kept.csv", tmp_path / "new.csv"
    kept.write_text("mine\n")
    for target in (kept, new):
        code, output = sql(db, f"COPY (SELECT * FROM hands) TO '{target}'")
        assert code == 1
        assert "disabled by configuration" in one_error_line(output)
    assert kept.read_text() == "mine\n"
    assert not new.exists()


@pytest.mark.parametrize("options", [(), ("--allow-files",)])
def test_sql_installs_and_loads_no_extension(db: Path, options: tuple[str, ...]) -> None:
    for statement in ("INSTALL spatial", "LOAD spatial", "FORCE INSTALL spatial FROM core"):
        code, output = sql(db, statement, *options)
        assert code == 1
        assert one_error_line(output) == (
            "error: omaha sql does not install or load DuckDB extensions\n"
        )


@pytest.mark.parametrize("options", [(), ("--allow-files",)])
def test_sql_cannot_change_the_settings_back(db: Path, options: tuple[str, ...]) -> None:
    for setting in ("enable_external_access = true", "autoinstall_known_extensions = true",
                    "lock_configuration = false"):  # fmt: skip
        code, output = sql(db, f"SET {setting}", *options)
        assert code == 1
        assert "the configuration has been locked" in one_error_line(output)


def test_a_sealed_connection_refuses_files_and_extensions_itself(db: Path) -> None:
    """DuckDB's own settings refuse, without the statement check of ``user_query``."""
    with store.connect(db, read_only=True) as con:
        store.seal(con)
        for statement in ("INSTALL spatial", "SELECT * FROM read_text('/etc/hostname')"):
            with pytest.raises(duckdb.PermissionException):
                con.execute(statement)
        settings = con.execute(
            "SELECT current_setting('autoinstall_known_extensions'), "
            "current_setting('autoload_known_extensions'), current_setting('lock_configuration')"
        ).fetchall()
        assert settings == [(False, False, True)]


def test_sql_still_sees_the_report_views(db: Path) -> None:
    code, output = sql(
        db, "SELECT count(*) AS n, count(c.hand_class) AS classified FROM player_hands "
        "JOIN hand_classes AS c USING (hole_cards) WHERE is_hero", "--format", "csv",
    )  # fmt: skip
    assert code == 0, output
    header, row = output.splitlines()
    assert header == '"n","classified"'
    hands, classified = (int(value) for value in row.split(","))
    assert hands > 0 and classified == hands


def test_allow_files_reads_a_csv_but_not_into_the_database(db: Path, tmp_path: Path) -> None:
    mine = tmp_path / "mine.csv"
    mine.write_text("player,note\nKalu,tight\n")
    query = f"SELECT note FROM read_csv('{mine}')"
    assert sql(db, query, "--allow-files") == (0, "note\n-----\ntight\n")
    assert sql(db, query)[0] == 1
    code, output = sql(db, f"CREATE TABLE notes AS SELECT * FROM read_csv('{mine}')",
                       "--allow-files")  # fmt: skip
    assert code == 1
    assert "read-only" in one_error_line(output)
    code, output = sql(db, f"ATTACH '{db}' AS w (READ_WRITE)", "--allow-files")
    assert code == 1


# --- omaha generate: no file replaced without --force, never a database -------------------


def generate(out: Path, *options: str) -> tuple[int, str]:
    """Exit code and all the output of `omaha generate OUT --hands 2 [options]`."""
    result = runner.invoke(app, ["generate", str(out), "--hands", "2", *options])
    return result.exit_code, result.output


def test_generate_replaces_a_file_only_with_force(tmp_path: Path) -> None:
    out = tmp_path / "hands.txt"
    out.write_text("keep me\n")
    code, output = generate(out)
    assert (code, output) == (2, f"error: {out} exists: add --force to replace it\n")
    assert out.read_text() == "keep me\n"
    code, output = generate(out, "--force")
    assert code == 0, output
    assert out.read_text().startswith("PokerStars Hand #")


def test_generate_never_writes_over_a_database(db: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.duckdb"
    copy.write_bytes(db.read_bytes())
    wal = tmp_path / "copy.duckdb.wal"
    wal.write_bytes(b"")
    for target in (copy, wal):
        code, output = generate(target, "--force")
        assert code == 2
        assert output == f"error: {target} is a DuckDB database: choose another output file\n"
    assert copy.read_bytes() == db.read_bytes()


def test_generate_bad_output_paths_are_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "folder.txt"
    assert generate(missing) == (2, f"error: cannot write {missing}: no folder {missing.parent}\n")
    assert generate(tmp_path) == (2, f"error: {tmp_path} is a folder: give a file name\n")
    if Path("/dev/full").exists():  # a file every write to fails
        assert generate(Path("/dev/full"), "--force") == (
            2, "error: cannot write /dev/full: No space left on device\n",
        )  # fmt: skip


# --- a database another process holds -------------------------------------------------------

HOLD = (
    "import sys, time, duckdb\n"
    "con = duckdb.connect(sys.argv[-1])\n"
    "print('holding', flush=True)\n"
    "time.sleep(120)\n"
)


@pytest.fixture
def held(db: Path, tmp_path: Path) -> Iterator[tuple[Path, int]]:
    """The database, written to by another process named like the CLI (``omaha import``)."""
    script = tmp_path / "omaha"
    script.write_text(HOLD)
    holder = subprocess.Popen(
        [sys.executable, str(script), "import", "--db", str(db)], stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        yield db, holder.pid
    finally:
        holder.kill()
        holder.wait()


BUSY_COMMANDS = [
    ["sql", "SELECT 1"], ["audit"], ["audit", "1"], ["report", "players"], ["import", str(SAMPLE)]
]


@pytest.mark.parametrize("command", BUSY_COMMANDS)
def test_a_busy_database_is_one_line(held: tuple[Path, int], command: list[str]) -> None:
    db, pid = held
    result = runner.invoke(app, [*command, "--db", str(db)])
    assert result.exit_code in (1, 2)
    # the other process's command line, from the script's name on, cut to 60 characters
    shown = f"omaha import --db {db}"
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    assert one_error_line(result.output) == (
        f"error: {db} is in use by another process (PID {pid}: {shown}); try again when it ends\n"
    )


def test_a_lock_holder_without_a_command_line_is_named_by_its_pid() -> None:
    error = duckdb.IOException(
        'IO Error: Could not set lock on file "x.duckdb": Conflicting lock is held in '
        "/usr/bin/python3 (PID 0). See also https://duckdb.org/docs/current/connect/concurrency"
    )
    assert store._cannot_open("x.duckdb", error) == (
        "x.duckdb is in use by another process (PID 0); try again when it ends"
    )
