"""An XML chunk's hands as records of their elements: the chunk's whole hands read by expat
as one document, a hand where that stops read with lxml alone.

Why one hand at a time, and not the whole file streamed by one parser: the rooms' files
are seldom well-formed documents. Archives concatenate several roots, most files end
without closing their root and some without closing their last hand, stray text sits
between elements, and bytes in cp1252 follow a prolog that says UTF-8; a parser over the
whole file stops at the first of these (libxml2's recovery mode goes on, but by silently
re-nesting or dropping elements, which would move chips between hands). So the chunk (cut
by the importer at hand starts, its size bounded) is cut at each session's and each
hand's start tag, and every slice is decoded by our own rule (UTF-8, else cp1252,
whatever the prolog says) and fed to its own ``lxml.etree.XMLPullParser``: a damaged
element makes its slice's parser fail, and so costs its hand only; memory is one chunk
and its hands' elements. The slices of a UTF-8 chunk that end with their hand's end tag
are first read together, by expat under a root of our own (one parse, the elements kept
straight from its handlers); where that document stops parsing, the hands already ended
are kept, the one it stopped in is read alone, and the rest together again. A hand whose
end tag is missing (the file ends, or its session closes, right after its last round) is
read from its elements, all of which ended; one that fails anywhere else is damaged.
"""

from __future__ import annotations

import contextlib
import re
import xml.parsers.expat as expat
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from lxml import etree

from ingest.engine.kept import Kept
from ingest.engine.xml_format import XmlFormat
from ingest.paused import collection_paused

_SESSION_LOOKBACK = 1 << 16  # bytes read at a time looking back for a chunk's session
_HEADER_BYTES = 1 << 20  # the most of a session's start read for its header
# a quoted value holding a ">" (where a start tag may span lines)
_QUOTED_CLOSE = re.compile(rb"=\s*(?:\"[^\"]*|'[^']*)>")
_RETRIES = 8  # the documents of a chunk's hands read together, the first and after stops
# session headers read, by their text (a file repeats its session's)
_read_headers: Kept[tuple[str, str, bool, str], dict[str, str]] = Kept(256)


@dataclass
class Element:
    """An element read: its tag, attributes, text, and the 1-based line its start tag is
    on within its slice; an action holding elements, their attributes (``parts``: its
    cards, its pot shares)."""

    tag: str
    attrs: dict[str, str]
    text: str
    line: int
    parts: list[dict[str, str]] | None = None  # an action's parts: its elements' attributes


@dataclass
class HandRecord:
    """One hand's slice: where it starts in the chunk (``start``: byte offset), its
    session header (tag -> text), its id, its elements in file order with the round
    each is in (``rounds``: the round number, "" outside a round), and what went wrong
    (``damage``: a parser's message; ``unterminated``: its end tag is missing); ``attrs``:
    the hand element's own attributes."""

    start: int
    header: dict[str, str]
    hand_id: str | None
    elements: list[Element] = field(default_factory=list)
    rounds: list[str] = field(default_factory=list)
    damage: str | None = None
    unterminated: bool = False
    attrs: dict[str, str] = field(default_factory=dict)


def decode(data: bytes) -> str:
    """Bytes as text: UTF-8 when they are, else cp1252 (whatever a prolog says)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def starts_pattern(fmt: XmlFormat) -> re.Pattern[bytes]:
    """A session's or a hand's start tag (where the chunk is cut; the tags are read by
    lxml)."""
    names = b"|".join(re.escape(tag.encode()) for tag in (fmt.session, fmt.hand) if tag)
    return re.compile(rb"<(" + names + rb")[\s/>]")


def slices(data: bytes, fmt: XmlFormat) -> list[tuple[int, int, str]]:
    """Each session's and each hand's slice of ``data``: from its start tag to the next
    one's (or the end), with its tag."""
    cuts = [(m.start(), m.group(1).decode()) for m in starts_pattern(fmt).finditer(data)]
    ends = [start for start, _ in cuts[1:]] + [len(data)]
    return [(start, end, tag) for (start, tag), end in zip(cuts, ends, strict=True)]


def hand_start(fmt: XmlFormat) -> re.Pattern[bytes]:
    """A hand's start tag, for the importer to cut files at."""
    return re.compile(rb"<" + re.escape(fmt.hand.encode()) + rb"[\s>]")


def read_header(text: str, fmt: XmlFormat) -> dict[str, str]:
    """A session slice's header: the texts of its header element's children, by tag (as
    far as it parses: a session header carries no chips). A text read before is not read
    again (archives and tables' files repeat a session's header before its hands): the
    header is the same, and callers copy it."""
    key = (fmt.session, fmt.header, fmt.header_in_attributes, text)
    return _read_headers.get(key, lambda: _parse_header(text, fmt))


