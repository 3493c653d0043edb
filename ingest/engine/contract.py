"""What every site parser takes and gives: hand-aligned chunks in, Arrow tables out.

``Site`` is the contract the importer relies on; :class:`ingest.engine.site.TextSite`
implements it for the text formats from a room's grammar, and ``tests/fake_site.py`` is
the smallest implementation of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

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


def concat_results(results: Sequence[ParseResult]) -> ParseResult:
    """One result holding the rows of all ``results``."""
    if not results:
        return ParseResult.empty()
    tables = {
        name: pa.concat_tables([r.tables()[name] for r in results]) for name in schemas.TABLES
    }
    return ParseResult(**tables)


class Site(Protocol):
    """A parser for one file format (one module per format under ``ingest/sites/``)."""

    @property
    def name(self) -> str:
        """The format's name, stored as ``site`` with every row."""

    @property
    def hand_start(self) -> re.Pattern[bytes]:
        """Matches the first line of every hand (files are cut into chunks before it)."""

    @property
    def sources(self) -> Sequence[Path]:
        """The code that reads this format (its digest is the parser version)."""

    @property
    def zone_override(self) -> str | None:
        """The zone of times written without one, when the user named it (None: the
        format's own assumption)."""

    def with_zone(self, zone: str) -> Site:
        """This format with the times written without a zone read in ``zone``."""

    @property
    def python_bound(self) -> bool:
        """Whether its parse runs Python for every element it reads (the XML reader), so
        that it holds the interpreter's lock: threads cannot share it, processes can."""

    def detect(self, head: bytes) -> bool:
        """Whether a file starting with ``head`` is in this format."""

    def parse(self, chunk: Chunk) -> ParseResult:
        """All hands of a chunk as tables; never raises for bad input."""

    def parse_many(self, chunks: Sequence[Chunk]) -> ParseResult:
        """The hands of several chunks (whole small files) in one pass, as :meth:`parse`
        would give them one by one."""
