"""Reports after an import: the import stores the player rows the reports read, at its
cost, and the reports after it only read them.

Imports the generated file of bench/out/ (1,000,000 hands by default, ``--hands N``;
written once by ``bench.ingest``'s generator, seed 7) into a fresh database there as
``omaha import`` does (its hands, then the player rows of them), then times, each stage in
its own process so that its memory figure is its own:

1. the import, and apart the player rows it stores at its end (what the first report
   used to make from the whole database: the baseline);
2. the first players report after it, on the fresh database (goal: under 10 s on
   3,000,000 hands);
3. the players report again (nothing new);
4. the import of 10,000 new hands (seed 8, generated once into bench/out/), their rows
   included;
5. the players report after that import;
6. the other reports and the graph, on the rows stored.

Each stage's figures are its own work, timed inside its process (the interpreter's start
and imports, about half a second, are shown apart as ``process``). The targets: the first
report under 10 s, and the import of 10,000 hands and the players report after it under
3 s in all.

    .venv/bin/python -m bench.reports [--hands N] [--new N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from bench.ingest import OUT, input_file

TARGET_SECONDS = 3.0  # the import of --new hands and the players report after it
FIRST_REPORT_SECONDS = 10.0  # the first players report after the import
DATABASE = OUT / "reports-bench.duckdb"
OTHER_REPORTS = [
    ("report positions", ["positions"]),
    ("report hands", ["hands"]),
    ("report hands --by class", ["hands", "--by", "class"]),
    ("report sessions --player Hero", ["sessions", "--player", "Hero"]),
    ("graph --player Hero --out x.html", ["graph"]),
]


def _usage(began: float, cpu: float) -> dict[str, float]:
    """Wall and CPU seconds since ``began``/``cpu`` and this process's peak memory (MB)."""
    used = resource.getrusage(resource.RUSAGE_SELF)
    return {
        "seconds": time.perf_counter() - began,
        "cpu": time.process_time() - cpu,
        "rss_mb": used.ru_maxrss / 1024,
    }


def stage_import(path: Path, db: Path) -> dict[str, float]:
    """Import ``path`` into ``db`` as ``omaha import`` does: the hands, then their player
    rows (``rows_seconds``: that step alone)."""
    from analysis.reports.queries import store_player_rows
    from ingest.importer import import_paths

    began, cpu = time.perf_counter(), time.process_time()
    summary = import_paths([path], db)
    rows_began = time.perf_counter()
    store_player_rows(db)
    return {**_usage(began, cpu), "hands": summary.imported,
            "rows_seconds": time.perf_counter() - rows_began}  # fmt: skip


def stage_report(db: Path, args: list[str]) -> dict[str, float]:
    """One report (or the graph, ``args == ["graph"]``) as the command runs it: open the
    database, bring the stored rows up to date, run the SQL, fetch every row, close."""
    from analysis.reports import graph, queries

    began, cpu = time.perf_counter(), time.process_time()
    with queries.connect_for_reports(db) as con:
        if args == ["graph"]:
            graph.draw_graph(con, queries.Filters(player="Hero"), OUT / "bench-graph.html")
            rows = 1
        else:
            name, *rest = args
            filters = queries.Filters(player=rest[1] if rest[:1] == ["--player"] else None)
            by = queries.Grouping(rest[1]) if rest[:1] == ["--by"] else None
            rows = queries.run_report(con, queries.Report(name), filters, by).num_rows
    return {**_usage(began, cpu), "rows": rows}


def run_stage(*args: str) -> dict[str, float]:
    """Run one stage in a fresh interpreter; its report, and the process's whole wall time."""
    began = time.perf_counter()
    command = [sys.executable, "-m", "bench.reports", "--stage", *args]
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    report: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return {**report, "process": time.perf_counter() - began}


def _line(label: str, stage: dict[str, float]) -> str:
    return (
        f"{label:48} {stage['seconds']:8.2f} {stage['cpu']:8.2f} {stage['rss_mb']:8.0f} "
        f"{stage['process']:8.2f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands of the database")
    parser.add_argument("--new", type=int, default=10_000, help="hands imported afterwards")
    args = parser.parse_args()
    base, new = input_file(args.hands, 7), input_file(args.new, 8)
    for stale in (DATABASE, DATABASE.with_name(DATABASE.name + ".wal")):
        stale.unlink(missing_ok=True)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    print(f"{'stage':48} {'wall s':>8} {'CPU s':>8} {'peak MB':>8} {'process':>8}")
    imported = run_stage("import", str(base), str(DATABASE))
    hands = imported["hands"]
    print(_line(f"import of {hands:,.0f} hands, with their rows", imported))
    first = run_stage("report", str(DATABASE), "players")
    print(_line("first players report after it", first))
    again = run_stage("report", str(DATABASE), "players")
    print(_line("players report again (nothing new)", again))
    added = run_stage("import", str(new), str(DATABASE))
    print(_line(f"import of {added['hands']:,.0f} new hands, with their rows", added))
    after = run_stage("report", str(DATABASE), "players")
    print(_line("players report after it", after))
    stages = [imported, first, again, added, after]
    for label, report in OTHER_REPORTS:
        stages.append(run_stage("report", str(DATABASE), *report))
        print(_line(label, stages[-1]))
    total = added["seconds"] + after["seconds"]
    rows = imported["rows_seconds"]
    first_met = first["seconds"] < FIRST_REPORT_SECONDS
    print(
        f"\nthe import's player rows of {hands:,.0f} hands: {rows:.1f} s "
        f"({rows / hands * 1e6:.0f} µs a hand), what the first report made before\n"
        f"first players report after the import: {first['seconds']:.2f} s (goal "
        f"{FIRST_REPORT_SECONDS:.0f} s: {'met' if first_met else 'NOT met'})\n"
        f"import of {added['hands']:,.0f} hands + players report: {total:.2f} s (target "
        f"{TARGET_SECONDS:.0f} s: {'met' if total < TARGET_SECONDS else 'NOT met'}; as two "
        f"commands, interpreters included: {added['process'] + after['process']:.2f} s)\n"
        f"peak memory of any stage: {max(s['rss_mb'] for s in stages):.0f} MB"
    )


if __name__ == "__main__":
    if sys.argv[1:2] == ["--stage"]:
        kind, *rest = sys.argv[2:]
        if kind == "import":
            result = stage_import(Path(rest[0]), Path(rest[1]))
        else:
            result = stage_report(Path(rest[0]), rest[1:])
        print(json.dumps(result))
    else:
        main()
