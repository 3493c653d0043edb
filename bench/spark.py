"""The Spark import on ``local[2]`` against the single-machine import, in the same run.

Prints, for the generated file of ``bench.ingest`` (a million hands by default, written once
into ``bench/out/``): ``omaha import`` end to end into a fresh DuckDB on every core (the
baseline), and ``omaha spark import`` of the same file on ``local[2]`` into Parquet
(the time to start Spark apart from the job's), each in its own process, with the CPU the
whole machine spent over it (Spark's JVM and Python workers are not the bench's children:
quiet, that is theirs); then the Spark job's throughput per executor core, the figure a
cluster of N cores multiplies (reading the input and writing the Parquet files scale with
the cluster's disks and network, which a local run does not measure).

Run: ``python -m bench.spark [--hands N] [--master local[2]]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from bench.ingest import OUT, input_file


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def stage_single(path: Path) -> dict[str, float]:
    """``omaha import`` of the file into a fresh DuckDB, on every core."""
    from ingest.importer import import_paths

    db = OUT / "bench-spark-single.duckdb"
    db.unlink(missing_ok=True)
    db.with_name(db.name + ".wal").unlink(missing_ok=True)
    summary = import_paths([path], db)
    return {"hands": summary.imported, "seconds": summary.seconds, "cpu": _cpu()}


def stage_spark(path: Path, master: str) -> dict[str, float]:
    """``omaha spark import`` of the file on ``master``: Spark's start, then the job."""
    from analysis.spark import job

    began = time.perf_counter()
    spark = job.session(master, "omaha-bench")
    started = time.perf_counter() - began
    out = OUT / "bench-spark-parquet"
    shutil.rmtree(out, ignore_errors=True)
    run = job.run_import([str(path)], out, spark=spark)
    cores = spark.sparkContext.defaultParallelism
    spark.stop()
    return {"hands": run.imported, "seconds": run.seconds, "start": started, "cores": cores,
            "errors": run.errors, "cpu": _cpu()}  # fmt: skip


def machine_cpu() -> float | None:
    """CPU seconds the whole machine has spent busy (every process: Spark's JVM and its
    Python workers included), from ``/proc/stat``; None where there is none."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / os.sysconf("SC_CLK_TCK")


def _run(stage: str, path: Path, master: str) -> dict[str, float]:
    """A stage in a process of its own, with the machine's CPU over it (``machine_cpu``;
    -1 where unknown)."""
    command = [sys.executable, "-m", "bench.spark", "--stage", stage, "--input", str(path),
               "--master", master]  # fmt: skip
    before = machine_cpu()
    done = subprocess.run(command, check=True, capture_output=True, text=True)
    after = machine_cpu()
    report: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    report["machine_cpu"] = after - before if before is not None and after is not None else -1
    return report


def _per_hand(stage: dict[str, float]) -> float:
    """The machine's CPU per hand of a stage, in microseconds."""
    return stage["machine_cpu"] / max(stage["hands"], 1) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--stage", choices=("single", "spark"), help=argparse.SUPPRESS)
    parser.add_argument("--input", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.stage == "single":
        print(json.dumps(stage_single(options.input)))
        return
    if options.stage == "spark":
        print(json.dumps(stage_spark(options.input, options.master)))
        return
    path = input_file(options.hands, options.seed)
    single = _run("single", path, options.master)
    spark = _run("spark", path, options.master)
    cores = int(spark["cores"]) or int(re.sub(r"\D", "", options.master) or 1)
    rate_single = single["hands"] / single["seconds"]
    rate_spark = spark["hands"] / spark["seconds"]
    per_core = rate_spark / cores
    print(f"input: {path.name} ({path.stat().st_size / 2**20:,.0f} MB)")
    print(f"omaha import, every core: {single['hands']:,.0f} hands in {single['seconds']:.1f} s "
          f"({rate_single:,.0f} hands/s), CPU {single['cpu']:.1f} s; the machine's "
          f"{single['machine_cpu']:.1f} s, {_per_hand(single):.0f} us a hand")
    print(f"omaha spark import, {options.master}: {spark['hands']:,.0f} hands in "
          f"{spark['seconds']:.1f} s ({rate_spark:,.0f} hands/s; Spark started in "
          f"{spark['start']:.1f} s besides), CPU of the driver's process "
          f"{spark['cpu']:.1f} s, the machine's (JVM and workers, Spark's start included) "
          f"{spark['machine_cpu']:.1f} s, {_per_hand(spark):.0f} us a hand; "
          f"{spark['errors']:,.0f} errors")
    print(f"spark against the single machine: {rate_spark / rate_single:.2f}")
    print(f"per executor core: {per_core:,.0f} hands/s; N cores: about N x {per_core:,.0f} "
          f"hands/s (100 cores: {100 * per_core:,.0f} hands/s, "
          f"{100 * per_core * 86400 / 1e6:,.0f} million hands a day)")


if __name__ == "__main__":
    main()
