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
from analysis.cli_equity import equity_command
from analysis.cli_explain import explain_command
from analysis.cli_import import import_command
from analysis.cli_options import DbOption, ForceOption, FormatOption, output_file
from analysis.cli_reports import graph_command, report_command
from analysis.output import Format, render
from ingest import store
from omaha_core import GAMES, format_cards, parse_cards
from omaha_core.describe import play_hand

app = typer.Typer(
    help="Import, audit and analyse Omaha poker hand histories.",
    no_args_is_help=True,
    add_completion=False,
)
app.command("import")(import_command)


@app.command("sql")
def sql_command(
    query: Annotated[str, typer.Argument(help="The SQL to run (read-only).", metavar="QUERY")],
    db: DbOption = Path("omaha.duckdb"),
    fmt: FormatOption = Format.table,
    allow_files: Annotated[
        bool,
        typer.Option(
            "--allow-files",
            help="Let the query read and write files (read_csv, COPY ... TO); "
            "the database stays read-only.",
        ),
    ] = False,
) -> None:
    """Run one SQL query on the database and print its result.

    The database is opened read-only, and the query cannot read or write other files
    (unless --allow-files), install or load extensions, or change these settings.
    """
    try:
        reports.check_database(db)
        with reports.exact_sums(store.connect(db, read_only=True)) as con:
            reports.prepare_ad_hoc(con, query)
            result = store.user_query(con, query, files=allow_files)
    except store.StoreError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(1) from exc
    typer.echo(render(result, fmt), nl=False)


@app.command("generate")
def generate_command(
    out_file: Annotated[
        Path, typer.Argument(help="The hand-history file to write.", metavar="OUT_FILE")
    ],
    hands: Annotated[int, typer.Option("--hands", min=1, help="How many hands.")],
    seed: Annotated[int, typer.Option("--seed", help="Random seed: same seed, same file.")] = 0,
    games: Annotated[
        list[str] | None,
        typer.Option("--games", help=f"Games (repeat or comma-separate): {', '.join(GAMES)}."),
    ] = None,
    force: ForceOption = False,
) -> None:
    """Write realistic PokerStars-format Omaha hand histories (deterministic per seed)."""
    from ingest import generator

    chosen = [name for item in games or [] for name in item.split(",") if name] or list(GAMES)
    workers = min(os.cpu_count() or 1, -(-hands // generator.BLOCK_HANDS))
    target = output_file(out_file, force)
    try:
        written = generator.generate(target, hands, seed, chosen, workers)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from exc
    except OSError as exc:
        typer.echo(f"error: cannot write {out_file}: {exc.strerror or exc}", err=True)
        raise typer.Exit(2) from exc
    typer.echo(f"{hands} hands, {written:,} bytes written to {out_file}", err=True)


@app.command("hand")
def hand_command(
    hole: Annotated[str, typer.Argument(
        help="Hole cards, e.g. 'As Kd 10h 2c' or 'AsKdTh2c'.", metavar="HOLE")],
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
        str | None, typer.Argument(
            help="Show this hand's full replay instead of auditing.", metavar="[HAND_ID]")
    ] = None,
    db: DbOption = Path("omaha.duckdb"),
    fmt: FormatOption = Format.table,
    only_problems: Annotated[
        bool, typer.Option("--only-problems", help="Print only the problem hands.")
    ] = False,
    redo: Annotated[bool, typer.Option("--all", help="Audit every hand again.")] = False,
    equity: Annotated[
        bool,
        typer.Option("--equity/--no-equity",
                     help="Also compute the exact all-in equities of hands not done yet."),
    ] = True,
) -> None:
    """Replay every imported hand not yet audited, verify every award, store and summarise;
    then compute the exact all-in equity of every all-in hand not done yet."""
    from analysis import allin_run, audit_run

    try:
        reports.check_database(db)
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
            if equity:
                bar.reset(task, description="all-in equity")
                allin_run.run_allin(
                    db, redo=redo,
                    progress=lambda done, total: bar.update(task, completed=done, total=total),
                )  # fmt: skip
        with store.connect(db, read_only=True) as con:
            tables = audit_run.summary_tables(con, only_problems)
            inconsistent = audit_run.inconsistent_hands(con)
            if equity and not only_problems:
                tables["all_in_hands"] = allin_run.allin_summary(con)
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
    rate = run.hands / run.seconds if run.seconds > 0 else 0.0
    typer.echo(f"{run.hands} hands audited in {run.seconds:.1f} s ({rate:,.0f} hands/s)",
               err=True)


app.command("report")(report_command)
app.command("graph")(graph_command)
app.command("equity")(equity_command)
app.command("explain")(explain_command)
