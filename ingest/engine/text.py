"""Vectorised helpers shared by the text-format site parsers (polars expressions, no loops).

A chunk becomes a frame of lines with their file line numbers and the byte offset of each
line; amounts become integers in the smallest unit; local times become UTC.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.engine.amounts import DEFAULT_STYLE, AmountStyle
from ingest.engine.columns import arrow
from ingest.engine.contract import Chunk
from ingest.engine.scan import strings, units

_NEWLINE, _CR, _SPACE, _TAB, _NUL = 10, 13, 32, 9, 0

# Amount text as rooms print it: an optional currency sign, digits with optional thousands
# commas, at most two decimals. Anything else is unreadable (null), never guessed.
_AMOUNT = r"^(?:[$€£₹¥]?[0-9][0-9,]*(?:\.[0-9]{1,2})?|[0-9][0-9,]*(?:\.[0-9]{1,2})?[$€£₹¥])$"

# Abbreviations rooms print after times, as IANA zones (zoneinfo handles summer time).
TIME_ZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "Eastern": "America/New_York",  # Windows' "Eastern Daylight Time" (BetOnline)
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "Europe/London", "BST": "Europe/London",
    "WET": "Europe/Lisbon", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki", "MSK": "Europe/Moscow", "IST": "Asia/Kolkata",
    # summer times and local names some clients print (MESZ: German for CEST)
    "EEST": "Europe/Helsinki", "MESZ": "Europe/Berlin", "MSKS": "Europe/Moscow",
    "YEKST": "Asia/Yekaterinburg", "ICT": "Asia/Bangkok",
    "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo", "KST": "Asia/Seoul",
    "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
}  # fmt: skip


def one_of(column: pl.Expr, values: Iterable[str]) -> pl.Expr:
    """Whether ``column`` equals one of a few literal ``values``: the same as ``is_in``, as
    equality tests, which cost polars a third of its hashed lookup on strings."""
    return functools.reduce(operator.or_, (column == value for value in values))


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _line_starts(data: np.ndarray) -> np.ndarray:
    """First byte of every line (a text ending in a newline has an empty last line)."""
    return np.concatenate(([0], np.flatnonzero(data == _NEWLINE) + 1)).astype(np.int64)


def _stripped_ends(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Line ends (``ends``: before each line's newline) moved before the carriage returns,
    spaces and tabs that end the line."""
    ends = ends.astype(np.int64)
    while True:
        trailing = ends > starts
        last = data[ends[trailing] - 1]
        trailing[trailing] = (last == _CR) | (last == _SPACE) | (last == _TAB)
        if not trailing.any():
            return ends
        ends[trailing] -= 1


@dataclass(frozen=True)
class ChunkText:
    """The lines of one or more chunks, as spans of one UTF-8 buffer: no object per line.

    Row ``i`` is line ``i`` (``idx``): ``data[starts[i]:ends[i]]`` is its text without the
    line end; ``file`` is the position of its chunk, ``offset`` the file offset of its
    first byte (in the file's own encoding) and ``line_no`` its 1-based line in the file.
    """

    data: np.ndarray  # uint8, the UTF-8 text of every chunk, joined
    buffer: pa.Buffer  # the same bytes, for string columns over them
    starts: np.ndarray
    ends: np.ndarray
    file: np.ndarray
    offset: np.ndarray
    line_no: np.ndarray

    def strings(self, starts: np.ndarray, ends: np.ndarray, name: str) -> pl.Series:
        """Spans of the text as a string column (null where ``starts`` is -1)."""
        return strings(self.data, self.buffer, starts, ends, name)

    def frame(self) -> pl.DataFrame:
        """One row per line: ``idx``, ``offset``, ``line_no``, ``text`` and ``file``."""
        return pl.DataFrame(
            {"idx": np.arange(self.starts.size, dtype=np.int64), "offset": self.offset,
             "line_no": self.line_no, "text": self.strings(self.starts, self.ends, "text"),
             "file": self.file}
        )  # fmt: skip


