"""Exact rows for tricky GGPoker and Winamax hands of the corpus.

Every expected value is worked out by hand from the history text (the arithmetic is in the
comments, in cents); none is copied from the parser's output.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa

from ingest.sites import ParseResult, ggpoker, winamax

PlayerRow = tuple[int, str, int, int, int, int, int]  # seat, player, put_in, returned,
# collected, insurance, net
CollectionRow = tuple[int, str, int, int | None, str, int]  # seat, player, board, pot, half, amount


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


class Hand:
    """One hand's rows from a parsed corpus file."""

    def __init__(self, corpus: Path, room: str, path: str, hand_id: str | None = None) -> None:
        site = ggpoker.SITE if room == "GGPoker" else winamax.SITE
        result: ParseResult = site.parse_file(corpus / room / path)
        assert result.import_errors.num_rows == 0, result.import_errors.to_pylist()
        hands = _frame(result.hands)
        if hand_id is None:
            assert hands.height == 1, hands["hand_id"].to_list()
            hand_id = hands["hand_id"][0]
        self.hand_id = hand_id
        self.result = result

    def table(self, name: str) -> pl.DataFrame:
        return _frame(getattr(self.result, name)).filter(pl.col("hand_id") == self.hand_id)

    def money(self) -> dict[str, Any]:
        [row] = self.table("hands").to_dicts()
        return {k: row[k] for k in ("total_pot", "rake", "jackpot_fee", "tax", "room_money_in")}

    def players(self) -> list[PlayerRow]:
        frame = self.table("players").sort("seat")
        columns = ("seat", "player", "put_in", "returned", "collected", "insurance", "net")
        return [tuple(row) for row in frame.select(columns).rows()]

    def collections(self) -> list[CollectionRow]:
        frame = self.table("collections")
        columns = ("seat", "player", "board", "pot", "half", "amount")
        return [tuple(row) for row in frame.select(columns).rows()]

    def actions(self) -> pl.DataFrame:
        return self.table("actions").sort("seq")


def _money(
    total_pot: int, rake: int = 0, jackpot_fee: int = 0, room_money_in: int = 0
) -> dict[str, int]:
    return {"total_pot": total_pot, "rake": rake, "jackpot_fee": jackpot_fee, "tax": 0,
            "room_money_in": room_money_in}  # fmt: skip


def test_ggpoker_cash_drop(corpus: Path) -> None:
    """RC58843003: the room drops $0.2 into the pot; rake $0.06, jackpot $0.02."""
    hand = Hand(corpus, "GGPoker", "cash/PLO-6max-USD-0.01-0.02-202104.STP.txt")
    # 8d962552 SB 1; 3a77b4b2 BB 2; Hero raises to 6, calls 35 (41), calls 88 = 129;
    # 291a0936 raises to 41, bets 88 all-in = 129 (his whole stack).
    # total_pot = 1 + 2 + 129 + 129 = 261; printed total $2.81 = 261 + 20 dropped.
    # 291a0936 collects $2.73 = 281 - 6 rake - 2 jackpot: net 273 - 129 = 144.
    # sum of nets 144 - 129 - 2 - 1 = 12 = 20 - 6 - 2.
    assert hand.money() == _money(261, rake=6, jackpot_fee=2, room_money_in=20)
    assert hand.players() == [
        (1, "9d7f4cb8", 0, 0, 0, 0, 0),
        (2, "8d962552", 1, 0, 0, 0, -1),
        (3, "3a77b4b2", 2, 0, 0, 0, -2),
        (4, "b929d9ad", 0, 0, 0, 0, 0),
        (5, "Hero", 129, 0, 0, 0, -129),
        (6, "291a0936", 129, 0, 273, 0, 144),
    ]
    assert hand.collections() == [(6, "291a0936", 1, 0, "whole", 273)]


def test_ggpoker_re_straddle_is_the_players_total(corpus: Path) -> None:
    """OM1410171: "straddle $0.5" then "straddle $15.35 and is all-in": $15.35 in all."""
    hand = Hand(corpus, "GGPoker", "cash/PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt")
    # Hero SB 10; f279d709 BB 25; 9e7f64d4 straddles to a total of 1535 (not 50 + 1535),
    # $15.1 = 1510 uncalled comes back (1535 - 25 called), collects $0.6 = 60:
    # net 60 - 1535 + 1510 = 35. total_pot = 10 + 25 + (1535 - 1510) = 60, no rake.
    assert hand.money() == _money(60)
    assert hand.players() == [
        (1, "f279d709", 25, 0, 0, 0, -25),
        (3, "9e7f64d4", 1535, 1510, 60, 0, 35),
        (4, "Hero", 10, 0, 0, 0, -10),
    ]
    assert hand.collections() == [(3, "9e7f64d4", 1, 0, "whole", 60)]
    straddles = hand.actions().filter(pl.col("kind") == "straddle")
    assert straddles["player"].to_list() == ["9e7f64d4", "9e7f64d4"]
    assert straddles["amount"].sum() == 1535  # the second moves 1535 - 50 = 1485
    assert straddles["all_in"].to_list() == [False, True]


