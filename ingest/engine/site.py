"""A text format's parser from its grammar: the :class:`~ingest.engine.contract.Site` the
importer uses, with the engine's passes doing the work.

A chunk's lines are classified (:mod:`ingest.engine.lines`), then built into checked tables
(:mod:`ingest.engine.build`). When a whole chunk makes the parser fail, it is parsed hand
by hand, so only the hands that really trigger the failure are lost, each as an error row.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa

from ingest import schemas
from ingest.engine import scan
from ingest.engine.amounts import SIGNS
from ingest.engine.build import build
from ingest.engine.contract import Chunk, ParseResult, concat_results
from ingest.engine.grammar import Grammar
from ingest.engine.header import decodes
from ingest.engine.lines import classify
from ingest.engine.scan import njit
from ingest.engine.text import split_chunks, split_lines
from ingest.reader import detect_encoding, iter_chunks

# What a parse raises on input it does not expect (the chunk is then parsed hand by hand).
_FAILURES = (pl.exceptions.PolarsError, pa.ArrowException, ValueError, TypeError)
_DETECT_LINES = 5  # the hand starts in a file's head whose headers detection decodes
_ENGINE = Path(__file__).resolve().parent
# the code every format's parse depends on besides the engine
_SHARED = [_ENGINE.parent / name for name in ("schemas.py", "reader.py", "money.py", "rooms.py")]


@functools.cache
def _text_pattern(pattern: re.Pattern[bytes]) -> re.Pattern[str]:
    """A hand-start pattern over bytes as one over decoded text."""
    return re.compile(pattern.pattern.decode("utf-8", "replace")
                      .replace("(?:\\xef\\xbb\\xbf)?", "\ufeff?"), re.MULTILINE)  # fmt: skip


@functools.lru_cache(maxsize=4)
def _head_text(head: bytes) -> str:
    """A file's first 64 KB decoded, once for all the formats that look at it."""
    return head.decode(detect_encoding(head), errors="replace")[:65536]


def _utf8(chunk: Chunk) -> bytes:
    """A chunk's bytes in an encoding the hand-start patterns read (UTF-16 decoded)."""
    if not chunk.encoding.startswith("utf-16"):
        return chunk.data
    return chunk.data.decode(chunk.encoding, errors="replace").encode("utf-8")


