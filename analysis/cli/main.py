"""The ``omaha`` command line: thin commands that call one library function each."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import pyarrow as pa
import typer
import typer.models

from analysis.cli.equity import equity_command
from analysis.cli.explain import explain_command
from analysis.cli.importing import import_command
from analysis.cli.options import (
    DbOption,
    ForceOption,
    FormatOption,
    ParquetOption,
    WideOption,
    counted,
    ctrl_c,
    fail,
    fit,
    flowing,
    output_file,
    step,
    step_bar,
)
from analysis.cli.parquet import export_command
from analysis.cli.reports import graph_command, report_command
from analysis.cli.serve import serve_command
from analysis.cli.spark import spark_app
from analysis.output import Format, plural, render, whole_file
from analysis.reports import queries
from ingest import store
from omaha_core import GAMES, format_cards, parse_cards
from omaha_core.describe import play_hand

if TYPE_CHECKING:
    from analysis.batches import Run

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
    wide: WideOption = False,
    allow_files: Annotated[
        bool,
        typer.Option(
            "--allow-files",
            help="Let the query read and write files (read_csv, COPY ... TO); "
            "the database stays read-only.",
        ),
    ] = False,
    parquet: ParquetOption = None,
) -> None:
    """Run one SQL query on the database and print its result.

    The database is opened read-only, and the query cannot read or write other files
    (unless --allow-files), install or load extensions, or change these settings. With
    --parquet the tables are the folder's Parquet files, read the same way.
    """
    files = "; a file the query was writing may be cut short" if allow_files else ""
    with ctrl_c(lambda: f"{parquet or db} is unchanged (omaha sql opens it read-only){files}"):
        try:
            if parquet is not None:
                result = _parquet_query(parquet, query, allow_files)
                typer.echo(render(result, fmt, fit=fit(wide)), nl=False)
                return
            queries.check_database(db)
            with queries.exact_sums(store.connect(db, read_only=True)) as con:
                if any(name in query.lower() for name in queries.VIEW_NAMES):
                    with step_bar() as bar:
                        queries.prepare_ad_hoc(con, query, step(bar, "player rows"))
                result = store.user_query(con, query, files=allow_files)
        except store.StoreError as exc:
            fail(str(exc), 1)
        typer.echo(render(result, fmt, fit=fit(wide)), nl=False)


def _parquet_query(folder: Path, query: str, allow_files: bool) -> pa.Table:
    """``omaha sql --parquet``: the query over the folder's tables; those the report views
    read are copied in first when it names one (they are read by rowid)."""
    from analysis import parquet

    names_view = any(name in query.lower() for name in queries.VIEW_NAMES)
    try:
        with queries.exact_sums(parquet.connect(folder, queries.SOURCES if names_view else ())
                                ) as con:  # fmt: skip
            if names_view:
                with step_bar() as bar:
                    queries.prepare_ad_hoc(con, query, step(bar, "player rows"))
            return parquet.user_query(con, query, files=allow_files)
    except parquet.ParquetError as exc:
        fail(str(exc), 1)


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
    before = "left as it was" if target.exists() else "not written"
    with ctrl_c(lambda: f"{out_file} {before} (written whole or not at all)"):
        try:
            with whole_file(target) as part:
                written = generator.generate(part, hands, seed, chosen, workers)
        except ValueError as exc:
            fail(str(exc), 2)
        except OSError as exc:
            fail(f"cannot write {out_file}: {exc.strerror or exc}", 2)
    typer.echo(f"{plural(hands, 'hand')}, {plural(written, 'byte')} written to {out_file}",
               err=True)


@app.command("hand")
def hand_command(
    hole: Annotated[str, typer.Argument(
        help="Hole cards, e.g. 'As Kd 10h 2c' or 'AsKdTh2c'.", metavar="HOLE")],
    board: Annotated[str, typer.Option("--board", help="The five board cards.")],
    game: Annotated[
        str, typer.Option("--game", help=f"Game: {', '.join(GAMES)}.")
    ] = "omaha",
    fmt: FormatOption = Format.table,
    wide: WideOption = False,
) -> None:
    """Show the best high hand, and for hi/lo games the best low, of a hole and a board."""
    with ctrl_c(lambda: "nothing was written"):
        try:
            if game not in GAMES:
                raise ValueError(f"unknown game {game!r}; one of {', '.join(GAMES)}")
            hands = play_hand(parse_cards(hole), parse_cards(board), GAMES[game])
        except ValueError as exc:
            fail(str(exc), 2)
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
    typer.echo(render(table, fmt, fit=fit(wide)), nl=False)


@app.command("audit")
def audit_command(
    hand_id: Annotated[
        str | None, typer.Argument(
            help="Show this hand's full replay instead of auditing.", metavar="[HAND_ID]")
    ] = None,
    db: DbOption = Path("omaha.duckdb"),
    fmt: FormatOption = Format.table,
    wide: WideOption = False,
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
    then compute the exact all-in equity of every all-in hand not done yet.

    Each step's hands and seconds are printed on stderr. Ctrl-C keeps every batch of hands
    committed, each with all its rows, rolls back the rest and exits with code 130."""
    from analysis.allin import stage as allin_stage
    from analysis.audit import stage as audit_stage

    began = time.perf_counter()
    with ctrl_c(lambda: _audit_kept(db)):
        try:
            queries.check_database(db)
            if hand_id is not None:
                with store.connect(db, read_only=True) as con:
                    typer.echo(audit_stage.hand_detail(con, hand_id), nl=False)
                return
            with step_bar() as bar:
                run = audit_stage.run_audit(db, redo=redo, progress=step(bar, "audit"))
                allin = (allin_stage.run_allin(db, redo=redo, progress=step(bar, "all-in equity"))
                         if equity else None)  # fmt: skip
            summed = time.perf_counter()
            with store.connect(db, read_only=True) as con:
                tables = audit_stage.summary_tables(con, only_problems)
                inconsistent = audit_stage.inconsistent_hands(con)
                if equity and not only_problems:
                    tables["all_in_hands"] = allin_stage.allin_summary(con)
            summed = time.perf_counter() - summed
        except store.StoreError as exc:
            fail(str(exc), 1)
        if fmt is Format.json and len(tables) > 1:  # one document: the tables by name
            documents = {name: json.loads(render(table, fmt)) for name, table in tables.items()}
            typer.echo(json.dumps(documents, ensure_ascii=False, indent=1))
            tables = {}
        for name, table in tables.items():
            if fmt is Format.table:
                typer.echo(f"{name.replace('_', ' ')}:")
            elif fmt is Format.csv and len(tables) > 1:  # sections, each named on a line
                typer.echo(f"# {name}")
            shown = fit(wide, *AUDIT_FIT.get(name, ((), None)))
            limit = 50 if name == "problems" else None
            typer.echo(render(table, fmt, max_rows=limit, fit=shown), nl=False)
        if fmt is Format.table:
            typer.echo(f"stored hands inconsistent as printed: {inconsistent:,} (their money "
                       "does not add up in the history itself)")  # fmt: skip
        for line in _audit_steps(run, allin, summed):
            typer.echo(line, err=True)
        total = time.perf_counter() - began
        typer.echo(f"{plural(run.hands, 'hand')} audited in {total:.1f} s in all", err=True)


