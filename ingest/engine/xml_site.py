"""An XML format's parser from its :class:`~ingest.engine.xml_format.XmlFormat` and its
grammar: the :class:`~ingest.engine.contract.Site` the importer uses, beside the text
formats' :class:`~ingest.engine.site.TextSite`.

The importer cuts files at hand start tags, as it cuts text files at hand headers; a
chunk's hands are read from their elements (:mod:`ingest.engine.xml_read`) into the frames
a text chunk's lines give (:mod:`ingest.engine.xml_lines`), and built and checked by the
same :func:`~ingest.engine.build.build`, several chunks (whole small files) in one build.
A hand whose elements do not parse is an error row; when a build of several chunks fails,
each is built alone, and when a chunk's fails, its hands one by one.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
from lxml import etree

from ingest import schemas
from ingest.engine.build import build
from ingest.engine.contract import Chunk, ParseResult, concat_results
from ingest.engine.grammar import Grammar
from ingest.engine.lines import Lines
from ingest.engine.site import _ENGINE, _FAILURES, _SHARED
from ingest.engine.text import ChunkText, split_chunks
from ingest.engine.xml_format import XmlFormat
from ingest.engine.xml_lines import hand_lines, read_lines
from ingest.engine.xml_read import (
    HandRecord,
    decode,
    hand_start,
    read_chunk,
    session_before,
    starts_pattern,
)
from ingest.paused import collection_paused
from ingest.reader import iter_chunks

_DETECT_BYTES = 65536


def _first_element(data: bytes) -> etree._Element | None:
    """The first element that starts in ``data`` (None: none parses)."""
    parser = etree.XMLPullParser(events=("start",), resolve_entities=False)
    with contextlib.suppress(etree.XMLSyntaxError):  # what parsed is enough
        parser.feed(data)
    return next((element for _, element in parser.read_events()), None)


def _has_attributes(hand: etree._Element, fmt: XmlFormat) -> bool:
    """Whether a hand element has the format's hand id and ``detect_attributes``."""
    return all(hand.get(name) is not None for name in (fmt.hand_id, *fmt.detect_attributes))


