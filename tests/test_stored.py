"""Tables kept on disk (:mod:`omaha_core.stored`): built once, read back by later calls as
they were built, built afresh when the code changes or the file is damaged, and built
anyway where nothing can be written."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from omaha_core import equity_kernel, stored, tables


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The store in a folder of the test's own, for sources of its own."""
    sources = tmp_path / "package"
    sources.mkdir()
    (sources / "code.py").write_text("TABLE = 1\n")
    monkeypatch.setattr(stored, "PACKAGE", sources)
    monkeypatch.setattr(stored, "FOLDER", tmp_path / "cache")
    stored._digest.cache_clear()
    yield tmp_path / "cache"
    stored._digest.cache_clear()


class _Builds:
    """A table builder counting its builds."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self) -> stored.Arrays:
        self.count += 1
        return {"values": np.arange(10, dtype=np.int16), "least": np.array(3)}


def _same(left: stored.Arrays, right: stored.Arrays) -> bool:
    return left.keys() == right.keys() and all(
        np.array_equal(left[key], right[key]) and left[key].dtype == right[key].dtype
        for key in left
    )


def test_a_table_is_built_once_then_read_back(folder: Path) -> None:
    build = _Builds()
    first = stored.stored("table", build)
    again = stored.stored("table", build)
    assert build.count == 1
    assert _same(first, again) and _same(again, build())
    assert [path.name.split("-")[0] for path in folder.iterdir()] == ["table"]


def test_changed_code_builds_afresh_and_the_old_file_goes(folder: Path) -> None:
    build = _Builds()
    stored.stored("table", build)
    (before,) = folder.iterdir()
    (stored.PACKAGE / "code.py").write_text("TABLE = 2\n")
    stored._digest.cache_clear()
    stored.stored("table", build)
    assert build.count == 2
    (after,) = folder.iterdir()
    assert after != before


def test_a_damaged_file_is_built_again_and_replaced(folder: Path) -> None:
    build = _Builds()
    stored.stored("table", build)
    (path,) = folder.iterdir()
    path.write_bytes(path.read_bytes()[:100])  # cut short
    assert _same(stored.stored("table", build), build())
    assert build.count == 3  # the first, the damaged file's, and the one compared with
    assert _same(stored.stored("table", build), build())  # read back again
    assert build.count == 4


def test_nothing_writable_builds_every_time(folder: Path) -> None:
    folder.write_text("a file where the folder would be")
    build = _Builds()
    assert _same(stored.stored("table", build), stored.stored("table", build))
    assert build.count == 2


def test_the_evaluator_and_kernel_tables_read_back_as_built() -> None:
    """The package's own tables, as the processes read them from the store."""
    high, low = tables.high_tables(), tables.low_tables()
    built_high, built_low = tables._build_high_tables(), tables._build_low_tables()
    assert _same({"values": high.values, "decode": high.decode}, built_high)
    assert _same({**{f"qualifier_{q}": low.by_qualifier[q] for q in tables.QUALIFIERS},
                  "decode": low.decode}, built_low)  # fmt: skip
    shared, built = equity_kernel.shared_tables(8), equity_kernel._build_high()
    assert _same({"high": shared.high, "flush": shared.flush, "unions": shared.unions},
                 {key: built[key] for key in ("high", "flush", "unions")})  # fmt: skip
    assert shared.flush_min == int(built["flush_min"])
    assert np.array_equal(shared.low, equity_kernel._build_low(8)["low"])
    assert shared.high.flags.c_contiguous and shared.low.flags.c_contiguous