# The columns of the audit's tables shown first where a terminal is narrow, and the
# column wrapped to fit.
AUDIT_FIT: dict[str, tuple[tuple[str, ...], str | None]] = {
    "by_room": (("room", "hands", "ok"), None),
    "problems": (("site", "hand_id", "status"), "reason"),
}


def _rate(hands: int, seconds: float) -> str:
    return f"{hands / seconds:,.0f} hands/s" if seconds > 0 else "-"


def _audit_steps(run: Run, allin: Run | None, summed: float) -> list[str]:
    """One line per step of ``omaha audit``: its hands, seconds and their parts."""
    rate = _rate(run.hands, run.seconds)
    lines = [
        f"audit: {plural(run.hands, 'hand')} in {run.seconds:.1f} s ({rate}; finding them "
        f"{run.finding:.1f} s, replaying {run.computing:.1f} s, storing {run.storing:.1f} s)"
    ]
    if allin is None:
        lines.append("all-in equity: not computed (--no-equity)")
    else:
        found = plural(allin.rows.get("allin_hands", 0), "all-in hand")
        lines.append(
            f"all-in equity: {plural(allin.hands, 'hand')} in {allin.seconds:.1f} s "
            f"({_rate(allin.hands, allin.seconds)}; finding them {allin.finding:.1f} s, "
            f"computing {allin.computing:.1f} s, storing {allin.storing:.1f} s), {found} "
            "among them"
        )
    lines.append(f"summary: {summed:.1f} s")
    return lines


def _audit_kept(db: Path) -> str:
    """What an interrupted audit kept: the hands audited and looked at for their all-in
    equity, as the database now holds them."""
    found = counted(db, ("hands", "audit_hands", "allin_seen"))
    if found is None:
        return (f"every batch of hands committed to {db} stays, the rest was rolled back; "
                "omaha audit goes on from there")  # fmt: skip
    hands, audited, seen = found
    return (f"of the {plural(hands, 'hand')} in {db}, {audited:,} stay audited and {seen:,} "
            "looked at for their all-in equity (each batch committed whole, the rest rolled "
            "back); omaha audit goes on from there")


app.command("report")(report_command)
app.command("graph")(graph_command)
app.command("equity")(equity_command)
app.command("explain")(explain_command)
app.command("serve")(serve_command)
app.command("export")(export_command)
app.add_typer(spark_app, name="spark")


def _flowing_help(commands: list[typer.models.CommandInfo]) -> None:
    """Give every command its docstring as help whose paragraphs flow to the terminal's
    width (typer keeps a docstring's line breaks)."""
    for command in commands:
        if command.help is None and command.callback is not None and command.callback.__doc__:
            command.help = flowing(command.callback.__doc__)


_flowing_help(app.registered_commands)
_flowing_help(spark_app.registered_commands)
