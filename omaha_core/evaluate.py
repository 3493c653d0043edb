"""The Omaha evaluator: best high and best low from exactly two hole cards and three board cards.

Batch functions take ``holes`` (n, k) with k in 4..6 and ``boards`` (n, 5) as card ids and
return int32 arrays of values (greater is better, equal values tie; a low of 0 means no
qualifying low). For every hole pair and board triple the 5-card rank index is the sum of a
pair key and a triple key, plus the flush offset when all five cards share a suit, so a whole
chunk of deals is one gather into the tables and a max. The scalar forms run the same path
and also reject repeated cards; the batch forms leave that check to their callers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from omaha_core.cards import check_distinct
from omaha_core.tables import (
    FLUSH_OFFSET,
    QUALIFIERS,
    RANK_WEIGHTS,
    card_keys,
    high_tables,
    low_tables,
)

HOLE_SIZES = (4, 5, 6)
BOARD_SIZE = 5
HOLE_PAIRS = {k: np.array(list(combinations(range(k), 2)), np.intp) for k in HOLE_SIZES}
BOARD_TRIPLES = np.array(list(combinations(range(BOARD_SIZE), 3)), np.intp)
# Index entries per chunk: the chunk's index and value arrays stay in cache (measured:
# about 2,000 rows of 4-card hands beat both 1,000 and 8,000).
CHUNK_ENTRIES = 131_072

IntArray = NDArray[np.int32]


def _as_cards(array: ArrayLike, sizes: tuple[int, ...], what: str) -> NDArray[np.uint8]:
    cards = np.asarray(array)
    if cards.size and not np.issubdtype(cards.dtype, np.integer):
        raise ValueError(f"{what} must be integer card ids, not {cards.dtype}")
    if cards.ndim != 2 or cards.shape[1] not in sizes:
        raise ValueError(f"{what} must have shape (n, k) with k in {sizes}, not {cards.shape}")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise ValueError(f"{what} hold a value that is not a card id (0..51)")
    return cards.astype(np.uint8, copy=False)


def _check_batch(
    holes: ArrayLike, boards: ArrayLike
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    hole_cards = _as_cards(holes, HOLE_SIZES, "holes")
    board_cards = _as_cards(boards, (BOARD_SIZE,), "boards")
    if len(hole_cards) != len(board_cards):
        raise ValueError(f"{len(hole_cards)} holes but {len(board_cards)} boards")
    return hole_cards, board_cards


def _check_qualifier(qualifier: int) -> None:
    if qualifier not in QUALIFIERS:
        raise ValueError(f"low qualifier must be one of {QUALIFIERS}, not {qualifier}")


def _chunk_indexes(
    holes: NDArray[np.uint8], boards: NDArray[np.uint8], with_suits: bool
) -> Iterator[tuple[slice, NDArray[np.intp], NDArray[np.bool_] | None]]:
    """Per chunk of rows: the rank index of every (pair, triple, row), shaped
    (pairs, 10, rows) so that the max over choices is a reduction of whole rows, and the
    flush mask of the same shape when ``with_suits``."""
    keys = card_keys()
    pairs = HOLE_PAIRS[holes.shape[1]]
    chunk_rows = max(1, CHUNK_ENTRIES // (len(pairs) * len(BOARD_TRIPLES)))
    for start in range(0, len(holes), chunk_rows):
        rows = slice(start, start + chunk_rows)
        hole = holes[rows].T.astype(np.intp)
        board = boards[rows].T.astype(np.intp)
        pair_code = hole[pairs[:, 0]] * 52 + hole[pairs[:, 1]]
        triple_code = (
            board[BOARD_TRIPLES[:, 0]] * 52 + board[BOARD_TRIPLES[:, 1]]
        ) * 52 + board[BOARD_TRIPLES[:, 2]]
        index = keys.pair_key.take(pair_code)[:, None, :].astype(np.intp)
        index = index + keys.triple_key.take(triple_code)[None, :, :]
        flush = None
        if with_suits:
            pair_suit = keys.pair_suit.take(pair_code)
            triple_suit = keys.triple_suit.take(triple_code)
            flush = pair_suit[:, None, :] == triple_suit[None, :, :]
        yield rows, index, flush


def high_low_values(
    holes: ArrayLike, boards: ArrayLike, qualifier: int | None = 8
) -> tuple[IntArray, IntArray]:
    """High values and low values (0 = no low) of n deals in one pass; ``qualifier=None``
    skips the low and returns zeros for it.

    >>> from omaha_core.cards import parse_cards
    >>> holes = np.array([parse_cards("3s 4h Kd Ks")], np.uint8)
    >>> boards = np.array([parse_cards("As Ah Ad 2c 8c")], np.uint8)
    >>> high, low = high_low_values(holes, boards)
    >>> int(high[0]) == high_value(holes[0], boards[0]), int(low[0]) > 0
    (True, True)
    """
    hole_cards, board_cards = _check_batch(holes, boards)
    high_table = high_tables().values
    low_table = None
    if qualifier is not None:
        _check_qualifier(qualifier)
        low_table = low_tables().by_qualifier[qualifier]
    high = np.zeros(len(hole_cards), np.int32)
    low = np.zeros(len(hole_cards), np.int32)
    for rows, index, flush in _chunk_indexes(hole_cards, board_cards, with_suits=True):
        if low_table is not None:
            low[rows] = low_table.take(index).max(axis=(0, 1))
        np.add(index, FLUSH_OFFSET, out=index, where=flush)
        high[rows] = high_table.take(index).max(axis=(0, 1))
    return high, low


def high_values(holes: ArrayLike, boards: ArrayLike) -> IntArray:
    """The Omaha high value of each of n deals: holes (n, 4..6), boards (n, 5).

    >>> from omaha_core.cards import parse_cards
    >>> holes = np.array([parse_cards("As Ah 2c 3d"), parse_cards("Kc Qc 2h 3h")], np.uint8)
    >>> boards = np.array([parse_cards("Ad Kd 7c 8c 9c")] * 2, np.uint8)
    >>> a, b = high_values(holes, boards)
    >>> bool(b > a)  # a club flush beats three aces
    True
    """
    return high_low_values(holes, boards, qualifier=None)[0]


def low_values(holes: ArrayLike, boards: ArrayLike, qualifier: int = 8) -> IntArray:
    """The Omaha low value of each of n deals (0 where no low qualifies).

    >>> from omaha_core.cards import parse_cards
    >>> holes = np.array([parse_cards("2h 4s 5s Kd"), parse_cards("3s 5s Th Jd")], np.uint8)
    >>> boards = np.array([parse_cards("2d 6h Ac 5c 8s")] * 2, np.uint8)
    >>> a, b = low_values(holes, boards)
    >>> bool(b > a > 0)  # 6-5-3-2-A beats 6-5-4-2-A
    True
    """
    _check_qualifier(qualifier)
    hole_cards, board_cards = _check_batch(holes, boards)
    low_table = low_tables().by_qualifier[qualifier]
    low = np.zeros(len(hole_cards), np.int32)
    for rows, index, _ in _chunk_indexes(hole_cards, board_cards, with_suits=False):
        low[rows] = low_table.take(index).max(axis=(0, 1))
    return low


def five_card_values(cards: ArrayLike) -> IntArray:
    """The plain high value of each 5-card hand in ``cards`` (n, 5).

    >>> from omaha_core.cards import parse_cards
    >>> hands = [parse_cards("As Ks Qs Js Ts"), parse_cards("5c 4d 3h 2s Ac")]
    >>> [int(value) for value in five_card_values(hands)]
    [7462, 5854]
    """
    hands = _as_cards(cards, (BOARD_SIZE,), "cards").astype(np.int32)
    suits = hands & 3
    suited = (suits == suits[:, :1]).all(axis=1)
    index: NDArray[np.int32] = (hands >> 2) @ RANK_WEIGHTS + suited * np.int32(FLUSH_OFFSET)
    values: IntArray = high_tables().values.take(index).astype(np.int32)
    return values


def one_deal(
    hole: Sequence[int], board: Sequence[int]
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """One deal as 1-row arrays, after checking card counts and duplicates (``ValueError``)."""
    if len(hole) not in HOLE_SIZES:
        raise ValueError(f"a hand has 4, 5 or 6 hole cards, not {len(hole)}")
    if len(board) != BOARD_SIZE:
        raise ValueError(f"the board has 5 cards, not {len(board)}")
    check_distinct([*hole, *board])
    return np.array([hole], np.uint8), np.array([board], np.uint8)


def high_value(hole: Sequence[int], board: Sequence[int]) -> int:
    """The high value of one hand: exactly two of ``hole`` (4-6 ids) and three of ``board`` (5).

    >>> from omaha_core.cards import parse_cards
    >>> board = parse_cards("Ks 9s Qs Qh 5s")
    >>> flush = high_value(parse_cards("2s 3s Kd Jd"), board)
    >>> flush > high_value(parse_cards("As 2h 4h 5c"), board)
    True
    """
    holes, boards = one_deal(hole, board)
    return int(high_values(holes, boards)[0])


def low_value(hole: Sequence[int], board: Sequence[int], qualifier: int = 8) -> int:
    """The low value of one hand (0 when no low qualifies); qualifier 7, 8 or 9.

    >>> from omaha_core.cards import parse_cards
    >>> low_value(parse_cards("3s 4h 5d 6s"), parse_cards("7s 8h 9d Tc Js"))
    0
    >>> low_value(parse_cards("As 2h Kd Ks"), parse_cards("3c 4d 5h Qc Js"))
    1287
    """
    holes, boards = one_deal(hole, board)
    return int(low_values(holes, boards, qualifier)[0])
