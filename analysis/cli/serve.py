"""``omaha serve``: the web app over the database, on this computer."""

from __future__ import annotations

import threading
import webbrowser
from pathlib import Path
from typing import Annotated

import typer

from analysis.cli.options import DbOption, fail
from ingest import store


def serve_command(
    db: DbOption = Path("omaha.duckdb"),
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port.")] = 8765,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the dashboard in the web browser.")
    ] = False,
    watch: Annotated[
        Path | None,
        typer.Option("--watch", help="Import the files of this folder as they appear or grow."),
    ] = None,
    host: Annotated[
        str,
        typer.Option("--host", help="The address to listen on (127.0.0.1: this computer only)."),
    ] = "127.0.0.1",
) -> None:
    """Start the web app (dashboard, players, audit, hand replayer, SQL, import) on
    http://127.0.0.1:PORT/.

    While it runs it holds the database (DuckDB lets one process write a file or several
    read it): imports go through it, its import page or --watch. It answers only requests
    naming its own address, takes an import only with its pages' token, and its SQL page
    is sealed as omaha sql is. Ctrl-C stops it; an import under way is rolled back to its
    last committed batch."""
    import uvicorn

    from analysis.web.app import create_app
    from analysis.web.database import AppDatabase

    if watch is not None and not watch.is_dir():
        fail(f"--watch {watch}: not a folder", 2)
    try:
        database = AppDatabase(db)
    except store.StoreError as exc:
        fail(str(exc), 1)
    app = create_app(database, host, port)
    database.catch_up()
    if watch is not None:
        database.watch(watch)
    url = f"http://{host if ':' not in host else f'[{host}]'}:{port}/"
    typer.echo(f"omaha serve: {db} at {url} (Ctrl-C stops it)", err=True)
    if host not in ("127.0.0.1", "::1", "localhost"):
        typer.echo(f"warning: listening on {host}: other computers can reach it", err=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, [url]).start()
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        database.close()
