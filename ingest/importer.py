"""Import hand-history files into the DuckDB store: detect, split, parse in parallel, insert.

The recipe: list the files under the given paths (archives' members among them, see
:mod:`ingest.archives`), detect each file's site from its first bytes, split large files
into hand-aligned chunks and group small ones (a parse has a fixed cost, paid once per
group rather than once per file), parse them in a pool of threads (the compiled scans,
Arrow and polars work outside Python's lock, so the threads use every core; a bounded
number of chunks is in flight, so memory stays flat whatever the input size) and insert
the Arrow tables from the calling thread, the single writer, in file order (the first copy
of a hand wins). Threads rather than processes: no copying of chunks and tables between
processes, and one copy of the libraries in memory. A site whose parse is Python element
by element (the XML rooms', :attr:`Site.python_bound`) would hold Python's lock in every
thread: past its first 2 MB, its jobs go to a pool of worker processes instead. Every hand
ends as exactly one of imported, duplicate, skipped or error. A file that the same parser
already read, with the same content, is not read again: its hands end as they did then
(stored ones as duplicates), as reading it again would give. Every file ends as one
:class:`FileOutcome` (read, unchanged, in a format not supported, empty, unreadable).
Ctrl-C stops the import between two batches: what was committed stays, the rest is rolled
back.
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import multiprocessing
import os
import re
import signal
import sys
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow as pa

from ingest import archives, duplicates, schemas, store, warm
from ingest.archives import ImportPathError as ImportPathError
from ingest.archives import Source
from ingest.engine.contract import Chunk, ParseResult, Site, concat_results
from ingest.reader import LineTooLong, read_chunks, with_lf_line_ends
from ingest.sites import detect_site, parser_version

HEAD_BYTES = 4096
# A parse pays a fixed cost whatever its size (its polars queries): 8 MB chunks pay it once
# per 7,000 hands; larger ones take the import's memory over 1 GB for no gain in speed.
CHUNK_BYTES = 8 << 20
# A Python-bound site's parse (see PROCESS_AFTER_BYTES) holds some fifty times its chunk in
# Python objects: its chunks are an eighth of the others'.
PYTHON_BOUND_SHARE = 8
BATCH_HANDS = 25_000
# or fewer where the hands' tables are larger than the generated hands' (some 2.4 KB a
# hand; the XML rooms' 3.2 KB): inserting a batch holds it about three times over
BATCH_BYTES = 60 << 20
# One transaction per 200,000 hands: DuckDB writes a large transaction's rows straight into
# the tables' blocks, where small ones go through its log and are written again at each
# checkpoint (committing every 25,000 hands cost 15-20 us a hand, every 200,000 about 1);
# a failed import keeps the hands of its committed transactions.
COMMIT_HANDS = 200_000
IN_FLIGHT_PER_WORKER = 2  # covers the pause while the calling thread inserts a batch
# The single writer: one DuckDB thread (the parse threads have the cores; more threads only
# spin) and a small buffer pool (inserting needs little; the parse threads share the memory).
IMPORT_MEMORY_LIMIT = "128MB"
# The writer (the calling thread: DuckDB appends on one thread) is the import's critical
# path; the parse threads have time to spare, so they run at a lower priority and the
# writer does not wait for a core.
PARSE_NICENESS = 5
PROGRESS_SECONDS = 0.25  # how often the progress is reported (and Ctrl-C heeded) while waiting
# Python-bound sites' jobs are parsed in worker processes once the import has given them
# this many bytes (the first 2 MB, some 700 of the XML rooms' hands, in threads): worker
# processes take about a second to start, more than they save on a small import, and a
# parse in a thread leaves its Python objects' memory to the importer's process.
PROCESS_AFTER_BYTES = 2 << 20


def _yield_to_the_writer() -> None:
    """Lower this parse thread's scheduling priority, where the system can (Linux sets a
    niceness per thread)."""
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), PARSE_NICENESS)


def chunk_bytes(site: Site) -> int:
    """The size of the site's chunks, and of its jobs of small files."""
    return CHUNK_BYTES // PYTHON_BOUND_SHARE if site.python_bound else CHUNK_BYTES


