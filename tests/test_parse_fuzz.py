"""Damaged real hands never break the parser: each becomes an error, a skip or a balanced hand.

The three fixture hands are parsed with one of them damaged (lines deleted, duplicated or
cut, bytes changed); the other two must come out exactly as from the undamaged file.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pyarrow as pa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.sites import Chunk, ParseResult, pokerstars

FIXTURE = Path(__file__).parent / "fixtures" / "stars_hands.txt"
HANDS = [h + "\n" for h in FIXTURE.read_text(encoding="utf-8").strip("\n").split("\n\n\n")]
IDS = ["231645858339", "48850962136", "170983530791"]
SEPARATOR = b"\n\n"


def _parse(data: bytes) -> ParseResult:
    return pokerstars.SITE.parse(Chunk(data, "fuzz.txt", 0, 1, "utf-8"))


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


CLEAN = _parse(SEPARATOR.join(h.encode() for h in HANDS))


@st.composite
def damaged_hand(draw: st.DrawFn) -> tuple[int, bytes]:
    which = draw(st.integers(0, len(HANDS) - 1))
    lines = HANDS[which].encode().split(b"\n")[:-1]
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines) - 1))
        how = draw(st.sampled_from(["delete", "duplicate", "cut", "flip", "swap"]))
        if how == "delete" and len(lines) > 1:
            del lines[at]
        elif how == "duplicate":
            lines.insert(at, lines[at])
        elif how == "cut":
            lines = [*lines[:at], lines[at][: draw(st.integers(0, len(lines[at])))]]
        elif how == "swap" and at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
        elif lines[at]:
            pos = draw(st.integers(0, len(lines[at]) - 1))
            byte = draw(st.integers(0, 255).filter(lambda b: b != 10))
            lines[at] = lines[at][:pos] + bytes([byte]) + lines[at][pos + 1 :]
    return which, b"\n".join(lines) + b"\n"


def _balanced(result: ParseResult) -> None:
    hands = _frame(result.hands)
    per_hand = (
        _frame(result.players)
        .group_by("hand_id")
        .agg(
            net=pl.col("net").sum(),
            in_pot=(pl.col("put_in") - pl.col("returned")).sum(),
            not_awarded=pl.col("not_awarded").sum(),
            cashed_out=pl.col("cashed_out").sum(),
            short=(pl.col("stack") - pl.col("put_in") + pl.col("returned") < 0).any(),
        )
    )
    joined = hands.join(per_hand, on="hand_id", how="left")
    assert joined["in_pot"].null_count() == 0
    assert (joined["in_pot"] == joined["total_pot"]).all()
    expected = -joined["rake"] - joined["not_awarded"] + joined["cashed_out"]
    assert (joined["net"] == expected).all()
    assert not joined["short"].any()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(damaged_hand())
def test_damage_stays_in_its_hand(case: tuple[int, bytes]) -> None:
    which, damaged = case
    pieces = [damaged if i == which else h.encode() for i, h in enumerate(HANDS)]
    result = _parse(SEPARATOR.join(pieces))
    _balanced(result)
    for i, hand_id in enumerate(IDS):
        if i == which:
            continue
        for table in ("hands", "players", "actions", "collections"):
            got = _frame(getattr(result, table)).filter(pl.col("hand_id") == hand_id)
            want = _frame(getattr(CLEAN, table)).filter(pl.col("hand_id") == hand_id)
            assert got.drop("byte_offset", strict=False).equals(
                want.drop("byte_offset", strict=False)
            ), (table, hand_id)
    outcomes = (
        result.hands.column("hand_id").to_pylist()
        + result.import_skips.column("hand_id").to_pylist()
        + result.import_errors.column("hand_id").to_pylist()
    )
    own = IDS[which]
    # Each line naming the hand (a header, maybe damaged or duplicated) gives at most one
    # outcome ...
    named = sum(f"#{own}:".encode() in line for line in damaged.split(b"\n"))
    assert outcomes.count(own) <= named
    if damaged.startswith(HANDS[which].split("\n")[0].encode()):
        # ... and an intact first header at least one: the hand is never lost silently.
        assert outcomes.count(own) >= 1
    for error in result.import_errors.to_pylist():
        assert error["reason"] and error["line_no"] >= 1


def test_clean_fixture_parses() -> None:
    assert CLEAN.hands.column("hand_id").to_pylist() == IDS
    assert CLEAN.import_errors.num_rows == CLEAN.import_skips.num_rows == 0
