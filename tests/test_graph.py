"""The results graph: cumulative lines against the rows, self-contained HTML, a real PNG."""

from __future__ import annotations

import random
import re
from itertools import accumulate
from pathlib import Path

import pytest
from report_rows import HandRows, database, random_hand

from analysis.graph import draw_graph, load_series
from analysis.reports import Filters, ReportError


def hands(count: int = 40) -> list[HandRows]:
    rng = random.Random(7)
    made = [random_hand(rng, f"g{i:03d}", minute=count - i) for i in range(count)]
    for hand in made:
        hand.hero = "p0"
    return made


def net_of(hand: HandRows, player: str) -> tuple[int, bool]:
    """The player's net and whether the player reached a showdown, from the action list."""
    put = sum(a for _, p, k, a in hand.actions if p == player and k in ("post_sb", "post_bb",
              "call", "bet", "raise"))  # fmt: skip
    won = sum(a for _, p, k, a in hand.actions if p == player and k == "collect")
    folders = {p for _, p, k, _ in hand.actions if k == "fold"}
    showdown = player not in folders and len(hand.seats) - len(folders) >= 2
    return won - put, showdown


def test_lines_are_cumulative_sums_in_time_order() -> None:
    made = hands()
    con = database(made)
    series = load_series(con, Filters())
    # Minutes run backwards with the hand ids, so time order is the reverse of the list.
    in_time = sorted(made, key=lambda hand: hand.minute)
    results = [net_of(hand, "p0") for hand in in_time]
    assert series.lines["net"].tolist() == list(accumulate(net for net, _ in results))
    assert series.lines["net_showdown"].tolist() == list(
        accumulate(net if showdown else 0 for net, showdown in results)
    )
    assert series.hand_number.tolist() == list(range(1, len(made) + 1))
    assert (series.unit_name, series.units_per_currency) == ("USD", 100)
    other = load_series(con, Filters(player="p1"))
    assert len(other.hand_number) == len(made)


def test_html_is_one_self_contained_file(tmp_path: Path) -> None:
    out = tmp_path / "graph.html"
    draw_graph(database(hands()), Filters(), out)
    page = out.read_text()
    assert page.count("<svg") == 1 and page.count("<polyline") == 3
    assert "<script" not in page and not re.search(r'(src|href)="', page)


def test_png_is_written(tmp_path: Path) -> None:
    out = tmp_path / "graph.png"
    draw_graph(database(hands()), Filters(player="p1"), out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_hands_or_bad_suffix_is_an_error(tmp_path: Path) -> None:
    con = database(hands(3))
    with pytest.raises(ReportError, match="no hands"):
        draw_graph(con, Filters(player="nobody"), tmp_path / "g.html")
    with pytest.raises(ReportError, match=r"\.html or \.png"):
        draw_graph(con, Filters(), tmp_path / "g.svg")
