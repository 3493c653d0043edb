"""Starting-hand classes of Omaha hole cards, vectorised over many hands.

A hand is an ``(n, k)`` array of card ids (``rank * 4 + suit``, rank 0..12 for 2..A, suit
0..3 for c, d, h, s), k = 4, 5 or 6. Two hands are the same *class* when a renaming of the
suits turns one into the other. Each suit of a hand holds a set of ranks (a 13-bit mask);
the class is the multiset of those four masks. Sorting the masks by (number of cards,
mask) from the largest gives a canonical order, and the canonical text names the suit
groups ``s``, ``h``, ``d``, ``c`` in that order and lists the cards from the highest rank
down (suit groups in the same order among equal ranks): ``AsAhKsKh`` is A-A-K-K double
suited with both suits holding an ace and a king, ``AsKsQhJh`` and ``AsQsKhJh`` are two
different double-suited A-K-Q-J classes. Categories (pairs, suitedness, connectedness,
high cards, low potential) are documented in docs/stats.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import pyarrow as pa

from omaha_core.cards import RANK_CHARS, parse_cards

CANONICAL_SUITS = "shdc"
ACE = 12
# A, 2..8: the ranks that can make an 8-or-better low.
LOW_RANK_MASK = (1 << ACE) | 0b1111111

HAND_CLASS_SCHEMA = pa.schema(
    [
        pa.field("class_key", pa.int64(), nullable=False),
        pa.field("hand_class", pa.string(), nullable=False),
        pa.field("hand_label", pa.string(), nullable=False),
        pa.field("cards_dealt", pa.int8(), nullable=False),
        pa.field("pairs", pa.string(), nullable=False),
        pa.field("suitedness", pa.string(), nullable=False),
        pa.field("connectedness", pa.string(), nullable=False),
        pa.field("high_cards", pa.string(), nullable=False),
        pa.field("low_start", pa.string(), nullable=False),
        pa.field("low_ranks", pa.int8(), nullable=False),
    ]
)

_POPCOUNT = np.array([bin(value).count("1") for value in range(1 << 14)], dtype=np.int8)

IntArray = npt.NDArray[np.int64]


def _suit_masks(cards: npt.NDArray[np.integer]) -> IntArray:
    """The ``(n, 4)`` rank masks of each suit (cards are distinct, so a sum is an OR)."""
    ids = cards.astype(np.int64)
    bits = np.left_shift(1, ids >> 2)
    suits = ids & 3
    return np.stack([(bits * (suits == s)).sum(axis=1) for s in range(4)], axis=1)


def _sorted_masks(masks: IntArray) -> IntArray:
    """Suit masks ordered by (card count, mask) from the largest: the canonical suit order."""
    order_key = _POPCOUNT[masks].astype(np.int64) << 13 | masks
    order = np.argsort(-order_key, axis=1, kind="stable")
    return np.take_along_axis(masks, order, axis=1)


def class_keys(cards: npt.NDArray[np.integer]) -> IntArray:
    """One integer per hand, equal for two hands exactly when they are suit-isomorphic.

    The four canonically ordered 13-bit suit masks packed into 52 bits.
    """
    ordered = _sorted_masks(_suit_masks(cards))
    return ordered[:, 0] << 39 | ordered[:, 1] << 26 | ordered[:, 2] << 13 | ordered[:, 3]


def key_texts(keys: IntArray, count: int) -> list[str]:
    """The canonical texts (e.g. ``AsAhKsKh``) of class keys of ``count``-card hands."""
    groups = (keys[:, None] >> (13 * (3 - np.arange(4)))) & 0x1FFF
    # Bit (rank, group) of each card, laid out from the ace down and, within a rank, in
    # group order: the positions of the set bits are then the cards in text order.
    present = (groups[:, None, :] >> np.arange(12, -1, -1)[None, :, None]) & 1
    rows, flat_positions = np.nonzero(present.reshape(len(keys), 52))
    if len(rows) != len(keys) * count:
        raise ValueError(f"class keys that do not hold {count} cards")
    positions = flat_positions.reshape(len(keys), count)
    rank_chars = np.frombuffer(RANK_CHARS[::-1].encode(), dtype="S1")[positions // 4]
    suit_chars = np.frombuffer(CANONICAL_SUITS.encode(), dtype="S1")[positions % 4]
    pairs = np.stack([rank_chars, suit_chars], axis=2).reshape(len(keys), 2 * count)
    joined = np.ascontiguousarray(pairs).view(f"S{2 * count}").ravel()
    return [value.decode() for value in joined.tolist()]


def _choose(conditions: list[npt.NDArray[np.bool_]], labels: list[str], default: str) -> pa.Array:
    codes = np.select(conditions, list(range(len(labels))), default=len(labels))
    return pa.DictionaryArray.from_arrays(
        pa.array(codes, pa.int8()), pa.array([*labels, default])
    ).cast(pa.string())


def _best_window(rank_mask14: IntArray, width: int) -> npt.NDArray[np.int8]:
    """Most distinct ranks of the hand inside any run of ``width`` consecutive ranks."""
    window = (1 << width) - 1
    counts = [_POPCOUNT[(rank_mask14 >> start) & window] for start in range(15 - width)]
    best: npt.NDArray[np.int8] = np.max(np.stack(counts, axis=1), axis=1)
    return best


def classify(cards: npt.NDArray[np.integer]) -> pa.Table:
    """Class and categories of every hand in an ``(n, k)`` card-id array (one row per hand)."""
    if cards.ndim != 2 or cards.shape[1] not in (4, 5, 6):
        raise ValueError(f"expected an (n, 4..6) card array, got shape {cards.shape}")
    count = cards.shape[1]
    masks = _suit_masks(cards)
    ordered = _sorted_masks(masks)
    keys = ordered[:, 0] << 39 | ordered[:, 1] << 26 | ordered[:, 2] << 13 | ordered[:, 3]
    unique_keys, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    per_row = pa.array(inverse.ravel())

    ranks = cards.astype(np.int64) >> 2
    rank_counts = (ranks[:, :, None] == np.arange(13)).sum(axis=1)
    most_of_a_rank = rank_counts.max(axis=1)
    pair_count = (rank_counts == 2).sum(axis=1)
    suit_sizes = _POPCOUNT[masks]
    suited_groups = (suit_sizes >= 2).sum(axis=1)
    rank_mask = np.bitwise_or.reduce(masks, axis=1)
    # Bit 0 repeats the ace below the deuce so that A-2-3-4 counts as connected.
    rank_mask14 = rank_mask << 1 | (rank_mask >> ACE & 1)
    in4, in5, in6 = (_best_window(rank_mask14, width) for width in (4, 5, 6))
    aces = rank_counts[:, ACE]
    ace_suited = np.asarray(((masks >> ACE & 1).astype(bool) & (suit_sizes >= 2)).any(axis=1))
    has = [(rank_mask >> rank & 1).astype(bool) for rank in range(13)]
    suited: list[npt.NDArray[np.bool_]] = [
        suited_groups >= 2,
        (suited_groups == 1) & (suit_sizes.max(axis=1) == 2),
        np.asarray(suited_groups == 1),
    ]
    # Class text and label depend on the class only: build them once per distinct class.
    short_suited = _choose([condition[first] for condition in suited], ["ds", "ss", "ts"], "r")
    labels = [
        f"{ranks_text} {suited_text}"
        for ranks_text, suited_text in zip(
            _rank_text(cards[first]), short_suited.to_pylist(), strict=True
        )
    ]
    columns = {
        "class_key": pa.array(keys),
        "hand_class": pa.array(key_texts(unique_keys, count)).take(per_row),
        "hand_label": pa.array(labels).take(per_row),
        "cards_dealt": pa.array(np.full(len(cards), count, dtype=np.int8)),
        "pairs": _choose(
            [most_of_a_rank >= 3, pair_count >= 2, pair_count == 1],
            ["trips+", "two pair", "one pair"], "none",
        ),
        "suitedness": _choose(
            suited, ["double suited", "single suited", "three+ of a suit"], "rainbow"
        ),
        "connectedness": _choose(
            [in4 >= 4, in5 >= 4, in6 >= 4, in4 >= 3],
            ["rundown", "one-gap rundown", "two-gap rundown", "three connected"],
            "disconnected",
        ),
        "high_cards": _choose(
            [aces >= 2, rank_counts[:, ACE - 1] >= 2, ace_suited, aces == 1],
            ["AAxx", "KKxx", "A suited", "A offsuit"], "no ace",
        ),
        "low_start": _choose(
            [has[ACE] & has[0], has[ACE] & has[1]], ["A2xx", "A3xx"], "other"
        ),
        "low_ranks": pa.array(_POPCOUNT[rank_mask & LOW_RANK_MASK].astype(np.int8)),
    }  # fmt: skip
    return pa.Table.from_pydict(columns, schema=HAND_CLASS_SCHEMA)


def _rank_text(cards: npt.NDArray[np.integer]) -> list[str]:
    """The ranks of each hand from the highest down, e.g. ``AAKK``."""
    ranks = np.sort(cards.astype(np.int64) >> 2, axis=1)[:, ::-1]
    chars = np.frombuffer(RANK_CHARS.encode(), dtype="S1")[ranks]
    joined = chars.view(f"S{cards.shape[1]}").ravel()
    return [value.decode() for value in joined.tolist()]


_RANK_OF_BYTE = np.full(256, -1, dtype=np.int64)
_SUIT_OF_BYTE = np.full(256, -1, dtype=np.int64)
for _index, _char in enumerate(RANK_CHARS):
    _RANK_OF_BYTE[ord(_char)] = _RANK_OF_BYTE[ord(_char.lower())] = _index
for _index, _char in enumerate("cdhs"):
    _SUIT_OF_BYTE[ord(_char)] = _SUIT_OF_BYTE[ord(_char.upper())] = _index


def _decode(
    texts: Sequence[str], width: int
) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.bool_]]:
    """Card ids of texts ``width`` characters long in the two-characters-per-card form
    (``"As Kd 7h 2c"``), decoded as bytes in bulk, and per text whether it is in that form."""
    raw = np.frombuffer("".join(texts).encode("ascii", "replace"), dtype=np.uint8)
    raw = raw.reshape(len(texts), width)
    ranks = _RANK_OF_BYTE[raw[:, 0::3]]
    suits = _SUIT_OF_BYTE[raw[:, 1::3]]
    spaced = (raw[:, 2::3] == ord(" ")).all(axis=1)
    valid = spaced & (ranks >= 0).all(axis=1) & (suits >= 0).all(axis=1)
    return (ranks * 4 + suits).astype(np.int16), valid


def parse_hole_cards(texts: Sequence[str]) -> npt.NDArray[np.int16]:
    """Card ids of equally long hole-card texts like ``"As Kd 7h 2c"`` as an ``(n, k)`` array.

    Texts in the usual two-characters-per-card form are decoded as bytes in bulk; any other
    spelling (``10h``, no spaces) goes through ``omaha_core.parse_cards``. Raises
    ``ValueError`` when the hands do not all hold the same number of cards.
    """
    if not texts:
        return np.zeros((0, 4), dtype=np.int16)
    width = len(texts[0])
    if all(len(text) == width for text in texts) and width % 3 == 2:
        ids, valid = _decode(texts, width)
        if valid.all():
            return ids
    parsed = [parse_cards(text) for text in texts]
    if len({len(ids) for ids in parsed}) != 1:
        raise ValueError("hands with different numbers of hole cards in one batch")
    return np.array(parsed, dtype=np.int16)


def _whole_hand(text: str) -> bool:
    """Whether ``text`` names 4, 5 or 6 distinct cards and nothing else (any spelling)."""
    try:
        ids = parse_cards(text)
    except ValueError:
        return False
    return 4 <= len(ids) <= 6 and len(set(ids)) == len(ids)


def whole_hands(texts: Sequence[str]) -> npt.NDArray[np.bool_]:
    """Per hole-card text, whether it names a whole Omaha hand: 4, 5 or 6 distinct cards and
    nothing else. A partial show (``Ad``, ``XX Qs``) or a malformed text does not, and is
    left unclassified."""
    whole = np.zeros(len(texts), dtype=bool)
    sizes = np.fromiter((len(text) for text in texts), dtype=np.int64, count=len(texts))
    for size in np.unique(sizes):
        where = np.flatnonzero(sizes == size)
        group = [texts[int(i)] for i in where]
        checked = np.zeros(len(group), dtype=bool)
        if size in (11, 14, 17):  # 4, 5 or 6 cards written "As Kd 7h 2c"
            ids, checked = _decode(group, int(size))
            ordered = np.sort(ids, axis=1)
            whole[where] = checked & (np.diff(ordered, axis=1) != 0).all(axis=1)
        for index in np.flatnonzero(~checked):  # other spellings: one by one
            whole[where[index]] = _whole_hand(group[int(index)])
    return whole


def classify_texts(texts: Sequence[str]) -> pa.Table:
    """Classes of hole-card texts of any sizes, rows in the order given (each a whole hand:
    see :func:`whole_hands`).

    Hands are grouped by text length (so by number of cards in the usual spelling),
    classified per group and put back in order.
    """
    sizes = np.fromiter((len(text) for text in texts), dtype=np.int64, count=len(texts))
    parts: list[pa.Table] = []
    positions: list[npt.NDArray[np.int64]] = []
    for size in np.unique(sizes):
        where = np.flatnonzero(sizes == size)
        parts.append(classify(parse_hole_cards([texts[int(i)] for i in where])))
        positions.append(where)
    if not parts:
        return HAND_CLASS_SCHEMA.empty_table()
    combined = pa.concat_tables(parts)
    back = np.empty(len(texts), dtype=np.int64)
    back[np.concatenate(positions)] = np.arange(len(texts))
    return combined.take(pa.array(back))
