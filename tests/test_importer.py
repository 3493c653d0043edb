"""The importer end to end on the fake site: outcomes per hand, duplicates, re-import, workers."""

from __future__ import annotations

import dataclasses
import os
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import fake_site
import pyarrow as pa
import pytest

from ingest import importer, store
from ingest.sites import Chunk, ParseResult, Site

FILE_A = b"""FAKE #1 ok
FAKE #2 skip other game: Razz
FAKE #3 error bad line
FAKE #4 raise
FAKE #5 ok
FAKE #1 ok
"""
FILE_B = b"FAKE #6 ok\nFAKE #5 ok\nFAKE #7 skip cancelled\n"


def _fake_detect(head: bytes) -> Site | None:
    return fake_site if fake_site.detect(head) else None


@pytest.fixture(autouse=True)
def fake_sites(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(importer, "detect_site", _fake_detect)


@pytest.fixture
def histories(tmp_path: Path) -> Path:
    folder = tmp_path / "histories"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_bytes(FILE_A)
    (folder / "sub" / "b.txt").write_bytes(FILE_B)
    (folder / "a.txt.hp").write_bytes(b"companion file, not a history")
    (folder / "notes.txt").write_bytes(b"shopping list\n")
    return folder


def _counts(db: Path) -> dict[str, int]:
    con = store.connect(db, read_only=True)
    try:
        return {
            name: int(store.query(con, f"SELECT count(*) AS n FROM {name}")["n"][0].as_py())
            for name in store.STORED_TABLES
        }
    finally:
        con.close()


def test_every_hand_ends_in_exactly_one_outcome(histories: Path, tmp_path: Path) -> None:
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([histories], db, workers=1)
    assert (summary.files, summary.imported, summary.duplicates) == (3, 3, 2)
    assert (summary.skipped, summary.errors, summary.hands_seen) == (2, 2, 9)
    assert (summary.files_read, summary.unsupported_files, summary.files_left_out) == (2, 1, 1)
    assert summary.skipped_by_reason == (("cancelled", 1), ("other game: Razz", 1))
    assert _counts(db) == {
        "hands": 3, "players": 6, "actions": 6, "collections": 3,
        "import_errors": 2, "import_skips": 2, "import_files": 3,
    }  # fmt: skip
    con = store.connect(db, read_only=True)
    errors = store.query(con, "SELECT source_file, byte_offset, line_no, reason FROM import_errors")
    con.close()
    by_reason = {row["reason"]: row for row in errors.to_pylist()}
    assert by_reason["bad line"]["line_no"] == 3
    assert by_reason["parser failure: ValueError: cannot parse hand 4"]["byte_offset"] == len(
        b"FAKE #1 ok\nFAKE #2 skip other game: Razz\nFAKE #3 error bad line\n"
    )
    con = store.connect(db, read_only=True)
    notes = store.query(con, "SELECT * FROM import_files WHERE parser IS NULL").to_pylist()
    con.close()
    assert [(row["source_file"], row["errors"]) for row in notes] == [
        (str(histories / "notes.txt"), 0)
    ]


def _outcome(summary: importer.ImportSummary) -> tuple[int, ...]:
    return (summary.imported, summary.duplicates, summary.skipped, summary.errors)


def _parses(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The names of the files the fake parser reads from now on."""
    read: set[str] = set()
    parse = fake_site.parse  # parse_many calls it for each chunk

    def counted(chunk: Chunk) -> ParseResult:
        read.add(Path(chunk.source_file).name)
        return parse(chunk)

    monkeypatch.setattr(fake_site, "parse", counted)
    return read


def test_reimport_adds_nothing_and_reads_no_unchanged_file(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "omaha.duckdb"
    importer.import_paths([histories], db, workers=1)
    before = _counts(db)
    read = _parses(monkeypatch)
    again = importer.import_paths([histories], db, workers=1)
    assert read == set()  # a.txt and b.txt unchanged; notes.txt is no history
    assert (again.files, again.unchanged_files, again.hands_seen) == (3, 2, 9)
    assert _outcome(again) == (0, 5, 2, 2)
    assert again.skipped_by_reason == (("cancelled", 1), ("other game: Razz", 1))
    assert _counts(db) == before
    reread = importer.import_paths([histories], db, workers=1, reread=True)
    assert read == {"a.txt", "b.txt"}
    assert dataclasses.replace(
        reread, seconds=0, unchanged_files=2, files_read=0
    ) == dataclasses.replace(again, seconds=0)
    assert _counts(db) == before


def test_a_changed_file_or_parser_reads_the_file_again(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "omaha.duckdb"
    importer.import_paths([histories], db, workers=1)
    read = _parses(monkeypatch)
    (histories / "sub" / "b.txt").write_bytes(FILE_B.replace(b"#6", b"#9"))  # same size
    same_size = importer.import_paths([histories], db, workers=1)
    assert read == {"b.txt"}
    assert (same_size.unchanged_files, *_outcome(same_size)) == (1, 1, 4, 2, 2)
    (histories / "sub" / "b.txt").write_bytes(FILE_B + b"FAKE #8 ok\n")
    read.clear()
    grown = importer.import_paths([histories], db, workers=1)
    assert read == {"b.txt"}
    read.clear()
    assert (grown.unchanged_files, *_outcome(grown)) == (1, 1, 5, 2, 2)
    # a new parser version reads everything again, once
    monkeypatch.setattr(importer, "parser_version", lambda site: "fake:another")
    newer = importer.import_paths([histories], db, workers=1)
    assert read == {"a.txt", "b.txt"}
    read.clear()
    assert (newer.unchanged_files, *_outcome(newer)) == (0, 0, 6, 2, 2)
    importer.import_paths([histories], db, workers=1)
    assert read == set()
    assert _counts(db)["import_files"] == 7  # a, b, b #9, b grown, then a and b grown anew


def test_a_file_whose_skip_rows_are_gone_is_read_again(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "omaha.duckdb"
    importer.import_paths([histories], db, workers=1)
    con = store.connect(db)
    con.execute("DELETE FROM import_skips WHERE reason = 'cancelled'")
    con.close()
    read = _parses(monkeypatch)
    again = importer.import_paths([histories], db, workers=1)
    assert read == {"b.txt"}  # its skip rows no longer match its count: read, not trusted
    assert _outcome(again) == (0, 5, 2, 2)
    assert _counts(db)["import_skips"] == 2


def test_parse_threads_match_one_worker(histories: Path, tmp_path: Path) -> None:
    one = importer.import_paths([histories], tmp_path / "one.duckdb", workers=1)
    two = importer.import_paths([histories], tmp_path / "two.duckdb", workers=2)
    assert (one.imported, one.duplicates, one.skipped, one.errors) == (
        two.imported, two.duplicates, two.skipped, two.errors,
    )  # fmt: skip
    assert _counts(tmp_path / "one.duckdb") == _counts(tmp_path / "two.duckdb")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="per-thread niceness is Linux's")
def test_parse_threads_yield_to_the_writer(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    niceness: list[int] = []
    parse = importer.parse_chunks

    def parse_and_note(site: Site, chunks: Sequence[Chunk]) -> ParseResult:
        niceness.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return parse(site, chunks)

    monkeypatch.setattr(importer, "parse_chunks", parse_and_note)
    ours = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    importer.import_paths([histories], tmp_path / "x.duckdb", workers=2)
    assert niceness
    assert set(niceness) == {max(ours, importer.PARSE_NICENESS)}
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == ours  # the writer's


def test_small_files_are_parsed_together_with_the_same_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "small"
    folder.mkdir()
    files = (("1.txt", FILE_A), ("2.txt", FILE_B), ("3.txt", b"FAKE #8 ok\n"), ("4.txt", b""))
    for name, text in files:
        (folder / name).write_bytes(text)
    jobs: list[int] = []
    parse_many = fake_site.parse_many

    def counted(chunks: Sequence[Chunk]) -> ParseResult:
        jobs.append(len(chunks))
        return parse_many(chunks)

    monkeypatch.setattr(fake_site, "parse_many", counted)
    together = importer.import_paths([folder], tmp_path / "together.duckdb", workers=2)
    assert jobs == [3]  # three small files, one parse
    monkeypatch.setattr(importer, "CHUNK_BYTES", 30)  # every file is now a large one
    apart = importer.import_paths([folder], tmp_path / "apart.duckdb", workers=2)
    assert jobs == [3]
    assert together == dataclasses.replace(apart, seconds=together.seconds)
    assert _counts(tmp_path / "together.duckdb") == _counts(tmp_path / "apart.duckdb")


@pytest.mark.parametrize(("batch_bytes", "batches"), [(1 << 30, 1), (1, 2)])
def test_a_batch_is_inserted_at_its_hands_or_its_bytes(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch_bytes: int,
    batches: int,
) -> None:  # fmt: skip
    """Two jobs (a.txt, then b.txt): one batch, or one a job once a job's tables reach the
    bytes of a batch, with the same outcome."""
    inserted: list[int] = []
    insert = store.insert_batch

    def counted(con: Any, tables: dict[str, pa.Table]) -> store.BatchOutcome:
        inserted.append(tables["hands"].num_rows)
        return insert(con, tables)

    monkeypatch.setattr(store, "insert_batch", counted)
    monkeypatch.setattr(importer, "CHUNK_BYTES", 100)  # a.txt and b.txt parsed apart
    monkeypatch.setattr(importer, "BATCH_BYTES", batch_bytes)
    summary = importer.import_paths([histories], tmp_path / "x.duckdb", workers=1)
    assert inserted == ([5] if batches == 1 else [3, 2])  # the hands rows of a.txt, of b.txt
    assert _outcome(summary) == (3, 2, 2, 2)  # #1 and #5 are in a.txt too


def test_progress_reports_every_file(histories: Path, tmp_path: Path) -> None:
    seen: list[importer.ImportProgress] = []
    importer.import_paths([histories], tmp_path / "db.duckdb", workers=1, progress=seen.append)
    last = seen[-1]
    assert (last.files_done, last.files_total, last.hands_seen) == (3, 3, 9)
    assert last.bytes_done == last.bytes_total == len(FILE_A) + len(FILE_B) + 14  # notes.txt


def test_interrupted_import_keeps_only_committed_batches(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importer, "BATCH_HANDS", 1)
    monkeypatch.setattr(importer, "COMMIT_HANDS", 3)
    monkeypatch.setattr(importer, "CHUNK_BYTES", 100)  # a.txt and b.txt parsed apart

    def stop_after_last_file(step: importer.ImportProgress) -> None:
        if step.files_done == step.files_total:
            raise KeyboardInterrupt

    db = tmp_path / "db.duckdb"
    with pytest.raises(KeyboardInterrupt):
        importer.import_paths([histories], db, workers=2, progress=stop_after_last_file)
    counts = _counts(db)
    # a.txt's batch (three hand rows: #1, #5 and #1 again) reached COMMIT_HANDS and stays,
    # with its error and skip rows; the batches after it (notes.txt's error row, b.txt's
    # two hand rows and its skip) are rolled back
    assert (counts["hands"], counts["players"], counts["import_errors"]) == (2, 4, 2)
    assert (counts["import_skips"], counts["import_files"]) == (1, 0)
    again = importer.import_paths([histories], db, workers=2)
    assert (again.imported, again.duplicates, again.unchanged_files) == (1, 4, 0)


def test_companions_skipped_in_folders_but_not_when_named(histories: Path) -> None:
    listed = importer.list_files([histories])
    assert [p.name for p in listed] == ["a.txt", "notes.txt", "b.txt"]
    assert importer.list_files([histories / "a.txt.hp"]) == [histories / "a.txt.hp"]


def test_missing_path_is_refused(tmp_path: Path) -> None:
    with pytest.raises(importer.ImportPathError, match="no such file or folder"):
        importer.import_paths([tmp_path / "absent"], tmp_path / "db.duckdb")


def test_a_file_named_twice_is_read_once(histories: Path) -> None:
    listed = importer.list_files([histories / "a.txt", histories, histories / "a.txt"])
    assert [p.name for p in listed] == ["a.txt", "notes.txt", "b.txt"]
