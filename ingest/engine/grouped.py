"""Reductions of rows to the groups they belong to (a chunk's hands, numbered 0..n-1),
compiled: one pass over the rows, no sort and no hash table."""

from __future__ import annotations

import numpy as np

from ingest.engine.scan import njit


@njit
def first_rows(group: np.ndarray, groups: int, where: np.ndarray) -> np.ndarray:
    """The first row of each group among the rows ``where`` holds (-1: none)."""
    out = np.full(groups, -1, np.int64)
    for i in range(group.size):
        if where[i] and out[group[i]] < 0:
            out[group[i]] = i
    return out


@njit
def sums(group: np.ndarray, groups: int, values: np.ndarray) -> np.ndarray:
    """The sum of ``values`` over each group's rows."""
    out = np.zeros(groups, np.int64)
    for i in range(group.size):
        out[group[i]] += values[i]
    return out


def counts(group: np.ndarray, groups: int, where: np.ndarray | None = None) -> np.ndarray:
    """How many rows of each group (``where`` holds)."""
    chosen = group if where is None else group[where]
    return np.bincount(chosen, minlength=groups).astype(np.int64)


def gather(values: np.ndarray, rows: np.ndarray, missing: int) -> np.ndarray:
    """``values[rows]``, ``missing`` where ``rows`` is -1."""
    out = np.full(rows.size, missing, values.dtype)
    found = rows >= 0
    out[found] = values[rows[found]]
    return out
