"""An XML room's import at scale: a file of N of its corpus hands (1,000,000 iPoker hands by
default), imported end to end, against the same run's read-and-split baseline.

The file is made as ``python -m bench.ingest --room`` makes a room's: every corpus hand of
the room (each as a session of its own, its number rewritten so that all are distinct),
repeated until N hands are written; it is cached in ``bench/out/``. The run prints:

* the baseline: the file read in the importer's chunks and cut into hands;
* where a hand's CPU goes, stage by stage, on the first hands of the file on one core
  (``POLARS_MAX_THREADS=1``): cutting the chunk and reading its elements with lxml, the
  chunk's lines, the elements as the engine's frames, the shared build and checks, and
  storing the tables in a fresh DuckDB by the importer's own batching; and the least a hand
  can cost: expat's parse of the same hands alone, and with each element handed to Python
  by a handler that does nothing, beside the store, against what the goal allows a hand;
* ``omaha import``'s engine end to end (``ingest.importer.import_paths``, all cores) into
  a fresh DuckDB: hands/s and peak memory (its parse processes' with its own, sampled),
  against the goal (20,000 hands/s on 2 cores, under 1 GB);
* the first 200,000 of those hands as a folder of 100-hand files, a session each (as the
  rooms write a file a table session), imported the same way.

Run: ``python -m bench.xml_import [--room ipoker] [--hands 1000000]``. Each stage runs
in its own interpreter so that its memory figure is its own.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.ingest import (
    HANDS_PER_SMALL_FILE,
    OUT,
    ROOM_BUILD,
    SMALL_FILES_HANDS,
    _cut_hands,
    _line,
    _round,
    _site,
    _usage,
    _utf8,
    import_peak,
    room_files,
    small_files,
    stage_import,
    stage_split,
)

if TYPE_CHECKING:
    from ingest.engine.contract import Chunk
    from ingest.engine.xml_format import XmlFormat
    from ingest.engine.xml_site import XmlSite

GOAL_RATE = 20_000  # hands/s end to end, on 2 cores
GOAL_MEMORY_MB = 1024
FIRST_ID = 10**11
PROFILE_HANDS = 20_000  # hands whose CPU is followed stage by stage
STAGES = ("elements", "lines", "frames", "build", "store")


def hands_file(room: str, hands: int, folder: Path = OUT) -> Path:
    """A file of ``hands`` of the room's corpus hands, renumbered (written in ``folder`` on
    first use)."""
    from ingest.sites import parser_version

    site = _site(room)
    files = room_files(site)
    if not files:
        raise SystemExit(f"no {room} files in the corpus")
    digest = hashlib.sha256(f"{ROOM_BUILD}:{parser_version(site)}".encode())
    for source in files:
        digest.update(source.name.encode() + b"\0" + source.read_bytes())
    path = folder / f"{room}-{hands}-hands-{digest.hexdigest()[:8]}.xml"
    if path.is_file():
        return path
    began = time.perf_counter()
    corpus = [hand for source in files for hand in _cut_hands(_utf8(source), site)]
    folder.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    written = 0
    with partial.open("wb") as out:
        while written < hands:
            texts = _round(corpus, FIRST_ID + written)[: hands - written]
            out.write(b"".join(texts))
            written += len(texts)
    partial.rename(path)
    print(f"built {path.name}: {hands:,} hands ({len(corpus)} corpus hands from "
          f"{len(files)} files) in {time.perf_counter() - began:.1f} s")  # fmt: skip
    return path


def xml_site(room: str) -> XmlSite:
    """The room's XML site."""
    from ingest.engine.xml_site import XmlSite

    site = _site(room)
    assert isinstance(site, XmlSite)
    return site


