"""Shared test fixtures: where the real-hand corpus lives, and a skip when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
# Flop-game files of the same rooms that hold no Omaha hand (the same licence, read in place)
FORMATS = CORPUS.parent / "formats"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared FPDB corpus (AGPL data, read in place); skips when this checkout has none."""
    if not (CORPUS / "MANIFEST.tsv").is_file():
        pytest.skip(f"hand-history corpus not found at {CORPUS} (it lives beside the checkout)")
    return CORPUS


@pytest.fixture(scope="session")
def formats() -> Path:
    """The shared FPDB flop-game files (AGPL data, read in place); skips when absent."""
    if not (FORMATS / "MANIFEST.tsv").is_file():
        pytest.skip(f"flop-game histories not found at {FORMATS} (they live beside the checkout)")
    return FORMATS


@pytest.fixture(scope="session")
def shared(corpus: Path, formats: Path) -> Path:
    """The folder holding both the corpus and the flop-game files; skips when either is
    absent."""
    return CORPUS.parent


@pytest.fixture(autouse=True)
def _no_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables as a pipe gets them (every column), whatever COLUMNS the shell exports; the
    tests of fitted tables set it themselves."""
    monkeypatch.delenv("COLUMNS", raising=False)
