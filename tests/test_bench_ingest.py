"""The import benchmark finds the corpus beside the checkout, and skips rooms it lacks."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from bench import ingest as bench_ingest
from ingest.sites import registry


def test_the_corpus_is_found_beside_the_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "checkout" / "bench" / "ingest.py"
    copy.parent.mkdir(parents=True)
    shutil.copy(bench_ingest.__file__, copy)
    spec = importlib.util.spec_from_file_location("moved_bench_ingest", copy)
    assert spec is not None and spec.loader is not None
    moved = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, moved)  # its dataclasses look it up
    spec.loader.exec_module(moved)
    corpus = moved.CORPUS
    assert corpus == tmp_path / "shared" / "corpus"


def test_rooms_absent_from_the_corpus_are_skipped_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    absent = tmp_path / "shared" / "corpus"
    monkeypatch.setattr(bench_ingest, "CORPUS", absent)
    monkeypatch.setattr(sys, "argv", ["bench.ingest", "--room", "all"])
    bench_ingest.main()
    lines = capsys.readouterr().out.split()
    out = " ".join(lines)
    for room in registry():
        assert f"{room}: skipped, no {room} hand histories in {absent}" in out
    assert "| room |" not in out
