"""Read hand-history files in bounded blocks and cut them into hand-aligned chunks.

A file is read ``target_bytes`` at a time; each block is cut just before the last hand
start it contains and the tail is carried into the next block, so no hand is ever split
and memory stays at about one block plus one hand whatever the file size. Text longer than
any hand (``longest``) is never held whole: with no hand start it is given cut at a line
end, and a line that long stops the reading (:class:`LineTooLong`). Bytes before
the first hand start stay at the head of the first chunk, where the site parser turns
them into an import error when they are not blank. A byte-order mark is not part of any
chunk (offsets still count it). Any binary stream can be read so (a file, or a member of an
archive being decompressed): it is read forwards only, block by block.

A file whose lines end with a carriage return alone (old Mac files: a CR and no LF in its
first 64 KB) has each CR read as a line feed. The two are one code unit each, so a chunk's
``byte_offset`` is still the offset of its first byte in the file as stored, and its
``line_no`` counts those CRs as line ends.
"""

from __future__ import annotations

import codecs
import functools
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Protocol

import numpy as np

from ingest.engine.contract import Chunk

TARGET_BYTES = 4 * 1024 * 1024
HEAD_BYTES = 65536  # what the encoding is detected from
# A stream is read this much at a time: a read that raises (a damaged archive member) loses
# what it read, so the hands read before it are kept but for the last piece.
READ_BYTES = 1 << 16
# No hand is this long (the longest are a few KB): text this long with no hand start is
# not held whole, and a line this long stops the reading (see read_chunks).
LONGEST_HAND = 8 << 20
_NEWLINE, _CR = 10, 13
# UTF-16 without a byte-order mark is told by its NUL bytes: text of ASCII characters has
# one in every code unit, after the character in little-endian order, before it in
# big-endian. Read over the first code units, allowing for some non-ASCII names.
_UTF16_UNITS = 256
_UTF16_MIN_SHARE = 0.75

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


class LineTooLong(ValueError):
    """A line longer than any hand: the file is not read on from it."""

    def __init__(self, offset: int, line_no: int, longest: int) -> None:
        size = f"{longest / 2**20:g} MB" if longest >= 2**20 else f"{longest:,} bytes"
        super().__init__(f"line {line_no} at byte {offset} runs over {size} with no line "
                         "end: no hand has such a line")  # fmt: skip
        self.offset, self.line_no = offset, line_no


class Readable(Protocol):
    """A binary stream read forwards: a file, or an archive member being decompressed."""

    def read(self, size: int = -1, /) -> bytes: ...


