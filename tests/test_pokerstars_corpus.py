"""Every PokerStars-format file of the corpus parses, with MANIFEST's counts and balanced chips."""

from __future__ import annotations

import ast
import csv
from pathlib import Path

import polars as pl
import pyarrow as pa
import pytest

from ingest.reader import iter_chunks
from ingest.sites import ParseResult, pokerstars

_PARTIAL = ("cancelled", "partial: ")


def _manifest(corpus: Path) -> list[dict[str, str]]:
    with open(corpus / "MANIFEST.tsv", newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream, delimiter="\t"))
    return [row for row in rows if row["site"] == "Stars"]


@pytest.fixture(scope="module")
def parsed(corpus: Path) -> dict[str, tuple[dict[str, str], ParseResult]]:
    return {
        row["path"]: (row, pokerstars.SITE.parse_file(corpus / row["path"]))
        for row in _manifest(corpus)
    }


def test_the_corpus_has_stars_files(parsed: dict[str, tuple[dict[str, str], ParseResult]]) -> None:
    assert len(parsed) == 28


def test_every_omaha_hand_is_imported_or_skipped_as_manifest_says(
    parsed: dict[str, tuple[dict[str, str], ParseResult]],
) -> None:
    for path, (row, result) in parsed.items():
        reasons = result.import_skips.column("reason").to_pylist()
        partial = [r for r in reasons if r.startswith(_PARTIAL)]
        other = [r for r in reasons if r.startswith("other game: ")]
        assert result.import_errors.num_rows == 0, (path, result.import_errors.to_pylist())
        assert len(partial) + len(other) == len(reasons), (path, reasons)
        assert result.hands.num_rows + len(partial) == int(row["omaha_hands"]), path
        assert len(other) == int(row["hands"]) - int(row["omaha_hands"]), path
        assert len(partial) == int(row["cancelled_or_partial"]), path


def test_other_games_are_named(parsed: dict[str, tuple[dict[str, str], ParseResult]]) -> None:
    _, result = parsed["Stars/tour/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"]
    reasons = set(result.import_skips.column("reason").to_pylist())
    assert "other game: Razz Limit" in reasons
    assert "other game: Hold'em No Limit" in reasons


def _all(parsed: dict[str, tuple[dict[str, str], ParseResult]], table: str) -> pl.DataFrame:
    frames = [pl.from_arrow(getattr(result, table)) for _, result in parsed.values()]
    return pl.concat([f for f in frames if isinstance(f, pl.DataFrame)])


def test_chips_balance_in_every_imported_hand(
    parsed: dict[str, tuple[dict[str, str], ParseResult]],
) -> None:
    hands = _all(parsed, "hands")
    players = _all(parsed, "players")
    per_hand = players.group_by("hand_id").agg(
        net=pl.col("net").sum(),
        in_pot=(pl.col("put_in") - pl.col("returned")).sum(),
        not_awarded=pl.col("not_awarded").sum(),
        cashed_out=pl.col("cashed_out").sum(),
        insurance=pl.col("insurance").sum(),
    )
    joined = hands.join(per_hand, on="hand_id")
    assert joined.height == hands.height == 134
    # Cash-outs: the room pays the cashed-out amount and keeps the pot it would have paid;
    # money the room adds to the pot (a splash) goes to the players.
    room_take = pl.col("rake") + pl.col("jackpot_fee") + pl.col("tax") - pl.col("room_money_in")
    expected_net = -room_take - pl.col("not_awarded") + pl.col("cashed_out") + pl.col("insurance")
    assert joined.filter(pl.col("net") != expected_net).is_empty()
    assert joined.filter(pl.col("total_pot") != pl.col("in_pot")).is_empty()
    assert joined.filter(pl.col("is_tournament") & (pl.col("rake") != 0)).is_empty()
    left = players["stack"] - players["put_in"] + players["returned"]
    assert (left >= 0).all()
    cash_outs = joined.filter(pl.col("cashed_out") > 0)
    assert cash_outs.height == 3


def test_nets_match_fpdb_total_profit(corpus: Path) -> None:
    history = corpus / "Stars/cash/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt"
    expected = ast.literal_eval(Path(f"{history}.hp").read_text(encoding="utf-8"))
    players = pokerstars.SITE.parse_file(history).players.to_pylist()
    assert {p["player"]: p["net"] for p in players} == {
        name: record["totalProfit"] for name, record in expected.items()
    }
    assert {p["player"]: p["stack"] for p in players} == {
        name: record["startCash"] for name, record in expected.items()
    }


def test_all_files_parsed_together_give_the_same_rows(
    corpus: Path, parsed: dict[str, tuple[dict[str, str], ParseResult]]
) -> None:
    chunks = [
        chunk
        for path in parsed
        for chunk in iter_chunks(corpus / path, pokerstars.SITE.hand_start, 1 << 30)
    ]
    together = pokerstars.SITE.parse_many(chunks).tables()
    for name in together:
        alone = pa.concat_tables([getattr(result, name) for _, result in parsed.values()])
        assert together[name].to_pylist() == alone.to_pylist(), name