def _utf8_of(chunk: Chunk) -> tuple[bytes, np.ndarray | None]:
    """The chunk's text as UTF-8, and the file offset of each of its lines when they
    differ from the UTF-8 positions (other encodings, damaged UTF-8; None otherwise)."""
    if chunk.encoding in ("utf-8", "utf-8-sig") and _is_utf8(chunk.data):
        return chunk.data, None
    raw = chunk.data
    if chunk.encoding.startswith("utf-16") and len(raw) % 2:
        # half a code unit is no character: the stray last byte of exports whose line ends
        # were converted byte by byte (WPN's UTF-16 files end with an odd 0x0A)
        raw = raw[:-1]
    text = raw.decode(chunk.encoding, errors="replace")
    utf8 = text.encode("utf-8")
    if chunk.encoding.startswith("utf-8"):  # damaged UTF-8: its newlines are where they were
        return utf8, _line_starts(np.frombuffer(chunk.data, np.uint8)) + chunk.byte_offset
    # Other encodings: characters per line (carriage returns included) times the encoding's
    # unit, two bytes in UTF-16 (characters outside the BMP, never seen in hand histories,
    # would make later offsets short by two bytes each), one byte in cp1252 and the like.
    unit = 2 if chunk.encoding.startswith("utf-16") else 1
    data = np.frombuffer(utf8, np.uint8)
    chars_before = np.concatenate(([0], np.cumsum((data & 0xC0) != 0x80)))
    return utf8, chars_before[_line_starts(data)] * unit + chunk.byte_offset


