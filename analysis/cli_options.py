"""Options the ``omaha`` commands share."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analysis.output import Format

DbOption = Annotated[Path, typer.Option("--db", help="DuckDB database file.")]
FormatOption = Annotated[Format, typer.Option("--format", help="Output format.")]
