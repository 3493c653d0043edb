"""The ``omaha`` command line: thin commands that call one library function each."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="Import, audit and analyse Omaha poker hand histories.",
    no_args_is_help=True,
    add_completion=False,
)