def _parse_header(text: str, fmt: XmlFormat) -> dict[str, str]:
    """A session slice's header, parsed (see :func:`read_header`)."""
    parser = etree.XMLPullParser(events=("start", "end"), resolve_entities=False)
    header: dict[str, str] = {}
    depth = 0
    try:
        parser.feed(text)
        parser.close()
    except etree.XMLSyntaxError:
        pass
    for event, element in parser.read_events():
        if event == "start" and depth == 0 and fmt.header_in_attributes:
            return dict(element.attrib)  # the session element's own attributes
        if event == "start":
            depth += 1
            continue
        depth -= 1
        tag = element.tag if isinstance(element.tag, str) else ""
        if depth == 2 and tag not in header:  # a child of the header
            header[tag] = "".join(element.itertext()).strip()
        if depth == 1 and tag == fmt.header:
            break
    return header


def _read_whole(text: str, fmt: XmlFormat, record: HandRecord) -> bool:
    """The hand's elements into ``record`` when the slice up to its last end tag of the
    hand is one well-formed element (most hands: parsed whole, the quick way); False,
    ``record`` untouched, when not."""
    end = text.rfind(f"</{fmt.hand}>")
    if end < 0:
        return False
    try:
        root = etree.fromstring(text[: end + len(fmt.hand) + 3])
    except etree.XMLSyntaxError:
        return False
    if root.tag != fmt.hand:
        return False
    _read_element(root, fmt, record, 0)
    return True


def _read_element(root: etree._Element, fmt: XmlFormat, record: HandRecord, shift: int) -> None:
    """A hand element's elements into ``record``, their lines ``shift`` lines before
    those lxml gives (where the hand's slice starts in a document of several)."""
    record.hand_id = root.get(fmt.hand_id)
    record.attrs = dict(root.attrib)
    holder, round_tag, round_no = fmt.button_holder, fmt.round, fmt.round_no
    # the hand's own rounds, by their elements (an element's parent is looked up in it)
    rounds = {child: child.get(round_no, "") for child in root if child.tag == round_tag}
    elements, in_rounds = record.elements, record.rounds
    for element in root.iterdescendants(etree.Element):
        tag = element.tag
        with_parts = len(element) > 0 and _holds_parts(tag, fmt)  # an action and its parts
        if len(element) and tag != holder and not with_parts and tag not in fmt.kept:
            continue  # a container: its children are read
        parent = element.getparent()
        if _holds_parts(parent.tag, fmt):
            continue  # an action's part, read with it
        elements.append(_action_with_parts(element, shift) if with_parts else
                        Element(tag, dict(element.attrib), element.text or "",
                                (element.sourceline or 1) - shift))  # fmt: skip
        in_rounds.append(rounds.get(parent, ""))


class _Stop(Exception):
    """Raised by a handler to stop a document's parse: its structure is not one hand a
    piece."""


def _read_together(pieces: list[tuple[HandRecord, bytes]], fmt: XmlFormat) -> int:
    """The hands of ``pieces`` (each a hand's slice up to its last end tag, in UTF-8) read
    by expat from one document of them all, under a root of our own, each as its slice
    alone would be read (:func:`_read_element`): its elements in file order, their lines
    those of the element's start tag's end within its slice. Gives how many of the first
    pieces were read (each a hand, whole): all of them, else the records of the others
    are untouched (the document does not parse there, or the root's children are not the
    hands, one a piece)."""
    doc = b"<_>" + b"".join(piece for _, piece in pieces) + b"</_>"
    parser = expat.ParserCreate()
    parser.buffer_text = True
    holder, round_tag, round_no, kept = fmt.button_holder, fmt.round, fmt.round_no, fmt.kept
    holds = frozenset({fmt.action, *fmt.holders} - {""})
    hand_tag, count = fmt.hand, len(pieces)
    # a start tag may span lines (then its line is that of its end, as lxml gives it)
    spans = _spans_lines(doc)
    # per open element: its tag, attributes, line, text's pieces, parts (None: it holds
    # none), whether it has children, and the round it is in (None: it is not read)
    stack: list[list[Any]] = []
    hand: list[list[Any]] = []  # the hand's elements read so far, in file order
    done = 0  # hands read whole
    shift = 0  # lines before the current piece in the document

    def start(tag: str, attrs: dict[str, str]) -> None:
        depth = len(stack)
        if depth < 2:  # the root, or a hand
            if depth and (tag != hand_tag or done >= count):
                raise _Stop
            hand.clear()
            stack.append([tag, attrs, 0, [], None, False, None])
            return
        parent = stack[-1]
        parent[5] = True
        if parent[0] in holds:  # an action's part: read with it
            if parent[4] is not None:
                parent[4].append(attrs)
            stack.append([tag, attrs, 0, [], None, False, None])
            return
        line = parser.CurrentLineNumber
        if spans:
            line += _start_tag(doc, parser.CurrentByteIndex).count(b"\n")
        entry: list[Any] = [tag, attrs, line - shift, [], [] if tag in holds else None, False,
                 parent[1].get(round_no, "") if depth == 3 and parent[0] == round_tag
                 else ""]  # fmt: skip
        stack.append(entry)
        hand.append(entry)

    def end(_: str) -> None:
        nonlocal done, shift
        entry = stack.pop()
        if len(stack) != 1:
            return
        record, piece = pieces[done]  # a hand's end
        record.hand_id = entry[1].get(fmt.hand_id)
        record.attrs = entry[1]
        elements, rounds = record.elements, record.rounds
        for tag, attrs, line, text, parts, children, in_round in hand:
            if children and parts is not None:  # an action and its parts
                elements.append(Element(tag, attrs, "", line, parts))
            elif children and tag != holder and tag not in kept:
                continue  # a container: its children are read
            else:
                elements.append(Element(tag, attrs, "".join(text), line))
            rounds.append(in_round)
        done += 1
        shift += piece.count(b"\n")

    def text(data: str) -> None:
        top = stack[-1]
        if not top[5]:  # the text before its first child
            top[3].append(data)

    def other(*_: object) -> None:  # a comment or a processing instruction: a child
        if len(stack) == 1:
            raise _Stop
        if stack:
            stack[-1][5] = True

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    parser.CommentHandler = other
    parser.ProcessingInstructionHandler = other
    try:
        # the handlers make many small lists and no cycle: no collection in them
        with collection_paused(), contextlib.suppress(expat.ExpatError, _Stop):
            parser.Parse(doc, True)
    finally:
        # the handlers hold the parser: no cycle left for a collection to free
        parser.StartElementHandler = parser.EndElementHandler = None
        parser.CharacterDataHandler = parser.CommentHandler = None
        parser.ProcessingInstructionHandler = None
    return done


