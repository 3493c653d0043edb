"""The table format fits the terminal: every report run as the real ``omaha`` script at 80
and 120 columns ($COLUMNS) shows the columns that fit, those naming the row and the money
first, numbers right-aligned, and names the rest under the table; ``--wide`` (or output to
a pipe with no $COLUMNS) shows every column."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from analysis.output import Fit, Format, render
from ingest import importer

OMAHA = Path(sys.executable).with_name("omaha")
SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
REPORTS = {
    "players": ["players"],
    "players by month": ["players", "--by", "month"],
    "positions": ["positions", "--player", "Hero"],
    "hands": ["hands"],
    "hands by class": ["hands", "--by", "class"],
    "sessions": ["sessions"],
}
# What names a row, and its money: shown at any width
KEYS = {
    "players": ("player", "currency", "hands", "net"),
    "players by month": ("player", "currency", "period", "hands", "net"),
    "positions": ("position", "currency", "hands", "net"),
    "hands": ("category", "value", "currency", "dealt", "net"),
    "hands by class": ("hand_class", "hand_label", "currency", "dealt", "net"),
    "sessions": ("player", "currency", "start", "hands", "net"),
}
NOTE = re.compile(
    r"(\d+) columns? left out to fit (\d+) characters: (.*) \(--wide shows every column, as "
    r"do --format csv and json\)"
)


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tables") / "omaha.duckdb"
    importer.import_paths([SAMPLES], path)
    subprocess.run([str(OMAHA), "audit", "--db", str(path)], capture_output=True, check=True)
    return path


def _report(db: Path, args: list[str], columns: int | None, *more: str) -> str:
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = str(columns)
    done = subprocess.run([str(OMAHA), "report", *args, "--db", str(db), *more],
                          capture_output=True, text=True, env=env, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


def _spans(dashes: str) -> list[tuple[int, int]]:
    return [match.span() for match in re.finditer(r"-+", dashes)]


def _numeric(rows: list[dict[str, object]]) -> set[str]:
    """The columns whose values are numbers (amounts are integers in json)."""
    return {
        name for name in rows[0]
        if all(isinstance(row[name], int | float) or row[name] is None for row in rows)
        and any(row[name] is not None for row in rows)
    }  # fmt: skip


@pytest.mark.parametrize("report", REPORTS)
def test_reports_fit_80_and_120_columns(db: Path, report: str) -> None:
    args = REPORTS[report]
    wide = _report(db, args, 80, "--wide").splitlines()
    every = wide[0].split()
    assert _report(db, args, None).splitlines() == wide  # a pipe: every column
    assert max(len(line) for line in wide) > 80  # the report is wider than the terminal
    numeric = _numeric(json.loads(_report(db, args, 80, "--format", "json")))
    for width in (80, 120):
        lines = _report(db, args, width).splitlines()
        assert all(len(line) <= width for line in lines), (width, lines)
        if max(len(line) for line in wide) <= width:
            assert lines == wide
            continue
        shown = lines[0].split()
        assert set(KEYS[report]) <= set(shown)
        assert shown == [name for name in every if name in shown]  # in the report's order
        at = next(i for i, line in enumerate(lines) if re.match(r"\d+ columns? left out", line))
        note = NOTE.fullmatch(" ".join(lines[at:]))
        assert note, lines[at:]
        left_out = note.group(3).split(", ")
        assert int(note.group(1)) == len(left_out) and note.group(2) == str(width)
        assert left_out == [name for name in every if name not in shown]
        spans = _spans(lines[1])
        assert len(spans) == len(shown) and at > 2
        for name, (start, end) in zip(shown, spans, strict=True):
            cells = [line[start:end].ljust(end - start) for line in [lines[0], *lines[2:at]]]
            if name in numeric:  # right-aligned: its last character is written
                assert all(cell[-1] != " " for cell in cells if cell.strip()), (name, cells)
            else:
                assert all(cell[0] != " " for cell in cells if cell.strip()), (name, cells)


def test_a_column_of_text_wraps_to_fit() -> None:
    reason = ("main pot: expected Alice $5.27 and Bob $3.10, history pays Alice $5.32 and "
              "Bob $3.05")  # fmt: skip
    table = pa.table({"site": ["pokerstars", "ggpoker"], "hand_id": ["12345", "6"],
                      "status": ["mismatch", "ok"], "reason": [reason, ""],
                      "pots": [3, 1]})  # fmt: skip
    text = render(table, Format.table, fit=Fit(60, ("site", "hand_id", "status"), "reason"))
    lines = text.splitlines()
    assert all(len(line) <= 60 for line in lines), lines
    assert lines[0].split() == ["site", "hand_id", "status", "reason"]
    start = lines[0].index("reason")
    wrapped = [line[start:] for line in lines[2:] if line.startswith(("pokerstars", " "))]
    assert len(wrapped) > 1 and " ".join(wrapped) == reason
    assert lines[-2:] == ["1 column left out to fit 60 characters: pots (--wide shows",
                          "every column, as do --format csv and json)"]
    assert render(table, Format.table) == render(table, Format.table, fit=Fit(None))
    assert max(len(line) for line in render(table, Format.table).splitlines()) > 60


def test_audit_tables_fit_80_columns(db: Path) -> None:
    env = {**os.environ, "COLUMNS": "80"}
    done = subprocess.run([str(OMAHA), "audit", "--db", str(db)], capture_output=True,
                          text=True, env=env, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    table = [line for line in done.stdout.splitlines() if not line.startswith("stored hands")]
    assert all(len(line) <= 80 for line in table), table
    assert "room        hands  mismatch" in done.stdout and "  ok" in done.stdout
    assert "left out to fit 80 characters: unverifiable, inconsistent_as_printed" in " ".join(
        done.stdout.split())
