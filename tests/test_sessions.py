"""The sessions report (per player and table, split by time gaps) and the players report
by month, week or day."""

from __future__ import annotations

import datetime as dt
import random

from report_rows import HandRows, database, player_nets, priced, random_hand
from typer.testing import CliRunner

from analysis.cli import app
from analysis.reports.queries import Filters, Grouping, Report, run_report


def at(minutes: list[int], currency: str, table: str, seed: int) -> list[HandRows]:
    rng = random.Random(seed)
    return [
        priced(random_hand(rng, f"{table}{m}", minute=m), currency, table) for m in minutes
    ]


# Table A: hands 10 and 30 minutes apart, then a 31-minute gap; table B meanwhile; chips
# at table C.
TABLE_A = at([0, 10, 40, 71, 75], "USD", "A", 1)
TABLE_B = at([5, 15], "USD", "B", 2)
TABLE_C = at([0, 100], "chips", "C", 3)


def sessions(gap: int = 30) -> list[dict[str, object]]:
    con = database(TABLE_A + TABLE_B + TABLE_C)
    table = run_report(con, Report.sessions, Filters(player="p0"), gap_minutes=gap)
    return table.to_pylist()


def test_sessions_split_at_gaps_per_table_and_currency() -> None:
    rows = sessions()
    shape = [(r["currency"], r["table"], r["hands"], r["minutes"]) for r in rows]
    assert shape == [
        ("USD", "A", 3, 40), ("USD", "B", 2, 10), ("USD", "A", 2, 4),
        ("chips", "C", 1, 0), ("chips", "C", 1, 0),
    ]  # fmt: skip
    first = rows[0]
    assert first["start"] == dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.UTC)
    assert first["net"] == sum(player_nets(hand)["p0"] for hand in TABLE_A[:3])
    won_bb = sum(player_nets(hand)["p0"] / hand.big_blind for hand in TABLE_A[:3])
    assert first["bb_per_100"] == round(100 * won_bb / 3, 2)


def test_gap_option_joins_sessions() -> None:
    shape = [(r["table"], r["hands"], r["minutes"]) for r in sessions(gap=120)]
    assert shape == [("A", 5, 75), ("B", 2, 10), ("C", 2, 100)]


def test_sessions_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "s.duckdb"
    database(TABLE_A + TABLE_B + TABLE_C, str(db)).close()
    runner = CliRunner()
    result = runner.invoke(app, ["report", "sessions", "--db", str(db), "--player", "p0",
                                 "--gap", "120"])  # fmt: skip
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:6] == ["player", "currency", "table", "start", "minutes", "hands"]
    assert len(lines) == 2 + 3 and " chips" in lines[-1] and "$" in lines[2]


# Wednesday 1 May 2024, 12:00 UTC onwards: May 1, May 2 00:00, Tuesday May 7, June 1, and
# 23:59 UTC on June 1 (still June 1 in UTC, June 1 evening in New York).
MINUTES = [0, 720, 6 * 1440, 31 * 1440, 31 * 1440 + 719]


def test_players_by_period() -> None:
    con = database(at(MINUTES, "USD", "A", 4))
    con.execute("SET TimeZone = 'Asia/Tokyo'")  # periods are UTC whatever the zone
    total = run_report(con, Report.players, Filters(player="p0")).to_pylist()[0]

    def periods(by: Grouping) -> list[tuple[str, int]]:
        rows = run_report(con, Report.players, Filters(player="p0"), by).to_pylist()
        assert sum(row["net"] for row in rows) == total["net"]
        return [(str(row["period"]), row["hands"]) for row in rows]

    assert periods(Grouping.month) == [("2024-05-01", 3), ("2024-06-01", 2)]
    assert periods(Grouping.week) == [("2024-04-29", 2), ("2024-05-06", 1), ("2024-05-27", 2)]
    assert periods(Grouping.day) == [
        ("2024-05-01", 1), ("2024-05-02", 1), ("2024-05-07", 1), ("2024-06-01", 2),
    ]  # fmt: skip
    assert "period" not in total


def test_by_applies_to_its_reports(tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = tmp_path / "p.duckdb"
    database(at(MINUTES, "USD", "A", 4), str(db)).close()
    runner = CliRunner()
    ok = runner.invoke(app, ["report", "players", "--db", str(db), "--by", "week"])
    assert ok.exit_code == 0 and ok.output.splitlines()[0].split()[:3] == [
        "player", "currency", "period",
    ]  # fmt: skip
    bad = runner.invoke(app, ["report", "positions", "--db", str(db), "--by", "month"])
    assert bad.exit_code == 1 and "grouped by nothing" in bad.output
