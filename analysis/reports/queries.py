"""Player, position, starting-hand and session reports: SQL files in ``sql/`` run with bound
filters, never adding amounts of two currencies (tournament chips are a currency of their own).

Every report reads the views of ``sql/views.sql`` over ``player_hands``, one row per player
dealt into a hand (``sql/player_hands.sql``). Those rows are stored in the database and
brought up to date before each report at a cost proportional to what changed
(``sql/report_cache.sql``): ``report_cache`` keeps, per table the rows are made from, how
many rows were read, the last rowid read and the key of that row. While those still hold,
the import only appended, and the new hands are the rows past the marks; otherwise hands
were deleted, and the stored hands are compared with ``hands`` by key (rows of hands gone
are removed). New hands are processed in batches of consecutive hands, each read by its
rowid ranges, so memory stays bounded whatever the size of the database. A read-only
connection keeps the new rows in temporary tables beside the stored ones.
"""

from __future__ import annotations

import datetime as dt
import enum
import functools
import hashlib
import re
import tempfile
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from pathlib import Path

import duckdb
import pyarrow as pa

from analysis.output import BATCH_ROWS, Rows, select, with_money
from analysis.reports.handclass import HAND_CLASS_SCHEMA, classify_texts, whole_hands
from ingest import store
from ingest.money import CURRENCY_SIGNS, NAMED_CURRENCIES
from omaha_core import GAMES

# The SQL files: their copy in the package of an installed wheel (pyproject.toml puts it
# there), else sql/ of the checkout.
_PACKAGED_SQL = Path(__file__).resolve().parents[1] / "sql"
SQL_DIR = _PACKAGED_SQL if _PACKAGED_SQL.is_dir() else Path(__file__).resolve().parents[2] / "sql"
# DuckDB's memory in a report (it spills beyond). New hands are stored in batches, one
# transaction each (a transaction keeps its rows in memory until it commits): storing a
# million new hands peaked at 651 MB for the whole process (bench/reports.py).
REPORT_MEMORY_LIMIT = "384MB"
BATCH_HANDS = 50_000
SPILL_DIR = Path(tempfile.gettempdir()) / "omaha-reports-spill"
SOURCES = ("hands", "players", "actions")
MONEY_COLUMNS = ("net", "rake_paid", "net_showdown", "net_no_showdown", "net_adjusted", "luck")
DEFAULT_GAP_MINUTES = 30
HAND_CLASSES_SCHEMA = pa.schema([pa.field("hole_cards", pa.string()), *HAND_CLASS_SCHEMA])


class Report(enum.StrEnum):
    """The reports of ``omaha report``."""

    players = "players"
    positions = "positions"
    hands = "hands"
    sessions = "sessions"


class Grouping(enum.StrEnum):
    """``--by``: the hands report by category or exact class; the players report by period."""

    category = "category"
    hand_class = "class"
    month = "month"
    week = "week"
    day = "day"


GROUPINGS = {
    Report.hands: (Grouping.category, Grouping.hand_class),
    Report.players: (Grouping.month, Grouping.week, Grouping.day),
}


class ReportError(ValueError):
    """A report cannot run as asked (bad filter value, missing tables); the message says why."""


def parse_currency(text: str) -> str:
    """A currency as stored: an ISO code (``usd`` -> ``USD``), a sign (``€``), chips, play or
    mBTC."""
    cleaned = text.strip()
    if cleaned in CURRENCY_SIGNS:
        return CURRENCY_SIGNS[cleaned]
    named = {name.lower(): name for name in NAMED_CURRENCIES}
    if cleaned.lower() in named:
        return named[cleaned.lower()]
    if re.fullmatch(r"[A-Za-z]{3}", cleaned):
        return cleaned.upper()
    raise ReportError(
        f"not a currency: {text!r} (an ISO code such as USD or EUR, chips, play or mBTC)"
    )


