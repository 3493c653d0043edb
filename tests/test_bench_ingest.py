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


def test_the_xml_floor_reads_the_hands_the_reader_reads() -> None:
    """The XML bench's floor parses each hand of a chunk (not its session headers, nor a
    hand whose end tag is missing) and counts its elements; its line puts the floor and the
    store against the goal's budget."""
    from bench import xml_import
    from ingest.engine.contract import Chunk
    from ingest.sites import ipoker

    hand = (b'<game gamecode="%d"><general><players><player seat="1" name="A"/>'
            b'<player seat="2" name="B"/></players></general></game>\n')  # fmt: skip
    session = b'<session sessioncode="1"><general><mode>real</mode></general>\n'
    data = session + hand % 1 + hand % 2 + session + hand % 3 + b'<game gamecode="4"><general>'
    floor = xml_import.library_floor([Chunk(data, "a.xml", 0, 1, "utf-8")], ipoker.FORMAT)
    assert floor["hands"] == 3 and floor["elements"] == 3 * 5
    assert floor["parse"] > 0 and floor["handed"] > 0
    profile = {"hands": 10, "cpu": {"store": 20e-6}, "floor": {
        "hands": 10, "parse": 100e-6, "handed": 500e-6, "elements": 450}}  # fmt: skip
    line = xml_import.floor_line(profile, 2)
    assert "parse alone 10 us, with each of its 45 elements handed to Python 50 us" in line
    assert "store's 2 us, 52 of the 100 us a hand the goal allows on 2 cores, 48 left" in line
