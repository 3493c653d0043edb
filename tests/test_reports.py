"""Player, position and starting-hand reports on hand-made rows, counted by hand."""

from __future__ import annotations

import datetime as dt
import json
import random
from decimal import Decimal
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from report_rows import HandRows, database, random_hand
from typer.testing import CliRunner

from analysis.cli import app
from analysis.reports import queries
from analysis.reports.queries import (
    Filters,
    Grouping,
    Report,
    ReportError,
    Stakes,
    parse_moment,
    report_sql,
    run_report,
)
from ingest import store

SIX = ["UTG", "MP", "CO", "BTN", "SB", "BB"]


def seats(cards: dict[str, str] | None = None) -> list[tuple[int, str, str, str | None]]:
    known = cards or {}
    return [(i + 1, pos.lower(), pos, known.get(pos.lower())) for i, pos in enumerate(SIX)]


BLINDS = [("preflop", "sb", "post_sb", 1), ("preflop", "bb", "post_bb", 2)]

# CO opens, BTN 3-bets, everyone else folds, CO folds to the 3-bet.
THREE_BET = HandRows(
    "h1",
    seats(),
    [
        *BLINDS,
        ("preflop", "utg", "fold", 0),
        ("preflop", "mp", "fold", 0),
        ("preflop", "co", "raise", 6),
        ("preflop", "btn", "raise", 20),
        ("preflop", "sb", "fold", 0),
        ("preflop", "bb", "fold", 0),
        ("preflop", "co", "fold", 0),
        ("preflop", "btn", "return", 14),
        ("preflop", "btn", "collect", 15),
    ],
    minute=1,
)

# Folded round to the big blind: a walk.
WALK = HandRows(
    "h2",
    seats(),
    [
        *BLINDS,
        *[("preflop", p, "fold", 0) for p in ("utg", "mp", "co", "btn", "sb")],
        ("preflop", "bb", "return", 1),
        ("preflop", "bb", "collect", 2),
    ],
    minute=2,
)

# UTG opens, BTN and BB call; UTG c-bets, BTN calls, BB folds; river UTG bets, BTN raises,
# UTG calls; BTN wins at showdown; rake 3.
CBET = HandRows(
    "h3",
    seats({"utg": "As Ah Ks Kh", "btn": "Jd Tc 9d 8c"}),
    [
        *BLINDS,
        ("preflop", "utg", "raise", 7),
        ("preflop", "mp", "fold", 0),
        ("preflop", "co", "fold", 0),
        ("preflop", "btn", "call", 7),
        ("preflop", "sb", "fold", 0),
        ("preflop", "bb", "call", 5),
        ("flop", "bb", "check", 0),
        ("flop", "utg", "bet", 10),
        ("flop", "btn", "call", 10),
        ("flop", "bb", "fold", 0),
        ("turn", "utg", "check", 0),
        ("turn", "btn", "check", 0),
        ("river", "utg", "bet", 20),
        ("river", "btn", "raise", 60),
        ("river", "utg", "call", 40),
        ("showdown", "btn", "collect", 1 + 7 + 77 + 77 - 3),
    ],
    board="2c 7d Kc 3h 4s",
    rake=3,
    minute=3,
    hero="utg",
)

# BB donk-bets into the preflop raiser: no c-bet opportunity; CO checks it down... folds.
DONK = HandRows(
    "h4",
    seats({"utg": "As Ad Ks Kd"}),
    [
        *BLINDS,
        ("preflop", "utg", "fold", 0),
        ("preflop", "mp", "call", 2),
        ("preflop", "co", "raise", 8),
        ("preflop", "btn", "fold", 0),
        ("preflop", "sb", "fold", 0),
        ("preflop", "bb", "call", 6),
        ("preflop", "mp", "call", 6),
        ("flop", "bb", "bet", 20),
        ("flop", "mp", "fold", 0),
        ("flop", "co", "fold", 0),
        ("flop", "bb", "return", 20),
        ("flop", "bb", "collect", 25),
    ],
    board="2c 7d Kc",
    minute=4,
    big_blind=2,
)


