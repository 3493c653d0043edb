"""Every chip a player put in or took out is in his report totals, whatever the report.

A tournament player sitting out is still dealt in and posts his blinds and antes: in the
PokerStars knockout of the corpus (#68174129317: ``Seat 4: barlowdog1 (380 in chips) is
sitting out``, ``barlowdog1: posts big blind 50``; #68174154370: ``posts small blind 25``),
barlowdog1 loses 75 chips while sitting out. The importer now counts him dealt in; earlier
versions stored him ``sitting_out`` with no position, and such databases are still read.
On both, the nets of the stored ``players`` rows, added up per player and currency, must be
what the players, positions and sessions reports and the graph's last point say.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import duckdb
import pytest
from typer.testing import CliRunner

from analysis.cli import app
from analysis.reports.graph import load_series
from analysis.reports.queries import (
    Filters,
    Report,
    connect_for_reports,
    create_views,
    exact_sums,
    run_report,
)
from ingest import importer, store

KNOCKOUT = "Stars/tour/NLO8-USD-STT-201109.Knockout.sample.txt"
SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "omaha.txt"
runner = CliRunner()
Nets = Counter[tuple[str, str]]


def omaha_json(*args: str) -> list[dict[str, object]]:
    result = runner.invoke(app, [*args, "--format", "json"])
    assert result.exit_code == 0, (args, result.output)
    rows: list[dict[str, object]] = json.loads(result.stdout)
    return rows


# The seats the knockout's histories print as ``is sitting out``, (hand, player): as
# earlier importers stored them (sitting out, no position).
SITTING_OUT = (
    ("68173819239", "StaKuGorPS"),  # folds
    ("68173842857", "StaKuGorPS"),  # folds, then "has returned"
    ("68174076854", "barlowdog1"),
    ("68174097445", "barlowdog1"),
    ("68174129317", "barlowdog1"),  # posts big blind 50, folds
    ("68174154370", "barlowdog1"),  # posts small blind 25, folds
)


@pytest.fixture(scope="module", params=["as imported", "as stored by earlier versions"])
def db(request: pytest.FixtureRequest, corpus: Path, tmp_path_factory: pytest.TempPathFactory
       ) -> Path:  # fmt: skip
    """The knockout tournament and the sample hands (dollars and chips), imported and
    audited (so that the all-in adjusted nets are there too); its sitting-out seats as the
    importer stores them now, or as earlier versions did (whose import stored no player
    rows: the first report makes them)."""
    path = tmp_path_factory.mktemp("chips") / "chips.duckdb"
    if request.param == "as imported":
        result = runner.invoke(app, ["import", str(corpus / KNOCKOUT), str(SAMPLE), "--db",
                                     str(path)])  # fmt: skip
        assert result.exit_code == 0, result.output
    else:
        assert importer.import_paths([corpus / KNOCKOUT, SAMPLE], path).errors == 0
        con = store.connect(path)
        try:
            for hand_id, player in SITTING_OUT:
                con.execute(
                    "UPDATE players SET sitting_out = true, position = NULL "
                    "WHERE hand_id = ? AND player = ?",
                    [hand_id, player],
                )
        finally:
            con.close()
    result = runner.invoke(app, ["audit", "--db", str(path)])
    assert result.exit_code == 0, result.output
    return path


def earlier(db: Path) -> bool:
    """Whether ``db`` holds the sitting-out seats as earlier importers stored them."""
    con = store.connect(db, read_only=True)
    try:
        return bool(con.execute("SELECT count(*) FROM players WHERE sitting_out").fetchall()[0][0])
    finally:
        con.close()


@pytest.fixture(scope="module")
def stored(db: Path) -> Nets:
    """Each player's net per currency, added up from the stored players rows."""
    con = store.connect(db, read_only=True)
    try:
        return Counter({
            (player, currency): int(net)
            for player, currency, net in con.execute(
                "SELECT p.player, h.currency, sum(p.net) FROM players AS p "
                "JOIN hands AS h USING (site, hand_id) GROUP BY ALL"
            ).fetchall()
        })  # fmt: skip
    finally:
        con.close()


def tournament_players(stored: Nets) -> list[str]:
    """The knockout's players, and the hero (who plays in dollars too)."""
    return sorted({player for player, currency in stored if currency == "chips"})


def totals(rows: list[dict[str, object]], player: str | None = None) -> Nets:
    """``net`` added up per (player, currency) over report rows (``player``: rows of one)."""
    nets: Nets = Counter()
    for row in rows:
        nets[str(player or row["player"]), str(row["currency"])] += int(str(row["net"]))
    return nets


def test_the_sitting_out_poster_is_in_the_stored_rows(db: Path, stored: Nets) -> None:
    con = store.connect(db, read_only=True)
    try:
        lost = con.execute(
            "SELECT hand_id, net, sitting_out FROM players WHERE player = 'barlowdog1' "
            "AND put_in > 0 AND hand_id IN ('68174129317', '68174154370') ORDER BY hand_id"
        ).fetchall()
    finally:
        con.close()
    out = earlier(db)
    assert lost == [("68174129317", -5000, out), ("68174154370", -2500, out)]
    assert stored["barlowdog1", "chips"] == -150000  # his whole buy-in of chips (hundredths)


