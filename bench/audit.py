"""Audit throughput against the import's own, measured in the same run.

Imports the largest generated file under bench/out/ (made by bench/ingest.py; a 30,000-hand
file is generated there when none exists) into a fresh database, audits every hand with
``run_audit`` on all cores, and prints hands/s of both. Then audits everything again in one
process and prints the CPU seconds that took (all threads): hands per CPU-second does not
depend on what else the machine is running, so it tells what the cores would do alone.
With ``--db`` it audits a copy of an existing database instead (e.g. bench/out/bench.duckdb,
a million hands), skipping the import.

    .venv/bin/python -m bench.audit [FILE]
    .venv/bin/python -m bench.audit --db bench/out/bench.duckdb
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from analysis.audit.stage import run_audit
from ingest import importer
from ingest.generator import generate

OUT = Path(__file__).resolve().parent / "out"
TARGET_RATE = 33_000


def bench_file() -> Path:
    files = sorted(OUT.glob("*.txt"), key=lambda path: path.stat().st_size) if OUT.is_dir() else []
    if files:
        return files[-1]
    OUT.mkdir(exist_ok=True)
    path = OUT / "audit-30000.txt"
    generate(path, 30_000, seed=7)
    return path


def one_process_cpu(db: Path) -> None:
    """Audit everything again in this process alone and print the CPU seconds used."""
    before = resource.getrusage(resource.RUSAGE_SELF)
    run = run_audit(db, redo=True, workers=1)
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    print(f"{run.hands} {cpu:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="hand-history file (default: bench/out)")
    parser.add_argument("--db", type=Path, help="audit a copy of this database, importing nothing")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.duckdb"
        if args.db is not None:
            shutil.copyfile(args.db, db)
        else:
            source = args.file or bench_file()
            began = time.perf_counter()
            imported = importer.import_paths([source], db)
            import_seconds = time.perf_counter() - began
            print(f"file: {source} ({imported.imported:,} hands)")
            print(f"import: {imported.imported / import_seconds:,.0f} hands/s "
                  f"({import_seconds:.1f} s)")
        run = run_audit(db, redo=True)
        # a fresh interpreter, so that its CPU count is the audit's alone
        child = subprocess.run(
            [sys.executable, "-m", "bench.audit", "--cpu", str(db)], capture_output=True, text=True,
            check=True,
        )
    audited, cpu = child.stdout.split()
    per_cpu_second = int(audited) / float(cpu)
    print(f"audit:  {run.hands / run.seconds:,.0f} hands/s ({run.seconds:.1f} s, all cores)")
    print(f"audit:  {per_cpu_second:,.0f} hands per CPU-second in one process "
          f"({cpu} CPU s); 2 idle cores: about {2 * per_cpu_second:,.0f} hands/s "
          f"(target {TARGET_RATE:,})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--cpu"]:
        one_process_cpu(Path(sys.argv[2]))
    else:
        main()