@dataclass(frozen=True)
class Stakes:
    """A stakes filter in currency units: both blinds (``0.05/0.10``) or the big blind alone
    (``$0.10``), with the currency when the text names it (a sign, ``chips``, ``play`` or
    ``mBTC``)."""

    small_blind: Decimal | None = None
    big_blind: Decimal | None = None
    currency: str | None = None
    text: str = field(default="", compare=False)

    @classmethod
    def parse(cls, text: str) -> Stakes:
        """``0.05/0.10``, ``$0.05/$0.10``, ``50/100 chips``, ``€0.10`` or ``100 chips``."""
        words = "|".join(NAMED_CURRENCIES)
        word = re.search(rf"\s*\b({words})\s*$", text, re.IGNORECASE)
        named = {CURRENCY_SIGNS[char] for char in text if char in CURRENCY_SIGNS}
        named |= {parse_currency(word.group(1))} if word else set()
        amounts = re.sub(r"[\s,$€£₹¥]", "", text[: word.start()] if word else text).split("/")
        try:
            if len(named) > 1 or len(amounts) > 2:
                raise ValueError(text)
            values = [Decimal(amount) for amount in amounts]
        except (InvalidOperation, ValueError) as exc:
            raise ReportError(
                f"stakes {text!r}: write SB/BB in currency units (0.05/0.10, $0.05/$0.10, "
                "50/100 chips) or the big blind with its currency ($0.10, 100 chips)"
            ) from exc
        small = values[0] if len(values) == 2 else None
        return cls(small, values[-1], next(iter(named), None), text.strip())


@dataclass(frozen=True)
class Filters:
    """What every report can be narrowed to; ``None`` means no restriction. ``tournament``:
    True for tournament hands only, False for cash games only."""

    player: str | None = None
    game: str | None = None
    stakes: Stakes | None = None
    since: dt.datetime | None = None
    until: dt.datetime | None = None
    min_hands: int = 1
    currency: str | None = None
    tournament: bool | None = None
    room: str | None = None  # a room's name (PokerStars) or its site's (pokerstars)

    def __post_init__(self) -> None:
        if self.game is not None and self.game not in GAMES:
            raise ReportError(f"no game {self.game!r}: the games are {', '.join(GAMES)}")
        named = {c for c in (self.currency, self.stakes and self.stakes.currency) if c}
        chips_only = {"chips"} if self.tournament else set()
        cash_only = self.tournament is False and "chips" in named
        if len(named | chips_only) > 1 or cash_only:
            raise ReportError("the filters name different currencies (tournaments are in chips)")
        if self.stakes and self.stakes.small_blind is None and self.currency_named is None:
            raise ReportError(
                f"stakes {self.stakes.text!r} are ambiguous: a big blind of "
                f"{self.stakes.text} in which currency? Write it with its currency ($0.10, "
                "€0.10, 100 chips), add --currency, or give both blinds (0.05/0.10)"
            )

    @property
    def currency_named(self) -> str | None:
        """The one currency the filters select, if they select one."""
        chips = "chips" if self.tournament else None
        return self.currency or (self.stakes and self.stakes.currency) or chips

    def parameters(self) -> dict[str, object]:
        """The bound parameters the report SQL files name."""
        stakes = self.stakes or Stakes()
        return {
            "player": self.player,
            "game": self.game,
            "currency": self.currency_named,
            "tournament": self.tournament,
            "small_blind": stakes.small_blind,
            "big_blind": stakes.big_blind,
            "since": self.since,
            "until": self.until,
            "min_hands": self.min_hands,
            "room": self.room,
        }


def filters_from_text(
    player: str | None = None,
    game: str | None = None,
    currency: str | None = None,
    tournament: bool | None = None,
    stakes: str | None = None,
    since: str | None = None,
    until: str | None = None,
    min_hands: int = 1,
    room: str | None = None,
) -> Filters:
    """The filters as people type them (``$0.05/$0.10``, ``2024-05-31``, ``eur``), each
    checked: :class:`ReportError` says what is wrong with one. Both faces read them so."""
    return Filters(
        player=player or None,
        game=game or None,
        currency=parse_currency(currency) if currency else None,
        tournament=tournament,
        stakes=Stakes.parse(stakes) if stakes else None,
        since=parse_moment(since) if since else None,
        until=parse_moment(until, end_of_day=True) if until else None,
        min_hands=min_hands,
        room=room or None,
    )