def _start_parse_process() -> None:
    """A parse process's initializer: it yields to the writer as the parse threads do, and
    leaves Ctrl-C to the main process (a terminal sends it to every process of the
    command), which stops the import between two batches."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _yield_to_the_writer()


@dataclass
class _Parsers:
    """Where jobs are parsed: a pool of threads, and for Python-bound sites' jobs past
    their first ``PROCESS_AFTER_BYTES`` a pool of processes."""

    workers: int
    threads: ThreadPoolExecutor
    processes: ProcessPoolExecutor | None = None
    python_bound_bytes: int = 0  # the bytes of Python-bound sites' jobs so far
    processes_lost: bool = False  # a parse process died: the rest is parsed in threads

    def submit(self, site: Site, chunks: Sequence[Chunk]) -> Future[ParseResult]:
        if self.workers < 2 or not site.python_bound or self.processes_lost:
            return self.threads.submit(parse_chunks, site, chunks)
        self.python_bound_bytes += sum(len(chunk.data) for chunk in chunks)
        if self.python_bound_bytes <= PROCESS_AFTER_BYTES:
            return self.threads.submit(parse_chunks, site, chunks)
        if self.processes is None:
            # not plain fork: this process's DuckDB and polars threads may hold locks that a
            # forked child would inherit taken; the fork server has imported the parsers
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload([__name__])
            self.processes = ProcessPoolExecutor(self.workers, mp_context=context,
                                                 initializer=_start_parse_process)  # fmt: skip
        return self.processes.submit(parse_chunks, site, chunks)

    def result(self, job: _Job, future: Future[ParseResult], progress: _Progress,
               run: _Run) -> ParseResult:  # fmt: skip
        """The job's result; parsed here when its parse process died (the system killed
        it, out of memory, or it crashed), as are the other jobs given to the processes:
        the import goes on in threads."""
        try:
            return progress.wait(run, future)
        except BrokenProcessPool:
            if not self.processes_lost and self.processes is not None:
                self.processes_lost = True
                self.processes.shutdown(wait=False, cancel_futures=True)
            assert job.site is not None  # a job given to the processes has chunks
            return parse_chunks(job.site, job.chunks)

    def shutdown(self) -> None:
        """Cancel the jobs not started; wait for those being parsed."""
        self.threads.shutdown(cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(cancel_futures=True)


@dataclass(frozen=True)
class ImportProgress:
    """Where a running import stands, passed to the progress callback."""

    files_done: int
    files_total: int
    bytes_done: int  # bytes on disk (an archive member's compressed bytes)
    bytes_total: int
    hands_seen: int
    compiling: bool = False  # the parser is being compiled (the first import after installing)


class FileOutcome(enum.Enum):
    """How a file (or an archive member) ended."""

    READ = "read"
    UNCHANGED = "unchanged"  # already read by this parser, with this content: not read again
    NOT_SUPPORTED = "in formats not supported"
    EMPTY = "empty"  # nothing but white space: no hand
    UNREADABLE = "unreadable"  # or not read to its end


@dataclass(frozen=True)
class ImportSummary:
    """The outcome of one import run. Hands: ``hands_seen`` = imported + duplicates + skipped
    + errors, ``conflicts`` among the errors: copies of a stored hand (or of one met earlier)
    with other content, not stored (see :mod:`ingest.duplicates`). Files (an archive's
    members each count as one): ``files`` = ``files_read`` +
    ``unchanged_files`` + ``unsupported_files`` + ``empty_files`` + ``unreadable_files``;
    ``files_left_out`` in folders (hidden, companions) are not among them. ``not_read``
    names every unreadable file and folder (a symbolic link loop among them) with why."""

    files: int
    hands_seen: int
    imported: int
    duplicates: int
    skipped: int
    errors: int
    seconds: float
    skipped_by_reason: tuple[tuple[str, int], ...] = ()
    unchanged_files: int = 0
    files_read: int = 0
    unsupported_files: int = 0
    empty_files: int = 0
    unreadable_files: int = 0
    unreadable_folders: int = 0
    files_left_out: int = 0
    not_read: tuple[tuple[str, str], ...] = ()
    conflicts: int = 0


class ImportInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped the import: the ``committed`` hands imported by its committed
    transactions stay, the rest was rolled back."""

    def __init__(self, committed: int) -> None:
        super().__init__(f"{committed:,} hands committed, the rest rolled back")
        self.committed = committed


