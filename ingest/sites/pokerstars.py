"""PokerStars hand histories (text format) to Arrow tables, by compiled passes over whole chunks.

Also reads Run It Once Poker exports in PokerStars format, and histories converted to
this format by third-party tools (no currency code, no time zone). The work is done per
chunk, over all its lines at once: :mod:`ingest.sites.pokerstars_lines` classifies the
lines, :mod:`ingest.sites.pokerstars_build` turns them into checked tables.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from pathlib import Path

import polars as pl
import pyarrow as pa

from ingest import schemas
from ingest.reader import detect_encoding, iter_chunks
from ingest.sites import Chunk, ParseResult
from ingest.sites.pokerstars_build import build
from ingest.sites.pokerstars_lines import HEADER, classify
from ingest.text import split_chunks, split_lines

SITE = "pokerstars"
HAND_START = re.compile(
    rb"^(?:\xef\xbb\xbf)?(?:PokerStars|Run It Once Poker)(?: Home Game| Zoom)? (?:Hand|Game) #\d",
    re.MULTILINE,
)
# What a parse raises on input it does not expect (the chunk is then parsed hand by hand).
_FAILURES = (pl.exceptions.PolarsError, pa.ArrowException, ValueError, TypeError)
_HEADER_TEXT = re.compile(HEADER.replace(r"\x{FEFF}", "\ufeff"), re.MULTILINE)


def detect(head: bytes) -> bool:
    """Whether a file starting with ``head`` is a PokerStars-format history."""
    encoding = detect_encoding(head)
    text = head.decode(encoding, errors="replace")
    return _HEADER_TEXT.search(text[:65536]) is not None


def _tables(chunks: Sequence[Chunk]) -> ParseResult:
    """The tables of the chunks' hands, parsed in one pass (raises on a parser failure)."""
    return build(classify(split_chunks(chunks)), [c.source_file for c in chunks], SITE)


def parse(chunk: Chunk) -> ParseResult:
    """All hands of a chunk as tables; never raises for bad input.

    Each hand ends up as exactly one of: a ``hands`` row (with its players, actions and
    collections), an ``import_skips`` row or an ``import_errors`` row.
    """
    try:
        return _tables([chunk])
    except _FAILURES as exc:
        return _parse_hand_by_hand(chunk, exc)


def parse_many(chunks: Sequence[Chunk]) -> ParseResult:
    """The hands of several chunks (whole small files) in one pass, as :func:`parse` would
    give them one by one: a parse pays a fixed cost (about 80 ms) whatever its size, which
    a folder of small files would otherwise pay once per file."""
    try:
        return _tables(chunks)
    except _FAILURES:
        return concat_results([parse(chunk) for chunk in chunks])


def _parse_hand_by_hand(chunk: Chunk, cause: Exception) -> ParseResult:
    """Fallback after an unexpected failure on a whole chunk: parse each hand alone, so
    only the hands that really trigger the failure are lost, each as an error row."""
    lines = split_lines(chunk)
    header = pl.col("text").str.contains(HEADER)
    cuts = lines.filter(header)["idx"].to_list()
    if not cuts or cuts[0] != 0:
        cuts.insert(0, 0)
    data = chunk.data
    results = []
    bounds = [*cuts, len(lines)]
    for start, end in itertools.pairwise(bounds):
        if start == end:
            continue
        first = lines.row(start, named=True)
        byte_start = first["offset"] - chunk.byte_offset
        byte_end = (
            lines.row(end, named=True)["offset"] - chunk.byte_offset
            if end < len(lines)
            else len(data)
        )
        piece = Chunk(
            data[byte_start:byte_end],
            chunk.source_file,
            first["offset"],
            first["line_no"],
            chunk.encoding,
        )
        try:
            results.append(_tables([piece]))
        except _FAILURES as exc:
            hand_id = re.search(r"#([0-9]+):", first["text"])
            row = {
                "source_file": chunk.source_file,
                "byte_offset": first["offset"],
                "line_no": first["line_no"],
                "hand_id": hand_id.group(1) if hand_id else None,
                "line": first["text"],
                "reason": f"parser failure ({type(exc).__name__}: {exc}; chunk: {cause})",
            }
            error = pa.Table.from_pylist([row], schema=schemas.IMPORT_ERRORS)
            results.append(ParseResult(**{**ParseResult.empty().tables(), "import_errors": error}))
    return concat_results(results)


def concat_results(results: list[ParseResult]) -> ParseResult:
    """One result holding the rows of all ``results``."""
    if not results:
        return ParseResult.empty()
    tables = {
        name: pa.concat_tables([r.tables()[name] for r in results]) for name in schemas.TABLES
    }
    return ParseResult(**tables)


def parse_file(path: str | Path, target_bytes: int = 4 * 1024 * 1024) -> ParseResult:
    """Parse a whole PokerStars file (convenience for tests and benchmarks)."""
    return concat_results([parse(chunk) for chunk in iter_chunks(path, HAND_START, target_bytes)])
