"""The ``omaha`` command line: thin commands that call one library function each."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Annotated

import pyarrow as pa
import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from analysis import reports
from analysis.output import Format, render
from ingest import importer, store
from omaha_core import GAMES, format_cards, parse_cards
from omaha_core.describe import play_hand

app = typer.Typer(
    help="Import, audit and analyse Omaha poker hand histories.",
    no_args_is_help=True,
    add_completion=False,
)

DbOption = Annotated[Path, typer.Option("--db", help="DuckDB database file.")]
FormatOption = Annotated[Format, typer.Option("--format", help="Output format.")]


def _summary_table(summary: importer.ImportSummary) -> pa.Table:
    rows = [("imported", summary.imported), ("duplicates", summary.duplicates)]
    rows += [(f"skipped: {reason}", count) for reason, count in summary.skipped_by_reason]
    rows += [("errors", summary.errors)]
    return pa.table(
        {"outcome": [name for name, _ in rows], "hands": [count for _, count in rows]},
        schema=pa.schema([("outcome", pa.string()), ("hands", pa.int64())]),
    )


@app.command("import")
def import_command(
    paths: Annotated[list[Path], typer.Argument(help="Hand-history files or folders.")],
    db: DbOption = Path("omaha.duckdb"),
    fmt: FormatOption = Format.table,
    reread: Annotated[
        bool,
        typer.Option(
            "--reread",
            help="Read every file, even those this parser already read with the same content.",
        ),
    ] = False,
) -> None:
    """Import hand histories (files or folders, recursively) into a DuckDB database.

    A file already read by the same parser version, with the same content (sha256), is not
    read again: its hands are counted as they ended then, the stored ones as duplicates."""
    console = Console(stderr=True)
    with Progress(
        TextColumn("{task.fields[files]} files"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[hands]:,} hands, {task.fields[rate]:,.0f} hands/s"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
        disable=not sys.stderr.isatty(),
    ) as bar:
        task = bar.add_task("import", total=None, files="0/0", hands=0, rate=0.0)

        def show(now: importer.ImportProgress) -> None:
            elapsed = bar.tasks[0].elapsed or 0.0
            bar.update(
                task,
                total=now.bytes_total,
                completed=now.bytes_done,
                files=f"{now.files_done}/{now.files_total}",
                hands=now.hands_seen,
                rate=now.hands_seen / elapsed if elapsed > 0 else 0.0,
            )

        try:
            summary = importer.import_paths(paths, db, progress=show, reread=reread)
        except (importer.ImportPathError, store.StoreError) as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
    typer.echo(render(_summary_table(summary), fmt), nl=False)
    rate = summary.hands_seen / summary.seconds if summary.seconds > 0 else 0.0
    unchanged = (
        f" ({summary.unchanged_files} unchanged since a past import, not read again)"
        if summary.unchanged_files
        else ""
    )
    typer.echo(
        f"{summary.files} files{unchanged}, {summary.hands_seen} hands in "
        f"{summary.seconds:.1f} s ({rate:,.0f} hands/s) into {db}",
        err=True,
    )
    if summary.errors:
        typer.echo(f'error details: omaha sql "SELECT * FROM import_errors" --db {db}', err=True)


@app.command("sql")
def sql_command(
    query: Annotated[str, typer.Argument(help="The SQL to run (read-only).")],
    db: DbOption = Path("omaha.duckdb"),
    fmt: FormatOption = Format.table,
) -> None:
    """Run one SQL query on the database (opened read-only) and print its result."""
    try:
        with store.connect(db, read_only=True) as con:
            reports.prepare_ad_hoc(con, query)
            result = store.query(con, query)
    except store.StoreError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc
    typer.echo(render(result, fmt), nl=False)


@app.command("generate")
def generate_command(
    out_file: Annotated[Path, typer.Argument(help="The hand-history file to write.")],
    hands: Annotated[int, typer.Option("--hands", min=1, help="How many hands.")],
    seed: Annotated[int, typer.Option("--seed", help="Random seed: same seed, same file.")] = 0,
    games: Annotated[
        list[str] | None,
        typer.Option("--games", help=f"Games (repeat or comma-separate): {', '.join(GAMES)}."),
    ] = None,
) -> None:
    """Write realistic PokerStars-format Omaha hand histories (deterministic per seed)."""
    from ingest import generator

    chosen = [name for item in games or [] for name in item.split(",") if name] or list(GAMES)
    workers = min(os.cpu_count() or 1, -(-hands // generator.BLOCK_HANDS))
    try:
        written = generator.generate(out_file, hands, seed, chosen, workers)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"{hands} hands, {written:,} bytes written to {out_file}", err=True)


@app.command("hand")
def hand_command(
    hole: Annotated[str, typer.Argument(help="Hole cards, e.g. 'As Kd 10h 2c' or 'AsKdTh2c'.")],
    board: Annotated[str, typer.Option("--board", help="The five board cards.")],
    game: Annotated[
        str, typer.Option("--game", help=f"Game: {', '.join(GAMES)}.")
    ] = "omaha",
    fmt: FormatOption = Format.table,
) -> None:
    """Show the best high hand, and for hi/lo games the best low, of a hole and a board."""
    try:
        if game not in GAMES:
            raise ValueError(f"unknown game {game!r}; one of {', '.join(GAMES)}")
        hands = play_hand(parse_cards(hole), parse_cards(board), GAMES[game])
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    table = pa.table(
        {
            "half": [hand.half for hand in hands],
            "cards": [format_cards(hand.cards) for hand in hands],
            "hand": [hand.words for hand in hands],
            "value": [hand.value for hand in hands],
        },
        schema=pa.schema(
            [("half", pa.string()), ("cards", pa.string()), ("hand", pa.string()),
             ("value", pa.int32())]
        ),
    )
    typer.echo(render(table, fmt), nl=False)


@app.command("audit")
def audit_command(
    hand_id: Annotated[
        str | None, typer.Argument(help="Show this hand's full replay instead of auditing.")
    ] = None,
    db: DbOption = Path("omaha.duckdb"),
    fmt: FormatOption = Format.table,
    only_problems: Annotated[
        bool, typer.Option("--only-problems", help="Print only the problem hands.")
    ] = False,
    redo: Annotated[bool, typer.Option("--all", help="Audit every hand again.")] = False,
) -> None:
    """Replay every imported hand not yet audited, verify every award, store and summarise."""
    from analysis import audit_run

    try:
        if not db.is_file():
            raise store.StoreError(f"no database at {db} (run `omaha import` first)")
        if hand_id is not None:
            with store.connect(db, read_only=True) as con:
                typer.echo(audit_run.hand_detail(con, hand_id), nl=False)
            return
        with Progress(
            BarColumn(), TaskProgressColumn(), TextColumn("{task.completed:,} hands"),
            TimeElapsedColumn(), console=Console(stderr=True), transient=True,
            disable=not sys.stderr.isatty(),
        ) as bar:
            task = bar.add_task("audit", total=None)
            run = audit_run.run_audit(
                db, redo=redo, progress=lambda done, total: bar.update(task, completed=done,
                                                                       total=total)
            )
        with store.connect(db, read_only=True) as con:
            tables = audit_run.summary_tables(con, only_problems)
            inconsistent = audit_run.inconsistent_hands(con)
    except store.StoreError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc
    for name, table in tables.items():
        if fmt is Format.table:
            typer.echo(f"{name.replace('_', ' ')}:")
        typer.echo(render(table, fmt, max_rows=50 if name == "problems" else None), nl=False)
    if fmt is Format.table:
        typer.echo(f"stored hands inconsistent as printed: {inconsistent} (their money does "
                   "not add up in the history itself)")
    rate = run.audited / run.seconds if run.seconds > 0 else 0.0
    typer.echo(f"{run.audited} hands audited in {run.seconds:.1f} s ({rate:,.0f} hands/s)",
               err=True)


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


@app.command("report")
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


@app.command("graph")
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
