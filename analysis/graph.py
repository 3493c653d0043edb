"""The results graph: cumulative net won over hands, with showdown and non-showdown lines.

Hands are taken in the order they were played (``started_at``, then hand id). The total line
is green, winnings at showdown blue and without showdown red, as poker trackers draw them.
HTML output is one self-contained file with an inline SVG; PNG output uses matplotlib.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import numpy.typing as npt
import pyarrow.compute as pc

from analysis.reports import Filters, ReportError, create_views, sql_text

MAX_POINTS = 2000
LINES = (
    ("net", "net won", "#2e9e3e"),
    ("net_showdown", "won at showdown", "#1f5fbf"),
    ("net_no_showdown", "won without showdown", "#d0342c"),
)


@dataclass(frozen=True)
class Series:
    """Cumulative results per hand, in the smallest unit, and how to show them."""

    hand_number: npt.NDArray[np.int64]
    lines: dict[str, npt.NDArray[np.int64]]
    unit_name: str
    units_per_currency: int
    title: str

    @property
    def decimals(self) -> int:
        """Decimals shown: cents for real money, none for chips or mixed units."""
        return 2 if self.units_per_currency > 1 else 0


def graph_sql() -> str:
    """The SQL of the graph, with its ``$name`` parameters unbound."""
    return sql_text("graph")


def load_series(con: duckdb.DuckDBPyConnection, filters: Filters) -> Series:
    """The cumulative lines for the hands ``filters`` select (the hero's when no player)."""
    create_views(con)
    # One line over the selected hands: --min-hands has nothing to group here.
    params = {k: v for k, v in filters.parameters().items() if k != "min_hands"}
    table = con.sql(graph_sql(), params=params).to_arrow_table()
    if table.num_rows == 0:
        who = filters.player or "the hero (no hero rows: name a --player)"
        raise ReportError(f"no hands to draw for {who}")
    currencies = set(pc.unique(table.column("currency")).to_pylist())
    units = set(pc.unique(table.column("units_per_currency")).to_pylist())
    currency = currencies.pop() if len(currencies) == 1 else "mixed"
    per_currency = units.pop() if len(units) == 1 and currency != "mixed" else 1
    unit_name = currency if per_currency > 1 or currency == "chips" else "smallest unit"
    net = table.column("net").to_numpy().astype(np.int64)
    showdown = table.column("went_to_showdown").to_numpy(zero_copy_only=False).astype(bool)
    return Series(
        hand_number=np.arange(1, len(net) + 1, dtype=np.int64),
        lines={
            "net": np.cumsum(net),
            "net_showdown": np.cumsum(np.where(showdown, net, 0)),
            "net_no_showdown": np.cumsum(np.where(showdown, 0, net)),
        },
        unit_name=unit_name,
        units_per_currency=int(per_currency),
        title=f"Results of {filters.player or 'the hero'} over {table.num_rows:,} hands",
    )


def _sample(count: int) -> npt.NDArray[np.int64]:
    """At most MAX_POINTS indices spread over the hands, the first and last included."""
    if count <= MAX_POINTS:
        return np.arange(count, dtype=np.int64)
    return np.unique(np.linspace(0, count - 1, MAX_POINTS).round().astype(np.int64))


def svg(series: Series, width: int = 900, height: int = 480) -> str:
    """An SVG drawing of the series: axes, zero line, three polylines and a legend."""
    left, right, top, bottom = 80, 20, 40, 50
    picks = _sample(len(series.hand_number))
    xs = series.hand_number[picks].astype(float)
    values = {name: line[picks] / series.units_per_currency for name, line in series.lines.items()}
    low = min(0.0, *(float(v.min()) for v in values.values()))
    high = max(0.0, *(float(v.max()) for v in values.values()))
    span_y = (high - low) or 1.0
    span_x = float(xs[-1] - xs[0]) or 1.0

    scale_x = (width - left - right) / span_x
    scale_y = (height - top - bottom) / span_y

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
    for tick in np.linspace(low, high, 6):
        y = py(float(tick))
        parts.append(
            f'<line x1="{left}" x2="{width - right}" y1="{y:.1f}" y2="{y:.1f}" stroke="#e4e4e4"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">'
            f"{tick:,.{series.decimals}f}</text>"
        )
    for tick in np.linspace(xs[0], xs[-1], 6):
        x = px(float(tick))
        parts.append(
            f'<text x="{x:.1f}" y="{height - bottom + 18}" text-anchor="middle">{tick:,.0f}</text>'
        )
    zero = py(0.0)
    parts.append(
        f'<line x1="{left}" x2="{width - right}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#888"/>'
        f'<text x="{width / 2}" y="{height - 8}" text-anchor="middle">hands</text>'
        f'<text transform="translate(16 {height / 2}) rotate(-90)" text-anchor="middle">'
        f"net won ({html.escape(series.unit_name)})</text>"
    )
    for index, (name, label, colour) in enumerate(LINES):
        screen_x = left + (xs - xs[0]) * scale_x
        screen_y = top + (high - values[name]) * scale_y
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(screen_x, screen_y, strict=True))
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="1.5" points="{points}"/>'
            f'<rect x="{left + 10}" y="{top + 6 + 18 * index}" width="14" height="3" '
            f'fill="{colour}"/><text x="{left + 30}" y="{top + 11 + 18 * index}">'
            f"{label}: {values[name][-1]:,.{series.decimals}f}</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts)


def write_html(series: Series, path: Path) -> None:
    """A self-contained HTML page holding the graph as inline SVG (no scripts, no links)."""
    page = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(series.title)}</title></head>\n<body>\n{svg(series)}\n</body></html>\n"
    )
    path.write_text(page, encoding="utf-8")


def write_png(series: Series, path: Path) -> None:
    """The graph as a PNG image, drawn with matplotlib's Agg backend."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    picks = _sample(len(series.hand_number))
    figure, axes = plt.subplots(figsize=(10, 5.2), dpi=100)
    try:
        for name, label, colour in LINES:
            values = series.lines[name][picks] / series.units_per_currency
            axes.plot(series.hand_number[picks], values, color=colour, linewidth=1.4,
                      label=f"{label}: {values[-1]:,.{series.decimals}f}")  # fmt: skip
        axes.axhline(0, color="#888888", linewidth=0.8)
        axes.set_title(series.title)
        axes.set_xlabel("hands")
        axes.set_ylabel(f"net won ({series.unit_name})")
        axes.grid(True, color="#e4e4e4")
        axes.legend(loc="upper left")
        figure.tight_layout()
        figure.savefig(path, format="png")
    finally:
        plt.close(figure)


def draw_graph(con: duckdb.DuckDBPyConnection, filters: Filters, out: Path) -> Series:
    """Draw the graph into ``out`` (``.html`` or ``.png``) and return the series drawn."""
    suffix = out.suffix.lower()
    if suffix not in (".html", ".htm", ".png"):
        raise ReportError(f"{out}: the graph is written as .html or .png")
    series = load_series(con, filters)
    if suffix == ".png":
        write_png(series, out)
    else:
        write_html(series, out)
    return series
