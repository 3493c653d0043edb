"""Helpers of the rooms' golden tests: a real file parsed by its site, and a table's rows."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl

from ingest.engine.contract import ParseResult
from ingest.engine.site import TextSite
from ingest.engine.xml_site import XmlSite


def parse_clean(site: TextSite | XmlSite, path: Path) -> ParseResult:
    """``path`` parsed by ``site`` with every flop game read, checked to leave no error and
    no skip."""
    result = site.parse_file(path, every_flop_game=True)
    assert result.import_errors.num_rows == result.import_skips.num_rows == 0
    return result


def rows(table: Any, columns: tuple[str, ...], hand_id: str | None = None) -> list[tuple[Any, ...]]:
    """The values of ``columns`` in each row of ``table`` (of hand ``hand_id`` only, if
    given), in order."""
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    if hand_id is not None:
        frame = frame.filter(pl.col("hand_id") == hand_id)
    return list(frame.select(columns).iter_rows())


def assert_only_lost(clean: ParseResult, damaged: ParseResult, hand_id: str) -> None:
    """``damaged`` holds every hand of ``clean`` but ``hand_id``, every row of theirs alike."""
    kept = clean.hands.column("hand_id").to_pylist()
    kept.remove(hand_id)
    assert damaged.hands.column("hand_id").to_pylist() == kept
    for name in ("players", "actions", "collections"):
        frame = pl.from_arrow(getattr(clean, name))
        assert isinstance(frame, pl.DataFrame)
        assert pl.from_arrow(getattr(damaged, name)).equals(  # type: ignore[union-attr]
            frame.filter(pl.col("hand_id") != hand_id)), name