def parse_moment(text: str, end_of_day: bool = False) -> dt.datetime:
    """A UTC moment from ``YYYY-MM-DD`` or an ISO date-time; a bare date given as an upper
    bound (``end_of_day``) stands for the whole day, so ``--until 2024-05-31`` includes it."""
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
            day = dt.datetime.fromisoformat(text.strip()).replace(tzinfo=dt.UTC)
            return day + dt.timedelta(days=1) if end_of_day else day
        moment = dt.datetime.fromisoformat(text.strip())
    except ValueError as exc:
        raise ReportError(f"not a date or date-time: {text!r}") from exc
    return moment.replace(tzinfo=dt.UTC) if moment.tzinfo is None else moment


def sql_text(name: str) -> str:
    """The text of ``sql/<name>.sql``."""
    return (SQL_DIR / f"{name}.sql").read_text(encoding="utf-8")


@functools.cache
def statements(name: str) -> dict[str, str]:
    """The ``-- name:`` sections of ``sql/<name>.sql``."""
    parts = re.split(r"^-- name: (\w+)\n", sql_text(name), flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def bound(sql: str, values: dict[str, object]) -> dict[str, object]:
    """The values of the ``$name`` parameters that ``sql`` uses."""
    used = set(re.findall(r"\$(\w+)", sql))
    return {name: value for name, value in values.items() if name in used}


def _run(con: duckdb.DuckDBPyConnection, name: str, **values: object) -> duckdb.DuckDBPyConnection:
    """Run statement ``name`` of ``sql/report_cache.sql`` with its parameters."""
    sql = statements("report_cache")[name]
    return con.execute(sql, bound(sql, values)) if values else con.execute(sql)


@dataclass(frozen=True)
class Mark:
    """How far the stored rows have read one table: rows read, the last rowid read and the
    key of the row there (deleting rows shifts the rows after them)."""

    rows: int
    last_row: int
    last_key: str | None


NOTHING_READ = dict.fromkeys(SOURCES, Mark(0, -1, None))


def cache_version() -> str:
    """Changes whenever the definition of the stored rows or of the classes changes (not
    their comments: a word of documentation does not make a million rows again)."""
    made_from = sql_text("player_hands") + statements("report_cache")["create_stored"]
    code = "\n".join(line for line in (re.sub(r"--.*", "", row).rstrip()
                                        for row in made_from.splitlines()) if line)  # fmt: skip
    return hashlib.sha256((code + str(HAND_CLASS_SCHEMA)).encode()).hexdigest()[:16]


def _table_ends(con: duckdb.DuckDBPyConnection) -> dict[str, Mark]:
    ends = {source: (rows, last) for source, rows, last in _run(con, "table_ends").fetchall()}
    (keys,) = _run(con, "keys_at", **{s: last for s, (_, last) in ends.items()}).fetchall()
    return {s: Mark(*ends[s], key) for s, key in zip(SOURCES, keys, strict=True)}


def _stored_marks(con: duckdb.DuckDBPyConnection) -> tuple[dict[str, Mark], bool] | None:
    """The marks of the stored rows and whether an update of them was cut short, when
    these definitions made them; else None."""
    found = dict(_run(con, "stored_columns").fetchall())
    expected = {
        "report_cache": ["source", "rows", "last_row", "last_key", "version", "updated_at"],
        "player_hands_cache": con.sql("FROM report_new_rows").columns,
        "class_categories_cache": con.sql("FROM report_new_categories").columns,
        "report_cache_hands": ["site", "hand_id"],
    }
    if found != expected:
        return None
    rows = _run(con, "marks").fetchall()
    marks = {source: Mark(n, last, key) for source, n, last, key, _ in rows if source in SOURCES}
    current = {version for *_, version in rows} == {cache_version()}
    pending = any(source == "pending" for source, *_ in rows)
    return (marks, pending) if current and set(marks) == set(SOURCES) else None


def _intact(con: duckdb.DuckDBPyConnection, marks: dict[str, Mark]) -> bool:
    """Whether every table still holds, up to its mark, exactly the rows read: only
    appended to since."""
    lasts = {source: mark.last_row for source, mark in marks.items()}
    (counts,) = _run(con, "rows_up_to", **lasts).fetchall()
    (keys,) = _run(con, "keys_at", **lasts).fetchall()
    read = [(marks[source].rows, marks[source].last_key) for source in SOURCES]
    return read == list(zip(counts, keys, strict=True))


def _spans(con: duckdb.DuckDBPyConnection, after: dict[str, int]) -> dict[int, dict[str, int]]:
    """Each batch's rowid range in each table past ``after`` (empty when it has no rows
    there), and ``keyed``: whether a range holds rows of other hands too, as the
    parameters of the batch statements."""
    empty = {f"{source}_{end}": value for source in SOURCES
             for end, value in (("first", 0), ("last", -1))}  # fmt: skip
    spans: dict[int, dict[str, int]] = {}
    for batch, source, first, last, rows in _run(con, "spans", **after).fetchall():
        span = spans.setdefault(batch, {**empty, "keyed": False})
        span.update({f"{source}_first": first, f"{source}_last": last})
        span["keyed"] |= rows != last - first + 1
    return spans


def provide_hand_classes(con: duckdb.DuckDBPyConnection, classes: pa.Table) -> None:
    """Bind the name ``hand_classes`` (read by sql/player_hands.sql) to ``classes``."""
    con.execute("DROP VIEW IF EXISTS temp.hand_classes")
    con.register("hand_classes", classes)


def _add_batch(
    con: duckdb.DuckDBPyConnection, batch: int, span: dict[str, int], keep: bool
) -> None:
    """Make the rows of one batch of hands, classifying the batch's whole hands first (a
    partial show has no class): into the stored tables with ``keep``, else into temporary
    ones beside them."""
    _run(con, "batch_keys", batch=batch)
    shown = [text for (text,) in _run(con, "batch_texts", **span).fetchall()]
    texts = [text for text, whole in zip(shown, whole_hands(shown), strict=True) if whole]
    classes = classify_texts(texts).add_column(0, "hole_cards", pa.array(texts, pa.string()))
    provide_hand_classes(con, classes.cast(HAND_CLASSES_SCHEMA))
    _run(con, "batch_rows_stored" if keep else "batch_rows_beside", **span)
    _run(con, "batch_categories")
    if keep:
        _run(con, "move_new")


def _todo(
    con: duckdb.DuckDBPyConnection, marks: dict[str, Mark], pending: bool, keep: bool
) -> dict[str, int]:
    """List the hands to add in ``report_todo``, numbered into batches, and return the
    rowids past which their rows lie. After appends only, they are the hands past the
    marks; else (rows deleted, or an update cut short) those whose rows are not stored,
    and the rows of hands deleted are dropped (with ``keep``) or left out."""
    if not pending and _intact(con, marks):
        after = {source: mark.last_row for source, mark in marks.items()}
        _run(con, "todo_after", batch_hands=BATCH_HANDS, hands=after["hands"])
        return after
    _run(con, "gone")
    if keep:
        _run(con, "delete_gone")
    _run(con, "todo_missing", batch_hands=BATCH_HANDS)
    return dict.fromkeys(SOURCES, -1)


Progress = Callable[[int, int], None]  # (hands whose rows are made, hands to make rows of)


def _batch_hands(con: duckdb.DuckDBPyConnection) -> dict[int, int]:
    """How many hands each batch of ``report_todo`` holds."""
    return dict(con.execute("SELECT batch, count(*) FROM report_todo GROUP BY batch").fetchall())


def _store_hands(
    con: duckdb.DuckDBPyConnection,
    marks: dict[str, Mark],
    ends: dict[str, Mark],
    pending: bool,
    progress: Progress | None = None,
) -> None:
    """Add the rows of new hands to the stored tables, committing batch by batch (a
    transaction holds its batches in memory); the mark ``pending`` makes the next update
    finish one cut short. The new marks are stored last. ``progress`` is told the hands
    committed after each batch."""
    with store.transaction(con):
        _run(con, "mark_pending", version=cache_version())
        store.commit_and_continue(con)
        after = _todo(con, marks, pending, keep=True)
        sizes, done = _batch_hands(con), 0
        for batch, span in sorted(_spans(con, after).items()):
            _add_batch(con, batch, span, keep=True)
            _run(con, "store_batch_hands")
            store.commit_and_continue(con)
            done += sizes.get(batch, 0)
            if progress is not None:
                progress(done, sum(sizes.values()))
        _run(con, "clear_marks")
        for source, mark in ends.items():
            _run(con, "store_mark", source=source, rows=mark.rows, last_row=mark.last_row,
                 last_key=mark.last_key, version=cache_version())  # fmt: skip


def _add_beside(
    con: duckdb.DuckDBPyConnection,
    marks: dict[str, Mark],
    pending: bool,
    progress: Progress | None = None,
) -> None:
    """Add the rows of new hands to temporary tables beside the stored ones (read-only)."""
    after = _todo(con, marks, pending, keep=False)
    sizes, done = _batch_hands(con), 0
    for batch, span in sorted(_spans(con, after).items()):
        _add_batch(con, batch, span, keep=False)
        done += sizes.get(batch, 0)
        if progress is not None:
            progress(done, sum(sizes.values()))


def _writable(con: duckdb.DuckDBPyConnection) -> bool:
    ((read_only,),) = con.execute(
        "SELECT readonly FROM duckdb_databases() WHERE database_name = current_database()"
    ).fetchall()
    return not read_only


def update_player_rows(con: duckdb.DuckDBPyConnection, progress: Progress | None = None) -> None:
    """Bring the rows behind ``player_hands`` up to date with the tables: in the stored
    tables when ``con`` can write, else in temporary tables beside them; ``progress`` is
    told the hands done after each batch."""
    keep = _writable(con)
    if not keep:  # as ``omaha sql`` opens the store: the rows beside spill to SPILL_DIR
        con.execute("SET temp_directory = $dir", {"dir": str(SPILL_DIR)})
        con.execute("SET memory_limit = $limit", {"limit": REPORT_MEMORY_LIMIT})
    provide_hand_classes(con, HAND_CLASSES_SCHEMA.empty_table())
    con.execute(sql_text("player_hands"))
    _run(con, "scratch")
    found = _stored_marks(con)
    if found is None and keep:
        with store.transaction(con):  # a reader of the stored rows meanwhile sees old or new
            _run(con, "drop_stored")
            _run(con, "create_stored")
        found = (NOTHING_READ, False)
    _run(con, "use_nothing_stored" if found is None else "use_stored")
    marks, pending = found or (NOTHING_READ, False)
    ends = _table_ends(con)
    if pending or marks != ends:
        if keep:
            _store_hands(con, marks, ends, pending, progress)
        else:
            _add_beside(con, marks, pending, progress)
    con.unregister("hand_classes")
    _run(con, "point_stored" if keep else "point_beside")
    _run(con, "point_hand_classes")


def store_player_rows(db: Path, progress: Progress | None = None) -> None:
    """Bring the player rows stored in the database at ``db`` up to date with its hands, as
    ``omaha import`` does at its end so that the first report has none to make."""
    with closing(store.connect(db, memory_limit=REPORT_MEMORY_LIMIT)) as con:
        update_player_rows(exact_sums(con), progress)


_NO_ALLIN = (
    "SELECT ''::VARCHAR AS site, ''::VARCHAR AS hand_id, 0::TINYINT AS seat, "
    "''::VARCHAR AS player, 0::BIGINT AS net, 0::DOUBLE AS ev_net, 0::DOUBLE AS luck "
    "WHERE false"
)


def create_views(con: duckdb.DuckDBPyConnection, progress: Progress | None = None) -> None:
    """Bring the player rows up to date (telling ``progress``) and create the views of
    ``sql/views.sql`` (their sums made exact: see :func:`exact_sums`)."""
    exact_sums(con)
    update_player_rows(con, progress)
    _report_views(con)


def views_over_stored(con: duckdb.DuckDBPyConnection) -> None:
    """The views of :func:`create_views` over the player rows stored, as they are (no
    update: a few statements that read nothing), for a connection of a process that keeps
    those rows up to date itself (``omaha serve``, once per import). Needs them stored."""
    exact_sums(con)
    provide_hand_classes(con, HAND_CLASSES_SCHEMA.empty_table())
    con.execute(sql_text("player_hands"))  # the macros and views ad hoc queries may name
    con.unregister("hand_classes")
    _run(con, "point_stored")
    _run(con, "point_hand_classes")
    _report_views(con)


def _report_views(con: duckdb.DuckDBPyConnection) -> None:
    """The views of ``sql/views.sql``; ``allin_ev`` an empty stand-in on ``con`` while the
    database has none (never audited), dropped once it has one: a stand-in left there
    would hide the stored equities from every report read on ``con`` after."""
    stored = con.execute(  # a table, or a view (the Parquet folders' tables are views)
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'allin_ev' "
        "AND table_catalog = current_database()").fetchall()[0][0]  # fmt: skip
    if stored:
        con.execute("DROP TABLE IF EXISTS temp.allin_ev")
    else:
        con.execute(f"CREATE OR REPLACE TEMP TABLE allin_ev AS SELECT * FROM ({_NO_ALLIN})")
    con.execute(sql_text("views"))


def check_database(db: Path, exists: bool = True) -> None:
    """Raise ``StoreError`` when ``db`` cannot be the database: a folder, or (``exists``)
    nothing there."""
    if db.is_dir():
        raise store.StoreError(f"{db} is a folder, not a database file")
    if exists and not db.is_file():
        raise store.StoreError(f"no database at {db} (run `omaha import` first)")


def exact_sums(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """``con`` with DuckDB's compressed materialization off. DuckDB 2.0.1 with it on casts a
    group's ``sum`` of a BIGINT column down to a TINYINT after a LEFT JOIN and a filter
    (``SELECT position, sum(net) FROM t LEFT JOIN e USING (k) WHERE player = 'x' GROUP BY
    position``): the sum is refused when it does not fit, or wraps round (-1363 became -83
    in a report). Every report reads the money that way (``stat_counts`` joins ``allin_ev``)."""
    (current,) = con.execute("SELECT current_setting('disabled_optimizers')").fetchall()[0]
    if current != "compressed_materialization":  # set already in a sealed database: locked
        con.execute("SET disabled_optimizers = 'compressed_materialization'")
    return con


def connect_for_reports(db: Path) -> duckdb.DuckDBPyConnection:
    """A connection to the store at ``db`` for reports (which bring the stored rows up to
    date and create the views): writable, or read-only when another process holds it."""
    check_database(db)
    try:
        return store.connect(db, memory_limit=REPORT_MEMORY_LIMIT)
    except store.StoreError:
        return store.connect(db, read_only=True, memory_limit=REPORT_MEMORY_LIMIT)


def check_grouping(report: Report, by: Grouping | None) -> Grouping | None:
    """``by`` if ``report`` can be grouped so (the hands report: by category by default)."""
    allowed = GROUPINGS.get(report, ())
    if by is None or by in allowed:
        return Grouping.category if by is None and report is Report.hands else by
    can = f"one of {', '.join(allowed)}" if allowed else "nothing"
    raise ReportError(f"--by {by}: the {report} report is grouped by {can}")


def report_sql(report: Report, by: Grouping | None = None, source: str | None = None) -> str:
    """The SQL of a report, with its ``$name`` parameters unbound; ``source``: the macro
    the players report reads its rows from in place of ``report_hands`` (one with its
    arguments, whose rows have stat_counts' columns or their sums: the web app's stored
    sums, sql/web.sql)."""
    if report is Report.hands:
        suffix = "class" if by is Grouping.hand_class else "category"
        return sql_text(f"report_hands_by_{suffix}")
    sql = sql_text(f"report_{report.value}")
    if source is not None:
        if report is not Report.players or sql.count("FROM report_hands(") != 1:
            raise ValueError(f"the {report.value} report reads no other source than report_hands")
        sql = sql.replace("FROM report_hands(", f"FROM {source}(")
    return sql


def report_values(
    filters: Filters, by: Grouping | None = None, gap_minutes: int = DEFAULT_GAP_MINUTES
) -> dict[str, object]:
    """Every value a report SQL file may bind."""
    period = by.value if by in GROUPINGS[Report.players] else None
    return {**filters.parameters(), "period": period, "gap_minutes": gap_minutes}


def report_rows(
    con: duckdb.DuckDBPyConnection,
    report: Report,
    filters: Filters,
    by: Grouping | None = None,
    gap_minutes: int = DEFAULT_GAP_MINUTES,
    progress: Progress | None = None,
    views_made: bool = False,
    source: str | None = None,
) -> pa.RecordBatchReader:
    """The rows of one report on ``con`` (a store connection) as the database sends them,
    amounts tagged with their currency column (see :func:`analysis.output.with_money`);
    ``progress`` is told how the stored player rows are brought up to date (unless
    ``views_made``: ``con`` has the views of those rows already, as the web app's do);
    ``source``: see :func:`report_sql`."""
    by = check_grouping(report, by)
    if not views_made:
        create_views(con, progress)
    sql = report_sql(report, by, source)
    values = bound(sql, report_values(filters, by, gap_minutes))
    try:
        rows = con.sql(sql, params=values).to_arrow_reader(BATCH_ROWS)
    except duckdb.CatalogException as exc:
        raise ReportError(f"the database lacks a table the report needs: {exc}") from exc
    if report is Report.players and by is None:
        rows = select(rows, [name for name in rows.schema.names if name != "period"])
    return with_money(rows, MONEY_COLUMNS)


def run_report(
    con: duckdb.DuckDBPyConnection,
    report: Report,
    filters: Filters,
    by: Grouping | None = None,
    gap_minutes: int = DEFAULT_GAP_MINUTES,
    views_made: bool = False,
    source: str | None = None,
) -> pa.Table:
    """All the rows of one report (see :func:`report_rows`) in one table."""
    return report_rows(con, report, filters, by, gap_minutes, views_made=views_made,
                       source=source).read_all()  # fmt: skip


def without_counts(rows: Rows) -> Rows:
    """The rows without numerator and opportunity columns (for the human-readable form)."""
    names = rows.schema.names
    return select(rows, [name for name in names if not name.endswith(("_n", "_opp", "_calls"))])


def show_sql(sql: str, values: dict[str, object]) -> str:
    """The SQL of a report as ``--show-sql`` prints it: the bound values listed above it."""
    listed = ", ".join(f"${name} = {value!r}" for name, value in values.items())
    return f"-- parameters: {listed}\n-- views: sql/views.sql\n{sql.rstrip()}\n"


# Names sql/views.sql and sql/player_hands.sql give (or begin) their views and macros.
VIEW_NAMES = ("player_hands", "hand_classes", "class_categories", "hand_landmarks", "stat_",
              "report_hands", "report_filters", "kind_filters", "class_results", "bb_per_100",
              "pct")


def prepare_ad_hoc(
    con: duckdb.DuckDBPyConnection, query: str, progress: Progress | None = None
) -> None:
    """Make the report views available to an ad hoc query (``omaha sql``) that names one."""
    if any(name in query.lower() for name in VIEW_NAMES):
        create_views(con, progress)
