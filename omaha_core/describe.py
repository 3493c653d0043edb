"""Values in words, and the five cards a hand plays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from omaha_core.cards import RANK_CHARS, RANK_NAMES, RANK_PLURALS
from omaha_core.evaluate import BOARD_TRIPLES, HOLE_PAIRS, five_card_values, one_deal
from omaha_core.games import Game
from omaha_core.tables import (
    ACE,
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    HIGH_CATEGORIES,
    PAIR,
    QUADS,
    RANK_WEIGHTS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    high_tables,
    low_tables,
)


def _ranks_text(ranks: Sequence[int]) -> str:
    return "-".join(RANK_CHARS[rank] for rank in ranks)


def high_categories(values: ArrayLike) -> NDArray[np.int8]:
    """The category index (0 = high card .. 8 = straight flush, see ``HIGH_CATEGORIES``)
    of each high value.

    >>> [HIGH_CATEGORIES[c] for c in high_categories([1, 7462])]
    ['high card', 'straight flush']
    """
    decode = high_tables().decode
    index = np.asarray(values)
    if index.size and (index.min() < 1 or index.max() >= len(decode)):
        raise ValueError("high values run from 1 to 7462")
    categories: NDArray[np.int8] = decode[index, 0]
    return categories


def describe_high(value: int) -> str:
    """A high value in words.

    >>> from omaha_core.evaluate import high_value
    >>> from omaha_core.cards import parse_cards
    >>> describe_high(high_value(parse_cards("3s 4h Kd Ks"), parse_cards("As Ah Ad 2c 8c")))
    'full house, aces full of kings'
    >>> describe_high(7462), describe_high(1)
    ('royal flush', 'high card, seven high (7-5-4-3-2)')
    """
    category = int(high_categories([value])[0])
    ranks = [int(rank) for rank in high_tables().decode[value, 1:]]
    top = ranks[0]
    if category == STRAIGHT_FLUSH:
        return "royal flush" if top == ACE else f"straight flush, {RANK_NAMES[top]} high"
    if category == QUADS:
        return f"four of a kind, {RANK_PLURALS[top]}, {RANK_NAMES[ranks[4]]} kicker"
    if category == FULL_HOUSE:
        return f"full house, {RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[3]]}"
    if category == STRAIGHT:
        return f"straight, {RANK_NAMES[top]} high"
    if category == TRIPS:
        return f"three of a kind, {RANK_PLURALS[top]}, kickers {_ranks_text(ranks[3:])}"
    if category == PAIR:
        return f"pair of {RANK_PLURALS[top]}, kickers {_ranks_text(ranks[2:])}"
    if category in (HIGH_CARD, FLUSH):
        return f"{HIGH_CATEGORIES[category]}, {RANK_NAMES[top]} high ({_ranks_text(ranks)})"
    return (
        f"two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[2]]}, "
        f"{RANK_NAMES[ranks[4]]} kicker"
    )


def describe_low(value: int) -> str:
    """A low value as its ranks from the highest down, ace as ``A``; 0 is ``no low``.

    >>> describe_low(1287), describe_low(0)
    ('5-4-3-2-A', 'no low')
    """
    decode = low_tables().decode
    if not 0 <= value < len(decode):
        raise ValueError(f"low values run from 0 to {len(decode) - 1}")
    if value == 0:
        return "no low"
    return _ranks_text([int(rank) for rank in decode[value]])


def _choices(hole: Sequence[int], board: Sequence[int]) -> NDArray[np.int64]:
    """Every 5-card choice of exactly two hole and three board cards: (pairs * 10, 5)."""
    holes, boards = one_deal(hole, board)
    pairs = holes[0, HOLE_PAIRS[len(hole)]].astype(np.int64)
    triples = boards[0, BOARD_TRIPLES].astype(np.int64)
    return np.hstack([pairs.repeat(len(triples), axis=0), np.tile(triples, (len(pairs), 1))])


def _in_rank_order(cards: Sequence[int], ranks: Sequence[int]) -> list[int]:
    """``cards`` reordered to follow ``ranks``; within a rank, spades first, clubs last."""
    remaining = sorted((int(card) for card in cards), reverse=True)
    ordered = []
    for rank in ranks:
        card = next(card for card in remaining if card >> 2 == rank)
        remaining.remove(card)
        ordered.append(card)
    return ordered


def best_high(hole: Sequence[int], board: Sequence[int]) -> tuple[int, list[int]]:
    """The high value and the five cards played, in order of significance.

    >>> from omaha_core.cards import format_cards, parse_cards
    >>> value, cards = best_high(parse_cards("As 2h 4h 5c"), parse_cards("Ks 9s Qs Qh 5s"))
    >>> format_cards(cards), describe_high(value)
    ('Qs Qh 5s 5c As', 'two pair, queens and fives, ace kicker')
    """
    choices = _choices(hole, board)
    values = five_card_values(choices)
    best = int(np.argmax(values))
    value = int(values[best])
    ranks = [int(rank) for rank in high_tables().decode[value, 1:]]
    return value, _in_rank_order(choices[best], ranks)


def best_low(
    hole: Sequence[int], board: Sequence[int], qualifier: int = 8
) -> tuple[int, list[int]] | None:
    """The low value and the five cards played (highest first), or None when no low qualifies.

    >>> from omaha_core.cards import format_cards, parse_cards
    >>> value, cards = best_low(parse_cards("3c 7d Qd Qs"), parse_cards("2d 6h Ac 5c 8s"))
    >>> format_cards(cards), describe_low(value)
    ('7d 5c 3c 2d Ac', '7-5-3-2-A')
    >>> best_low(parse_cards("3s 4h 5d 6s"), parse_cards("7s 8h 9d Tc Js")) is None
    True
    """
    choices = _choices(hole, board)
    tables = low_tables()
    if qualifier not in tables.by_qualifier:
        raise ValueError(f"low qualifier must be one of {tuple(tables.by_qualifier)}")
    values = tables.by_qualifier[qualifier][(choices >> 2) @ RANK_WEIGHTS]
    best = int(np.argmax(values))
    value = int(values[best])
    if value == 0:
        return None
    return value, _in_rank_order(choices[best], [int(rank) for rank in tables.decode[value]])



@dataclass(frozen=True)
class PlayedHand:
    """One half of a showdown hand: ``half`` is ``high`` or ``low``; a missing low has value 0
    and no cards."""

    half: str
    value: int
    cards: list[int]
    words: str


def play_hand(hole: Sequence[int], board: Sequence[int], game: Game) -> list[PlayedHand]:
    """The best high (and for hi/lo games the best low) of a hand in ``game``.

    Raises ``ValueError`` when the hole does not have the game's card count, the board is not
    five cards, or a card repeats.

    >>> from omaha_core.cards import format_cards, parse_cards
    >>> from omaha_core.games import GAMES
    >>> hole, board = parse_cards("3s 4h Kd Ks"), parse_cards("As Ah Ad 2c 8c")
    >>> for hand in play_hand(hole, board, GAMES["omaha8"]):
    ...     print(hand.half, format_cards(hand.cards), hand.words)
    high As Ah Ad Ks Kd full house, aces full of kings
    low 8c 4h 3s 2c As 8-4-3-2-A
    """
    if len(hole) != game.hole_cards:
        raise ValueError(f"{game.label} deals {game.hole_cards} hole cards, not {len(hole)}")
    high, high_cards = best_high(hole, board)
    hands = [PlayedHand("high", high, high_cards, describe_high(high))]
    if game.hi_lo:
        low = best_low(hole, board, game.qualifier)
        if low is None:
            hands.append(PlayedHand("low", 0, [], describe_low(0)))
        else:
            hands.append(PlayedHand("low", low[0], low[1], describe_low(low[0])))
    return hands