def stage_profile(path: Path, room: str, limit: int) -> dict[str, Any]:
    """CPU seconds of each stage of the parse and the store, over the first ``limit``
    hands of ``path`` (whole chunks; a first chunk parsed untimed before)."""
    from ingest import importer, store
    from ingest.engine.build import build
    from ingest.engine.contract import concat_results
    from ingest.reader import iter_chunks

    site = xml_site(room)
    chunks = []
    hands = 0
    for chunk in iter_chunks(path, site.hand_start, importer.chunk_bytes(site)):
        chunks.append(chunk)
        hands += len(site.hand_start.findall(chunk.data))
        if hands >= limit:
            break
    site.parse(chunks[0])  # untimed: first-use costs
    cpu = dict.fromkeys(STAGES, 0.0)
    results = []
    for chunk in chunks:
        seconds, lines, info = site.profile(chunk)
        for stage, spent in seconds.items():
            cpu[stage] += spent
        began = time.process_time()
        results.append(build(lines, [chunk.source_file], site.grammar, info=info))
        cpu["build"] += time.process_time() - began
    db = OUT / f"bench-profile-{room}.duckdb"
    db.unlink(missing_ok=True)
    con = store.connect(db, threads=1, memory_limit=importer.IMPORT_MEMORY_LIMIT)
    run = importer._Run(con, ThreadPoolExecutor(1))
    run.files[str(path)] = importer._FileTally(path.stat().st_size, "")
    began = time.process_time()
    with store.transaction(con):
        for result in results:
            importer._collect(run, result, 0, [])
        importer._flush(run)
    cpu["store"] = time.process_time() - began
    con.close()
    db.unlink(missing_ok=True)
    counted = concat_results(results)
    read = counted.hands.num_rows + counted.import_skips.num_rows + counted.import_errors.num_rows
    return {"hands": read, "cpu": cpu, "floor": library_floor(chunks, site.format)}


def library_floor(chunks: list[Chunk], fmt: XmlFormat) -> dict[str, float]:
    """What expat alone costs on the chunks' hands, read as the reader reads them (each
    hand's slice up to its last end tag, a chunk's hands one document): CPU seconds with no
    handler (C only: ``parse``) and with a start handler that does nothing (``handed``: the
    least any reading that hands each element to Python pays; best of three each), and the
    hands' elements (``elements``)."""
    import xml.parsers.expat as expat

    from ingest.engine.xml_read import slices

    closing = f"</{fmt.hand}>".encode()
    docs, hands = [], 0
    for chunk in chunks:
        data = chunk.data
        pieces = []
        for start, end, tag in slices(data, fmt):
            last = data.rfind(closing, start, end)
            if tag == fmt.hand and last >= 0:
                pieces.append(data[start : last + len(closing)])
        docs.append(b"<_>" + b"".join(pieces) + b"</_>")
        hands += len(pieces)
    elements = [0]

    def counted(*_: object) -> None:
        elements[0] += 1

    def seconds(handler: Callable[..., None] | None) -> float:
        spent = []
        for _ in range(3):
            began = time.process_time()
            for doc in docs:
                parser = expat.ParserCreate()
                if handler is not None:
                    parser.StartElementHandler = handler
                parser.Parse(doc, True)
            spent.append(time.process_time() - began)
        return min(spent)

    parse, handed = seconds(None), seconds(lambda tag, attrs: None)
    seconds(counted)
    return {"hands": hands, "parse": parse, "handed": handed,
            "elements": elements[0] / 3 - len(docs)}  # fmt: skip


