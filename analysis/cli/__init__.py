"""The ``omaha`` command line, one face of the library: the commands
(:mod:`analysis.cli.main`), the options and behaviour they share
(:mod:`~analysis.cli.options`), and a module per command group (``importing``,
``reports``, ``equity``, ``explain``, ``parquet``, ``serve``, ``spark``). ``app`` is the
installed ``omaha`` script's entry point (``analysis.cli:app``)."""

from analysis.cli.main import app

__all__ = ["app"]
