"""Every route of ``omaha serve`` over HTTP (Starlette's test client), good input and bad:
an unknown hand or player, filters it cannot read, a write or a file read in the SQL box,
a foreign Host, an import without the token."""

from __future__ import annotations

import csv
import io
import re
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import duckdb
import pytest

from analysis.web.app import create_app
from analysis.web.database import AppDatabase, ImportJob
from tests.web_fixture import MISAWARDED, build

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

BASE = "http://127.0.0.1:8765"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppDatabase]:
    db = build(tmp_path_factory.mktemp("web"))
    yield db
    db.close()


@pytest.fixture(scope="module")
def client(database: AppDatabase) -> TestClient:
    return TestClient(create_app(database, "127.0.0.1", 8765, token="the-token"), base_url=BASE)


def test_dashboard_counts_hands_by_room_game_stakes_month_and_audit(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "321 hands" in page.text
    for table in ("by-room", "by-game", "by-stakes", "by-month", "audit-statuses"):
        assert f'id="{table}"' in page.text
    assert 'href="/audit?status=mismatch"' in page.text
    month = re.search(r'href="(/players\?since=2024-01-01&amp;until=2024-01-31)"', page.text)
    assert month is not None  # the month's players: from its first day to its last
    players = client.get(month.group(1).replace("&amp;", "&"))
    assert players.status_code == 200 and 'href="/players/Hero?' in players.text
    assert 'href="/players?room=PokerStars"' in page.text


def test_players_sorted_and_filtered_as_the_report(client: TestClient) -> None:
    page = client.get("/players", params={"sort": "player", "order": "asc", "min_hands": "20"})
    assert page.status_code == 200
    assert 'href="/players/Hero?' in page.text
    by_game = client.get("/players", params={"game": "omaha8", "stakes": "$0.05/$0.10"})
    assert by_game.status_code in (200,)
    assert client.get("/players", params={"game": "stud"}).status_code == 400
    assert "not a date" in client.get("/players", params={"since": "yesterday"}).text
    assert client.get("/players", params={"min_hands": "-3"}).status_code == 400
    assert client.get("/players", params={"sort": "nothing"}).status_code == 400
    assert client.get("/players", params={"page": "x"}).status_code == 400
    empty = client.get("/players", params={"since": "2030-01-01"})
    assert "no hands in that time" in empty.text


def test_player_page_and_unknown_player(client: TestClient) -> None:
    page = client.get("/players/Hero")
    assert page.status_code == 200
    for part in ("Statistics", "By position", "Starting-hand categories", "<svg", 'id="hands"'):
        assert part in page.text
    assert "/hands/" in page.text
    assert client.get("/players/Hero", params={"position": "BTN"}).status_code == 200
    missing = client.get("/players/hero")
    assert missing.status_code == 404
    assert "closest name is &#39;Hero&#39;" in missing.text


def test_audit_lists_the_misawarded_hand_and_its_page_shows_the_difference(
    client: TestClient,
) -> None:
    page = client.get("/audit", params={"status": "mismatch"})
    assert page.status_code == 200
    assert f"/hands/{MISAWARDED}?site=pokerstars" in page.text
    assert client.get("/audit", params={"status": "broken"}).status_code == 400
    hand = client.get(f"/hands/{MISAWARDED}", params={"site": "pokerstars"})
    assert hand.status_code == 200
    assert 'class="differs"' in hand.text
    assert f"PokerStars Hand #{MISAWARDED}" in hand.text  # the history's own text


def test_hand_replayer_data_ends_at_the_histories_stacks(
    client: TestClient, database: AppDatabase
) -> None:
    with database.reader() as con:
        _, hand_id, _ = con.execute(
            "SELECT site, hand_id, total_pot FROM hands WHERE len(boards) = 2 LIMIT 1"
        ).fetchall()[0]
    page = client.get(f"/hands/{hand_id}")
    assert page.status_code == 200
    assert page.text.count('class="board"') == 2
    assert 'id="steps-data"' in page.text
    assert client.get("/hands/1").status_code == 404
    assert client.get("/hands/1", params={"site": "nowhere"}).status_code == 404


def test_sql_runs_sealed_and_read_only(client: TestClient) -> None:
    query = "SELECT game, count(*) AS hands FROM hands GROUP BY game"
    page = client.get("/sql", params={"q": query})
    assert page.status_code == 200 and 'id="result"' in page.text
    assert "player_hands" in client.get("/sql").text  # the schema beside the box
    rows = list(csv.reader(io.StringIO(client.get(
        "/sql.csv", params={"q": "SELECT count(*) AS n FROM hands"}).text)))  # fmt: skip
    assert rows == [["n"], ["321"]]
    for query, said in (
        ("DELETE FROM hands", "only reads"),
        ("CREATE TABLE x AS SELECT 1", "only reads"),
        ("SET enable_external_access = true", "only reads"),
        ("SELECT * FROM read_csv('/etc/passwd')", "disabled by configuration"),
        ("SELECT * FROM read_text('/etc/hostname')", "disabled by configuration"),
        ("SELEKT 1", "syntax error"),
    ):
        refused = client.get("/sql", params={"q": query})
        assert refused.status_code == 400, query
        assert said in refused.text, query
    assert client.get("/sql.csv", params={"q": "DROP TABLE hands"}).status_code == 400
    assert "321" in client.get("/sql", params={"q": "SELECT count(*) FROM hands"}).text


def test_a_foreign_host_is_refused(client: TestClient) -> None:
    for host in ("evil.example", "127.0.0.1:9999", "attacker.test:8765"):
        refused = client.get("/", headers={"host": host})
        assert refused.status_code == 421
        assert "DNS rebinding" in refused.text
    assert client.get("/", headers={"host": "localhost:8765"}).status_code == 200
    assert client.request("DELETE", "/").status_code == 405


def test_an_import_needs_the_token_and_a_path_that_exists(
    client: TestClient, database: AppDatabase, tmp_path: Path
) -> None:
    refused = client.post("/import", data={"path": str(tmp_path)})
    assert refused.status_code == 403 and "token" in refused.text
    wrong = client.post("/import", data={"path": str(tmp_path), "token": "guess"})
    assert wrong.status_code == 403
    assert 'value="the-token"' in client.get("/import").text
    missing = client.post("/import", data={"path": str(tmp_path / "none"), "token": "the-token"})
    assert missing.status_code == 400 and "no file or folder" in missing.text
    taken = client.post("/import", data={"path": str(tmp_path), "token": "the-token"},
                        follow_redirects=False)  # fmt: skip
    assert taken.status_code == 303
    deadline = time.monotonic() + 60
    while database.importing() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert database.jobs[-1].state == "done"
    assert client.get("/import/status").json()[-1]["state"] == "done"


def test_unknown_pages_answer_404(client: TestClient) -> None:
    assert client.get("/nowhere").status_code == 404


def _summaries_match(database: AppDatabase) -> None:
    """The stored summaries (dashboard counts, each player's hands in played order, the
    graph's points from the running sums) hold what a query of the tables makes."""
    from analysis.reports import graph, queries, summaries

    assert database.summarized
    live = database.con.cursor()
    queries.views_over_stored(live)
    summaries.use(live, stored=False)  # temporary views over the tables, shadowing them
    with database.reader() as con:
        for name in summaries.SUMMARIES:
            rows = f"FROM {{}}.{name}"
            if name in summaries.SUMS:  # each key's rows summed (appended sums are more rows)
                columns = live.sql(f"FROM {name}").columns
                keys = ", ".join(columns[: columns.index("hands")])
                rows = f"SELECT {keys}, sum(COLUMNS(* EXCLUDE ({keys}))) {rows} GROUP BY ALL"
            stored = con.sql(f"{rows.format('main')} ORDER BY ALL").fetchall()
            assert stored == live.sql(f"{rows.format('temp')} ORDER BY ALL").fetchall(), name
        players = [name for (name,) in con.sql(
            "SELECT player FROM player_hands_cache GROUP BY player "
            "ORDER BY count(*) DESC LIMIT 5").fetchall()]  # fmt: skip
        for player in players:
            filters = queries.Filters(player=player)
            drawn = graph.load_series(con, filters, views_made=True, summarized=True)
            made = graph.load_series(live, filters, views_made=True)
            assert [(s.currency, s.title) for s in drawn] == [(s.currency, s.title) for s in made]
            for one, other in zip(drawn, made, strict=True):
                assert one.hand_number.tolist() == other.hand_number.tolist()
                assert {k: v.tolist() for k, v in one.lines.items()} == {
                    k: v.tolist() for k, v in other.lines.items()}  # fmt: skip
    live.close()


def test_the_summaries_give_what_the_tables_give(database: AppDatabase) -> None:
    _summaries_match(database)


def _done(job: ImportJob) -> None:
    deadline = time.monotonic() + 300
    while job.state not in ("done", "failed") and time.monotonic() < deadline:
        time.sleep(0.1)
    assert job.state == "done", job.detail


def test_the_summaries_follow_an_import_appended_or_sorted_again(tmp_path: Path) -> None:
    """Hands played after each player's last are appended to the sorted rows; hands of
    another file, played in between, make them sorted again; both hold what the tables
    give."""
    from ingest.importer import import_paths
    from tests.web_fixture import SAMPLES

    texts = (SAMPLES / "omaha.txt").read_text(encoding="utf-8").strip().split("\n\n\n")
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "first.txt").write_text("\n\n\n".join(texts[:36]) + "\n\n\n", encoding="utf-8")
    import_paths([folder], tmp_path / "grow.duckdb")
    db = AppDatabase(tmp_path / "grow.duckdb")
    try:
        _done(db.catch_up())

        def marks() -> dict[str, str]:
            with db.reader() as con:
                return dict(con.execute("FROM summary_marks").fetchall())

        sorted_rows = marks()["played_hands:sorted"]
        (folder / "later.txt").write_text("\n\n\n".join(texts[36:]) + "\n\n\n", encoding="utf-8")
        _done(db.start_import([str(folder / "later.txt")]))
        assert marks()["played_hands:sorted"] == sorted_rows  # appended, not sorted again
        with db.reader() as con:  # the sums of the rows appended are appended: more rows
            (rows, keys), = con.sql("SELECT count(*), count(DISTINCT (starts, player, currency)) "
                                    "FROM player_months").fetchall()  # fmt: skip
        assert rows > keys
        _summaries_match(db)
        _done(db.start_import([str(SAMPLES / "omaha8.txt")]))
        assert marks()["played_hands:sorted"] != sorted_rows
        _summaries_match(db)
        sorted_rows = marks()["played_hands:sorted"]
        with db.reader() as con:  # as an earlier version of the definitions made it
            con.execute("UPDATE summary_marks SET version = 'earlier' "
                        "WHERE name = 'played_hands:made_by'")  # fmt: skip
            con.execute("ALTER TABLE main.played_hands DROP COLUMN hole_cards")
        latest = re.sub(r"Hand #(\d+)", r"Hand #9\1", texts[-1], count=1)
        latest = re.sub(r" - \d{4}/", " - 2031/", latest, count=1)  # after every hand
        (folder / "latest.txt").write_text(latest + "\n\n\n", encoding="utf-8")
        _done(db.start_import([str(folder / "latest.txt")]))
        assert marks()["played_hands:sorted"] != sorted_rows  # made again, not appended to
        _summaries_match(db)
    finally:
        db.close()


