"""Compiled byte scanning for the text parsers: literal tests on spans of a UTF-8 buffer,
and Arrow string columns whose values are spans of that buffer (no copy, no per-line
Python objects).

A span is a pair of byte positions ``(start, end)`` in the buffer; ``start == -1`` stands
for null. Literals are passed as uint8 arrays (:func:`lit`). The functions marked
``@njit`` are compiled by numba on first use and cached on disk beside this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import polars as pl
import pyarrow as pa

F = TypeVar("F", bound=Callable[..., Any])
NULL = -1  # start of a null span


def njit(function: F) -> F:
    """Compile ``function`` with numba (no Python objects inside; cached on disk)."""
    return cast(F, numba.njit(cache=True, nogil=True)(function))


# Numba counts references to every array a compiled function is passed, with an atomic
# update at its entry and exits; a helper called per line or per byte (a literal test, a
# field's scan) pays more for those than for its work. Helpers that only read arrays and
# return scalars are compiled without the counting (numba's ``_nrt`` option: such a
# function cannot allocate, which compiling it checks).
_SCALAR_OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "_nrt": False}


def njit_scalar(function: F) -> F:
    """:func:`njit` for a helper that reads arrays and returns scalars (it allocates none,
    nor returns an array): compiled without reference counting, so that calling it in a
    hot loop costs no more than its work."""
    return cast(F, numba.njit(**_SCALAR_OPTIONS)(function))


def lit(text: str) -> np.ndarray:
    """A literal as the uint8 array the scanning functions take."""
    return np.frombuffer(text.encode("utf-8"), np.uint8).copy()


@njit_scalar
def at(data: np.ndarray, pos: int, end: int, literal: np.ndarray) -> bool:
    """Whether ``literal`` is at ``pos`` and ends at or before ``end``."""
    n = literal.size
    if pos < 0 or pos + n > end:
        return False
    for k in range(n):  # noqa: SIM110 (numba compiles loops, not generators)
        if data[pos + k] != literal[k]:
            return False
    return True


@njit_scalar
def at_entry(data: np.ndarray, pos: int, end: int, table: np.ndarray, first: int, last: int
             ) -> bool:  # fmt: skip
    """Whether ``table[first:last]`` (an entry of a literal table) is at ``pos`` and ends at
    or before ``end``: :func:`at` without the slice, whose view costs a hot loop reference
    counting on every pass."""
    n = last - first
    if pos < 0 or pos + n > end:
        return False
    for k in range(n):  # noqa: SIM110 (numba compiles loops, not generators)
        if data[pos + k] != table[first + k]:
            return False
    return True


@njit_scalar
def find_entry(data: np.ndarray, pos: int, end: int, table: np.ndarray, first: int, last: int
               ) -> int:  # fmt: skip
    """First position of ``table[first:last]`` in ``pos:end``, or -1 (:func:`find` without
    the slice)."""
    byte = table[first] if last > first else 0
    for i in range(pos, end - (last - first) + 1):
        if data[i] == byte and at_entry(data, i, end, table, first, last):
            return i
    return -1


@njit_scalar
def ends_with(data: np.ndarray, start: int, end: int, literal: np.ndarray) -> bool:
    """Whether the span ``start:end`` ends with ``literal``."""
    return end - literal.size >= start and at(data, end - literal.size, end, literal)


@njit_scalar
def find(data: np.ndarray, pos: int, end: int, literal: np.ndarray) -> int:
    """First position of ``literal`` in ``pos:end``, or -1."""
    last = end - literal.size
    first = literal[0] if literal.size else 0
    for i in range(pos, last + 1):
        if data[i] == first and at(data, i, end, literal):
            return i
    return -1


@njit_scalar
def find_byte(data: np.ndarray, pos: int, end: int, byte: int) -> int:
    """First position of ``byte`` in ``pos:end``, or -1."""
    for i in range(pos, end):
        if data[i] == byte:
            return i
    return -1


@njit_scalar
def space_width(data: np.ndarray, pos: int, end: int) -> int:
    """Byte length of the whitespace character at ``pos`` (Unicode White_Space, as regex
    ``\\s``), or 0 when there is none."""
    b = data[pos]
    if b == 32 or 9 <= b <= 13:
        return 1
    if b == 0xC2 and pos + 1 < end and (data[pos + 1] == 0x85 or data[pos + 1] == 0xA0):
        return 2
    if pos + 2 >= end:
        return 0
    b1, b2 = data[pos + 1], data[pos + 2]
    if b == 0xE1 and b1 == 0x9A and b2 == 0x80:
        return 3
    if b == 0xE2 and b1 == 0x80 and (b2 <= 0x8A or b2 == 0xA8 or b2 == 0xA9 or b2 == 0xAF):
        return 3
    if b == 0xE2 and b1 == 0x81 and b2 == 0x9F:
        return 3
    if b == 0xE3 and b1 == 0x80 and b2 == 0x80:
        return 3
    return 0


@njit_scalar
def non_space_run(data: np.ndarray, pos: int, end: int) -> int:
    """End of the run of non-whitespace characters starting at ``pos`` (``\\S*``)."""
    i = pos
    while i < end and space_width(data, i, end) == 0:
        i += 1
    return i


@njit_scalar
def digits_end(data: np.ndarray, pos: int, end: int) -> int:
    """End of the run of ASCII digits starting at ``pos`` (``[0-9]*``)."""
    while pos < end and 48 <= data[pos] <= 57:
        pos += 1
    return pos


@njit_scalar
def is_non_space(data: np.ndarray, start: int, end: int) -> bool:
    """Whether ``start:end`` is one or more non-whitespace characters (``^\\S+$``)."""
    return end > start and non_space_run(data, start, end) == end


@njit_scalar
def run_without(data: np.ndarray, pos: int, end: int, stops: np.ndarray) -> int:
    """End of the run starting at ``pos`` of bytes that are none of ``stops`` (``[^...]*``)."""
    i = pos
    while i < end:
        for stop in stops:
            if data[i] == stop:
                return i
        i += 1
    return i


@njit
def _fill_views(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, views: np.ndarray
) -> np.ndarray:
    """Arrow string-view structs for the spans (16 bytes each); returns the validity."""
    valid = np.ones(starts.size, np.bool_)
    for i in range(starts.size):
        start = starts[i]
        if start < 0:
            valid[i] = False
            continue
        length = ends[i] - start
        for k in range(4):
            views[i, k] = (length >> (8 * k)) & 255
        if length <= 12:
            for k in range(length):
                views[i, 4 + k] = data[start + k]
        else:
            for k in range(4):
                views[i, 4 + k] = data[start + k]
                views[i, 12 + k] = (start >> (8 * k)) & 255
    return valid


def strings(
    data: np.ndarray, buffer: pa.Buffer, starts: np.ndarray, ends: np.ndarray, name: str
) -> pl.Series:
    """A string column whose values are the spans of ``buffer`` (``data`` is the same bytes
    as an array); null where ``starts`` is -1."""
    views = np.zeros((starts.size, 16), np.uint8)
    valid = _fill_views(data, starts, ends, views)
    bitmap = None if valid.all() else pa.py_buffer(np.packbits(valid, bitorder="little"))
    array = pa.Array.from_buffers(
        pa.string_view(), starts.size, [bitmap, pa.py_buffer(views), buffer]
    )
    return pl.Series(name, array, dtype=pl.String)


def literal_table(texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """Several literals as one uint8 array and their bounds, for :func:`prefix_of` and
    :func:`equal_to` (entry ``k`` is ``table[bounds[k]:bounds[k + 1]]``)."""
    encoded = [text.encode("utf-8") for text in texts]
    bounds = np.zeros(len(encoded) + 1, np.int64)
    bounds[1:] = np.cumsum([len(item) for item in encoded])
    return np.frombuffer(b"".join(encoded), np.uint8).copy(), bounds


@njit_scalar
def prefix_of(data: np.ndarray, start: int, end: int, table: np.ndarray, bounds: np.ndarray) -> int:
    """The first entry of a literal table that ``start:end`` starts with, or -1."""
    for k in range(bounds.size - 1):
        if at_entry(data, start, end, table, bounds[k], bounds[k + 1]):
            return k
    return -1


@njit_scalar
def equal_to(data: np.ndarray, start: int, end: int, table: np.ndarray, bounds: np.ndarray) -> int:
    """The entry of a literal table equal to ``start:end``, or -1."""
    for k in range(bounds.size - 1):
        if bounds[k + 1] - bounds[k] == end - start and at_entry(
            data, start, end, table, bounds[k], bounds[k + 1]
        ):
            return k
    return -1


@njit_scalar
def currency_width(data: np.ndarray, pos: int, end: int) -> int:
    """Byte length of a currency sign ($, €, £, ₹, ¥) at ``pos``, or 0."""
    b = data[pos]
    if b == 36:
        return 1
    if b == 0xC2 and pos + 1 < end and (data[pos + 1] == 0xA3 or data[pos + 1] == 0xA5):
        return 2
    euro_or_rupee = pos + 2 < end and (data[pos + 2] == 0xAC or data[pos + 2] == 0xB9)
    if b == 0xE2 and euro_or_rupee and data[pos + 1] == 0x82:
        return 3
    return 0


@njit
def hundredths(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, absent: int) -> np.ndarray:
    """Amount texts as integers in hundredths of their unit ("$1,234.5" -> 123450, "12€" ->
    1200, "6.02k" -> 602000), -1 where the text is not an amount
    (``^[$€£₹¥]?[0-9][0-9,]*(?:\\.[0-9]{1,2})?k?$``, or the sign after the number, at most
    16 digits before the point) and ``absent`` where the span is null. A "k" counts
    thousands (Winamax's tournament totals)."""
    out = np.empty(starts.size, np.int64)
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        if start < 0:
            out[i] = absent
            continue
        out[i] = -1
        thousands = end > start + 1 and data[end - 1] == 107  # "k"
        if thousands:
            end -= 1
        pos = start + (currency_width(data, start, end) if end > start else 0)
        if pos == start:  # a sign after the amount ("12€")
            for width in (1, 2, 3):
                if end - width > start and currency_width(data, end - width, end) == width:
                    end -= width
                    break
        if pos >= end or not 48 <= data[pos] <= 57:
            continue
        value = 0
        digits = 0
        while pos < end and (48 <= data[pos] <= 57 or data[pos] == 44):
            if data[pos] != 44:
                value = value * 10 + (data[pos] - 48)
                digits += 1
            pos += 1
        if digits > 16:
            continue
        value *= 100
        if pos < end:
            if data[pos] != 46 or pos + 1 == end or end - pos > 3:
                continue
            if not 48 <= data[pos + 1] <= 57:
                continue
            value += (data[pos + 1] - 48) * 10
            if end - pos == 3:
                if not 48 <= data[pos + 2] <= 57:
                    continue
                value += data[pos + 2] - 48
        out[i] = value * 1000 if thousands else value
    return out


@njit
def rounding(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """What the last digit of an amount written in thousands stands for, in hundredths
    ("6.02k" -> 1000, ten units: the amount is rounded to it), 0 for other amounts."""
    out = np.zeros(starts.size, np.int64)
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        if start < 0 or end - start < 2 or data[end - 1] != 107:  # "k"
            continue
        step = 100_000
        point = find_byte(data, start, end - 1, 46)  # "."
        if point >= 0:
            for _ in range(end - 1 - point - 1):
                step //= 10
        out[i] = step
    return out


@njit_scalar
def same(data: np.ndarray, a: int, a_end: int, b: int, b_end: int) -> bool:
    """Whether the spans ``a:a_end`` and ``b:b_end`` hold the same bytes (a null span
    equals nothing)."""
    if a < 0 or b < 0 or a_end - a != b_end - b:
        return False
    for k in range(a_end - a):  # noqa: SIM110 (numba compiles loops, not generators)
        if data[a + k] != data[b + k]:
            return False
    return True


def units(hundredths: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Amounts scanned in hundredths (-1: unreadable) in the smallest unit they are stored
    in, which is the hundredth of every currency (``ingest.money``), 0 where unreadable;
    and whether each is readable."""
    valid = hundredths >= 0
    return np.where(valid, hundredths, 0).astype(np.int64), valid


@njit
def _span_hashes(data: np.ndarray, spans: np.ndarray) -> np.ndarray:
    """An FNV-1a hash of each row's spans (``spans[i, 2k:2k+2]``), a separator between them."""
    hashes = np.zeros(spans.shape[0], np.uint64)
    prime = np.uint64(1099511628211)
    for i in range(spans.shape[0]):
        h = np.uint64(14695981039346656037)
        for pair in range(0, spans.shape[1], 2):
            for k in range(max(spans[i, pair], 0), max(spans[i, pair + 1], 0)):
                h = (h ^ np.uint64(data[k])) * prime
            h = (h ^ np.uint64(256 if spans[i, pair] >= 0 else 257)) * prime
        hashes[i] = h
    return hashes


@njit
def _same_rows(data: np.ndarray, spans: np.ndarray, representative: np.ndarray) -> np.ndarray:
    """Whether each row's spans hold byte for byte its representative row's (null spans
    match null spans)."""
    out = np.ones(representative.size, np.bool_)
    for i in range(representative.size):
        r = representative[i]
        for pair in range(0, spans.shape[1], 2):
            a, b = spans[i, pair], spans[r, pair]
            if a < 0 or b < 0:
                if (a < 0) != (b < 0):
                    out[i] = False
            elif not same(data, a, spans[i, pair + 1], b, spans[r, pair + 1]):
                out[i] = False
    return out


def distinct(data: np.ndarray, spans: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows grouped by the bytes of their spans (``spans``: one row of start, end pairs per
    item): the first row of each group, and each row's group (an index into the first)."""
    hashes = _span_hashes(data, np.ascontiguousarray(spans, np.int64))
    _, first, group = np.unique(hashes, return_index=True, return_inverse=True)
    group = group.ravel()
    same = _same_rows(data, spans, first[group])
    if not same.all():  # two different rows with one hash: each odd one out on its own
        odd = np.flatnonzero(~same)
        group[odd] = first.size + np.arange(odd.size)
        first = np.concatenate([first, odd])
    return first, group
