"""``omaha explain``: each line of a hand with what the parser read from it, and what came
out of it."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analysis.cli.options import ctrl_c
from analysis.explain import ExplainError, explain, render


def explain_command(
    file: Annotated[Path, typer.Argument(help="A hand-history file.", metavar="FILE")],
    hand: Annotated[
        str | None, typer.Option("--hand", help="Only the hand with this number.")
    ] = None,
) -> None:
    """Show each line of a file's hands with the kind and event the room's grammar read
    from it, then each hand's seats, pots and nets, what does not add up, and its audit.

    Every flop game of the room is read, Omaha or not, as a contributor needs to see it.
    """
    if not file.is_file():
        typer.echo(f"error: {file} is not a file", err=True)
        raise typer.Exit(2)
    with ctrl_c(lambda: "nothing was written (the file is only read)"):
        try:
            explained = explain(file, hand)
        except ExplainError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(1) from exc
        typer.echo("\n".join(render(item) for item in explained), nl=False)
