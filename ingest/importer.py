"""Import hand-history files into the DuckDB store: detect, split, parse in parallel, insert.

The recipe: list the files under the given paths, detect each file's site from its first
bytes, split large files into hand-aligned chunks and group small ones (a parse has a fixed
cost, paid once per group rather than once per file), parse them in a pool of threads (the
compiled scans, Arrow and polars work outside Python's lock, so the threads use every core;
a bounded number of chunks is in flight, so memory stays flat whatever the input size) and
insert the Arrow tables from the calling thread, the single writer, in file order (the
first copy of a hand wins). Threads rather than processes: no copying of chunks and tables between
processes, and one copy of the libraries in memory. Every hand ends as exactly one of
imported, duplicate, skipped or error. A file that the same parser already read, with the
same content, is not read again: its hands end as they did then (stored ones as
duplicates), as reading it again would give.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow as pa

from ingest import schemas, store
from ingest.engine.contract import Chunk, ParseResult, Site, concat_results
from ingest.reader import iter_chunks
from ingest.sites import detect_site, parser_version

# Companion and output files that sit next to hand histories (FPDB's expected-result files,
# tracker exports, archives, databases); skipped when walking folders, not when named.
IGNORED_SUFFIXES = frozenset(
    {".hp", ".hands", ".gt", ".tsv", ".csv", ".json", ".md", ".py", ".duckdb", ".wal",
     ".parquet", ".zip", ".gz", ".bz2", ".xz", ".7z", ".png", ".jpg", ".pdf"}
)  # fmt: skip
HEAD_BYTES = 4096
# A parse pays a fixed cost whatever its size (its polars queries): 8 MB chunks pay it once
# per 7,000 hands; larger ones take the import's memory over 1 GB for no gain in speed.
CHUNK_BYTES = 8 << 20
BATCH_HANDS = 25_000
# One transaction per 200,000 hands: DuckDB writes a large transaction's rows straight into
# the tables' blocks, where small ones go through its log and are written again at each
# checkpoint (committing every 25,000 hands cost 15-20 us a hand, every 200,000 about 1);
# a failed import keeps the hands of its committed transactions.
COMMIT_HANDS = 200_000
IN_FLIGHT_PER_WORKER = 2  # covers the pause while the calling thread inserts a batch
# The single writer: one DuckDB thread (the parse threads have the cores; more threads only
# spin) and a small buffer pool (inserting needs little; the parse threads share the memory).
IMPORT_MEMORY_LIMIT = "128MB"
_END_OF_FILE = -1  # size tag of the marker that closes a file's results
# The writer (the calling thread: DuckDB appends on one thread) is the import's critical
# path; the parse threads have time to spare, so they run at a lower priority and the
# writer does not wait for a core.
PARSE_NICENESS = 5


def _yield_to_the_writer() -> None:
    """Lower this parse thread's scheduling priority, where the system can (Linux sets a
    niceness per thread)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), PARSE_NICENESS)


@dataclass(frozen=True)
class ImportProgress:
    """Where a running import stands, passed to the progress callback."""

    files_done: int
    files_total: int
    bytes_done: int
    bytes_total: int
    hands_seen: int


@dataclass(frozen=True)
class ImportSummary:
    """The outcome of one import run; ``hands_seen`` = imported + duplicates + skipped + errors;
    ``unchanged_files`` of the ``files`` were not read again (already read by this parser)."""

    files: int
    hands_seen: int
    imported: int
    duplicates: int
    skipped: int
    errors: int
    seconds: float
    skipped_by_reason: tuple[tuple[str, int], ...] = ()
    unchanged_files: int = 0


class ImportPathError(Exception):
    """A path given to the import does not exist."""


@dataclass
class _FileTally:
    size: int
    sha256: str  # "" until the background hash is in (see _Run.hashing)
    parser: str | None = None
    imported: int = 0
    duplicates: int = 0
    skipped: int = 0
    errors: int = 0


