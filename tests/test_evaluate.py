"""The numbered examples of /work/shared/rules.md, the value descriptions and input checks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from omaha_core import (
    GAMES,
    best_high,
    best_low,
    describe_high,
    describe_low,
    five_card_values,
    format_cards,
    high_categories,
    high_low_values,
    high_value,
    high_values,
    low_value,
    low_values,
    parse_cards,
)
from omaha_core.tables import HIGH_CATEGORIES


def high(hole: str, board: str) -> int:
    return high_value(parse_cards(hole), parse_cards(board))


def low(hole: str, board: str, qualifier: int = 8) -> int:
    return low_value(parse_cards(hole), parse_cards(board), qualifier)


def category(value: int) -> str:
    return HIGH_CATEGORIES[int(high_categories([value])[0])]


def played_high(hole: str, board: str) -> str:
    return format_cards(best_high(parse_cards(hole), parse_cards(board))[1])


def played_low(hole: str, board: str) -> str | None:
    result = best_low(parse_cards(hole), parse_cards(board))
    return None if result is None else format_cards(result[1])


def five(cards: str) -> int:
    return int(five_card_values([parse_cards(cards)])[0])


def test_example_1_flush_needs_two_hole_cards_of_the_suit() -> None:
    board = "Ks 9s Qs Qh 5s"
    value = high("As 2h 4h 5c", board)
    assert category(value) == "two pair"
    assert value == five("Qs Qh 5s 5c As")
    assert played_high("As 2h 4h 5c", board) == "Qs Qh 5s 5c As"
    assert category(high("2s 3s Kd Jd", board)) == "flush"
    assert played_high("2s 3s Kd Jd", board) == "Ks Qs 9s 3s 2s"


def test_example_2_straight_needs_two_hole_cards_in_it() -> None:
    board = "5s 6h 7d 8h As"
    assert category(high("Jd Js 4d 9s", board)) == "pair"
    value = high("Jd Js 4d 3s", board)
    assert describe_high(value) == "straight, seven high"
    assert played_high("Jd Js 4d 3s", board) == "7d 6h 5s 4d 3s"


def test_example_3_board_two_pair_needs_a_pocket_pair_or_trips_card() -> None:
    board = "Js Jd 9d 5h 9c"
    trips = high("As 2s Jh Kd", board)
    assert describe_high(trips) == "three of a kind, jacks, kickers A-9"
    assert trips == five("Js Jh Jd As 9c")
    assert played_high("As 2s Jh Kd", board)[:12] == "Js Jh Jd As "
    assert describe_high(high("Jc 2c 9s Ts", board)) == "full house, jacks full of nines"
    fives_full = high("Ts 5c 5s 2c", board)
    assert describe_high(fives_full) == "full house, fives full of jacks"
    assert played_high("Ts 5c 5s 2c", board) == "5s 5h 5c Js Jd"


def test_example_4_board_trips_give_a_full_house_only_with_a_pocket_pair() -> None:
    board = "Js Jd Ad Jh Kc"
    trips = high("As 2s 3h Kd", board)
    assert describe_high(trips) == "three of a kind, jacks, kickers A-K"
    for deuces in ("2c 2d 7h 8h", "2h 2c 3c 4c", "2d 2h Qs Qc"):
        assert high(deuces, board) > trips
        assert describe_high(high(deuces, board)).startswith("full house, jacks full of")


def test_example_5_a_board_straight_flush_does_not_play() -> None:
    value = high("Ah Kc Qc Jc", "3h 4h 5h 6h 7h")
    assert value == five("Ah Kc 7h 6h 5h")
    assert category(value) == "high card"
    assert played_high("Ah Kc Qc Jc", "3h 4h 5h 6h 7h") == "Ah Kc 7h 6h 5h"


def test_example_6_the_wheel_is_high_and_low() -> None:
    hole, board = "As Ah Ad 2c", "3s 4h 5d 6s 7s"
    assert describe_high(high(hole, board)) == "straight, five high"
    assert played_high(hole, board) == "5d 4h 3s 2c As"
    assert describe_low(low(hole, board)) == "5-4-3-2-A"
    assert played_low(hole, board) == "5d 4h 3s 2c As"


def test_example_7_high_and_low_are_chosen_independently() -> None:
    hole, board = "3s 4h Kd Ks", "As Ah Ad 2c 8c"
    assert describe_high(high(hole, board)) == "full house, aces full of kings"
    assert played_high(hole, board) == "As Ah Ad Ks Kd"
    assert describe_low(low(hole, board)) == "8-4-3-2-A"
    assert played_low(hole, board) == "8c 4h 3s 2c As"


def test_example_8_a_straight_without_a_low() -> None:
    hole, board = "3s 4h 5d 6s", "7s 8h 9d Tc Js"
    assert describe_high(high(hole, board)) == "straight, nine high"
    assert played_high(hole, board) == "9d 8h 7s 6s 5d"
    assert low(hole, board) == 0
    assert played_low(hole, board) is None
    assert describe_low(low(hole, board)) == "no low"


def test_example_9_a_low_needs_three_low_board_cards_of_different_ranks() -> None:
    assert describe_low(low("Ac 2d Qh Qs", "Kc 8d Jh 7s 5c")) == "8-7-5-2-A"
    for hole in ("Ac 2d 3h 4s", "As 2s 3c 6d", "Ah 3d 4c 7c"):
        assert low(hole, "Kc 8d Jh 8s 5c") == 0


def test_example_10_lows_must_also_use_exactly_two_hole_cards() -> None:
    board = "2d 6h Ac 5c 8s"
    first, second, third = (low(h, board) for h in ("2h 4s 5s Kd", "3s 5s Th Jd", "3c 7d Qd Qs"))
    assert describe_low(first) == "6-5-4-2-A"
    assert describe_low(second) == "6-5-3-2-A"
    assert describe_low(third) == "7-5-3-2-A"
    assert played_low("3c 7d Qd Qs", board) == "7d 5c 3c 2d Ac"
    assert second > first > third


def test_example_11_lows_compare_from_the_top_card_down() -> None:
    seven_six = low("2s 3c Kd Kc", "5h 6h 7h Qs Qd")
    eight_four = low("As 2c Kd Kc", "3h 4c 8s Qs Qd")
    assert (describe_low(seven_six), describe_low(eight_four)) == ("7-6-5-3-2", "8-4-3-2-A")
    assert seven_six > eight_four


def test_low_ordering_from_the_rules_text() -> None:
    board = "Qs Qd"

    def with_low(hole: str, board_low: str) -> int:
        return low(f"{hole} Jh Jd", f"{board_low} {board}")

    seven_four = with_low("Ah 2h", "3c 4c 7c")
    assert seven_four > with_low("2h 3h", "4c 5c 7c")  # 7-4-3-2-A beats 7-5-4-3-2
    assert with_low("Ah 2h", "3c 4c 6c") > seven_four  # 6-4-3-2-A beats 7-4-3-2-A
    assert describe_low(with_low("8h 7h", "6c 5c 4c")) == "8-7-6-5-4"


def test_low_qualifier_is_a_parameter() -> None:
    hole, board = "Ah 2h Kd Kc", "3c 4c 9c Qs Jd"
    assert low(hole, board, qualifier=8) == 0
    assert describe_low(low(hole, board, qualifier=9)) == "9-4-3-2-A"
    seven_low = "Ah 2h Kd Kc", "3c 4c 7c Qs Jd"
    assert low(*seven_low, qualifier=7) == low(*seven_low, qualifier=8) > 0
    assert low(hole, "3c 4c 8c Qs Jd", qualifier=7) == 0
    with pytest.raises(ValueError, match="qualifier"):
        low(hole, board, qualifier=6)


def test_describe_names_every_category() -> None:
    cases = {
        "As Ks Qs Js Ts": "royal flush",
        "9h 8h 7h 6h 5h": "straight flush, nine high",
        "5d 4d 3d 2d Ad": "straight flush, five high",
        "Ac Ad Ah As Kc": "four of a kind, aces, king kicker",
        "2c 2d 2h 3s 3c": "full house, twos full of threes",
        "Ah Jh 9h 4h 2h": "flush, ace high (A-J-9-4-2)",
        "Tc 9d 8h 7s 6c": "straight, ten high",
        "Qc Qd 4h Qs 2c": "three of a kind, queens, kickers 4-2",
        "Kc Kd 6h 6s Tc": "two pair, kings and sixes, ten kicker",
        "3c 3d Ah 9s 4c": "pair of threes, kickers A-9-4",
        "Kc Jd 9h 5s 4c": "high card, king high (K-J-9-5-4)",
    }
    for cards, words in cases.items():
        assert describe_high(five(cards)) == words


def test_scalar_batch_and_combined_forms_agree() -> None:
    holes = np.array([parse_cards("3s 4h Kd Ks"), parse_cards("2h 4s 5s Kd")], np.uint8)
    boards = np.array([parse_cards("As Ah Ad 2c 8c"), parse_cards("2d 6h Ac 5c 8s")], np.uint8)
    both = high_low_values(holes, boards)
    assert both[0].tolist() == high_values(holes, boards).tolist()
    assert both[1].tolist() == low_values(holes, boards).tolist()
    assert both[0].tolist() == [high_value(h, b) for h, b in zip(holes, boards, strict=True)]
    assert high_values(np.zeros((0, 4), np.uint8), np.zeros((0, 5), np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("As Ks Qs", "2c 3c 4c 5c 6c", "4, 5 or 6 hole cards"),
        ("As Ks Qs Js Ts 9s 8s", "2c 3c 4c 5c 6c", "4, 5 or 6 hole cards"),
        ("As Ks Qs Js", "2c 3c 4c 5c", "board has 5 cards"),
        ("As Ks Qs Js", "2c 3c 4c 5c As", "duplicate card: As"),
    ],
)
def test_scalar_forms_reject_bad_deals(hole: str, board: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        high(hole, board)
    with pytest.raises(ValueError, match=message):
        best_high(parse_cards(hole), parse_cards(board))


def test_batch_forms_reject_bad_shapes() -> None:
    with pytest.raises(ValueError, match="holes must have shape"):
        high_values(np.zeros((2, 3), np.uint8), np.zeros((2, 5), np.uint8))
    with pytest.raises(ValueError, match="2 holes but 1 boards"):
        low_values(np.zeros((2, 4), np.uint8), np.zeros((1, 5), np.uint8))
    with pytest.raises(ValueError, match="not a card id"):
        high_values(np.full((1, 4), 52), np.zeros((1, 5), np.uint8))
    with pytest.raises(ValueError, match="integer card ids"):
        high_values(np.zeros((1, 4)), np.zeros((1, 5), np.uint8))


def test_game_registry() -> None:
    holes = {name: (game.hole_cards, game.hi_lo, game.courchevel) for name, game in GAMES.items()}
    assert holes == {
        "omaha": (4, False, False),
        "omaha8": (4, True, False),
        "omaha5": (5, False, False),
        "omaha5_8": (5, True, False),
        "omaha6": (6, False, False),
        "omaha6_8": (6, True, False),
        "courchevel": (5, False, True),
        "courchevel8": (5, True, True),
    }
    assert all(game.name == name and game.qualifier == 8 for name, game in GAMES.items())
    with pytest.raises(AttributeError):
        GAMES["omaha"].hole_cards = 5  # type: ignore[misc]


def test_out_of_range_values_are_rejected() -> None:
    with pytest.raises(ValueError, match="high values"):
        describe_high(0)
    with pytest.raises(ValueError, match="high values"):
        describe_high(7463)
    with pytest.raises(ValueError, match="low values"):
        describe_low(1288)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc")
def test_tables_build_fast_in_little_memory() -> None:
    # CPU time, not wall time: other processes on a shared machine must not fail this test.
    # Peak memory from VmHWM, which starts afresh at exec (ru_maxrss would count the parent).
    script = (
        "import re, time\n"
        "import numpy\n"
        "start = time.process_time()\n"
        "from omaha_core.tables import card_keys, high_tables, low_tables\n"
        "high_tables(); low_tables(); card_keys()\n"
        "status = open('/proc/self/status').read()\n"
        "print(time.process_time() - start,"
        " int(re.search(r'VmHWM:\\s+(\\d+) kB', status).group(1)) / 1024)\n"
    )
    output = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    seconds, peak_mb = map(float, output.split())
    assert seconds < 1.0
    assert peak_mb < 150
