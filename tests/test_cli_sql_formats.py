"""``omaha sql`` writes any query as csv or json, list columns included."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from analysis.cli import app
from ingest import store

SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "omaha8.txt"
runner = CliRunner()


def strict_json(text: str) -> Any:
    """``text`` parsed as JSON, refusing NaN and Infinity (no JSON reader accepts them)."""

    def refuse(name: str) -> None:
        raise ValueError(f"not JSON: {name}")

    return json.loads(text, parse_constant=refuse)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample hi/lo hands, imported and audited."""
    path = tmp_path_factory.mktemp("formats") / "formats.duckdb"
    for args in (["import", str(SAMPLE)], ["audit"]):
        result = runner.invoke(app, [*args, "--db", str(path)])
        assert result.exit_code == 0, result.output
    return path


def sql(db: Path, query: str, fmt: str) -> str:
    result = runner.invoke(app, ["sql", query, "--db", str(db), "--format", fmt])
    assert result.exit_code == 0, (query, fmt, result.output, result.exception)
    return result.stdout


def stored(db: Path, query: str) -> list[tuple[Any, ...]]:
    con = store.connect(db, read_only=True)
    try:
        return con.execute(query).fetchall()
    finally:
        con.close()


@pytest.mark.parametrize("table", ["hands", "audit_hands", "actions", "players"])
def test_every_table_as_csv_and_json(db: Path, table: str) -> None:
    count = stored(db, f"SELECT count(*) FROM {table}")[0][0]
    lines = list(csv.DictReader(io.StringIO(sql(db, f"SELECT * FROM {table}", "csv"))))
    objects = strict_json(sql(db, f"SELECT * FROM {table}", "json"))
    assert len(lines) == len(objects) == count > 0


def test_a_list_column_in_csv_is_its_json_text(db: Path) -> None:
    query = "SELECT hand_id, boards, inconsistencies FROM hands ORDER BY hand_id"
    want = [(hand_id, boards, found) for hand_id, boards, found in stored(db, query)]
    lines = list(csv.DictReader(io.StringIO(sql(db, query, "csv"))))
    got = [(r["hand_id"], json.loads(r["boards"]), json.loads(r["inconsistencies"])) for r in lines]
    assert got == want
    objects = strict_json(sql(db, query, "json"))
    assert [(o["hand_id"], o["boards"], o["inconsistencies"]) for o in objects] == want
    problems = "SELECT hand_id, problems FROM audit_hands ORDER BY hand_id"
    lines = list(csv.DictReader(io.StringIO(sql(db, problems, "csv"))))
    assert [(r["hand_id"], json.loads(r["problems"])) for r in lines] == stored(db, problems)


def test_any_value_in_csv_and_json(db: Path) -> None:
    query = (
        "SELECT [[1, 2], [3]] AS nested, {'pot': 0, 'seats': [1, 2]} AS struct, "
        "MAP {'hi': 1} AS map, '\\x01A'::BLOB AS blob, INTERVAL 1 DAY AS interval, "
        "'nan'::DOUBLE AS nan, ['inf'::DOUBLE, 1.5] AS floats, sum(total_pot) AS pots, "
        "1.25::DECIMAL(10, 2) AS decimal, NULL::INTEGER[] AS nothing FROM hands"
    )
    [line] = list(csv.DictReader(io.StringIO(sql(db, query, "csv"))))
    (pots,) = stored(db, "SELECT sum(total_pot) FROM hands")[0]
    assert json.loads(line["nested"]) == [[1, 2], [3]]
    assert json.loads(line["struct"]) == {"pot": 0, "seats": [1, 2]}
    assert json.loads(line["map"]) == [["hi", 1]]
    assert line["blob"] == "\\x01A"
    assert json.loads(line["floats"]) == [None, 1.5]
    assert (line["pots"], line["decimal"], line["nothing"]) == (str(pots), "1.25", "")
    [row] = strict_json(sql(db, query, "json"))
    assert row["nested"] == [[1, 2], [3]] and row["struct"] == {"pot": 0, "seats": [1, 2]}
    assert (row["nan"], row["floats"], row["pots"], row["decimal"]) == (
        None,
        [None, 1.5],
        pots,
        1.25,
    )
    assert row["nothing"] is None and row["interval"]
