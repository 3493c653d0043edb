"""``omaha export --parquet``: a database's tables as folders of Parquet files (see
:mod:`analysis.parquet`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analysis.cli.options import DbOption, ctrl_c, fail
from analysis.output import plural
from ingest import store


def export_command(
    parquet: Annotated[
        Path,
        typer.Option("--parquet", help="The folder to write the tables to."),
    ],
    db: DbOption = Path("omaha.duckdb"),
) -> None:
    """Write every table of the database as Parquet, one folder per table; the tables of
    hand rows partitioned by room and month (hive-style folders: room=.../month=...).

    A table's folder is written beside and put in place whole, replacing the one there;
    Ctrl-C leaves the tables written so far and no part of the others."""
    from analysis import parquet as layout
    from analysis.reports import queries

    with ctrl_c(lambda: f"the tables written to {parquet} stay, the one being written is not"):
        try:
            queries.check_database(db)
            written = layout.export_database(db, parquet)
        except (store.StoreError, layout.ParquetError) as exc:
            fail(str(exc), 1)
    for name, rows in written.items():
        typer.echo(f"{name}: {plural(rows, 'row')}", err=True)
    typer.echo(f"{plural(len(written), 'table')} written to {parquet}", err=True)