@dataclass(frozen=True, eq=False)
class XmlSite:
    """An XML format read by the engine: ``format`` says its elements, ``grammar`` decodes
    its session header's game and stakes and carries the switches table building reads
    (see :class:`~ingest.engine.grammar.Grammar`); ``module`` is the room module's file."""

    format: XmlFormat
    grammar: Grammar
    module: str
    zone_override: str | None = None
    _hand_start: re.Pattern[bytes] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hand_start", hand_start(self.format))

    @property
    def name(self) -> str:
        return self.format.site

    @property
    def hand_start(self) -> re.Pattern[bytes]:
        return self._hand_start

    @property
    def hand_mark(self) -> str:
        """What precedes a hand's id where the file names it (``gamecode="``)."""
        return f'{self.format.hand_id}="'

    @property
    def python_bound(self) -> bool:
        """Yes: expat's handlers and the elements' rows are Python, element by element."""
        return True

    @property
    def sources(self) -> Sequence[Path]:
        return [*sorted(_ENGINE.glob("*.py")), *_SHARED, Path(self.module).resolve()]

    def with_zone(self, zone: str) -> XmlSite:
        """This format with its times, written without a zone, read in ``zone``."""
        grammar = dataclasses.replace(self.grammar, implied_zone=zone)
        return XmlSite(self.format, grammar, self.module, zone)

    def detect(self, head: bytes) -> bool:
        """Whether the file's first hand, in its first 64 KB, is this format's: a session
        element whose first hand element (a child of it, or, where the format says so, its
        next sibling) has the hand id attribute and the format's ``detect_attributes``; in
        a format of no session, such a hand element first."""
        fmt = self.format
        text = decode(head[:_DETECT_BYTES]) if head else ""
        data = text.encode("utf-8")
        cut = starts_pattern(fmt).search(data)
        if cut is None or cut.group(1) != (fmt.session or fmt.hand).encode():
            return False
        if not fmt.session:  # a hand standing alone, first
            hand = _first_element(data[cut.start() :])
            return hand is not None and hand.tag == fmt.hand and _has_attributes(hand, fmt)
        parser = etree.XMLPullParser(events=("start",), resolve_entities=False)
        # hands after their session (siblings): read under a root of our own
        wrap = b"" if fmt.hand_in_session else b"<_>"
        doc = wrap + data[cut.start() :]
        # read up to the first hand's start tag, the rest only where no hand started there
        first = self.hand_start.search(doc)
        first_end = len(doc) if first is None else doc.find(b">", first.end() - 1) + 1
        hands: list[etree._Element] = []
        for part in (doc[:first_end], doc[first_end:]):
            stopped = False
            try:
                parser.feed(part)
            except etree.XMLSyntaxError:  # what parsed is enough
                stopped = True
            hands += [e for _, e in parser.read_events() if e.tag == fmt.hand]
            if hands or stopped:
                break
        if not hands or not _has_attributes(hands[0], fmt) or hands[0].getparent() is None:
            return False
        parent = hands[0].getparent()
        if fmt.hand_in_session:
            return bool(parent.tag == fmt.session)
        before = hands[0].getprevious()  # the session element, right before the first hand
        return parent.tag == "_" and before is not None and before.tag == fmt.session

    def _header(self, chunk: Chunk) -> dict[str, str] | None:
        """The session header of the chunk's first hands when the chunk does not start
        with a session (it is then before the chunk, in its file)."""
        first = starts_pattern(self.format).search(chunk.data)
        session = self.format.session.encode()
        if chunk.byte_offset == 0 or not session or (first and first.group(1) == session):
            return None
        return session_before(chunk.source_file, chunk.byte_offset, self.format)

    def parse(self, chunk: Chunk, every_flop_game: bool = False) -> ParseResult:
        """All hands of a chunk as tables; never raises for bad input (see the module's
        docstring). Each hand's values are decoded by its own bytes (UTF-8, else cp1252);
        the lines rows quote, in the chunk's encoding, as the reader detected it."""
        return self._parse([chunk], every_flop_game)

    def parse_many(self, chunks: Sequence[Chunk]) -> ParseResult:
        """The hands of several chunks (whole small files) built together, as :meth:`parse`
        gives them one by one: a build pays a fixed cost (some 50 ms) whatever its size,
        which a folder of small files would otherwise pay once per file."""
        return self._parse(chunks)

    def _parse(self, chunks: Sequence[Chunk], every_flop_game: bool = False) -> ParseResult:
        """The hands of ``chunks``, built together; when that fails, each chunk's alone, and
        a chunk's hands one by one. Their elements and rows are many small objects and no
        cycles: no cyclic collection walks them (some fifth of the parse, else)."""
        with collection_paused():
            return self._parse_now(chunks, every_flop_game)

    def _parse_now(self, chunks: Sequence[Chunk], every_flop_game: bool) -> ParseResult:
        """:meth:`_parse`, the collector paused."""
        records = [read_chunk(chunk.data, self.format, self._header(chunk))[0]
                   for chunk in chunks]  # fmt: skip
        text = split_chunks(chunks)
        results = [self._errors(chunk, k, text, damaged)
                   for k, (chunk, chunk_records) in enumerate(zip(chunks, records, strict=True))
                   if (damaged := [r for r in chunk_records if r.damage is not None])]  # fmt: skip
        read = [[r for r in chunk_records if r.damage is None] for chunk_records in records]
        if not any(read):
            return concat_results(results)
        try:
            results.append(self._tables(chunks, text, read, every_flop_game))
        except _FAILURES as exc:
            if len(chunks) > 1:
                return concat_results([self._parse([chunk], every_flop_game)
                                       for chunk in chunks])  # fmt: skip
            for record in read[0]:
                try:
                    results.append(self._tables(chunks, text, [[record]], every_flop_game))
                except _FAILURES as one:
                    record.damage = f"parser failure ({type(one).__name__}: {one}; " \
                                    f"chunk: {exc})"
                    results.append(self._errors(chunks[0], 0, text, [record]))
        return concat_results(results)

    def lines_of(self, chunk: Chunk) -> tuple[Lines, pl.DataFrame]:
        """The frames and header rows of the chunk's hands whose elements parse (what
        ``omaha explain`` shows of each element)."""
        records, _ = read_chunk(chunk.data, self.format, self._header(chunk))
        read = [r for r in records if r.damage is None]
        return read_lines([chunk], split_chunks([chunk]), [read], self.format, self.grammar)

    def profile(self, chunk: Chunk) -> tuple[dict[str, float], Lines, pl.DataFrame]:
        """What :meth:`lines_of` gives, with the CPU seconds of its stages (for the
        benchmarks): ``elements`` (the chunk cut, decoded and its elements read by lxml),
        ``lines`` (the chunk's lines) and ``frames`` (the elements as the engine's
        frames)."""
        began = time.process_time()
        records, _ = read_chunk(chunk.data, self.format, self._header(chunk))
        read = [r for r in records if r.damage is None]
        cut = time.process_time()
        text = split_chunks([chunk])
        split = time.process_time()
        lines, info = read_lines([chunk], text, [read], self.format, self.grammar)
        done = time.process_time()
        return {"elements": cut - began, "lines": split - cut, "frames": done - split}, lines, info

    def _tables(self, chunks: Sequence[Chunk], text: ChunkText,
                records: Sequence[Sequence[HandRecord]], every_flop_game: bool
                ) -> ParseResult:  # fmt: skip
        lines, info = read_lines(chunks, text, records, self.format, self.grammar)
        return build(lines, [chunk.source_file for chunk in chunks], self.grammar,
                     every_flop_game, info=info)  # fmt: skip

    def _errors(self, chunk: Chunk, k: int, text: ChunkText, records: list[HandRecord]
                ) -> ParseResult:  # fmt: skip
        """An error row for each hand of ``chunk`` (the ``k``-th of those whose lines are
        ``text``) whose elements did not parse, at its first line."""
        first = int(np.searchsorted(text.file, k))  # the chunk's first line in the text
        rows = []
        for record, line in zip(records, hand_lines(chunk, first, records), strict=True):
            rows.append({
                "source_file": chunk.source_file,
                "byte_offset": int(text.offset[line]),
                "line_no": int(text.line_no[line]),
                "hand_id": record.hand_id,
                "line": text.strings(text.starts[line:line + 1], text.ends[line:line + 1],
                                     "line")[0],
                "reason": record.damage,
            })  # fmt: skip
        errors = pa.Table.from_pylist(rows, schema=schemas.IMPORT_ERRORS)
        empty = ParseResult.empty().tables()
        return ParseResult(**{**empty, "import_errors": errors})

    def parse_file(self, path: str | Path, every_flop_game: bool = False) -> ParseResult:
        """All hands of a whole file (for tests and benchmarks)."""
        chunks = iter_chunks(path, self.hand_start)
        return concat_results([self.parse(chunk, every_flop_game) for chunk in chunks])

