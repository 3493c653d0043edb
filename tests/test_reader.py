"""Reading files in bounded, hand-aligned chunks: nothing lost, nothing split, offsets exact."""

from __future__ import annotations

import codecs
import io
import re
import tracemalloc
from pathlib import Path

import pytest

from ingest.reader import LineTooLong, detect_encoding, iter_chunks, lines_at, read_chunks

START = re.compile(rb"^HAND #\d", re.MULTILINE)


def _hands(n: int) -> bytes:
    return b"".join(f"HAND #{i}\nline a {i}\nline b\n\n".encode() for i in range(n))


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        (b"plain ascii", "utf-8"),
        (codecs.BOM_UTF8 + b"x", "utf-8-sig"),
        ("caf\u00e9 \u20ac".encode(), "utf-8"),
        ("caf\u00e9".encode()[:-1], "utf-8"),  # cut inside a character: still UTF-8
        ("\u20ac0.10".encode("cp1252"), "cp1252"),
        (codecs.BOM_UTF16_LE + "P".encode("utf-16-le"), "utf-16-le"),
        (codecs.BOM_UTF16_BE + "P".encode("utf-16-be"), "utf-16-be"),
    ],
)
def test_detect_encoding(head: bytes, expected: str) -> None:
    assert detect_encoding(head) == expected


@pytest.mark.parametrize("target", [8, 50, 97, 1 << 20])
def test_chunks_are_hand_aligned_and_cover_the_file(tmp_path: Path, target: int) -> None:
    data = _hands(40)
    path = tmp_path / "h.txt"
    path.write_bytes(data)
    chunks = list(iter_chunks(path, START, target_bytes=target))
    assert b"".join(c.data for c in chunks) == data
    for chunk in chunks:
        assert chunk.data.startswith(b"HAND #")
        assert data[chunk.byte_offset : chunk.byte_offset + len(chunk.data)] == chunk.data
        assert chunk.line_no == data[: chunk.byte_offset].count(b"\n") + 1
        assert chunk.encoding == "utf-8"
    if target < 100:
        assert len(chunks) > 1


