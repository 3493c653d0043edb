"""``omaha report`` and ``omaha graph``: the players', positions', hands' and sessions' reports."""

from __future__ import annotations

import difflib
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import duckdb
import typer

from analysis import reports
from analysis.cli_options import (
    DbOption,
    ForceOption,
    ParquetOption,
    WideOption,
    counted,
    ctrl_c,
    fail,
    fit,
    output_file,
    step,
    step_bar,
)
from analysis.output import FileFormat, Fit, Format, Rows, first_rows, plural, save, write
from analysis.reports import Filters
from ingest import store
from ingest.money import show_money

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
) -> Filters:
    """The filters the options name; ``kind`` is (--cash, --tournaments)."""
    cash, tournaments = kind
    if cash and tournaments:
        raise reports.ReportError("--cash and --tournaments exclude each other")
    since, until = dates
    return Filters(
        player=player,
        game=game,
        currency=reports.parse_currency(currency) if currency else None,
        tournament=True if tournaments else False if cash else None,
        stakes=reports.Stakes.parse(stakes) if stakes else None,
        since=reports.parse_moment(since) if since else None,
        until=reports.parse_moment(until, end_of_day=True) if until else None,
        min_hands=min_hands,
    )


Connection = duckdb.DuckDBPyConnection


def _query(con: Connection, name: str, filters: Filters) -> list[tuple[object, ...]]:
    """Rows of statement ``name`` of ``sql/report_filters.sql`` under ``filters``."""
    sql = reports.statements("report_filters")[name]
    return con.execute(sql, reports.bound(sql, filters.parameters())).fetchall()


def _values(con: Connection, name: str) -> str:
    return ", ".join(str(value) for (value,) in _query(con, name, Filters()))


def _stakes_text(small: int, big: int, currency: str) -> str:
    """Blinds as people write them: ``$0.05/$0.10``, ``50/100 chips``."""
    small_text, big_text = show_money(small, currency), show_money(big, currency)
    return f"{small_text.split(' ')[0]}/{big_text}"


def _no_player(con: Connection, filters: Filters) -> str:
    name = str(filters.player)
    names = [str(player) for (player,) in _query(con, "players", Filters())]
    same = [player for player in names if player.casefold() == name.casefold()]
    close = same or difflib.get_close_matches(name, names, n=1)
    return f"no player {name!r}" + (f"; the closest name is {close[0]!r}" if close else "")


def _no_game(con: Connection, filters: Filters) -> str:
    return f"no {filters.game} hands; the games stored: {_values(con, 'games')}"


def _no_currency(con: Connection, filters: Filters) -> str:
    stored = _values(con, "currencies")
    return f"no hands in {filters.currency_named}; the currencies stored: {stored}"


def _no_kind(con: Connection, filters: Filters) -> str:
    return f"no {'tournament' if filters.tournament else 'cash-game'} hands"


def _no_stakes(con: Connection, filters: Filters) -> str:
    kind = Filters(currency=filters.currency_named, tournament=filters.tournament)
    stored = ", ".join(
        _stakes_text(int(str(small)), int(str(big)), str(currency))
        for small, big, currency in _query(con, "stakes", kind)
    )
    return f"no hands at stakes {filters.stakes and filters.stakes.text}; stored: {stored}"


def _no_time(con: Connection, filters: Filters) -> str:
    first, last = _query(con, "dates", Filters())[0]
    return f"no hands in that time; the hands stored are from {first} to {last}"


def filter_matching_nothing(con: Connection, filters: Filters) -> str | None:
    """What is wrong with the first of ``filters`` that alone matches no hands (with the
    values that would match), or None."""
    f = filters
    alone = [
        (Filters(player=f.player), _no_player),
        (Filters(game=f.game), _no_game),
        (Filters(currency=f.currency_named), _no_currency),
        (Filters(tournament=f.tournament), _no_kind),
        (Filters(stakes=f.stakes, currency=f.currency_named), _no_stakes),
        (Filters(since=f.since, until=f.until), _no_time),
    ]
    for one, why in alone:
        if one != Filters() and _query(con, "count", one)[0][0] == 0:
            return why(con, filters)
    return None