def _spans_lines(doc: bytes) -> bool:
    """Whether a start tag of ``doc`` may span lines: a "<" whose next "<", ">" or line end
    is a line end (markup running over it), or a quoted value holding a ">"."""
    raw = np.frombuffer(doc, np.uint8)
    marks = raw[(raw == ord("<")) | (raw == ord(">")) | (raw == ord("\n"))]
    if bool(np.any((marks[:-1] == ord("<")) & (marks[1:] == ord("\n")))):
        return True
    return _QUOTED_CLOSE.search(doc) is not None


def _start_tag(doc: bytes, index: int) -> bytes:
    """The start tag at ``index`` of ``doc`` (a ``>`` in a quoted value is no end of it)."""
    quote = 0
    for k in range(index, len(doc)):
        byte = doc[k]
        if quote:
            quote = 0 if byte == quote else quote
        elif byte in (34, 39):
            quote = byte
        elif byte == 62:
            return doc[index:k]
    return doc[index:]


def _holds_parts(tag: object, fmt: XmlFormat) -> bool:
    """Whether elements of ``tag`` are read with their parts: actions, and the format's
    ``holders``."""
    return tag == fmt.action or (bool(fmt.holders) and tag in fmt.holders)


def _action_with_parts(element: etree._Element, shift: int = 0) -> Element:
    """An action element holding elements, their attributes its parts (its line ``shift``
    lines before lxml's)."""
    parts = [dict(part.attrib) for part in element if isinstance(part.tag, str)]
    return Element(element.tag, dict(element.attrib), "", (element.sourceline or 1) - shift,
                   parts)  # fmt: skip


def _read_hand(text: str, fmt: XmlFormat, record: HandRecord) -> None:
    """The hand's elements into ``record`` (see :class:`HandRecord`)."""
    if _read_whole(text, fmt, record):
        return
    parser = etree.XMLPullParser(events=("start", "end"), resolve_entities=False)
    error: str | None = None
    try:
        parser.feed(text)
        parser.close()
    except etree.XMLSyntaxError as exc:
        error = str(exc)
    stack: list[str] = []
    ended = False
    round_no = ""
    for event, element in parser.read_events():
        tag = element.tag if isinstance(element.tag, str) else ""
        if event == "start":
            stack.append(tag)
            if tag == fmt.round and len(stack) == 2:
                round_no = element.get(fmt.round_no, "")
            if len(stack) == 1:
                record.hand_id = element.get(fmt.hand_id)
                record.attrs = dict(element.attrib)
            elif tag == fmt.button_holder or tag in fmt.kept:  # read for its attributes
                record.elements.append(Element(tag, dict(element.attrib), "",
                                               element.sourceline or 1))  # fmt: skip
                record.rounds.append("")
            continue
        stack.pop()
        if not stack:
            ended = True
            break
        if tag == fmt.round and len(stack) == 1:
            round_no = ""
            if len(element):
                continue  # its elements are read; an empty round is one itself, as whole
        if _holds_parts(tag, fmt) and len(element) and len(stack) >= 1:
            record.elements.append(_action_with_parts(element))
            record.rounds.append(round_no if len(stack) >= 2 else "")
            continue
        if len(element) or (tag == fmt.button_holder and tag) or tag in fmt.kept or (
                stack and _holds_parts(stack[-1], fmt) and fmt.action):  # fmt: skip
            continue  # a container (its children are read; the button's at its start), or
            # an action's part (read with it)
        record.elements.append(Element(tag, dict(element.attrib), (element.text or ""),
                                       element.sourceline or 1))  # fmt: skip
        record.rounds.append(round_no if len(stack) >= 2 else "")
    if ended or error is None:
        record.unterminated = not ended
        return
    closed_by = error.startswith("Premature end of data") or (
        "tag mismatch" in error and error.split(",")[0].endswith(f" and {fmt.session}")
    )
    if closed_by and stack[:1] == [fmt.hand] and all(tag in fmt.kept for tag in stack[1:]):
        record.unterminated = True  # every element of it ended (but kept containers): read
    else:
        record.damage = f"damaged XML: {error}"