def test_a_players_hands_page_by_page_newest_first(client: TestClient) -> None:
    """Page 2 of a player's hands (a range of the stored order) follows page 1, as a
    filtered page (the same order, read with an offset) does."""
    import re

    def numbers(params: dict[str, str]) -> list[str]:
        page = client.get("/players/Hero", params=params).text
        table = page[page.index('id="hands"'):]
        return re.findall(r'href="/hands/(\d+)\?', table)

    first, second = numbers({}), numbers({"page": "2"})
    assert len(first) == 200 and second and not set(first) & set(second)
    every = {"since": "2000-01-01"}  # a filter: ranges of the order read from the newest
    assert numbers(every) == first and numbers({**every, "page": "2"}) == second
    buttons = numbers({"position": "BTN"})
    with pytest.MonkeyPatch.context() as patch:  # ranges of 7, 14, 28... hands
        patch.setattr("analysis.web.app.FIRST_RANGE", 7)
        assert numbers(every) == first and numbers({**every, "page": "2"}) == second
        assert buttons and numbers({"position": "BTN"}) == buttons
    assert numbers({"page": "99"}) == []


def test_players_filtered_by_room_as_the_report_is(client: TestClient, tmp_path: Path) -> None:
    """The room filter of the players page is the report's --room: by the room's name or
    its site's; a room with no hands says which rooms there are."""
    from typer.testing import CliRunner

    from analysis.cli import app

    every = client.get("/players", params={"min_hands": "20"}).text
    assert '<option >PokerStars</option>' in every or "PokerStars</option>" in every
    for room in ("PokerStars", "pokerstars"):
        page = client.get("/players", params={"min_hands": "20", "room": room})
        assert page.status_code == 200
        assert page.text.split('id="count"')[1][:40] == every.split('id="count"')[1][:40]
    nowhere = client.get("/players", params={"room": "Winamax"}).text
    assert "no hands in room &#39;Winamax&#39;; the rooms stored: PokerStars" in nowhere
    assert client.get("/players/Hero", params={"room": "PokerStars"}).status_code == 200

    db = tmp_path / "rooms.duckdb"
    from ingest.importer import import_paths
    from tests.web_fixture import SAMPLES

    import_paths([SAMPLES / "omaha8.txt"], db)
    runner = CliRunner()
    plain = runner.invoke(app, ["report", "players", "--db", str(db), "--format", "csv"])
    roomed = runner.invoke(app, ["report", "players", "--db", str(db), "--format", "csv",
                                 "--room", "pokerstars"])  # fmt: skip
    assert plain.exit_code == 0 and roomed.output == plain.output
    other = runner.invoke(app, ["report", "positions", "--db", str(db), "--room", "Winamax"])
    assert other.exit_code == 1 and "the rooms stored: PokerStars" in other.output


