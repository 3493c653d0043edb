"""Tables that take a noticeable time to build (the evaluator's, the equity kernel's: about
half a second in all), kept on disk beside the code as numba keeps its compiled functions,
so that every new process (the audit's and the all-in stage's workers) reads them in a few
milliseconds instead of building them again.

A stored table is named by a digest of this package's sources: any change to the code
builds it afresh. Where the folder cannot be written (an installation read-only), or a file
cannot be read back, the tables are built as if none were stored.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

PACKAGE = Path(__file__).resolve().parent
FOLDER = PACKAGE / "__pycache__"
Arrays = dict[str, NDArray[Any]]


@functools.cache
def _digest() -> str:
    """A digest of the package's sources and numpy's version: what the tables depend on."""
    digest = hashlib.sha256(np.__version__.encode())
    for source in sorted(PACKAGE.glob("*.py")):
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    return digest.hexdigest()[:16]


def stored(name: str, build: Callable[[], Arrays]) -> Arrays:
    """The arrays ``build`` gives, read from the file of ``name`` where a process of the
    same code stored them, else built and stored there (older files of ``name`` removed)."""
    path = FOLDER / f"{name}-{_digest()}.npz"
    with contextlib.suppress(OSError, ValueError, zipfile.BadZipFile), np.load(path) as kept:
        return {key: kept[key] for key in kept.files}
    arrays = build()
    with contextlib.suppress(OSError):
        FOLDER.mkdir(exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
        with partial.open("wb") as out:
            named: dict[str, Any] = arrays  # savez's own keyword (allow_pickle) aside
            np.savez(out, **named)
        os.replace(partial, path)  # whole or not at all, whatever other processes do
        for older in FOLDER.glob(f"{name}-*.npz"):
            if older != path:
                older.unlink(missing_ok=True)
    return arrays