@dataclass
class _FileTally:
    size: int
    sha256: str  # "" until the hash is in (see _Run.hashing), or when not read
    parser: str | None = None
    imported: int = 0
    duplicates: int = 0
    skipped: int = 0
    errors: int = 0
    outcome: FileOutcome = FileOutcome.READ
    reason: str = ""  # why it is unreadable or not supported

    def not_read(self, outcome: FileOutcome, reason: str = "") -> None:
        """End as a file not read (to its end): never taken as unchanged later."""
        self.outcome, self.reason, self.parser = outcome, reason, None


@dataclass
class _Run:
    """Running totals and the batch waiting to be inserted."""

    con: duckdb.DuckDBPyConnection
    hasher: ThreadPoolExecutor
    past_reads: dict[tuple[str, str, str], store.PastRead] = field(default_factory=dict)
    timezone: str | None = None  # the zone of times written without one (None: the room's)
    # (source_file, parser) -> the sizes it had when that parser read it
    past_sizes: dict[tuple[str, str], set[int]] = field(default_factory=dict)
    files: dict[str, _FileTally] = field(default_factory=dict)
    skip_reasons: Counter[str] = field(default_factory=Counter)
    pending: list[ParseResult] = field(default_factory=list)
    pending_chunks: list[Chunk] = field(default_factory=list)  # what the pending results read
    conflicts: int = 0
    pending_hands: int = 0
    pending_bytes: int = 0  # the pending results' tables
    uncommitted_hands: int = 0
    committed: int = 0  # hands imported by the committed transactions
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
    """The files to import (resolved): named files, and the files found in named folders,
    walked recursively in name order; each file once (see :func:`ingest.archives.find`)."""
    return [found.path for found in archives.find(paths).files]


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


def _flush(run: _Run) -> None:
    if not run.pending:
        return
    batch = concat_results(run.pending)
    chunks = run.pending_chunks
    run.pending.clear()
    run.pending_chunks = []
    run.pending_hands = run.pending_bytes = 0
    outcome = store.insert_batch(run.con, batch.tables())
    for source_file, count in outcome.imported.items():
        run.files[source_file].imported += count
    for source_file, count in outcome.duplicates.items():
        run.files[source_file].duplicates += count
    if outcome.conflicts:  # each an error row at the copy not stored
        errors = duplicates.error_rows(outcome.conflicts, chunks)
        store.insert_log(run.con, "import_errors", errors)
        for source_file in errors.column("source_file").to_pylist():
            run.files[source_file].errors += 1
        run.conflicts += errors.num_rows
    run.uncommitted_hands += batch.hands.num_rows
    if run.uncommitted_hands >= COMMIT_HANDS:
        store.commit_and_continue(run.con)
        run.uncommitted_hands = 0
        run.committed = sum(tally.imported for tally in run.files.values())


def _collect(run: _Run, result: ParseResult, chunk_bytes: int, chunks: Sequence[Chunk]) -> None:
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
    run.pending_chunks.extend(chunks)
    run.pending_hands += seen
    run.pending_bytes += sum(table.nbytes for table in result.tables().values())
    if run.pending_hands >= BATCH_HANDS or run.pending_bytes >= BATCH_BYTES:
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
    tally.outcome = FileOutcome.UNCHANGED
    run.conflicts += store.conflicts(run.con, source_file) if past.errors else 0
    run.skip_reasons.update(reasons)
    run.hands_seen += past.hands + past.skipped + past.errors
    return True


def _take_hashes(run: _Run, wait: bool) -> None:
    """Move finished background hashes into their files' tallies (all of them if ``wait``)."""
    while run.hashing and (wait or run.hashing[0][1].done()):
        tally, future = run.hashing.popleft()
        tally.sha256 = future.result()


