"""``--db`` naming a folder says so, in every command, and writes nothing into it."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from analysis.cli import app

SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "omaha8.txt"
runner = CliRunner()

FOLDER_COMMANDS = [
    (["sql", "SELECT 1"], 1),
    (["report", "players"], 1),
    (["report", "sessions", "--player", "Hero"], 1),
    (["graph", "--out", "{tmp}/graph.html"], 1),
    (["audit"], 1),
    (["audit", "123"], 1),
    (["import", "{sample}"], 2),
]


@pytest.mark.parametrize(("args", "code"), FOLDER_COMMANDS)
def test_db_naming_a_folder_says_so(tmp_path: Path, args: list[str], code: int) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    filled = [arg.format(tmp=tmp_path, sample=SAMPLE) for arg in args]
    result = runner.invoke(app, [*filled, "--db", str(folder)])
    assert result.exit_code == code, result.output
    assert result.stderr == f"error: {folder} is a folder, not a database file\n"
    assert list(folder.iterdir()) == []  # nothing written into it
