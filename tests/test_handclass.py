"""Starting-hand classes: the exact count of 4-card classes and the categories of named hands."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from analysis.reports.handclass import class_keys, classify, classify_texts, parse_hole_cards
from omaha_core.cards import parse_cards


def all_four_card_hands() -> np.ndarray:
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), 4))
    return np.fromiter(flat, dtype=np.int16).reshape(-1, 4)


def test_all_four_card_hands_fall_into_16432_classes() -> None:
    hands = all_four_card_hands()
    assert len(hands) == comb(52, 4) == 270_725
    table = classify(hands)
    assert len(np.unique(class_keys(hands))) == 16_432
    assert len(set(table.column("hand_class").to_pylist())) == 16_432
    # A class with no repeated suit pattern has 4! suit renamings; summing each class's
    # size must give back every hand once.
    sizes = table.group_by("hand_class").aggregate([("hand_class", "count")])
    assert sum(sizes.column("hand_class_count").to_pylist()) == 270_725
    assert max(sizes.column("hand_class_count").to_pylist()) == 24


def one(text: str) -> dict[str, object]:
    row = classify_texts([text]).to_pylist()[0]
    assert isinstance(row, dict)
    return row


@pytest.mark.parametrize(
    ("hand", "hand_class", "label", "pairs", "suitedness"),
    [
        ("As Ah Ks Kh", "AsAhKsKh", "AAKK ds", "two pair", "double suited"),
        ("Kd Ad Kc Ac", "AsAhKsKh", "AAKK ds", "two pair", "double suited"),
        ("As Kh Ad Kc", "AsAhKdKc", "AAKK r", "two pair", "rainbow"),
        ("As Ks Ah Kd", "AsAhKsKd", "AAKK ss", "two pair", "single suited"),
        ("Ac 2d 3h 4s", "As4h3d2c", "A432 r", "none", "rainbow"),
        ("2s 2c 2h 2d", "2s2h2d2c", "2222 r", "trips+", "rainbow"),
        ("Jh Th 9h 8h", "JsTs9s8s", "JT98 ts", "none", "three+ of a suit"),
        ("Jh Th 9h 8c", "JsTs9s8h", "JT98 ts", "none", "three+ of a suit"),
        ("Qs Qd 7c 2h", "QsQh7d2c", "QQ72 r", "one pair", "rainbow"),
        ("As Ad 2s 3d", "AsAh3s2h", "AA32 ds", "one pair", "double suited"),
    ],
)
def test_named_hands(hand: str, hand_class: str, label: str, pairs: str, suitedness: str) -> None:
    row = one(hand)
    assert (row["hand_class"], row["hand_label"], row["pairs"], row["suitedness"]) == (
        hand_class,
        label,
        pairs,
        suitedness,
    )


def test_same_ranks_and_suitedness_can_be_different_classes() -> None:
    # A-K-Q-J double suited: which ranks share a suit matters, the label does not say.
    texts = ["As Ks Qh Jh", "As Qs Kh Jh", "As Js Kh Qh"]
    table = classify_texts(texts)
    assert len(set(table.column("hand_class").to_pylist())) == 3
    assert set(table.column("hand_label").to_pylist()) == {"AKQJ ds"}


@pytest.mark.parametrize(
    ("hand", "connectedness"),
    [
        ("Jh Tc 9d 8s", "rundown"),
        ("Ah 2c 3d 4s", "rundown"),  # the ace plays low
        ("Ah Kc Qd Js", "rundown"),
        ("Jh Tc 8d 7s", "one-gap rundown"),
        ("Jh 9c 8d 6s", "two-gap rundown"),
        ("Jh Tc 9d 2s", "three connected"),
        ("Kh Ac 2d 3s", "three connected"),  # A-2-3, no wrap-around K-A-2
        ("Kh 9c 5d 2s", "disconnected"),
        ("As Ah Ks Kh", "disconnected"),
    ],
)
def test_connectedness(hand: str, connectedness: str) -> None:
    assert one(hand)["connectedness"] == connectedness


@pytest.mark.parametrize(
    ("hand", "high_cards", "low_start", "low_ranks"),
    [
        ("As Ah 9c 9d", "AAxx", "other", 1),
        ("Ks Kh Ac 9d", "KKxx", "other", 1),
        ("As 2s 3c 4d", "A suited", "A2xx", 4),
        ("As 2h 3c 4d", "A offsuit", "A2xx", 4),
        ("As 3h 3c 4d", "A offsuit", "A3xx", 3),
        ("Ks Qh Tc 8d", "no ace", "other", 1),
        ("9s 9h Tc Td", "no ace", "other", 0),
    ],
)
def test_high_cards_and_low_potential(
    hand: str, high_cards: str, low_start: str, low_ranks: int
) -> None:
    row = one(hand)
    assert (row["high_cards"], row["low_start"], row["low_ranks"]) == (
        high_cards,
        low_start,
        low_ranks,
    )


def test_five_and_six_card_hands_use_all_their_cards() -> None:
    five = one("As Ah Ks Kh 2c")
    assert (five["hand_class"], five["cards_dealt"], five["low_start"]) == ("AsAhKsKh2d", 5, "A2xx")
    six = one("9s 8s 7h 6h 5d 4d")
    assert (six["hand_label"], six["suitedness"], six["connectedness"]) == (
        "987654 ds",
        "double suited",
        "rundown",
    )
    # Two suited groups make a hand double suited even when one group holds three cards.
    assert one("As Ks Qs Jh Th")["suitedness"] == "double suited"
    assert one("As Ks Qs Jh Tc")["suitedness"] == "three+ of a suit"


def test_mixed_sizes_and_spellings_keep_row_order() -> None:
    texts = ["As Ah Ks Kh 2c", "Ac 2d 3h 4s", "10s 9s 8h 7h", "AsAhKsKh"]
    rows = classify_texts(texts).to_pylist()
    assert [row["hand_class"] for row in rows] == ["AsAhKsKh2d", "As4h3d2c", "Ts9s8h7h", "AsAhKsKh"]


def test_parse_hole_cards_fast_path_matches_scalar_parser() -> None:
    texts = ["As Kd 7h 2c", "Tc 9d 8h 2s"]
    assert parse_hole_cards(texts).tolist() == [parse_cards(text) for text in texts]
    with pytest.raises(ValueError, match="not a card"):
        parse_hole_cards(["As Kd 7h 2x"])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
    st.permutations(range(4)),
    st.permutations(range(4)),
)
def test_class_is_invariant_under_suit_renaming_and_card_order(
    cards: list[int], suit_map: list[int], card_order: list[int]
) -> None:
    renamed = [(card >> 2) * 4 + suit_map[card & 3] for card in cards]
    shuffled = [renamed[i] for i in card_order]
    table = classify(np.array([cards, shuffled], dtype=np.int16))
    first, second = table.to_pylist()
    assert first == second
