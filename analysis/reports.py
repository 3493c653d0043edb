"""Player, position and starting-hand reports: SQL files in ``sql/`` run with bound filters.

Every report reads the temporary views of ``sql/views.sql`` (``player_hands`` and the
``report_hands`` filter macro), created on the connection by :func:`create_views`. The
starting-hand report also needs ``hand_classes``, classified in bulk by
:mod:`analysis.handclass` from the distinct hole-card texts of the database.

Deriving ``player_hands`` from the actions costs seconds on a million hands, so
:func:`refresh_cache` stores it (and the hand classes) in the database, with the row counts
of the tables it was made from and a hash of the view definitions; the views read the
stored copy while both match and fall back to computing everything otherwise (a read-only
database that was never refreshed).
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import re
import tempfile
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from analysis.handclass import HAND_CLASS_SCHEMA, classify_texts
from analysis.output import Format, render
from ingest import store

SQL_DIR = Path(__file__).resolve().parents[1] / "sql"
# Deriving player_hands groups every action and sorts the player rows: more memory than
# the store's default avoids spilling to disk (or, read-only, running out) on large databases.
REFRESH_MEMORY_LIMIT = "4GB"
SPILL_DIR = Path(tempfile.gettempdir()) / "omaha-reports-spill"


class Report(enum.StrEnum):
    """The reports of ``omaha report``."""

    players = "players"
    positions = "positions"
    hands = "hands"


class HandGrouping(enum.StrEnum):
    """Rows of the starting-hand report: one per category value or one per exact class."""

    category = "category"
    hand_class = "class"


class ReportFormat(enum.StrEnum):
    """Report outputs: the shared text renderings, or a parquet file (``--out``)."""

    table = "table"
    csv = "csv"
    json = "json"
    parquet = "parquet"


class ReportError(ValueError):
    """A report cannot run as asked (bad filter value, missing tables); the message says why."""


@dataclass(frozen=True)
class Stakes:
    """A stakes filter: blinds in currency units (``0.05/0.10``), or a big blind in the smallest
    unit (``10`` = 10 cents or 10 chips)."""

    small_blind: Decimal | None = None
    big_blind: Decimal | None = None
    big_blind_units: int | None = None

    @classmethod
    def parse(cls, text: str) -> Stakes:
        """``"0.05/0.10"`` (currency units, ``$`` and ``€`` allowed) or ``"10"`` (smallest unit)."""
        cleaned = re.sub(r"[\s$€£]", "", text)
        try:
            if "/" in cleaned:
                small, big = cleaned.split("/", 1)
                return cls(small_blind=Decimal(small), big_blind=Decimal(big))
            return cls(big_blind_units=int(cleaned))
        except (InvalidOperation, ValueError) as exc:
            raise ReportError(
                f"stakes {text!r}: write SB/BB in currency units (0.05/0.10) "
                "or the big blind in the smallest unit (10)"
            ) from exc


@dataclass(frozen=True)
class Filters:
    """What every report can be narrowed to; ``None`` means no restriction."""

    player: str | None = None
    game: str | None = None
    stakes: Stakes | None = None
    since: dt.datetime | None = None
    until: dt.datetime | None = None
    min_hands: int = 1

    def parameters(self) -> dict[str, object]:
        """The bound parameters every report SQL file names."""
        stakes = self.stakes or Stakes()
        return {
            "player": self.player,
            "game": self.game,
            "small_blind": stakes.small_blind,
            "big_blind": stakes.big_blind,
            "big_blind_units": stakes.big_blind_units,
            "since": self.since,
            "until": self.until,
            "min_hands": self.min_hands,
        }


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


_SOURCE_COUNTS = (
    "SELECT (SELECT count(*) FROM hands) AS hands, (SELECT count(*) FROM players) AS players, "
    "(SELECT count(*) FROM actions) AS actions"
)


def source_counts(con: duckdb.DuckDBPyConnection) -> tuple[int, int, int]:
    """Row counts of hands, players and actions: what the stored copy is checked against."""
    ((hands, players, actions),) = con.execute(_SOURCE_COUNTS).fetchall()
    return int(hands), int(players), int(actions)


def cache_is_current(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether the stored ``player_hands_cache`` was made from the tables as they are now."""
    ((found,),) = con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE table_name = 'report_cache' AND NOT temporary"
    ).fetchall()
    if found == 0:
        return False
    stored = con.execute(
        "SELECT version, hands, players, actions FROM main.report_cache"
    ).fetchall()
    return len(stored) == 1 and tuple(stored[0]) == (cache_version(), *source_counts(con))


