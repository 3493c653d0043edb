"""Audit throughput against the import's own, measured in the same run.

Imports the largest generated file under bench/out/ (made by bench/ingest.py; a 30,000-hand
file is generated there when none exists) into a fresh database, then audits every hand
with ``run_audit`` on all cores, and prints hands/s of both.

    .venv/bin/python bench/audit.py [FILE]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# Run as a script, this folder comes first on sys.path and bench/ingest.py would shadow the
# ``ingest`` package.
sys.path[:] = [entry for entry in sys.path if Path(entry or ".").resolve() != HERE]

from analysis.audit_run import run_audit  # noqa: E402
from ingest import importer  # noqa: E402
from ingest.generator import generate  # noqa: E402

OUT = HERE / "out"


def bench_file() -> Path:
    files = sorted(OUT.glob("*.txt"), key=lambda path: path.stat().st_size) if OUT.is_dir() else []
    if files:
        return files[-1]
    OUT.mkdir(exist_ok=True)
    path = OUT / "audit-30000.txt"
    generate(path, 30_000, seed=7)
    return path


def main() -> None:
    source = Path(sys.argv[1]) if len(sys.argv) > 1 else bench_file()
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.duckdb"
        began = time.perf_counter()
        imported = importer.import_paths([source], db)
        import_seconds = time.perf_counter() - began
        run = run_audit(db)
    print(f"file: {source} ({imported.imported:,} hands)")
    print(f"import: {imported.imported / import_seconds:,.0f} hands/s ({import_seconds:.1f} s)")
    print(f"audit:  {run.audited / run.seconds:,.0f} hands/s ({run.seconds:.1f} s)")


if __name__ == "__main__":
    main()
