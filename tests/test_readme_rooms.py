"""What the README says of the rooms read holds: the Full Tilt histories it names as read
are read, the ones it names as not read yet are files in a format not supported."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest import importer
from ingest.reader import detect_encoding
from ingest.sites import detect_site, registry

README = Path(__file__).resolve().parents[1] / "README.md"
_HEADER = re.compile(r"`([^`]+#)`")


def _full_tilt_forms() -> tuple[list[str], list[str]]:
    """The headers the README's Full Tilt paragraph names as read, and as not read yet."""
    paragraphs = README.read_text("utf-8").split("\n\n")
    (paragraph,) = [p for p in paragraphs if p.startswith("Full Tilt: ")]
    read, not_read = " ".join(paragraph.split()).split("Not read yet")
    return _HEADER.findall(read), _HEADER.findall(not_read)


def _header(path: Path) -> str:
    """A history's first header, up to its ``#``."""
    head = path.read_bytes()[:4096]
    return head.decode(detect_encoding(head), "replace").lstrip("\ufeff").split("#", 1)[0] + "#"


def test_the_readme_names_the_full_tilt_headers_read_and_not_read() -> None:
    read, not_read = _full_tilt_forms()
    assert read and not_read
    for form in read:
        assert (
            detect_site(f"{form}1: Omaha Pot Limit ($1/$2)\n".encode()) is registry()["pokerstars"]
        ), form
    for form in not_read:
        assert detect_site(f"{form}1: Table T - $1/$2 - Pot Limit Omaha Hi\n".encode()) is None


def test_the_corpus_full_tilt_files_are_read_as_the_readme_says(
    corpus: Path, tmp_path: Path
) -> None:
    formats = corpus.parent / "formats" / "Stars"
    if not formats.is_dir():
        pytest.skip(f"format samples not found at {formats} (they live beside the checkout)")
    read, not_read = _full_tilt_forms()
    converted = sorted(formats.glob("*/*FullTilt*.txt"))
    native = sorted((corpus / "FTP").rglob("*.txt"))
    assert converted and native
    summary = importer.import_paths(converted, tmp_path / "converted.duckdb", workers=1)
    assert (summary.files_read, summary.unsupported_files) == (len(converted), 0)
    assert {_header(path) for path in converted} == set(read)
    summary = importer.import_paths(native, tmp_path / "native.duckdb", workers=1)
    assert (summary.files_read, summary.unsupported_files) == (0, len(native))
    assert {_header(path) for path in native} == set(not_read)
