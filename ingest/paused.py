"""The cyclic garbage collector paused over work that allocates many small objects and no
cycles (elements read, rows gathered): each collection would walk them, and every object
the process holds, for nothing. Reference counting still frees them; cyclic garbage made
meanwhile waits for the next collection after the block."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collection_paused() -> Iterator[None]:
    """No cyclic collection in the block (as it was after it: a block inside another
    leaves the collector paused)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
