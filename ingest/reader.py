"""Read hand-history files in bounded blocks and cut them into hand-aligned chunks.

A file is read ``target_bytes`` at a time; each block is cut just before the last hand
start it contains and the tail is carried into the next block, so no hand is ever split
and memory stays at about one block plus one hand whatever the file size. Bytes before
the first hand start stay at the head of the first chunk, where the site parser turns
them into an import error when they are not blank. A byte-order mark is not part of any
chunk (offsets still count it).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np

from ingest.engine.contract import Chunk

TARGET_BYTES = 4 * 1024 * 1024
_NEWLINE = 10

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def detect_encoding(head: bytes) -> str:
    """The encoding of a file from its first bytes: BOM first, then strict UTF-8, else cp1252.

    >>> detect_encoding(b"\\xef\\xbb\\xbfPokerStars"), detect_encoding(b"caf\\xc3\\xa9")
    ('utf-8-sig', 'utf-8')
    >>> detect_encoding(b"\\x80 0.10"), detect_encoding(b"\\xff\\xfeP\\x00")
    ('cp1252', 'utf-16-le')
    """
    for bom, name in _BOMS:
        if head.startswith(bom):
            return name
    try:
        # final=False: the head may end inside a multi-byte character.
        codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8"


def _is_utf16(encoding: str) -> bool:
    return encoding.startswith("utf-16")


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


def _count_lines(buf: bytes, encoding: str) -> int:
    if _is_utf16(encoding):
        return buf.decode(encoding, errors="replace").count("\n")
    # a vectorised count: bytes.count tests one byte at a time
    return int(np.count_nonzero(np.frombuffer(buf, np.uint8) == _NEWLINE))


def iter_chunks(
    path: str | Path,
    hand_start: re.Pattern[bytes],
    target_bytes: int = TARGET_BYTES,
    encoding: str | None = None,
) -> Iterator[Chunk]:
    """Hand-aligned chunks of about ``target_bytes`` each, in file order.

    ``encoding`` is detected from the first bytes when not given. Each chunk records the
    offset of its first byte in the file and the 1-based number of its first line.
    """
    source = str(path)
    with open(path, "rb") as stream:
        enc = encoding or detect_encoding(stream.read(65536))
        stream.seek(0)
        buf = stream.read(target_bytes)
        at_eof = len(buf) < target_bytes
        bom = next((b for b, name in _BOMS if name == enc and buf.startswith(b)), b"")
        buf = buf[len(bom) :]
        offset = len(bom)  # file offset of buf[0]
        line_no = 1  # line number of buf[0]
        while True:
            cut = len(buf) if at_eof else _last_hand_start(buf, hand_start, enc)
            if cut:
                piece = buf[:cut]
                yield Chunk(piece, source, offset, line_no, enc)
                line_no += _count_lines(piece, enc)
                offset += cut
                buf = buf[cut:]
            if at_eof:
                return
            block = stream.read(target_bytes)
            at_eof = len(block) < target_bytes
            buf += block