def detect_encoding(head: bytes) -> str:
    """The encoding of a file from its first bytes: BOM first, then UTF-16 by its NUL bytes,
    then strict UTF-8, else cp1252.

    >>> detect_encoding(b"\\xef\\xbb\\xbfPokerStars"), detect_encoding(b"caf\\xc3\\xa9")
    ('utf-8-sig', 'utf-8')
    >>> detect_encoding(b"\\x80 0.10"), detect_encoding(b"\\xff\\xfeP\\x00")
    ('cp1252', 'utf-16-le')
    >>> detect_encoding("Poker".encode("utf-16-le")), detect_encoding("Poker".encode("utf-16-be"))
    ('utf-16-le', 'utf-16-be')
    """
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    utf16 = _utf16_without_bom(head)
    if utf16:
        return utf16
    try:
        # final=False: the head may end inside a multi-byte character.
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def _utf16_without_bom(head: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when the NUL bytes of the first code units say so."""
    units = min(len(head) // 2, _UTF16_UNITS)
    if units == 0:
        return None
    even, odd = head[: 2 * units : 2], head[1 : 2 * units : 2]
    for nuls, others, name in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if nuls.count(0) >= _UTF16_MIN_SHARE * units and others.count(0) <= units // 8:
            return name
    return None


def _is_utf16(encoding: str) -> bool:
    return encoding.startswith("utf-16")


def lone_crs(head: bytes, encoding: str) -> bool:
    """Whether a file's lines end with a carriage return alone: its first bytes hold a CR
    and no LF.

    >>> lone_crs(b"Hand #1\\rSeat 1\\r", "utf-8"), lone_crs(b"Hand #1\\r\\nSeat 1", "utf-8")
    (True, False)
    """
    if _is_utf16(encoding):
        text = head[: len(head) // 2 * 2].decode(encoding, errors="replace")
        return "\r" in text and "\n" not in text
    return b"\r" in head and b"\n" not in head


def crs_to_lfs(data: bytes, encoding: str) -> bytes:
    """``data`` with every carriage return made a line feed, byte for byte (in UTF-16, code
    unit for code unit, counted from ``data[0]``)."""
    if not _is_utf16(encoding):
        return data.replace(b"\r", b"\n")
    whole = len(data) // 2 * 2
    units = np.frombuffer(data, "<u2" if encoding.endswith("le") else ">u2", whole // 2).copy()
    units[units == _CR] = _NEWLINE
    return units.tobytes() + data[whole:]


def with_lf_line_ends(head: bytes) -> bytes:
    """A file's first bytes as the chunks of :func:`read_chunks` give them: lone carriage
    returns made line feeds (see :func:`lone_crs`), for telling the file's site."""
    encoding = detect_encoding(head)
    return crs_to_lfs(head, encoding) if lone_crs(head, encoding) else head


def _last_hand_start(buf: bytes, hand_start: re.Pattern[bytes], encoding: str) -> int:
    """Offset in ``buf`` (raw file bytes) of the last hand start after offset 0, or 0."""
    if encoding.startswith("utf-16"):
        # The pattern is written for ASCII-compatible text: search a UTF-8 copy, map back.
        text = buf.decode(encoding, errors="replace")
        utf8 = text.encode("utf-8")
        starts = [m.start() for m in hand_start.finditer(utf8) if m.start() > 0]
        if not starts:
            return 0
        prefix = utf8[: starts[-1]].decode("utf-8", errors="replace")
        return len(prefix.encode(encoding))
    # Search backwards in growing windows: the last start is usually near the end, and
    # scanning a whole block with a line-anchored regex is slow. finditer(buf, pos) still
    # anchors "^" at real line starts only.
    window = 1 << 16
    while True:
        low = max(0, len(buf) - window)
        last = 0
        for match in hand_start.finditer(buf, low):
            last = match.start()
        if last > 0 or low == 0:
            return last
        window *= 8


def _last_line_end(buf: bytes, encoding: str) -> int:
    """Offset in ``buf`` just after its last line feed, or 0."""
    if not _is_utf16(encoding):
        return buf.rfind(b"\n") + 1
    newline = "\n".encode(encoding)
    end = len(buf)
    while (found := buf.rfind(newline, 0, end)) >= 0:
        if found % 2 == 0:  # a code unit, not the halves of two
            return found + 2
        end = found + 1
    return 0


def _count_lines(buf: bytes, encoding: str) -> int:
    if _is_utf16(encoding):
        return buf.decode(encoding, errors="replace").count("\n")
    # a vectorised count: bytes.count tests one byte at a time
    return int(np.count_nonzero(np.frombuffer(buf, np.uint8) == _NEWLINE))


def lines_at(chunk: Chunk, offsets: Sequence[int]) -> list[tuple[int, str]]:
    """The line number and text (line end removed) of the line starting at each file
    offset of ``offsets``, all within ``chunk``."""
    data = chunk.data
    if _is_utf16(chunk.encoding):
        units = np.frombuffer(
            data, "<u2" if chunk.encoding.endswith("le") else ">u2", len(data) // 2
        )
        newlines = np.flatnonzero(units == _NEWLINE) * 2
    else:
        newlines = np.flatnonzero(np.frombuffer(data, np.uint8) == _NEWLINE)
    found = []
    for offset in offsets:
        at = offset - chunk.byte_offset
        before = int(np.searchsorted(newlines, at))
        end = int(newlines[before]) if before < newlines.size else len(data)
        text = data[at:end].decode(chunk.encoding, errors="replace").rstrip("\r")
        found.append((chunk.line_no + before, text))
    return found


def iter_chunks(
    path: str | Path,
    hand_start: re.Pattern[bytes],
    target_bytes: int = TARGET_BYTES,
    encoding: str | None = None,
    longest: int = LONGEST_HAND,
) -> Iterator[Chunk]:
    """Hand-aligned chunks of about ``target_bytes`` each, in file order (see
    :func:`read_chunks`)."""
    with open(path, "rb") as stream:
        yield from read_chunks(stream, str(path), hand_start, target_bytes, encoding, longest)


def read_chunks(
    stream: Readable,
    source: str,
    hand_start: re.Pattern[bytes],
    target_bytes: int = TARGET_BYTES,
    encoding: str | None = None,
    longest: int = LONGEST_HAND,
) -> Iterator[Chunk]:
    """Hand-aligned chunks of about ``target_bytes`` each of what ``stream`` holds, named
    ``source``, in order.

    ``encoding`` is detected from the first bytes when not given. Each chunk records the
    offset of its first byte in the stream and the 1-based number of its first line. When
    a read raises (a damaged archive member), the hands read before it are given, all but
    the last one, which the damage may have cut short, and then the error is raised.

    No more than ``longest`` bytes are held beyond a block: text that long with no hand
    start is given cut at a line end, and a line longer than that raises
    :class:`LineTooLong` once what is before it is given.
    """
    forwards = _Forwards(stream)
    head = b"".join(forwards.read(HEAD_BYTES))
    enc = encoding or detect_encoding(head)
    bom = next((b for b, name in _BOMS if name == enc and head.startswith(b)), b"")
    blocks = _blocks(head[len(bom) :], forwards, target_bytes)
    # in UTF-16 a block may end inside a code unit: what is read is translated from buf[0]
    as_lf = functools.partial(crs_to_lfs, encoding=enc) if lone_crs(head, enc) else None
    buf = b"".join(next(blocks))
    buf = as_lf(buf) if as_lf else buf
    offset = len(bom)  # stream offset of buf[0]
    line_no = 1  # line number of buf[0]
    while True:
        block = next(blocks, None)
        whole = block is None and forwards.error is None  # buf ends where the stream does
        cut = len(buf) if whole else _last_hand_start(buf, hand_start, enc)
        if len(buf) > longest and (whole or not cut):
            # no hand is this long: its lines are given as they are (the parser reports
            # them), a last line this long is not (see below)
            line_end = _last_line_end(buf, enc)
            cut = line_end if whole and len(buf) - line_end > longest else cut or line_end
        if cut:
            piece = buf[:cut]
            yield Chunk(piece, source, offset, line_no, enc)
            line_no += _count_lines(piece, enc)
            offset += cut
            buf = buf[cut:]
        if len(buf) > longest and not _last_line_end(buf, enc):
            raise LineTooLong(offset, line_no, longest)
        if block is None:
            break
        buf = b"".join([buf, *block])
        buf = as_lf(buf) if as_lf else buf
    if forwards.error is not None:
        raise forwards.error


class _Forwards:
    """A stream read forwards in pieces of at most :data:`READ_BYTES`: a read that raises
    (a damaged archive member) ends it, the error kept, and loses only its own piece."""

    def __init__(self, stream: Readable) -> None:
        self.stream = stream
        self.error: Exception | None = None
        self.ended = False

    def read(self, size: int) -> list[bytes]:
        """The next ``size`` bytes, as pieces; fewer only at the end of the stream (its
        first empty read: a decompressing stream may return fewer bytes than asked before
        it) or when a read raised."""
        pieces: list[bytes] = []
        while size > 0 and not self.ended:
            try:
                piece = self.stream.read(min(size, READ_BYTES))
            except Exception as exc:  # raised again once the hands read before it are out
                self.error, self.ended = exc, True
                break
            self.ended = not piece
            pieces.append(piece)
            size -= len(piece)
        return pieces


def _blocks(head: bytes, forwards: _Forwards, size: int) -> Iterator[list[bytes]]:
    """``head`` (read already) and the rest of the stream in blocks of ``size`` bytes, each
    as pieces; the first block always, even empty."""
    while len(head) > size:
        yield [head[:size]]
        head = head[size:]
    yield [head, *forwards.read(size - len(head))]
    while block := forwards.read(size):
        if not any(block):
            return
        yield block
