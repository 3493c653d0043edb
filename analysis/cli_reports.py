"""``omaha report`` and ``omaha graph``: the players', positions' and hands' reports."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analysis import reports
from analysis.cli_options import DbOption
from ingest import store


def _filters(
    player: str | None,
    game: str | None,
    stakes: str | None,
    since: str | None,
    until: str | None,
    min_hands: int,
) -> reports.Filters:
    return reports.Filters(
        player=player,
        game=game,
        stakes=reports.Stakes.parse(stakes) if stakes else None,
        since=reports.parse_moment(since) if since else None,
        until=reports.parse_moment(until, end_of_day=True) if until else None,
        min_hands=min_hands,
    )


PlayerOption = Annotated[str | None, typer.Option("--player", help="Only this player.")]
GameOption = Annotated[
    str | None, typer.Option("--game", help="Only this game (omaha, omaha8, omaha5, ...).")
]
StakesOption = Annotated[
    str | None,
    typer.Option(
        "--stakes",
        help="Only these stakes: SB/BB in currency units (0.05/0.10) or a big blind in the "
        "smallest unit (10 = 10 cents or chips).",
    ),
]
SinceOption = Annotated[
    str | None, typer.Option("--since", help="From this UTC date or date-time (inclusive).")
]
UntilOption = Annotated[
    str | None,
    typer.Option("--until", help="Up to this UTC date (the whole day) or date-time (excluded)."),
]
MinHandsOption = Annotated[
    int, typer.Option("--min-hands", min=1, help="Leave out rows with fewer hands.")
]


def report_command(
    name: Annotated[reports.Report, typer.Argument(help="players, positions or hands.")],
    db: DbOption = Path("omaha.duckdb"),
    player: PlayerOption = None,
    game: GameOption = None,
    stakes: StakesOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    min_hands: MinHandsOption = 1,
    by: Annotated[
        reports.HandGrouping,
        typer.Option("--by", help="hands report: one row per category value or per class."),
    ] = reports.HandGrouping.category,
    fmt: Annotated[
        reports.ReportFormat, typer.Option("--format", help="Output format.")
    ] = reports.ReportFormat.table,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write to this file (needed for parquet).")
    ] = None,
    show_sql: Annotated[
        bool, typer.Option("--show-sql", help="Print the query and its parameters, run nothing.")
    ] = False,
) -> None:
    """Player stats, stats by position, or starting-hand results (docs/stats.md)."""
    try:
        filters = _filters(player, game, stakes, since, until, min_hands)
        if show_sql:
            typer.echo(reports.show_sql(reports.report_sql(name, by), filters), nl=False)
            return
        with reports.connect_for_reports(db) as con:
            table = reports.run_report(con, name, filters, by)
        typer.echo(reports.emit(table, fmt, out), nl=False)
    except (reports.ReportError, store.StoreError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc


def graph_command(
    out: Annotated[Path, typer.Option("--out", help="The image: FILE.png or FILE.html.")],
    db: DbOption = Path("omaha.duckdb"),
    player: Annotated[
        str | None, typer.Option("--player", help="Whose results (default: the hero).")
    ] = None,
    game: GameOption = None,
    stakes: StakesOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    show_sql: Annotated[
        bool, typer.Option("--show-sql", help="Print the query and its parameters, run nothing.")
    ] = False,
) -> None:
    """Draw cumulative net won over hands, with showdown and non-showdown lines."""
    from analysis import graph

    try:
        filters = _filters(player, game, stakes, since, until, 1)
        if show_sql:
            typer.echo(reports.show_sql(graph.graph_sql(), filters), nl=False)
            return
        with reports.connect_for_reports(db) as con:
            series = graph.draw_graph(con, filters, out)
    except (reports.ReportError, store.StoreError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc
    typer.echo(f"{series.title}: {out}", err=True)
