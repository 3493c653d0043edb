"""The XML rooms' small files built together (a build's fixed cost paid once for a job of
many files, as real folders hold one file a table session): the same rows as each file
parsed alone, and a build that fails on one file costs that file's failing hand only.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ingest.engine import xml_site
from ingest.engine.build import build
from ingest.engine.contract import Chunk, ParseResult, concat_results
from ingest.engine.xml_site import XmlSite
from ingest.reader import iter_chunks
from ingest.sites import boss, everest, ipoker, merge, microgaming

SITES = {"iPoker": ipoker.SITE, "Merge": merge.SITE, "Boss": boss.SITE,
         "Everest": everest.SITE, "Microgaming": microgaming.SITE}  # fmt: skip


def _chunks(shared: Path, room: str, site: XmlSite) -> list[Chunk]:
    """Every file of the room's folders that the site reads, in chunks of at most 64 KB."""
    files = sorted(path for part in ("corpus", "formats")
                   for path in (shared / part / room).rglob("*")
                   if path.is_file() and site.detect(path.read_bytes()[:65536]))  # fmt: skip
    return [chunk for path in files for chunk in iter_chunks(path, site.hand_start, 1 << 16)]


@pytest.mark.parametrize("room", SITES)
def test_files_built_together_give_what_each_gives_alone(shared: Path, room: str) -> None:
    site = SITES[room]
    chunks = _chunks(shared, room, site)
    assert len(chunks) >= 7
    together = site.parse_many(chunks)
    alone = concat_results([site.parse(chunk) for chunk in chunks])
    assert together.hands.num_rows > 0
    read = together.hands.column("source_file").to_pylist() + \
        together.import_skips.column("source_file").to_pylist()  # fmt: skip
    assert len(set(read)) > 1
    for name, table in together.tables().items():
        assert table.to_pylist() == alone.tables()[name].to_pylist(), name


def test_a_failing_build_costs_its_own_hand_only(
    shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    chunks = _chunks(shared, "iPoker", ipoker.SITE)
    alone = concat_results([ipoker.SITE.parse(chunk) for chunk in chunks])
    ids = alone.hands.column("hand_id").to_pylist()
    # a hand of a file of several hands, not its first
    files = alone.hands.column("source_file").to_pylist()
    failing = next(hand for k, hand in enumerate(ids) if k and files[k] == files[k - 1])

    def fragile_build(lines: Any, source_files: list[str], *args: Any, **kwargs: Any
                      ) -> ParseResult:  # fmt: skip
        if lines.starts["text"].str.contains(f'"{failing}"', literal=True).any():
            raise ValueError(f"cannot build hand {failing}")
        return build(lines, source_files, *args, **kwargs)

    monkeypatch.setattr(xml_site, "build", fragile_build)
    together = ipoker.SITE.parse_many(chunks)
    assert together.hands.column("hand_id").to_pylist() == [i for i in ids if i != failing]
    [error] = [e for e in together.import_errors.to_pylist() if e["hand_id"] == failing]
    assert error["reason"].startswith(f"parser failure (ValueError: cannot build hand {failing}")
    assert error["source_file"] == files[ids.index(failing)]


def test_a_damaged_hand_in_a_later_file_is_reported_at_its_own_line(shared: Path) -> None:
    chunks = [c for c in _chunks(shared, "iPoker", ipoker.SITE) if b"</round>" in c.data][:3]
    damaged = chunks[1].data.replace(b"</round>", b"</rnd>", 1)
    chunks[1] = Chunk(damaged, "damaged.xml", 0, 1, chunks[1].encoding)
    together = ipoker.SITE.parse_many(chunks)
    alone = concat_results([ipoker.SITE.parse(chunk) for chunk in chunks])
    errors = together.import_errors.to_pylist()
    assert errors == alone.import_errors.to_pylist()
    [error] = [e for e in errors if e["source_file"] == "damaged.xml"]
    assert error["reason"].startswith("damaged XML")
    start = damaged.rfind(b"<game", 0, damaged.index(b"</rnd>"))  # the damaged hand's
    assert error["line_no"] == damaged[:start].count(b"\n") + 1
