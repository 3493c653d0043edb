"""One renderer for every command's tabular result: table, csv or json (and parquet files)."""

from __future__ import annotations

import enum
import io
import json
from typing import Any

import pyarrow as pa
import pyarrow.csv as pacsv


class Format(enum.StrEnum):
    """Output forms every command accepts."""

    table = "table"
    csv = "csv"
    json = "json"


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return " | ".join(_cell(v) for v in value)
    return str(value)


def render(table: pa.Table, fmt: Format, max_rows: int | None = None) -> str:
    """The text of ``table`` in ``fmt``; ``max_rows`` limits only the human-readable form."""
    if fmt is Format.csv:
        sink = io.BytesIO()
        pacsv.write_csv(table, sink)
        return sink.getvalue().decode()
    if fmt is Format.json:
        return json.dumps(table.to_pylist(), default=str, indent=1)
    rows = table.to_pylist()
    shown = rows if max_rows is None else rows[:max_rows]
    names = table.column_names
    cells = [[_cell(row[name]) for name in names] for row in shown]
    widths = [max([len(name), *(len(r[i]) for r in cells)]) for i, name in enumerate(names)]
    numeric = [
        pa.types.is_integer(f.type) or pa.types.is_floating(f.type) or pa.types.is_decimal(f.type)
        for f in table.schema
    ]

    def line(values: list[str]) -> str:
        padded = zip(values, widths, numeric, strict=True)
        return "  ".join(v.rjust(w) if num else v.ljust(w) for v, w, num in padded).rstrip()

    out = [line(names), line(["-" * w for w in widths]), *(line(r) for r in cells)]
    if len(shown) < len(rows):
        out.append(f"... {len(rows) - len(shown)} more rows (use --format csv or json for all)")
    return "\n".join(out) + "\n"
