"""PokerStars wording for generated hands: amounts, game names, hand descriptions, names."""

from __future__ import annotations

import functools
from collections.abc import Callable

import numpy as np

from omaha_core.games import Game
from omaha_core.tables import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    high_tables,
    low_tables,
)

RANKS = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
         "Queen", "King", "Ace")  # fmt: skip
PLURALS = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
           "Jacks", "Queens", "Kings", "Aces")  # fmt: skip
LOW_CHARS = "23456789TJQKA"
LIMIT_NAMES = {"PL": "Pot Limit", "NL": "No Limit", "FL": "Limit"}
GAME_NAMES = {
    "omaha": "Omaha", "omaha8": "Omaha Hi/Lo", "omaha5": "5 Card Omaha",
    "omaha5_8": "5 Card Omaha Hi/Lo", "omaha6": "6 Card Omaha", "omaha6_8": "6 Card Omaha Hi/Lo",
    "courchevel": "Courchevel", "courchevel8": "Courchevel Hi/Lo",
}  # fmt: skip
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
         "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX")  # fmt: skip
STREET_NAMES = ("FLOP", "TURN", "RIVER")
FOLD_STREETS = ("before Flop", "on the Flop", "on the Turn", "on the River")


def dollars(cents: int) -> str:
    """``$2`` for whole dollars, ``$0.05`` otherwise (PokerStars style).

    >>> dollars(200), dollars(5), dollars(1234567)
    ('$2', '$0.05', '$12345.67')
    """
    whole, part = divmod(cents, 100)
    return f"${whole}" if part == 0 else f"${whole}.{part:02d}"


def chips(amount: int) -> str:
    return str(amount)


def money_formatter(tournament: bool) -> Callable[[int], str]:
    return chips if tournament else dollars


def stakes_text(small: int, big: int) -> str:
    """``$2/$4`` when both are whole dollars, else both with cents: ``$0.50/$1.00``."""
    if small % 100 == 0 and big % 100 == 0:
        return f"${small // 100}/${big // 100}"
    return f"${small // 100}.{small % 100:02d}/${big // 100}.{big % 100:02d}"


def game_title(game: Game, limit_type: str) -> str:
    return f"{GAME_NAMES[game.name]} {LIMIT_NAMES[limit_type]}"


def et_time(iso: str) -> str:
    """``2024/03/05 6:20:33 ET`` from ``2024-03-05T06:20:33``: the hour without a leading
    zero, as PokerStars writes it.

    >>> et_time("2024-03-05T06:20:33")
    '2024/03/05 6:20:33 ET'
    """
    return f"{iso[:4]}/{iso[5:7]}/{iso[8:10]} {int(iso[11:13])}:{iso[14:19]} ET"


CARD_TEXT = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]


def cards_text(cards: list[int]) -> str:
    """Card ids as PokerStars writes them: ``As Kd Th 2c``."""
    return " ".join([CARD_TEXT[card] for card in cards])


def describe_high(value: int) -> str:
    """A high value in PokerStars words, e.g. ``a full house, Kings full of Sixes``."""
    category, *ranks = (int(x) for x in high_tables().decode[value])
    top = ranks[0]
    if category == HIGH_CARD:
        return f"high card {RANKS[top]}"
    if category == PAIR:
        return f"a pair of {PLURALS[top]}"
    if category == TWO_PAIR:
        return f"two pair, {PLURALS[top]} and {PLURALS[ranks[2]]}"
    if category == TRIPS:
        return f"three of a kind, {PLURALS[top]}"
    if category == STRAIGHT:
        return f"a straight, {RANKS[ranks[4]]} to {RANKS[top]}"
    if category == FLUSH:
        return f"a flush, {RANKS[top]} high"
    if category == FULL_HOUSE:
        return f"a full house, {PLURALS[top]} full of {PLURALS[ranks[3]]}"
    if category == QUADS:
        return f"four of a kind, {PLURALS[top]}"
    assert category == STRAIGHT_FLUSH
    if top == 12:
        return "a Royal Flush"
    return f"a straight flush, {RANKS[ranks[4]]} to {RANKS[top]}"


def describe_low(value: int) -> str:
    """A low value as PokerStars lists it: ``6,5,4,2,A``."""
    ranks = low_tables().decode[value]
    return ",".join("A" if rank == 12 else LOW_CHARS[rank] for rank in ranks)


@functools.cache
def _high_texts() -> list[str]:
    return ["", *(describe_high(value) for value in range(1, len(high_tables().decode)))]


@functools.cache
def _low_texts() -> list[str]:
    return ["", *(describe_low(value) for value in range(1, len(low_tables().decode)))]


def describe(high: int, low: int | None) -> str:
    """The hand in words: high only, or ``HI: ...; LO: ...`` in hi/lo games.

    >>> describe(7462, None), describe(1, 1287)
    ('a Royal Flush', 'HI: high card Seven; LO: 5,4,3,2,A')
    """
    text = _high_texts()[high]
    if low is None:
        return text
    return f"HI: {text}; LO: {_low_texts()[low]}" if low else f"HI: {text}"


_SYLLABLES = ("ka", "ro", "mi", "te", "lu", "san", "dor", "vik", "el", "ba", "zo", "qui",
              "fer", "no", "ash", "tri", "pe", "gan", "ul", "ce")  # fmt: skip
_SUFFIXES = ("", "", "", "77", "_x", "-89", "$", "1984", " jr", ".p", "II", "22")


def screen_names(count: int, seed: int) -> list[str]:
    """Distinct made-up screen names (some with spaces, digits and punctuation)."""
    rng = np.random.default_rng(seed)
    names: list[str] = []
    seen = {"Hero"}
    while len(names) < count:
        parts = rng.integers(0, len(_SYLLABLES), int(rng.integers(2, 5)))
        word = "".join(_SYLLABLES[p] for p in parts)
        if rng.random() < 0.15:
            word = f"{word[:3].title()} {word[3:].title()}"
        name = (word.title() if rng.random() < 0.5 else word) + _SUFFIXES[
            int(rng.integers(0, len(_SUFFIXES)))
        ]
        if name not in seen:
            seen.add(name)
            names.append(name)
    return names


TABLE_NAMES = ("Aldebaran", "Bellatrix", "Capella", "Deneb", "Electra", "Fomalhaut", "Gienah",
               "Hadar", "Izar", "Jabbah", "Kochab", "Lesath", "Mirach", "Nunki")  # fmt: skip
