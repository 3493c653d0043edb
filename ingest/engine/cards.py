"""Cards as a room writes them, to the engine's text (``As Kd 7h``: a rank and a suit each,
a space between).

Most rooms write cards so already. One that writes them in lists (``[ Hc, 8h, Td ]``) or
in the words of another language (Dutch ``H`` for the king, Swedish ``Kn`` for the jack,
German ``Pik`` for spades) says so in its grammar (``Grammar.card_words``,
``Wording.card_separator``); its card texts are then read here, one column at a time.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

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


def normalized(
    cards: pl.Series, words: Mapping[str, str], separator: str, suit_first: bool = False,
    rank_suit: str = "",
) -> pl.Series:
    """Card texts (cards between ``separator`` or spaces, maybe in brackets; ``rank_suit``
    between a card's rank and suit: ``10 of h``) as the engine writes them: each card's
    rank and suit in the engine's letters, a space between cards; a word that is no card is
    kept as it is (the hand's checks then find it). With ``suit_first`` a card is written
    suit then rank (``SQ``, ``H10``, ``d6``)."""
    ranks = {word: value for word, value in words.items() if value in RANKS} | {"10": "T"}
    suits = {word: value for word, value in words.items() if value in SUITS}
    card = card_regex(words, suit_first)
    rank_group, suit_group = (2, 1) if suit_first else (1, 2)
    marks = "".join(sorted(set(separator) | {" ", "[", "]"}))
    token = pl.element()
    read = (
        token.str.extract(card, rank_group).replace(ranks)
        + token.str.extract(card, suit_group).replace(suits)
    )
    if rank_suit:
        cards = cards.str.replace_all(re.escape(rank_suit), "")
    out = (
        cards.str.replace_all(f"[{re.escape(marks)}]+", " ")
        .str.strip_chars()
        .str.split(" ")
        .list.eval(pl.when(token.str.contains(card)).then(read).otherwise(token))
        .list.join(" ")
    )
    return out.alias(cards.name)