def test_memory_is_bounded_by_the_target(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(_hands(5000))
    biggest = max(len(c.data) for c in iter_chunks(path, START, target_bytes=4096))
    assert biggest <= 4096 + 64


def test_bom_and_preamble(tmp_path: Path) -> None:
    data = codecs.BOM_UTF8 + b"junk\n\n" + _hands(3)
    path = tmp_path / "h.txt"
    path.write_bytes(data)
    chunks = list(iter_chunks(path, START, target_bytes=16))
    assert chunks[0].byte_offset == 3
    assert chunks[0].data.startswith(b"junk\n")  # kept for the parser to report
    assert chunks[0].encoding == "utf-8-sig"
    assert b"".join(c.data for c in chunks) == data[3:]


def test_utf16_files_are_cut_at_hand_starts(tmp_path: Path) -> None:
    text = _hands(20).decode()
    path = tmp_path / "h.txt"
    path.write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    chunks = list(iter_chunks(path, START, target_bytes=64))
    assert len(chunks) > 1
    decoded = [c.data.decode(c.encoding) for c in chunks]
    assert "".join(decoded) == text
    assert all(d.startswith("HAND #") for d in decoded)
    assert chunks[1].byte_offset == 2 + len("".join(decoded[:1]).encode("utf-16-le"))
    assert chunks[1].line_no == decoded[0].count("\n") + 1


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes(b"")
    assert list(iter_chunks(path, START)) == []


@pytest.mark.parametrize("encoding", ["utf-8", "cp1252", "utf-16-le", "utf-16-be"])
def test_lone_carriage_returns_are_line_ends(tmp_path: Path, encoding: str) -> None:
    text = _hands(30).decode()
    lf = tmp_path / "lf.txt"
    lf.write_bytes(text.encode(encoding))
    cr = tmp_path / "cr.txt"
    cr.write_bytes(text.replace("\n", "\r").encode(encoding))
    for target in (97, 1 << 20):
        expected = list(iter_chunks(lf, START, target_bytes=target))
        chunks = list(iter_chunks(cr, START, target_bytes=target))
        assert [(c.data, c.byte_offset, c.line_no) for c in chunks] == [
            (c.data, c.byte_offset, c.line_no) for c in expected
        ]
        assert (len(chunks) > 1) == (target == 97)


class _DamagedStream:
    """A decompressing stream's reads: at most ``step`` bytes each, until a read that
    reaches the damage raises (and returns nothing)."""

    def __init__(self, data: bytes, damage: int, step: int) -> None:
        self.data, self.damage, self.step, self.at = data, damage, step, 0

    def read(self, size: int = -1, /) -> bytes:
        end = self.at + min(size, self.step)
        if end > self.damage:
            raise EOFError("compressed data ended early")
        piece, self.at = self.data[self.at : end], end
        return piece


@pytest.mark.parametrize("target", [50, 1 << 20])
def test_a_read_error_keeps_the_hands_read_before_it(target: int) -> None:
    data = _hands(400)
    damage = len(data) * 2 // 3
    chunks = []
    with pytest.raises(EOFError, match="ended early"):
        for chunk in read_chunks(_DamagedStream(data, damage, 100), "h.gz!h", START, target):
            chunks.append(chunk)
    kept = b"".join(c.data for c in chunks)
    assert kept == data[: len(kept)]
    # every hand read whole before the failing read (which loses at most its 100 bytes)
    longest = max(len(hand) for hand in data.split(b"\n\n"))
    assert damage - 100 - longest < len(kept) <= data.rindex(b"HAND #", 0, damage)
    assert data[len(kept) :].startswith(b"HAND #")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le"])
def test_a_line_longer_than_any_hand_stops_the_reading_in_bounded_memory(encoding: str) -> None:
    before = _hands(3).decode().encode(encoding)
    data = before + "x".encode(encoding) * (4 << 20) + _hands(2).decode().encode(encoding)
    chunks = []
    tracemalloc.start()
    try:
        with pytest.raises(LineTooLong) as stop:
            for chunk in read_chunks(io.BytesIO(data), "h", START, 1 << 16, encoding, 1 << 18):
                chunks.append(chunk)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 << 20  # a block and the longest text held, never the line (4-8 MB)
    assert [c.data.decode(encoding) for c in chunks][-1].endswith("line b\n\n")
    assert b"".join(c.data for c in chunks) == before
    assert (stop.value.offset, stop.value.line_no) == (len(before), 13)
    assert str(stop.value) == (
        f"line 13 at byte {len(before)} runs over 262,144 bytes with no line end: "
        "no hand has such a line"
    )


def test_text_longer_than_any_hand_is_given_at_line_ends() -> None:
    junk = b"".join(b"not a hand %d\n" % i for i in range(20_000))
    data = _hands(2) + junk + _hands(3)
    chunks = list(read_chunks(io.BytesIO(data), "h", START, 4096, longest=1 << 16))
    assert b"".join(c.data for c in chunks) == data
    assert max(len(c.data) for c in chunks) <= (1 << 16) + 2 * 4096
    assert all(c.data.endswith(b"\n") for c in chunks)
    for chunk in chunks:
        assert chunk.line_no == data[: chunk.byte_offset].count(b"\n") + 1


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le", "utf-16-be"])
def test_lines_at_offsets_of_a_chunk(encoding: str) -> None:
    text = _hands(6).decode().replace("\n", "\r\n")
    bom = codecs.BOM_UTF8 if encoding == "utf-8" else b""  # offsets count it, chunks do not
    data = bom + text.encode(encoding)
    (chunk,) = read_chunks(io.BytesIO(data), "h", START, 1 << 20)  # the file whole
    unit = 1 if encoding == "utf-8" else 2
    starts = [i for i in range(len(text)) if text.startswith("HAND #", i)]
    offsets = [len(bom) + unit * i for i in starts[3:5]]
    assert lines_at(chunk, offsets) == [(13, "HAND #3"), (17, "HAND #4")]