@pytest.fixture
def con():  # type: ignore[no-untyped-def]
    connection = database([THREE_BET, WALK, CBET, DONK])
    yield connection
    connection.close()


def by_player(con, report=Report.players, **filters):  # type: ignore[no-untyped-def]
    table = run_report(con, report, Filters(**filters))
    return {
        row["player" if report is Report.players else "position"]: row for row in table.to_pylist()
    }


def test_preflop_stats(con) -> None:  # type: ignore[no-untyped-def]
    rows = by_player(con)
    # Every player is in the four hands; the walk removes one VPIP chance from bb only.
    assert {name: row["hands"] for name, row in rows.items()} == dict.fromkeys(
        ["utg", "mp", "co", "btn", "sb", "bb"], 4
    )
    assert rows["bb"]["vpip_opp"] == 3 and rows["bb"]["vpip_n"] == 2  # called h3 and h4
    assert rows["utg"]["vpip_opp"] == 4 and rows["utg"]["vpip_n"] == 1
    assert (rows["utg"]["pfr_n"], rows["co"]["pfr_n"], rows["btn"]["pfr_n"]) == (1, 2, 1)
    assert rows["co"]["vpip"] == 50.0 and rows["co"]["pfr"] == 50.0
    # 3-bet chances: facing exactly one raise. h1: btn (3-bets), sb and bb came after the
    # 3-bet. h3: btn, sb, bb after utg's open (mp, co too). h4: btn, sb, bb, and mp, who
    # limped and then faced co's raise.
    assert {n: (r["three_bet_n"], r["three_bet_opp"]) for n, r in rows.items()} == {
        "utg": (0, 0), "mp": (0, 2), "co": (0, 1), "btn": (1, 3), "sb": (0, 2), "bb": (0, 2),
    }  # fmt: skip
    assert (rows["co"]["fold_to_three_bet_n"], rows["co"]["fold_to_three_bet_opp"]) == (1, 1)
    # Steal: co in h1 (folded to, raised) and h2 (folded to, folded); btn in h2 only;
    # sb in h2 (folded to); h4 had mp's limp before co.
    assert {n: (r["steal_n"], r["steal_opp"]) for n, r in rows.items() if r["steal_opp"]} == {
        "co": (1, 2), "btn": (0, 1), "sb": (0, 1),
    }  # fmt: skip


def test_postflop_and_showdown_stats(con) -> None:  # type: ignore[no-untyped-def]
    rows = by_player(con)
    assert (rows["utg"]["cbet_n"], rows["utg"]["cbet_opp"]) == (1, 1)
    assert rows["co"]["cbet_opp"] == 0  # bb bet before co could c-bet in h4
    assert (rows["btn"]["fold_to_cbet_n"], rows["btn"]["fold_to_cbet_opp"]) == (0, 1)
    assert (rows["bb"]["fold_to_cbet_n"], rows["bb"]["fold_to_cbet_opp"]) == (1, 1)
    # utg: two bets, one call after the flop; btn: one raise, one call.
    assert (rows["utg"]["af"], rows["utg"]["af_n"], rows["utg"]["af_calls"]) == (2.0, 2, 1)
    assert (rows["btn"]["afq_n"], rows["btn"]["afq_opp"]) == (1, 2)
    assert (rows["bb"]["afq_n"], rows["bb"]["afq_opp"]) == (1, 2)  # h4 donk bet; h3 fold
    assert (rows["utg"]["wtsd_n"], rows["utg"]["wtsd_opp"]) == (1, 1)
    assert (rows["btn"]["wsd_n"], rows["btn"]["wsd_opp"]) == (1, 1)
    assert (rows["utg"]["wsd_n"], rows["utg"]["wsd_opp"]) == (0, 1)
    assert (rows["bb"]["wtsd_n"], rows["bb"]["wtsd_opp"]) == (0, 2)
    assert (rows["bb"]["wwsf_n"], rows["bb"]["wwsf_opp"]) == (1, 2)