def explain_no_rows(con: Connection, filters: Filters, hero: bool = False) -> str:
    """Why a report (``hero``: the hero's graph) under ``filters`` has no rows: a filter
    that matches no hands, else the filters together or ``--min-hands``."""
    reason = filter_matching_nothing(con, filters)
    if reason is not None:
        return reason
    if hero:
        return "no hero rows under these filters (name a --player)"
    if _query(con, "count", filters)[0][0]:
        hands = "hand" if filters.min_hands == 1 else "hands"  # the number as it was typed
        return f"no row has {filters.min_hands} {hands} or more (--min-hands)"
    return "no hands match these filters together"


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
        found = counted(self.db, ("report_cache_hands", "hands"))
        if found is None:
            return f"every batch of player rows committed to {self.db} stays, the rest was " \
                "rolled back"
        stored, hands = found
        return (f"{stored:,} of the {plural(hands, 'hand')} in {self.db} have their player rows "
                "stored (each batch committed whole, the rest rolled back; the next report "
                "goes on from there)")  # fmt: skip

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
        reports.Report, typer.Argument(
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
    since: SinceOption = None,
    until: UntilOption = None,
    min_hands: MinHandsOption = 1,
    by: Annotated[
        reports.Grouping | None,
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
            if gap is not None and name is not reports.Report.sessions:
                raise reports.ReportError("--gap applies to the sessions report")
            grouping = reports.check_grouping(name, by)
            filters = _filters(player, game, currency, (cash, tournaments), stakes,
                               (since, until), min_hands)  # fmt: skip
            gap_minutes = gap or reports.DEFAULT_GAP_MINUTES
            if show_sql:
                sql = reports.report_sql(name, grouping)
                values = reports.report_values(filters, grouping, gap_minutes)
                typer.echo(reports.show_sql(sql, reports.bound(sql, values)), nl=False)
                return
            if fmt is FileFormat.parquet and out is None:
                raise reports.ReportError("parquet output needs --out FILE")
            target = output_file(out, force, db) if out is not None else None
            with _report_connection(db, parquet) as con:
                made.read_only = _read_only(con)
                with step_bar() as bar:
                    progress = step(bar, "player rows")
                    found = reports.report_rows(con, name, filters, grouping, gap_minutes,
                                                progress)  # fmt: skip
                rows = first_rows(found)
                if rows is None:
                    raise reports.ReportError(explain_no_rows(con, filters))
                shown = reports.without_counts(rows) if fmt is FileFormat.table else rows
                _emit(shown, fmt, target, fit(wide, REPORT_FIRST), made)
        except (reports.ReportError, store.StoreError) as exc:
            fail(str(exc), 1)


def _report_connection(db: Path, folder: Path | None) -> Connection:
    """The store at ``db``, or (``folder``) the tables of a folder of Parquet files, those
    the reports read copied into memory (see :func:`analysis.parquet.connect`)."""
    if folder is None:
        return reports.connect_for_reports(db)
    from analysis import parquet

    try:
        return parquet.connect(folder, reports.SOURCES)
    except parquet.ParquetError as exc:
        raise reports.ReportError(str(exc)) from exc


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
    since: SinceOption = None,
    until: UntilOption = None,
    force: ForceOption = False,
    show_sql: ShowSqlOption = False,
) -> None:
    """Draw cumulative net won over hands, with showdown and non-showdown lines: one graph
    per currency (tournaments in chips), or only --currency.

    Ctrl-C keeps the player rows of every batch of hands committed, rolls back the rest,
    writes no image and exits with code 130."""
    from analysis import graph

    made = _Made(db)
    existed = out.exists()
    with ctrl_c(lambda: f"{made.rows()}; {made.output(out, existed, 'graph')}"):
        try:
            filters = _filters(player, game, currency, (cash, tournaments), stakes,
                               (since, until))  # fmt: skip
            if show_sql:
                shown = reports.show_sql(graph.graph_sql(), graph.graph_values(filters))
                typer.echo(shown, nl=False)
                return
            target = output_file(out, force, db)
            graph.check_suffix(target)
            with reports.connect_for_reports(db) as con:
                made.read_only = _read_only(con)
                with step_bar() as bar:
                    drawn = graph.draw_graph(con, filters, target, step(bar, "player rows"))
                if not drawn:
                    reason = explain_no_rows(con, filters, hero=player is None)
                    raise reports.ReportError(f"no hands to draw: {reason}")
        except (reports.ReportError, store.StoreError) as exc:
            fail(str(exc), 1)
        except OSError as exc:
            fail(f"cannot write {out}: {exc.strerror or exc}", 2)
    for series in drawn:
        typer.echo(f"{series.title}: {out}", err=True)