@dataclass(frozen=True)
class _Job:
    """Chunks of one site for the parse threads (none: nothing to parse), the bytes on disk
    of the input they complete (for the progress) and how many files they end."""

    site: Site | None = None
    chunks: Sequence[Chunk] = ()
    stored: int = 0
    files_ended: int = 0


@dataclass
class _SmallFiles:
    """Whole small files of one site waiting to be parsed together."""

    site: Site | None = None
    chunks: list[Chunk] = field(default_factory=list)
    size: int = 0
    stored: int = 0
    files: int = 0

    def add(self, site: Site, chunks: list[Chunk], stored: int) -> Iterator[_Job]:
        """Add a file (its one chunk, or none), after the waiting ones as a job if they are
        of another site or a job's size is reached."""
        size = sum(len(chunk.data) for chunk in chunks)
        if self.site is not site or self.size + size > chunk_bytes(site):
            yield from self.take()
        self.site = site
        self.chunks.extend(chunks)
        self.size += size
        self.stored += stored
        self.files += 1

    def take(self) -> Iterator[_Job]:
        """The waiting files as one job."""
        if self.files:
            yield _Job(self.site, self.chunks, self.stored, self.files)
        self.chunks, self.size, self.stored, self.files = [], 0, 0, 0


def _file_jobs(run: _Run, files: Sequence[archives.Found]) -> Iterator[_Job]:
    """Jobs in file order: a large file is one job per chunk, small files are parsed
    together, up to a chunk's size per job; a file with nothing to parse is a job that
    only ends it."""
    small = _SmallFiles()
    for found in files:
        for source in archives.sources(found):
            yield from _source_jobs(run, source, small)
    yield from small.take()


def _source_jobs(run: _Run, source: Source, small: _SmallFiles) -> Iterator[_Job]:
    """The jobs of one file or archive member, or its part of a job of small files."""
    tally = run.files[source.name] = _FileTally(source.size or 0, "")
    site = _recognise(source, tally, run.timezone)
    _take_hashes(run, wait=False)
    if site is None or _unchanged(run, source, tally):
        yield _Job(stored=source.stored, files_ended=1)
        return
    chunks = _read(run, source, tally, site)
    first = next(chunks, None)
    second = None if first is None else next(chunks, None)
    if second is None:  # all of it in one chunk (or none): parsed with other small files
        yield from small.add(site, [] if first is None else [first], source.stored)
        return
    yield from small.take()
    assert first is not None
    done = 0
    for chunk in itertools.chain([first, second], chunks):
        # the share of the bytes on disk (not known inside a .gz, .bz2 or .xz file)
        stored = len(chunk.data) * source.stored // source.size if source.size else 0
        done += stored
        yield _Job(site, [chunk], stored)
    yield _Job(stored=max(source.stored - done, 0), files_ended=1)


def _recognise(source: Source, tally: _FileTally, timezone: str | None) -> Site | None:
    """The site that reads the source, from its first bytes (reading times written without
    a zone in ``timezone`` when given); None (noted in the tally) when it is unreadable,
    empty or in a format no site reads."""
    if source.unreadable:
        tally.not_read(FileOutcome.UNREADABLE, source.unreadable)
        return None
    if source.unsupported:
        tally.not_read(FileOutcome.NOT_SUPPORTED, source.unsupported)
        return None
    try:
        head = archives.head(source, HEAD_BYTES)
    except archives.READ_ERRORS as exc:
        tally.not_read(FileOutcome.UNREADABLE, archives.why(exc))
        return None
    if len(head) < HEAD_BYTES and archives.is_blank(head):
        tally.not_read(FileOutcome.EMPTY)
        return None
    site = detect_site(with_lf_line_ends(head))
    if site is None:
        tally.not_read(FileOutcome.NOT_SUPPORTED, "no known hand-history format")
        return None
    if timezone is not None:
        site = site.with_zone(timezone)
    tally.parser = parser_version(site)
    return site


