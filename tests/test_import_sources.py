"""What an import reads: archives, encodings, links, unreadable and empty files and folders,
paths from any working directory; and the summary that says so."""

from __future__ import annotations

import bz2
import gzip
import lzma
import os
import random
import re
import subprocess
import sys
import time
import tracemalloc
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import fake_site
import numba
import pytest
from numba.core import event
from typer.testing import CliRunner

from analysis.cli import app
from ingest import archives, importer, reader, store, warm
from ingest.reader import detect_encoding
from ingest.sites import Chunk, ParseResult, Site

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
Hands = tuple[frozenset[tuple[str, str]], frozenset[tuple[str, str, int, int]]]


def _stored(db: Path) -> Hands:
    """The stored hands' keys and every player's net."""
    with store.connect(db, read_only=True) as con:
        hands = con.execute("SELECT site, hand_id FROM hands").fetchall()
        nets = con.execute("SELECT site, hand_id, seat, net FROM players").fetchall()
    return frozenset(hands), frozenset(nets)


def _source_files(db: Path) -> set[str]:
    with store.connect(db, read_only=True) as con:
        return {row[0] for row in con.execute("SELECT DISTINCT source_file FROM hands").fetchall()}


@pytest.fixture(scope="module")
def folder_hands(tmp_path_factory: pytest.TempPathFactory) -> Hands:
    """The hands of ``sample_histories/`` imported from the folder."""
    db = tmp_path_factory.mktemp("folder") / "omaha.duckdb"
    summary = importer.import_paths([SAMPLES], db, workers=2)
    assert (summary.files_read, summary.imported, summary.errors) == (8, 320, 0)
    return _stored(db)


def _all_samples() -> bytes:
    return b"".join(path.read_bytes() for path in sorted(SAMPLES.glob("*.txt")))


def _zip(path: Path) -> str:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for sample in sorted(SAMPLES.glob("*.txt")):
            archive.write(sample, f"2024/{sample.name}")
        archive.writestr("2024/notes.md", "a companion: left out")
    return "2024/omaha.txt"


_COMPRESS: dict[str, Callable[[bytes], bytes]] = {
    "gz": gzip.compress, "bz2": bz2.compress, "xz": lzma.compress
}  # fmt: skip


@pytest.mark.parametrize("kind", ["zip", "gz", "bz2", "xz"])
def test_an_archive_imports_the_hands_of_the_folder(
    kind: str, folder_hands: Hands, tmp_path: Path
) -> None:
    archive = tmp_path / ("h.zip" if kind == "zip" else f"all.txt.{kind}")
    if kind == "zip":
        member = _zip(archive)
    else:
        archive.write_bytes(_COMPRESS[kind](_all_samples()))
        member = "all.txt"
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([archive], db, workers=2)
    assert (summary.imported, summary.errors, summary.unreadable_files) == (320, 0, 0)
    assert summary.files_read == (8 if kind == "zip" else 1)
    assert _stored(db) == folder_hands
    assert f"{archive}!{member}" in _source_files(db)
    again = importer.import_paths([archive], db, workers=2)
    assert (again.files_read, again.unchanged_files, again.duplicates) == (0, summary.files, 320)


_HAND_START = re.compile(rb"^PokerStars Hand #(\d+):", re.MULTILINE)


