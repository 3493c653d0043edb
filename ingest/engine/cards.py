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


_CARD_TEXTS = functools.lru_cache(maxsize=64)(_card_texts)


def normalized(
    cards: pl.Series, words: Mapping[str, str], separator: str, suit_first: bool = False,
    rank_suit: str = "",
) -> pl.Series:
    """Card texts (cards between ``separator`` or spaces, maybe in brackets; ``rank_suit``
    between a card's rank and suit: ``10 of h``) as the engine writes them: each card's
    rank and suit in the engine's letters, a space between cards; a word that is no card is
    kept as it is (the hand's checks then find it). With ``suit_first`` a card is written
    suit then rank (``SQ``, ``H10``, ``d6``). A word is a card when :func:`card_regex`
    reads it; the cards a room can write are few, so each word is looked up among them."""
    if cards.null_count() > cards.len() // 2:  # (an event's cards: most events show none)
        shown = cards.is_not_null()
        out = pl.repeat(None, cards.len(), dtype=pl.String, eager=True).alias(cards.name)
        return out.scatter(np.flatnonzero(shown.to_numpy()), normalized(
            cards.filter(shown), words, separator, suit_first, rank_suit))  # fmt: skip
    read = _CARD_TEXTS(tuple(words.items()), suit_first)
    marks = "".join(sorted(set(separator) | {" ", "[", "]"}))
    if rank_suit:
        cards = cards.str.replace_all(re.escape(rank_suit), "")
    out = (
        cards.str.replace_all(f"[{re.escape(marks)}]+", " ")
        .str.strip_chars()
        .str.split(" ")
        .list.eval(pl.element().replace(read))
        .list.join(" ")
    )
    return out.alias(cards.name)