def test_money(con) -> None:  # type: ignore[no-untyped-def]
    rows = by_player(con)
    # btn: h1 put in 20, got 14 back and the 15 pot: +9; h3 put in 7 + 10 + 60 = 77 and
    # collected the 162 pot less 3 rake: +82.
    assert rows["btn"]["net"] == 9 + 82
    assert rows["btn"]["net_showdown"] == 82 and rows["btn"]["net_no_showdown"] == 9
    assert rows["btn"]["rake_paid"] == 3
    assert rows["utg"]["net"] == -77
    # bb: h1 -2; walk +1; h3 -7; h4 put in 8, won the 25 pot: +17.
    assert rows["bb"]["net"] == -2 + 1 - 7 + 17
    assert sum(row["net"] for row in rows.values()) == -3
    assert rows["btn"]["bb_per_100"] == round(100 * (91 / 2) / 4, 2)


def test_filters(con) -> None:  # type: ignore[no-untyped-def]
    assert list(by_player(con, player="btn")) == ["btn"]
    assert by_player(con, min_hands=5) == {}
    late = by_player(con, since=dt.datetime(2024, 5, 1, 12, 3, tzinfo=dt.UTC))
    assert late["utg"]["hands"] == 2
    early = by_player(con, until=parse_moment("2024-05-01T12:02:30"))
    assert early["utg"]["hands"] == 2
    assert by_player(con, until=parse_moment("2024-05-01", end_of_day=True))["utg"]["hands"] == 4
    assert by_player(con, stakes=Stakes.parse("0.01/0.02"))["utg"]["hands"] == 4
    assert by_player(con, stakes=Stakes.parse("$0.02"))["utg"]["hands"] == 4
    assert by_player(con, stakes=Stakes.parse("0.02"), currency="USD")["utg"]["hands"] == 4
    assert by_player(con, stakes=Stakes.parse("$0.05/$0.10")) == {}
    assert by_player(con, game="omaha8") == {}


def test_stakes_parsing() -> None:
    assert Stakes.parse("0.05/0.10") == Stakes(Decimal("0.05"), Decimal("0.10"))
    assert Stakes.parse("$0.05/$0.10") == Stakes(Decimal("0.05"), Decimal("0.10"), "USD")
    assert Stakes.parse("1,000/2,000 chips") == Stakes(Decimal(1000), Decimal(2000), "chips")
    assert Stakes.parse("€0.10") == Stakes(None, Decimal("0.10"), "EUR")
    for bad in ("ten", "1/2/3", "$1/€2"):
        with pytest.raises(ReportError, match="stakes"):
            Stakes.parse(bad)
    # A big blind alone needs its currency: 10 cents, 10 euros or 10 chips?
    with pytest.raises(ReportError, match="ambiguous"):
        Filters(stakes=Stakes.parse("10"))
    assert Filters(stakes=Stakes.parse("10"), currency="chips").currency_named == "chips"
    assert Filters(stakes=Stakes.parse("10"), tournament=True).parameters()["currency"] == "chips"
    with pytest.raises(ReportError, match="different currencies"):
        Filters(stakes=Stakes.parse("$0.10"), currency="EUR")


def test_positions(con) -> None:  # type: ignore[no-untyped-def]
    table = run_report(con, Report.positions, Filters())
    assert table.column("position").to_pylist() == ["SB", "BB", "UTG", "MP", "CO", "BTN"]
    rows = {row["position"]: row for row in table.to_pylist()}
    assert rows["BTN"]["net"] == 91 and rows["BTN"]["hands"] == 4
    one = run_report(con, Report.positions, Filters(player="co")).to_pylist()
    assert [row["position"] for row in one] == ["CO"]