@dataclass
class _Run:
    """Running totals and the batch waiting to be inserted."""

    con: duckdb.DuckDBPyConnection
    hasher: ThreadPoolExecutor
    past_reads: dict[tuple[str, str, str], store.PastRead] = field(default_factory=dict)
    past_sizes: set[tuple[str, int, str | None]] = field(default_factory=set)
    files: dict[str, _FileTally] = field(default_factory=dict)
    unchanged_files: int = 0
    skip_reasons: Counter[str] = field(default_factory=Counter)
    pending: list[ParseResult] = field(default_factory=list)
    pending_hands: int = 0
    uncommitted_hands: int = 0
    hands_seen: int = 0
    bytes_done: int = 0
    # files being hashed in the background, oldest first: their hashes are moved into
    # their tallies as they finish, so no future is kept per file
    hashing: deque[tuple[_FileTally, Future[str]]] = field(default_factory=deque)


def _done(result: ParseResult) -> Future[ParseResult]:
    future: Future[ParseResult] = Future()
    future.set_result(result)
    return future


def list_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files to import: named files as given, folders walked recursively in name order;
    each file once."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_file():
            found.append(path)
        elif path.is_dir():
            found.extend(
                sub
                for sub in sorted(path.rglob("*"))
                if sub.is_file()
                and not sub.name.startswith(".")
                and sub.suffix.lower() not in IGNORED_SUFFIXES
            )
        else:
            raise ImportPathError(f"no such file or folder: {path}")
    return list(dict.fromkeys(found))  # a file named twice (or inside a named folder) once


