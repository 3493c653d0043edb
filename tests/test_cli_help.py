"""Every command of the ``omaha`` CLI has help text and is shown in the README."""

from __future__ import annotations

import re
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


def _options(command: str) -> list[tuple[str, bool]]:
    """(long name, is a flag) of every option of ``command`` (``""``: the app), --help too."""
    group = typer.main.get_command(app)
    click_command = group.commands[command] if command else group  # type: ignore[attr-defined]
    options = [
        (max(param.opts, key=len), bool(getattr(param, "is_flag", False)))
        for param in click_command.params
        if param.param_type_name == "option"
    ]
    return [*options, ("--help", True)]


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_flags_are_listed_as_flags(command: str) -> None:
    """A flag takes no value, so --help shows no type after it (typer 0.29 showed <bool>)."""
    result = CliRunner().invoke(app, [command, "--help"] if command else ["--help"])
    assert result.exit_code == 0, result.output
    assert "<bool>" not in result.output
    for name, is_flag in _options(command):
        shown_with_type = re.search(rf"(?<![\w-]){re.escape(name)}\s+<", result.output)
        assert (shown_with_type is None) == is_flag, f"{command} {name} in:\n{result.output}"
