"""Options the ``omaha`` commands share."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analysis.output import Format

DbOption = Annotated[Path, typer.Option("--db", help="DuckDB database file.")]
FormatOption = Annotated[Format, typer.Option("--format", help="Output format.")]
ForceOption = Annotated[
    bool, typer.Option("--force", help="Replace the output file if it exists.")
]


DUCKDB_MAGIC = b"DUCK"  # bytes 8 to 12 of every DuckDB database file


def is_database(path: Path) -> bool:
    """Whether ``path`` is a DuckDB database file, or the write-ahead log beside one."""
    if path.name.endswith(".wal"):
        path = path.with_name(path.name.removesuffix(".wal"))
    try:
        with path.open("rb") as stream:
            return stream.read(12)[8:] == DUCKDB_MAGIC
    except OSError:
        return False


def output_file(path: Path, force: bool, db: Path | None = None) -> Path:
    """``path`` if a command may write its output there: never the database (``db``, or any
    DuckDB database) nor its write-ahead log, an existing file only with ``--force``, in a
    folder that exists. Otherwise one line on stderr and exit code 2."""
    target = path.expanduser().resolve()
    problem = None
    if db is not None and target in (db.resolve(), db.resolve().with_name(db.name + ".wal")):
        problem = f"{path} is the database: choose another output file"
    elif is_database(target):
        problem = f"{path} is a DuckDB database: choose another output file"
    elif target.is_dir():
        problem = f"{path} is a folder: give a file name"
    elif not target.parent.is_dir():
        problem = f"cannot write {path}: no folder {target.parent}"
    elif target.exists() and not force:
        problem = f"{path} exists: add --force to replace it"
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    return target