@dataclass(frozen=True, eq=False)
class TextSite:
    """A text format read by the engine from ``grammar``; ``module`` is the file of the
    room module that defines it, ``uses`` the files of others whose data it takes (all
    part of the parser version). ``dialects``: the grammars of the format's other
    dialects (skins writing their own words, another client's format of the same room), a
    file of one of them read by its grammar (see :meth:`runs`). ``zone_override``: the
    zone :meth:`with_zone` gave the grammars (None: their own)."""

    grammar: Grammar
    module: str
    uses: tuple[str, ...] = ()
    dialects: tuple[Grammar, ...] = ()
    zone_override: str | None = None
    _hand_start_text: re.Pattern[str] = field(init=False, repr=False, compare=False)
    _hand_start: re.Pattern[bytes] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        start = self.grammar.hand_start
        if self.dialects:  # a hand of any dialect starts at a line one of them starts
            either = b"|".join(b"(?:%s)" % grammar.hand_start.pattern for grammar in self.grammars)
            start = re.compile(either, re.MULTILINE)
        object.__setattr__(self, "_hand_start", start)
        object.__setattr__(self, "_hand_start_text", _text_pattern(start))

    @property
    def grammars(self) -> tuple[Grammar, ...]:
        """The format's grammar, then its dialects'."""
        return (self.grammar, *self.dialects)

    @property
    def name(self) -> str:
        return self.grammar.site

    @property
    def hand_start(self) -> re.Pattern[bytes]:
        return self._hand_start

    @property
    def python_bound(self) -> bool:
        """No: the compiled scans, Arrow and polars work outside Python's lock."""
        return False

    @property
    def sources(self) -> Sequence[Path]:
        rooms = [Path(path).resolve() for path in (self.module, *self.uses)]
        return [*sorted(_ENGINE.glob("*.py")), *_SHARED, *rooms]

    def with_zone(self, zone: str) -> TextSite:
        """This format with the times its headers write without a zone read in ``zone`` (in
        every dialect)."""
        grammar, *dialects = (dataclasses.replace(g, implied_zone=zone) for g in self.grammars)
        return TextSite(grammar, self.module, self.uses, tuple(dialects), zone)

    def detect(self, head: bytes) -> bool:
        """Whether a hand of this format starts in the first 64 KB of ``head`` (decoded): a
        line that starts as one of its grammars' hands do, and whose whole header (that line,
        and the lines after it of ``Grammar.header_lines``; or the next non-blank one where
        the time comes first) that grammar's header regexes decode (the first few such lines
        are tried)."""
        text = _head_text(head)
        # a hand's first line holds one of its grammar's header starts: a text holding none
        # is not scanned line by line
        return any(decodes(_header_lines(text, grammar), grammar) for grammar in self.grammars
                   if any(start in text for start in grammar.header_starts))  # fmt: skip

    def _decoded(self, chunk: Chunk) -> Chunk:
        """The chunk in the encoding of the room's (``Grammar.encodings``) under which most
        of its characters outside ASCII are ones the room writes, when it is not UTF-8 (the
        reader takes such text as cp1252): its card words, currency signs, amount marks."""
        encodings = self.grammar.encodings
        if chunk.encoding not in encodings or len(encodings) < 2:
            return chunk
        known = self._known_characters

        def score(encoding: str) -> int:
            text = chunk.data.decode(encoding, errors="replace")
            return sum(text.count(character) for character in known)

        best = max(encodings, key=lambda encoding: (score(encoding), -encodings.index(encoding)))
        return chunk if best == chunk.encoding else dataclasses.replace(chunk, encoding=best)

    @functools.cached_property
    def _known_characters(self) -> frozenset[str]:
        """The characters outside ASCII that the room's grammar says it writes."""
        grammar = self.grammar
        written = "".join([*grammar.card_words, SIGNS, grammar.amounts.group_marks,
                           grammar.amounts.decimal_marks])  # fmt: skip
        return frozenset(character for character in written if ord(character) > 127)

    def _tables(self, chunks: Sequence[Chunk], every_flop_game: bool = False) -> ParseResult:
        """The tables of the chunks' hands, parsed in one pass per dialect, the format's own
        first (raises on a failure)."""
        runs = [run for chunk in chunks for run in self.runs(chunk)]
        results = []
        for grammar in self.grammars:
            group = [piece for dialect, piece in runs if dialect is grammar]
            if group:
                lines = classify(split_chunks(group), grammar)
                results.append(build(lines, [c.source_file for c in group], grammar,
                                     every_flop_game))  # fmt: skip
        return results[0] if len(results) == 1 else concat_results(results)

    def runs(self, chunk: Chunk) -> list[tuple[Grammar, Chunk]]:
        """``chunk`` with the grammar that reads it: the one whose hands start in it (the
        format's own when none does); cut where its hands change dialect (files of several
        dialects joined), the text before the first hand with the first piece."""
        return [(self.grammars[k], piece) for k, piece in self._dialect_runs(chunk)]

    def _dialect_runs(self, chunk: Chunk) -> list[tuple[int, Chunk]]:
        """:meth:`runs`, each grammar by its index in :attr:`grammars`."""
        if not self.dialects:
            return [(0, chunk)]
        text = _utf8(chunk)
        # the dialects whose header starts are in the text at all (a fast test: a file is
        # written in one dialect)
        present = [k for k, grammar in enumerate(self.grammars)
                   if any(start.encode() in text for start in grammar.header_starts)]  # fmt: skip
        if len(present) < 2:
            return [(present[0] if present else 0, chunk)]
        lines = np.concatenate(([0], np.flatnonzero(np.frombuffer(text, np.uint8) == 10) + 1))
        found = [_hand_starts(text, lines, self.grammars[k]) for k in present]
        kinds = np.concatenate([np.full(f.size, k) for k, f in zip(present, found, strict=True)])
        places = np.concatenate(found)
        order = np.lexsort((kinds, places))  # by place, then by grammar: as tuples sort
        starts = list(zip(places[order].tolist(), kinds[order].tolist(), strict=True))
        cuts = [(pos, k) for (_, before), (pos, k) in itertools.pairwise(starts) if k != before]
        if not cuts:
            return [(starts[0][1] if starts else 0, chunk)]
        utf16 = chunk.encoding.startswith("utf-16")
        runs, first, begin, line, dialect = [], 0, 0, chunk.line_no, starts[0][1]
        for cut, following in [*cuts, (len(text), -1)]:
            # where the cut is in the chunk's own bytes
            at = len(text[:cut].decode("utf-8", "replace").encode(chunk.encoding)) if utf16 \
                else cut  # fmt: skip
            data = chunk.data[begin:at] if following >= 0 else chunk.data[begin:]
            runs.append((dialect, Chunk(data, chunk.source_file, chunk.byte_offset + begin,
                                        line, chunk.encoding)))  # fmt: skip
            line += text.count(b"\n", first, cut)
            first, begin, dialect = cut, at, following
        return runs

    def parse(self, chunk: Chunk, every_flop_game: bool = False) -> ParseResult:
        """All hands of a chunk as tables; never raises for bad input.

        Each hand ends up as exactly one of: a ``hands`` row (with its players, actions
        and collections), an ``import_skips`` row or an ``import_errors`` row. Hands of
        the room's other flop games are read too when ``every_flop_game``."""
        chunk = self._decoded(chunk)
        try:
            return self._tables([chunk], every_flop_game)
        except _FAILURES as exc:
            return self._parse_hand_by_hand(chunk, exc, every_flop_game)

    def parse_many(self, chunks: Sequence[Chunk]) -> ParseResult:
        """The hands of several chunks (whole small files) in one pass, as :meth:`parse`
        gives them one by one: a parse pays a fixed cost (about 80 ms) whatever its size,
        which a folder of small files would otherwise pay once per file."""
        chunks = [self._decoded(chunk) for chunk in chunks]
        try:
            return self._tables(chunks)
        except _FAILURES:
            return concat_results([self.parse(chunk) for chunk in chunks])

    def parse_file(self, path: str | Path, every_flop_game: bool = False) -> ParseResult:
        """All hands of a whole file (for tests and benchmarks)."""
        chunks = iter_chunks(path, self.hand_start)
        return concat_results([self.parse(chunk, every_flop_game) for chunk in chunks])

    def _hand_number(self, lines: pl.Series) -> str | None:
        """The hand number of a hand's lines: after its grammar's mark, on its first line
        (or, the time first, on one of the next two)."""
        for grammar in self.grammars:
            head = "\n".join(lines.head(3 if grammar.time_first else 1).to_list())
            found = re.search(re.escape(grammar.wording.hand_number) + r"([0-9A-Za-z-]+)", head)
            if found:
                return found.group(1)
        return None

    def _parse_hand_by_hand(
        self, chunk: Chunk, cause: Exception, every_flop_game: bool
    ) -> ParseResult:
        """Each hand of ``chunk`` parsed alone; a hand whose parse fails is an error row."""
        lines = split_lines(chunk)
        header = pl.col("text").str.contains(self._hand_start_text.pattern)
        cuts = lines.filter(header)["idx"].to_list()
        if not cuts or cuts[0] != 0:
            cuts.insert(0, 0)
        results = []
        bounds = [*cuts, len(lines)]
        for start, end in itertools.pairwise(bounds):
            if start == end:
                continue
            first = lines.row(start, named=True)
            byte_start = first["offset"] - chunk.byte_offset
            byte_end = (
                lines.row(end, named=True)["offset"] - chunk.byte_offset
                if end < len(lines)
                else len(chunk.data)
            )
            piece = Chunk(chunk.data[byte_start:byte_end], chunk.source_file,
                          first["offset"], first["line_no"], chunk.encoding)  # fmt: skip
            try:
                results.append(self._tables([piece], every_flop_game))
            except _FAILURES as exc:
                row = {
                    "source_file": chunk.source_file,
                    "byte_offset": first["offset"],
                    "line_no": first["line_no"],
                    "hand_id": self._hand_number(lines["text"].slice(start, end - start)),
                    "line": first["text"],
                    "reason": f"parser failure ({type(exc).__name__}: {exc}; chunk: {cause})",
                }
                errors = pa.Table.from_pylist([row], schema=schemas.IMPORT_ERRORS)
                empty = ParseResult.empty().tables()
                results.append(ParseResult(**{**empty, "import_errors": errors}))
        return concat_results(results)


