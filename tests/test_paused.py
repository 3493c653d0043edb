"""The cyclic collector paused over allocation-heavy work: the XML rooms' parse and each
batch of the audit's stages run without it, and it is as it was afterwards, whatever
happens in the block."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import pyarrow as pa
import pytest

from analysis import batches
from analysis.audit.stage import AUDIT
from ingest.engine import xml_site
from ingest.paused import collection_paused
from ingest.sites import ipoker


@pytest.fixture
def collecting() -> Iterator[None]:
    """The collector on at the start, and on again after the test whatever it did."""
    gc.enable()
    yield
    gc.enable()


@pytest.mark.usefixtures("collecting")
def test_the_collector_is_paused_in_the_block_and_as_it_was_after() -> None:
    with collection_paused():
        assert not gc.isenabled()
        with collection_paused():  # a block inside another: still paused after it
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collection_paused():
        raise ValueError("the block fails")
    assert gc.isenabled()
    gc.disable()  # paused before: still paused after
    with collection_paused():
        pass
    assert not gc.isenabled()


@pytest.mark.usefixtures("collecting")
def test_an_xml_parse_and_a_batch_run_with_the_collector_paused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[bool] = []
    building = xml_site.build

    def build(*args: Any, **kwargs: Any) -> Any:
        seen.append(gc.isenabled())
        return building(*args, **kwargs)

    monkeypatch.setattr(xml_site, "build", build)
    hand = (
        b'<session sessioncode="1"><general><gametype>Omaha PL 0.10/0.20</gametype>'
        b"<tablename>T</tablename><nickname>Hero</nickname></general>"
        b'<game gamecode="7"><general><startdate>2020-01-01 10:00:00</startdate><players>'
        b'<player seat="1" name="Hero" chips="10" dealer="1" win="0.30" bet="0.20"/>'
        b'<player seat="2" name="Bob" chips="10" dealer="0" win="0" bet="0.10"/>'
        b'</players></general><round no="0">'
        b'<action no="1" player="Bob" type="1" sum="0.10"/>'
        b'<action no="2" player="Hero" type="2" sum="0.20"/></round><round no="1">'
        b'<action no="3" player="Bob" type="0" sum="0"/></round></game></session>'
    )
    result = ipoker.SITE.parse(xml_site.Chunk(hand, "one.xml", 0, 1, "utf-8"))
    assert result.hands.num_rows == 1 and seen == [False]
    assert gc.isenabled()

    computed: list[bool] = []

    def compute(tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
        computed.append(gc.isenabled())
        return {}

    stage = batches.Stage("probe", AUDIT.columns, {}, "probe_done", compute)
    assert batches._compute(stage, {}) == {}
    assert computed == [False] and gc.isenabled()
