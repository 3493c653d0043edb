"""The web face of the library (``omaha serve``): server-rendered pages over the same
functions the command line calls (the reports, the graph's series, the audit's rows, the
sealed user query), a little JavaScript where a page needs interaction (the replayer).

Routes people can bookmark: ``/``, ``/players``, ``/players/{name}``, ``/audit``,
``/hands/{hand_id}`` (``?site=`` where two rooms share a number), ``/sql``, ``/import``.
"""

from __future__ import annotations

import calendar
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from analysis.output import Format, cell_rows, plural, render
from analysis.reports import graph, queries, summaries
from analysis.reports.misses import explain_no_rows
from analysis.web import hand_view, security
from analysis.web.database import AppDatabase, QueryRefused
from ingest import importer
from ingest.money import show_money, units_per_currency

HERE = Path(__file__).resolve().parent
PAGE_ROWS = 200  # rows of a list shown at once
FIRST_RANGE = 50_000  # a filtered list of a player's hands reads this many hands first
SORT_KEYS = ("player", "currency", "hands", "vpip", "pfr", "net", "bb_per_100")


class BadRequest(ValueError):
    """A query string the page cannot use; the message says what is wrong."""


def _web_sql() -> dict[str, str]:
    return queries.statements("web")


def _rows(con: duckdb.DuckDBPyConnection, name: str, **values: object) -> list[dict[str, Any]]:
    """Rows of statement ``name`` of sql/web.sql (none when its tables are not made yet)."""
    sql = _web_sql()[name]
    try:
        rows: list[dict[str, Any]] = con.sql(
            sql, params=queries.bound(sql, values) or None).to_arrow_table().to_pylist()
        return rows
    except duckdb.CatalogException:  # never audited: no audit tables yet
        return []


def _filters(request: Request, player: str | None = None) -> queries.Filters:
    """The report filters of the query string, as ``omaha report`` reads its options."""
    q = request.query_params
    kind = q.get("kind") or None
    if kind not in (None, "cash", "tournaments"):
        raise BadRequest(f"kind {kind!r}: cash, tournaments or nothing")
    try:
        min_hands = int(q.get("min_hands") or 1)
        if min_hands < 1:
            raise ValueError(min_hands)
    except ValueError as exc:
        raise BadRequest(f"min hands {q.get('min_hands')!r}: a whole number, 1 or more") from exc
    try:
        return queries.filters_from_text(
            player, q.get("game"), q.get("currency"),
            None if kind is None else kind == "tournaments", q.get("stakes"), q.get("since"),
            q.get("until"), min_hands, q.get("room"))  # fmt: skip
    except queries.ReportError as exc:
        raise BadRequest(str(exc)) from exc


def _player_hands(con: duckdb.DuckDBPyConnection, filters: queries.Filters,
                  position: str | None, number: int) -> list[dict[str, Any]]:  # fmt: skip
    """Page ``number`` of a player's hands under ``filters``, newest first. Unfiltered, the
    page is a range of the order played (``seq``); filtered, the order is read from the
    newest back in ranges growing twice as wide (50,000 hands first), counting the hands
    of the pages before in each, until the page is full: a page of the newest hands reads
    one range, however many hands the player has."""
    values = {**filters.parameters(), "position": position}
    offset = (number - 1) * PAGE_ROWS
    last = summaries.hands_played(con, str(filters.player))
    if filters == queries.Filters(player=filters.player) and position is None:
        return _rows(con, "player_hands", **values, first=max(last - offset - PAGE_ROWS + 1, 1),
                     last=last - offset, limit=PAGE_ROWS, offset=0)  # fmt: skip
    found: list[dict[str, Any]] = []
    width = FIRST_RANGE
    while last >= 1 and len(found) < PAGE_ROWS:
        first = max(last - width + 1, 1)
        counted = _rows(con, "player_hands_count", **values, first=first, last=last)
        count = int(counted[0]["hands"]) if counted else 0
        if count <= offset:  # all of them on the pages before
            offset -= count
        else:
            found += _rows(con, "player_hands", **values, first=first, last=last,
                           limit=PAGE_ROWS - len(found), offset=offset)  # fmt: skip
            offset = 0
        last, width = first - 1, width * 2
    return found


def _page_number(request: Request) -> int:
    text = request.query_params.get("page") or "1"
    if not text.isdigit() or int(text) < 1:
        raise BadRequest(f"page {text!r}: a whole number, 1 or more")
    return int(text)


