"""``omaha import --timezone``: the zone of times a history writes without one."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
from typer.testing import CliRunner

from analysis.cli import app

runner = CliRunner()
FIXTURE = Path(__file__).parent / "fixtures" / "stars_hands.txt"
WRITTEN = "2021/11/23 22:30:22 MSK [2021/11/23 14:30:22 ET]"


def _zoneless_hand(tmp_path: Path) -> Path:
    """The fixture's first hand with its header's time written with no zone, as histories
    converted by other tools write it."""
    first = FIXTURE.read_text(encoding="utf-8").split("\n\n\n")[0]
    assert WRITTEN in first
    path = tmp_path / "converted.txt"
    path.write_text(first.replace(WRITTEN, "2021/11/23 14:30:22") + "\n", encoding="utf-8")
    return path


def _import(path: Path, db: Path, *options: str) -> dict[str, int]:
    result = runner.invoke(app, ["import", str(path), "--db", str(db), "--format", "json",
                                 *options])  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    return {f"{r['unit']} {r['outcome']}": r["count"] for r in rows}


def _started(db: Path) -> str:
    with duckdb.connect(str(db), read_only=True) as con:
        row = con.execute("SELECT strftime(started_at, '%Y-%m-%d %H:%M:%S') FROM hands").fetchone()
    assert row is not None
    return str(row[0])


def test_a_time_without_zone_is_the_rooms_assumption_unless_the_user_names_one(
    tmp_path: Path,
) -> None:
    path = _zoneless_hand(tmp_path)
    _import(path, tmp_path / "et.duckdb")
    assert _started(tmp_path / "et.duckdb") == "2021-11-23 19:30:22"  # ET in November: UTC-5
    _import(path, tmp_path / "london.duckdb", "--timezone", "Europe/London")
    assert _started(tmp_path / "london.duckdb") == "2021-11-23 14:30:22"
    _import(path, tmp_path / "tokyo.duckdb", "--timezone", "Asia/Tokyo")
    assert _started(tmp_path / "tokyo.duckdb") == "2021-11-23 05:30:22"


def test_a_file_read_with_another_zone_is_read_again(tmp_path: Path) -> None:
    path, db = _zoneless_hand(tmp_path), tmp_path / "omaha.duckdb"
    assert _import(path, db)["files read"] == 1
    assert _import(path, db)["files unchanged"] == 1
    assert _import(path, db, "--timezone", "Europe/London")["files read"] == 1


def test_a_written_zone_is_kept_whatever_the_option(tmp_path: Path) -> None:
    path, db = tmp_path / "written.txt", tmp_path / "omaha.duckdb"
    path.write_text(FIXTURE.read_text(encoding="utf-8").split("\n\n\n")[0] + "\n", "utf-8")
    _import(path, db, "--timezone", "Asia/Tokyo")
    assert _started(db) == "2021-11-23 19:30:22"  # the bracketed ET time


def test_an_unknown_zone_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["import", str(tmp_path), "--db", str(tmp_path / "x.duckdb"),
                                 "--timezone", "Mars/Olympus"])  # fmt: skip
    assert result.exit_code == 2
    assert "no time zone is named 'Mars/Olympus'" in " ".join(result.output.split())
