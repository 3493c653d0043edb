"""Ctrl-C in every long command run as the real ``omaha`` script (the signal sent to the whole
process group, as a terminal sends it): one line saying what was kept, exit code 130,
nothing half-written (a DuckDB transaction rolled back, no output file left partial), and
the next run going on from what was kept. The import's own tests are in
tests/test_import_interrupt.py."""

from __future__ import annotations

import csv
import io
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from ingest import generator, importer, store
from tests.test_import_interrupt import ctrl_c_after_third_commit

OMAHA = Path(sys.executable).with_name("omaha")  # the console script of this environment
GENERATED_HANDS = 10_000
COPIES = 4  # renumbered copies: 40,000 distinct hands
HANDS = GENERATED_HANDS * COPIES
LINE = re.compile(r"interrupted: [^\n]+\n")

# `omaha report`, storing the player rows in batches of 5,000 hands, with Ctrl-C pressed
# right after the third commit (the first marks the update as pending; then one per batch)
REPORT_AFTER_TWO_BATCHES = ctrl_c_after_third_commit(
    "from analysis.reports import queries\nqueries.BATCH_HANDS = 5_000\n"
)


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of generated hands (copies renumbered), imported, nothing else done."""
    folder = tmp_path_factory.mktemp("ctrl_c")
    generator.generate(folder / "block.txt", GENERATED_HANDS, seed=11, workers=2)
    block = (folder / "block.txt").read_bytes()
    with (folder / "hands.txt").open("wb") as out:
        for copy in range(COPIES):
            out.write(block.replace(b"PokerStars Hand #2", f"PokerStars Hand #{copy + 2}".encode()))
    db = folder / "omaha.duckdb"
    assert importer.import_paths([folder / "hands.txt"], db).imported == HANDS
    return db


@pytest.fixture(scope="module")
def players_csv(stored: Path, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The players report of the database, made without interruption."""
    db = tmp_path_factory.mktemp("reference") / "omaha.duckdb"
    shutil.copy(stored, db)
    return _run("report", "players", "--db", str(db), "--format", "csv").stdout


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([str(OMAHA), *args], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done


def _same_report(got: str, expected: str) -> None:
    """The same csv rows; a float may differ in its last decimal (a sum of doubles depends
    on the order the stored rows are read in), and is then written without its decimals
    when it comes out whole (``-31`` against ``-31.01``); counts are equal."""
    got_rows, expected_rows = (list(csv.reader(io.StringIO(text))) for text in (got, expected))
    assert len(got_rows) == len(expected_rows)
    for row, other in zip(got_rows, expected_rows, strict=True):
        for value, wanted in zip(row, other, strict=True):
            if value != wanted:
                assert "." in value + wanted, (value, wanted)
                assert math.isclose(float(value), float(wanted), abs_tol=0.011), (value, wanted)


def _copy(stored: Path, tmp_path: Path) -> Path:
    db = tmp_path / "omaha.duckdb"
    shutil.copy(stored, db)
    return db


# A ``python -c`` script running the ``omaha`` command line with ``patch`` applied, where
# the patch calls ``press()`` at the point Ctrl-C is to be pressed: SIGINT to the whole
# process group, workers too, as a terminal sends it (the process runs in a session of its
# own), the moment written to the file named by $OMAHA_PRESSED. Pressed at a point of the
# work, not after a fixed time, so a loaded machine cannot press it before the command has
# started or after it has ended.
_PRESS = """
import os, signal, sys, threading, time
def press():
    with open(os.environ["OMAHA_PRESSED"], "w") as moment:
        moment.write(repr(time.monotonic()))
    os.killpg(os.getpgrp(), signal.SIGINT)
{patch}
from analysis.cli import app
sys.argv[0] = "omaha"
app()
"""
# after the first commit of the database
AT_FIRST_COMMIT = """
from ingest import store
commit = store.commit_and_continue
def commit_and_press(con):
    commit(con)
    press()
store.commit_and_continue = commit_and_press
"""
# when the first batch of the stage named {stage!r} is done
IN_STAGE = """
from analysis.allin import stage as allin_stage
from analysis.audit import stage as audit_stage
def pressing(module):
    run_stage = module.run_stage
    def run(stage, db_path, redo, workers, progress, batch_hands, *rest):
        def done(count, total):
            if progress is not None:
                progress(count, total)
            if stage.name == {stage!r}:
                press()
        return run_stage(stage, db_path, redo, workers, done, batch_hands, *rest)
    module.run_stage = run
pressing(audit_stage)
pressing(allin_stage)
"""
# after the first block of hands is written
AFTER_FIRST_BLOCK = """
from ingest import generator
write = generator._write
def write_and_press(stream, text):
    written = write(stream, text)
    press()
    return written
generator._write = write_and_press
"""
# once the first batch of player rows is stored (batches of 5,000 hands)
AFTER_FIRST_ROWS = """
from analysis.reports import queries
queries.BATCH_HANDS = 5_000
from analysis.cli import importing
make_step = importing.step
def step_and_press(bar, description):
    advance = make_step(bar, description)
    def done(count, total):
        advance(count, total)
        if count:
            press()
    return done
importing.step = step_and_press
"""
# half a second into the query (the database opened, the query sent)
IN_THE_QUERY = """
from analysis.reports import queries
exact_sums = queries.exact_sums
def opened(con):
    threading.Timer(0.5, press).start()
    return exact_sums(con)
queries.exact_sums = opened
"""


def _ctrl_c(patch: str, *args: str) -> tuple[int, str, str, float]:
    """Run ``omaha *args`` with Ctrl-C pressed where ``patch`` says; exit code, stdout,
    stderr and the seconds it took to stop once pressed."""
    with tempfile.TemporaryDirectory() as folder:
        moment = Path(folder) / "pressed"
        process = subprocess.Popen(
            [sys.executable, "-c", _PRESS.format(patch=patch), *args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
            env={**os.environ, "OMAHA_PRESSED": str(moment)},
        )  # fmt: skip
        try:
            stdout, stderr = process.communicate(timeout=300)
        finally:
            if process.poll() is None:  # it did not stop: end it, and fail
                os.killpg(process.pid, signal.SIGKILL)
                process.communicate()
        ended = time.monotonic()
        assert moment.exists(), f"Ctrl-C was never pressed: {stderr}"
        return process.returncode, stdout, stderr, ended - float(moment.read_text())


def _one_line(code: int, stderr: str) -> str:
    assert code == 130, stderr
    assert LINE.fullmatch(stderr), stderr
    return stderr.removeprefix("interrupted: ").removesuffix("\n")


def _count(db: Path, sql: str) -> int:
    with store.connect(db, read_only=True) as con:
        return int(con.execute(sql).fetchall()[0][0])


def _tables(db: Path) -> set[str]:
    with store.connect(db, read_only=True) as con:
        found = con.execute("SELECT table_name FROM duckdb_tables()").fetchall()
    return {name for (name,) in found}


def test_report_ctrl_c_keeps_committed_rows_and_the_next_report_goes_on(
    stored: Path, players_csv: str, tmp_path: Path
) -> None:
    db = _copy(stored, tmp_path)
    code, stdout, stderr, _ = _ctrl_c(AT_FIRST_COMMIT, "report", "players", "--db", str(db))
    said = _one_line(code, stderr)
    kept = _count(db, "SELECT count(*) FROM report_cache_hands")
    assert said.startswith(
        f"{kept:,} of the {HANDS:,} hands in {db} have their player rows stored (each batch "
        "committed whole, the rest rolled back; the next report goes on from there); "
    ), said
    assert said.endswith(("; no report printed", "; the report was not printed whole")), said
    if said.endswith("no report printed"):
        assert stdout == ""
    again = _run("report", "players", "--db", str(db), "--format", "csv")
    _same_report(again.stdout, players_csv)
    assert _count(db, "SELECT count(*) FROM report_cache_hands") == HANDS


def test_import_ctrl_c_while_storing_player_rows_keeps_the_import(
    stored: Path, players_csv: str, tmp_path: Path
) -> None:
    """The import's last step stores the player rows: Ctrl-C there keeps every hand
    imported and the rows of each batch committed, and the next report goes on."""
    db = tmp_path / "omaha.duckdb"
    code, _, stderr, _ = _ctrl_c(AFTER_FIRST_ROWS, "import", str(stored.parent / "hands.txt"),
                                 "--db", str(db))  # fmt: skip
    assert code == 130, stderr
    assert stderr.splitlines()[-1] == (
        f"interrupted: the import stays; 5,000 of the {HANDS:,} hands in {db} have their player "
        "rows stored (each batch committed whole, the rest rolled back; the next report goes "
        "on from there)"
    )
    assert _count(db, "SELECT count(*) FROM hands") == HANDS
    assert _count(db, "SELECT count(*) FROM report_cache_hands") == 5_000
    again = _run("report", "players", "--db", str(db), "--format", "csv")
    _same_report(again.stdout, players_csv)
    assert _count(db, "SELECT count(*) FROM report_cache_hands") == HANDS


def test_report_ctrl_c_after_two_batches_says_what_stays(
    stored: Path, players_csv: str, tmp_path: Path
) -> None:
    db = _copy(stored, tmp_path)
    command = [sys.executable, "-c", REPORT_AFTER_TWO_BATCHES, "report", "players", "--db",
               str(db)]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert _one_line(done.returncode, done.stderr) == (
        f"10,000 of the 40,000 hands in {db} have their player rows stored (each batch "
        "committed whole, the rest rolled back; the next report goes on from there); no "
        "report printed"
    )
    assert done.stdout == ""
    assert _count(db, "SELECT count(*) FROM report_cache_hands") == 10_000
    again = _run("report", "players", "--db", str(db), "--format", "csv")
    _same_report(again.stdout, players_csv)


def _after_two_batches(*args: str) -> tuple[int, str]:
    """Exit code and stderr of a command whose player rows are stored in batches of 5,000
    hands, Ctrl-C pressed after the second batch is committed (whatever the machine's
    speed)."""
    done = subprocess.run([sys.executable, "-c", REPORT_AFTER_TWO_BATCHES, *args],
                          capture_output=True, text=True, timeout=300)  # fmt: skip
    return done.returncode, done.stderr


def test_report_to_a_file_ctrl_c_leaves_no_file(stored: Path, tmp_path: Path) -> None:
    db, out = _copy(stored, tmp_path), tmp_path / "players.csv"
    code, stderr = _after_two_batches("report", "players", "--db", str(db), "--out", str(out))
    assert _one_line(code, stderr).endswith(f"; {out} not written")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["omaha.duckdb"]


def test_graph_ctrl_c_writes_no_image(stored: Path, tmp_path: Path) -> None:
    db, out = _copy(stored, tmp_path), tmp_path / "hero.html"
    code, stderr = _after_two_batches("graph", "--db", str(db), "--out", str(out))
    assert _one_line(code, stderr).endswith(f"; {out} not written")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["omaha.duckdb"]


def _audit_consistent(db: Path) -> tuple[int, int]:
    """Hands audited and hands looked at for their all-in equity, checked: each audited
    hand once with its awards, no award or all-in row of a hand not done."""
    tables = _tables(db)
    audited = seen = 0
    if "audit_hands" in tables:
        audited = _count(db, "SELECT count(*) FROM audit_hands")
        assert audited == _count(db, "SELECT count(DISTINCT (site, hand_id)) FROM audit_hands")
        assert audited == _count(db, "SELECT count(DISTINCT (site, hand_id)) FROM audit_awards")
        assert _count(db, "SELECT count(*) FROM audit_awards ANTI JOIN audit_hands "
                          "USING (site, hand_id)") == 0  # fmt: skip
    if "allin_seen" in tables:
        seen = _count(db, "SELECT count(*) FROM allin_seen")
        for name in ("allin_hands", "allin_equity", "allin_ev"):
            alone = f"SELECT count(*) FROM {name} ANTI JOIN allin_seen USING (site, hand_id)"
            assert _count(db, alone) == 0, name
    assert {name for name in tables if name.endswith("_todo")} == set()
    return audited, seen


def test_audit_ctrl_c_keeps_whole_batches(stored: Path, tmp_path: Path) -> None:
    db = _copy(stored, tmp_path)
    code, stdout, stderr, took = _ctrl_c(IN_STAGE.format(stage="audit"), "audit", "--db", str(db))
    audited, seen = _audit_consistent(db)
    assert _one_line(code, stderr) == (
        f"of the {HANDS:,} hands in {db}, {audited:,} stay audited and {seen:,} looked at for "
        "their all-in equity (each batch committed whole, the rest rolled back); omaha audit "
        "goes on from there"
    )
    assert stdout == ""
    assert took < 20  # the workers are stopped, not waited for
    assert sorted(path.name for path in tmp_path.iterdir()) == ["omaha.duckdb"]
    done = _run("audit", "--db", str(db), "--no-equity")
    assert f"audit: {HANDS - audited:,} hands in " in done.stderr
    assert _audit_consistent(db)[0] == HANDS


def test_audit_ctrl_c_in_the_all_in_step(stored: Path, tmp_path: Path) -> None:
    db = _copy(stored, tmp_path)
    _run("audit", "--db", str(db), "--no-equity")
    code, _, stderr, took = _ctrl_c(IN_STAGE.format(stage="allin"), "audit", "--db", str(db))
    audited, seen = _audit_consistent(db)
    assert audited == HANDS and seen < HANDS
    assert f", {HANDS:,} stay audited and {seen:,} looked at" in _one_line(code, stderr)
    assert took < 20
    assert sorted(path.name for path in tmp_path.iterdir()) == ["omaha.duckdb"]


def test_sql_ctrl_c_stops_the_query(stored: Path) -> None:
    endless = "SELECT count(*) FROM range(100000000000) t(x) WHERE x % 7 = 3"
    for files in ([], ["--allow-files"]):
        code, stdout, stderr, took = _ctrl_c(IN_THE_QUERY, "sql", endless, "--db", str(stored),
                                             *files)  # fmt: skip
        said = _one_line(code, stderr)
        assert said.startswith(f"{stored} is unchanged (omaha sql opens it read-only)")
        assert stdout == "" and took < 10


def test_generate_ctrl_c_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "hands.txt"
    code, _, stderr, _ = _ctrl_c(AFTER_FIRST_BLOCK, "generate", str(out), "--hands", "3000000")
    assert _one_line(code, stderr) == f"{out} not written (written whole or not at all)"
    assert list(tmp_path.iterdir()) == []
    out.write_text("kept\n")
    code, _, stderr, _ = _ctrl_c(AFTER_FIRST_BLOCK, "generate", str(out), "--hands", "3000000",
                                 "--force")  # fmt: skip
    assert _one_line(code, stderr) == f"{out} left as it was (written whole or not at all)"
    assert out.read_text() == "kept\n" and list(tmp_path.iterdir()) == [out]
