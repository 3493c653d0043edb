"""The all-in equities of 100,000 generated hands, against their audit in the same run.

Generates 100,000 hands once into ``bench/out/`` (all the games, seed 7: about one hand in
ten is all-in before the river, preflop ones included), imports them into a fresh
database, audits them (the baseline), then computes every all-in hand's exact equities on
all cores, and once more to show that a later run only looks at new hands. Goals, on 2
cores: the all-in stage at 2,000 all-in hands/s or more, and the two together (what
``omaha audit`` runs) at 20,000 hands/s or more.

Run: ``python -m bench.allin [--hands N]``.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from analysis.allin.stage import run_allin
from analysis.audit.stage import run_audit
from ingest import importer, store
from ingest.generator import generate

OUT = Path(__file__).resolve().parent / "out"
GOAL_ALLIN_RATE = 2_000  # all-in hands/s
GOAL_AUDIT_RATE = 20_000  # hands/s, the audit and its all-in stage


def bench_file(hands: int) -> Path:
    """The generated input, written once."""
    path = OUT / f"allin-{hands}-seed7.txt"
    if not path.exists():
        OUT.mkdir(exist_ok=True)
        generate(path, hands, seed=7, workers=2)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    args = parser.parse_args()
    source = bench_file(args.hands)
    with tempfile.TemporaryDirectory(dir=OUT) as folder:
        db = Path(folder) / "allin.duckdb"
        imported = importer.import_paths([source], db).imported
        audit = run_audit(db)
        first = run_allin(db)
        began = time.perf_counter()
        again = run_allin(db)
        again_seconds = time.perf_counter() - began
        with store.connect(db, read_only=True) as con:
            [(all_in, computed, preflop)] = con.execute(
                "SELECT count(*), count(*) FILTER (computed), count(*) FILTER "
                "(street = 'preflop') FROM allin_hands"
            ).fetchall()
    print(f"file: {source.name} ({imported:,} hands)")
    rate = audit.hands / audit.seconds
    print(f"baseline, the audit: {audit.seconds:.1f} s ({rate:,.0f} hands/s)")
    allin_rate = all_in / first.seconds
    print(f"all-in equity: {all_in:,} all-in hands ({preflop:,} preflop), {computed:,} computed "
          f"in {first.seconds:.1f} s on all cores ({first.seconds / audit.seconds:.1f} x the "
          f"audit; finding them {first.finding:.1f} s, computing {first.computing:.1f} s, "
          f"storing {first.storing:.1f} s): {allin_rate:,.0f} all-in hands/s")
    print(f"a second run: {again.hands} hands to look at, {again_seconds:.1f} s")
    both = imported / (audit.seconds + first.seconds)
    for what, got, goal, unit in (
        ("the all-in stage", allin_rate, GOAL_ALLIN_RATE, "all-in hands/s"),
        ("the audit with it", both, GOAL_AUDIT_RATE, "hands/s"),
    ):
        met = "met" if got >= goal else "NOT met"
        print(f"goal {what} at {goal:,} {unit}: {got:,.0f} ({met})")


if __name__ == "__main__":
    main()
