"""Import throughput: a large generated Stars file, end to end into DuckDB, against baselines.

Prints, from one run: the end-to-end import rate into a fresh DuckDB on all cores; the
parse-only rate on one core (``POLARS_MAX_THREADS=1``, on the first hands of the file) and
the store-only rate (the same hands, parsed beforehand, inserted by the importer's code);
the same-run baseline of only reading the file and cutting it into hands; the import of
the first 200,000 hands cut into files of 100 hands (a folder as rooms write it); the CPU
time and peak memory of each stage (max RSS of its process: the import parses in threads).
From the CPU time it also prints the rate the import would reach with every core to
itself, the fair figure on a machine shared with other work. Targets: 1,000,000 hands end
to end in under 30 s (over 33,000 hands/s) on 2 cores, peak memory under 1 GB.

Run: ``make bench`` or ``python -m bench.ingest [--hands N] [--seed S]``. The input is
written once into ``bench/out/`` by the generator and reused when present (same seed, size
and generator source give the same bytes). Each stage runs in its own subprocess so that
its memory figure is its own.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ingest.sites import Chunk

HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
TARGET_RATE = 33_000
TARGET_MEMORY_MB = 1024
PARSE_SAMPLE = 100_000  # hands parsed on one core: enough for a steady rate, not minutes
# A folder of small files, as rooms write them (one file per table and session).
SMALL_FILES_HANDS, HANDS_PER_SMALL_FILE = 200_000, 100


def _usage() -> dict[str, float]:
    """Max RSS so far of this process and of its largest finished child (MB), and the CPU
    seconds of both: on a shared machine CPU time is the figure other work disturbs least."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime
    return {
        "rss_mb": round(own.ru_maxrss / 1024, 1),
        "children_rss_mb": round(children.ru_maxrss / 1024, 1),
        "cpu_seconds": round(cpu, 2),
    }


def stage_split(path: Path) -> dict[str, float]:
    """Baseline: read the file in hand-aligned chunks and cut each chunk into one text per
    hand at the blank lines between hands (the fastest split in Python: a line-anchored
    regex over every header line runs at a quarter of its speed)."""
    from ingest.reader import iter_chunks
    from ingest.sites import pokerstars

    began = time.perf_counter()
    hands = 0
    for chunk in iter_chunks(path, pokerstars.SITE.hand_start):
        hands += sum(1 for text in chunk.data.split(b"\n\n\n") if text.strip())
    return {"hands": hands, "seconds": time.perf_counter() - began}


def _first_chunks(path: Path, limit: int) -> list[Chunk]:
    """The import's chunks of ``path`` holding its first ``limit`` hands (whole chunks)."""
    from ingest.importer import CHUNK_BYTES
    from ingest.reader import iter_chunks
    from ingest.sites import pokerstars

    chunks = []
    hands = 0
    for chunk in iter_chunks(path, pokerstars.SITE.hand_start, CHUNK_BYTES):
        chunks.append(chunk)
        hands += len(pokerstars.SITE.hand_start.findall(chunk.data))
        if hands >= limit:
            break
    return chunks


def stage_parse(path: Path, limit: int) -> dict[str, float]:
    """Parse-only on one core: the first ``limit`` hands (whole chunks) into Arrow tables."""
    from ingest.sites import pokerstars

    chunks = _first_chunks(path, limit)
    began = time.perf_counter()
    parsed = sum(pokerstars.SITE.parse(chunk).hands.num_rows for chunk in chunks)
    return {"hands": parsed, "seconds": time.perf_counter() - began}


def stage_store(path: Path, limit: int, db: Path) -> dict[str, float]:
    """Store only: the first ``limit`` hands, parsed beforehand (not timed), inserted into a
    fresh DuckDB by the importer's own batching and commits."""
    from ingest import importer, store
    from ingest.sites import pokerstars

    results = [pokerstars.SITE.parse(chunk) for chunk in _first_chunks(path, limit)]
    db.unlink(missing_ok=True)
    con = store.connect(db, threads=1, memory_limit=importer.IMPORT_MEMORY_LIMIT)
    run = importer._Run(con, ThreadPoolExecutor(1))
    run.files[str(path)] = importer._FileTally(path.stat().st_size, "")
    began, cpu = time.perf_counter(), time.process_time()
    with store.transaction(con):
        for result in results:
            importer._collect(run, result, 0)
        importer._flush(run)
    con.close()
    return {
        "hands": run.files[str(path)].imported,
        "seconds": time.perf_counter() - began,
        "cpu_seconds": time.process_time() - cpu,
    }


def stage_import(path: Path, db: Path) -> dict[str, float]:
    """End to end: detect, split, parse on all cores, insert into a fresh DuckDB (``path``
    is the large file or the folder of small files)."""
    from ingest.importer import import_paths

    db.unlink(missing_ok=True)
    summary = import_paths([path], db)
    return {"hands": summary.imported, "errors": summary.errors, "seconds": summary.seconds}


