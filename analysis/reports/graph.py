"""The results graph: cumulative net won over hands, with showdown and non-showdown lines.

One graph per currency (tournament chips are one), never mixing them; amounts are written
in the currency's unit (``$1,234.56``, ``76,678 chips``). Hands are taken in the order
they were played (``started_at``, then hand id). The total line is green, winnings at
showdown blue and without showdown red, as poker trackers draw them. HTML output is one
self-contained file with an inline SVG per graph; PNG output uses matplotlib, one panel
per graph.
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from analysis.output import plural, whole_file
from analysis.reports import summaries
from analysis.reports.queries import Filters, Progress, ReportError, bound, create_views, sql_text
from ingest.money import CURRENCY_SIGNS, show_money

MAX_POINTS = 2000  # per graph: the points drawn, sampled in SQL
TICKS = 6  # at most, on each axis
SUFFIXES = (".html", ".htm", ".png")
LINES = (
    ("net", "net won", "#2e9e3e"),
    ("net_adjusted", "all-in adjusted", "#8a5cc2"),
    ("net_showdown", "won at showdown", "#1f5fbf"),
    ("net_no_showdown", "won without showdown", "#d0342c"),
)
_SIGNS = {code: sign for sign, code in CURRENCY_SIGNS.items()}


@dataclass(frozen=True)
class Series:
    """Cumulative results in one currency, in its smallest unit, at the hands drawn (about
    MAX_POINTS of them, the first and last included)."""

    currency: str
    hand_number: npt.NDArray[np.int64]
    lines: dict[str, npt.NDArray[np.int64]]
    title: str

    @property
    def unit(self) -> str:
        """What the axis counts: ``$``, ``€``, ``chips``..."""
        return _SIGNS.get(self.currency, self.currency)

    def money(self, amount: float) -> str:
        """An amount of the axis (smallest units) as people read it."""
        return show_money(round(amount), self.currency)


def graph_sql() -> str:
    """The SQL of the graph, with its ``$name`` parameters unbound."""
    return sql_text("graph")


def graph_values(filters: Filters) -> dict[str, object]:
    """The values the graph's SQL binds."""
    return bound(graph_sql(), {**filters.parameters(), "max_points": MAX_POINTS})


def _series(rows: pa.Table, currency: str, who: str) -> Series:
    """The drawn points of one currency's rows (in play order)."""
    hands = int(rows.column("hands")[0].as_py())
    return Series(
        currency=currency,
        hand_number=rows.column("hand_number").to_numpy().astype(np.int64),
        lines={name: rows.column(name).to_numpy().astype(np.int64) for name, *_ in LINES},
        title=f"Results of {who} over {plural(hands, 'hand')} ({currency})",
    )


def load_series(
    con: duckdb.DuckDBPyConnection,
    filters: Filters,
    progress: Progress | None = None,
    views_made: bool = False,
    summarized: bool = False,
) -> list[Series]:
    """One series per currency of the hands ``filters`` select (the hero's when no player),
    the currency with most hands first; none when they select no hands. ``progress`` is
    told how the stored player rows are brought up to date (unless ``views_made``).
    ``summarized``: ``con`` has the summaries of :mod:`analysis.reports.summaries`, whose running
    sums give the same points of a graph that names only a player without a window."""
    if not views_made:
        create_views(con, progress)
    only_player = Filters(player=filters.player, min_hands=filters.min_hands)
    if summarized and filters.player is not None and filters == only_player:
        table = summaries.graph_rows(con, filters.player, MAX_POINTS)
    else:
        table = con.sql(graph_sql(), params=graph_values(filters)).to_arrow_table()
    firsts = table.filter(pc.equal(table.column("hand_number"), 1)).to_pylist()
    ordered = sorted(firsts, key=lambda first: (-first["hands"], first["currency"]))
    who = filters.player or "the hero"
    return [
        _series(table.filter(pc.equal(table.column("currency"), c["currency"])), c["currency"], who)
        for c in ordered
    ]


def ticks(low: float, high: float, most: int = TICKS) -> list[int]:
    """Whole numbers from ``low`` to ``high`` at a round step (1, 2 or 5 times a power of
    ten), at most ``most`` of them, each once: the axis counts hands and the smallest unit
    of a currency, so no two ticks are given the same label.

    >>> ticks(1, 4), ticks(0, 0), ticks(-250, 1234)
    ([1, 2, 3, 4], [0], [0, 500, 1000])
    """
    step = 1  # a power of ten times 1, 2 or 5
    while high - low > (most - 1) * step:
        factor = str(step)[0]
        step = step * 5 // 2 if factor == "2" else step * 2
    first = math.ceil(low / step) * step
    return list(range(first, math.floor(high) + 1, step))


