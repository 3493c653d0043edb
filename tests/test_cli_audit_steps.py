"""``omaha audit`` (the real script) reports each step, the audit proper, the all-in equity
step and the summary, with its hands and seconds, and shows a progress line for each long
step when stderr is a terminal, in the import's style."""

from __future__ import annotations

import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest

from ingest import importer, store

OMAHA = Path(sys.executable).with_name("omaha")
SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
SECONDS = r"\d+\.\d s"
RATE = r"(?:[\d,]+ hands/s|-)"


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    path = tmp_path / "omaha.duckdb"
    assert importer.import_paths([SAMPLES], path).imported == 320
    return path


def test_every_step_is_reported_with_its_hands_and_time(db: Path) -> None:
    done = subprocess.run([str(OMAHA), "audit", "--db", str(db)], capture_output=True,
                          text=True, timeout=300)  # fmt: skip
    assert done.returncode == 0, done.stderr
    with store.connect(db, read_only=True) as con:
        [(all_in,)] = con.execute("SELECT count(*) FROM allin_hands").fetchall()
    assert all_in > 0
    lines = done.stderr.splitlines()
    assert len(lines) == 4, lines
    assert re.fullmatch(rf"audit: 320 hands in {SECONDS} \({RATE}; finding them {SECONDS}, "
                        rf"replaying {SECONDS}, storing {SECONDS}\)", lines[0]), lines[0]
    assert re.fullmatch(rf"all-in equity: 320 hands in {SECONDS} \({RATE}; finding them "
                        rf"{SECONDS}, computing {SECONDS}, storing {SECONDS}\), {all_in} all-in "
                        r"hands among them", lines[1]), lines[1]  # fmt: skip
    assert re.fullmatch(rf"summary: {SECONDS}", lines[2]), lines[2]
    assert re.fullmatch(rf"320 hands audited in {SECONDS} in all", lines[3]), lines[3]
    total = float(lines[3].split(" in ")[1].split()[0])
    parts = [float(re.search(rf"in ({SECONDS})", line).group(1)[:-2])  # type: ignore[union-attr]
             for line in lines[:2]] + [float(lines[2].split()[1])]  # fmt: skip
    assert sum(parts) <= total + 0.15  # each step is part of the whole
    again = subprocess.run([str(OMAHA), "audit", "--db", str(db), "--no-equity"],
                           capture_output=True, text=True, timeout=300)  # fmt: skip
    assert again.stderr.splitlines()[:2] == [
        again.stderr.splitlines()[0], "all-in equity: not computed (--no-equity)"]
    assert again.stderr.startswith("audit: 0 hands in ")
    assert again.stderr.endswith("0 hands audited in " + again.stderr.rsplit(" in ", 2)[1]
                                 + " in all\n")  # fmt: skip


def test_a_progress_line_per_step_on_a_terminal(db: Path) -> None:
    """stderr on a pseudo-terminal: the progress lines of both steps are drawn."""
    master, slave = os.openpty()
    process = subprocess.Popen([str(OMAHA), "audit", "--db", str(db)], stdout=subprocess.PIPE,
                               stderr=slave, env={**os.environ, "COLUMNS": "120"})  # fmt: skip
    os.close(slave)
    drawn = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 1 << 16)
            except OSError:  # the command ended and closed the terminal
                break
            if not chunk:
                break
            drawn += chunk
        elif process.poll() is not None:
            break
    os.close(master)
    assert process.wait(timeout=300) == 0
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", drawn.decode(errors="replace"))
    assert "audit " in text and "finding the hands" in text
    assert re.search(r"audit +━+ 100% 320 of 320 hands, [\d,]+ hands/s", text), text[-2000:]
    assert re.search(r"all-in equity +━+ 100% 320 of 320 hands, [\d,]+ hands/s", text)