def read_chunk(data: bytes, fmt: XmlFormat, header: dict[str, str] | None
               ) -> tuple[list[HandRecord], dict[str, str] | None]:  # fmt: skip
    """The hands of a chunk's bytes, each with the session header before it (``header``:
    that of the chunk's first hands, read before the chunk), and the last header read.

    A chunk in UTF-8 (all its slices then decode so) has the hands whose slices end with
    their end tag parsed together by expat, in one document, each read as its slice alone
    would be: one parse for many hands. A hand where that document stops parsing (it is
    damaged) is read from its slice alone, by lxml, so that the damage costs its own hand
    only, and the hands after it together again."""
    hands: list[HandRecord] = []
    closing = f"</{fmt.hand}>".encode()
    try:
        data.decode("utf-8")
        together = True
    except UnicodeDecodeError:
        together = False
    alone: list[tuple[HandRecord, int, int]] = []  # hands read from their slice alone
    pieces: list[tuple[HandRecord, bytes, int]] = []  # hands read in a document of several
    for start, end, tag in slices(data, fmt):
        if not fmt.session:  # a hand standing alone ends at its end tag: what follows it
            # (text, or a hand whose start tag is lost) is no part of it, nor decoded with it
            close = data.find(closing, start, end)
            end = end if close < 0 else close + len(closing)
        if tag == fmt.session:
            header = read_header(decode(data[start:end]), fmt)
            continue
        record = HandRecord(start, dict(header or {}), None)
        hands.append(record)
        last = data.rfind(closing, start, end) if together else -1
        if last < 0:
            alone.append((record, start, end))
            continue
        pieces.append((record, data[start : last + len(closing)], end))
    _read_pieces(pieces, fmt, alone)
    for record, start, end in alone:
        _read_hand(decode(data[start:end]), fmt, record)
    return hands, header


def _read_pieces(pieces: list[tuple[HandRecord, bytes, int]], fmt: XmlFormat,
                 alone: list[tuple[HandRecord, int, int]]) -> None:  # fmt: skip
    """Read ``pieces`` (a hand's record, its slice to its last end tag, the slice's end)
    together; a piece where that stops is read alone (added to ``alone``), and those after
    it together again (after ``_RETRIES`` such stops, alone too)."""
    for _ in range(_RETRIES):
        if not pieces:
            return
        done = _read_together([(record, piece) for record, piece, _ in pieces], fmt)
        if done == len(pieces):
            return
        record, _, end = pieces[done]
        alone.append((record, record.start, end))
        pieces = pieces[done + 1 :]
    alone += [(record, record.start, end) for record, _, end in pieces]


def session_before(path: str, offset: int, fmt: XmlFormat) -> dict[str, str] | None:
    """The header of the session a file's byte ``offset`` is in: the last session start
    before it, read back in blocks (None: none, or the file cannot be read)."""
    pattern = starts_pattern(fmt)
    try:
        with open(path, "rb") as stream:
            end = offset
            while end > 0:
                begin = max(0, end - _SESSION_LOOKBACK)
                stream.seek(begin)
                block = stream.read(end - begin + 64)
                found = [m.start() for m in pattern.finditer(block)
                         if m.group(1) == fmt.session.encode() and begin + m.start() < end]
                if found:
                    stream.seek(begin + found[-1])
                    head = stream.read(min(offset - begin - found[-1], _HEADER_BYTES))
                    return read_header(decode(head), fmt)
                end = begin
    except OSError:
        return None
    return None


def iter_hands(data: bytes, fmt: XmlFormat) -> Iterator[HandRecord]:
    """Every hand of a whole file's bytes (for tests)."""
    yield from read_chunk(data, fmt, None)[0]
