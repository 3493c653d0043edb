"""``omaha import``: hand histories into the database, with progress and a summary."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import pyarrow as pa
import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from analysis.cli_options import DbOption, FormatOption
from analysis.output import Format, render
from ingest import importer, store


def _summary_table(summary: importer.ImportSummary) -> pa.Table:
    rows = [("imported", summary.imported), ("duplicates", summary.duplicates)]
    rows += [(f"skipped: {reason}", count) for reason, count in summary.skipped_by_reason]
    rows += [("errors", summary.errors)]
    return pa.table(
        {"outcome": [name for name, _ in rows], "hands": [count for _, count in rows]},
        schema=pa.schema([("outcome", pa.string()), ("hands", pa.int64())]),
    )


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