def test_ggpoker_all_in_insurance_premium(corpus: Path) -> None:
    """OM181427480: 23aca38f pays a $4 all-in insurance premium outside the pot."""
    hand = Hand(corpus, "GGPoker", "cash/PLO-6max-USD-0.50-1.00-202004.txt", "OM181427480")
    # 23aca38f: SB 50, calls 300 (350), calls 1050 (1400), bets 300 all-in = 1700 (stack).
    # Hero: raises to 350, bets 1050 (1400), calls 300 = 1700.
    # b673c93c: BB 100, calls 250 = 350, folds. total_pot = 1700 + 1700 + 350 = 3750
    # (printed $37.5, no rake). 23aca38f collects 3750 and pays the 400 premium:
    # net 3750 - 1700 - 400 = 1650. Sum of nets 1650 - 1700 - 350 = -400 = insurance.
    assert hand.money() == _money(3750)
    assert hand.players() == [
        (1, "b84ff923", 0, 0, 0, 0, 0),
        (2, "Hero", 1700, 0, 0, 0, -1700),
        (3, "23aca38f", 1700, 0, 3750, -400, 1650),
        (4, "b673c93c", 350, 0, 0, 0, -350),
        (5, "6da5da63", 0, 0, 0, 0, 0),
        (6, "e0ced697", 0, 0, 0, 0, 0),
    ]
    assert hand.collections() == [(3, "23aca38f", 1, 0, "whole", 3750)]


def test_ggpoker_run_twice(corpus: Path) -> None:
    """OM785467: run twice, each board's half of the one pot to a different player."""
    hand = Hand(corpus, "GGPoker", "cash/PLO5-6max-USD-25-50-202104.RIT.txt")
    # Hero: SB 2500, raises to 15000, calls 30000 (45000), bets 90000 (135000), calls
    # 36948 = 171948. 6babca1: BB 5000, raises to 45000, raises to 126948 all-in
    # (45000 + 126948 = 171948, his stack). total_pot = 2 * 171948 = 343896 ($3,438.96),
    # rake 5000; each board pays 169448 ($1,694.48): 2 * 169448 = 343896 - 5000.
    # net each 169448 - 171948 = -2500. Both put in the same: one pot, the main pot (0).
    assert hand.money() == _money(343896, rake=5000)
    assert hand.players() == [
        (1, "d6e0299a", 0, 0, 0, 0, 0),
        (2, "Hero", 171948, 0, 169448, 0, -2500),
        (3, "6babca1", 171948, 0, 169448, 0, -2500),
        (4, "18cc49f9", 0, 0, 0, 0, 0),
        (6, "9be70104", 0, 0, 0, 0, 0),
    ]
    assert hand.collections() == [
        (3, "6babca1", 1, 0, "whole", 169448),
        (2, "Hero", 2, 0, "whole", 169448),
    ]


def test_ggpoker_missed_blind_is_dead(corpus: Path) -> None:
    """OM102163: "posts missed blind $2" is dead money."""
    hand = Hand(corpus, "GGPoker", "cash/PLO5-6max-USD-2-5-202104.missed.txt")
    # Hero: SB 200, calls 300 = 500, folds on the turn. 512ea5fb: BB 500, bets 600 on the
    # turn, uncalled 600 back: put in 1100, returned 600. 22c0851a: missed blind 200 dead,
    # folds. total_pot = 500 + 500 + 200 = 1200 ($12), rake 60 ($0.6); 512ea5fb collects
    # 1140 ($11.4): net 1140 - 1100 + 600 = 640. Sum 640 - 500 - 200 = -60.
    assert hand.money() == _money(1200, rake=60)
    assert hand.players() == [
        (1, "512ea5fb", 1100, 600, 1140, 0, 640),
        (2, "d4f0076d", 0, 0, 0, 0, 0),
        (4, "22c0851a", 200, 0, 0, 0, -200),
        (5, "46ac401e", 0, 0, 0, 0, 0),
        (6, "Hero", 500, 0, 0, 0, -500),
    ]
    assert hand.collections() == [(1, "512ea5fb", 1, 0, "whole", 1140)]
    dead = hand.actions().filter(pl.col("kind") == "post_dead")
    assert dead.select("player", "amount", "dead").rows() == [("22c0851a", 200, 200)]