def test_starting_hands(con) -> None:  # type: ignore[no-untyped-def]
    classes = run_report(con, Report.hands, Filters(), Grouping.hand_class).to_pylist()
    assert {(r["hand_class"], r["hand_label"], r["dealt"]) for r in classes} == {
        ("AsAhKsKh", "AAKK ds", 2),  # utg's AsAhKsKh (h3) and AsAdKsKd (h4) are one class
        ("JsTh9s8h", "JT98 ds", 1),
    }
    aakk = next(r for r in classes if r["hand_label"] == "AAKK ds")
    assert (aakk["vpip_n"], aakk["pfr_n"], aakk["net"], aakk["wsd_n"], aakk["wsd_opp"]) == (
        1, 1, -77, 0, 1,
    )  # fmt: skip
    categories = run_report(con, Report.hands, Filters()).to_pylist()
    by_value = {(r["category"], r["value"]): r["dealt"] for r in categories}
    assert by_value[("pairs", "two pair")] == 2 and by_value[("connectedness", "rundown")] == 1
    assert not any(r["category"].startswith("low") for r in categories)  # no hi/lo hands


def test_show_sql_binds_parameters() -> None:
    text = report_sql(Report.players)
    assert "$player" in text and "$min_hands" in text
    assert "$player" in report_sql(Report.hands, Grouping.hand_class)


PERCENT_STATS = [
    "vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet", "afq", "wtsd",
    "wsd", "wwsf", "steal",
]  # fmt: skip


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(1, 20))
def test_generated_hands_keep_stat_and_money_invariants(rng: random.Random, count: int) -> None:
    hands = [random_hand(rng, f"g{i}", minute=i) for i in range(count)]
    connection = database(hands)
    try:
        rows = run_report(connection, Report.players, Filters()).to_pylist()
        positions = run_report(connection, Report.positions, Filters()).to_pylist()
    finally:
        connection.close()
    for row in rows:
        for stat in PERCENT_STATS:
            assert row[f"{stat}_n"] <= row[f"{stat}_opp"] <= row["hands"] or stat == "afq"
            assert row[stat] is None or 0 <= row[stat] <= 100
        assert row["afq_n"] <= row["afq_opp"]
        assert row["net_showdown"] + row["net_no_showdown"] == row["net"]
    rake = sum(hand.rake for hand in hands)
    assert sum(row["net"] for row in rows) == -rake
    assert sum(row["rake_paid"] for row in rows) == rake
    assert sum(row["net"] for row in positions) == -rake
    assert sum(row["hands"] for row in rows) == sum(len(hand.seats) for hand in hands)


