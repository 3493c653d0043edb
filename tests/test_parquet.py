"""``omaha export --parquet`` and the reports read from its folders (``--parquet``): the
same rows as from the database, the all-in adjusted nets included."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from typer.testing import CliRunner

from analysis.allin.stage import run_allin
from analysis.audit.stage import run_audit
from analysis.cli import app
from ingest.importer import import_paths

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"


def test_the_players_report_from_parquet_equals_the_databases(tmp_path: Path) -> None:
    db, out = tmp_path / "one.duckdb", tmp_path / "tables"
    import_paths([SAMPLES], db, workers=1)
    run_audit(db, workers=1)
    run_allin(db, workers=1)
    runner = CliRunner()
    exported = runner.invoke(app, ["export", "--parquet", str(out), "--db", str(db)])
    assert exported.exit_code == 0, exported.output
    one = runner.invoke(app, ["report", "players", "--db", str(db), "--format", "csv"])
    many = runner.invoke(app, ["report", "players", "--parquet", str(out), "--format", "csv"])
    assert one.exit_code == 0 and many.exit_code == 0, (one.output, many.output)
    assert many.output == one.output
    rows = list(csv.DictReader(io.StringIO(one.output)))
    assert any(row["net"] != row["net_adjusted"] for row in rows)  # all-in results read