def _unchanged(run: _Run, source: Source, tally: _FileTally) -> bool:
    """Whether the source is as this parser read it before, its hands then counted as they
    ended (hashed first only when its size, where known, matches a past read)."""
    assert tally.parser is not None
    sizes = run.past_sizes.get((source.name, tally.parser))
    if not sizes or (source.size is not None and source.size not in sizes):
        return False
    try:
        tally.sha256, tally.size = archives.digest(source)
    except archives.READ_ERRORS:
        return False  # reading it says so
    return _count_as_before(run, source.name, tally)


def _read(run: _Run, source: Source, tally: _FileTally, site: Site) -> Iterator[Chunk]:
    """The source's chunks. A file is hashed in the background, an archive member on the
    way (unless hashed already); a read error ends the chunks (the hands before it read),
    noted in the tally with where the hands read end."""
    hash_here = not tally.sha256 and source.path is None
    if not tally.sha256 and source.path is not None:
        run.hashing.append((tally, run.hasher.submit(archives.file_sha256, source.path)))
    read_to = 0  # where the chunks given so far end
    try:
        with contextlib.closing(source.open()) as stream:
            reading = archives.Hashing(stream) if hash_here else stream
            # no hand is as long as a chunk: a line that long stops the reading
            chunks = read_chunks(reading, source.name, site.hand_start, chunk_bytes(site),
                                 longest=CHUNK_BYTES)  # fmt: skip
            for chunk in chunks:
                read_to = chunk.byte_offset + len(chunk.data)
                yield chunk
            if isinstance(reading, archives.Hashing):
                tally.sha256, tally.size = reading.digest.hexdigest(), reading.size
    except (*archives.READ_ERRORS, LineTooLong) as exc:
        why = str(exc) if isinstance(exc, LineTooLong) else archives.why(exc)
        tally.not_read(FileOutcome.UNREADABLE,
                       f"not read to its end: {why}; hands read up to byte {read_to}")  # fmt: skip


@contextlib.contextmanager
def _interrupts_deferred() -> Iterator[threading.Event]:
    """Within the block, Ctrl-C (SIGINT) sets the event, which the import heeds between two
    batches, instead of raising wherever the main thread is: DuckDB turns a signal that
    arrives during a statement into a plain RuntimeError. Only in the main thread, and only
    over Python's own handler."""
    stop = threading.Event()
    ours = threading.current_thread() is threading.main_thread() and (
        signal.getsignal(signal.SIGINT) is signal.default_int_handler
    )
    if ours:
        signal.signal(signal.SIGINT, lambda signum, frame: stop.set())
    try:
        yield stop
    finally:
        if ours:
            signal.signal(signal.SIGINT, signal.default_int_handler)


@dataclass
class _Progress:
    """Reports where the import stands to the progress callback."""

    callback: Callable[[ImportProgress], None] | None
    files_total: int
    bytes_total: int
    compiles: warm.CompileWatch
    stop: threading.Event
    files_done: int = 0

    def report(self, run: _Run) -> None:
        if self.callback is not None:
            self.callback(ImportProgress(self.files_done, self.files_total, run.bytes_done,
                                         self.bytes_total, run.hands_seen,
                                         self.compiles.compiling))  # fmt: skip

    def wait(self, run: _Run, future: Future[ParseResult]) -> ParseResult:
        """The job's result, reporting while it runs (a first parse may compile for 30 s);
        raises :class:`ImportInterrupted` once Ctrl-C was pressed."""
        while not wait([future], timeout=PROGRESS_SECONDS).done:
            self.check(run)
            self.report(run)
        self.check(run)
        return future.result()

    def check(self, run: _Run) -> None:
        if self.stop.is_set():
            raise ImportInterrupted(run.committed)


def _parse_all(run: _Run, files: Sequence[archives.Found], parsers: _Parsers,
               progress: _Progress) -> None:  # fmt: skip
    """Parse the files' jobs in the pool, a bounded number in flight, and collect their
    results in file order."""
    in_flight: deque[tuple[Future[ParseResult], _Job]] = deque()
    parsing = 0  # parse jobs in flight

    def take() -> None:
        nonlocal parsing
        future, job = in_flight.popleft()
        _collect(run, parsers.result(job, future, progress, run), job.stored, job.chunks)
        progress.files_done += job.files_ended
        parsing -= bool(job.chunks)
        progress.report(run)

    progress.report(run)
    for job in _file_jobs(run, files):
        progress.check(run)
        if job.chunks:
            assert job.site is not None
            in_flight.append((parsers.submit(job.site, job.chunks), job))
            parsing += 1
        else:
            in_flight.append((_done(ParseResult.empty()), job))
        while parsing > parsers.workers * IN_FLIGHT_PER_WORKER:
            take()
    while in_flight:
        take()
    progress.check(run)
    _flush(run)


