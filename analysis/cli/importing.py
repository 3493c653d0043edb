"""``omaha import``: hand histories into the database, with progress and a summary."""

from __future__ import annotations

import sys
import time
import zoneinfo
from pathlib import Path
from typing import Annotated

import pyarrow as pa
import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from analysis.cli.options import (
    EXIT_INTERRUPTED,
    DbOption,
    FormatOption,
    WideOption,
    ctrl_c,
    fit,
    player_rows_kept,
    step,
    step_bar,
)
from analysis.output import Format, plural, render
from analysis.reports import queries
from ingest import importer, store, warm

SUMMARY_SCHEMA = pa.schema([("unit", pa.string()), ("outcome", pa.string()), ("count", pa.int64())])
SHOWN_NOT_READ = 20  # unreadable files and folders named one per line, at most


def _summary_table(summary: importer.ImportSummary) -> pa.Table:
    """Files and folders by outcome, then hands by outcome (skips by reason)."""
    rows = [
        ("files", "read", summary.files_read),
        ("files", "unchanged", summary.unchanged_files),
        ("files", "in formats not supported", summary.unsupported_files),
        ("files", "empty", summary.empty_files),
        ("files", "unreadable", summary.unreadable_files),
        ("files", "left out (hidden, companions)", summary.files_left_out),
        ("folders", "unreadable", summary.unreadable_folders),
        ("hands", "imported", summary.imported),
        ("hands", "duplicates", summary.duplicates),
        *[("hands", f"skipped: {reason}", count) for reason, count in summary.skipped_by_reason],
        ("hands", "errors", summary.errors),
    ]
    return pa.Table.from_pylist(
        [dict(zip(SUMMARY_SCHEMA.names, row, strict=True)) for row in rows], schema=SUMMARY_SCHEMA
    )


def _progress_bar(console: Console) -> Progress:
    """The progress line: files, bytes, hands, rate, time, and a note while compiling."""
    return Progress(
        TextColumn("{task.fields[files]} files"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[hands]:,} hands, {task.fields[rate]:,.0f} hands/s"),
        TimeElapsedColumn(),
        TextColumn("{task.fields[note]}"),
        console=console,
        transient=True,
        disable=not sys.stderr.isatty(),
    )


def _report(summary: importer.ImportSummary, db: Path) -> None:
    """The counts on stderr, each unreadable file and folder, and where to look further."""
    rate = summary.hands_seen / summary.seconds if summary.seconds > 0 else 0.0
    unchanged = (
        f" ({summary.unchanged_files:,} unchanged since a past import, not read again)"
        if summary.unchanged_files
        else ""
    )
    typer.echo(
        f"{plural(summary.files, 'file')}{unchanged}, {plural(summary.hands_seen, 'hand')} in "
        f"{summary.seconds:.1f} s ({rate:,.0f} hands/s) into {db}",
        err=True,
    )
    for path, why in summary.not_read[:SHOWN_NOT_READ]:
        typer.echo(f"not read: {path}: {why}", err=True)
    if len(summary.not_read) > SHOWN_NOT_READ:
        typer.echo(f"not read: {len(summary.not_read) - SHOWN_NOT_READ} more", err=True)
    if summary.unsupported_files or summary.empty_files or summary.unreadable_files:
        query = "SELECT source_file, size FROM import_files WHERE parser IS NULL"
        typer.echo(f'files not read: omaha sql "{query}" --db {db}', err=True)
    if summary.errors:
        typer.echo(f'error details: omaha sql "SELECT * FROM import_errors" --db {db}', err=True)


def _interrupted(stop: KeyboardInterrupt, db: Path) -> str:
    """The one line that says what an interrupted import left in the database."""
    if isinstance(stop, importer.ImportInterrupted) and stop.committed:
        stay = "stays" if stop.committed == 1 else "stay"
        kept = (f"{plural(stop.committed, 'hand')} committed to {db} {stay}, the rest was "
                "rolled back")  # fmt: skip
    else:
        kept = f"nothing was committed, {db} is as it was"
    return f"interrupted: {kept}; import again to go on"


def _zone(zone: str | None) -> str | None:
    """The ``--timezone`` value, refused when it names no IANA zone."""
    if zone is not None:
        try:
            zoneinfo.ZoneInfo(zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError) as exc:
            raise typer.BadParameter(
                f"no time zone is named {zone!r} (an IANA name such as Europe/London)"
            ) from exc
    return zone


def import_command(
    paths: Annotated[list[Path], typer.Argument(
        help="Hand-history files, folders or archives.", metavar="PATHS..."
    )],
    db: DbOption = Path("omaha.duckdb"),
    fmt: FormatOption = Format.table,
    wide: WideOption = False,
    reread: Annotated[
        bool,
        typer.Option(
            "--reread",
            help="Read every file, even those this parser already read with the same content.",
        ),
    ] = False,
    timezone: Annotated[
        str | None,
        typer.Option(
            "--timezone",
            help="The zone (IANA name, e.g. Europe/London) of the times a history writes "
            "without one; by default each room's own assumption (see README, Units and "
            "times).",
            metavar="<zone>",
            callback=_zone,
        ),
    ] = None,
) -> None:
    """Import hand histories (files, folders recursively, .zip/.gz/.bz2/.xz archives) into a
    DuckDB database.

    A file already read by the same parser version, with the same content (sha256), is not
    read again: its hands are counted as they ended then, the stored ones as duplicates.
    At its end it stores the player rows of the hands it added, which the reports read.
    Ctrl-C keeps what was committed, rolls back the rest and exits with code 130."""
    with _progress_bar(Console(stderr=True)) as bar:
        task = bar.add_task("import", total=None, files="0/0", hands=0, rate=0.0, note="")

        def show(now: importer.ImportProgress) -> None:
            elapsed = bar.tasks[0].elapsed or 0.0
            bar.update(
                task,
                total=now.bytes_total,
                completed=now.bytes_done,
                files=f"{now.files_done}/{now.files_total}",
                hands=now.hands_seen,
                rate=now.hands_seen / elapsed if elapsed > 0 else 0.0,
                note=warm.COMPILE_NOTE if now.compiling else "",
            )

        try:
            queries.check_database(db, exists=False)
            summary = importer.import_paths(paths, db, progress=show, reread=reread,
                                            timezone=timezone)  # fmt: skip
        except (importer.ImportPathError, store.StoreError) as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from exc
        except KeyboardInterrupt as stop:
            bar.stop()
            typer.echo(_interrupted(stop, db), err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None
    typer.echo(render(_summary_table(summary), fmt, fit=fit(wide)), nl=False)
    _report(summary, db)
    if summary.imported:
        _store_player_rows(db)


def _store_player_rows(db: Path) -> None:
    """Bring the player rows the reports read up to date with the hands just imported, so
    that the first report has none to make; say how long it took. Ctrl-C keeps every batch
    committed (the next report goes on from there) and the import itself."""
    began = time.perf_counter()
    with ctrl_c(lambda: f"the import stays; {player_rows_kept(db)}"), step_bar() as bar:
        try:
            queries.store_player_rows(db, step(bar, "player rows"))
        except store.StoreError as exc:
            typer.echo(f"player rows not stored ({exc}): the first report will make them",
                       err=True)  # fmt: skip
            return
    typer.echo(f"player rows for the reports stored in {time.perf_counter() - began:.1f} s",
               err=True)  # fmt: skip
