"""`make demo` ends by printing commands to try, each runnable as printed from the checkout
(the omaha of .venv, which is not on PATH), and the README's first screen says how to run
its `omaha` commands."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ingest import importer

ROOT = Path(__file__).resolve().parents[1]
OMAHA = Path(sys.executable).with_name("omaha")


def _printed() -> list[str]:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    done = subprocess.run(["make", "-s", "--no-print-directory", "demo-commands"], cwd=ROOT,
                          capture_output=True, text=True, check=True)  # fmt: skip
    return done.stdout.splitlines()


def test_make_demo_ends_with_the_commands_to_try() -> None:
    recipe = re.search(r"^demo:.*?\n((?:\t.*\n)+)", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert recipe is not None
    assert recipe.group(1).splitlines()[-1] == "\t@$(MAKE) --no-print-directory demo-commands"
    printed = _printed()
    assert "The command is .venv/bin/omaha (or plain omaha after" in " ".join(printed)
    assert "'source .venv/bin/activate'" in " ".join(printed)


def test_the_printed_commands_run_as_printed(tmp_path: Path) -> None:
    commands = [line.strip() for line in _printed() if line.startswith("  .venv/bin/omaha ")]
    assert len(commands) >= 5
    assert all("--db demo/omaha.duckdb" in line for line in commands if " sql " in line
               or " report " in line or " audit " in line)  # fmt: skip
    # the checkout as `make demo` leaves it: the demo database, and .venv/bin/omaha
    (tmp_path / "demo").mkdir()
    importer.import_paths([ROOT / "sample_histories"], tmp_path / "demo" / "omaha.duckdb")
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "omaha").symlink_to(OMAHA)
    subprocess.run([str(OMAHA), "audit", "--db", "demo/omaha.duckdb"], cwd=tmp_path,
                   capture_output=True, check=True)  # fmt: skip
    for command in commands:
        done = subprocess.run(command, shell=True, cwd=tmp_path, capture_output=True, text=True,
                              timeout=300)  # fmt: skip
        assert done.returncode == 0, (command, done.stderr)
        assert done.stdout.strip(), command


def test_the_readme_first_screen_says_how_to_run_omaha() -> None:
    readme = (ROOT / "README.md").read_text()
    first = readme[: readme.index("## Games")]
    assert "make demo" in first and ".venv/bin/omaha" in first
    assert "source .venv/bin/activate" in first
