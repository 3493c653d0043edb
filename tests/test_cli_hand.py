"""The `hand` command through the CLI runner, with exact outputs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from analysis.cli import app

runner = CliRunner()


def test_hi_lo_hand_shows_high_and_low() -> None:
    result = runner.invoke(app, ["hand", "3s 4h Kd Ks", "--board", "As Ah Ad 2c 8c", "--game",
                                 "omaha8"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "half  cards           hand                            value\n"
        "----  --------------  ------------------------------  -----\n"
        "high  As Ah Ad Ks Kd  full house, aces full of kings   7296\n"
        "low   8c 4h 3s 2c As  8-4-3-2-A                        1266\n"
    )


def test_high_only_game_shows_no_low_row() -> None:
    result = runner.invoke(app, ["hand", "Ah Kc Qc Jc", "--board", "3h4h5h6h7h"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2:] == [
        "high  Ah Kc 7h 6h 5h  high card, ace high (A-K-7-6-5)   1133"
    ]


def test_missing_low_and_json_output() -> None:
    result = runner.invoke(
        app, ["hand", "3s4h5d6s", "--board", "7s 8h 9d 10c Js", "--game", "omaha8",
              "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == [
        {"half": "high", "cards": "9d 8h 7s 6s 5d", "hand": "straight, nine high", "value": 5858},
        {"half": "low", "cards": "", "hand": "no low", "value": 0},
    ]


def test_six_card_hand() -> None:
    result = runner.invoke(
        app, ["hand", "As Ks Qd Jd 2c 3c", "--board", "Ts 9s 2s 4h 5h", "--game", "omaha6_8"]
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[2].startswith("high  As Ks Ts 9s 2s  flush, ace high (A-K-T-9-2)")
    assert lines[3].startswith("low   5h 4h 3c 2s As  5-4-3-2-A")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["3s 4h 5d", "--board", "7s 8h 9d Tc Js"], "Omaha Hi deals 4 hole cards, not 3"),
        (["3s 4h 5d 6s", "--board", "7s 8h 9d Tc Js", "--game", "omaha5"],
         "5-Card Omaha Hi deals 5 hole cards, not 4"),
        (["3s 4h 5d 6s", "--board", "7s 8h 9d Tc"], "the board has 5 cards, not 4"),
        (["3s 4h 5d 6s", "--board", "7s 8h 9d Tc 3s"], "duplicate card: 3s"),
        (["3s 4h 5d 6x", "--board", "7s 8h 9d Tc Js"], "not a card: '6x'"),
        (["3s 4h 5d 6s", "--board", "7s 8h 9d Tc Js", "--game", "razz"], "unknown game 'razz'"),
    ],
)
def test_bad_input_is_a_clear_error_with_exit_code_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["hand", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_help_names_the_games() -> None:
    result = runner.invoke(app, ["hand", "--help"])
    assert result.exit_code == 0
    assert "courchevel8" in result.stdout
