"""Rows the web app's pages read, made once per version of the data instead of on every
page (``sql/summaries.sql``): the hands counted by room, game, stakes and month
(``hand_counts``), the player rows sorted by player in the order each played them, with
the running sums of the results graph (``played_hands``), and the report results asked
for already (``report_results``, Arrow IPC, so a page asked again after a restart is not
made again).

The version of the data is a digest of the definitions and of how many rows the tables
the pages read hold and their last rowid: an import, an audit or the all-in equities
change it. Each summary is stamped with the version it was made from, and is used only
while that version holds; :func:`refresh` makes again those that are stale (a writable
connection whose report views are made: :func:`analysis.reports.queries.create_views`).
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import re
from pathlib import Path

import duckdb
import pyarrow as pa

from analysis.reports import queries
from analysis.reports.queries import SQL_DIR, bound, cache_version, sql_text, statements
from ingest import store

# in the order they are made
SUMMARIES = ("hand_counts", "played_hands", "played_ends", "player_sums", "player_months",
             "player_days")
# The sums of the player rows (of `summed_rows`): those of the rows appended to played_hands
# are appended to them (a report sums them again).
SUMS = ("player_sums", "player_months", "player_days")
# Rows appended to played_hands, unsorted, before it is sorted again (as a share of those
# sorted): a query naming one player reads the rows appended too.
APPEND_SHARE = 0.25
# The tables whose rows make the version (those missing are left out: never audited...).
VERSIONED = ("hands", "player_hands_cache", "audit_hands", "allin_ev")


def _run(
    con: duckdb.DuckDBPyConnection, statement: str, **values: object
) -> duckdb.DuckDBPyConnection:
    sql = statements("summaries")[statement]
    return con.execute(sql, bound(sql, values)) if values else con.execute(sql)


def _stored_tables(con: duckdb.DuckDBPyConnection) -> set[str]:
    rows = con.execute(
        "SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() "
        "AND schema_name = 'main'").fetchall()  # fmt: skip
    return {name for (name,) in rows}


def data_version(con: duckdb.DuckDBPyConnection) -> str:
    """The version of the data the pages show (a few milliseconds: counts and last rowids)."""
    present = _stored_tables(con)
    ends = [(name, *con.execute(
        f"SELECT count(*), coalesce(max(rowid), -1) FROM main.{name}").fetchall()[0])
        for name in VERSIONED if name in present]  # fmt: skip
    made_from = f"{cache_version()}|{sql_text('summaries')}|{ends}"
    return hashlib.sha256(made_from.encode()).hexdigest()[:16]


@functools.cache
def definitions() -> str:
    """A digest of what a report's result is made by (every SQL file, the report code): a
    stored result is read back only while it holds."""
    made_by = [path.read_bytes() for path in sorted(SQL_DIR.glob("*.sql"))]
    made_by.append(Path(queries.__file__).read_bytes())
    return hashlib.sha256(b"".join(made_by)).hexdigest()[:16]


def current(con: duckdb.DuckDBPyConnection, version: str) -> bool:
    """Whether every summary was made from ``version`` of the data."""
    if not {"summary_marks", *SUMMARIES} <= _stored_tables(con):
        return False
    marks = dict(_run(con, "marks").fetchall())
    return all(marks.get(name) == version for name in SUMMARIES)


def refresh(con: duckdb.DuckDBPyConnection) -> str:
    """Bring the summaries up to the current version of the data (one transaction), forget
    the report results of other versions, and return the version. ``con`` writes, and has
    the report views over player rows up to date. The player rows stored since
    ``played_hands`` was sorted are appended to it when each was played after its player's
    last hand there (what a folder watched brings); it is made and sorted again when not,
    when rows were deleted or all-in results added to older hands, or when the rows
    appended reach APPEND_SHARE of those sorted."""
    with store.transaction(con):
        _run(con, "create_marks")
        version = data_version(con)
        marks = dict(_run(con, "marks").fetchall())
        present = _stored_tables(con)
        stale = [name for name in SUMMARIES if marks.get(name) != version or name not in present]
        _run(con, "sources")
        appended = "played_hands" in stale and _appended(con, marks, present)
        # the sums made with played_hands last time take the sums of the rows appended
        sums_appended = appended and all(
            name in present and marks.get(name) == marks.get("played_hands") for name in SUMS)
        if sums_appended:
            _run(con, "summed_rows_new")
        for name in stale:
            if name == "played_hands" and appended:
                continue
            rows, order = _rows_of(name)
            if name in SUMS and sums_appended:
                con.execute(f"INSERT INTO main.{name} {rows}")
                continue
            con.execute(f"CREATE OR REPLACE TABLE main.{name} AS {rows}"
                        + (f" ORDER BY {order}" if order else ""))  # fmt: skip
        con.execute("DROP TABLE IF EXISTS temp.summary_new")
        if sums_appended:
            _run(con, "sources")  # summed_rows: all the rows again
        ends = {"rows": _run(con, "player_rows_end").fetchall()[0],
                "allin": _run(con, "allin_end").fetchall()[0]}  # fmt: skip
        kept = {name: version for name in stale}
        kept |= {f"played_hands:{what}": f"{n}|{last}" for what, (n, last) in ends.items()}
        if "played_hands" in stale and not appended:
            kept["played_hands:sorted"] = str(ends["rows"][0])
            kept["played_hands:made_by"] = _made_by()
        for name, value in kept.items():
            _run(con, "forget_mark", name=name)
            _run(con, "set_mark", name=name, version=value)
        _run(con, "forget_results", version=version)
    return version


def _appended(con: duckdb.DuckDBPyConnection, marks: dict[str, str], present: set[str]) -> bool:
    """Append to ``played_hands`` the player rows stored since it was made, if they can be
    (see :func:`refresh`); whether they were."""
    try:
        rows, last = (int(part) for part in marks["played_hands:rows"].split("|"))
        allin_rows, allin_last = (int(part) for part in marks["played_hands:allin"].split("|"))
        sorted_rows = int(marks["played_hands:sorted"])
    except (KeyError, ValueError):
        return False
    if not {"played_hands", "played_ends"} <= present or marks.get(
            "played_hands:made_by") != _made_by():  # its columns are another version's
        return False
    now = int(_run(con, "player_rows_end").fetchall()[0][0])
    if _run(con, "rows_up_to", last_row=last).fetchall()[0][0] != rows:  # rows deleted
        return False
    if now - sorted_rows > APPEND_SHARE * max(sorted_rows, 1):  # sort them all again
        return False
    _run(con, "new_player_rows", last_row=last)
    (fits,) = _run(con, "appendable", allin_last=allin_last, allin_rows=allin_rows).fetchall()[0]
    if fits:
        _run(con, "append_played")  # summary_new is kept for the sums (refresh drops it)
    return bool(fits)


def _made_by() -> str:
    """A digest of the definitions ``played_hands`` is made by (its rows and columns)."""
    return hashlib.sha256((cache_version() + sql_text("summaries")).encode()).hexdigest()[:16]


def _rows_of(name: str) -> tuple[str, str | None]:
    """The SELECT of summary ``name`` and the order it is stored in (None: any)."""
    text = statements("summaries")[name].strip().rstrip(";")
    order = re.search(r"^-- sorted: (.+)$", text, re.MULTILINE)
    return text, order.group(1) if order else None


def use(con: duckdb.DuckDBPyConnection, stored: bool) -> None:
    """Make the summaries' names on ``con`` the stored tables (``stored``: current), and
    the reports' player rows those of ``played_hands`` (the same rows, sorted by player:
    a report of one player reads his row groups only); or else temporary views over the
    tables, the same rows made on each query (slower)."""
    _run(con, "sources")
    for name in SUMMARIES:
        if stored:
            con.execute(f"DROP VIEW IF EXISTS temp.{name}")
        else:
            con.execute(f"CREATE OR REPLACE TEMP VIEW {name} AS {_rows_of(name)[0]}")
    if stored:
        _run(con, "point_played")


def summed_source(filters: queries.Filters) -> str | None:
    """The macro of sql/web.sql whose stored sums a players report of every player under
    ``filters`` reads in place of report_hands' player-hands (the same report, from far
    fewer rows): ``report_sums`` (player_sums) when neither dates nor a room narrow it,
    ``report_periods`` (player_months, player_days) when dates at UTC midnights do, and
    nothing else but a currency; None when the player-hands are read (a player's report:
    his rows are read alone already; a room; other times, or dates with other filters)."""
    if filters.player is not None or filters.room is not None:
        return None
    dates = [moment for moment in (filters.since, filters.until) if moment is not None]
    if not dates:
        return "report_sums"
    if any(value is not None for value in (filters.game, filters.stakes, filters.tournament)):
        return None
    midnights = all(moment.astimezone(dt.UTC).time() == dt.time() for moment in dates)
    return "report_periods" if midnights else None


def graph_rows(con: duckdb.DuckDBPyConnection, player: str, max_points: int) -> pa.Table:
    """The points of ``player``'s results graph, as sql/graph.sql selects them, from the
    running sums stored."""
    sql = statements("summaries")["graph"]
    values = bound(sql, {"player": player, "max_points": max_points})
    return con.sql(sql, params=values).to_arrow_table()


def hands_played(con: duckdb.DuckDBPyConnection, player: str) -> int:
    """How many hands ``player`` played (0: none)."""
    return int(_run(con, "player_played", player=player).fetchall()[0][0])


def stored_result(con: duckdb.DuckDBPyConnection, version: str, key: str) -> pa.Table | None:
    """A report result stored for ``version`` of the data under ``key``, if one is."""
    try:
        rows = _run(con, "stored_result", version=version, key=key).fetchall()
    except duckdb.CatalogException:
        return None
    if not rows:
        return None
    with pa.ipc.open_stream(pa.py_buffer(rows[0][0])) as stream:
        return stream.read_all()


def store_result(con: duckdb.DuckDBPyConnection, version: str, key: str, table: pa.Table) -> None:
    """Keep ``table`` (its schema's metadata too) as the result under ``key``."""
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema) as writer:
        writer.write_table(table)
    _run(con, "create_marks")
    _run(con, "store_result", version=version, key=key, ipc=sink.getvalue().to_pybytes())
