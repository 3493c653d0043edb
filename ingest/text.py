"""Vectorised helpers shared by the text-format site parsers (polars expressions, no loops).

A chunk becomes a frame of lines with their file line numbers and the byte offset of each
line; amounts become integers in the smallest unit; local times become UTC.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.sites import Chunk

_NEWLINE = 10

# Amount text as rooms print it: an optional currency sign, digits with optional thousands
# commas, at most two decimals. Anything else is unreadable (null), never guessed.
_AMOUNT = r"^[$€£₹]?[0-9][0-9,]*(?:\.[0-9]{1,2})?$"

# Abbreviations rooms print after times, as IANA zones (zoneinfo handles summer time).
TIME_ZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "MT": "America/Denver", "PT": "America/Los_Angeles",
    "AT": "America/Halifax", "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "Europe/London", "BST": "Europe/London",
    "WET": "Europe/Lisbon", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki", "MSK": "Europe/Moscow", "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo", "KST": "Asia/Seoul",
    "AET": "Australia/Sydney", "NZT": "Pacific/Auckland",
}  # fmt: skip


def one_of(column: pl.Expr, values: Iterable[str]) -> pl.Expr:
    """Whether ``column`` equals one of a few literal ``values``: the same as ``is_in``, as
    equality tests, which cost polars a third of its hashed lookup on strings."""
    return functools.reduce(operator.or_, (column == value for value in values))


def _utf8_lines(chunk: Chunk) -> pl.DataFrame | None:
    """The lines of valid UTF-8 text, cut without copying: an Arrow string array whose
    values are the lines with their line ends, which polars then strips. None when the
    text is not valid UTF-8 (the careful path replaces the bad bytes)."""
    try:
        chunk.data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    data = np.frombuffer(chunk.data, np.uint8)
    line_starts = np.concatenate(([0], np.flatnonzero(data == _NEWLINE) + 1))
    bounds = np.append(line_starts, len(data)).astype(np.int64)
    values = pa.LargeStringArray.from_buffers(
        len(line_starts), pa.py_buffer(bounds), pa.py_buffer(chunk.data)
    )
    text = pl.Series("text", values).str.strip_chars_end("\r\n")
    return pl.DataFrame(
        {"idx": np.arange(len(line_starts), dtype=np.int64),
         "offset": line_starts + chunk.byte_offset, "text": text}
    )  # fmt: skip


def split_lines(chunk: Chunk) -> pl.DataFrame:
    """One row per line of the chunk: ``idx`` (0-based in the chunk), ``line_no`` (1-based in
    the file), ``offset`` (file offset of the line's first byte) and ``text`` (decoded, line
    end and carriage returns before it removed)."""
    frame = None
    if chunk.encoding in ("utf-8", "utf-8-sig"):
        frame = _utf8_lines(chunk)
    if frame is None:
        frame = _decoded_lines(chunk)
    return frame.with_columns(line_no=pl.col("idx") + chunk.line_no)


def _decoded_lines(chunk: Chunk) -> pl.DataFrame:
    """The careful path: decode (replacing bad bytes), split, and count each line's size in
    the original encoding for the offsets."""
    text = chunk.data.decode(chunk.encoding, errors="replace")
    lines = pl.Series("text", text.split("\n"), dtype=pl.String)
    if chunk.encoding.startswith("utf-16"):
        # Two bytes per code unit; characters outside the BMP (never seen in hand
        # histories) would make later offsets in the chunk short by two bytes each.
        sizes = lines.str.len_chars() * 2 + 2
    elif chunk.encoding.startswith("utf-8"):
        sizes = pl.Series(chunk.data.split(b"\n"), dtype=pl.Binary).bin.size() + 1
    else:  # single-byte encodings such as cp1252
        sizes = lines.str.len_chars() + 1
    offsets = sizes.cast(pl.Int64).cum_sum() - sizes + chunk.byte_offset
    return pl.DataFrame(
        {"offset": offsets, "text": lines.str.strip_chars_end("\r")}
    ).with_row_index("idx").with_columns(pl.col("idx").cast(pl.Int64))


def _amount_exprs() -> tuple[pl.Expr, pl.Expr]:
    """The amount in cents as a ``cents`` column, then the checked result from it (two
    steps: eager polars would evaluate a sub-expression once for each use)."""
    text, in_cents, cents = pl.col("text"), pl.col("in_cents"), pl.col("cents")
    digits = text.str.strip_chars_start("$€£₹").str.replace_all(",", "", literal=True)
    as_cents = (digits.cast(pl.Decimal(20, 2), strict=False) * 100).cast(pl.Int64, strict=False)
    result = (
        pl.when(~text.str.contains(_AMOUNT) | (~in_cents & (cents % 100 != 0)))
        .then(None)
        .when(in_cents)
        .then(cents)
        .otherwise(cents // 100)
    )
    return as_cents.alias("cents"), result


# Built once: a chunk converts a dozen amount columns, each in one evaluation.
_CENTS_EXPR, _AMOUNT_EXPR = _amount_exprs()


def amount(text: pl.Series, in_cents: pl.Series) -> pl.Series:
    """Amount text to integers: cents where ``in_cents`` (money games), else whole chips.

    Null where the text is not an amount, or where chips come with a fractional part.
    """
    frame = pl.DataFrame({"text": text.cast(pl.String), "in_cents": in_cents})
    return frame.with_columns(_CENTS_EXPR).select(_AMOUNT_EXPR.alias(text.name)).to_series()


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
