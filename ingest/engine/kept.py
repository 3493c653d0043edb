"""Results worked out before, kept by their inputs: a file's chunks, and a folder's files,
repeat the same few session headers and header templates."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Values by key, at most ``size`` of them (all forgotten when it is reached)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.values: dict[K, V] = {}

    def get(self, key: K, work: Callable[[], V]) -> V:
        """The value kept for ``key``, else ``work()``'s, kept."""
        known = self.values.get(key)
        if known is None:
            if len(self.values) >= self.size:
                self.values.clear()
            known = self.values[key] = work()
        return known
