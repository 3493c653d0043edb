"""Wording of the real ``omaha`` script: counts agree with their noun ("1 hand"), articles
agree with the word after them ("an Omaha Hi board"), every --help paragraph flows to the
terminal's width, and a graph never repeats a tick label."""

from __future__ import annotations

import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
import typer.main
from report_rows import HandRows, database, random_hand

from analysis.cli import app
from analysis.reports.graph import LINES, Series, draw_graph, svg, write_png
from analysis.reports.queries import Filters

OMAHA = Path(sys.executable).with_name("omaha")
COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def _omaha(*args: str, columns: int = 400) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": str(columns)}
    return subprocess.run([str(OMAHA), *args], capture_output=True, text=True, env=env,
                          timeout=300)  # fmt: skip


def test_one_hand_is_one_hand(tmp_path: Path) -> None:
    history, db, graph = tmp_path / "one.txt", tmp_path / "omaha.duckdb", tmp_path / "g.html"
    made = _omaha("generate", str(history), "--hands", "1", "--games", "omaha")
    assert re.fullmatch(rf"1 hand, [\d,]+ bytes written to {re.escape(str(history))}\n",
                        made.stderr), made.stderr  # fmt: skip
    imported = _omaha("import", str(history), "--db", str(db))
    assert imported.stderr.startswith("1 file, 1 hand in "), imported.stderr
    audited = _omaha("audit", "--db", str(db))
    assert audited.stderr.startswith("audit: 1 hand in "), audited.stderr
    assert re.search(r"^1 hand audited in \d+\.\d s in all$", audited.stderr, re.MULTILINE)
    hero = _omaha("sql", "SELECT player FROM players WHERE is_hero", "--db", str(db),
                  "--format", "csv").stdout.splitlines()[1].strip('"')  # fmt: skip
    drawn = _omaha("graph", "--db", str(db), "--player", hero, "--out", str(graph))
    assert f"Results of {hero} over 1 hand (" in drawn.stderr, drawn.stderr
    for output in (made, imported, audited, drawn):
        # (a rate is a unit: 1 hands/s)
        assert not re.search(r"(?<![\d,.])1 (hands|files|rows|columns|bytes)\b(?!/s)",
                             output.stdout + output.stderr)  # fmt: skip


@pytest.mark.parametrize(
    ("holes", "board", "said"),
    [
        (["As Ks Qh Jh", "8c 7c 6d 5d"], "2c 3d",
         "an Omaha Hi board has 0, 3, 4 or 5 cards, not 2"),
        (["As Ks Qh Jh 2c", "8c 7c 6d 5d 3h"], "2d 3s",
         "a 5-Card Omaha Hi board has 0, 3, 4 or 5 cards, not 2"),
    ],
)
def test_an_omaha_board(holes: list[str], board: str, said: str) -> None:
    done = _omaha("equity", *holes, "--board", board)
    assert done.returncode == 2 and done.stderr == f"error: {said}\n"


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_paragraphs_flow(command: str) -> None:
    """Each paragraph of a command's help is one line on a wide terminal: none is broken
    where its source text was."""
    group = typer.main.get_command(app)
    click_command = group.commands[command] if command else group  # type: ignore[attr-defined]
    texts = [click_command.help or ""] + [
        param.help or "" for param in click_command.params if hasattr(param, "help")
    ]
    for text in texts:
        for paragraph in inspect.cleandoc(text).split("\n\n"):
            assert "\n" not in paragraph, paragraph
    shown = _omaha(*([command] if command else []), "--help").stdout
    for paragraph in inspect.cleandoc(click_command.help or "").split("\n\n"):
        assert any(line.strip(" │") == paragraph for line in shown.splitlines()), paragraph


def _hands(count: int) -> list[HandRows]:
    import random

    rng = random.Random(3)
    made = [random_hand(rng, f"t{i:03d}", minute=i) for i in range(count)]
    for hand in made:
        hand.hero = "p0"
    return made


@pytest.mark.parametrize("count", [1, 2, 3, 4, 7, 12])
def test_graph_tick_labels_are_never_repeated(tmp_path: Path, count: int) -> None:
    out = tmp_path / "graph.html"
    draw_graph(database(_hands(count)), Filters(), out)
    page = out.read_text()
    y_labels = re.findall(r'text-anchor="end">([^<]*)</text>', page)
    x_labels = re.findall(r'y="448" text-anchor="middle">([^<]*)</text>', page)
    assert y_labels and x_labels
    assert len(set(y_labels)) == len(y_labels), y_labels
    assert len(set(x_labels)) == len(x_labels), x_labels


def _small(currency: str) -> Series:
    """Three hands whose lines move by a few units: ticks at every half unit would repeat
    labels once written in the currency's smallest unit."""
    lines = {name: np.array([0, 1, 3], dtype=np.int64) for name, *_ in LINES}
    return Series(currency, np.array([1, 2, 3], dtype=np.int64), lines, f"Results ({currency})")


@pytest.mark.parametrize("currency", ["USD", "chips"])
def test_png_tick_labels_are_never_repeated(tmp_path: Path, currency: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    labels: list[list[str]] = []
    original = plt.close

    def keep_labels(figure: object) -> None:
        figure.canvas.draw()  # type: ignore[attr-defined]
        for axes in figure.axes:  # type: ignore[attr-defined]
            for axis in (axes.xaxis, axes.yaxis):
                low, high = axis.get_view_interval()
                ticks = [tick for tick in axis.get_majorticklocs() if low <= tick <= high]
                labels.append(axis.get_major_formatter().format_ticks(ticks))
        original(figure)  # type: ignore[arg-type]

    plt.close = keep_labels  # type: ignore[assignment]
    try:
        write_png([_small(currency)], tmp_path / "graph.png")
    finally:
        plt.close = original  # type: ignore[assignment]
    assert len(labels) == 2
    for shown in labels:
        assert len(set(shown)) == len(shown), shown


@pytest.mark.parametrize("currency", ["USD", "chips"])
def test_svg_tick_labels_of_a_small_series(currency: str) -> None:
    drawing = svg(_small(currency))
    y_labels = re.findall(r'text-anchor="end">([^<]*)</text>', drawing)
    x_labels = re.findall(r'y="448" text-anchor="middle">([^<]*)</text>', drawing)
    assert x_labels == ["1", "2", "3"]
    assert len(set(y_labels)) == len(y_labels) >= 2, y_labels
