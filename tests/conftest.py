"""Shared test fixtures: where the real-hand corpus lives, and a skip when it is absent."""

from __future__ import annotations

from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared FPDB corpus (AGPL data, read in place); skips when this checkout has none."""
    if not (CORPUS / "MANIFEST.tsv").is_file():
        pytest.skip(f"hand-history corpus not found at {CORPUS} (it lives beside the checkout)")
    return CORPUS