def import_paths(
    paths: Iterable[str | Path],
    db_path: str | Path,
    workers: int | None = None,
    progress: Callable[[ImportProgress], None] | None = None,
    reread: bool = False,
    timezone: str | None = None,
    owner: duckdb.DuckDBPyConnection | None = None,
) -> ImportSummary:
    """Import every hand-history file under ``paths`` into the store at ``db_path``;
    ``reread`` reads even the files this parser already read with the same content;
    ``timezone`` (an IANA name) is the zone of the times a history writes without one, in
    place of the one its room's grammar assumes (a file read before with another zone is
    read again).
    ``owner``: the connection of a process that holds the store (``omaha serve``), on a
    cursor of which the import runs instead of opening ``db_path``.
    Ctrl-C raises :class:`ImportInterrupted` once the batch being inserted is in."""
    began = time.perf_counter()
    listing = archives.find(paths)
    workers = workers or os.cpu_count() or 1
    with _interrupts_deferred() as stop, warm.watching() as compiles:
        con = (owner.cursor() if owner is not None
               else store.connect(db_path, threads=1, memory_limit=IMPORT_MEMORY_LIMIT))
        hasher = ThreadPoolExecutor(1)
        run = _Run(con, hasher, {} if reread else store.past_reads(con), timezone)
        for (path, _, parser), read in run.past_reads.items():
            run.past_sizes.setdefault((path, parser), set()).add(read.size)
        files_total = sum(found.members for found in listing.files)
        bytes_total = sum(found.size for found in listing.files)
        reporter = _Progress(progress, files_total, bytes_total, compiles, stop)
        parsers = _Parsers(workers, ThreadPoolExecutor(workers, initializer=_yield_to_the_writer))
        try:
            with store.transaction(con):
                _parse_all(run, listing.files, parsers, reporter)
                _take_hashes(run, wait=True)
                store.record_files(con, [
                    store.FileRecord(source_file, tally.sha256, tally.size, tally.imported,
                                     tally.duplicates, tally.skipped, tally.errors, tally.parser)
                    for source_file, tally in run.files.items()
                ])  # fmt: skip
        finally:
            # an interrupted import waits for the chunks being parsed, not for the queued ones
            parsers.shutdown()
            hasher.shutdown(cancel_futures=True)
            con.close()
    return _summary(run, listing, time.perf_counter() - began)


def _summary(run: _Run, listing: archives.Listing, seconds: float) -> ImportSummary:
    tallies = run.files.values()
    totals = [sum(getattr(t, name) for t in tallies)
              for name in ("imported", "duplicates", "skipped", "errors")]  # fmt: skip
    outcomes = Counter(tally.outcome for tally in tallies)
    unreadable = [(name, t.reason) for name, t in run.files.items()
                  if t.outcome is FileOutcome.UNREADABLE]  # fmt: skip
    return ImportSummary(
        files=len(run.files),
        hands_seen=sum(totals),
        imported=totals[0],
        duplicates=totals[1],
        skipped=totals[2],
        errors=totals[3],
        seconds=seconds,
        skipped_by_reason=tuple(sorted(run.skip_reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
        unchanged_files=outcomes[FileOutcome.UNCHANGED],
        files_read=outcomes[FileOutcome.READ],
        unsupported_files=outcomes[FileOutcome.NOT_SUPPORTED],
        empty_files=outcomes[FileOutcome.EMPTY],
        unreadable_files=outcomes[FileOutcome.UNREADABLE],
        unreadable_folders=len(listing.folders_not_read),
        files_left_out=listing.left_out,
        not_read=(*unreadable, *listing.folders_not_read),
        conflicts=run.conflicts,
    )