def test_winamax_uncalled_bet_is_inferred(corpus: Path) -> None:
    """9260931-103-1479198677: no uncalled line; Player4's 8€ bet is uncalled."""
    hand = Hand(corpus, "Winamax", "cash/PLO-5max-EUR-1.00-2.00-201611.post.both.txt")
    # Player2 SB 100; Player3 BB 200; Player1 calls 200; Player4 posts both blinds out of
    # position (300: 200 live, 100 dead), checks, bets 800 on the flop, nobody calls:
    # put in 1100, 800 returned. total_pot = 100 + 200 + 200 + 300 = 800. Printed total
    # 15.48€ = 800 + 800 (uncalled, counted by Winamax) - 52 rake; collected 15.48€ is
    # 800 returned + 748 from the pot. net 748 - 1100 + 800 = 448; sum 448 - 500 = -52.
    assert hand.money() == _money(800, rake=52)
    assert hand.players() == [
        (1, "Hero", 0, 0, 0, 0, 0),
        (2, "Player1", 200, 0, 0, 0, -200),
        (3, "Player2", 100, 0, 0, 0, -100),
        (4, "Player3", 200, 0, 0, 0, -200),
        (5, "Player4", 1100, 800, 748, 0, 448),
    ]
    assert hand.collections() == [(5, "Player4", 1, 0, "whole", 748)]


def test_winamax_uncalled_bet_written_as_a_side_pot(corpus: Path) -> None:
    """9247976-232-1478874498: "Hero collected 84€ from side pot 1" is Hero's uncalled bet."""
    hand = Hand(corpus, "Winamax", "cash/5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt")
    # Player0: SB 100, raises to 600, raises to 5400, calls 2400 all-in = 7800 (stack).
    # Hero: BB 200, raises to 1800, calls 3600 (5400), bets 10800 = 16200; only 2400 is
    # called: 8400 returned. total_pot = 7800 + 7800 = 15600, rake 150; Player0 collects
    # 15450 (154.50€) from the main pot (no low: no qualifying low hand), printed total
    # 238.50€ = 15600 + 8400 - 150. Nets: Player0 15450 - 7800 = 7650; Hero
    # -16200 + 8400 = -7800; sum -150.
    assert hand.money() == _money(15600, rake=150)
    assert hand.players() == [
        (1, "Player0", 7800, 0, 15450, 0, 7650),
        (2, "Hero", 16200, 8400, 0, 0, -7800),
    ]
    assert hand.collections() == [(1, "Player0", 1, 0, "whole", 15450)]


def test_winamax_raise_among_the_blinds_is_a_post(corpus: Path) -> None:
    """6417287-1303-1406683540 (blinds 1€/2€): among the blinds, "Player3 raises 1€ to 3€"
    then "Player3 posts small blind 1€": Player3 puts in 4€ but is only level with the big
    blind (everyone calls 2€, Player3 checks), so 2€ is live and 2€ dead: a post of both
    blinds (big blind live, 1€ dead) and a dead small blind. Pot: 4 + 2 (Player2) + 2
    (Player0) + 2 (Hero) = 10€; Player2's river bet of 7€ is uncalled (printed nowhere):
    collected 16.35€ = 10 + 7 - 0.65 rake, so 9.35€ won."""
    hand = Hand(corpus, "Winamax", "cash/PLO-5max-EUR-1.00-2.00-201407.ante.raise.txt",
                "6417287-1303-1406683540")  # fmt: skip
    posts = hand.actions().filter(pl.col("player") == "Player3", pl.col("street") == "preflop")
    assert posts.select("kind", "amount", "dead").rows()[:2] == [
        ("post_sb_bb", 300, 100), ("post_sb", 100, 100),
    ]  # fmt: skip
    assert hand.money() == _money(1000, rake=65)
    assert hand.players() == [
        (1, "Player0", 200, 0, 0, 0, -200),
        (2, "Player1", 0, 0, 0, 0, 0),
        (3, "Hero", 200, 0, 0, 0, -200),
        (4, "Player2", 900, 700, 935, 0, 735),
        (5, "Player3", 400, 0, 0, 0, -400),
    ]


def test_winamax_hi_lo_halves_in_play_money_cents(corpus: Path) -> None:
    """8976324-443-1476102647, play money dealt in cents (0.05/0.10): each puts in 0.05 +
    0.05 + 0.10 + 0.30 = 0.50, pot 1.00 less 0.07 rake = 0.93, collected "0.47 from pot (HI)"
    by Player0 and "0.46 from pot (LO)" by Hero (the odd cent to the high half)."""
    hand = Hand(corpus, "Winamax", "cash/PLO8-2max-play-0.05-0.10-201610.export.txt")
    [row] = hand.table("hands").select("currency", "units_per_currency", "game").rows()
    assert row == ("play", 100, "omaha8")
    assert hand.money() == _money(100, rake=7)
    assert hand.collections() == [(2, "Player0", 1, 0, "hi", 47), (1, "Hero", 1, 0, "lo", 46)]
    assert hand.players() == [(1, "Hero", 50, 0, 46, 0, -4), (2, "Player0", 50, 0, 47, 0, -3)]
