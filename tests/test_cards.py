"""Card ids, parsing and formatting."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha_core import format_cards, parse_cards
from omaha_core.cards import check_distinct, format_card, parse_card


def test_card_ids_follow_rank_times_four_plus_suit() -> None:
    assert parse_card("2c") == 0
    assert parse_card("2s") == 3
    assert parse_card("3c") == 4
    assert parse_card("Ad") == 12 * 4 + 1
    assert [format_card(card) for card in range(0, 52, 13)] == ["2c", "5d", "8h", "Js"]


@pytest.mark.parametrize(
    "text",
    ["As Kd 10h 2c", "As Kd Th 2c", "AsKdTh2c", "as kd th 2C", "AS, KD, 10H, 2c", "  AsKd 10h2c "],
)
def test_parse_accepts_tens_either_case_and_no_spaces(text: str) -> None:
    assert parse_cards(text) == [51, 45, 34, 0]


def test_format_writes_tens_as_t() -> None:
    assert format_cards(parse_cards("10h 10s")) == "Th Ts"
    assert format_cards([]) == ""


@pytest.mark.parametrize(
    ("text", "bad"),
    [("As Kx", "Kx"), ("As 1h", "1h"), ("AsKdZz", "Zz"), ("As Kd X", "X"), ("11h", "11h")],
)
def test_parse_names_the_bad_token(text: str, bad: str) -> None:
    with pytest.raises(ValueError, match=repr(bad)):
        parse_cards(text)


def test_parse_of_nothing_is_empty() -> None:
    assert parse_cards("") == []
    assert parse_cards("   ") == []


def test_duplicates_and_out_of_range_ids_are_named() -> None:
    check_distinct(parse_cards("As Ks Qs"))
    with pytest.raises(ValueError, match="duplicate card: As"):
        check_distinct(parse_cards("As Kd as"))
    with pytest.raises(ValueError, match="not a card id: 52"):
        check_distinct([0, 52])


@given(st.lists(st.integers(0, 51), max_size=12))
def test_format_then_parse_round_trips(cards: list[int]) -> None:
    text = format_cards(cards)
    assert parse_cards(text) == cards
    assert parse_cards(text.replace(" ", "")) == cards
    assert parse_cards(text.replace("T", "10").lower()) == cards
