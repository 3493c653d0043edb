"""``omaha equity``: exact equities of hands given on the command line."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from analysis.cli import app

runner = CliRunner()


def test_json_is_one_object_per_hand_in_the_order_given() -> None:
    """The turn spot of omaha_core.equity's doctest: the aces' 23/40 of the pot."""
    arguments = ["As Ah 2c 3d", "Ks Kh Qc Jd", "--board", "Kd 7s 2h 4c", "--game", "omaha8"]
    result = runner.invoke(app, ["equity", *arguments, "--format", "json"])
    assert result.exit_code == 0, result.output
    aces, kings = json.loads(result.stdout)
    assert (aces["hand"], aces["runouts"], aces["win"], aces["lo_win"]) == (
        "As Ah 2c 3d", 40, 6, 40)
    assert (aces["equity"], kings["equity"]) == (0.575, 0.425)
    assert (aces["hi_share"], aces["lo_share"], kings["lo_share"]) == (0.15, 1.0, 0.0)


def test_table_and_game_from_the_hole_cards() -> None:
    """Five hole cards make 5-card Omaha; a high-only game has no low columns."""
    result = runner.invoke(app, ["equity", "As Ah Ks Kh 2c", "Qs Qh Js Jh 3c", "--board",
                                 "2d 7c 9h"])  # fmt: skip
    assert result.exit_code == 0, result.output
    header = result.output.splitlines()[0].split()
    assert header == ["hand", "runouts", "win", "tie", "scoop", "hi_share", "equity"]


def test_bad_input_is_one_line() -> None:
    for arguments in (["As Ah 2c 3d"], ["As Ah 2c 3d", "As Kh Qc Jd"],
                      ["As Ah 2c 3d", "Ks Kh Qc Jd", "--game", "holdem"]):  # fmt: skip
        result = runner.invoke(app, ["equity", *arguments])
        assert result.exit_code == 2
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert result.output.startswith("error: ")
