"""``omaha spark import`` and ``omaha spark audit``: the import and the audit run on a
Spark cluster (pyspark), into folders of Parquet files (see :mod:`analysis.spark`)."""

from __future__ import annotations

from typing import Annotated

import typer

from analysis.cli.options import fail
from ingest import store

OutOption = Annotated[
    str, typer.Option("--out", help="The folder the tables are written to: a path, or a URL "
                      "of any file system Spark writes (hdfs://, s3a://, file://).")
]
MasterOption = Annotated[
    str, typer.Option("--master", help="Spark master URL (local[*]: every core here).")
]


spark_app = typer.Typer(
    help="Import and audit on a Spark cluster (pyspark), into folders of Parquet files.",
    no_args_is_help=True,
)


@spark_app.command("import")
def spark_import_command(
    paths: Annotated[
        list[str],
        typer.Argument(help="Files and folders: local paths, at the same path on every "
                       "executor, or URLs of any file system Spark reads (hdfs://, s3a://, "
                       "file://), listed and read through Spark.", metavar="PATH..."),
    ],
    out: OutOption,
    master: MasterOption = "local[*]",
    timezone: Annotated[
        str | None,
        typer.Option("--timezone", help="The zone of times a history writes without one."),
    ] = None,
) -> None:
    """Import hand histories with Spark: the files' hand-aligned chunks parsed on the
    executors by the same room modules as omaha import, duplicate hands removed across
    files, the tables written as Parquet partitioned by room and month, the import errors,
    skips and files beside them.

    Run again, it writes the same tables again (a run killed halfway leaves none of its
    own half-written)."""
    from analysis.spark import job

    try:
        summary = job.run_import(paths, out, master=master, timezone=timezone)
    except (store.StoreError, job.SparkJobError) as exc:
        fail(str(exc), 1)
    for line in summary.lines():
        typer.echo(line, err=True)


@spark_app.command("audit")
def spark_audit_command(
    folder: Annotated[
        str, typer.Argument(help="The folder omaha spark import wrote: a path, or a URL.")
    ],
    master: MasterOption = "local[*]",
    equity: Annotated[
        bool,
        typer.Option("--equity/--no-equity", help="Also compute the exact all-in equities."),
    ] = True,
) -> None:
    """Audit every hand of the folder with Spark, each task auditing whole hands with the
    same audit as omaha audit, and write the audit tables beside the hands (and the all-in
    equities' tables)."""
    from analysis.spark import job

    try:
        summary = job.run_audit(folder, master=master, equity=equity)
    except (store.StoreError, job.SparkJobError) as exc:
        fail(str(exc), 1)
    for line in summary.lines():
        typer.echo(line, err=True)
