"""Import throughput: a large generated Stars file, end to end into DuckDB, against baselines.

Prints, from one run: the end-to-end import rate into a fresh DuckDB on all cores; the
parse-only rate on one core (``POLARS_MAX_THREADS=1``, on the first hands of the file) and
the store-only rate (the same hands, parsed beforehand, inserted by the importer's code)
and DuckDB's own rate for those tables (the same tables appended as they are, unchecked);
the same-run baseline of only reading the file and cutting it into hands; the import of
the first 200,000 hands cut into files of 100 hands (a folder as rooms write it); the CPU
time and peak memory of each stage (max RSS of its process; for the import, the memory of
its processes together where more: the XML rooms parse in processes of their own).
From the CPU time it also prints the rate the import would reach with every core to
itself, the fair figure on a machine shared with other work. Targets: over 100,000 hands/s
end to end on 2 cores (20 us of CPU a hand), peak memory under 1 GB.

Run: ``make bench`` or ``python -m bench.ingest [--hands N] [--seed S]``. The input is
written once into ``bench/out/`` by the generator and reused when present (same seed, size
and generator source give the same bytes). Each stage runs in its own subprocess so that
its memory figure is its own.

``python -m bench.ingest --room NAME [--mb M]`` (NAME a site of the registry, or ``all``)
benches a room's format on real hands instead: the room's hand histories in the corpus
(``../shared/corpus`` beside the checkout, recognised by the site's ``detect``; a room
with none there is skipped, saying so), decoded, written as UTF-8
with LF line ends and two blank lines between hands, and repeated up to about M MB (50 by
default), every hand's number rewritten so that all hands are distinct (cached in
``bench/out/``). For each room it prints the read-and-split baseline, the parse-only rate
on one core (the whole file, after an untimed first parse) and its ratio to the baseline
(target 1/20), and the import end to end into a fresh DuckDB on all cores, with its error
count against the errors the corpus hands give. Rates count every hand read (imported,
skipped as not Omaha, or error).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import itertools
import json
import multiprocessing.forkserver
import os
import re
import resource
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ingest.sites import Chunk, Site

STARS = "pokerstars"
HERE = Path(__file__).resolve().parent
OUT = HERE / "out"
TARGET_RATE = 100_000
TARGET_MEMORY_MB = 1024
TREE_SAMPLE_SECONDS = 0.2  # how often the import's processes' memory is read
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


def _site(name: str) -> Site:
    from ingest.sites import registry

    return registry()[name]


def stage_split(path: Path, site: str = STARS) -> dict[str, float]:
    """Baseline: read the file in hand-aligned chunks (at ``site``'s hand starts) and cut
    each chunk into one text per hand at the blank lines between hands (the fastest split
    in Python: a line-anchored regex over every header line runs at a quarter of its speed).
    ``hands`` counts the file's hands (its hand starts, counted after the clock stops):
    the texts cut (``pieces``) are more where a room writes two blank lines inside a hand
    (PokerTracker's exports of some clients), and a rate of pieces would not be one of
    hands."""
    from ingest.reader import iter_chunks

    hand_start = _site(site).hand_start
    began = time.perf_counter()
    pieces = 0
    for chunk in iter_chunks(path, hand_start):
        pieces += sum(1 for text in chunk.data.split(b"\n\n\n") if text.strip())
    seconds = time.perf_counter() - began
    hands = sum(len(hand_start.findall(chunk.data)) for chunk in iter_chunks(path, hand_start))
    return {"hands": hands, "pieces": pieces, "seconds": seconds}


def _first_chunks(path: Path, limit: int, site: str = STARS) -> list[Chunk]:
    """The import's chunks of ``path`` holding its first ``limit`` hands (whole chunks)."""
    from ingest.importer import CHUNK_BYTES
    from ingest.reader import iter_chunks

    hand_start = _site(site).hand_start
    chunks = []
    hands = 0
    for chunk in iter_chunks(path, hand_start, CHUNK_BYTES):
        chunks.append(chunk)
        hands += len(hand_start.findall(chunk.data))
        if hands >= limit:
            break
    return chunks


def stage_parse(path: Path, limit: int, site: str = STARS, warm: bool = False) -> dict[str, float]:
    """Parse-only on one core: the first ``limit`` hands (whole chunks) into Arrow tables.
    ``hands`` counts every hand read (a ``hands``, ``import_skips`` or ``import_errors``
    row each); ``parsed``, ``skipped`` and ``errors`` tell them apart. With ``warm``, the
    hands of the file's first 64 KB are parsed once before the clock starts, so that the
    one-off costs of a first parse (loading the compiled scans, or compiling them after the
    engine changed) are not in the rate; ``warm_seconds`` is that parse's time."""
    from ingest.engine.contract import Chunk

    parser = _site(site)
    chunks = _first_chunks(path, limit, site)
    warm_seconds = 0.0
    if warm and chunks:
        first = chunks[0]
        cuts = [m.start() for m in parser.hand_start.finditer(first.data, 0, 65536)]
        head = first.data[: cuts[-1]] if len(cuts) > 1 else first.data
        began = time.perf_counter()
        parser.parse(Chunk(head, first.source_file, first.byte_offset, first.line_no,
                           first.encoding))  # fmt: skip
        warm_seconds = time.perf_counter() - began
    began = time.perf_counter()
    parsed = skipped = errors = 0
    for chunk in chunks:  # each result dropped once counted, as the import does
        result = parser.parse(chunk)
        parsed += result.hands.num_rows
        skipped += result.import_skips.num_rows
        errors += result.import_errors.num_rows
    seconds = time.perf_counter() - began
    return {"hands": parsed + skipped + errors, "parsed": parsed, "skipped": skipped,
            "errors": errors, "seconds": seconds, "warm_seconds": warm_seconds}  # fmt: skip


def stage_store(path: Path, limit: int, db: Path, as_they_are: bool = False) -> dict[str, float]:
    """Store only: the first ``limit`` hands, parsed beforehand (not timed), inserted into a
    fresh DuckDB by the importer's own batching and commits; or (``as_they_are``) their
    tables appended as they are in one transaction, no duplicate check, no batching:
    DuckDB's own rate for these tables, which the store is measured against."""
    from ingest import importer, store
    from ingest.engine.contract import concat_results
    from ingest.sites import pokerstars

    results = [pokerstars.SITE.parse(chunk) for chunk in _first_chunks(path, limit)]
    db.unlink(missing_ok=True)
    con = store.connect(db, threads=1, memory_limit=importer.IMPORT_MEMORY_LIMIT)
    run = importer._Run(con, ThreadPoolExecutor(1))
    run.files[str(path)] = importer._FileTally(path.stat().st_size, "")
    tables = concat_results(results).tables() if as_they_are else {}
    began, cpu = time.perf_counter(), time.process_time()
    with store.transaction(con):
        if as_they_are:
            for name in (*store.HAND_TABLES, *store.LOG_TABLES):
                con.from_arrow(tables[name]).insert_into(name)
        else:
            for result in results:
                importer._collect(run, result, 0, [])
            importer._flush(run)
    con.close()
    return {
        "hands": tables["hands"].num_rows if as_they_are else run.files[str(path)].imported,
        "seconds": time.perf_counter() - began,
        "cpu_seconds": time.process_time() - cpu,
    }


def _tree_memory_mb() -> float:
    """The memory this process and its descendants use together (MB): the sum of their
    proportional set sizes, each page shared by n of them counted 1/n in each (Linux)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            parents.setdefault(int(stat[1]), []).append(int(entry))
    tree, total_kb = [os.getpid()], 0
    for pid in tree:
        tree += parents.get(pid, [])
        with contextlib.suppress(OSError):
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            total_kb += sum(int(line.split()[1]) for line in rollup.splitlines()
                            if line.startswith("Pss:"))  # fmt: skip
    return total_kb / 1024


def _sample_tree_memory(peak: list[float], stop: threading.Event) -> None:
    """Keep the highest :func:`_tree_memory_mb` in ``peak[0]`` until ``stop``."""
    while not stop.wait(TREE_SAMPLE_SECONDS):
        peak[0] = max(peak[0], _tree_memory_mb())


def import_peak(imported: dict[str, float]) -> float:
    """The import's peak memory (MB): its process's highest RSS, or its processes' highest
    memory together where that is more (the XML rooms' parse processes beside it)."""
    return max(imported["rss_mb"], imported["tree_mb"])


def stage_import(path: Path, db: Path) -> dict[str, float]:
    """End to end: detect, split, parse on all cores, insert into a fresh DuckDB (``path``
    is the large file or the folder of small files). ``tree_mb``: the highest memory of
    the import's processes together (its parse processes with it), sampled."""
    from ingest.importer import import_paths

    db.unlink(missing_ok=True)
    db.with_name(db.name + ".wal").unlink(missing_ok=True)
    peak, stop = [0.0], threading.Event()
    sampler = threading.Thread(target=_sample_tree_memory, args=(peak, stop), daemon=True)
    sampler.start()
    try:
        summary = import_paths([path], db)
    finally:
        stop.set()
        sampler.join()
    # the import's parse processes (the XML rooms') are children of the fork server: once it
    # is stopped, and so waited for, their CPU and memory count among this process's children
    multiprocessing.forkserver._forkserver._stop()  # type: ignore[attr-defined]
    return {"hands": summary.imported, "errors": summary.errors, "seconds": summary.seconds,
            "seen": summary.hands_seen, "skipped": summary.skipped,
            "duplicates": summary.duplicates, "tree_mb": round(peak[0], 1)}  # fmt: skip


def small_files(path: Path, hands: int, per_file: int, starts_at: re.Pattern[bytes] | None = None,
                suffix: str = ".txt") -> Path:  # fmt: skip
    """The first ``hands`` hands of ``path`` cut into files of ``per_file`` hands, in a
    folder next to it (written on first use). ``starts_at``: where a hand's text starts
    (PokerStars' hand starts by default; an XML room's hand and the session before it)."""
    from ingest.reader import iter_chunks
    from ingest.sites import pokerstars

    starts_at = starts_at or pokerstars.SITE.hand_start
    folder = path.with_name(f"{path.stem}-small-{hands}x{per_file}")
    if folder.is_dir():
        return folder
    partial = folder.with_name(folder.name + ".partial")
    partial.mkdir(parents=True, exist_ok=True)
    written = files = 0
    for chunk in iter_chunks(path, starts_at):
        starts = [m.start() for m in starts_at.finditer(chunk.data)]
        for first in range(0, len(starts), per_file):
            end = starts[first + per_file] if first + per_file < len(starts) else None
            (partial / f"table-{files:06d}{suffix}").write_bytes(chunk.data[starts[first] : end])
            files += 1
            written += min(per_file, len(starts) - first)
            if written >= hands:
                partial.rename(folder)
                return folder
    partial.rename(folder)
    return folder


def run_stage(
    args: list[str], env: dict[str, str] | None = None, site: str = STARS
) -> dict[str, float]:
    """Run one stage (on ``site``'s format) in a fresh interpreter and return its JSON
    report."""
    command = [sys.executable, "-m", "bench.ingest", "--room", site, "--stage", *args]
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    report: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return report


def input_path(hands: int, seed: int) -> Path:
    """Where the generated input of ``hands`` hands and ``seed`` is (or will be) written:
    the generator's own source in the name, so a changed generator writes a new file."""
    from ingest import generator, generator_hand, generator_play, generator_text

    source = b"".join(
        Path(str(m.__file__)).read_bytes()
        for m in (generator, generator_hand, generator_play, generator_text)
    )
    return OUT / f"stars-{hands}-seed{seed}-{hashlib.sha256(source).hexdigest()[:8]}.txt"


def input_file(hands: int, seed: int) -> Path:
    """The generated input, written on first use (all cores) and reused afterwards."""
    from ingest import generator

    path = input_path(hands, seed)
    if not path.is_file():
        OUT.mkdir(parents=True, exist_ok=True)
        began = time.perf_counter()
        partial = path.with_suffix(".partial")
        generator.generate(partial, hands, seed, workers=os.cpu_count() or 1)
        partial.rename(path)
        seconds = time.perf_counter() - began
        print(f"generated {hands:,} hands in {seconds:.1f} s ({hands / seconds:,.0f} hands/s)")
    return path


# --- rooms: a large file from a room's real corpus hands ----------------------------------

# the shared corpus, beside the checkout (read in place)
CORPUS = HERE.parents[1] / "shared" / "corpus"
# the corpus folder holding each room's format (FPDB's folder names)
ROOM_FOLDERS = {"pokerstars": "Stars", "ggpoker": "GGPoker", "winamax": "Winamax",
                "kingsclub": "KingsClub", "pacific": "PacificPoker", "seals": "SealsWithClubs",
                "bovada": "Bovada", "wpn": "Winning", "betonline": "BetOnline",
                "partypoker": "PartyPoker", "ipoker": "iPoker", "merge": "Merge",
                "everest": "Everest", "microgaming": "Microgaming", "boss": "Boss",
                "pokertracker": "PokerTracker"}
COMPANIONS = {".hp", ".hands", ".gt"}  # FPDB's expected-output files, not hand histories
DETECT_BYTES = 4096
FIRST_ID = 10**11  # renumbered hand ids count up from here (12 digits, as Stars' own)
ROOM_BUILD = "2"  # bump when the way the file is built changes: the cache name changes
TARGET_RATIO = 1 / 20  # parse on one core against the read-and-split baseline
_HAND_ID = rb"([0-9A-Za-z-]+)"  # after the room's hand-number mark ("#" by default)
_LAST_NUMBER = re.compile(rb"^(.*?)([0-9]+)$", re.DOTALL)


@dataclass(frozen=True)
class _Hand:
    """One corpus hand as UTF-8 text with LF line ends, cut around its hand number:
    ``head`` + number + ``tail`` (``head`` keeps the id's letters and any dashed prefix);
    a header that writes the number again (888) has ``tail`` cut there too, into
    ``again``: the tail is ``again[0]`` + number + ``again[1]`` ..."""

    head: bytes
    tail: bytes
    again: tuple[bytes, ...] = ()

    def text(self, number: int) -> bytes:
        tail = b"%d" % number
        tail = tail.join(self.again) if self.again else self.tail
        return b"%s%d%s" % (self.head, number, tail)


def room_files(site: Site) -> list[Path]:
    """The hand-history files of ``site``'s format in the corpus: its folder's files (not
    the companions) that ``site`` recognises from their first bytes."""
    folder = CORPUS / ROOM_FOLDERS.get(site.name, site.name)
    return [
        path
        for path in sorted(folder.rglob("*"))
        if path.is_file()
        and path.suffix not in COMPANIONS
        and site.detect(path.read_bytes()[:DETECT_BYTES])
    ]


def _utf8(path: Path) -> bytes:
    """A file's text as UTF-8 with LF line ends (decoded as the importer detects it; a
    leading byte-order mark dropped)."""
    from ingest.reader import detect_encoding

    raw = path.read_bytes()
    encoding = detect_encoding(raw[:65536])
    if encoding.startswith("utf-16") and len(raw) % 2:
        raw = raw[:-1]  # half a code unit, no character (WPN's UTF-16 files end so)
    text = raw.decode(encoding, errors="replace").removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n").encode("utf-8")


def _cut_xml_hands(data: bytes, site: Site) -> list[_Hand]:
    """The hands of one XML file, each as a session of its own: the header of its session
    (from the session's start tag to its first hand) before the hand's element, cut around
    the hand's id (``gamecode="..."``)."""
    from ingest.engine.xml_read import slices
    from ingest.engine.xml_site import XmlSite

    assert isinstance(site, XmlSite)
    hand_id = re.compile(re.escape(site.hand_mark.encode()) + _HAND_ID)
    header, hands = b"", []
    for start, end, tag in slices(data, site.format):
        text = data[start:end].rstrip()
        if tag == site.format.session:
            header = text + b"\n"
            continue
        number = hand_id.search(text)
        if number is None:
            raise ValueError(f"no hand number in {text[:80]!r}")
        token = _LAST_NUMBER.match(number.group(1))
        prefix = token.group(1) if token else number.group(1) + b"-"
        hands.append(_Hand(header + text[: number.start(1)] + prefix, text[number.end(1) :]))
    return hands


def _cut_hands(data: bytes, site: Site) -> list[_Hand]:
    """The hands of one file (from each hand start to the next; text before the first is
    dropped), each around its hand number (the first after its grammar's mark, ``#`` in
    most rooms, on its first lines: the second where the time comes first), trailing
    blank lines removed."""
    if hasattr(site, "format"):  # an XML format: each hand with its session's header
        return _cut_xml_hands(data, site)
    grammars = getattr(site, "grammars", ())  # a text room's: its marks and header lines
    marks = [re.escape(g.wording.hand_number.encode()) for g in grammars] or [b"#"]
    header_lines = max((g.header_lines for g in grammars), default=1)
    hand_id = re.compile(rb"(?:%s)" % b"|".join(marks) + _HAND_ID)
    starts = [m.start() for m in site.hand_start.finditer(data)]
    hands = []
    for start, end in zip(starts, [*starts[1:], len(data)], strict=True):
        text = data[start:end].rstrip()
        head = text[: sum(len(line) + 1 for line in text.split(b"\n", 3)[:3])]
        number = hand_id.search(head)
        if number is None:  # no number to rewrite: the hand could not be made distinct
            raise ValueError(f"no hand number in {head[:80]!r}")
        token = _LAST_NUMBER.match(number.group(1))
        # an id ending in letters keeps them, the new number after (a dash only where the
        # id has dashes: PartyPoker's ids are letters and digits)
        prefix = token.group(1) if token else number.group(1) + (b"-" if b"-" in number.group(1)
                                                                 else b"")
        tail = text[number.end(1) :]
        again: tuple[bytes, ...] = ()
        if token and header_lines > 1:  # the number written again on the header's lines
            lines = tail.split(b"\n")
            header = b"\n".join(lines[:header_lines])
            rest = tail[len(header) :]
            pieces = re.split(rb"(?<![0-9])" + re.escape(token.group(2)) + rb"(?![0-9])", header)
            again = (*pieces[:-1], pieces[-1] + rest) if len(pieces) > 1 else ()
        hands.append(_Hand(text[: number.start(1)] + prefix, tail, again))
    return hands


def _round(hands: list[_Hand], first_id: int) -> list[bytes]:
    """One pass over the corpus hands, numbered from ``first_id``, each followed by the two
    blank lines that separate hands."""
    return [h.text(first_id + i) + b"\n\n\n" for i, h in enumerate(hands)]


def _outcomes(site: Site, texts: list[bytes]) -> list[str]:
    """How the parser takes each hand of ``texts``: "hand", "skip" or "error" (parsed
    together, as one chunk)."""
    import bisect

    from ingest.engine.contract import Chunk

    offsets = list(itertools.accumulate((len(t) for t in texts), initial=0))
    result = site.parse(Chunk(b"".join(texts), "corpus-round", 0, 1, "utf-8"))
    kinds = ["hand"] * len(texts)
    for kind, table in (("skip", result.import_skips), ("error", result.import_errors)):
        for offset in table["byte_offset"].to_pylist():
            kinds[bisect.bisect_right(offsets, offset) - 1] = kind
    return kinds


def room_input(site: Site, megabytes: float) -> tuple[Path, dict[str, Any]]:
    """A file of about ``megabytes`` MB of ``site``'s corpus hands repeated, every hand
    numbered afresh so that all are distinct, and what is known of it (hands, corpus
    hands and files, the import errors and skips its hands should give); written to
    ``bench/out/`` on first use and reused while the corpus files and the build stay the
    same."""
    from ingest.reader import iter_chunks
    from ingest.sites import parser_version

    files = room_files(site)
    if not files:
        raise SystemExit(f"no {site.name} files in {CORPUS}")
    # the parser's version too: the expected errors and skips are its reading of the hands
    digest = hashlib.sha256(f"{ROOM_BUILD}:{parser_version(site)}".encode())
    for source in files:
        digest.update(str(source.relative_to(CORPUS)).encode() + b"\0" + source.read_bytes())
    path = OUT / f"{site.name}-{megabytes:g}mb-{digest.hexdigest()[:8]}.txt"
    meta_path = path.with_suffix(".json")
    if path.is_file() and meta_path.is_file():
        meta: dict[str, Any] = json.loads(meta_path.read_text())
        return path, meta
    began = time.perf_counter()
    hands = [hand for source in files for hand in _cut_hands(_utf8(source), site)]
    kinds = _outcomes(site, _round(hands, FIRST_ID))
    corpus_errors = sum(
        site.parse(chunk).import_errors.num_rows
        for source in files
        for chunk in iter_chunks(source, site.hand_start)
    )
    target = int(megabytes * 2**20)
    OUT.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".partial")
    written = count = 0
    expected = {"hand": 0, "skip": 0, "error": 0}
    with partial.open("wb") as out:
        while written < target:
            for text, kind in zip(_round(hands, FIRST_ID + count), kinds, strict=True):
                out.write(text)
                written += len(text)
                count += 1
                expected[kind] += 1
                if written >= target:
                    break
    partial.rename(path)
    meta = {
        "hands": count,
        "corpus_files": len(files),
        "corpus_hands": len(hands),
        "corpus_errors": corpus_errors,
        "round_errors": kinds.count("error"),
        "round_skips": kinds.count("skip"),
        "expected_errors": expected["error"],
        "expected_skips": expected["skip"],
    }
    meta_path.write_text(json.dumps(meta))
    seconds = time.perf_counter() - began
    print(f"built {path.name}: {count:,} hands ({len(hands)} corpus hands from {len(files)} "
          f"files, repeated {count / len(hands):.1f} times) in {seconds:.1f} s")  # fmt: skip
    return path, meta


def bench_room(name: str, megabytes: float) -> dict[str, Any] | None:
    """Baseline, parse on one core and import end to end on ``name``'s large corpus file,
    each stage in its own process; prints them and returns the figures (None, saying so,
    when the corpus holds no hands of the room)."""
    site = _site(name)
    if not room_files(site):
        print(f"\n{name}: skipped, no {name} hand histories in {CORPUS} (the corpus lives "
              "beside the checkout)")  # fmt: skip
        return None
    path, meta = room_input(site, megabytes)
    size_mb = path.stat().st_size / 2**20
    print(
        f"\n{name}: {path.name}, {size_mb:,.1f} MB, {meta['hands']:,} hands "
        f"({meta['corpus_hands']} corpus hands from {meta['corpus_files']} files, numbered "
        f"afresh), {os.cpu_count()} cores"
    )
    split = run_stage(["split", str(path)], site=name)
    print(_line("baseline: read and split into hands", split))
    one_core = {**os.environ, "POLARS_MAX_THREADS": "1"}
    parse = run_stage(["parse", str(path), str(meta["hands"]), "warm"], env=one_core, site=name)
    print(_line("parse only, one core", parse))
    print(f"  (after an untimed first parse of the first 64 KB: {parse['warm_seconds']:.1f} s; "
          f"{parse['parsed']:,.0f} parsed, {parse['skipped']:,.0f} skipped, "
          f"{parse['errors']:,.0f} errors)")  # fmt: skip
    imported = run_stage(["import", str(path), str(OUT / f"bench-{name}.duckdb")], site=name)
    seen = {**imported, "hands": imported["seen"]}  # the rate over every hand read
    print(_line("import end to end, all cores", seen))
    baseline = split["hands"] / split["seconds"]
    ratio = parse["hands"] / parse["seconds"] / baseline
    verdict = "met" if ratio >= TARGET_RATIO else "NOT met"
    print(f"parse on one core / baseline: {ratio:.3f} (1/{1 / ratio:,.0f}; target 1/20: {verdict})")
    print(
        f"import: {imported['hands']:,.0f} imported, {imported['skipped']:,.0f} skipped, "
        f"{imported['duplicates']:,.0f} duplicates, {imported['errors']:,.0f} errors "
        f"(expected from the corpus hands: {meta['expected_errors']:,} errors, "
        f"{meta['expected_skips']:,} skips; the original {name} files give "
        f"{meta['corpus_errors']} errors in {meta['corpus_hands']} hands, one pass of the "
        f"rewritten hands {meta['round_errors']})"
    )
    return {"room": name, "meta": meta, "split": split, "parse": parse, "import": imported,
            "ratio": ratio, "size_mb": size_mb}  # fmt: skip


def _room_table(rows: list[dict[str, Any]]) -> str:
    """The rooms' figures as a Markdown table."""
    lines = [
        "| room | MB | hands | read and split | parse, one core | ratio | import, all cores "
        "| errors (expected) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        split, parse, imp = row["split"], row["parse"], row["import"]
        split_rate = split["hands"] / split["seconds"]
        parse_rate = parse["hands"] / parse["seconds"]
        lines.append(
            f"| {row['room']} | {row['size_mb']:.0f} | {row['meta']['hands']:,} "
            f"| {split_rate:,.0f} | {parse_rate:,.0f} "
            f"| {row['ratio']:.3f} | {imp['seen'] / imp['seconds']:,.0f} "
            f"| {imp['errors']:,.0f} ({row['meta']['expected_errors']:,}) |"
        )
    return "\n".join(lines)


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
    parser.add_argument(
        "--room",
        help="bench a room's format on its corpus hands instead: a site name or 'all'",
    )
    parser.add_argument("--mb", type=float, default=50.0, help="size of a room's file (MB)")
    parser.add_argument("--stage", nargs="+", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.stage:
        name, path, *rest = options.stage
        site = options.room or STARS
        if name == "split":
            report = stage_split(Path(path), site)
        elif name == "parse":
            report = stage_parse(Path(path), int(rest[0]), site, warm=rest[1:] == ["warm"])
        elif name in ("store", "append"):
            report = stage_store(Path(path), int(rest[0]), Path(rest[1]), name == "append")
        else:  # "import", of a file or of a folder
            report = stage_import(Path(path), Path(rest[0]))
        print(json.dumps({**_usage(), **report}))
        return
    if options.room:
        from ingest.sites import registry

        names = list(registry()) if options.room == "all" else [options.room]
        if unknown := [n for n in names if n not in registry()]:
            parser.error(f"unknown room {unknown[0]!r}: one of {', '.join(registry())} or all")
        rows = [row for name in names if (row := bench_room(name, options.mb)) is not None]
        if rows:
            print("\n" + _room_table(rows))
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
    appended = run_stage(["append", str(path), sample, str(OUT / "bench-append.duckdb")])
    print(_line("DuckDB's own append of those tables", appended))
    imported = run_stage(["import", str(path), str(OUT / "bench.duckdb")])
    print(_line("import end to end, all cores", imported))
    folder = small_files(path, min(SMALL_FILES_HANDS, options.hands), HANDS_PER_SMALL_FILE)
    small = run_stage(["import", str(folder), str(OUT / "bench-small.duckdb")])
    print(_line(f"import of {HANDS_PER_SMALL_FILE}-hand files", small))
    rate = imported["hands"] / imported["seconds"]
    peak = import_peak(imported)
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
    append_us = appended["cpu_seconds"] / appended["hands"] * 1e6
    split_us = split["seconds"] / split["hands"] * 1e6  # one thread: its time is its CPU
    allowed_us = cores / TARGET_RATE * 1e6
    print(
        f"per hand: parse {parse_us:.0f} us on one core + store {store_us:.0f} us = "
        f"{parse_us + store_us:.0f} us; the target allows {allowed_us:.0f} us "
        f"of CPU per hand on {cores} cores; DuckDB's own append of the same tables "
        f"{append_us:.0f} us (the store at {append_us / store_us:.2f} of its rate)"
    )
    print(
        f"the target's budget less DuckDB's own append and the read and split "
        f"({split_us:.1f} us): {allowed_us - append_us - split_us:.1f} us of CPU a hand left "
        f"for parsing it, against {parse_us:.0f} us"
    )
    print(
        f"target end to end > {TARGET_RATE:,} hands/s: {'met' if rate > TARGET_RATE else 'NOT met'}"
        f" ({rate:,.0f}); peak memory < {TARGET_MEMORY_MB} MB: "
        f"{'met' if peak < TARGET_MEMORY_MB else 'NOT met'} ({peak:.0f} MB)"
    )


if __name__ == "__main__":
    main()
