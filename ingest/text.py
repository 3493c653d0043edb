"""Vectorised helpers shared by the text-format site parsers (polars expressions, no loops).

A chunk becomes a frame of lines with their file line numbers and the byte offset of each
line; amounts become integers in the smallest unit; local times become UTC.
"""

from __future__ import annotations

import polars as pl

from ingest.sites import Chunk

# Amount text as rooms print it: an optional currency sign or code, digits with optional
# thousands commas, optional decimals. Anything else is unreadable (null), never guessed.
_AMOUNT = r"^(?:[$€£]|[A-Z]{3} ?)?(\d[\d,]*)(?:\.(\d{1,2}))?$"

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


def split_lines(chunk: Chunk) -> pl.DataFrame:
    """One row per line of the chunk: ``idx`` (0-based in the chunk), ``line_no`` (1-based in
    the file), ``offset`` (file offset of the line's first byte) and ``text`` (decoded, line
    end and trailing blanks removed)."""
    text = chunk.data.decode(chunk.encoding, errors="replace")
    lines = pl.Series("text", text.split("\n"), dtype=pl.String)
    if chunk.encoding.startswith("utf-16"):
        # Two bytes per code unit; characters outside the BMP (never seen in hand
        # histories) would make later offsets in the chunk short by two bytes each.
        sizes = lines.str.len_chars() * 2 + 2
    else:
        # Split the raw bytes too: replacement characters must not shift offsets.
        sizes = pl.Series(chunk.data.split(b"\n"), dtype=pl.Binary).bin.size() + 1
    offsets = sizes.cast(pl.Int64).cum_sum().shift(1, fill_value=0) + chunk.byte_offset
    return pl.DataFrame(
        {
            "idx": pl.int_range(len(lines), eager=True, dtype=pl.Int64),
            "offset": offsets,
            "text": lines.str.strip_chars_end(),
        }
    ).with_columns(line_no=pl.col("idx") + chunk.line_no)


def amount(text: pl.Expr, in_cents: pl.Expr) -> pl.Expr:
    """Amount text to an integer: cents when ``in_cents`` (money games), else whole chips.

    Null when the text is not an amount, or when chips come with a fractional part.
    """
    parts = text.str.extract_groups(_AMOUNT)
    whole = parts.struct.field("1").str.replace_all(",", "", literal=True).cast(pl.Int64)
    frac = parts.struct.field("2").fill_null("").str.pad_end(2, "0").cast(pl.Int64)
    return pl.when(in_cents).then(whole * 100 + frac).when(frac == 0).then(whole).otherwise(None)


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
