"""Every command of the ``omaha`` CLI has help text and is shown in the README."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

from analysis.cli import app

README = (Path(__file__).resolve().parents[1] / "README.md").read_text()
COMMANDS = sorted(typer.main.get_command(app).commands)  # type: ignore[attr-defined]


def test_the_cli_has_every_command() -> None:
    assert set(COMMANDS) >= {"hand", "import", "sql", "generate", "audit", "report", "graph"}


@pytest.mark.parametrize("command", COMMANDS)
def test_command_has_help_and_is_in_the_readme(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output
    assert f"omaha {command}" in README, f"README shows no use of 'omaha {command}'"
