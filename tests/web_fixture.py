"""A small database for the web app's tests: the hands of ``sample_histories/`` and one
of them written again with its pot paid to the wrong player (a ``mismatch`` for the
audit page), imported, audited and its player rows stored, as ``omaha serve`` does."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

from analysis.web.database import AppDatabase
from ingest.importer import import_paths
from tests.damage import give_to_other

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
MISAWARDED = "399000000001"  # the number of the damaged copy


def misawarded_hand() -> str:
    """A sample hand with its first collection given to another player who showed down,
    under a number of its own."""
    for text in (SAMPLES / "omaha.txt").read_text(encoding="utf-8").split("\n\n\n"):
        damaged = give_to_other(text.strip() + "\n")
        if damaged is not None:
            return re.sub(r"Hand #\d+", f"Hand #{MISAWARDED}", damaged, count=1)
    raise AssertionError("no sample hand can be misawarded")


def build(folder: Path) -> AppDatabase:
    """The database in ``folder``, opened as the app opens it, audited."""
    histories = folder / "histories"
    shutil.copytree(SAMPLES, histories)
    (histories / "misawarded.txt").write_text(misawarded_hand(), encoding="utf-8")
    import_paths([histories], folder / "web.duckdb")
    db = AppDatabase(folder / "web.duckdb")
    job = db.catch_up()
    deadline = time.monotonic() + 300
    while job.state not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert job.state == "done", job.detail
    return db
