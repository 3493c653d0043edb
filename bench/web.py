"""The web app's pages on a database of 1,000,000 hands: each page's answer time.

Builds once, and reuses while it was made from the same input, ``bench/out/web-bench.duckdb``:
the generated million hands of ``bench.ingest`` (seed 7) imported, audited (``omaha audit
--no-equity``: the all-in equities of a million hands would take hours on two cores),
their player rows stored (about 35 minutes on two loaded cores). Then opens it as
``omaha serve`` does, once to make what the pages read as an import's end does (the
player rows, the summaries of ``analysis.reports.summaries``, the reports opened first: timed, it
is what an import costs on top of its audit), then again, as a restart, and asks each page through
the app (Starlette's test client, in this process: the time of the app and the database,
not of a network): first once (the page's first answer after the start; the report results
an earlier run stored are forgotten first, so it is that of a report never asked) and then
``--repeat`` times more (the median). The target: every page under 300 ms.

    .venv/bin/python -m bench.web [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from contextlib import suppress
from pathlib import Path

from analysis.web.database import AppDatabase
from bench.ingest import OUT, input_file, input_path

DATABASE = OUT / "web-bench.duckdb"
TARGET_MS = 300.0


def build(db: Path) -> None:
    """Import, audit and store the player rows of the million hands into ``db`` (what the
    pages read is made after, as the app makes it at an import's end, timed apart)."""
    from analysis.audit import stage as audit_stage
    from analysis.reports import queries
    from ingest.importer import import_paths

    began = time.perf_counter()
    summary = import_paths([input_file(1_000_000, 7)], db)
    print(f"imported {summary.imported:,} hands in {time.perf_counter() - began:.1f} s")
    began = time.perf_counter()
    audit_stage.run_audit(db)
    print(f"audited in {time.perf_counter() - began:.1f} s")
    began = time.perf_counter()
    with queries.connect_for_reports(db) as con:
        queries.update_player_rows(con)
    print(f"player rows stored in {time.perf_counter() - began:.1f} s")


def made_from(db: Path) -> str | None:
    """The input file ``db`` was imported from (None: no database, or another input)."""
    import duckdb

    if not db.is_file():
        return None
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute("SELECT DISTINCT source_file FROM import_files").fetchall()
    return str(rows[0][0]) if len(rows) == 1 else None


def forget_reports(db: AppDatabase) -> None:
    """Forget the report results an earlier run stored, so that each page's first answer
    below is that of a report never asked (but those an import's end makes)."""
    import duckdb

    with suppress(duckdb.CatalogException):
        db.con.execute("DELETE FROM main.report_results")


def summed_up(db: AppDatabase) -> float:
    """Seconds the app takes to make what the pages read, after an import's audit (the
    start's catch-up would compute the all-in equities left out here first: hours)."""
    began = time.perf_counter()
    db.sum_up()
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    wanted = input_path(1_000_000, 7)
    if made_from(DATABASE) == str(wanted):
        print(f"reusing {DATABASE}: made from {wanted.name} (delete it to build it again)")
    else:
        DATABASE.unlink(missing_ok=True)
        build(DATABASE)
    from analysis.web.app import create_app

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    db = AppDatabase(DATABASE)
    summarized = db.summarized
    forget_reports(db)
    seconds = summed_up(db)
    made = "current already" if summarized else "made"
    print(f"after an import: player rows, summaries ({made}), first reports: {seconds:.1f} s")
    db.close()

    began = time.perf_counter()
    db = AppDatabase(DATABASE)  # a restart: nothing in memory
    print(f"opening the database again: {(time.perf_counter() - began) * 1000:.0f} ms")
    with db.reader() as con:
        (hand_id,) = con.execute(
            "SELECT hand_id FROM hands WHERE len(boards) = 2 LIMIT 1").fetchall()[0]
        (problem,) = con.execute(
            "SELECT coalesce(max(hand_id), '') FROM audit_hands WHERE status <> 'ok'"
        ).fetchall()[0]
        (regular,) = con.execute(
            "SELECT player FROM players WHERE NOT is_hero GROUP BY player "
            "ORDER BY count(*) DESC LIMIT 1").fetchall()[0]  # fmt: skip
    client = TestClient(create_app(db, "127.0.0.1", 8765), base_url="http://127.0.0.1:8765")
    pages = [
        "/", "/players", "/players?sort=vpip&order=asc", "/players?min_hands=1000&game=omaha8",
        "/players?since=2025-01-01", "/players?since=2024-06-10&until=2024-09-20",
        "/players?stakes=0.50/1.00",
        "/players/Hero", f"/players/{regular}", "/players/Hero?position=BTN&page=2",
        "/players/Hero?page=3", "/audit", "/audit?status=mismatch", f"/hands/{hand_id}",
        *([f"/hands/{problem}"] if problem else []),
        "/sql?q=SELECT+game,+count(*)+FROM+hands+GROUP+BY+game", "/import",
    ]
    print(f"{'page':<58} {'first':>9} {'median':>9}  (ms; target {TARGET_MS:.0f})")
    for page in pages:
        began = time.perf_counter()
        answer = client.get(page)
        first = (time.perf_counter() - began) * 1000
        assert answer.status_code == 200, (page, answer.status_code, answer.text[:300])
        times = []
        for _ in range(args.repeat):
            began = time.perf_counter()
            client.get(page)
            times.append((time.perf_counter() - began) * 1000)
        median = statistics.median(times)
        flag = "" if max(median, first) < TARGET_MS else "  over"
        print(f"{page[:58]:<58} {first:9.0f} {median:9.0f}{flag}")
    db.close()


if __name__ == "__main__":
    main()
