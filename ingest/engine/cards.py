"""Cards as a room writes them, to the engine's text (``As Kd 7h``: a rank and a suit each,
a space between).

Most rooms write cards so already. One that writes them in lists (``[ Hc, 8h, Td ]``) or
in the words of another language (Dutch ``H`` for the king, Swedish ``Kn`` for the jack,
German ``Pik`` for spades) says so in its grammar (``Grammar.card_words``,
``Wording.card_separator``); its card texts are then read here, one column at a time.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.engine import scan
from ingest.engine.columns import arrow

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def _alternatives(words: list[str]) -> str:
    """A regex alternation of ``words``, the longest first (``Kn`` before ``K``)."""
    return "|".join(re.escape(word) for word in sorted(words, key=len, reverse=True))


def card_regex(words: Mapping[str, str], suit_first: bool = False) -> str:
    """The regex of one card: a rank word, then a suit word (groups 1 and 2; the suit
    first, group 1, with ``suit_first``), in the engine's letters or the room's
    ``words``."""
    ranks = _alternatives([*RANKS, "10", *(w for w, v in words.items() if v in RANKS)])
    suits = _alternatives([*SUITS, *(w for w, v in words.items() if v in SUITS)])
    return f"^({suits})({ranks})$" if suit_first else f"^({ranks})({suits})$"


def _card_texts(words: tuple[tuple[str, str], ...], suit_first: bool) -> dict[str, str]:
    """Every text :func:`card_regex` reads as one card, to the card in the engine's
    letters (a text read two ways is read as the regex reads it: its longest first word)."""
    ranks = {word: value for word, value in words if value in RANKS} | {"10": "T"}
    suits = {word: value for word, value in words if value in SUITS}
    rank_words = sorted({*RANKS, *ranks}, key=len)
    suit_words = sorted({*SUITS, *suits}, key=len)
    firsts, seconds = (suit_words, rank_words) if suit_first else (rank_words, suit_words)
    out: dict[str, str] = {}
    for first in firsts:  # shortest first: a longer first word, written later, wins
        for second in seconds:
            rank, suit = (second, first) if suit_first else (first, second)
            out[first + second] = ranks.get(rank, rank) + suits.get(suit, suit)
    return out


@functools.lru_cache(maxsize=64)
def _card_table(words: tuple[tuple[str, str], ...], suit_first: bool
                ) -> tuple[np.ndarray, ...]:  # fmt: skip
    """The card texts of :func:`_card_texts` as literal tables (texts, and the cards they
    read as), with each text's first two bytes leading to it: per ``256 * first byte +
    second byte`` the first text starting so, and per text the next one (-1: none)."""
    read = _card_texts(words, suit_first)
    texts, texts_bounds = scan.literal_table(list(read))
    cards, cards_bounds = scan.literal_table(list(read.values()))
    first = np.full(65536, -1, np.int64)
    following = np.full(len(read), -1, np.int64)
    for k in range(len(read) - 1, -1, -1):  # every text has two bytes at least
        pair = 256 * int(texts[texts_bounds[k]]) + int(texts[texts_bounds[k] + 1])
        following[k], first[pair] = first[pair], k
    return texts, texts_bounds, cards, cards_bounds, first, following


@scan.njit_scalar
def _end_of_text(data: np.ndarray, start: int, end: int) -> int:
    """Where ``start:end`` ends less the whitespace it ends with (as ``str.strip``)."""
    last = start
    pos = start
    while pos < end:
        width = scan.space_width(data, pos, end)
        if width:
            pos += width
            continue
        pos += 1
        while pos < end and data[pos] & 0xC0 == 0x80:  # the rest of the character
            pos += 1
        last = pos
    return last


@scan.njit
def _read_cards(
    data: np.ndarray, offsets: np.ndarray, valid: np.ndarray, is_mark: np.ndarray,
    removed: np.ndarray, texts: np.ndarray, texts_bounds: np.ndarray, cards: np.ndarray,
    cards_bounds: np.ndarray, first: np.ndarray, following: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """:func:`normalized` over Arrow string buffers: each text less the ``removed``
    literal, its runs of marks one space, less the whitespace it starts and ends with, each
    word between the spaces that is a card text written as the card; the bytes and offsets
    of the texts (null ones empty)."""
    n = offsets.size - 1
    out = np.empty(max(data.size, 1), np.uint8)  # a card is no longer than its text
    out_offsets = np.zeros(n + 1, np.int64)
    kept = np.empty(max(data.size, 1), np.uint8)
    size = 0
    for i in range(n):
        if valid[i]:
            count, mark = 0, False
            pos, end = offsets[i], offsets[i + 1]
            while pos < end:
                if removed.size and scan.at(data, pos, end, removed):
                    pos += removed.size
                    continue
                if is_mark[data[pos]]:
                    if not mark:
                        kept[count] = 32
                        count += 1
                    mark = True
                else:
                    kept[count] = data[pos]
                    count += 1
                    mark = False
                pos += 1
            start = 0
            while start < count:
                width = scan.space_width(kept, start, count)
                if not width:
                    break
                start += width
            stop = _end_of_text(kept, start, count)
            word = start
            while word <= stop:
                word_end = word
                while word_end < stop and kept[word_end] != 32:
                    word_end += 1
                found = -1
                if word_end - word >= 2:
                    found = first[256 * kept[word] + kept[word + 1]]
                    while found >= 0 and not (
                        texts_bounds[found + 1] - texts_bounds[found] == word_end - word
                        and scan.at_entry(kept, word, word_end, texts, texts_bounds[found],
                                          texts_bounds[found + 1])
                    ):  # fmt: skip
                        found = following[found]
                if word > start:
                    out[size] = 32
                    size += 1
                if found >= 0:
                    for k in range(cards_bounds[found], cards_bounds[found + 1]):
                        out[size] = cards[k]
                        size += 1
                else:
                    for k in range(word, word_end):
                        out[size] = kept[k]
                        size += 1
                word = word_end + 1
        out_offsets[i + 1] = size
    return out[:size], out_offsets





def normalized(
    cards: pl.Series, words: Mapping[str, str], separator: str, suit_first: bool = False,
    rank_suit: str = "",
) -> pl.Series:
    """Card texts (cards between ``separator`` or spaces, maybe in brackets; ``rank_suit``
    between a card's rank and suit: ``10 of h``) as the engine writes them: each card's
    rank and suit in the engine's letters, a space between cards; a word that is no card is
    kept as it is (the hand's checks then find it). With ``suit_first`` a card is written
    suit then rank (``SQ``, ``H10``, ``d6``). A word is a card when :func:`card_regex`
    reads it; the texts are read by a compiled pass (see :func:`_read_cards`): the
    ``rank_suit`` words taken out, the marks (the separator's characters, spaces and
    brackets) one space, the whitespace around the text dropped, each word looked up
    among the card texts the room can write."""
    marks = np.zeros(256, np.bool_)
    for mark in {*separator, " ", "[", "]"}:  # the rooms' separators are ASCII
        marks[ord(mark)] = True
    texts = arrow(cards).cast(pa.large_string())
    offsets = np.frombuffer(texts.buffers()[1], np.int64, texts.offset + len(texts) + 1)
    data = texts.buffers()[2]
    data = np.frombuffer(data, np.uint8) if data is not None else np.zeros(0, np.uint8)
    valid = cards.is_not_null().to_numpy()
    read, read_offsets = _read_cards(data, offsets[texts.offset :], valid, marks,
                                     scan.lit(rank_suit),
                                     *_card_table(tuple(words.items()), suit_first))  # fmt: skip
    out = pa.LargeStringArray.from_buffers(
        len(cards), pa.py_buffer(read_offsets), pa.py_buffer(read),
        texts.buffers()[0] if cards.null_count() else None, cards.null_count(),
    )  # fmt: skip
    return pl.Series(cards.name, out, dtype=pl.String)
