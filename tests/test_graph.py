"""The results graph: cumulative lines against the rows, self-contained HTML, a real PNG."""

from __future__ import annotations

import random
import re
from itertools import accumulate
from pathlib import Path

import pytest
from report_rows import HandRows, database, priced, random_hand
from typer.testing import CliRunner

from analysis.cli import app
from analysis.reports.graph import draw_graph, load_series, write_png
from analysis.reports.queries import Filters, ReportError


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
    (series,) = load_series(con, Filters())
    # Minutes run backwards with the hand ids, so time order is the reverse of the list.
    in_time = sorted(made, key=lambda hand: hand.minute)
    results = [net_of(hand, "p0") for hand in in_time]
    assert series.lines["net"].tolist() == list(accumulate(net for net, _ in results))
    assert series.lines["net_showdown"].tolist() == list(
        accumulate(net if showdown else 0 for net, showdown in results)
    )
    assert series.hand_number.tolist() == list(range(1, len(made) + 1))
    # no all-in computed: the adjusted line is the net itself
    assert series.lines["net_adjusted"].tolist() == series.lines["net"].tolist()
    assert (series.currency, series.unit) == ("USD", "$")
    (other,) = load_series(con, Filters(player="p1"))
    assert len(other.hand_number) == len(made)


def test_html_is_one_self_contained_file(tmp_path: Path) -> None:
    out = tmp_path / "graph.html"
    draw_graph(database(hands()), Filters(), out)
    page = out.read_text()
    # net, all-in adjusted, at showdown, without showdown
    assert page.count("<svg") == 1 and page.count("<polyline") == 4
    assert "<script" not in page and not re.search(r'(src|href)="', page)


def test_png_is_written(tmp_path: Path) -> None:
    out = tmp_path / "graph.png"
    draw_graph(database(hands()), Filters(player="p1"), out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_no_hands_or_bad_suffix_is_an_error(tmp_path: Path) -> None:
    con = database(hands(3))
    assert draw_graph(con, Filters(player="nobody"), tmp_path / "g.html") == []
    assert not (tmp_path / "g.html").exists()
    with pytest.raises(ReportError, match=r"\.html or \.png"):
        draw_graph(con, Filters(), tmp_path / "g.svg")


def mixed(count: int = 12) -> list[HandRows]:
    """The hero's hands in dollars, euros and tournament chips, in turn."""
    made = hands(count)
    for index, hand in enumerate(made):
        priced(hand, ("USD", "EUR", "chips")[index % 3])
    return made


def test_one_graph_per_currency_never_mixed(tmp_path: Path) -> None:
    made = mixed()
    con = database(made)
    drawn = load_series(con, Filters())
    assert sorted(series.currency for series in drawn) == ["EUR", "USD", "chips"]
    for series in drawn:
        mine = [h for h in sorted(made, key=lambda h: h.minute)
                if h.extra["currency"] == series.currency]  # fmt: skip
        assert series.lines["net"].tolist() == list(accumulate(net_of(h, "p0")[0] for h in mine))
    (euros,) = load_series(con, Filters(currency="EUR"))
    assert euros.currency == "EUR" and len(euros.hand_number) == 4
    out = tmp_path / "graph.html"
    draw_graph(con, Filters(), out)
    page = out.read_text()
    assert page.count("<svg") == 3
    assert "net won ($)" in page and "net won (€)" in page and "net won (chips)" in page
    assert "smallest unit" not in page and "e+" not in page
    dollars = next(series for series in drawn if series.currency == "USD")
    assert re.search(r">-?\$\d+\.\d\d</text>", svg_of(page, "USD"))
    assert dollars.money(-123456) == "-$1,234.56"


def svg_of(page: str, currency: str) -> str:
    return next(part for part in page.split("<svg")[1:] if f"({currency})" in part)


def test_png_axis_counts_in_the_currency(tmp_path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    drawn = load_series(database(mixed()), Filters())
    shown: list[tuple[str, str]] = []
    original = plt.close

    def keep_labels(figure: object) -> None:
        for axes in figure.axes:  # type: ignore[attr-defined]
            ticks = axes.yaxis.get_major_formatter()
            shown.append((axes.get_ylabel(), ticks(123456789, 0)))
        original(figure)  # type: ignore[arg-type]

    plt.close = keep_labels  # type: ignore[assignment]
    try:
        write_png(drawn, tmp_path / "graph.png")
    finally:
        plt.close = original  # type: ignore[assignment]
    assert sorted(shown) == sorted([
        ("net won ($)", "$1,234,567.89"), ("net won (€)", "€1,234,567.89"),
        ("net won (chips)", "1,234,567.89 chips"),
    ])  # fmt: skip


def test_graph_command_output_file_safety(tmp_path: Path) -> None:
    db = tmp_path / "made.duckdb"
    database(mixed(6), str(db)).close()
    runner = CliRunner()
    out = tmp_path / "g.html"
    first = runner.invoke(app, ["graph", "--db", str(db), "--out", str(out)])
    assert first.exit_code == 0, first.output
    again = runner.invoke(app, ["graph", "--db", str(db), "--out", str(out)])
    assert again.exit_code == 2 and "exists: add --force" in again.output
    forced = runner.invoke(app, ["graph", "--db", str(db), "--out", str(out), "--force",
                                 "--currency", "chips"])  # fmt: skip
    assert forced.exit_code == 0 and out.read_text().count("<svg") == 1
    on_db = runner.invoke(app, ["graph", "--db", str(db), "--out", str(db), "--force"])
    assert on_db.exit_code == 2 and "is the database" in on_db.output
    assert database_is_intact(db)
    missing = str(tmp_path / "no" / "g.png")
    nowhere = runner.invoke(app, ["graph", "--db", str(db), "--out", missing])
    assert nowhere.exit_code == 2 and len(nowhere.output.strip().splitlines()) == 1
    empty = tmp_path / "empty.html"
    for args, message in [
        (["--player", "P0"], "no hands to draw: no player 'P0'; the closest name is 'p0'"),
        (["--currency", "GBP"], "no hands to draw: no hands in GBP; the currencies stored"),
        (["--game", "omaha8"], "no hands to draw: no omaha8 hands; the games stored: omaha"),
    ]:
        none = runner.invoke(app, ["graph", "--db", str(db), "--out", str(empty), *args])
        assert none.exit_code == 1 and message in none.output and not empty.exists()


def database_is_intact(db: Path) -> bool:
    import duckdb

    with duckdb.connect(str(db), read_only=True) as con:
        return bool(con.sql("SELECT count(*) FROM hands").fetchall()[0][0] == 6)


def test_long_series_are_sampled_in_the_database(monkeypatch: pytest.MonkeyPatch) -> None:
    from analysis.reports import graph

    made = hands()
    monkeypatch.setattr(graph, "MAX_POINTS", 7)
    (series,) = load_series(database(made), Filters())
    assert series.hand_number.tolist() == [1, 5, 10, 15, 20, 25, 30, 35, 40]
    in_time = sorted(made, key=lambda hand: hand.minute)
    totals = list(accumulate(net_of(hand, "p0")[0] for hand in in_time))
    assert series.lines["net"].tolist() == [totals[i - 1] for i in series.hand_number]
    assert series.title.endswith("over 40 hands (USD)")
