"""``omaha report`` and ``omaha graph``: the players', positions', hands' and sessions' reports."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from analysis.cli.options import (
    DbOption,
    ForceOption,
    ParquetOption,
    WideOption,
    ctrl_c,
    fail,
    fit,
    output_file,
    player_rows_kept,
    step,
    step_bar,
)
from analysis.output import FileFormat, Fit, Format, Rows, first_rows, save, write
from analysis.reports import queries
from analysis.reports.misses import Connection, explain_no_rows
from analysis.reports.queries import Filters
from ingest import store

PlayerOption = Annotated[str | None, typer.Option("--player", help="Only this player.")]
GameOption = Annotated[
    str | None, typer.Option("--game", help="Only this game (omaha, omaha8, omaha5, ...).")
]
CurrencyOption = Annotated[
    str | None,
    typer.Option("--currency", help="Only this currency: USD, EUR, ..., chips (tournaments)."),
]
CashOption = Annotated[bool, typer.Option("--cash", help="Only cash games.")]
TournamentsOption = Annotated[bool, typer.Option("--tournaments", help="Only tournaments.")]
StakesOption = Annotated[
    str | None,
    typer.Option(
        "--stakes",
        help="Only these stakes, in currency units: SB/BB (0.05/0.10, $0.05/$0.10, 50/100 "
        "chips) or the big blind with its currency ($0.10, 100 chips).",
    ),
]
RoomOption = Annotated[
    str | None,
    typer.Option(
        "--room", help="Only this room: its name (PokerStars) or its site's (pokerstars)."
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
ShowSqlOption = Annotated[
    bool, typer.Option("--show-sql", help="Print the query and its parameters, run nothing.")
]


def _filters(
    player: str | None,
    game: str | None,
    currency: str | None,
    kind: tuple[bool, bool],
    stakes: str | None,
    dates: tuple[str | None, str | None],
    min_hands: int = 1,
    room: str | None = None,
) -> Filters:
    """The filters the options name; ``kind`` is (--cash, --tournaments)."""
    cash, tournaments = kind
    if cash and tournaments:
        raise queries.ReportError("--cash and --tournaments exclude each other")
    since, until = dates
    return queries.filters_from_text(player, game, currency, True if tournaments else False
                                     if cash else None, stakes, since, until, min_hands,
                                     room)  # fmt: skip


# The columns a report's table shows first where the terminal is narrow: what names the
# row, then the hands and the money, then the commonest statistics; the rest as they fit.
REPORT_FIRST = ("player", "position", "category", "value", "hand_label", "hand_class",
                "currency", "period", "start", "hands", "dealt", "net", "bb_per_100", "table",
                "vpip", "pfr")  # fmt: skip


@dataclass
class _Made:
    """How far a report or graph got, for what Ctrl-C says it kept: whether the database
    was opened read-only (the player rows made beside it) and the output begun."""

    db: Path
    read_only: bool = False
    output_begun: bool = False

    def rows(self) -> str:
        """The player rows stored, as the database now holds them."""
        if self.read_only:
            return f"{self.db} is unchanged (in use by another process: the player rows were "\
                "made beside it)"
        return player_rows_kept(self.db)

    def output(self, out: Path | None, existed: bool, what: str) -> str:
        if out is not None:
            return f"{out} {'left as it was' if existed else 'not written'}"
        return f"the {what} was not printed whole" if self.output_begun else f"no {what} printed"


def _read_only(con: Connection) -> bool:
    ((read_only,),) = con.execute(
        "SELECT readonly FROM duckdb_databases() WHERE database_name = current_database()"
    ).fetchall()
    return bool(read_only)


def report_command(
    name: Annotated[
        queries.Report, typer.Argument(
            help="players, positions, hands or sessions.", metavar="REPORT"
        )
    ],
    db: DbOption = Path("omaha.duckdb"),
    player: PlayerOption = None,
    game: GameOption = None,
    currency: CurrencyOption = None,
    cash: CashOption = False,
    tournaments: TournamentsOption = False,
    stakes: StakesOption = None,
    room: RoomOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    min_hands: MinHandsOption = 1,
    by: Annotated[
        queries.Grouping | None,
        typer.Option(
            "--by",
            help="hands: one row per category value (default) or per class; players: one "
            "row per month, week or day.",
        ),
    ] = None,
    gap: Annotated[
        int | None,
        typer.Option(
            "--gap", min=1, help="sessions: minutes between hands that end a session (30)."
        ),
    ] = None,
    fmt: Annotated[FileFormat, typer.Option("--format", help="Output format.")] = FileFormat.table,
    wide: WideOption = False,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write to this file (needed for parquet).")
    ] = None,
    force: ForceOption = False,
    show_sql: ShowSqlOption = False,
    parquet: ParquetOption = None,
) -> None:
    """Player stats, stats by position, starting-hand results or sessions (docs/stats.md).
    Amounts of different currencies are never added: one row per currency (tournaments in
    chips).

    The table format shows the columns that fit the terminal (--wide: all of them). Ctrl-C
    keeps the player rows of every batch of hands committed, rolls back the rest and exits
    with code 130."""
    made = _Made(db)
    existed = out is not None and out.exists()
    with ctrl_c(lambda: f"{made.rows()}; {made.output(out, existed, 'report')}"):
        try:
            if gap is not None and name is not queries.Report.sessions:
                raise queries.ReportError("--gap applies to the sessions report")
            grouping = queries.check_grouping(name, by)
            filters = _filters(player, game, currency, (cash, tournaments), stakes,
                               (since, until), min_hands, room)  # fmt: skip
            gap_minutes = gap or queries.DEFAULT_GAP_MINUTES
            if show_sql:
                sql = queries.report_sql(name, grouping)
                values = queries.report_values(filters, grouping, gap_minutes)
                typer.echo(queries.show_sql(sql, queries.bound(sql, values)), nl=False)
                return
            if fmt is FileFormat.parquet and out is None:
                raise queries.ReportError("parquet output needs --out FILE")
            target = output_file(out, force, db) if out is not None else None
            with _report_connection(db, parquet) as con:
                made.read_only = _read_only(con)
                with step_bar() as bar:
                    progress = step(bar, "player rows")
                    found = queries.report_rows(con, name, filters, grouping, gap_minutes,
                                                progress)  # fmt: skip
                rows = first_rows(found)
                if rows is None:
                    raise queries.ReportError(explain_no_rows(con, filters))
                shown = queries.without_counts(rows) if fmt is FileFormat.table else rows
                _emit(shown, fmt, target, fit(wide, REPORT_FIRST), made)
        except (queries.ReportError, store.StoreError) as exc:
            fail(str(exc), 1)


def _report_connection(db: Path, folder: Path | None) -> Connection:
    """The store at ``db``, or (``folder``) the tables of a folder of Parquet files, those
    the reports read copied into memory (see :func:`analysis.parquet.connect`)."""
    if folder is None:
        return queries.connect_for_reports(db)
    from analysis import parquet

    try:
        return parquet.connect(folder, queries.SOURCES)
    except parquet.ParquetError as exc:
        raise queries.ReportError(str(exc)) from exc


def _emit(rows: Rows, fmt: FileFormat, target: Path | None, shown: Fit, made: _Made) -> None:
    """Print ``rows`` (the table form as ``shown`` fits it) or write them to ``target``; a
    file that cannot be written is a one-line error."""
    if target is None:
        made.output_begun = True
        write(rows, Format(fmt.value), sys.stdout, fit=shown)
        return
    try:
        save(rows, fmt, target)
    except OSError as exc:
        fail(f"cannot write {target}: {exc.strerror or exc}", 2)


def graph_command(
    out: Annotated[Path, typer.Option("--out", help="The image: FILE.png or FILE.html.")],
    db: DbOption = Path("omaha.duckdb"),
    player: Annotated[
        str | None, typer.Option("--player", help="Whose results (default: the hero).")
    ] = None,
    game: GameOption = None,
    currency: CurrencyOption = None,
    cash: CashOption = False,
    tournaments: TournamentsOption = False,
    stakes: StakesOption = None,
    room: RoomOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    force: ForceOption = False,
    show_sql: ShowSqlOption = False,
) -> None:
    """Draw cumulative net won over hands, with showdown and non-showdown lines: one graph
    per currency (tournaments in chips), or only --currency.

    Ctrl-C keeps the player rows of every batch of hands committed, rolls back the rest,
    writes no image and exits with code 130."""
    from analysis.reports import graph

    made = _Made(db)
    existed = out.exists()
    with ctrl_c(lambda: f"{made.rows()}; {made.output(out, existed, 'graph')}"):
        try:
            filters = _filters(player, game, currency, (cash, tournaments), stakes,
                               (since, until), room=room)  # fmt: skip
            if show_sql:
                shown = queries.show_sql(graph.graph_sql(), graph.graph_values(filters))
                typer.echo(shown, nl=False)
                return
            target = output_file(out, force, db)
            graph.check_suffix(target)
            with queries.connect_for_reports(db) as con:
                made.read_only = _read_only(con)
                with step_bar() as bar:
                    drawn = graph.draw_graph(con, filters, target, step(bar, "player rows"))
                if not drawn:
                    reason = explain_no_rows(con, filters, hero=player is None)
                    raise queries.ReportError(f"no hands to draw: {reason}")
        except (queries.ReportError, store.StoreError) as exc:
            fail(str(exc), 1)
        except OSError as exc:
            fail(f"cannot write {out}: {exc.strerror or exc}", 2)
    for series in drawn:
        typer.echo(f"{series.title}: {out}", err=True)
