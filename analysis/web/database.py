"""The database as ``omaha serve`` holds it.

DuckDB lets one process write a database file or several read it, never both: the app
opens it once, writable, for its whole life, and everything goes through that one
database. Each thread that answers pages reads through a cursor of its own (DuckDB's
transactions let them read while an import writes); imports run one at a time in a
thread of their own, on a cursor too, followed by the audit and the all-in equities of
the new hands and the stored player rows (the library functions ``omaha import``,
``omaha audit`` and ``omaha report`` call), after which the pages see the new hands.

The database is sealed as it is opened, as ``omaha sql`` seals its own (no file outside
it read or written, no extension installed or loaded, the configuration locked): the
settings belong to the whole database, every cursor included. The SQL page's query is
moreover refused unless it only reads, and runs in a transaction rolled back.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from analysis.allin import stage as allin_stage
from analysis.audit import stage as audit_stage
from analysis.reports import queries, summaries
from ingest import importer, store

REPORTS_KEPT = 64  # report results kept in memory (the version of the data, filters → rows)
QUERY_SECONDS = 30.0  # the SQL page's query is interrupted after this long
READ_ONLY_STATEMENTS = (duckdb.StatementType.SELECT, duckdb.StatementType.EXPLAIN)
# Reports whose minimum of hands only drops rows (``HAVING sum(hands) >= $min_hands`` over
# the rows they show): sql/report_players.sql, sql/report_positions.sql.
MINIMUM_AS_ROWS = (queries.Report.players, queries.Report.positions)


class QueryRefused(ValueError):
    """The SQL page's query may not run: it would write, or it failed."""


@dataclass
class ImportJob:
    """One import asked for (the import page, or a folder watched), as it goes."""

    number: int
    paths: list[str]
    origin: str  # "page" or "watch"
    state: str = "waiting"  # waiting, importing, auditing, summing up, done, failed
    detail: str = ""
    started: dt.datetime = field(default_factory=lambda: dt.datetime.now(dt.UTC))
    hands: int = 0
    summary: importer.ImportSummary | None = None


