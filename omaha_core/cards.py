"""Cards as small integers: ``rank * 4 + suit``, rank 0..12 for 2..A, suit 0..3 for c, d, h, s.

Integers (not objects) so that bulk paths can hold whole deals in numpy ``uint8`` arrays.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterable

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights",
    "nines", "tens", "jacks", "queens", "kings", "aces",
)  # fmt: skip
DECK_SIZE = 52

_CARD_RE = re.compile(r"(10|[2-9tjqka])([cdhs])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]+")
# A card a history names without showing it: ``XX`` in ``shows [XX Qs]``.
_UNSHOWN = re.compile(r"[xX?]{1,2}")
# Every way one card is written alone (``As``, ``as``, ``AS``, ``10h``): a text of such
# cards between spaces, as histories write them, is read by looking its words up.
_WRITTEN = {
    written: rank * 4 + suit
    for rank, rank_char in enumerate(RANK_CHARS)
    for suit, suit_char in enumerate(SUIT_CHARS)
    for rank_text in ({rank_char, rank_char.lower(), "10"} if rank == 8
                      else {rank_char, rank_char.lower()})
    for written in {rank_text + suit_char, rank_text + suit_char.upper()}
}  # fmt: skip


def card_id(rank: int, suit: int) -> int:
    """The id of the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0..3 = c, d, h, s).

    >>> card_id(12, 3)
    51
    """
    if not (0 <= rank < 13 and 0 <= suit < 4):
        raise ValueError(f"no card with rank {rank} and suit {suit}")
    return rank * 4 + suit


def rank_of(card: int) -> int:
    """The rank (0 = deuce .. 12 = ace) of a card id.

    >>> rank_of(parse_card("Qh"))
    10
    """
    return card >> 2


def suit_of(card: int) -> int:
    """The suit (0..3 = c, d, h, s) of a card id.

    >>> suit_of(parse_card("Qh"))
    2
    """
    return card & 3


def _token_to_id(rank_text: str, suit_text: str) -> int:
    rank = 8 if rank_text == "10" else RANK_CHARS.index(rank_text.upper())
    return rank * 4 + SUIT_CHARS.index(suit_text.lower())


def parse_card(text: str) -> int:
    """The id of one card written like ``As``, ``td`` or ``10h``.

    >>> parse_card("2c"), parse_card("As"), parse_card("10h") == parse_card("Th")
    (0, 51, True)
    """
    match = _CARD_RE.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"not a card: {text!r}")
    return _token_to_id(match.group(1), match.group(2))


def parse_cards(text: str) -> list[int]:
    """The card ids in ``text``: cards separated by spaces or commas, or run together.

    Ranks ``2-9 T J Q K A`` (or ``10``), suits ``c d h s``, either case.

    >>> parse_cards("As Kd 10h 2c")
    [51, 45, 34, 0]
    >>> parse_cards("AsKd") == parse_cards("as, KD")
    True
    >>> parse_cards("As Kx")
    Traceback (most recent call last):
    ...
    ValueError: not a card: 'Kx'
    """
    with contextlib.suppress(KeyError):  # the usual text: cards between spaces
        return [_WRITTEN[word] for word in text.split()]
    ids: list[int] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        position = 0
        while position < len(chunk):
            match = _CARD_RE.match(chunk, position)
            if match is None:
                bad = chunk[position : position + 2] if position else chunk
                raise ValueError(f"not a card: {bad!r}")
            ids.append(_token_to_id(match.group(1), match.group(2)))
            position = match.end()
    return ids


def known_cards(text: str) -> list[int]:
    """The ids of the cards ``text`` shows, leaving out those written as unknown (``XX``,
    ``X`` or ``??``: a partial show exported as ``[XX Qs]``); otherwise as
    :func:`parse_cards`.

    >>> known_cards("XX Qs"), known_cards("Ad"), known_cards("")
    ([43], [49], [])
    """
    with contextlib.suppress(KeyError):  # the usual text: cards between spaces, all shown
        return [_WRITTEN[word] for word in text.split()]
    shown = [chunk for chunk in _SEPARATORS.split(text.strip()) if not _UNSHOWN.fullmatch(chunk)]
    return parse_cards(" ".join(shown))


def format_card(card: int) -> str:
    """The two-character text of a card id.

    >>> format_card(51)
    'As'
    """
    if not 0 <= card < DECK_SIZE:
        raise ValueError(f"not a card id: {card}")
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def format_cards(cards: Iterable[int]) -> str:
    """The cards as text separated by spaces (``T`` for tens).

    >>> format_cards(parse_cards("As Kd 10h 2c"))
    'As Kd Th 2c'
    """
    return " ".join(format_card(int(card)) for card in cards)


def check_distinct(cards: Iterable[int]) -> None:
    """Raise ``ValueError`` naming the first card id out of range or seen twice."""
    seen: set[int] = set()
    for card in cards:
        text = format_card(int(card))
        if card in seen:
            raise ValueError(f"duplicate card: {text}")
        seen.add(int(card))
