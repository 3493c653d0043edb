"""Time every report on a database of generated hands (1,000,000 by default; target: < 2 s).

Uses bench/out/reports-1m.duckdb, making it first when missing (the generator writes
bench/out/reports-1m.txt, the importer loads it). Each report is timed as the command runs
it: open the database read-only, create the views, run the SQL, fetch every row. Figures are
the median of several rounds, after a baseline measured in the same run: the players report
computed from the raw tables, without the stored ``player_hands`` copy (what a report costs
on a database nobody could refresh). The one-off refresh is timed too.

    .venv/bin/python -m bench.reports [--db FILE] [--hands N] [--rounds R]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from analysis import graph, reports
from analysis.reports import Filters, HandGrouping, Report
from ingest import store
from ingest.generator import generate
from ingest.importer import import_paths

OUT = Path(__file__).resolve().parent / "out"
TARGET_SECONDS = 2.0

CASES: list[tuple[str, Report, HandGrouping, Filters]] = [
    ("report players", Report.players, HandGrouping.category, Filters()),
    ("report players --player Hero", Report.players, HandGrouping.category, Filters("Hero")),
    ("report players --min-hands 1000", Report.players, HandGrouping.category,
     Filters(min_hands=1000)),
    ("report positions", Report.positions, HandGrouping.category, Filters()),
    ("report positions --player Hero", Report.positions, HandGrouping.category, Filters("Hero")),
    ("report hands", Report.hands, HandGrouping.category, Filters()),
    ("report hands --by class", Report.hands, HandGrouping.hand_class, Filters()),
]  # fmt: skip


def ensure_database(db: Path, hands: int) -> None:
    """Generate and import ``hands`` hands into ``db`` unless it exists."""
    if db.exists():
        return
    text = db.with_suffix(".txt")
    if not text.exists():
        started = time.perf_counter()
        generate(text, hands, seed=11, workers=2)
        print(f"generated {hands:,} hands in {time.perf_counter() - started:.0f} s: {text}")
    started = time.perf_counter()
    summary = import_paths([text], db)
    print(f"imported {summary.imported:,} hands in {time.perf_counter() - started:.0f} s: {db}")


def timed(run: Callable[[], object], rounds: int) -> tuple[float, float]:
    """Median wall time and median CPU time (all threads) of ``run`` over ``rounds`` calls.

    The CPU figure is what the machine's other load does not inflate.
    """
    walls, cpus = [], []
    for _ in range(rounds):
        started, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def run_case(db: Path, report: Report, grouping: HandGrouping, filters: Filters) -> None:
    con = store.connect(db, read_only=True)
    try:
        reports.create_views(con)
        reports.run_report(con, report, filters, grouping)
    finally:
        con.close()


def run_graph(db: Path, filters: Filters) -> None:
    con = store.connect(db, read_only=True)
    try:
        reports.create_views(con)
        graph.draw_graph(con, filters, OUT / "bench-graph.html")
    finally:
        con.close()


def run_live(db: Path, report: Report, grouping: HandGrouping, filters: Filters) -> None:
    """The report computed from the raw tables (the stored copy ignored)."""
    con = store.connect(db, read_only=True, memory_limit=reports.REFRESH_MEMORY_LIMIT)
    try:
        empty = reports.HAND_CLASSES_SCHEMA.empty_table()
        reports.provide_hand_classes(
            con, reports.hand_class_rows(con) if report is Report.hands else empty
        )
        con.execute("SET temp_directory = $dir", {"dir": str(reports.SPILL_DIR)})
        con.execute(reports.sql_text("views"))
        con.sql(reports.report_sql(report, grouping), params=filters.parameters()).fetchall()
    finally:
        con.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=OUT / "reports-1m.duckdb")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--keep-copy", action="store_true", help="Use the stored copy if current (no refresh)."
    )
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    ensure_database(args.db, args.hands)
    with store.connect(args.db, read_only=True) as con:
        hands, players, actions = reports.source_counts(con)
    print(f"database: {args.db} ({hands:,} hands, {players:,} player rows, {actions:,} actions)")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")

    writer = store.connect(args.db, memory_limit=reports.REFRESH_MEMORY_LIMIT)
    if not (args.keep_copy and reports.cache_is_current(writer)):
        started, cpu = time.perf_counter(), time.process_time()
        reports.refresh_cache(writer)
        refresh, refresh_cpu = time.perf_counter() - started, time.process_time() - cpu
        print(
            f"refresh of the stored player_hands copy (once per import): {refresh:.1f} s "
            f"(CPU {refresh_cpu:.1f} s)\n"
        )
    writer.close()

    live, live_cpu = timed(
        partial(run_live, args.db, Report.players, HandGrouping.category, Filters()), 1
    )
    print(
        f"baseline: report players computed from the tables (no stored copy): {live:.1f} s "
        f"(CPU {live_cpu:.1f} s)\n"
    )
    print(f"{'command':36} {'wall s':>7} {'CPU s':>7}  (target < {TARGET_SECONDS:.0f} s)")
    worst = 0.0
    for label, report, grouping, filters in CASES:
        seconds, cpu = timed(partial(run_case, args.db, report, grouping, filters), args.rounds)
        worst = max(worst, seconds)
        print(
            f"{label:36} {seconds:7.2f} {cpu:7.2f}  {'ok' if seconds < TARGET_SECONDS else 'SLOW'}"
        )
    for label, filters in (
        ("graph --out x.html (hero)", Filters()),
        ("graph --player Hero", Filters("Hero")),
    ):
        seconds, cpu = timed(partial(run_graph, args.db, filters), args.rounds)
        worst = max(worst, seconds)
        print(
            f"{label:36} {seconds:7.2f} {cpu:7.2f}  {'ok' if seconds < TARGET_SECONDS else 'SLOW'}"
        )
    print(f"\nslowest: {worst:.2f} s ({'within' if worst < TARGET_SECONDS else 'over'} target)")
    return 0 if worst < TARGET_SECONDS else 1


if __name__ == "__main__":
    sys.exit(main())