def _hand_chunks(chunk: Chunk, hand_start: re.Pattern[bytes]) -> Iterator[Chunk]:
    """The chunk cut at every hand start, each piece with its own offset and line number."""
    starts = [m.start() for m in hand_start.finditer(chunk.data)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    for begin, end in zip(starts, [*starts[1:], len(chunk.data)], strict=True):
        yield Chunk(
            chunk.data[begin:end],
            chunk.source_file,
            chunk.byte_offset + begin,
            chunk.line_no + chunk.data.count(b"\n", 0, begin),
            chunk.encoding,
        )


def _failure_row(chunk: Chunk, exc: Exception) -> pa.Table:
    first_line = chunk.data.split(b"\n", 1)[0].decode(chunk.encoding, errors="replace")
    return _error_table(
        chunk.source_file, chunk.byte_offset, chunk.line_no, first_line,
        f"parser failure: {type(exc).__name__}: {exc}",
    )  # fmt: skip


def _unless_it_raises(parse: Callable[[], ParseResult]) -> ParseResult | None:
    """The parser's result, or None when it raises (the parser's own bug: the caller then
    parses smaller pieces to isolate what triggers it)."""
    try:
        return parse()
    except Exception:
        return None


def parse_chunk(site: Site, chunk: Chunk) -> ParseResult:
    """Parse one chunk; if the parser raises, parse hand by hand so only the bad hand fails."""
    result = _unless_it_raises(lambda: site.parse(chunk))
    if result is not None:
        return result
    results: list[ParseResult] = []
    for piece in _hand_chunks(chunk, site.hand_start):
        try:
            results.append(site.parse(piece))
        except Exception as exc:  # recorded with its cause in import_errors
            failed = ParseResult.empty().tables()
            failed["import_errors"] = _failure_row(piece, exc)
            results.append(ParseResult(**failed))
    return concat_results(results)


def parse_chunks(site: Site, chunks: Sequence[Chunk]) -> ParseResult:
    """Parse a job: one chunk, or whole small files together (one fixed parse cost for
    all); if the parser raises on them together, each chunk is parsed on its own."""
    if len(chunks) > 1:
        result = _unless_it_raises(lambda: site.parse_many(chunks))
        if result is not None:
            return result
    return concat_results([parse_chunk(site, chunk) for chunk in chunks])


def _error_table(source_file: str, offset: int, line_no: int, line: str, reason: str) -> pa.Table:
    return pa.table(
        {
            "source_file": [source_file],
            "byte_offset": [offset],
            "line_no": [line_no],
            "hand_id": [None],
            "line": [line],
            "reason": [reason],
        },
        schema=schemas.IMPORT_ERRORS,
    )


def _file_error(path: Path, head: bytes, reason: str) -> ParseResult:
    tables = ParseResult.empty().tables()
    first_line = head.split(b"\n", 1)[0].decode("utf-8", errors="replace").rstrip("\r")
    tables["import_errors"] = _error_table(str(path), 0, 1, first_line, reason)
    return ParseResult(**tables)


def _sha256(path: Path) -> str:
    """The file's sha256 ("" if it can no longer be read)."""
    try:
        with path.open("rb") as stream:
            return hashlib.file_digest(stream, "sha256").hexdigest()
    except OSError:
        return ""


def _flush(run: _Run) -> None:
    if not run.pending:
        return
    batch = concat_results(run.pending)
    run.pending.clear()
    run.pending_hands = 0
    outcome = store.insert_batch(run.con, batch.tables())
    run.uncommitted_hands += batch.hands.num_rows
    if run.uncommitted_hands >= COMMIT_HANDS:
        store.commit_and_continue(run.con)
        run.uncommitted_hands = 0
    for source_file, count in outcome.imported.items():
        run.files[source_file].imported += count
    for source_file, count in outcome.duplicates.items():
        run.files[source_file].duplicates += count


def _collect(run: _Run, result: ParseResult, chunk_bytes: int) -> None:
    skips = result.import_skips
    errors = result.import_errors
    for source_file, count in Counter(skips.column("source_file").to_pylist()).items():
        run.files[source_file].skipped += count
    for source_file, count in Counter(errors.column("source_file").to_pylist()).items():
        run.files[source_file].errors += count
    run.skip_reasons.update(skips.column("reason").to_pylist())
    seen = result.hands.num_rows + skips.num_rows + errors.num_rows
    run.hands_seen += seen
    run.bytes_done += chunk_bytes
    run.pending.append(result)
    run.pending_hands += seen
    if run.pending_hands >= BATCH_HANDS:
        _flush(run)


def _count_as_before(run: _Run, source_file: str, tally: _FileTally) -> bool:
    """Count the hands of a file that this parser already read with this content as they
    ended then, the stored ones as duplicates; False when the file must be read (never read
    so, or its skip rows no longer match the count)."""
    assert tally.parser is not None
    past = run.past_reads.get((source_file, tally.sha256, tally.parser))
    if past is None:
        return False
    reasons = store.skip_reasons(run.con, source_file) if past.skipped else Counter[str]()
    if reasons.total() != past.skipped:
        return False
    tally.duplicates, tally.skipped, tally.errors = past.hands, past.skipped, past.errors
    run.skip_reasons.update(reasons)
    run.hands_seen += past.hands + past.skipped + past.errors
    run.bytes_done += tally.size
    run.unchanged_files += 1
    return True


def _take_hashes(run: _Run, wait: bool) -> None:
    """Move finished background hashes into their files' tallies (all of them if ``wait``)."""
    while run.hashing and (wait or run.hashing[0][1].done()):
        tally, future = run.hashing.popleft()
        tally.sha256 = future.result()


@dataclass
class _SmallFiles:
    """Whole small files of one site waiting to be parsed together."""

    site: Site | None = None
    chunks: list[Chunk] = field(default_factory=list)
    size: int = 0
    files: int = 0

    def take(self) -> Iterator[tuple[Site | None, list[Chunk] | ParseResult]]:
        """The waiting files as one job, then one end-of-file marker per file."""
        if self.chunks:  # empty files have no chunk
            yield self.site, self.chunks
        for _ in range(self.files):
            yield None, ParseResult.empty()
        self.chunks, self.size, self.files = [], 0, 0


def _file_jobs(
    run: _Run, files: Sequence[Path]
) -> Iterator[tuple[Site | None, list[Chunk] | ParseResult]]:
    """Jobs in file order: the site and the chunks to parse, each followed by
    one end-of-file marker per file it completes; or a file's one error row. A large file
    is one job per chunk; small files are parsed together, up to a chunk's size per job."""
    small = _SmallFiles()
    for path in files:
        source_file = str(path)
        try:
            with path.open("rb") as stream:
                head = stream.read(HEAD_BYTES)
            size = path.stat().st_size
        except OSError as exc:
            run.files[source_file] = _FileTally(0, "")
            yield from small.take()
            yield None, _file_error(path, b"", f"cannot read: {exc.strerror}")
            continue
        site = detect_site(head)
        parser = None if site is None else parser_version(site)
        # Hashing a large file takes a second per GB: it is done before reading the file only
        # when the file may be unchanged (same path, size and parser as a past read), else in
        # the background while it is parsed.
        maybe_unchanged = (source_file, size, parser) in run.past_sizes
        tally = run.files[source_file] = _FileTally(size, "", parser)
        if maybe_unchanged:
            tally.sha256 = _sha256(path)
        else:
            run.hashing.append((tally, run.hasher.submit(_sha256, path)))
        _take_hashes(run, wait=False)
        if site is None:
            yield from small.take()
            yield None, _file_error(path, head, "unrecognised format")
            continue
        if maybe_unchanged and _count_as_before(run, source_file, tally):
            yield None, ParseResult.empty()  # the file's end, nothing to parse
            continue
        chunks = iter_chunks(path, site.hand_start, CHUNK_BYTES)
        if size < CHUNK_BYTES:
            if small.site is not site or small.size + size > CHUNK_BYTES:
                yield from small.take()
            small.site = site
            small.chunks.extend(chunks)
            small.size += size
            small.files += 1
            continue
        yield from small.take()
        for chunk in chunks:
            yield site, [chunk]
        yield None, ParseResult.empty()  # marks the end of the file
    yield from small.take()


def import_paths(
    paths: Iterable[str | Path],
    db_path: str | Path,
    workers: int | None = None,
    progress: Callable[[ImportProgress], None] | None = None,
    reread: bool = False,
) -> ImportSummary:
    """Import every hand-history file under ``paths`` into the store at ``db_path``;
    ``reread`` reads even the files this parser already read with the same content."""
    began = time.perf_counter()
    files = list_files(paths)
    bytes_total = sum(path.stat().st_size for path in files)
    workers = workers or os.cpu_count() or 1
    con = store.connect(db_path, threads=1, memory_limit=IMPORT_MEMORY_LIMIT)
    hasher = ThreadPoolExecutor(1)
    run = _Run(con, hasher, {} if reread else store.past_reads(con))
    run.past_sizes = {
        (path, read.size, parser) for (path, _, parser), read in run.past_reads.items()
    }
    files_done = 0

    def report() -> None:
        if progress is not None:
            progress(ImportProgress(files_done, len(files), run.bytes_done, bytes_total,
                                    run.hands_seen))  # fmt: skip

    parsing = 0  # parse jobs in flight (end-of-file markers and file errors not counted)

    def take(future: Future[ParseResult], size: int) -> None:
        nonlocal files_done, parsing
        _collect(run, future.result(), max(size, 0))
        files_done += size == _END_OF_FILE
        parsing -= size != _END_OF_FILE
        report()

    report()
    executor = ThreadPoolExecutor(workers, initializer=_yield_to_the_writer)
    try:
        with store.transaction(con):
            in_flight: deque[tuple[Future[ParseResult], int]] = deque()
            for site, job in _file_jobs(run, files):
                if isinstance(job, list):
                    assert site is not None
                    size = sum(len(chunk.data) for chunk in job)
                    in_flight.append((executor.submit(parse_chunks, site, job), size))
                    parsing += 1
                else:
                    in_flight.append((_done(job), _END_OF_FILE))
                while parsing > workers * IN_FLIGHT_PER_WORKER:
                    take(*in_flight.popleft())
            while in_flight:
                take(*in_flight.popleft())
            _flush(run)
            _take_hashes(run, wait=True)
            store.record_files(con, [
                store.FileRecord(source_file, tally.sha256, tally.size, tally.imported,
                                 tally.duplicates, tally.skipped, tally.errors, tally.parser)
                for source_file, tally in run.files.items()
            ])  # fmt: skip
    finally:
        # an interrupted import waits for the chunks being parsed, not for the queued ones
        executor.shutdown(cancel_futures=True)
        hasher.shutdown(cancel_futures=True)
        con.close()
    totals = [sum(getattr(t, name) for t in run.files.values())
              for name in ("imported", "duplicates", "skipped", "errors")]  # fmt: skip
    return ImportSummary(
        files=len(files),
        hands_seen=sum(totals),
        imported=totals[0],
        duplicates=totals[1],
        skipped=totals[2],
        errors=totals[3],
        seconds=time.perf_counter() - began,
        skipped_by_reason=tuple(sorted(run.skip_reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        unchanged_files=run.unchanged_files,
    )