def cache_version() -> str:
    """Changes whenever the view definitions or the class columns change."""
    made_from = sql_text("views") + str(HAND_CLASS_SCHEMA)
    return hashlib.sha256(made_from.encode()).hexdigest()[:16]


HAND_CLASSES_SCHEMA = pa.schema([pa.field("hole_cards", pa.string()), *HAND_CLASS_SCHEMA])


def provide_hand_classes(con: duckdb.DuckDBPyConnection, classes: pa.Table | None) -> None:
    """Bind the name ``hand_classes`` to ``classes``, or to the stored copy when ``None``."""
    con.execute("DROP VIEW IF EXISTS temp.hand_classes")
    if classes is None:
        con.execute("CREATE TEMP VIEW hand_classes AS SELECT * FROM main.hand_classes_cache")
    else:
        con.register("hand_classes", classes)


def create_views(con: duckdb.DuckDBPyConnection) -> None:
    """Create the temporary views and macros of ``sql/views.sql`` on ``con``.

    ``player_hands``, ``hand_classes`` and ``class_categories`` read the stored copies when
    they are current. Otherwise ``hand_classes`` starts empty (``class_key`` is then null)
    until :func:`register_hand_classes` classifies the hole cards.
    """
    current = cache_is_current(con)
    if not current:
        # Computing player_hands from the tables needs more room than the store's default,
        # and a place to spill even when the database is read-only.
        con.execute("SET memory_limit = $limit", {"limit": REFRESH_MEMORY_LIMIT})
        con.execute("SET temp_directory = $dir", {"dir": str(SPILL_DIR)})
    provide_hand_classes(con, None if current else HAND_CLASSES_SCHEMA.empty_table())
    con.execute(sql_text("views"))
    if current:
        for name in ("player_hands", "class_categories"):
            con.execute(f"CREATE OR REPLACE TEMP VIEW {name} AS SELECT * FROM main.{name}_cache")


def hand_class_rows(con: duckdb.DuckDBPyConnection) -> pa.Table:
    """The class of every distinct known hole-card text, keyed by ``hole_cards``.

    One row per distinct text (a few million at most however many hands are stored), so
    classification stays cheap on large databases.
    """
    texts = con.execute(
        "SELECT DISTINCT hole_cards FROM players WHERE hole_cards IS NOT NULL AND hole_cards <> ''"
    ).fetchall()
    hole_cards = [text for (text,) in texts]
    classes = classify_texts(hole_cards).add_column(0, "hole_cards", pa.array(hole_cards))
    return classes.cast(HAND_CLASSES_SCHEMA)


def register_hand_classes(con: duckdb.DuckDBPyConnection) -> None:
    """Make ``hand_classes`` complete: classify now unless the stored copy is current."""
    if not cache_is_current(con):
        provide_hand_classes(con, hand_class_rows(con))


