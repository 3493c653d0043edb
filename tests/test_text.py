"""Chunks cut into lines: the fast UTF-8 path agrees with the decoding path, offsets included."""

from __future__ import annotations

import re

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.engine import cards
from ingest.engine.scan import hundredths, units
from ingest.engine.text import amount, first_match, split_chunks, split_lines
from ingest.sites import Chunk, registry

TEXTS = [
    b"",
    b"one",
    b"one\n",
    b"one\ntwo\n\nfour",
    b"crlf\r\nends\r\n\r\nhere\r\n",
    b"stray\rcarriage\r\r\nreturns\r",
    "caf\u00e9: \u00e9t\u00e9\n\ufeffPokerStars\n".encode(),
]


def _reference(chunk: Chunk) -> list[dict[str, object]]:
    """Lines cut the plain way (byte encodings only): split at newlines, decode each."""
    rows, offset = [], chunk.byte_offset
    for number, raw in enumerate(chunk.data.split(b"\n")):
        text = raw.decode(chunk.encoding, errors="replace").rstrip("\r")
        rows.append({"offset": offset, "line_no": chunk.line_no + number, "text": text})
        offset += len(raw) + 1
    return rows


@pytest.mark.parametrize("data", TEXTS)
@pytest.mark.parametrize("encoding", ["utf-8", "cp1252"])
def test_lines_match_a_plain_split(data: bytes, encoding: str) -> None:
    chunk = Chunk(data, "f.txt", 100, 7, encoding)
    lines = split_lines(chunk)
    assert lines.select("offset", "line_no", "text").to_dicts() == _reference(chunk)
    assert lines["idx"].to_list() == list(range(data.count(b"\n") + 1))


def test_utf16_offsets_count_two_bytes_a_character() -> None:
    data = "caf\u00e9\r\nbar\nbaz".encode("utf-16-le")
    lines = split_lines(Chunk(data, "f.txt", 2, 1, "utf-16-le"))
    assert lines["text"].to_list() == ["caf\u00e9", "bar", "baz"]
    assert lines["offset"].to_list() == [2, 2 + 12, 2 + 20]


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
    chunks = [Chunk(data, f"{n}.txt", 10 * n, n + 1, "utf-8") for n, data in enumerate(TEXTS)] + [
        Chunk("caf\u00e9\r\nbar".encode("cp1252"), "w.txt", 5, 2, "cp1252")
    ]
    chunks.insert(3, Chunk(b"bad \xff\n", "x.txt", 0, 1, "utf-8"))
    together = split_chunks(chunks).frame()
    alone = [split_lines(chunk) for chunk in chunks]
    assert together["idx"].to_list() == list(range(sum(len(a) for a in alone)))
    assert together["file"].to_list() == [n for n, a in enumerate(alone) for _ in range(len(a))]
    columns = ["offset", "line_no", "text"]
    assert together.select(columns).to_dicts() == pl.concat(alone).select(columns).to_dicts()


@settings(max_examples=300, deadline=None)
@given(
    texts=st.lists(
        st.one_of(st.text(alphabet="$€£₹0123456789,. -x", max_size=10), st.none()), max_size=20
    ),
)
def test_scanned_amounts_read_as_the_amount_expression_does(texts: list[str | None]) -> None:
    data = "".join(text or "" for text in texts).encode()
    bounds = np.cumsum([0, *(len((text or "").encode()) for text in texts)])
    starts = np.array(
        [b if t is not None else -1 for b, t in zip(bounds, texts, strict=False)], np.int64
    )
    ends = np.array(bounds[1:], np.int64)
    scanned = hundredths(np.frombuffer(data, np.uint8), starts, ends, -1)
    expected = amount(pl.Series(texts, dtype=pl.String))
    values, valid = units(scanned)
    read = [int(value) if ok else None for value, ok in zip(values, valid, strict=True)]
    assert read == expected.to_list()


def test_scanned_amounts_in_hundredths() -> None:
    data = "$1,234.5€0.07x1.234£12₹3.".encode()
    spans = [(0, 8), (8, 15), (15, 21), (21, 25), (25, 30), (-1, 0)]
    starts, ends = (np.array(column, np.int64) for column in zip(*spans, strict=True))
    scanned = hundredths(np.frombuffer(data, np.uint8), starts, ends, 0)
    assert scanned.tolist() == [123450, 7, -1, 1200, -1, 0]


