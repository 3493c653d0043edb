"""Chunks cut into lines: the fast UTF-8 path agrees with the decoding path, offsets included."""

from __future__ import annotations

import polars as pl
import pytest

from ingest.sites import Chunk
from ingest.text import _decoded_lines, split_chunks, split_lines

TEXTS = [
    b"",
    b"one",
    b"one\n",
    b"one\ntwo\n\nfour",
    b"crlf\r\nends\r\n\r\nhere\r\n",
    b"stray\rcarriage\r\r\nreturns\r",
    "caf\u00e9: \u00e9t\u00e9\n\ufeffPokerStars\n".encode(),
]


@pytest.mark.parametrize("data", TEXTS)
def test_fast_path_matches_the_decoding_path(data: bytes) -> None:
    chunk = Chunk(data, "f.txt", 100, 7, "utf-8")
    fast = split_lines(chunk)
    careful = _decoded_lines(chunk)
    assert fast.select(careful.columns).to_dicts() == careful.to_dicts()
    assert len(fast) == data.count(b"\n") + 1
    assert fast["offset"].to_list()[0] == 100


def test_line_ends_and_offsets() -> None:
    lines = split_lines(Chunk(b"crlf\r\nends\r\n\r\nhere", "f.txt", 10, 3, "utf-8"))
    assert lines["text"].to_list() == ["crlf", "ends", "", "here"]
    assert lines["offset"].to_list() == [10, 16, 22, 24]
    assert lines["line_no"].to_list() == [3, 4, 5, 6]


def test_invalid_utf8_takes_the_decoding_path() -> None:
    lines = split_lines(Chunk(b"ok\nbad \xff byte\nok\n", "f.txt", 0, 1, "utf-8"))
    assert lines["text"].to_list() == ["ok", "bad \ufffd byte", "ok", ""]
    assert lines["offset"].to_list() == [0, 3, 14, 17]
    assert lines["line_no"].to_list() == [1, 2, 3, 4]


def test_chunks_cut_together_match_each_cut_alone() -> None:
    chunks = [
        Chunk(data, f"{n}.txt", 10 * n, n + 1, "utf-8") for n, data in enumerate(TEXTS)
    ] + [Chunk("caf\u00e9\r\nbar".encode("cp1252"), "w.txt", 5, 2, "cp1252")]
    chunks.insert(3, Chunk(b"bad \xff\n", "x.txt", 0, 1, "utf-8"))
    together = split_chunks(chunks)
    alone = [split_lines(chunk) for chunk in chunks]
    assert together["idx"].to_list() == list(range(sum(len(a) for a in alone)))
    assert together["file"].to_list() == [n for n, a in enumerate(alone) for _ in range(len(a))]
    columns = ["offset", "line_no", "text"]
    assert together.select(columns).to_dicts() == pl.concat(alone).select(columns).to_dicts()