def refresh_cache(con: duckdb.DuckDBPyConnection) -> None:
    """Store ``player_hands``, the hand classes and their categories (``con`` writable).

    Rows are kept in hand order, which lets date filters skip whole row groups.
    """
    counts = source_counts(con)
    provide_hand_classes(con, hand_class_rows(con))
    con.execute(sql_text("views"))
    stored = {
        "player_hands_cache": "SELECT * FROM player_hands_live "
        "ORDER BY started_at, site, hand_id, seat",
        "hand_classes_cache": "SELECT * FROM hand_classes",
        "class_categories_cache": "SELECT * FROM class_categories",
    }
    try:
        con.execute("BEGIN TRANSACTION")
        for name, query in stored.items():
            con.execute(f"CREATE OR REPLACE TABLE main.{name} AS {query}")
        con.execute(
            "CREATE OR REPLACE TABLE main.report_cache AS "
            "SELECT $version AS version, $hands::BIGINT AS hands, $players::BIGINT AS players, "
            "$actions::BIGINT AS actions, now() AS refreshed_at",
            {
                "version": cache_version(),
                **dict(zip(("hands", "players", "actions"), counts, strict=True)),
            },
        )
        con.execute("COMMIT")
    except duckdb.Error:
        con.execute("ROLLBACK")
        raise
    create_views(con)


def connect_for_reports(db: Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the store at ``db`` with the report views created.

    Refreshes the stored copies first when they are missing or stale and the database can
    be opened for writing; when it cannot (another process holds it), the reports compute
    from the tables directly.
    """
    con = store.connect(db, read_only=True)
    if not cache_is_current(con):
        con.close()
        try:
            writer = store.connect(db, memory_limit=REFRESH_MEMORY_LIMIT)
        except store.StoreError:
            writer = None
        if writer is not None:
            try:
                refresh_cache(writer)
            finally:
                writer.close()
        con = store.connect(db, read_only=True)
    create_views(con)
    return con


def report_sql(report: Report, grouping: HandGrouping = HandGrouping.category) -> str:
    """The SQL of a report, with its ``$name`` parameters unbound."""
    if report is Report.hands:
        suffix = "class" if grouping is HandGrouping.hand_class else "category"
        return sql_text(f"report_hands_by_{suffix}")
    return sql_text(f"report_{report.value}")


def run_report(
    con: duckdb.DuckDBPyConnection,
    report: Report,
    filters: Filters,
    grouping: HandGrouping = HandGrouping.category,
) -> pa.Table:
    """Run one report on ``con`` (a store connection) and return its rows."""
    create_views(con)
    if report is Report.hands:
        register_hand_classes(con)
    try:
        relation = con.sql(report_sql(report, grouping), params=filters.parameters())
        return relation.to_arrow_table()
    except duckdb.CatalogException as exc:
        raise ReportError(f"the database lacks a table the report needs: {exc}") from exc


def without_counts(table: pa.Table) -> pa.Table:
    """The table without numerator and opportunity columns (for the human-readable form)."""
    keep = [name for name in table.column_names if not name.endswith(("_n", "_opp", "_calls"))]
    return table.select(keep)


def emit(table: pa.Table, fmt: ReportFormat, out: Path | None = None) -> str:
    """Text to print for ``table`` in ``fmt``, or write it to ``out`` (parquet: required).

    The table form leaves out the numerator and opportunity columns (csv, json and parquet
    keep them); with ``out`` given the text goes to the file and nothing is printed.
    """
    if fmt is ReportFormat.parquet:
        if out is None:
            raise ReportError("parquet output needs --out FILE")
        pq.write_table(table, out)
        return ""
    text_form = without_counts(table) if fmt is ReportFormat.table else table
    text = render(text_form, Format(fmt.value))
    if out is not None:
        out.write_text(text, encoding="utf-8")
        return ""
    return text


def show_sql(sql: str, filters: Filters) -> str:
    """The SQL of a report as ``--show-sql`` prints it: the bound values listed above it."""
    bound = ", ".join(f"${name} = {value!r}" for name, value in filters.parameters().items())
    return f"-- parameters: {bound}\n-- views: sql/views.sql\n{sql.rstrip()}\n"


def prepare_ad_hoc(con: duckdb.DuckDBPyConnection, query: str) -> None:
    """Make the report views available to an ad hoc query (``omaha sql``).

    Without a current stored copy, hole cards are classified only when the query names a
    class column or view.
    """
    create_views(con)
    if "class" in query.lower():
        register_hand_classes(con)
