"""The XML rooms' parse in worker processes (their parse is Python element by element, so
threads would queue for Python's lock): the same rows as one thread's parse, and Ctrl-C
pressed in a terminal (which sends it to every process of the command) ending the import as
it ends any other.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent)."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest

from bench.xml_import import hands_file
from ingest import importer, store
from ingest.engine.contract import Chunk, ParseResult, Site, concat_results
from ingest.sites import ipoker
from tests.test_import_interrupt import OMAHA, _consistent

XML_ROOMS = ("iPoker", "Merge", "Boss", "Everest", "Microgaming")
# the stored rows, in an order that does not depend on which job stored them first
ORDERED = {
    "hands": "site, hand_id",
    "players": "site, hand_id, seat, player",
    "actions": "site, hand_id, seq",
    "collections": "site, hand_id, board, pot, half, seat, player, amount",
    "import_errors": "source_file, byte_offset, reason",
    "import_skips": "source_file, byte_offset, reason",
}


def _rows(db: Path) -> dict[str, pa.Table]:
    with store.connect(db, read_only=True) as con:
        return {name: con.sql(f"SELECT * FROM {name} ORDER BY {order}").to_arrow_table()
                for name, order in ORDERED.items()}  # fmt: skip


class _CountedPool(ProcessPoolExecutor):
    """The importer's process pool, counting the jobs it was given."""

    jobs = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        _CountedPool.jobs += 1
        return super().submit(fn, *args, **kwargs)


def test_xml_rooms_parsed_in_processes_store_what_one_thread_stores(
    shared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders = [shared / part / room for part in ("corpus", "formats") for room in XML_ROOMS]
    alone = importer.import_paths(folders, tmp_path / "alone.duckdb", workers=1)
    monkeypatch.setattr(importer, "PROCESS_AFTER_BYTES", 0)  # every job to the processes
    monkeypatch.setattr(importer, "ProcessPoolExecutor", _CountedPool)
    _CountedPool.jobs = 0
    pooled = importer.import_paths(folders, tmp_path / "pooled.duckdb", workers=2)
    assert _CountedPool.jobs >= len(XML_ROOMS)  # at least a job of each room's files
    assert pooled.hands_seen > 700 and pooled.imported > 50  # the others skipped, not Omaha
    assert (pooled.imported, pooled.duplicates, pooled.skipped, pooled.errors) == (
        alone.imported, alone.duplicates, alone.skipped, alone.errors,
    )  # fmt: skip
    assert _rows(tmp_path / "pooled.duckdb") == _rows(tmp_path / "alone.duckdb")


@dataclasses.dataclass(frozen=True)
class _DyingInProcesses:
    """iPoker's reader, whose parse ends any process but the test's at once (as the system
    ends one out of memory)."""

    test_process: int
    reader: Site = ipoker.SITE

    def __getattr__(self, name: str) -> Any:
        return getattr(self.reader, name)

    def parse(self, chunk: Chunk) -> ParseResult:
        if os.getpid() != self.test_process:
            os._exit(9)
        return self.reader.parse(chunk)

    def parse_many(self, chunks: Sequence[Chunk]) -> ParseResult:
        return concat_results([self.parse(chunk) for chunk in chunks])


def test_a_parse_process_dying_leaves_its_jobs_to_threads(
    shared: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = hands_file("ipoker", 3_000, tmp_path)  # 9 MB: five jobs
    alone = importer.import_paths([path], tmp_path / "alone.duckdb", workers=1)
    dying = _DyingInProcesses(os.getpid())
    monkeypatch.setattr(importer, "detect_site", lambda head: dying)
    monkeypatch.setattr(importer, "PROCESS_AFTER_BYTES", 0)
    monkeypatch.setattr(importer, "ProcessPoolExecutor", _CountedPool)
    _CountedPool.jobs = 0
    pooled = importer.import_paths([path], tmp_path / "pooled.duckdb", workers=2)
    assert _CountedPool.jobs >= 1
    assert (pooled.imported, pooled.errors) == (alone.imported, 0) == (3_000, 0)
    assert _rows(tmp_path / "pooled.duckdb") == _rows(tmp_path / "alone.duckdb")


def test_a_python_bound_sites_chunks_are_smaller() -> None:
    from ingest.sites import ipoker, pokerstars

    assert importer.chunk_bytes(pokerstars.SITE) == importer.CHUNK_BYTES
    assert importer.chunk_bytes(ipoker.SITE) * importer.PYTHON_BOUND_SHARE == importer.CHUNK_BYTES


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: the import parses in threads")
def test_ctrl_c_in_a_terminal_stops_an_import_parsing_in_processes(
    shared: Path, tmp_path: Path
) -> None:
    """Ctrl-C sent to every process of the command while the parse processes run: the
    import ends in its one line, the database consistent."""
    path = hands_file("ipoker", 20_000, tmp_path)  # 60 MB: some ten seconds on 2 cores
    db = tmp_path / "omaha.duckdb"
    # its own process group, as a terminal's command is: Ctrl-C is sent to the whole group
    process = subprocess.Popen([str(OMAHA), "import", str(path), "--db", str(db)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)  # fmt: skip
    # each parse process (one a core) leaves Ctrl-C to the main process and yields to the
    # writer, as the threads do: awaited until all are so, or 30 s
    expected = [("ignored", max(os.getpriority(os.PRIO_PROCESS, 0), importer.PARSE_NICENESS))]
    expected *= os.cpu_count() or 1
    settings: list[tuple[str, int]] = []
    deadline = time.monotonic() + 30
    while settings != expected and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        # the parse processes are the fork server's children, the command's grandchildren
        with contextlib.suppress(OSError):  # one ending as it is read
            settings = [_ctrl_c_and_niceness(pid) for child in _children(process.pid)
                        for pid in _children(child)]  # fmt: skip
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert settings == expected
    assert process.returncode == 130, stderr
    assert stderr.count("\n") == 1 and stderr.startswith("interrupted: "), stderr
    _consistent(db)


def _ctrl_c_and_niceness(pid: int) -> tuple[str, int]:
    """Whether the process ignores SIGINT, and its niceness (Linux's /proc)."""
    status = Path(f"/proc/{pid}/status").read_text()
    ignored = int(status.split("SigIgn:")[1].split()[0], 16)
    stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return ("ignored" if ignored >> (signal.SIGINT - 1) & 1 else "heeded", int(stat[16]))


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    found = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(stat[1]) == pid:
            found.append(int(entry))
    return found


pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads the processes from Linux's /proc")  # fmt: skip