def run_stage(args: list[str], room: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """One stage in a fresh interpreter, its JSON report."""
    import subprocess

    command = [sys.executable, "-m", "bench.xml_import", "--room", room, "--stage", *args]
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    report: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return report


def profile_table(profile: dict[str, Any]) -> str:
    """The CPU per hand of each stage, and their sum."""
    hands = profile["hands"]
    cpu = profile["cpu"]
    names = {"elements": "cut, decode, lxml parse, elements read",
             "lines": "the chunk's lines (offsets, line numbers)",
             "frames": "elements -> the engine's frames",
             "build": "build and checks (shared with text rooms)",
             "store": "store into DuckDB (importer's batches)"}  # fmt: skip
    rows = [f"  {names[s]:<44} {cpu[s] / hands * 1e6:>7.0f} us/hand" for s in STAGES]
    total = sum(cpu.values()) / hands * 1e6
    rows.append(f"  {'all stages (one core)':<44} {total:>7.0f} us/hand "
                f"({hands:,} hands)")  # fmt: skip
    return "\n".join(rows)


def floor_line(profile: dict[str, Any], cores: int) -> str:
    """The least a hand costs (expat's parse, each element handed to Python, the store),
    against what the goal allows on ``cores``."""
    floor = profile["floor"]
    hands = floor["hands"]
    parse, handed = floor["parse"] / hands * 1e6, floor["handed"] / hands * 1e6
    store = profile["cpu"]["store"] / profile["hands"] * 1e6
    allowed = cores / GOAL_RATE * 1e6
    return (f"the least a hand costs, one core: expat's parse alone {parse:.0f} us, with each "
            f"of its {floor['elements'] / hands:.0f} elements handed to Python {handed:.0f} us; "
            f"with the store's {store:.0f} us, {handed + store:.0f} of the {allowed:.0f} us a "
            f"hand the goal allows on {cores} cores, {allowed - handed - store:.0f} left to "
            f"read the elements into rows and build the tables")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--room", default="ipoker")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--profile-hands", type=int, default=PROFILE_HANDS)
    parser.add_argument("--stage", nargs="+", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.stage:
        name, path, *rest = options.stage
        report: dict[str, Any]
        if name == "split":
            report = stage_split(Path(path), options.room)
        elif name == "profile":
            report = stage_profile(Path(path), options.room, int(rest[0]))
        else:
            report = stage_import(Path(path), Path(rest[0]))
        print(json.dumps({**_usage(), **report}))
        return
    room = options.room
    path = hands_file(room, options.hands)
    cores = os.cpu_count() or 1
    print(f"{room}: {path.name}, {path.stat().st_size / 2**20:,.0f} MB, {options.hands:,} "
          f"hands, {cores} cores")  # fmt: skip
    split = run_stage(["split", str(path)], room)
    print(_line("baseline: read and split into hands", split))
    one_core = {**os.environ, "POLARS_MAX_THREADS": "1"}
    profile = run_stage(["profile", str(path), str(options.profile_hands)], room, one_core)
    print("CPU per hand by stage, one core:")
    print(profile_table(profile))
    print(floor_line(profile, os.cpu_count() or 1))
    imported = run_stage(["import", str(path), str(OUT / f"bench-{room}-import.duckdb")], room)
    seen = {**imported, "hands": imported["seen"]}
    print(_line("import end to end (omaha import), all cores", seen))
    rate = imported["seen"] / imported["seconds"]
    baseline = split["hands"] / split["seconds"]
    peak = import_peak(imported)
    print(f"import: {imported['hands']:,.0f} imported, {imported['errors']:,.0f} errors, "
          f"{imported['skipped']:,.0f} skipped; {rate / baseline:.3f} of the baseline "
          f"({baseline:,.0f} hands/s)")  # fmt: skip
    # the same hands as a folder of files of a table session each (as the rooms write them)
    fmt = xml_site(room).format
    session = re.compile(rb"<" + re.escape((fmt.session or fmt.hand).encode()) + rb"[\s>]")
    folder = small_files(path, min(SMALL_FILES_HANDS, options.hands), HANDS_PER_SMALL_FILE,
                         session, ".xml")  # fmt: skip
    small = run_stage(["import", str(folder), str(OUT / f"bench-{room}-small.duckdb")], room)
    print(_line(f"import of {HANDS_PER_SMALL_FILE}-hand files, all cores",
                {**small, "hands": small["seen"]}))  # fmt: skip
    print(f"goal > {GOAL_RATE:,} hands/s: {'met' if rate > GOAL_RATE else 'NOT met'} "
          f"({rate:,.0f}); peak memory < {GOAL_MEMORY_MB} MB: "
          f"{'met' if peak < GOAL_MEMORY_MB else 'NOT met'} ({peak:.0f} MB); CPU "
          f"{imported['cpu_seconds'] / imported['seen'] * 1e6:.0f} us/hand "
          f"(the goal allows {cores / GOAL_RATE * 1e6:.0f} on {cores} cores)")  # fmt: skip


if __name__ == "__main__":
    main()