def test_reports_show_the_equities_computed_after_a_page_was_read(tmp_path: Path) -> None:
    """A page read before the database had any all-in equity, then an import: the players
    report the pages show holds the stored all-in adjusted nets, as a new connection's."""
    from analysis.reports import queries
    from tests.web_fixture import SAMPLES

    db = AppDatabase(tmp_path / "new.duckdb")
    try:
        with db.reader(), db.reader():  # the pages' cursors, over a database of no hands
            pass
        _done(db.start_import([str(SAMPLES)]))
        shown = db.report(queries.Report.players, queries.Filters())
        fresh = db.con.cursor()
        queries.views_over_stored(fresh)
        expected = queries.run_report(fresh, queries.Report.players, queries.Filters(),
                                      views_made=True)  # fmt: skip
        fresh.close()
        adjusted = expected.select(["player", "currency", "net", "net_adjusted"]).to_pylist()
        assert any(row["net"] != row["net_adjusted"] for row in adjusted)  # all-ins computed
        assert shown.select(["player", "currency", "net", "net_adjusted"]).to_pylist() == adjusted
    finally:
        db.close()


def test_every_page_answers_while_an_import_runs(tmp_path: Path) -> None:
    """Pages asked over and over while a new database's first import, its audit and its
    stored rows are made: none fails (each answers as the data stands, or 404)."""
    import threading

    from tests.web_fixture import SAMPLES

    db = AppDatabase(tmp_path / "busy.duckdb")
    app = create_app(db, "127.0.0.1", 8765, token="the-token")
    pages = ["/", "/players", "/players?min_hands=2", "/players/Hero", "/audit",
             "/audit?status=mismatch", "/sql?q=SELECT+count(*)+FROM+hands",
             "/hands/1", "/import/status"]  # fmt: skip
    failed: list[tuple[str, int]] = []
    asked = [0]
    stop = threading.Event()

    def ask(first: int) -> None:
        client = TestClient(app, base_url=BASE, raise_server_exceptions=False)
        k = first
        while not stop.is_set():
            page = pages[k % len(pages)]
            k += 1
            status = client.get(page).status_code
            asked[0] += 1
            if status >= 500:
                failed.append((page, status))

    askers = [threading.Thread(target=ask, args=(k,)) for k in range(3)]
    try:
        for asker in askers:
            asker.start()
        _done(db.start_import([str(SAMPLES)]))
    finally:
        stop.set()
        for asker in askers:
            asker.join()
        db.close()
    assert asked[0] > len(pages) and not failed, failed


