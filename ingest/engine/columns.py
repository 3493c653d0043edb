"""Helpers between polars, numpy and Arrow columns for the engine's table building."""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

Column: TypeAlias = pl.Series | pa.Array | np.ndarray


def arrow(column: pl.Series) -> pa.Array:
    """A column as Arrow (strings as views over the chunk's text)."""
    return column.to_arrow(compat_level=pl.CompatLevel.newest())


def take(column: pl.Series, rows: np.ndarray) -> pa.Array:
    """Rows of a string column as Arrow strings, null where ``rows`` is -1."""
    return arrow(column).cast(pa.string()).take(pa.array(rows, mask=rows < 0))


def nullable(values: np.ndarray, valid: np.ndarray) -> pl.Series:
    """Integers as a column, null where not ``valid``."""
    return pl.Series(pa.array(values, mask=~valid), dtype=pl.Int64)


def numbers(column: pl.Series, null: int = -1) -> np.ndarray:
    """A column of integers as an array, ``null`` standing for its nulls."""
    if not column.null_count():
        return column.to_numpy()
    arrow = column.to_arrow()
    filled: np.ndarray = pc.fill_null(arrow, pa.scalar(null, arrow.type)).to_numpy()
    return filled