def _hand_starts(text: bytes, line_starts: np.ndarray, grammar: Grammar) -> np.ndarray:
    """Where the grammar's hands start in ``text`` (``line_starts``: where its lines do):
    the lines its hand-start pattern matches, by a compiled test of each line's start."""
    table, bounds = grammar.tables.header_starts
    found = _header_at(np.frombuffer(text, np.uint8), line_starts, table, bounds,
                       _follow(grammar.header_follow or grammar.hand_id_class))  # fmt: skip
    starts: np.ndarray = line_starts[found]
    return starts


@functools.lru_cache(maxsize=64)
def _follow(pattern: str) -> np.ndarray:
    """The bytes a one-character regex class matches in a bytes pattern (as the hand-start
    pattern reads it), as a 256-entry mask."""
    compiled = re.compile(pattern.encode())
    return np.array([bool(compiled.fullmatch(bytes([b]))) for b in range(256)])


_BOM = scan.lit("\ufeff")


@njit
def _header_at(
    data: np.ndarray, line_starts: np.ndarray, table: np.ndarray, bounds: np.ndarray,
    follow: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Whether the hand-start pattern (``Grammar.hand_start``: spaces, tabs or NUL bytes,
    maybe a byte-order mark, one of the header starts ``table``, a byte of ``follow``)
    matches at each of ``line_starts`` (the blanks it may give back tried too)."""
    out = np.zeros(line_starts.size, np.bool_)
    for i in range(line_starts.size):
        start = line_starts[i]
        blank = start
        while blank < data.size and (data[blank] == 32 or data[blank] == 9 or data[blank] == 0):
            blank += 1
        for pos in range(start, blank + 1):
            for skip in range(2):  # after a byte-order mark, or not
                at = pos + (_BOM.size if skip else 0)
                if skip and not scan.at(data, pos, data.size, _BOM):
                    continue
                for k in range(bounds.size - 1):
                    end = at + bounds[k + 1] - bounds[k]
                    if end < data.size and follow[data[end]] and scan.at_entry(
                        data, at, data.size, table, bounds[k], bounds[k + 1]
                    ):
                        out[i] = True
    return out


def _header_lines(text: str, grammar: Grammar) -> list[str]:
    """The headers of the first few hands of ``grammar`` in ``text``: the line each starts
    at (and the lines after it, ``Grammar.header_lines`` in all, joined by line ends; blank
    ones not counted with ``Grammar.blank_lines_inside``), or with ``Grammar.time_first``
    the next non-blank line (the hand number's); each line without its indent."""
    found = itertools.islice(_text_pattern(grammar.hand_start).finditer(text), _DETECT_LINES)
    headers = []
    for match in found:
        # a line is read without its indent (spaces, tabs, NUL bytes) and end
        lines = [line.lstrip(" \t\x00").strip()
                 for line in text[match.start() :].split("\n", max(grammar.header_lines, 5))]
        if grammar.time_first:
            lines = [next((line for line in lines[1:] if line), "")]
        if grammar.blank_lines_inside > 0:  # a blank line inside a hand is no header line
            lines = [line for line in lines if line]
        header = "\n".join(lines[: grammar.header_lines])
        headers.append(header.removeprefix("\ufeff"))
    return headers
