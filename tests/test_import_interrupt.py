"""Ctrl-C during an import: one line, exit code 130, what was committed stays and the rest
is rolled back, and the database stays consistent (every hand with its players)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ingest import generator, importer, store

OMAHA = Path(sys.executable).with_name("omaha")  # the console script of this environment
GENERATED_HANDS = 20_000
COPIES = 8  # renumbered copies: 160,000 distinct hands, several seconds to import


def ctrl_c_after_third_commit(setup: str) -> str:
    """A ``python -c`` script running the ``omaha`` command line after ``setup`` (smaller
    batches), with Ctrl-C pressed right after the third commit of the database."""
    return setup + _PRESS_AFTER_THIRD_COMMIT


_PRESS_AFTER_THIRD_COMMIT = """
import os, signal, sys
from ingest import store
commits = []
def commit_and_count(con):
    store_commit(con)
    commits.append(con)
    if len(commits) == 3:
        os.kill(os.getpid(), signal.SIGINT)
store_commit, store.commit_and_continue = store.commit_and_continue, commit_and_count
from analysis.cli import app
sys.argv[0] = "omaha"
app()
"""
# `omaha import` committing every batch (of 2,000 hands or more), Ctrl-C pressed right
# after the third commit
THIRD_COMMIT_CTRL_C = ctrl_c_after_third_commit(
    "from ingest import importer\nimporter.BATCH_HANDS = importer.COMMIT_HANDS = 2_000\n"
)


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A file of generated hands, copied with the hand numbers' first digit changed."""
    folder = tmp_path_factory.mktemp("interrupt")
    generator.generate(folder / "block.txt", GENERATED_HANDS, seed=5, workers=2)
    block = (folder / "block.txt").read_bytes()
    path = folder / "hands.txt"
    with path.open("wb") as out:
        for copy in range(COPIES):
            out.write(block.replace(b"PokerStars Hand #2", f"PokerStars Hand #{copy + 2}".encode()))
    return path


def _interrupt(command: list[str], db: Path) -> tuple[int, str]:
    """Run an import, press Ctrl-C 1.5 s after it opened its database; exit code, stderr."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while not db.exists() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.5)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    return process.returncode, stderr


def _consistent(db: Path) -> int:
    """The hands stored, checked: each with its players, no row of a hand not stored, and
    no file recorded (files are recorded when an import ends)."""
    with store.connect(db, read_only=True) as con:
        (hands, alone, orphans, files), = con.execute(
            "SELECT (SELECT count(*) FROM hands), "
            "(SELECT count(*) FROM hands h ANTI JOIN players p USING (site, hand_id)), "
            "(SELECT count(*) FROM players p ANTI JOIN hands h USING (site, hand_id)) "
            "+ (SELECT count(*) FROM actions a ANTI JOIN hands h USING (site, hand_id)), "
            "(SELECT count(*) FROM import_files)"
        ).fetchall()  # fmt: skip
    assert (alone, orphans, files) == (0, 0, 0)
    return int(hands)


def test_ctrl_c_ends_the_import_in_one_line(histories: Path, tmp_path: Path) -> None:
    db = tmp_path / "omaha.duckdb"
    code, stderr = _interrupt([str(OMAHA), "import", str(histories), "--db", str(db)], db)
    assert code == 130, stderr
    assert stderr.count("\n") == 1 and stderr.startswith("interrupted: "), stderr
    assert stderr.endswith("; import again to go on\n")
    _consistent(db)


def test_what_was_committed_stays_and_the_rest_is_rolled_back(
    histories: Path, tmp_path: Path
) -> None:
    db = tmp_path / "omaha.duckdb"
    command = [sys.executable, "-c", THIRD_COMMIT_CTRL_C, "import", str(histories), "--db", str(db)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=120)
    code, stderr = done.returncode, done.stderr
    assert code == 130, stderr
    said = re.fullmatch(
        rf"interrupted: ([\d,]+) hands committed to {re.escape(str(db))} stay, the rest was "
        r"rolled back; import again to go on\n",
        stderr,
    )
    assert said, stderr
    committed = int(said.group(1).replace(",", ""))
    assert 0 < committed < GENERATED_HANDS * COPIES
    assert _consistent(db) == committed
    rest = importer.import_paths([histories], db)
    assert (rest.imported, rest.duplicates, rest.errors) == (
        GENERATED_HANDS * COPIES - committed, committed, 0,
    )  # fmt: skip


def test_ctrl_c_in_the_library_raises_once_the_batch_is_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "hands.txt"
    generator.generate(path, 300, seed=6)
    monkeypatch.setattr(importer, "CHUNK_BYTES", 1 << 15)  # several jobs

    def press_ctrl_c(step: importer.ImportProgress) -> None:
        if step.hands_seen:
            os.kill(os.getpid(), signal.SIGINT)

    db = tmp_path / "omaha.duckdb"
    with pytest.raises(importer.ImportInterrupted) as stopped:
        importer.import_paths([path], db, workers=1, progress=press_ctrl_c)
    assert stopped.value.committed == 0
    assert _consistent(db) == 0
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