def svg(series: Series, width: int = 900, height: int = 480) -> str:
    """An SVG drawing of the series: axes, zero line, three polylines and a legend."""
    left, right, top, bottom = 100, 20, 40, 50
    xs = series.hand_number.astype(float)
    values = {name: line.astype(float) for name, line in series.lines.items()}
    low = min(0.0, *(float(v.min()) for v in values.values()))
    high = max(0.0, *(float(v.max()) for v in values.values()))
    scale_x = (width - left - right) / (float(xs[-1] - xs[0]) or 1.0)
    scale_y = (height - top - bottom) / ((high - low) or 1.0)

    def px(x: float) -> float:
        return left + (x - float(xs[0])) * scale_x

    def py(y: float) -> float:
        return top + (high - y) * scale_y

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="22" text-anchor="middle" font-size="15">'
        f"{html.escape(series.title)}</text>",
    ]
    for tick in ticks(low, high):
        y = py(float(tick))
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{html.escape(series.money(float(tick)))}</text>"
        )
    for tick in ticks(float(xs[0]), float(xs[-1])):
        parts.append(
            f'<text x="{px(float(tick)):.1f}" y="{height - bottom + 18}" '
            f'text-anchor="middle">{tick:,.0f}</text>'
        )
    zero = py(0.0)
    parts.append(
        f'<line x1="{left}" x2="{width - right}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#888"/>'
        f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle">hands</text>'
        f'<text transform="translate(16 {height / 2}) rotate(-90)" text-anchor="middle">'
        f"net won ({html.escape(series.unit)})</text>"
    )
    for index, (name, label, colour) in enumerate(LINES):
        screen_x = left + (xs - xs[0]) * scale_x
        screen_y = top + (high - values[name]) * scale_y
        points = " ".join(  # Python floats: formatted several times faster than NumPy's
            f"{x:.1f},{y:.1f}" for x, y in zip(screen_x.tolist(), screen_y.tolist(), strict=True)
        )
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{points}"/>'
            f'<rect x="{left + 10}" y="{top + 6 + 18 * index}" width="14" height="3" '
            f'fill="{colour}"/><text x="{left + 30}" y="{top + 11 + 18 * index}">'
            f"{label}: {html.escape(series.money(float(series.lines[name][-1])))}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def write_html(drawn: list[Series], path: Path) -> None:
    """A self-contained HTML page holding one inline SVG per series (no scripts, no links)."""
    title = html.escape("; ".join(series.title for series in drawn))
    body = "\n".join(svg(series) for series in drawn)
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{title}</title></head>\n<body>\n{body}\n</body></html>\n"
    )
    path.write_text(page, encoding="utf-8")


def write_png(drawn: list[Series], path: Path) -> None:
    """The graphs as one PNG image, a panel per series, drawn with matplotlib's Agg backend;
    the axis ticks are amounts in the series' currency (no offset or scale factor)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    figure, panels = plt.subplots(len(drawn), 1, figsize=(10, 5.2 * len(drawn)), dpi=100,
                                  squeeze=False)  # fmt: skip
    try:
        for series, (axes,) in zip(drawn, panels, strict=True):
            for name, label, colour in LINES:
                line = series.lines[name]
                axes.plot(series.hand_number, line, color=colour, linewidth=1.4,
                          label=f"{label}: {series.money(float(line[-1]))}")  # fmt: skip
            axes.axhline(0, color="#888888", linewidth=0.8)
            # whole hands and whole smallest units: no two ticks with the same label
            axes.xaxis.set_major_locator(MaxNLocator(integer=True))
            axes.yaxis.set_major_locator(MaxNLocator(integer=True))
            axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _, s=series: s.money(v)))
            axes.set_title(series.title)
            axes.set_xlabel("hands")
            axes.set_ylabel(f"net won ({series.unit})")
            axes.grid(True, color="#e4e4e4")
            axes.legend(loc="upper left")
        figure.tight_layout()
        figure.savefig(path, format="png")
    finally:
        plt.close(figure)


def check_suffix(out: Path) -> None:
    """Refuse an output file the graph cannot be written as."""
    if out.suffix.lower() not in SUFFIXES:
        raise ReportError(f"{out}: the graph is written as .html or .png")


def draw_graph(
    con: duckdb.DuckDBPyConnection, filters: Filters, out: Path, progress: Progress | None = None
) -> list[Series]:
    """Draw the graphs into ``out`` (``.html`` or ``.png``) and return the series drawn;
    with no hands to draw, write nothing and return none. ``progress``: see
    :func:`load_series`."""
    check_suffix(out)
    drawn = load_series(con, filters, progress)
    if not drawn:
        return drawn
    with whole_file(out) as part:
        if out.suffix.lower() == ".png":
            write_png(drawn, part)
        else:
            write_html(drawn, part)
    return drawn