def _unindented(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Where each line's text begins, past the spaces, tabs and NUL bytes it is indented by
    (archive exports indent every line of a hand; some clients write a NUL before a line,
    which no text holds)."""
    starts = starts.copy()
    while True:
        indented = starts < ends
        first = data[starts[indented]]
        indented[indented] = (first == _SPACE) | (first == _TAB) | (first == _NUL)
        if not indented.any():
            return starts
        starts[indented] += 1



def indented_starts(text: ChunkText, rows: np.ndarray) -> np.ndarray:
    """Where each of the lines ``rows`` begins in ``text.data``, its indent included (the
    byte its ``offset`` is of; see :func:`_unindented`)."""
    data = text.data
    starts: np.ndarray = text.starts[rows].copy()
    floor = np.where(rows > 0, text.ends[np.maximum(rows - 1, 0)], 0)  # the line before's end
    while True:
        indented = starts > floor
        before = data[starts[indented] - 1]
        indented[indented] = (before == _SPACE) | (before == _TAB) | (before == _NUL)
        if not indented.any():
            return starts
        starts[indented] -= 1

def split_chunks(chunks: Sequence[Chunk]) -> ChunkText:
    """The lines of chunks (one, or whole small files together) as one :class:`ChunkText`;
    ``offset`` and ``line_no`` are within each chunk's own file; a line's text is without
    its indent and line end. Valid UTF-8 is used as it is; other encodings (and damaged
    UTF-8) are decoded first. The chunks' lines are found in one pass over their joined
    text, as each chunk's own would be: a chunk's lines start at its first byte and after
    each of its newlines (one that ends in a newline has an empty last line)."""
    texts, originals = [], []
    for chunk in chunks:
        text, original_offsets = _utf8_of(chunk)
        texts.append(text)
        originals.append(original_offsets)
    joined = texts[0] if len(texts) == 1 else b"".join(texts)
    if len(joined) >= 1 << 31:
        raise ValueError("chunks of 2 GB or more cannot be parsed together")
    data = np.frombuffer(joined, np.uint8)
    bounds = np.cumsum([0, *(len(text) for text in texts)]).astype(np.int64)
    firsts = bounds[:-1]
    after = np.flatnonzero(data == _NEWLINE) + 1
    # a line after a chunk's last newline is that chunk's, before the next chunk's first
    at = np.searchsorted(after, firsts, side="right")
    starts = np.insert(after, at, firsts)
    file = np.insert(np.searchsorted(bounds, after - 1, side="right") - 1, at,
                     np.arange(len(chunks)))  # fmt: skip
    # a line ends before the next line's newline, the last of a chunk at the chunk's end
    last = np.append(file[1:] != file[:-1], True)
    ends = np.where(last, bounds[file + 1], np.append(starts[1:] - 1, 0))
    ends = _stripped_ends(data, starts, ends)
    first_line = np.searchsorted(file, np.arange(len(chunks)))
    within = np.arange(starts.size, dtype=np.int64) - first_line[file]
    byte_offsets = np.array([chunk.byte_offset for chunk in chunks], np.int64)
    offsets = starts - firsts[file] + byte_offsets[file]
    for number, original in enumerate(originals):
        if original is not None:  # decoded: the lines' offsets in the file's own bytes
            offsets[file == number] = original
    line_nos = within + np.array([chunk.line_no for chunk in chunks], np.int64)[file]
    return ChunkText(
        data, pa.py_buffer(joined), _unindented(data, starts, ends), ends, file, offsets,
        line_nos,
    )  # fmt: skip


def split_lines(chunk: Chunk) -> pl.DataFrame:
    """One row per line of the chunk: ``idx`` (0-based in the chunk), ``line_no`` (1-based in
    the file), ``offset`` (file offset of the line's first byte) and ``text`` (decoded, line
    end and carriage returns before it removed)."""
    return split_chunks([chunk]).frame().drop("file")


def _amount_expr() -> pl.Expr:
    """The amount of a ``text`` column in hundredths, null where it is not one."""
    text = pl.col("text")
    digits = text.str.strip_chars("$€£₹¥").str.replace_all(",", "", literal=True)
    hundredths = (digits.cast(pl.Decimal(20, 2), strict=False) * 100).cast(pl.Int64, strict=False)
    return pl.when(text.str.contains(_AMOUNT)).then(hundredths)


# Built once: a chunk converts a dozen amount columns, each in one evaluation.
_AMOUNT_EXPR = _amount_expr()


def amount(text: pl.Series, style: AmountStyle = DEFAULT_STYLE) -> pl.Series:
    """Amount text to integers in the smallest unit (the hundredth of every currency, as
    ``ingest.money`` says); null where the text is not an amount of the room's ``style``."""
    if not style.is_default:  # the room's style, as its lines' amounts are scanned
        # the texts' own bytes (Arrow's buffers), not a Python string each
        texts = arrow(text.cast(pl.String)).cast(pa.large_string())
        _, offsets_buffer, data_buffer = texts.buffers()
        bounds = np.frombuffer(offsets_buffer, np.int64, texts.offset + len(texts) + 1)
        bounds = bounds[texts.offset :]
        data = np.frombuffer(data_buffer, np.uint8) if data_buffer else np.zeros(1, np.uint8)
        starts = np.where(text.is_null().to_numpy(), -1, bounds[:-1])
        values, valid = units(style.hundredths(data, starts, bounds[1:], -1))
        return pl.Series(text.name, values).set(pl.Series(~valid), None)
    frame = pl.DataFrame({"text": text.cast(pl.String)})
    return frame.select(_AMOUNT_EXPR.alias(text.name)).to_series()


@functools.cache
def _group_names(pattern: str) -> frozenset[str]:
    """The named groups of a regex (polars' syntax, which Python's ``re`` does not all
    read)."""
    return frozenset(pl.Series([""]).str.extract_groups(pattern).struct.fields)


@functools.cache
def _first_match_exprs(
    column: str, patterns: tuple[str, ...], groups: tuple[str, ...]
) -> tuple[list[pl.Expr], list[pl.Expr]]:
    """:func:`first_match`'s query, built once per grammar: whether each pattern matches
    and its groups, as columns; then each group from the first pattern that matches."""
    text = pl.col(column)
    names = [_group_names(pattern) for pattern in patterns]
    tried = [
        *(text.str.contains(p).fill_null(False).alias(f"__matched{k}")
          for k, p in enumerate(patterns)),
        *(text.str.extract_groups(p).alias(f"__groups{k}") for k, p in enumerate(patterns)
          if names[k]),
    ]  # fmt: skip

    def first(name: str) -> pl.Expr:
        value: pl.Expr = pl.lit(None, pl.String)
        for k in reversed(range(len(patterns))):
            group = pl.col(f"__groups{k}").struct.field(name) if name in names[k] else None
            value = pl.when(pl.col(f"__matched{k}")).then(group).otherwise(value)
        return value.cast(pl.String).alias(name)

    return tried, [first(name) for name in groups]


def first_match(
    frame: pl.DataFrame, column: str, patterns: tuple[str, ...], groups: tuple[str, ...]
) -> pl.DataFrame:
    """``frame`` with the ``groups`` of the first of ``patterns`` that matches ``column``
    (nulls where none does, or where the pattern has no such group). The frames read so
    are of distinct texts, few: every pattern is tried on every row, in one query (a query
    per pattern and group cost more than the regexes)."""
    if len(patterns) == 1:
        unnested = frame[column].str.extract_groups(patterns[0]).struct.unnest()
        return frame.with_columns(
            unnested[n] if n in unnested.columns else pl.lit(None, pl.String).alias(n)
            for n in groups
        )
    tried, firsts = _first_match_exprs(column, patterns, groups)
    return frame.with_columns(tried).with_columns(firsts).select(
        *frame.columns, *(name for name in groups if name not in frame.columns)
    )


def to_utc(naive: pl.Expr, zone_name: pl.Expr, zones: list[str]) -> pl.Expr:
    """UTC instants from naive local times and per-row IANA zone names.

    ``zones`` lists the zone names present (polars converts one zone at a time). A time that
    does not exist in its zone (skipped by a summer-time change) becomes null; an ambiguous
    one (repeated hour in autumn) takes the earlier instant.
    """
    out: pl.Expr = pl.lit(None, dtype=pl.Datetime("us", "UTC"))
    for zone in zones:
        local = naive.dt.replace_time_zone(zone, ambiguous="earliest", non_existent="null")
        out = pl.when(zone_name == zone).then(local.dt.convert_time_zone("UTC")).otherwise(out)
    return out
