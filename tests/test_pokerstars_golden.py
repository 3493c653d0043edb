"""Exact rows for tricky real hands of the corpus (expected values worked out by hand)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl
import pyarrow as pa

from ingest.sites import ParseResult, pokerstars


def _parse(corpus: Path, path: str) -> ParseResult:
    return pokerstars.SITE.parse_file(corpus / "Stars" / path)


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


def _nets(result: ParseResult, hand_id: str) -> dict[str, tuple[int, int, int, int]]:
    players = _frame(result.players).filter(pl.col("hand_id") == hand_id)
    return {
        p["player"]: (p["put_in"], p["returned"], p["collected"], p["net"])
        for p in players.to_dicts()
    }


def test_side_pots(corpus: Path) -> None:
    result = _parse(corpus, "cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt")
    hand = "22865231671"
    collections = _frame(result.collections).filter(pl.col("hand_id") == hand)
    assert collections.select("player", "board", "pot", "half", "amount").rows() == [
        ("Player2", 1, 2, "whole", 29),
        ("Player0", 1, 1, "whole", 88),
        ("Player0", 1, 0, "whole", 235),
    ]
    assert _nets(result, hand) == {
        "Player5": (8, 0, 0, -8),
        "Hero": (59, 0, 0, -59),
        "Player0": (90, 0, 323, 233),
        "Player4": (105, 0, 0, -105),
        "Player6": (1, 0, 0, -1),
        "Player3": (2, 0, 0, -2),
        "Player2": (105, 0, 29, -76),
    }
    players = _frame(result.players).filter(pl.col("hand_id") == hand)
    assert dict(players.select("player", "position").rows()) == {
        "Player6": "SB", "Player3": "BB", "Player2": "UTG", "Player5": "MP", "Hero": "HJ",
        "Player0": "CO", "Player4": "BTN",
    }  # fmt: skip
    [row] = _frame(result.hands).filter(pl.col("hand_id") == hand).to_dicts()
    assert (row["total_pot"], row["rake"], row["boards"]) == (370, 18, ["6c Kc Qc Jc 4c"])


def test_hi_lo_split_courchevel_tournament(corpus: Path) -> None:
    result = _parse(corpus, "tour/PL-Courcheval-HL-6max-USD-7.50-201705.fixed.flop.txt")
    [hand] = _frame(result.hands).to_dicts()
    assert {k: hand[k] for k in ("game", "variant", "hi_lo", "hole_cards_count", "currency")} == {
        "game": "courchevel8", "variant": "courchevel", "hi_lo": True, "hole_cards_count": 5,
        "currency": "chips",
    }  # fmt: skip
    assert (hand["tournament_id"], hand["level"], hand["small_blind"], hand["big_blind"]) == (
        "1918472490", "I", 1500, 3000,
    )  # fmt: skip
    assert hand["boards"] == ["8s 2c 9h 6s Jh"]
    assert hand["started_at"] == dt.datetime(2017, 5, 27, 15, 14, 16, tzinfo=dt.UTC)
    assert _frame(result.collections).select("player", "pot", "half", "amount").rows() == [
        ("Player2", 0, "whole", 14900),
        ("Player0", 0, "whole", 14900),
    ]
    assert _nets(result, hand["hand_id"]) == {
        "Hero": (0, 0, 0, 0),
        "Player0": (13400, 0, 14900, 1500),
        "Player1": (3000, 0, 0, -3000),
        "Player2": (13400, 0, 14900, 1500),
        "Player3": (0, 0, 0, 0),
    }


def test_run_it_twice(corpus: Path) -> None:
    result = _parse(corpus, "cash/PLO-6max-USD-200-400-201505.rit.leaves.table.txt")
    [hand] = _frame(result.hands).to_dicts()
    assert hand["boards"] == ["9c 6d Td Kh 6h", "2d 6c 7h Qh 8d"]
    assert (hand["total_pot"], hand["rake"]) == (1677272, 200)
    assert _frame(result.collections).select("player", "board", "pot", "amount").rows() == [
        ("Hero", 1, 0, 838536),
        ("Player0", 2, 0, 838536),
    ]
    assert _nets(result, hand["hand_id"]) == {
        "Player0": (838636, 0, 838536, -100),
        "Hero": (1080000, 241364, 838536, -100),
    }
    shows = _frame(result.actions).filter(pl.col("kind") == "show")
    assert shows.select("player", "board").rows() == [
        ("Player0", 1), ("Hero", 1), ("Player0", 2), ("Hero", 2),
    ]  # fmt: skip


def test_courchevel_cash(corpus: Path) -> None:
    result = _parse(corpus, "cash/PL-Courchevel-6max-USD-3.00-6.00-201303.txt")
    [hand] = _frame(result.hands).to_dicts()
    assert (hand["game"], hand["boards"], hand["total_pot"], hand["rake"]) == (
        "courchevel", ["2s 3h 4h 5c Qs"], 1557, 70,
    )  # fmt: skip
    preflop = _frame(result.actions).filter(pl.col("street") == "preflop")
    assert preflop.select("player", "kind", "amount", "raise_to").rows() == [
        ("Player2", "post_sb", 10, None),
        ("Hero", "post_bb", 25, None),
        ("Player0", "fold", 0, None),
        ("Player1", "raise", 75, 75),
        ("Player2", "call", 65, None),
        ("Hero", "call", 50, None),
    ]


def test_cash_out(corpus: Path) -> None:
    result = _parse(corpus, "cash/6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt")
    [hand] = _frame(result.hands).to_dicts()
    assert (hand["total_pot"], hand["rake"], hand["cash_out_fee"]) == (2635, 112, 7)
    players = _frame(result.players).select(
        "player", "put_in", "collected", "cashed_out", "cash_out_fee", "not_awarded", "net"
    )
    assert players.rows() == [
        ("Player0", 1000, 0, 663, 7, 2523, -337),
        ("Player1", 0, 0, 0, 0, 0, 0),
        ("Player2", 490, 0, 0, 0, 0, -490),
        ("Player3", 145, 0, 0, 0, 0, -145),
        ("Hero", 1000, 0, 0, 0, 0, -1000),
    ]
    assert result.collections.num_rows == 0
    cash_out = _frame(result.actions).filter(pl.col("kind") == "cash_out")
    assert cash_out.select("player", "amount", "street").rows() == [("Player0", 663, "showdown")]


def test_cancelled(corpus: Path) -> None:
    result = _parse(corpus, "cash/LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt")
    assert result.hands.num_rows == result.import_errors.num_rows == 0
    assert [(s["hand_id"], s["line_no"], s["byte_offset"], s["reason"]) for s in
            result.import_skips.to_pylist()] == [("25979907808", 1, 0, "cancelled")]  # fmt: skip


def test_truncated_hands(corpus: Path) -> None:
    result = _parse(corpus, "cash/PLO-6max-USD-2.00-4.00-201403.2.partial.txt")
    skips = result.import_skips.to_pylist()
    assert [(s["hand_id"], s["line_no"], s["reason"]) for s in skips] == [
        ("112824228684", 1, "partial: the hand ends before its summary"),
        ("112824184047", 21, "partial: the hand ends before its summary"),
    ]
    assert result.hands.column("hand_id").to_pylist() == ["112825406535", "112825191734"]


def test_crlf_hand_actions(corpus: Path) -> None:
    result = _parse(corpus, "cash/258753941248_anon5.txt")
    actions = _frame(result.actions).select("seq", "street", "seat", "kind", "amount", "all_in")
    assert actions.rows() == [
        (0, "preflop", 2, "post_sb", 1, False),
        (1, "preflop", 3, "post_bb", 2, False),
        (2, "preflop", 4, "raise", 4, False),
        (3, "preflop", 5, "fold", 0, False),
        (4, "preflop", 1, "call", 4, False),
        (5, "preflop", 2, "fold", 0, False),
        (6, "preflop", 3, "fold", 0, False),
        (7, "flop", 4, "bet", 11, False),
        (8, "flop", 1, "call", 11, False),
        (9, "turn", 4, "bet", 32, False),
        (10, "turn", 1, "call", 32, False),
        (11, "river", 4, "check", 0, False),
        (12, "river", 1, "bet", 94, False),
        (13, "river", 4, "fold", 0, False),
        (14, "river", 1, "return", 94, False),
        (15, "river", 1, "collect", 94, False),
    ]
    [hand] = _frame(result.hands).to_dicts()
    assert hand["started_at"] == dt.datetime(2025, 12, 3, 16, 59, 34, tzinfo=dt.UTC)


def test_run_it_once_exports(corpus: Path) -> None:
    result = _parse(corpus, "cash/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt")
    [hand] = _frame(result.hands).to_dicts()
    # 5.00 of room money (STP) is taken off the printed total pot; the rake is as printed.
    assert (hand["currency"], hand["total_pot"], hand["rake"], hand["room_money_in"]) == (
        "EUR", 14134, 250, 500,
    )  # fmt: skip
    assert _nets(result, hand["hand_id"])["Ricky N"] == (12142, 7142, 14384, 9384)


def test_run_it_once_raise_reading(corpus: Path) -> None:
    """Run It Once writes "raises X to Y" with Y the chips the raise adds: only that reading
    balances hand #34011543 with its own lines. Shaun J bets 7.07, then "raises €1.36 to
    €30.25": 7.07 + 30.25 = 37.32, his whole stack (39.72 - 2.40); Hero is all-in for
    28.89, so 37.32 - 28.89 = 8.43 is uncalled, as printed ("Uncalled bet (€8.43)"). Gary Q
    is all-in for 2.40 + 18.40 = 20.80: main pot 3 x 20.80 + 0.20 (Terry's blind) = 62.60,
    side pot 2 x (31.29 - 20.80) = 20.98, as printed; Hero collects 60.60 + 20.98 (rake
    2.00). Read as a street total (30.25), Shaun would get 1.36 back and the lines would not
    add up to the printed total pot."""
    result = _parse(corpus, "cash/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt")
    [hand] = _frame(result.hands).to_dicts()
    assert (hand["raise_reading"], hand["total_pot"], hand["rake"]) == ("added", 8358, 200)
    nets = _nets(result, hand["hand_id"])
    assert nets["Shaun J"] == (3972, 843, 0, -3129)
    assert nets["Hero"] == (3129, 0, 8158, 5029)
    raises = _frame(result.actions).filter(pl.col("player") == "Shaun J", pl.col("kind") == "raise")
    assert raises.select("amount", "raise_to", "all_in").row(0) == (3025, 3732, True)
