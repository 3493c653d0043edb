"""Vectorised helpers shared by the text-format site parsers (polars expressions, no loops).

A chunk becomes a frame of lines with their file line numbers and the byte offset of each
line; amounts become integers in the smallest unit; local times become UTC.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence

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


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _utf8_lines(chunks: Sequence[Chunk], first_file: int) -> pl.DataFrame:
    """The lines of chunks of valid UTF-8 text, cut without copying: one Arrow string array
    over their joined bytes whose values are the lines with their line ends, which polars
    then strips. ``file`` numbers the chunks from ``first_file``."""
    starts, files, offsets, line_nos = [], [], [], []
    base = 0
    for number, chunk in enumerate(chunks, start=first_file):
        data = np.frombuffer(chunk.data, np.uint8)
        line_starts = np.concatenate(([0], np.flatnonzero(data == _NEWLINE) + 1))
        starts.append(line_starts + base)
        files.append(np.full(len(line_starts), number, np.int64))
        offsets.append(line_starts + chunk.byte_offset)
        line_nos.append(np.arange(len(line_starts), dtype=np.int64) + chunk.line_no)
        base += len(chunk.data)
    bounds = np.append(np.concatenate(starts), base).astype(np.int64)
    joined = chunks[0].data if len(chunks) == 1 else b"".join(chunk.data for chunk in chunks)
    values = pa.LargeStringArray.from_buffers(
        len(bounds) - 1, pa.py_buffer(bounds), pa.py_buffer(joined)
    )
    return pl.DataFrame(
        {"offset": np.concatenate(offsets),
         "text": pl.Series("text", values).str.strip_chars_end("\r\n"),
         "line_no": np.concatenate(line_nos), "file": np.concatenate(files)}
    )  # fmt: skip


def split_lines(chunk: Chunk) -> pl.DataFrame:
    """One row per line of the chunk: ``idx`` (0-based in the chunk), ``line_no`` (1-based in
    the file), ``offset`` (file offset of the line's first byte) and ``text`` (decoded, line
    end and carriage returns before it removed)."""
    return split_chunks([chunk]).drop("file")


def split_chunks(chunks: Sequence[Chunk]) -> pl.DataFrame:
    """The lines of several chunks (whole small files, say) as one frame: the columns of
    :func:`split_lines` (``offset`` and ``line_no`` within each chunk's own file, ``idx``
    numbering all the lines) plus ``file``, the position of the line's chunk.

    Valid UTF-8 is cut as it is; other encodings (and damaged UTF-8) are decoded first."""
    frames: list[pl.DataFrame] = []
    run: list[Chunk] = []  # consecutive UTF-8 chunks, cut together
    for number, chunk in enumerate(chunks):
        if chunk.encoding in ("utf-8", "utf-8-sig") and _is_utf8(chunk.data):
            run.append(chunk)
            continue
        if run:
            frames.append(_utf8_lines(run, number - len(run)))
            run = []
        frames.append(_decoded_lines(chunk).with_columns(file=pl.lit(number, pl.Int64)))
    if run:
        frames.append(_utf8_lines(run, len(chunks) - len(run)))
    frame = pl.concat(frames) if len(frames) > 1 else frames[0]
    return frame.select(
        idx=pl.int_range(frame.height, dtype=pl.Int64), offset="offset", line_no="line_no",
        text="text", file="file",
    )  # fmt: skip


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
        {"offset": offsets, "text": lines.str.strip_chars_end("\r"),
         "line_no": np.arange(len(lines), dtype=np.int64) + chunk.line_no}
    )  # fmt: skip


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