class AppDatabase:
    """The one writable connection of the process, its readers and its imports.

    The pages read one version of the data (:func:`analysis.reports.summaries.data_version`): the
    player rows and summaries stored for it, and the reports asked for under it, kept in
    memory and in the database (a report asked again after a restart is read back, not
    made again). An import, when its audit, all-in equities, player rows and summaries
    are made, moves the pages to the new version."""

    def __init__(self, path: Path) -> None:
        queries.check_database(path, exists=False)
        self.path = path
        self.con = store.connect(path, memory_limit=queries.REPORT_MEMORY_LIMIT)
        queries.exact_sums(self.con)  # a setting: set before the seal locks them
        store.seal(self.con)
        self._cursors: list[tuple[duckdb.DuckDBPyConnection, str | None]] = []
        self._cursors_lock = threading.Lock()
        self._views = threading.Lock()  # one thread at a time brings the stored rows up to date
        self._imports = threading.Lock()
        self._reports: OrderedDict[tuple[object, ...], pa.Table] = OrderedDict()
        self._reports_lock = threading.Lock()
        self.jobs: list[ImportJob] = []
        cursor = self.con.cursor()
        self.rows_stored = _rows_stored(cursor)
        self.version = summaries.data_version(cursor)
        self.summarized = self.rows_stored and summaries.current(cursor, self.version)
        cursor.close()
        if self.rows_stored:  # two cursors ready (a player's page reads through two at once)
            with self.reader(), self.reader():
                pass

    def close(self) -> None:
        """Let go of the database (the process ends)."""
        self.con.close()

    @contextmanager
    def reader(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor of the pages' own, with the report views over the stored player rows and
        the summaries of the version of the data the pages show. The cursors are kept and
        handed from page to page (making the views is a few statements that read nothing,
        yet tens of milliseconds: once per cursor and version); the stored rows are made
        current by the imports and at start (the first page of a database whose rows were
        never stored makes them)."""
        with self._cursors_lock:
            cursor, version = self._cursors.pop() if self._cursors else (self.con.cursor(), None)
        try:
            if version != self.version:
                showing, summarized = self.version, self.summarized
                version = None  # until its views are made
                if self.rows_stored:
                    queries.views_over_stored(cursor)
                else:
                    with self._views:
                        queries.create_views(cursor)
                        self.rows_stored = True
                summaries.use(cursor, summarized)
                for macros in ("played_range", "report_sums", "report_periods"):
                    cursor.execute(queries.statements("web")[macros])
                version = showing
            yield cursor
        finally:
            with self._cursors_lock:
                self._cursors.append((cursor, version))

    def report(self, name: queries.Report, filters: queries.Filters,
               by: queries.Grouping | None = None) -> pa.Table:  # fmt: skip
        """The rows of one report as ``omaha report`` makes them, kept for the next page
        that asks the same until new hands come in (in memory, and in the database for
        the next start). Rows that another report kept holds are read from it: those of
        that many hands or more, for a minimum of hands of the players' and positions'
        reports (what its ``HAVING`` keeps); one player's, for the players report of a
        player, once the report of every player is kept (an import's end makes it)."""
        if filters.min_hands > 1 and name in MINIMUM_AS_ROWS:
            rows = self.report(name, dataclasses.replace(filters, min_hands=1), by)
            return rows.filter(pc.greater_equal(rows["hands"], filters.min_hands))
        if filters.player is not None and name is queries.Report.players:
            everyone = self._kept(name, dataclasses.replace(filters, player=None), by)
            if everyone is not None:
                return everyone.filter(pc.equal(everyone["player"], filters.player))
        version = self.version
        with self.reader() as con:
            rows = self._kept(name, filters, by, con)
            if rows is None:
                source = (summaries.summed_source(filters) if self.summarized and by is None
                          and name is queries.Report.players else None)  # fmt: skip
                rows = queries.run_report(con, name, filters, by, views_made=True,
                                          source=source)  # fmt: skip
                if self.summarized:  # unless another thread stores it, or an import moves on
                    with suppress(duckdb.Error):
                        summaries.store_result(con, version, _stored_key(name, filters, by),
                                               rows)  # fmt: skip
        with self._reports_lock:
            self._reports[(version, name, filters, by)] = rows
            while len(self._reports) > REPORTS_KEPT:
                self._reports.popitem(last=False)
        return rows

    def _kept(self, name: queries.Report, filters: queries.Filters,
              by: queries.Grouping | None,
              con: duckdb.DuckDBPyConnection | None = None) -> pa.Table | None:  # fmt: skip
        """The rows of a report kept for the version of the data the pages show, in memory
        or in the database (read through ``con``, else a reader of its own); None if none."""
        version = self.version
        with self._reports_lock:
            if (version, name, filters, by) in self._reports:
                self._reports.move_to_end((version, name, filters, by))
                return self._reports[(version, name, filters, by)]
        if con is None:
            with self.reader() as own:
                return self._kept(name, filters, by, own)
        rows = summaries.stored_result(con, version, _stored_key(name, filters, by))
        if rows is not None:
            with self._reports_lock:
                self._reports[(version, name, filters, by)] = rows
        return rows

    def user_query(self, sql: str) -> pa.Table:
        """The SQL page's query: sealed as ``omaha sql`` runs its own, refused unless every
        statement only reads, run in a transaction rolled back, interrupted after
        QUERY_SECONDS."""
        with self.reader() as con:
            try:
                kinds = [statement.type for statement in con.extract_statements(sql)]
            except duckdb.Error as exc:
                raise QueryRefused(str(exc)) from exc
            if not kinds:
                raise QueryRefused("no query")
            if any(kind not in READ_ONLY_STATEMENTS for kind in kinds):
                raise QueryRefused(
                    "the SQL page only reads: SELECT (or EXPLAIN) statements, nothing that "
                    "writes or changes a setting")  # fmt: skip
            timer = threading.Timer(QUERY_SECONDS, con.interrupt)
            timer.start()
            con.begin()
            try:
                return store.user_query(con, sql)
            except store.StoreError as exc:
                raise QueryRefused(str(exc)) from exc
            finally:
                timer.cancel()
                con.rollback()

    # --- imports ---------------------------------------------------------------------

    def start_import(self, paths: list[str], origin: str = "page") -> ImportJob:
        """Queue an import of ``paths`` (files, folders, archives) and return at once;
        :class:`importer.ImportPathError` when one does not exist."""
        missing = [path for path in paths if not Path(path).expanduser().exists()]
        if missing:
            raise importer.ImportPathError(f"no file or folder {missing[0]}")
        job = ImportJob(len(self.jobs) + 1, paths, origin)
        self.jobs.append(job)
        threading.Thread(target=self._run_job, args=(job,), daemon=True,
                         name=f"import-{job.number}").start()  # fmt: skip
        return job

    def catch_up(self) -> ImportJob:
        """Audit and store the player rows of hands imported before the app started."""
        job = ImportJob(len(self.jobs) + 1, [], "start")
        self.jobs.append(job)
        threading.Thread(target=self._run_job, args=(job,), daemon=True,
                         name="catch-up").start()  # fmt: skip
        return job

    def importing(self) -> bool:
        """Whether an import (or the audit after one) is under way."""
        return any(job.state not in ("done", "failed") for job in self.jobs)

    def _run_job(self, job: ImportJob) -> None:
        with self._imports:
            try:
                if job.paths:
                    job.state = "importing"
                    job.summary = importer.import_paths(
                        job.paths, self.path, owner=self.con, progress=_hands_of(job))
                    job.hands = job.summary.imported  # fmt: skip
                job.state = "auditing"
                audit_stage.run_audit(self.path, workers=1, owner=self.con)
                allin_stage.run_allin(self.path, workers=1, owner=self.con)
                job.state = "summing up"
                self.sum_up()
                job.state = "done"
            except (store.StoreError, importer.ImportPathError, duckdb.Error, OSError) as exc:
                job.state, job.detail = "failed", str(exc)

    def sum_up(self) -> None:
        """After an import and its audit: bring the stored player rows and the summaries up
        to the data, move the pages to the new version, and make the reports opened first."""
        cursor = self.con.cursor()
        try:
            with self._views:
                queries.create_views(cursor)
            self.rows_stored = True
            self.version, self.summarized = summaries.refresh(cursor), True
            self.warm(cursor)
        finally:
            cursor.close()

    def warm(self, cursor: duckdb.DuckDBPyConnection) -> None:
        """Make (and keep) the reports of the pages opened first: the players page as it
        opens and as its menus narrow it (to each game, each room, where there are two or
        more), and the hero's own page (the hero with most hands)."""
        self.report(queries.Report.players, queries.Filters())
        for column in ("game", "room"):
            values = [value for (value,) in cursor.execute(
                f"SELECT DISTINCT {column} FROM main.hand_counts ORDER BY {column}").fetchall()]
            for value in values if len(values) > 1 else ():
                self.report(queries.Report.players, queries.Filters(**{column: value}))
        heroes = cursor.execute(
            "SELECT player FROM player_hands_cache WHERE is_hero GROUP BY player "
            "ORDER BY count(*) DESC, player LIMIT 1").fetchall()  # fmt: skip
        for (hero,) in heroes:
            mine = queries.Filters(player=hero)
            for report in (queries.Report.players, queries.Report.positions,
                           queries.Report.hands):  # fmt: skip
                self.report(report, mine)

    def watch(self, folder: Path, every: float = 2.0) -> threading.Thread:
        """Import the files of ``folder`` that appear or grow, once each has kept its size
        for ``every`` seconds (a history the room is still writing waits for its hand to
        end), as trackers' auto-import does; the folder is imported whole first."""
        thread = threading.Thread(target=self._watch, args=(folder, every), daemon=True,
                                  name="watch")  # fmt: skip
        thread.start()
        return thread

    def _watch(self, folder: Path, every: float) -> None:
        seen = _sizes(folder)
        self.start_import([str(folder)], "watch")
        pending: dict[Path, int] = {}
        while True:
            time.sleep(every)
            now = _sizes(folder)
            changed = {path: size for path, size in now.items() if seen.get(path) != size}
            ready = [path for path, size in changed.items() if pending.get(path) == size]
            pending = {path: size for path, size in changed.items() if path not in ready}
            if ready and not self.importing():
                self.start_import([str(path) for path in sorted(ready)], "watch")
                seen.update({path: now[path] for path in ready})
            elif ready:  # wait for the import under way; ask again next time
                pending.update({path: now[path] for path in ready})


def _stored_key(name: queries.Report, filters: queries.Filters,
                by: queries.Grouping | None) -> str:  # fmt: skip
    """The key a report's result is stored under (the definitions that made it too)."""
    return f"{summaries.definitions()}|{name}|{by}|{filters!r}"


def _rows_stored(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the player rows are stored, made by these definitions (maybe before the
    last import: the pages show them until the start's catch-up brings them up to date)."""
    try:
        versions = con.execute("SELECT DISTINCT version FROM main.report_cache").fetchall()
    except duckdb.CatalogException:
        return False
    return versions == [(queries.cache_version(),)]


def _sizes(folder: Path) -> dict[Path, int]:
    """The size of every file under ``folder`` (none when it cannot be read)."""
    try:
        return {path: path.stat().st_size for path in folder.rglob("*") if path.is_file()}
    except OSError:
        return {}


def _hands_of(job: ImportJob) -> Callable[[importer.ImportProgress], None]:
    def seen(progress: importer.ImportProgress) -> None:
        job.detail = (f"{progress.files_done:,} of {progress.files_total:,} files, "
                      f"{progress.hands_seen:,} hands read")

    return seen