def test_reports_read_from_a_kept_report_equal_those_made(database: AppDatabase) -> None:
    """The players' and positions' reports at a minimum of hands, and a player's row of
    the players report, read from the reports kept (without the minimum; of every player),
    equal those the reports' own SQL makes."""
    from analysis.reports import queries

    fresh = database.con.cursor()
    queries.views_over_stored(fresh)
    try:
        for name in (queries.Report.players, queries.Report.positions):
            for minimum in (2, 9, 40):
                filters = queries.Filters(min_hands=minimum)
                made = queries.run_report(fresh, name, filters, views_made=True)
                assert 0 < made.num_rows < database.report(name, queries.Filters()).num_rows
                assert database.report(name, filters).to_pylist() == made.to_pylist()
        players = [name for (name,) in fresh.sql(
            "SELECT player FROM player_hands WHERE game = 'omaha' GROUP BY player "
            "ORDER BY count(*) DESC, player "
            "LIMIT 3").fetchall()]  # fmt: skip
        for player in players:
            for filters in (queries.Filters(player=player),
                            queries.Filters(player=player, game="omaha", min_hands=2)):
                made = queries.run_report(fresh, queries.Report.players, filters,
                                          views_made=True)  # fmt: skip
                assert made.num_rows > 0
                assert database.report(queries.Report.players, filters).to_pylist() == \
                    made.to_pylist()  # fmt: skip
    finally:
        fresh.close()


