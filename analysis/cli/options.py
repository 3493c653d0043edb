"""Options and behaviour the ``omaha`` commands share: the options, the table's width,
Ctrl-C, one-line errors and help text that flows."""

from __future__ import annotations

import inspect
import os
import shutil
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from types import FrameType
from typing import Annotated, NoReturn

import duckdb
import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeElapsedColumn

from analysis.output import Fit, Format, plural
from ingest import store

DbOption = Annotated[Path, typer.Option("--db", help="DuckDB database file.")]
ParquetOption = Annotated[
    Path | None,
    typer.Option(
        "--parquet",
        help="Read the tables from this folder of Parquet files (omaha export --parquet, "
        "omaha spark import) instead of --db.",
    ),
]
FormatOption = Annotated[Format, typer.Option("--format", help="Output format.")]
ForceOption = Annotated[
    bool, typer.Option("--force", help="Replace the output file if it exists.")
]
WideOption = Annotated[
    bool,
    typer.Option(
        "--wide",
        help="Table format: every column, however wide the terminal (else the columns that "
        "fit, the rest named under the table).",
    ),
]
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a command stopped by Ctrl-C


def terminal_width() -> int | None:
    """The width the table form fits: $COLUMNS, else the terminal's when the output is
    one; None (every column) when the output goes to a file or a pipe."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if sys.stdout.isatty():
        return shutil.get_terminal_size().columns
    return None


def fit(wide: bool, first: tuple[str, ...] = (), wrap: str | None = None) -> Fit:
    """How the table form fits the terminal (every column with ``wide``)."""
    return Fit(None if wide else terminal_width(), first, wrap)


def step_bar() -> Progress:
    """The progress line of a long step, in the import's style, on stderr when it is a
    terminal: the step, a bar, the share done, hands done and their rate (or that the hands
    to do are being found), the time."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[done]}"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
        disable=not sys.stderr.isatty(),
    )


def step(bar: Progress, description: str) -> Callable[[int, int], None]:
    """A new step on ``bar``, and the callback that moves it on: ``(hands done, hands in
    all)``."""
    task = bar.add_task(description, total=None, done="finding the hands")

    def advance(done: int, total: int) -> None:
        elapsed = next(shown.elapsed for shown in bar.tasks if shown.id == task) or 0.0
        rate = done / elapsed if elapsed > 0 else 0.0
        bar.update(task, completed=done, total=total,
                   done=f"{done:,} of {plural(total, 'hand')}, {rate:,.0f} hands/s")  # fmt: skip

    return advance


def flowing(text: str) -> str:
    """A docstring as help text: its paragraphs, each one line, for the help to wrap to
    the terminal (a line break inside a paragraph would be kept)."""
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in paragraphs)


_PRESSED = threading.Event()  # Ctrl-C was pressed during the command


def interrupted() -> bool:
    """Whether Ctrl-C was pressed during the running command."""
    return _PRESSED.is_set()


def counted(db: Path, tables: tuple[str, ...]) -> tuple[int, ...] | None:
    """The rows of each of ``tables`` in ``db`` (0 for a table it lacks; None when it cannot
    be read): what an interrupted command kept, as the database now holds it. Read
    read-only, or as this process had it open (a connection not yet let go of)."""
    for read_only in (True, False):
        try:
            with store.connect(db, read_only=read_only) as con:
                present = {name for (name,) in con.execute(
                    "SELECT table_name FROM duckdb_tables()").fetchall()}  # fmt: skip
                return tuple(
                    int(con.execute(f"SELECT count(*) FROM {name}").fetchall()[0][0])
                    if name in present else 0
                    for name in tables
                )  # fmt: skip
        except (store.StoreError, duckdb.Error):
            continue
    return None


def player_rows_kept(db: Path) -> str:
    """What an interrupted update of the stored player rows kept, as ``db`` now holds it."""
    found = counted(db, ("report_cache_hands", "hands"))
    if found is None:
        return f"every batch of player rows committed to {db} stays, the rest was rolled back"
    stored, hands = found
    return (f"{stored:,} of the {plural(hands, 'hand')} in {db} have their player rows "
            "stored (each batch committed whole, the rest rolled back; the next report "
            "goes on from there)")  # fmt: skip


def fail(message: str, code: int) -> NoReturn:
    """End the command with ``error: message`` on stderr and exit ``code``; after Ctrl-C,
    with the interruption's line instead (an error that Ctrl-C caused, such as a query
    DuckDB interrupted, is no error of its own)."""
    if interrupted():
        raise KeyboardInterrupt
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(code)


def _interrupt_statements(frame: FrameType | None) -> None:
    """Interrupt the DuckDB statement the main thread may be running: on every connection
    held by the frames of its stack (DuckDB does not always stop a statement when it sees
    Ctrl-C; an interrupted connection serves the next statement, a rollback, as usual)."""
    seen: set[int] = set()
    while frame is not None:
        for value in list(frame.f_locals.values()):
            if isinstance(value, duckdb.DuckDBPyConnection) and id(value) not in seen:
                seen.add(id(value))
                with suppress(duckdb.Error):  # closed
                    value.interrupt()
        frame = frame.f_back


@contextmanager
def ctrl_c(kept: Callable[[], str]) -> Iterator[None]:
    """Ctrl-C within the block ends the command with one line on stderr, ``interrupted:``
    and what ``kept()`` says was kept, and exit code 130.

    The first Ctrl-C raises KeyboardInterrupt where the command stands, and interrupts the
    DuckDB statement running (which DuckDB reports as an error of its own); the command's
    transactions roll back what they had not committed, and its output files are
    written whole or not at all. A Ctrl-C pressed again while that cleans up is ignored,
    and so is one reaching a worker process forked from this one (the command stops its
    workers). Whatever ends the block after Ctrl-C (the error DuckDB made of it, or one
    met while stopping) gives that one line."""
    owner = os.getpid()

    def pressed(signum: int, frame: FrameType | None) -> None:
        if os.getpid() != owner or _PRESSED.is_set():
            return
        _PRESSED.set()
        _interrupt_statements(frame)
        raise KeyboardInterrupt

    _PRESSED.clear()
    previous = signal.signal(signal.SIGINT, pressed)
    try:
        yield
    except BaseException as exc:
        if not interrupted():
            raise
        typer.echo(f"interrupted: {kept()}", err=True)
        raise typer.Exit(EXIT_INTERRUPTED) from exc
    finally:
        signal.signal(signal.SIGINT, previous)


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