def test_cli_report_formats_and_show_sql(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "made.duckdb"
    database([THREE_BET, WALK, CBET, DONK], str(db)).close()
    runner = CliRunner()
    table = runner.invoke(app, ["report", "players", "--db", str(db), "--player", "btn"])
    assert table.exit_code == 0, table.output
    assert table.output.splitlines()[0].split()[:4] == ["player", "currency", "hands", "vpip"]
    assert "vpip_opp" not in table.output
    as_json = runner.invoke(app, ["report", "players", "--db", str(db), "--format", "json"])
    rows = {row["player"]: row for row in json.loads(as_json.output)}
    assert (rows["btn"]["net"], rows["btn"]["vpip_n"], rows["btn"]["vpip_opp"]) == (91, 2, 4)
    out = tmp_path / "hands.parquet"
    parquet = runner.invoke(
        app, ["report", "hands", "--db", str(db), "--by", "class", "--format", "parquet",
              "--out", str(out)],
    )  # fmt: skip
    assert parquet.exit_code == 0, parquet.output
    assert pq.read_table(out).column("dealt").to_pylist() == [2, 1]
    shown = runner.invoke(app, ["report", "positions", "--show-sql", "--stakes", "0.01/0.02"])
    assert shown.exit_code == 0 and "$big_blind" in shown.output
    assert "Decimal('0.02')" in shown.output.splitlines()[0]
    bad = runner.invoke(app, ["report", "players", "--db", str(db), "--stakes", "x"])
    assert bad.exit_code == 1 and "stakes" in bad.output
    ad_hoc = runner.invoke(
        app, ["sql", "SELECT count(*) AS n FROM player_hands JOIN hand_classes USING "
              "(hole_cards)", "--db", str(db), "--format", "csv"],
    )  # fmt: skip
    assert ad_hoc.exit_code == 0, ad_hoc.output
    assert ad_hoc.output.splitlines() == ['"n"', "3"]


def test_stored_rows_follow_imports_and_deletions() -> None:
    """New hands add only their rows; deleted hands lose theirs; reports equal a fresh
    computation at every step."""
    rng = random.Random(3)
    made = [random_hand(rng, f"g{i:02d}", minute=i) for i in range(30)]
    con = database(made[:20])
    shapes = [
        (Report.players, None), (Report.positions, None), (Report.hands, Grouping.hand_class),
    ]  # fmt: skip

    def reports_now(connection: duckdb.DuckDBPyConnection) -> list[list[dict[str, object]]]:
        return [run_report(connection, r, Filters(), by).to_pylist() for r, by in shapes]

    def stored_rows() -> int:
        return int(con.sql("SELECT count(*) FROM main.player_hands_cache").fetchall()[0][0])

    first = reports_now(con)
    assert stored_rows() == sum(len(hand.seats) for hand in made[:20])
    more = database(made[20:])
    for table in ("hands", "players", "actions"):
        con.register("more_rows", more.sql(f"SELECT * FROM {table}").to_arrow_table())
        con.execute(f"INSERT INTO {table} SELECT * FROM more_rows")
        con.unregister("more_rows")
    run_report(con, Report.players, Filters())
    assert con.sql("SELECT count(*) FROM report_todo").fetchall() == [(10,)]  # new hands only
    added = reports_now(con)
    assert added == reports_now(database(made)) and added != first
    assert stored_rows() == sum(len(hand.seats) for hand in made)
    for table in ("hands", "players", "actions"):
        con.execute(f"DELETE FROM {table} WHERE hand_id IN ('g00', 'g25')")
    kept = [hand for hand in made if hand.hand_id not in ("g00", "g25")]
    assert reports_now(con) == reports_now(database(kept))
    assert stored_rows() == sum(len(hand.seats) for hand in kept)


def test_read_only_connection_adds_new_rows_beside_the_stored_ones(tmp_path: Path) -> None:
    rng = random.Random(5)
    made = [random_hand(rng, f"r{i:02d}", minute=i) for i in range(12)]
    path = tmp_path / "ro.duckdb"
    database(made[:8], str(path)).close()
    with store.connect(path, read_only=True) as con:  # nothing stored yet: all beside
        assert run_report(con, Report.players, Filters()) == run_report(
            database(made[:8]), Report.players, Filters()
        )
    with store.connect(path) as con:
        run_report(con, Report.players, Filters())  # stores the rows of 8 hands
        more = database(made[8:])
        for table in ("hands", "players", "actions"):
            con.register("more_rows", more.sql(f"SELECT * FROM {table}").to_arrow_table())
            con.execute(f"INSERT INTO {table} SELECT * FROM more_rows")
            con.unregister("more_rows")
    with store.connect(path, read_only=True) as con:
        got = run_report(con, Report.players, Filters())
        assert con.sql("SELECT count(*) FROM report_todo").fetchall() == [(4,)]
        stored = con.sql("SELECT count(DISTINCT hand_id) FROM main.player_hands_cache")
        assert stored.fetchall() == [(8,)]
    assert got == run_report(database(made), Report.players, Filters())


def test_an_update_cut_short_is_finished_by_the_next(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(8)
    made = [random_hand(rng, f"c{i:02d}", minute=i) for i in range(12)]
    con = database(made)
    monkeypatch.setattr(queries, "BATCH_HANDS", 5)
    add_batch = queries._add_batch

    def fail_on_second(connection, batch, span, keep):  # type: ignore[no-untyped-def]
        if batch == 1:
            raise KeyboardInterrupt
        add_batch(connection, batch, span, keep)

    monkeypatch.setattr(queries, "_add_batch", fail_on_second)
    with pytest.raises(KeyboardInterrupt):
        run_report(con, Report.players, Filters())
    stored = con.sql("SELECT count(DISTINCT hand_id), count(*) FROM main.player_hands_cache")
    assert stored.fetchall() == [(5, sum(len(hand.seats) for hand in made[:5]))]  # batch 0 kept
    monkeypatch.setattr(queries, "_add_batch", add_batch)
    assert run_report(con, Report.players, Filters()) == run_report(
        database(made), Report.players, Filters()
    )
    assert con.sql("SELECT count(*) FROM main.player_hands_cache").fetchall() == [
        (sum(len(hand.seats) for hand in made),)
    ]


def test_rows_stored_out_of_hand_order_are_picked_by_key(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(9)
    made = [random_hand(rng, f"o{i:02d}", minute=i) for i in range(10)]
    con = database(made[:4])
    run_report(con, Report.players, Filters())
    monkeypatch.setattr(queries, "BATCH_HANDS", 2)
    more = database(made[4:])
    order = "CASE hand_id WHEN 'o05' THEN 0 WHEN 'o07' THEN 1 WHEN 'o04' THEN 2 ELSE 3 END"
    for table in ("hands", "players", "actions"):  # hands in order, their rows not
        first = "hand_id" if table == "hands" else order
        rows = more.sql(f"SELECT * FROM {table} ORDER BY {first}, hand_id").to_arrow_table()
        con.register("more_rows", rows)
        con.execute(f"INSERT INTO {table} SELECT * FROM more_rows")
        con.unregister("more_rows")
    spans = queries._spans
    keyed: list[int] = []
    monkeypatch.setattr(queries, "_spans", lambda c, a: seen(spans(c, a), keyed))
    got = run_report(con, Report.players, Filters())
    assert keyed == [1, 1, 0]  # rows: o05 o07 o04 o06 o08 o09; batches o04-5, o06-7, o08-9
    assert got == run_report(database(made), Report.players, Filters())


def seen(spans: dict[int, dict[str, int]], keyed: list[int]) -> dict[int, dict[str, int]]:
    keyed.extend(int(span["keyed"]) for _, span in sorted(spans.items()))
    return spans


def test_stored_rows_made_again_are_never_missing_to_a_reader(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stored rows made again from nothing (made by other definitions, say) are dropped and
    made in one transaction: a connection reading them meanwhile (a page of the web app,
    while an import ends) reads the rows stored before, never a missing table."""
    rng = random.Random(4)
    made = [random_hand(rng, f"m{i:02d}", minute=i) for i in range(6)]
    con = database(made)
    run_report(con, Report.players, Filters())  # stores the rows
    reader = con.cursor()
    queries.views_over_stored(reader)
    read_meanwhile: list[int] = []
    run = queries._run

    def read_after(connection, statement, **values):  # type: ignore[no-untyped-def]
        done = run(connection, statement, **values)
        if statement == "drop_stored":
            (rows,) = reader.sql("SELECT count(*) FROM player_hands").fetchall()[0]
            read_meanwhile.append(rows)
        return done

    monkeypatch.setattr(queries, "_run", read_after)
    monkeypatch.setattr(queries, "_stored_marks", lambda connection: None)
    queries.update_player_rows(con.cursor())
    assert read_meanwhile == [sum(len(hand.seats) for hand in made)]


def test_the_stored_rows_are_made_again_for_their_code_not_their_comments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The version of the stored player rows follows the SQL that makes them, not its
    comments: a comment added keeps a database's rows, a changed statement makes them again."""
    before = queries.cache_version()
    text, read = queries.sql_text("player_hands"), queries.sql_text
    commented = "-- a word more\n" + text.replace("\nCREATE", "\n  -- and here\nCREATE", 1)
    changed = text.replace("SELECT", "SELECT DISTINCT", 1)
    for new, same in ((commented, True), (changed, False)):
        assert new != text
        monkeypatch.setattr(queries, "sql_text",
                            lambda name, new=new: new if name == "player_hands" else read(name))
        assert (queries.cache_version() == before) is same
