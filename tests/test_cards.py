"""Card ids, parsing and formatting."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from omaha_core import format_cards, parse_cards
from omaha_core.cards import check_distinct, format_card, known_cards, parse_card


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


_WAYS = [rank + suit for rank in (*"23456789TtJjQqKkAa", "10") for suit in "cdhsCDHS"]


@given(st.lists(st.sampled_from(_WAYS), max_size=8))
def test_cards_between_spaces_read_as_cards_run_together(words: list[str]) -> None:
    """Every way a card is written, in either case: between spaces (the usual text, read
    word by word) the same cards as run together with commas (read character by
    character), and so for the shown cards of a text."""
    assert parse_cards(" ".join(words)) == parse_cards(",".join(words))
    assert known_cards(" ".join(words)) == parse_cards(",".join(words))
