"""The wheel holds what the installed program reads: the reports' SQL, the web app's
templates and static files; a report runs from a wheel installed apart from the checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("hatchling", reason="the wheel is built by hatchling (the test extra)")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "--no-build-isolation", "-w", str(out), str(ROOT)],
                   check=True, capture_output=True)  # fmt: skip
    (built,) = out.glob("*.whl")
    return built


def test_the_wheel_holds_every_sql_file_template_and_static_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    wanted = {f"analysis/sql/{path.name}" for path in (ROOT / "sql").glob("*.sql")}
    wanted |= {path.relative_to(ROOT).as_posix()
               for folder in ("analysis/web/templates", "analysis/web/static")
               for path in (ROOT / folder).iterdir()}  # fmt: skip
    assert len(wanted) > 20
    assert wanted <= names, sorted(wanted - names)


def test_a_report_runs_from_the_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    """Installed into a folder of its own (the checkout out of the path), the program finds
    its SQL in its package and prints the players report of a database."""
    from ingest.importer import import_paths

    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target",
                    str(site), str(wheel)], check=True, capture_output=True)  # fmt: skip
    db = tmp_path / "omaha.duckdb"
    import_paths([ROOT / "sample_histories" / "omaha.txt"], db)
    code = ("import sys; from analysis.reports import queries; "
            "print(queries.SQL_DIR, file=sys.stderr); "
            "from analysis.cli import app; app()")  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", code, "report", "players", "--db", str(db), "--format", "csv"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
        env={**os.environ, "PYTHONPATH": str(site), "PYTHONSAFEPATH": "1"})  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert Path(done.stderr.strip().splitlines()[0]) == site / "analysis" / "sql"
    assert done.stdout.startswith('"player",') and done.stdout.count("\n") > 5, done.stdout[:500]
