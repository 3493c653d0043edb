"""The web app's pages on a database of 1,000,000 hands: each page's answer time.

Builds once, and reuses, ``bench/out/web-bench.duckdb``: the generated million hands of
``bench.ingest`` (seed 7) imported, audited (``omaha audit --no-equity``: the all-in
equities of a million hands would take hours on two cores) and their player rows stored.
Then opens it as ``omaha serve`` does and asks each page through the app (Starlette's
test client, in this process: the time of the app and the database, not of a network),
first once (the page's first answer: this thread's views made, the report run) and then
five times more (the median: the report's rows kept until new hands come in). The
target: every page under 300 ms.

    .venv/bin/python -m bench.web [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from pathlib import Path

from bench.ingest import OUT, input_file

DATABASE = OUT / "web-bench.duckdb"
TARGET_MS = 300.0


def build(db: Path) -> None:
    """Import, audit and store the player rows of the million hands into ``db``."""
    from analysis import audit_run, reports
    from ingest.importer import import_paths

    began = time.perf_counter()
    summary = import_paths([input_file(1_000_000, 7)], db)
    print(f"imported {summary.imported:,} hands in {time.perf_counter() - began:.1f} s")
    began = time.perf_counter()
    audit_run.run_audit(db)
    print(f"audited in {time.perf_counter() - began:.1f} s")
    began = time.perf_counter()
    with reports.connect_for_reports(db) as con:
        reports.update_player_rows(con)
    print(f"player rows stored in {time.perf_counter() - began:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not DATABASE.is_file():
        build(DATABASE)
    from analysis.web.app import create_app
    from analysis.web.database import AppDatabase

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    db = AppDatabase(DATABASE)
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
        "/players/Hero", f"/players/{regular}", "/players/Hero?position=BTN&page=2",
        "/audit", "/audit?status=mismatch", f"/hands/{hand_id}",
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
        flag = "" if median < TARGET_MS else "  over"
        print(f"{page[:58]:<58} {first:9.0f} {median:9.0f}{flag}")
    db.close()


if __name__ == "__main__":
    main()