def small_files(path: Path, hands: int, per_file: int) -> Path:
    """The first ``hands`` hands of ``path`` cut into files of ``per_file`` hands, in a
    folder next to it (written on first use)."""
    from ingest.reader import iter_chunks
    from ingest.sites import pokerstars

    folder = path.with_name(f"{path.stem}-small-{hands}x{per_file}")
    if folder.is_dir():
        return folder
    partial = folder.with_name(folder.name + ".partial")
    partial.mkdir(parents=True, exist_ok=True)
    written = files = 0
    for chunk in iter_chunks(path, pokerstars.SITE.hand_start):
        starts = [m.start() for m in pokerstars.SITE.hand_start.finditer(chunk.data)]
        for first in range(0, len(starts), per_file):
            end = starts[first + per_file] if first + per_file < len(starts) else None
            (partial / f"table-{files:06d}.txt").write_bytes(chunk.data[starts[first] : end])
            files += 1
            written += min(per_file, len(starts) - first)
            if written >= hands:
                partial.rename(folder)
                return folder
    partial.rename(folder)
    return folder


def run_stage(args: list[str], env: dict[str, str] | None = None) -> dict[str, float]:
    """Run one stage in a fresh interpreter and return its JSON report."""
    command = [sys.executable, "-m", "bench.ingest", "--stage", *args]
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    report: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return report


def input_file(hands: int, seed: int) -> Path:
    """The generated input, written on first use (all cores) and reused afterwards."""
    from ingest import generator, generator_hand, generator_play, generator_text

    # the generator's own source in the name: a changed generator writes a new file
    source = b"".join(
        Path(m.__file__).read_bytes()
        for m in (generator, generator_hand, generator_play, generator_text)
    )
    path = OUT / f"stars-{hands}-seed{seed}-{hashlib.sha256(source).hexdigest()[:8]}.txt"
    if not path.is_file():
        OUT.mkdir(parents=True, exist_ok=True)
        began = time.perf_counter()
        partial = path.with_suffix(".partial")
        generator.generate(partial, hands, seed, workers=os.cpu_count() or 1)
        partial.rename(path)
        seconds = time.perf_counter() - began
        print(f"generated {hands:,} hands in {seconds:.1f} s ({hands / seconds:,.0f} hands/s)")
    return path


def _line(name: str, report: dict[str, float]) -> str:
    rate = report["hands"] / report["seconds"]
    return (
        f"{name:<36} {report['hands']:>9,.0f} hands {report['seconds']:>7.1f} s "
        f"{rate:>8,.0f} hands/s  cpu {report['cpu_seconds']:>6.1f} s  peak "
        f"{report['rss_mb']:>4.0f} MB (children {report['children_rss_mb']:.0f} MB)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--stage", nargs="+", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.stage:
        name, path, *rest = options.stage
        if name == "split":
            report = stage_split(Path(path))
        elif name == "parse":
            report = stage_parse(Path(path), int(rest[0]))
        elif name == "store":
            report = stage_store(Path(path), int(rest[0]), Path(rest[1]))
        else:  # "import", of a file or of a folder
            report = stage_import(Path(path), Path(rest[0]))
        print(json.dumps({**_usage(), **report}))
        return
    path = input_file(options.hands, options.seed)
    size_mb = path.stat().st_size / 2**20
    print(f"input: {path.name}, {size_mb:,.0f} MB, {os.cpu_count()} cores")
    split = run_stage(["split", str(path)])
    print(_line("baseline: read and split into hands", split))
    one_core = {**os.environ, "POLARS_MAX_THREADS": "1"}
    sample = str(min(PARSE_SAMPLE, options.hands))
    parse = run_stage(["parse", str(path), sample], env=one_core)
    print(_line("parse only, one core", parse))
    stored = run_stage(["store", str(path), sample, str(OUT / "bench-store.duckdb")])
    print(_line("store only (CPU: the inserts alone)", stored))
    imported = run_stage(["import", str(path), str(OUT / "bench.duckdb")])
    print(_line("import end to end, all cores", imported))
    folder = small_files(path, min(SMALL_FILES_HANDS, options.hands), HANDS_PER_SMALL_FILE)
    small = run_stage(["import", str(folder), str(OUT / "bench-small.duckdb")])
    print(_line(f"import of {HANDS_PER_SMALL_FILE}-hand files", small))
    rate = imported["hands"] / imported["seconds"]
    # the importer's process (and any process it started, each at the largest one's peak)
    peak = imported["rss_mb"] + (os.cpu_count() or 1) * imported["children_rss_mb"]
    baseline = split["hands"] / split["seconds"]
    print(
        f"import errors: {imported['errors']:.0f}; against the split baseline: parse on one "
        f"core {parse['hands'] / parse['seconds'] / baseline:.3f}, import {rate / baseline:.3f}"
    )
    cores = os.cpu_count() or 1
    cpu_rate = imported["hands"] / imported["cpu_seconds"] * cores
    print(
        f"import with {cores} cores to itself (from its CPU time): {cpu_rate:,.0f} hands/s; "
        f"parsing alone on every core: {parse['hands'] / parse['cpu_seconds'] * cores:,.0f} hands/s"
    )
    parse_us = parse["seconds"] / parse["hands"] * 1e6
    store_us = stored["cpu_seconds"] / stored["hands"] * 1e6
    print(
        f"per hand: parse {parse_us:.0f} us on one core + store {store_us:.0f} us = "
        f"{parse_us + store_us:.0f} us; the target allows {cores / TARGET_RATE * 1e6:.0f} us "
        f"of CPU per hand on {cores} cores"
    )
    print(
        f"target end to end > {TARGET_RATE:,} hands/s: {'met' if rate > TARGET_RATE else 'NOT met'}"
        f" ({rate:,.0f}); peak memory < {TARGET_MEMORY_MB} MB: "
        f"{'met' if peak < TARGET_MEMORY_MB else 'NOT met'} ({peak:.0f} MB)"
    )


if __name__ == "__main__":
    main()