def test_an_import_end_makes_the_players_report_of_each_game(tmp_path: Path) -> None:
    """The players page narrowed by its game menu answers from a report made as the import
    ended (here two games, one room: no report per room)."""
    from analysis.reports import queries
    from tests.web_fixture import SAMPLES

    db = AppDatabase(tmp_path / "menus.duckdb")
    try:
        _done(db.start_import([str(SAMPLES / "omaha.txt"), str(SAMPLES / "omaha8.txt")]))
        for game in ("omaha", "omaha8"):
            kept = db._kept(queries.Report.players, queries.Filters(game=game), None)
            assert kept is not None and kept.num_rows > 0, game
        assert db._kept(queries.Report.players, queries.Filters(game="omaha5"), None) is None
        assert db._kept(queries.Report.players, queries.Filters(room="PokerStars"), None) \
            is None  # fmt: skip
    finally:
        db.close()


def test_reports_of_every_player_from_the_stored_sums_equal_those_of_the_hands(
        tmp_path: Path) -> None:  # fmt: skip
    """The players report of every player, narrowed by game, stakes, kind or currency, or
    by dates at UTC midnights, read from the sums stored per stakes, month and day, equals
    the report of the player-hands to the last digit: dates across months (the months
    inside, the days at either end), within one month, open at one end; filters the sums
    cannot answer (dates with a game, another time of day, a room) read the hands."""
    from analysis.reports import queries, summaries
    from tests.web_fixture import SAMPLES

    folder = tmp_path / "histories"
    folder.mkdir()
    for name in ("omaha.txt", "omaha8.txt"):  # each hand moved to a day of Jan, Feb or Mar
        texts = (SAMPLES / name).read_text(encoding="utf-8").strip().split("\n\n\n")
        moved = [re.sub(r" - 2024/01/08 ", f" - 2024/{1 + k % 3:02}/{1 + k * 7 % 28:02} ",
                        text, count=1) for k, text in enumerate(texts)]  # fmt: skip
        (folder / name).write_text("\n\n\n".join(moved) + "\n\n\n", encoding="utf-8")
    db = AppDatabase(tmp_path / "sums.duckdb")
    try:
        _done(db.start_import([str(folder)]))
        text = queries.filters_from_text
        summed = [text(), text(game="omaha8"), text(stakes="$0.05/$0.10"),
                  text(tournament=False, min_hands=3), text(currency="usd"),
                  text(since="2024-02-01"), text(since="2024-02-01", until="2024-02-29"),
                  text(since="2024-01-15"), text(since="2024-01-10", until="2024-03-20"),
                  text(since="2024-02-03", until="2024-02-20", currency="usd"),
                  text(until="2024-02-10"), text(since="2024-03-01T01:00:00+01:00"),
                  *(text(since=f"2024-01-{day:02}", until=f"2024-03-{day:02}")
                    for day in (1, 2, 31))]  # fmt: skip
        hands_read = [text(since="2024-02-01", game="omaha"), text(since="2024-02-02T12:00:00"),
                      text(since="2024-03-01T00:00:00-01:00"), text(room="PokerStars")]  # fmt: skip
        with db.reader() as con:
            for filters in summed + hands_read:
                source = summaries.summed_source(filters)
                assert (source is not None) == (filters in summed), filters
                made = queries.run_report(con, queries.Report.players, filters, views_made=True)
                assert made.num_rows > 0, filters
                if source is not None:
                    read = queries.run_report(con, queries.Report.players, filters,
                                              views_made=True, source=source)  # fmt: skip
                    assert read.to_pylist() == made.to_pylist(), filters
                assert db.report(queries.Report.players, filters).to_pylist() == \
                    made.to_pylist()  # fmt: skip
            months = con.sql("SELECT DISTINCT starts FROM player_months ORDER BY 1").fetchall()
            assert [str(starts) for (starts,) in months] == [
                "2024-01-01", "2024-02-01", "2024-03-01"]  # fmt: skip
            with pytest.raises(duckdb.Error, match="sums of every player"):
                queries.run_report(con, queries.Report.players, text(since="2024-02-01"),
                                   views_made=True, source="report_sums")  # fmt: skip
            with pytest.raises(duckdb.Error, match="sums of every player"):
                queries.run_report(con, queries.Report.players, text(game="omaha"),
                                   views_made=True, source="report_periods")  # fmt: skip
    finally:
        db.close()