def _damaged_gz(text: bytes, path: Path) -> int:
    """A ``.gz`` file of ``text`` cut at three fifths; how much of the text it still holds."""
    whole = gzip.compress(text)
    path.write_bytes(whole[: len(whole) * 3 // 5])
    return len(zlib.decompressobj(31).decompress(whole[: len(whole) * 3 // 5]))


def _damaged_zip(text: bytes, path: Path) -> int:
    """A ``.zip`` archive holding ``text`` as ``all.txt``, the second half of its compressed
    bytes overwritten; how much of the text the first half holds."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("all.txt", text)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("all.txt")
    begin = info.header_offset + 30 + len(info.filename) + len(info.extra)
    half = begin + info.compress_size // 2
    intact = zlib.decompressobj(-15).decompress(bytes(data[begin:half]))
    data[half : begin + info.compress_size] = random.Random(0).randbytes(
        begin + info.compress_size - half
    )
    path.write_bytes(data)
    return len(intact)


@pytest.mark.parametrize("kind", ["gz", "zip"])
def test_a_damaged_archive_member_keeps_the_hands_before_the_damage(
    kind: str, folder_hands: Hands, tmp_path: Path
) -> None:
    text = _all_samples()
    archive = tmp_path / ("all.txt.gz" if kind == "gz" else "all.zip")
    intact = (_damaged_gz if kind == "gz" else _damaged_zip)(text, archive)
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([archive], db, workers=1)
    ((name, reason),) = summary.not_read
    assert (name, summary.unreadable_files, summary.files_read) == (f"{archive}!all.txt", 1, 0)
    assert reason.startswith("not read to its end: ")
    read_to = int(reason.rsplit("; hands read up to byte ", 1)[1])
    # all but the last piece read before the damage, less the hand it cut short
    assert intact - 2 * reader.READ_BYTES < read_to <= len(text)
    before = {m.group(1).decode() for m in _HAND_START.finditer(text) if m.start() < read_to}
    hands, nets = _stored(db)
    assert {hand_id for _, hand_id in hands} == before
    assert hands <= folder_hands[0] and nets <= folder_hands[1]
    assert (summary.imported, summary.errors) == (len(before), 0)


def test_a_damaged_zip_archive_is_reported(tmp_path: Path) -> None:
    (tmp_path / "other.zip").write_bytes(b"PK\x03\x04 not really a zip")
    summary = importer.import_paths([tmp_path], tmp_path / "omaha.duckdb", workers=1)
    assert (summary.unreadable_files, summary.files_read, summary.hands_seen) == (1, 0, 0)
    assert summary.not_read == (
        (str(tmp_path / "other.zip"), "damaged zip archive (File is not a zip file)"),
    )


def test_a_file_of_one_long_line_is_reported_in_bounded_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importer, "CHUNK_BYTES", 1 << 20)
    hands = (SAMPLES / "omaha.txt").read_bytes()
    path = tmp_path / "long.txt"
    with path.open("wb") as out:
        out.write(hands)
        for _ in range(50):  # 50 MB with no line end
            out.write(b"x" * (1 << 20))
    # the parser's compiled scans loaded first: their code is not the reading's memory
    importer.import_paths([SAMPLES / "omaha.txt"], tmp_path / "warm.duckdb", workers=1)
    began = time.process_time()  # this process's CPU: a loaded machine does not add to it
    tracemalloc.start()
    try:
        summary = importer.import_paths([path], tmp_path / "omaha.duckdb", workers=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 10 << 20, f"{peak / 2**20:.0f} MB held"
    assert time.process_time() - began < 10
    line_no = hands.count(b"\n") + 1
    assert summary.not_read == ((str(path), (
        f"not read to its end: line {line_no} at byte {len(hands)} runs over 1 MB with no "
        f"line end: no hand has such a line; hands read up to byte {len(hands)}"
    )),)  # fmt: skip
    assert (summary.imported, summary.errors, summary.unreadable_files) == (40, 0, 1)


def test_archives_inside_archives_and_7z_are_formats_not_supported(tmp_path: Path) -> None:
    with zipfile.ZipFile(tmp_path / "outer.zip", "w") as archive:
        archive.writestr("inner.zip", b"PK")
    (tmp_path / "h.7z").write_bytes(b"7z\xbc\xaf\x27\x1c")
    (tmp_path / "h.tar.gz").write_bytes(gzip.compress(b"tar"))
    summary = importer.import_paths([tmp_path], tmp_path / "omaha.duckdb", workers=1)
    assert (summary.files, summary.unsupported_files, summary.hands_seen) == (3, 3, 0)


def test_a_file_in_memory_gives_the_sources_of_the_file_on_disk(tmp_path: Path) -> None:
    """A file read whole by Spark from a URL: the same members, bytes and reasons as the
    file on disk, named by the URL."""
    text = (SAMPLES / "omaha.txt").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.zip", "w") as archive:
        archive.writestr("b.txt", text)
        archive.writestr(".hidden.txt", text)
        archive.writestr("inner.zip", b"PK")
    (tmp_path / "c.txt.gz").write_bytes(gzip.compress(text))
    (tmp_path / "d.txt").write_bytes(text)
    (tmp_path / "e.zip").write_bytes(b"PK\x03\x04 not really a zip")
    (tmp_path / "f.7z").write_bytes(b"7z")

    def seen(source: archives.Source) -> tuple[object, ...]:
        data = b"" if source.unsupported or source.unreadable else archives.head(source, 1 << 20)
        return source.size, source.stored, source.unsupported, source.unreadable, data

    for found in archives.find([tmp_path]).files:
        url = f"hdfs://head/h/{found.path.name}"
        on_disk = {s.name.replace(str(found.path), url): seen(s) for s in archives.sources(found)}
        in_memory = archives.sources_in(url, found.path.read_bytes())
        assert {s.name: seen(s) for s in in_memory} == on_disk, found.path.name
        assert on_disk


def test_reimport_from_another_working_directory_reads_nothing_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    histories = tmp_path / "histories"
    histories.mkdir()
    for name in ("omaha.txt", "omaha8.txt"):
        (histories / name).write_bytes((SAMPLES / name).read_bytes())
    _zip(histories / "more.zip")
    db = tmp_path / "omaha.duckdb"
    monkeypatch.chdir(tmp_path)
    first = importer.import_paths(["histories"], db, workers=1)
    assert (first.files_read, first.imported) == (10, 320)
    with store.connect(db, read_only=True) as con:
        files = {row[0] for row in con.execute("SELECT source_file FROM import_files").fetchall()}
    assert {str(histories / "omaha.txt"), f"{histories / 'more.zip'}!2024/omaha.txt"} <= files
    monkeypatch.chdir(histories)
    again = importer.import_paths(["."], db, workers=1)
    assert (again.files_read, again.unchanged_files, again.duplicates) == (0, 10, 400)
    from_elsewhere = subprocess.run(
        [sys.executable, "-c", "import sys; from ingest import importer; "
         "s = importer.import_paths(['histories'], sys.argv[1]); print(s.unchanged_files)",
         str(db)],
        cwd=tmp_path, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert from_elsewhere.stdout == "10\n"


def test_a_symlink_loop_is_reported_and_a_linked_folder_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "omaha.txt").write_bytes((SAMPLES / "omaha.txt").read_bytes())
    walked = tmp_path / "walked" / "sub"
    walked.mkdir(parents=True)
    (walked / "loop").symlink_to(walked.parent)
    (walked / "linked").symlink_to(outside)
    (walked / "dangling.txt").symlink_to(tmp_path / "absent.txt")
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([walked.parent], db, workers=1)
    assert (summary.files_read, summary.imported) == (1, 40)
    assert _source_files(db) == {str(outside / "omaha.txt")}  # its real path
    assert (summary.unreadable_folders, summary.unreadable_files) == (1, 1)
    assert dict(summary.not_read) == {
        str(walked / "loop"): f"symbolic link loop back to {walked.parent}",
        str(walked / "dangling.txt"): "broken symbolic link",
    }


def _deny(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``folder`` unreadable: by its mode, or (as root, whom modes do not stop) by
    failing the listing of it as the system would."""
    if os.geteuid() != 0:
        folder.chmod(0)
        return
    scandir = os.scandir

    def denied(path: str | Path) -> object:
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(archives.os, "scandir", denied)


def test_an_unreadable_folder_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    locked = tmp_path / "histories" / "locked"
    locked.mkdir(parents=True)
    (locked / "omaha.txt").write_bytes((SAMPLES / "omaha.txt").read_bytes())
    (tmp_path / "histories" / "omaha8.txt").write_bytes((SAMPLES / "omaha8.txt").read_bytes())
    _deny(locked, monkeypatch)
    try:
        summary = importer.import_paths([tmp_path / "histories"], tmp_path / "x.duckdb")
    finally:
        locked.chmod(0o755)
    assert (summary.files_read, summary.imported, summary.unreadable_folders) == (1, 40, 1)
    assert summary.not_read == ((str(locked), "permission denied"),)


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_byte_order_mark_imports(
    encoding: str, folder_hands: Hands, tmp_path: Path
) -> None:
    text = (SAMPLES / "omaha8.txt").read_text("utf-8")
    (tmp_path / "omaha8.txt").write_bytes(text.encode(encoding))
    assert detect_encoding(text.encode(encoding)[:4096]) == encoding
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([tmp_path / "omaha8.txt"], db, workers=1)
    assert (summary.imported, summary.errors) == (40, 0)
    hands, nets = _stored(db)
    assert hands <= folder_hands[0] and nets <= folder_hands[1] and len(hands) == 40


def _offsets(db: Path) -> set[tuple[str, int]]:
    with store.connect(db, read_only=True) as con:
        return set(con.execute("SELECT hand_id, byte_offset FROM hands").fetchall())


def test_lines_ending_with_a_carriage_return_alone_import_as_with_line_feeds(
    tmp_path: Path,
) -> None:
    text = (SAMPLES / "omaha8.txt").read_bytes()
    (tmp_path / "lf").mkdir()
    (tmp_path / "cr").mkdir()
    (tmp_path / "lf" / "omaha8.txt").write_bytes(b"# exported 2004\n" + text)
    (tmp_path / "cr" / "omaha8.txt").write_bytes(
        (b"# exported 2004\n" + text).replace(b"\n", b"\r")
    )
    summaries = {}
    for kind in ("lf", "cr"):
        db = tmp_path / f"{kind}.duckdb"
        summaries[kind] = importer.import_paths([tmp_path / kind], db, workers=1)
    lf, cr = summaries["lf"], summaries["cr"]
    assert (
        (cr.imported, cr.skipped, cr.errors) == (lf.imported, lf.skipped, lf.errors) == (40, 0, 0)
    )
    assert _stored(tmp_path / "cr.duckdb") == _stored(tmp_path / "lf.duckdb")
    assert _offsets(tmp_path / "cr.duckdb") == _offsets(tmp_path / "lf.duckdb")


def test_empty_files_are_counted_as_files_not_hands(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "blank.txt").write_bytes(b"\xef\xbb\xbf\r\n  \n")
    (tmp_path / "omaha.txt").write_bytes((SAMPLES / "omaha.txt").read_bytes())
    summary = importer.import_paths([tmp_path], tmp_path / "omaha.duckdb", workers=1)
    assert (summary.files, summary.empty_files, summary.files_read) == (3, 2, 1)
    assert (summary.hands_seen, summary.errors) == (40, 0)


def _fake_detect(head: bytes) -> Site | None:
    return fake_site if fake_site.detect(head) else None


def test_the_summary_says_what_happened_to_every_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importer, "detect_site", _fake_detect)
    folder = tmp_path / "h"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_bytes(b"FAKE #1 ok\nFAKE #2 skip cancelled\nFAKE #3 error bad\n")
    (folder / "b.txt.gz").write_bytes(gzip.compress(b"FAKE #4 ok\n"))
    (folder / "empty.txt").write_bytes(b"")
    (folder / "x.pdf").write_bytes(b"%PDF")
    (folder / "sub" / "loop").symlink_to(folder)
    for name in ("c.dat", "d.dat"):
        (folder / name).write_bytes(b"\x00\x01 no history")
    db = tmp_path / "omaha.duckdb"
    result = CliRunner().invoke(app, ["import", str(folder), "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "unit     outcome                        count\n"
        "-------  -----------------------------  -----\n"
        "files    read                               2\n"
        "files    unchanged                          0\n"
        "files    in formats not supported           2\n"
        "files    empty                              1\n"
        "files    unreadable                         0\n"
        "files    left out (hidden, companions)      1\n"
        "folders  unreadable                         1\n"
        "hands    imported                           2\n"
        "hands    duplicates                         0\n"
        "hands    skipped: cancelled                 1\n"
        "hands    errors                             1\n"
    )
    lines = result.stderr.splitlines()
    assert lines[0].startswith("5 files, 4 hands in ")
    assert lines[-1].startswith("player rows for the reports stored in ")
    assert lines[1:-1] == [
        f"not read: {folder / 'sub' / 'loop'}: symbolic link loop back to {folder}",
        f'files not read: omaha sql "SELECT source_file, size FROM import_files '
        f'WHERE parser IS NULL" --db {db}',
        f'error details: omaha sql "SELECT * FROM import_errors" --db {db}',
    ]


def test_the_progress_says_when_the_parser_compiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importer, "detect_site", _fake_detect)
    parse = fake_site.parse

    def compiling_parse(chunk: Chunk) -> ParseResult:
        numba.njit(lambda x: x + 1)(1)  # a new function: compiled now
        return parse(chunk)

    class Slow(event.Listener):  # keeps the compile running long enough to be seen
        def on_start(self, happened: event.Event) -> None:
            pass

        def on_end(self, happened: event.Event) -> None:  # before the import's own listener
            time.sleep(3 * importer.PROGRESS_SECONDS)

    monkeypatch.setattr(fake_site, "parse", compiling_parse)
    (tmp_path / "a.txt").write_bytes(b"FAKE #1 ok\n")
    seen: list[importer.ImportProgress] = []
    with event.install_listener("numba:compile", Slow()):
        importer.import_paths([tmp_path / "a.txt"], tmp_path / "x.duckdb", 1, seen.append)
    assert any(step.compiling for step in seen) and not seen[-1].compiling


def test_the_warm_up_compiles_all_an_import_of_the_samples_needs(tmp_path: Path) -> None:
    script = (
        "import sys\n"
        "from numba.core import event\n"
        "from ingest import importer, warm\n"
        "warm.warm()\n"
        "with event.install_recorder('numba:compile') as compiles:\n"
        "    importer.import_paths([sys.argv[1]], sys.argv[2])\n"
        "print(len(compiles.buffer))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(SAMPLES), str(tmp_path / "x.db")],
                          capture_output=True, text=True, check=True)  # fmt: skip
    assert done.stdout == "0\n", done.stderr
    assert warm.COMPILE_NOTE == "compiling the parser once, about 30 s"
