"""One renderer for every command's tabular result: table, csv or json text, or a file.

Results are Arrow tables or streams of record batches (a report's rows as the database
sends them): text is written batch by batch, and a stream is never held whole in memory
(the table form, which needs every column's width first, spools it to a temporary file).
Amounts stay integers in the smallest unit in every form but the table, where a column
tagged by :func:`with_money` is written in the unit of each row's currency, with its
sign (``$932.08``, ``-€49.79``, ``76,678 chips``).
"""

from __future__ import annotations

import enum
import io
import json
import math
import os
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, TextIO, TypeAlias

import pyarrow as pa
import pyarrow.csv as pacsv
import pyarrow.parquet as pq

from ingest.money import show_money

Rows: TypeAlias = pa.Table | pa.RecordBatchReader
# Field metadata of an amount column: the column naming each row's currency.
MONEY_KEY = b"money_in"
BATCH_ROWS = 10_000


class Format(enum.StrEnum):
    """Output forms every command accepts."""

    table = "table"
    csv = "csv"
    json = "json"


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` (with thousands separators) and the noun agreeing with it: ``1 hand``,
    ``2 hands``, ``1,000 hands``; ``nouns`` when the plural is not ``noun`` + s.

    >>> plural(1, "hand"), plural(0, "file"), plural(12_500, "hand")
    ('1 hand', '0 files', '12,500 hands')
    """
    return f"{count:,} {noun if count == 1 else nouns or noun + 's'}"


@dataclass(frozen=True)
class Fit:
    """How the table form fits a terminal ``width`` (None: every column, however wide).
    Columns are taken while they fit, those named in ``first`` first (in that order), then
    the rest in their order, and shown in their own order; the first column taken is shown
    whatever its width. ``wrap`` names a text column whose cells are wrapped onto more
    lines to fit instead of being left out (a reason). The columns left out are named
    under the table."""

    width: int | None = None
    first: tuple[str, ...] = ()
    wrap: str | None = None


MIN_WRAPPED = 24  # a wrapped column gets at least this many characters a line


class FileFormat(enum.StrEnum):
    """Output forms of a command that can also write parquet (to a file only)."""

    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


def _batches(rows: Rows) -> Iterator[pa.RecordBatch]:
    return iter(rows.to_batches(max_chunksize=BATCH_ROWS) if isinstance(rows, pa.Table) else rows)


def _with_schema(rows: Rows, schema: pa.Schema) -> Rows:
    """``rows`` (their columns in ``schema``'s order) under ``schema``."""
    if isinstance(rows, pa.Table):
        return rows.select(schema.names).cast(schema)
    return pa.RecordBatchReader.from_batches(
        schema,
        (pa.RecordBatch.from_arrays(b.select(schema.names).columns, schema=schema)
         for b in rows),
    )  # fmt: skip


def select(rows: Rows, names: list[str]) -> Rows:
    """The columns ``names`` of ``rows``, a table or a stream."""
    return _with_schema(rows, pa.schema([rows.schema.field(name) for name in names]))


def with_money(rows: Rows, columns: tuple[str, ...], currency: str = "currency") -> Rows:
    """``rows`` with ``columns`` (those it has) tagged as amounts in the smallest unit of
    the currency named by column ``currency`` in the same row."""
    fields = [
        field.with_metadata({MONEY_KEY: currency.encode()}) if field.name in columns else field
        for field in rows.schema
    ]
    return _with_schema(rows, pa.schema(fields, metadata=rows.schema.metadata))


def first_rows(rows: Rows) -> Rows | None:
    """``rows`` unchanged, or None when they hold no row (a stream is read up to its first
    row and handed on whole)."""
    if isinstance(rows, pa.Table):
        return rows if rows.num_rows else None
    seen = []
    for batch in rows:
        seen.append(batch)
        if batch.num_rows:
            rest: Iterator[pa.RecordBatch] = iter(rows)
            return pa.RecordBatchReader.from_batches(rows.schema, _chain(seen, rest))
    return None


def _chain(first: list[pa.RecordBatch], rest: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    yield from first
    yield from rest


def _currency_column(field: pa.Field) -> str | None:
    metadata = field.metadata or {}
    return metadata[MONEY_KEY].decode() if MONEY_KEY in metadata else None


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return " | ".join(_cell(v) for v in value)
    return str(value)


def _cells(batch: pa.RecordBatch) -> list[list[str]]:
    """The batch's values as the table form shows them, column by column."""
    columns = []
    for field, column in zip(batch.schema, batch.columns, strict=True):
        values = column.to_pylist()
        currency = _currency_column(field)
        if currency is None:
            columns.append([_cell(value) for value in values])
        else:
            units = batch.column(currency).to_pylist()
            columns.append(
                ["" if v is None else show_money(v, u) for v, u in zip(values, units, strict=True)]
            )
    return columns


def cell_rows(table: pa.Table) -> list[list[str]]:
    """The rows of ``table`` as the table form writes its cells (amounts in their currency,
    lists joined): what the web app's tables show too."""
    columns = [cells for batch in table.to_batches() for cells in [_cells(batch)]]
    return [list(row) for part in columns for row in zip(*part, strict=True)]


@contextmanager
def _twice(rows: Rows, max_rows: int | None) -> Iterator[tuple[Callable[[], Iterator[Any]], int]]:
    """A way to read the first ``max_rows`` of ``rows`` twice (a stream is spooled to a
    temporary file), and how many rows there are in all."""
    if isinstance(rows, pa.Table):
        shown = rows if max_rows is None else rows.slice(0, max_rows)
        yield (lambda: _batches(shown)), rows.num_rows
        return
    with tempfile.TemporaryFile() as spool:
        total = 0
        with pa.ipc.new_stream(spool, rows.schema) as writer:
            for batch in rows:
                kept = batch if max_rows is None else batch.slice(0, max(max_rows - total, 0))
                writer.write_batch(kept)
                total += batch.num_rows

        def again() -> Iterator[pa.RecordBatch]:
            spool.seek(0)
            return iter(pa.ipc.open_stream(spool))

        yield again, total


def _fitted(names: list[str], widths: list[int], fit: Fit) -> tuple[list[bool], int | None]:
    """Which columns the table form shows within ``fit.width``, and the width the ``wrap``
    column is cut to (None: not cut)."""
    if fit.width is None or sum(widths) + 2 * (len(widths) - 1) <= fit.width:
        return [True] * len(names), None
    order = [names.index(name) for name in fit.first if name in names]
    order += [i for i in range(len(names)) if i not in order]
    wrap = names.index(fit.wrap) if fit.wrap in names else None
    needs = [min(width, MIN_WRAPPED) if i == wrap else width for i, width in enumerate(widths)]
    shown = [False] * len(names)
    used = -2
    for i in order:
        if not any(shown) or used + 2 + needs[i] <= fit.width:
            shown[i] = True
            used += 2 + needs[i]
    if wrap is None or not shown[wrap]:
        return shown, None
    room = needs[wrap] + fit.width - used
    return shown, room if room < widths[wrap] else None


def _lines_of(cells: list[str], widths: list[int], right: list[bool], wrap: int | None) -> str:
    """One row of the table form: one line, or more when the ``wrap`` column's cell is
    wider than its width."""
    parts = [textwrap.wrap(cell, widths[i]) or [""] if i == wrap else [cell]
             for i, cell in enumerate(cells)]  # fmt: skip
    lines = []
    for n in range(max(len(part) for part in parts)):
        values = [part[n] if n < len(part) else "" for part in parts]
        padded = zip(values, widths, right, strict=True)
        lines.append("  ".join(v.rjust(w) if r else v.ljust(w) for v, w, r in padded).rstrip())
    return "\n".join(lines) + "\n"


def _write_table(rows: Rows, stream: TextIO, max_rows: int | None, fit: Fit) -> None:
    """Aligned columns (numbers to the right): widths from a first pass over the rows, the
    columns that fit ``fit``, then the lines."""
    names = rows.schema.names
    widths = [len(name) for name in names]
    right = [
        pa.types.is_integer(f.type) or pa.types.is_floating(f.type) or pa.types.is_decimal(f.type)
        for f in rows.schema
    ]
    with _twice(rows, max_rows) as (batches, total):
        for batch in batches():
            for i, column in enumerate(_cells(batch)):
                widths[i] = max([widths[i], *(len(cell) for cell in column)])
        shown, cut = _fitted(names, widths, fit)
        keep = [i for i, show in enumerate(shown) if show]
        wrap = keep.index(names.index(fit.wrap)) if cut is not None and fit.wrap else None
        kept_widths = [cut if j == wrap and cut else widths[i] for j, i in enumerate(keep)]
        kept_right = [right[i] for i in keep]

        def line(values: list[str]) -> str:
            return _lines_of([values[i] for i in keep], kept_widths, kept_right, wrap)

        stream.write(line(names) + "  ".join("-" * w for w in kept_widths) + "\n")
        for batch in batches():
            stream.writelines(line(list(row)) for row in zip(*_cells(batch), strict=True))
    shown_rows = total if max_rows is None else min(max_rows, total)
    if shown_rows < total:
        more = plural(total - shown_rows, "more row")
        stream.write(f"... {more} (use --format csv or json for all)\n")
    left_out = [name for name, show in zip(names, shown, strict=True) if not show]
    if left_out:
        note = (f"{plural(len(left_out), 'column')} left out to fit {fit.width} characters: "
                f"{', '.join(left_out)} (--wide shows every column, as do --format csv and "
                "json)")  # fmt: skip
        stream.write(textwrap.fill(note, fit.width or len(note), break_on_hyphens=False) + "\n")


def _json_text(value: Any) -> str | None:
    """A nested value (list, struct, map) as JSON text, as a CSV cell holds it."""
    return None if value is None else json.dumps(_finite(value), default=_json_default)


def _escaped(value: bytes | None) -> str | None:
    """Bytes as text: printable ASCII as is, any other byte as ``\\xNN`` (as DuckDB writes a
    BLOB)."""
    if value is None:
        return None
    return "".join(chr(b) if 32 <= b < 127 and b != 92 else f"\\x{b:02X}" for b in value)


def _as_text(field: pa.Field) -> Callable[[Any], str | None] | None:
    """How a column the CSV writer cannot write is written as text (None: it can)."""
    kind = field.type
    if pa.types.is_nested(kind):
        return _json_text
    if pa.types.is_binary(kind) or pa.types.is_large_binary(kind) or pa.types.is_fixed_size_binary(
        kind
    ):
        return _escaped
    try:
        pa.array([], kind).cast(pa.string())
    except (pa.ArrowNotImplementedError, pa.ArrowInvalid):
        return lambda value: None if value is None else str(value)
    return None


def _csv_ready(rows: Rows) -> Rows:
    """``rows`` with every column the CSV writer cannot write turned into text: a list,
    struct or map as its JSON text, bytes escaped, any other value as ``str`` gives it."""
    converters = {field.name: _as_text(field) for field in rows.schema}
    if not any(converters.values()):
        return rows
    schema = pa.schema(
        [pa.field(f.name, pa.string()) if converters[f.name] else f for f in rows.schema],
        metadata=rows.schema.metadata,
    )

    def convert(batch: pa.RecordBatch) -> pa.RecordBatch:
        columns = [
            pa.array([text(value) for value in column.to_pylist()], pa.string())
            if (text := converters[name]) is not None else column
            for name, column in zip(batch.schema.names, batch.columns, strict=True)
        ]  # fmt: skip
        return pa.RecordBatch.from_arrays(columns, schema=schema)

    return pa.RecordBatchReader.from_batches(schema, (convert(b) for b in _batches(rows)))


def _write_csv(rows: Rows, stream: TextIO) -> None:
    """The header, then the rows batch by batch (list, struct and map values as JSON text)."""
    sink = io.BytesIO()
    rows = _csv_ready(rows)

    def drain() -> None:
        stream.write(sink.getvalue().decode())
        sink.seek(0)
        sink.truncate()

    with pacsv.CSVWriter(sink, rows.schema) as writer:
        for batch in _batches(rows):
            writer.write_batch(batch)
            drain()
    drain()


def _write_json(rows: Rows, stream: TextIO) -> None:
    """The rows as one JSON list of objects (the text ``json.dumps(rows, indent=1)`` gives)."""
    first = True
    for batch in _batches(rows):
        for row in batch.to_pylist():
            stream.write(("[\n" if first else ",\n") + textwrap.indent(_dumps(row), " "))
            first = False
    stream.write("[]" if first else "\n]")


def _finite(value: Any) -> Any:
    """``value`` with every NaN or infinite float in it made None: JSON has no such number."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_finite(item) for item in value]
    return value


def _json_default(value: Any) -> Any:
    """A value ``json`` cannot write: a decimal as a number (a ``sum`` of BIGINT, a
    DECIMAL column), anything else (times, bytes, intervals) as its text."""
    if isinstance(value, Decimal) and value.is_finite():
        return int(value) if value == value.to_integral_value() else float(value)
    return str(value)


def _dumps(row: dict[str, Any]) -> str:
    """One row as JSON: a decimal as a number, values JSON has no form for as text, NaN and
    infinities as null."""
    try:
        return json.dumps(row, default=_json_default, indent=1, allow_nan=False)
    except ValueError:
        return json.dumps(_finite(row), default=_json_default, indent=1)


def write(
    rows: Rows, fmt: Format, stream: TextIO, max_rows: int | None = None, fit: Fit | None = None
) -> None:
    """Write ``rows`` in ``fmt`` to ``stream``; ``max_rows`` limits only the table form,
    and ``fit`` says which of its columns it shows."""
    if fmt is Format.csv:
        _write_csv(rows, stream)
    elif fmt is Format.json:
        _write_json(rows, stream)
    else:
        _write_table(rows, stream, max_rows, fit or Fit())


def render(
    table: pa.Table, fmt: Format, max_rows: int | None = None, fit: Fit | None = None
) -> str:
    """The text of ``table`` in ``fmt``; ``max_rows`` and ``fit`` act on the table form."""
    text = io.StringIO()
    write(table, fmt, text, max_rows, fit)
    return text.getvalue()


@contextmanager
def whole_file(path: Path) -> Iterator[Path]:
    """A new file beside ``path`` to write, renamed over ``path`` when the block ends well
    and removed when it fails: ``path`` is written whole or not at all. A path that is
    there and is no regular file (a device, a pipe: ``/dev/stdout``) is written in place."""
    if path.exists() and not path.is_file():
        yield path
        return
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        yield part
        os.replace(part, path)
    finally:
        part.unlink(missing_ok=True)


def save(rows: Rows, fmt: FileFormat, path: Path) -> None:
    """Write ``rows`` to ``path`` in ``fmt``, whole or not at all."""
    with whole_file(path) as part:
        if fmt is FileFormat.parquet:
            with pq.ParquetWriter(part, rows.schema) as writer:
                for batch in _batches(rows):
                    writer.write_batch(batch)
        else:
            with part.open("x", encoding="utf-8", newline="") as stream:
                write(rows, Format(fmt.value), stream)
