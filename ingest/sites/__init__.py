"""Site parsers: one module per poker room, each exposing the same small interface.

A site module provides ``SITE`` (its name), ``HAND_START`` (a bytes regex matching the
first line of every hand, used to split files into hand-aligned chunks), ``detect(head)``,
``parse(chunk)`` and ``parse_many(chunks)``. ``parse`` is a pure function from a chunk of
raw bytes to Arrow tables built against the schemas in :mod:`ingest.schemas`;
``parse_many`` gives the same rows for several chunks (whole small files) in one pass.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pyarrow as pa

from ingest import schemas


@dataclass(frozen=True)
class Chunk:
    """A hand-aligned slice of one file: raw bytes and where they start in the file."""

    data: bytes
    source_file: str
    byte_offset: int  # offset of data[0] in the file
    line_no: int  # 1-based line number of the first line of data
    encoding: str  # decoding to use for the whole file (detected once per file)


@dataclass(frozen=True)
class ParseResult:
    """Everything one chunk yields; each table follows the schema of the same name."""

    hands: pa.Table
    players: pa.Table
    actions: pa.Table
    collections: pa.Table
    import_errors: pa.Table
    import_skips: pa.Table

    @staticmethod
    def empty() -> ParseResult:
        """A result with no rows (one shared instance: results are never modified)."""
        return _EMPTY

    def tables(self) -> dict[str, pa.Table]:
        return {name: getattr(self, name) for name in schemas.TABLES}


_EMPTY = ParseResult(*(schemas.TABLES[name].empty_table() for name in schemas.TABLES))


def registry() -> dict[str, ModuleType]:
    """Site name -> parser module, in detection order."""
    from ingest.sites import pokerstars

    return {pokerstars.SITE: pokerstars}


@functools.cache
def parser_version(module: ModuleType) -> str:
    """The site's name and a digest of the code that reads its files (the site module and
    the ``ingest`` package it builds on): a file already read by the same parser, with the
    same content, need not be read again; any change to that code reads it again."""
    package = Path(__file__).resolve().parent.parent
    sources = [Path(str(module.__file__)).resolve(), *sorted(package.rglob("*.py"))]
    digest = hashlib.sha256()
    for path in dict.fromkeys(sources):
        digest.update(path.read_bytes())
    return f"{module.SITE}:{digest.hexdigest()[:16]}"


def detect_site(head: bytes) -> ModuleType | None:
    """The parser whose hand-start marker appears in the first bytes of a file, if any."""
    for module in registry().values():
        if module.detect(head):
            return module
    return None


__all__ = ["Chunk", "ParseResult", "detect_site", "parser_version", "registry"]