def create_app(db: AppDatabase, host: str, port: int, token: str | None = None) -> Starlette:
    """The app over ``db``, answering requests for ``host:port`` only."""
    token = token or security.new_token()
    threading.Thread(target=hand_view.warm, daemon=True, name="warm").start()
    env = Environment(loader=FileSystemLoader(HERE / "templates"),
                      autoescape=select_autoescape(["html"]))  # fmt: skip
    env.globals.update(token=token, money=show_money, plural=plural)

    def page(template: str, status: Any = 200, **values: Any) -> HTMLResponse:
        text = env.get_template(template).render(importing=db.importing(), **values)
        return HTMLResponse(text, status_code=status)

    def error(status: int, message: str) -> HTMLResponse:
        return page("error.html", status=status, message=message)

    def guarded(handler: Callable[[Request], Response]) -> Callable[[Request], Any]:
        """Run a page's handler off the event loop (DuckDB blocks), its bad input a clear
        answer: a filter it cannot read 400, a name or hand not there 404."""
        from starlette.concurrency import run_in_threadpool

        async def endpoint(request: Request) -> Response:
            try:
                return await run_in_threadpool(handler, request)
            except BadRequest as exc:
                return error(400, str(exc))
            except hand_view.HandNotFound as exc:
                return error(404, str(exc))

        return endpoint

    def dashboard(request: Request) -> Response:
        with db.reader() as con:
            tables = {name: _rows(con, name) for name in (
                "hands_by_room", "hands_by_game", "hands_by_stakes", "hands_by_month",
                "audit_statuses", "import_errors_by_reason", "import_skips_by_reason")}
        for row in tables["hands_by_stakes"]:
            row["stakes"] = (f"{show_money(row['small_blind'], row['currency'])}/"
                             f"{show_money(row['big_blind'], row['currency'])}")  # fmt: skip
            unit = units_per_currency(row["currency"])
            row["filter"] = f"{row['small_blind'] / unit:g}/{row['big_blind'] / unit:g}"
        for row in tables["hands_by_month"]:  # the players of the month: its first to last day
            year, month = (int(part) for part in str(row["month"]).split("-"))
            row["since"] = f"{row['month']}-01"
            row["until"] = f"{row['month']}-{calendar.monthrange(year, month)[1]:02}"
        total = sum(row["hands"] for row in tables["hands_by_room"])
        return page("dashboard.html", total=total, jobs=db.jobs[-5:], **tables)

    def players(request: Request) -> Response:
        filters = _filters(request)
        sort = request.query_params.get("sort") or "hands"
        descending = request.query_params.get("order", "desc") != "asc"
        rows = db.report(queries.Report.players, filters)
        shown = queries.without_counts(rows)
        assert isinstance(shown, pa.Table)
        if sort not in shown.column_names:
            raise BadRequest(f"sort {sort!r}: one of the columns ({', '.join(shown.column_names)})")
        number = _page_number(request)
        ordered = shown.sort_by([(sort, "descending" if descending else "ascending")])
        part = ordered.slice((number - 1) * PAGE_ROWS, PAGE_ROWS)
        missing = None
        with db.reader() as con:
            rooms = [row["room"] for row in _rows(con, "rooms")]
            if not shown.num_rows:
                missing = explain_no_rows(con, filters)
        return page("players.html", columns=shown.column_names, rows=cell_rows(part),
                    names=part.column("player").to_pylist(), total=shown.num_rows,
                    number=number, pages=max(1, -(-shown.num_rows // PAGE_ROWS)), sort=sort,
                    descending=descending, query=dict(request.query_params), missing=missing,
                    games=_game_names(), rooms=rooms)  # fmt: skip

    def player(request: Request) -> Response:
        name = request.path_params["name"]
        filters = _filters(request, player=name)
        position = request.query_params.get("position") or None
        with db.reader() as con:
            stats = queries.without_counts(db.report(queries.Report.players, filters))
            if not stats.num_rows:
                raise hand_view.HandNotFound(explain_no_rows(con, filters))
            positions = queries.without_counts(db.report(queries.Report.positions, filters))
            categories = queries.without_counts(db.report(queries.Report.hands, filters))
            series = graph.load_series(con, filters, views_made=True, summarized=db.summarized)
            number = _page_number(request)
            hands = _player_hands(con, filters, position, number)
        assert isinstance(stats, pa.Table) and isinstance(positions, pa.Table)
        assert isinstance(categories, pa.Table)
        return page("player.html", name=name, query=dict(request.query_params),
                    tables=[("Statistics", stats), ("By position", positions),
                            ("Starting-hand categories", categories)],
                    cells=cell_rows, graphs=[graph.svg(one) for one in series], hands=hands,
                    number=number, position=position)  # fmt: skip

    def audit(request: Request) -> Response:
        q = request.query_params
        status = q.get("status") or None
        if status is not None and status not in reports_statuses():
            raise BadRequest(f"status {status!r}: one of {', '.join(reports_statuses())}")
        number = _page_number(request)
        values = {"status": status, "room": q.get("room") or None,
                  "reason": q.get("reason") or None}  # fmt: skip
        with db.reader() as con:
            problems = _rows(con, "problems", **values, limit=PAGE_ROWS,
                             offset=(number - 1) * PAGE_ROWS)  # fmt: skip
            counted = _rows(con, "problem_count", **values)
            statuses = _rows(con, "audit_statuses")
        total = next(iter(counted[0].values())) if counted else 0
        return page("audit.html", problems=problems, total=total, statuses=statuses,
                    query=dict(q), number=number, all_statuses=reports_statuses())  # fmt: skip

    def hand(request: Request) -> Response:
        hand_id = request.path_params["hand_id"]
        with db.reader() as con:
            view = hand_view.load_hand(con, hand_id, request.query_params.get("site") or None)
        steps = [{"seq": s.seq, "street": s.street, "seat": s.seat, "words": s.words(view.currency),
                  "pot": s.pot, "pot_text": view.money(s.pot), "cards_out": s.cards_out,
                  "chips": {str(k): v for k, v in s.chips.items()},
                  "chips_text": {str(k): view.money(v) for k, v in s.chips.items()},
                  "bets_text": {str(k): view.money(v) for k, v in s.street_bets.items() if v},
                  "folded": sorted(s.folded)} for s in view.steps]  # fmt: skip
        return page("hand.html", view=view, steps_json=json.dumps(steps), steps=steps)

    def sql_page(request: Request) -> Response:
        query = request.query_params.get("q", "").strip()
        result, problem = None, None
        with db.reader() as con:
            schema = _rows(con, "schema")
        if query:
            try:
                result = db.user_query(query)
            except QueryRefused as exc:
                problem = str(exc)
        shown = result.slice(0, 1000) if result is not None else None
        return page("sql.html", query=query, schema=schema, problem=problem,
                    columns=shown.column_names if shown is not None else [],
                    rows=cell_rows(shown) if shown is not None else [],
                    total=result.num_rows if result is not None else 0,
                    status=400 if problem else 200)  # fmt: skip

    def sql_csv(request: Request) -> Response:
        query = request.query_params.get("q", "").strip()
        try:
            result = db.user_query(query)
        except QueryRefused as exc:
            return Response(f"refused: {exc}\n", status_code=400, media_type="text/plain")
        return Response(render(result, Format.csv), media_type="text/csv", headers={
            "content-disposition": 'attachment; filename="query.csv"'})  # fmt: skip

    def import_page(request: Request) -> Response:
        return page("import.html", jobs=list(reversed(db.jobs)), problem=None, path="")

    async def import_post(request: Request) -> Response:
        form = await request.form()
        given = form.get(security.TOKEN_FIELD) or request.headers.get("x-omaha-token")
        if not security.token_matches(str(given) if given is not None else None, token):
            return error(403, "refused: an import needs the token of this app's own import "
                         "page (reload the page and send it again)")  # fmt: skip
        path = str(form.get("path") or "").strip()
        if not path:
            return page("import.html", status=400, jobs=list(reversed(db.jobs)),
                        problem="give the path of a file or folder to import", path=path)
        try:
            db.start_import([path])
        except importer.ImportPathError as exc:
            return page("import.html", status=400, jobs=list(reversed(db.jobs)),
                        problem=str(exc), path=path)  # fmt: skip
        return RedirectResponse("/import", status_code=303)

    def import_status(request: Request) -> Response:
        return JSONResponse([{"number": job.number, "paths": job.paths, "state": job.state,
                              "detail": job.detail, "hands": job.hands} for job in db.jobs])

    async def not_found(request: Request, exc: Exception) -> Response:
        return error(404, f"no page {request.url.path}")

    routes = [
        Route("/", guarded(dashboard)),
        Route("/players", guarded(players)),
        Route("/players/{name:path}", guarded(player)),
        Route("/audit", guarded(audit)),
        Route("/hands/{hand_id}", guarded(hand)),
        Route("/sql", guarded(sql_page)),
        Route("/sql.csv", guarded(sql_csv)),
        Route("/import", guarded(import_page), methods=["GET"]),
        Route("/import", import_post, methods=["POST"]),
        Route("/import/status", guarded(import_status)),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found})
    app.add_middleware(security.HostGuard, hosts=security.allowed_hosts(host, port))
    app.state.token = token
    return app


def reports_statuses() -> tuple[str, ...]:
    """The audit's statuses of a problem hand."""
    from analysis.audit.core import STATUSES

    return tuple(status for status in STATUSES if status != "ok")


def _game_names() -> list[str]:
    from omaha_core import GAMES

    return list(GAMES)

