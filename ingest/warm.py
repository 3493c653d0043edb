"""The parser's compiled scans: compiled ahead of the first import, and noticed when compiled.

numba compiles each ``@njit`` scan on its first call and caches the machine code on disk
beside its module (``__pycache__``, ``cache=True``); later processes load it. Compiling
them all takes about 30 s, which without this module the first import after installing
spends in silence. ``python -m ingest.warm`` (run by ``make`` after installing) parses a
few generated hands of every game, which compiles and caches the scans the import uses;
:func:`watching` tells an import when it compiles anyway (a scan met for the first time,
or a cache numba no longer trusts after an edit), so its progress line can say so.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from numba.core.event import Event, Listener, install_listener

from omaha_core.games import GAMES

COMPILE_NOTE = "compiling the parser once, about 30 s"
_WARM_HANDS = 160  # every game, hi/lo splits, side pots, run-it-twice and tournament hands


class CompileWatch(Listener):
    """Counts the numba compiles running now, in any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._running = 0

    def on_start(self, event: Event) -> None:
        with self._lock:
            self._running += 1

    def on_end(self, event: Event) -> None:
        with self._lock:
            self._running -= 1

    @property
    def compiling(self) -> bool:
        """Whether a compile is running now."""
        return self._running > 0


@contextmanager
def watching() -> Iterator[CompileWatch]:
    """A :class:`CompileWatch` listening to numba's compiles for the duration of the block."""
    watch = CompileWatch()
    with install_listener("numba:compile", watch):
        yield watch


def warm() -> float:
    """Parse generated hands of every game as an import does (whole small files together
    and a chunk alone), so every scan the import uses is compiled and cached; the seconds
    it took."""
    from ingest.engine.contract import Chunk
    from ingest.generator import block_text
    from ingest.sites import detect_site

    began = time.perf_counter()
    data = block_text(1, 0, _WARM_HANDS, tuple(GAMES)).encode("utf-8")
    site = detect_site(data)
    assert site is not None, "the generator writes PokerStars hands"
    half = len(data) // 2
    cut = data.index(b"PokerStars Hand #", half)
    chunks = [Chunk(data[:cut], "warm-up-1", 0, 1, "utf-8"),
              Chunk(data[cut:], "warm-up-2", 0, 1, "utf-8")]  # fmt: skip
    site.parse_many(chunks)
    site.parse(chunks[0])
    return time.perf_counter() - began


if __name__ == "__main__":
    print(f"parser compiled and cached in {warm():.1f} s")
