"""Files an import leaves out, as the README's "What is read" says: hidden files in folders
and in zip archives (counted as left out, not read), and archives inside archives (files in
formats not supported, never read as the bytes they hold)."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

from ingest import archives, importer, store

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


def _sample(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def _stored_files(db: Path) -> dict[str, str | None]:
    """Each file's ``import_files`` row: its parser (None: not read)."""
    with store.connect(db, read_only=True) as con:
        rows = con.execute("SELECT source_file, parser FROM import_files").fetchall()
    return {name: parser for name, parser in rows}


def test_hidden_files_in_folders_and_zip_archives_are_left_out(tmp_path: Path) -> None:
    """Each sample file holds 40 hands of its own. Only ``omaha.txt`` and the zip's
    ``2024/omaha8.txt`` are read; the hidden file beside them and the hidden member
    are counted as left out, and no row names them."""
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "omaha.txt").write_bytes(_sample("omaha.txt"))
    (folder / ".omaha5.txt").write_bytes(_sample("omaha5.txt"))
    with zipfile.ZipFile(folder / "h.zip", "w") as archive:
        archive.writestr("2024/omaha8.txt", _sample("omaha8.txt"))
        archive.writestr("2024/.omaha6.txt", _sample("omaha6.txt"))
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([folder], db, workers=1)
    assert (summary.files, summary.files_read, summary.files_left_out) == (2, 2, 2)
    assert (summary.imported, summary.errors, summary.unsupported_files) == (80, 0, 0)
    assert set(_stored_files(db)) == {
        str(folder / "omaha.txt"),
        f"{folder / 'h.zip'}!2024/omaha8.txt",
    }


def test_a_hidden_file_named_is_read(tmp_path: Path) -> None:
    hidden = tmp_path / ".omaha5.txt"
    hidden.write_bytes(_sample("omaha5.txt"))
    summary = importer.import_paths([hidden], tmp_path / "omaha.duckdb", workers=1)
    assert (summary.files_read, summary.files_left_out, summary.imported) == (1, 0, 40)


def _stored_zip(name: str, data: bytes) -> bytes:
    """A zip archive holding ``data`` uncompressed: the history's text is in its bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr(name, data)
    return buffer.getvalue()


def _nested(folder: Path) -> dict[str, str]:
    """Three archives inside archives, each holding the history's text as it is in their
    bytes (a zip stored uncompressed, a gzip file of level 0): read as files, they would be
    taken for histories. Returns their sources' names (``archive!member``)."""
    history = _sample("omaha.txt")
    with zipfile.ZipFile(folder / "outer.zip", "w") as outer:
        outer.writestr("inner.zip", _stored_zip("omaha.txt", history))
        outer.writestr("omaha.txt.gz", gzip.compress(history, compresslevel=0))
    (folder / "inner.zip.gz").write_bytes(gzip.compress(_stored_zip("omaha.txt", history)))
    return {
        "inner": f"{folder / 'inner.zip.gz'}!inner.zip",
        "zip": f"{folder / 'outer.zip'}!inner.zip",
        "gz": f"{folder / 'outer.zip'}!omaha.txt.gz",
    }


def test_archives_inside_archives_are_formats_not_supported(tmp_path: Path) -> None:
    names = _nested(tmp_path)
    found = archives.find([tmp_path]).files
    reasons = {source.name: source.unsupported for f in found for source in archives.sources(f)}
    assert reasons == dict.fromkeys(names.values(), "archive inside an archive")


def test_no_hand_is_read_from_an_archive_inside_an_archive(tmp_path: Path) -> None:
    names = _nested(tmp_path)
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([tmp_path], db, workers=1)
    assert (summary.files, summary.unsupported_files, summary.files_read) == (3, 3, 0)
    assert (summary.hands_seen, summary.unreadable_files) == (0, 0)
    assert _stored_files(db) == dict.fromkeys(names.values())