# Patterns of a grammar's kind: anchored, named groups, some alike (the first that matches wins).
_PATTERNS = (
    r"^Table (?P<name>\w+)(?: (?P<seats>\d)max)?$",
    r"^Table (?P<name>a+)b",
    r"^(?P<seats>\d) seats(?: at (?P<name>\w+))?",
    r"^no groups \d",
    r"^(?P<button>\d) is the button$",
)


@settings(max_examples=200, deadline=None)
@given(
    texts=st.lists(
        st.one_of(
            st.none(),
            st.text(alphabet="Table ab1234max seatsnogrupthebuo", max_size=24),
            st.sampled_from(["Table ab 6max", "Table aab", "3 seats at b", "no groups 4",
                             "2 is the button", "Table x"]),
        ),
        max_size=12,
    ),
    patterns=st.lists(st.sampled_from(_PATTERNS), min_size=1, max_size=5, unique=True),
)
def test_first_match_takes_the_groups_of_the_first_pattern_that_matches(
    texts: list[str | None], patterns: list[str]
) -> None:
    groups = ("name", "seats", "button")
    frame = pl.DataFrame({"text": pl.Series(texts, dtype=pl.String)})
    read = first_match(frame, "text", tuple(patterns), groups)
    expected = []
    for text in texts:
        found = next((m for p in patterns if text is not None and (m := re.search(p, text))),
                     None)  # fmt: skip
        values = found.groupdict() if found else {}
        expected.append({"text": text, **{name: values.get(name) for name in groups}})
    assert read.to_dicts() == expected


def _cards_by_regex(
    texts: pl.Series, words: dict[str, str], separator: str, suit_first: bool, rank_suit: str
) -> pl.Series:
    """Card texts read the plain way: the ``rank_suit`` words out, the marks one space,
    stripped, each word that :func:`ingest.engine.cards.card_regex` reads written as the
    engine writes its card."""
    ranks = {w: v for w, v in words.items() if v in cards.RANKS} | {"10": "T"}
    suits = {w: v for w, v in words.items() if v in cards.SUITS}
    card = cards.card_regex(words, suit_first)
    rank, suit = (2, 1) if suit_first else (1, 2)
    marks = "".join(sorted(set(separator) | {" ", "[", "]"}))
    word = pl.element()
    read = word.str.extract(card, rank).replace(ranks) + word.str.extract(card, suit).replace(suits)
    if rank_suit:
        texts = texts.str.replace_all(re.escape(rank_suit), "")
    return (
        texts.str.replace_all(f"[{re.escape(marks)}]+", " ").str.strip_chars().str.split(" ")
        .list.eval(pl.when(word.str.contains(card)).then(read).otherwise(word)).list.join(" ")
    )  # fmt: skip


# Each grammar's card words (and a suit-first reading, and a word between rank and suit).
_CARD_WORDS = sorted(
    {(tuple(g.card_words.items()), g.wording.card_separator)
     for site in registry().values() for g in getattr(site, "grammars", ())}
)  # fmt: skip
_PIECES = [*cards.RANKS, *cards.SUITS, "10", "1", "X", "Kn", "H", "Pik", "of", " of ", ",", " ",
           "[", "]", "\t", "\xa0", "\u3000", "\u2003", "é"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    words=st.sampled_from(_CARD_WORDS),
    suit_first=st.booleans(),
    rank_suit=st.sampled_from(["", " of "]),
    data=st.data(),
)
def test_room_cards_read_as_the_plain_regex_reading(
    words: tuple[tuple[tuple[str, str], ...], str], suit_first: bool, rank_suit: str,
    data: st.DataObject,
) -> None:
    table, separator = words
    pieces = _PIECES + [word for word, _ in table]
    texts = data.draw(st.lists(
        st.one_of(st.none(), st.lists(st.sampled_from(pieces), max_size=8).map("".join)),
        max_size=12,
    ))  # fmt: skip
    series = pl.Series("cards", texts, dtype=pl.String)
    expected = _cards_by_regex(series, dict(table), separator, suit_first, rank_suit)
    read = cards.normalized(series, dict(table), separator, suit_first, rank_suit)
    assert read.to_list() == expected.to_list()