def test_players_report_holds_every_chip(db: Path, stored: Nets) -> None:
    assert totals(omaha_json("report", "players", "--db", str(db))) == stored
    for by in ("month", "day"):
        assert totals(omaha_json("report", "players", "--by", by, "--db", str(db))) == stored


def test_sessions_report_holds_every_chip(db: Path, stored: Nets) -> None:
    assert totals(omaha_json("report", "sessions", "--db", str(db))) == stored


def test_positions_report_holds_every_chip(db: Path, stored: Nets) -> None:
    everyone = omaha_json("report", "positions", "--db", str(db))
    per_currency: Counter[str] = Counter()
    for row in everyone:
        per_currency[str(row["currency"])] += int(str(row["net"]))
    expected: Counter[str] = Counter()
    for (_, currency), net in stored.items():
        expected[currency] += net
    assert per_currency == expected
    rows = omaha_json("report", "positions", "--player", "barlowdog1", "--db", str(db))
    assert totals(rows, "barlowdog1") == {("barlowdog1", "chips"): -150000}
    if earlier(db):  # his hands sitting out count in the money, in no statistic's opportunity
        unknown = next(row for row in rows if row["position"] == "?")
        assert (unknown["hands"], unknown["net"], unknown["vpip_opp"]) == (2, -7500, 0)
    with connect_for_reports(db) as con:
        for player in tournament_players(stored):
            one = run_report(con, Report.positions, Filters(player=player)).to_pylist()
            assert totals(one, player) == {k: v for k, v in stored.items() if k[0] == player}


def test_graph_ends_at_every_chip(db: Path, stored: Nets) -> None:
    with connect_for_reports(db) as con:
        for player in tournament_players(stored):
            ends = {
                (player, series.currency): int(series.lines["net"][-1])
                for series in load_series(con, Filters(player=player))
            }
            assert ends == {k: v for k, v in stored.items() if k[0] == player}
    result = runner.invoke(
        app,
        ["graph", "--db", str(db), "--player", "barlowdog1", "--out", str(db.parent / "b.html")],
    )
    assert result.exit_code == 0, result.output
    assert "-1,500 chips" in (db.parent / "b.html").read_text()


def test_a_sitting_out_players_fold_leaves_the_others_at_showdown(db: Path) -> None:
    # #68173819239: StaKuGorPS, sitting out, folds (his fold is no player fewer at the end
    # when his row is left out); VORON1976511 and APTEM-89 go all in and show down.
    con = connect_for_reports(db)
    try:
        create_views(con)
        shown = con.execute(
            "SELECT player FROM player_hands WHERE hand_id = '68173819239' AND went_to_showdown "
            "ORDER BY player"
        ).fetchall()
    finally:
        con.close()
    assert shown == [("APTEM-89",), ("VORON1976511",)]


def test_sums_after_a_left_join_and_a_filter_are_exact() -> None:
    # DuckDB 2.0.1 casts this sum down to a TINYINT (refused, or wrapped round in a report)
    con = exact_sums(duckdb.connect())
    con.execute(
        "CREATE TABLE t AS SELECT (i % 50)::VARCHAR AS player, ['BB', 'SB', 'CO'][i % 3 + 1] "
        "AS position, (i * 37 % 2000 - 1000)::BIGINT AS net, i::VARCHAR AS hand_id "
        "FROM range(5000) AS r(i)"
    )
    con.execute("CREATE TEMP TABLE e (hand_id VARCHAR, player VARCHAR, ev DOUBLE)")
    got = con.execute(
        "SELECT position, sum(net) FROM t LEFT JOIN e USING (hand_id, player) "
        "WHERE player = '7' GROUP BY position ORDER BY position"
    ).fetchall()
    want = con.execute(
        "SELECT position, sum(net) FROM t WHERE player = '7' GROUP BY position ORDER BY position"
    ).fetchall()
    assert got == want == [("BB", -1003), ("CO", 47), ("SB", 356)]


def test_player_hands_say_who_sat_out(db: Path) -> None:
    con = connect_for_reports(db)
    try:
        create_views(con)
        rows = con.execute(
            "SELECT p.hand_id, p.sitting_out, p.net, s.sitting_out, s.hands, s.vpip_opp "
            "FROM player_hands AS p JOIN stat_counts AS s USING (site, hand_id, player) "
            "WHERE player = 'barlowdog1' AND hand_id IN ('68174129317', '68174154370') "
            "ORDER BY hand_id"
        ).fetchall()
    finally:
        con.close()
    out = earlier(db)
    assert rows == [
        ("68174129317", out, -5000, out, 1, 0 if out else 1),
        ("68174154370", out, -2500, out, 1, 0 if out else 1),
    ]
