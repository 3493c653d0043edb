"""Exact rows for BetOnline's trickiest hands (FPDB's files, AGPL, read in place).

Every expected value is worked out by hand from the history text (the arithmetic is in the
comments, in hundredths of a dollar or of a chip); none is copied from the parser's output.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pytest

from ingest.engine.contract import Chunk
from ingest.engine.winners import _shares
from ingest.sites import betonline, detect_site
from omaha_core.pots import Pot
from tests.conformance import hand_text

_PLO = "corpus/BetOnline/cash/PLO-10max-USD-0.05-0.10-201209.txt"
_UTC = dt.UTC


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


class Hand:
    """One hand cut out of a real file and parsed alone, every flop game read."""

    def __init__(self, shared: Path, path: str, hand_id: str) -> None:
        text = hand_text(shared / path, hand_id)
        chunk = Chunk(text.encode(), path, 0, 1, "utf-8")
        self.result = betonline.SITE.parse(chunk, every_flop_game=True)
        assert self.result.import_errors.num_rows == 0, self.result.import_errors.to_pylist()
        [self.row] = self.result.hands.to_pylist()

    def hand(self, *columns: str) -> tuple[Any, ...]:
        return tuple(self.row[c] for c in columns)

    def players(self) -> list[tuple[Any, ...]]:
        """seat, player, stack, put_in, returned, collected, net, sitting_out"""
        columns = ("seat", "player", "stack", "put_in", "returned", "collected", "net",
                   "sitting_out")  # fmt: skip
        return _frame(self.result.players).sort("seat").select(columns).rows()

    def actions(self) -> list[tuple[Any, ...]]:
        """street, player, kind, amount, dead, all_in (folds and checks left out)"""
        frame = _frame(self.result.actions).sort("seq")
        frame = frame.filter(~pl.col("kind").is_in(["fold", "check"]))
        return frame.select("street", "player", "kind", "amount", "dead", "all_in").rows()

    def collections(self) -> list[tuple[Any, ...]]:
        """seat, player, pot, amount"""
        return _frame(self.result.collections).select("seat", "player", "pot", "amount").rows()


def test_omaha_headed_holdem_with_its_bet_returned_silently(shared: Path) -> None:
    """#1073058326: "Hold'em Pot Limit", Hero dealt four cards: pot-limit Omaha. Player2's
    flop bet of 95 nobody calls comes back unprinted; "Total pot 1.90 | Rake 0.00" though
    the room took 5."""
    hand = Hand(shared, _PLO, "1073058326")
    # posts 5 (Player0) + 10 (Player6) + 10 (Player8, "post now"); calls of 10 by Hero,
    # Player7, Player3; Player2 raises to 75, Player7 calls 65 (75); Player2 bets 95, 95
    # back: 5 + 10 + 10 + 10 + 75 + 10 + 75 = 195 in the pot, 190 paid, 5 raked.
    assert hand.hand(
        "room", "game", "limit_type", "hole_cards_count", "currency", "small_blind",
        "big_blind", "total_pot", "rake", "uncalled_inferred", "started_at", "table_name",
        "max_seats", "button_seat", "boards", "inconsistencies",
    ) == (
        "BetOnline", "omaha", "PL", 4, "USD", 5, 10, 195, 5, 95,
        dt.datetime(2012, 10, 1, 1, 25, 46, tzinfo=_UTC),  # 21:25:46 EDT
        "Weeds (Hi)", 10, 7, ["5d Jd 9h"], [],
    )  # fmt: skip
    assert hand.players() == [
        (0, "Hero", 905, 10, 0, 0, -10, False),
        (1, "Player4", 1013, 0, 0, 0, 0, False),
        (2, "Player7", 490, 75, 0, 0, -75, False),
        (3, "Player5", 795, 0, 0, 0, 0, False),
        (4, "Player3", 438, 10, 0, 0, -10, False),
        (5, "Player8", 300, 10, 0, 0, -10, False),
        (6, "Player2", 7471, 170, 95, 190, 115, False),  # 190 - 170 + 95
        (7, "Player1", 910, 0, 0, 0, 0, False),
        (8, "Player0", 155, 5, 0, 0, -5, False),
        (9, "Player6", 295, 10, 0, 0, -10, False),
    ]
    assert hand.actions() == [
        ("preflop", "Player0", "post_sb", 5, 0, False),
        ("preflop", "Player6", "post_bb", 10, 0, False),
        ("preflop", "Player8", "post_bb", 10, 0, False),
        ("preflop", "Hero", "call", 10, 0, False),
        ("preflop", "Player7", "call", 10, 0, False),
        ("preflop", "Player3", "call", 10, 0, False),
        ("preflop", "Player2", "raise", 75, 0, False),
        ("preflop", "Player7", "call", 65, 0, False),
        ("flop", "Player2", "bet", 95, 0, False),
        ("flop", "Player2", "return", 95, 0, False),
        ("summary", "Player2", "collect", 190, 0, False),  # "and won (1.90)"
    ]
    assert hand.collections() == [(6, "Player2", 0, 190)]  # one pot: the main
    [hero] = _frame(hand.result.players).filter(pl.col("is_hero")).rows(named=True)
    assert hero["player"] == "Hero" and hero["hole_cards"] == "Jh 9d 7d Kh"


def test_four_pot_lines_the_summary_pays_one_of(shared: Path) -> None:
    """#1073059444: four "Total pot" lines (last side pot first, the main pot last), the
    summary printing Player2's main pot alone (11.55): he wins every pot."""
    hand = Hand(shared, _PLO, "1073059444")
    # Player4 10 + 45 + 290 + 668 = 1013 and Player2 55 + 290 + 668 = 1013 (all in),
    # Player0 55 + 290 + 305 = 650, Player7 10 + 335 + 165 = 510, Player6 55 + 185 = 240
    # (all in for less), Hero 5 and Player3 10 folded: 3441.
    # Pots 1215 (240 x 5 + 15), 1080 (270 x 4), 420 (140 x 3), 726 (363 x 2) pay 1155,
    # 1030, 395, 691 = 3271: 170 raked (5 cents a whole dollar of the cumulative pot).
    assert hand.hand("game", "total_pot", "rake", "inconsistencies") == ("omaha", 3441, 170, [])
    # the summary's 1155, and the side pots it leaves out: 1030 + 395 + 691
    assert hand.collections() == [(6, "Player2", None, 1155), (6, "Player2", None, 2116)]
    nets = {row[1]: row[6] for row in hand.players()}
    assert nets == {
        "Hero": -5, "Player4": -1013, "Player7": -510, "Player5": 0, "Player3": -10,
        "Player8": 0, "Player2": 2258, "Player1": 0, "Player0": -650, "Player6": -240,
    }  # fmt: skip
    assert sum(nets.values()) == -170


def test_a_side_pot_line_before_the_show_down(shared: Path) -> None:
    """#1606125823 (2016): "Total pot 1.26 | Rake 0.22" before the show-down (the side
    pot), "Total pot 2.49 | Rake 0.22" in the summary (the main pot, the one printed as
    Player1's), both lines naming the hand's whole rake; everyone's ante is "0.00"."""
    hand = Hand(shared, "formats/BetOnline/cash/NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt",
                "1606125823")  # fmt: skip
    # Player8 1 + 3, Player4 2 + 2, Player6 4 + 81 (all in), Player5 4 + 148 (all in),
    # Player1 4 + 148: 397. Pots 263 (85 x 3 + 8) and 134 (67 x 2) pay 249 and 126.
    assert hand.hand("game", "total_pot", "rake") == ("Hold'em No Limit", 397, 22)
    assert hand.collections() == [(2, "Player1", None, 249), (2, "Player1", None, 126)]
    assert hand.players() == [
        (0, "Hero", 216, 0, 0, 0, 0, False),
        (1, "Player2", 178, 0, 0, 0, 0, False),
        (2, "Player1", 433, 152, 0, 375, 223, False),
        (3, "Player3", 163, 0, 0, 0, 0, False),
        (4, "Player0", 63, 0, 0, 0, 0, False),
        (5, "Player8", 60, 4, 0, 0, -4, False),
        (6, "Player4", 193, 4, 0, 0, -4, False),
        (7, "Player6", 85, 85, 0, 0, -85, False),
        (8, "Player7", 172, 0, 0, 0, 0, True),  # sitting out: an ante of nothing only
        (9, "Player5", 152, 152, 0, 0, -152, False),
    ]


def test_a_side_pot_printed_twice_and_blinds_from_the_posts(shared: Path) -> None:
    """#900223632 (2011 tournament): "Total pot 70.00" twice before the show-down (one
    side pot), "Total pot 2895.00" in the summary; the header's "$10.00/$20.00" is not
    what the blinds are (15 and 30 posted)."""
    hand = Hand(shared, "formats/BetOnline/tour/NLHE-10max-USD-MTT-2011-08.nobuyinfee.txt",
                "900223632")  # fmt: skip
    # Player17 15; Player18 30 + 60 + 285 + 585 = 960 (all in); Player13 90 + 905 = 995;
    # Player21 90 + 910 = 1000, 5 back: 2965 = 2895 (960 x 3 + 15) + 70 (35 x 2).
    assert hand.hand("game", "limit_type", "currency", "small_blind", "big_blind",
                     "total_pot", "rake") == ("Hold'em", "NL", "chips", 1500, 3000, 296500, 0)
    assert hand.collections() == [(9, "Player21", None, 289500), (9, "Player21", None, 7000)]
    nets = {row[1]: row[6] for row in hand.players() if row[6]}
    assert nets == {
        "Player17": -1500, "Player18": -96000, "Player13": -99500, "Player21": 197000
    }  # fmt: skip


def test_a_dead_post_carries_an_unprinted_small_blind(shared: Path) -> None:
    """#1002134798: "Player0: post dead 0.50" is the big blind live and a small blind (25)
    dead besides: the pot of 15.61 holds it."""
    hand = Hand(shared, "formats/BetOnline/cash/NLHE-10max-0.25-0.50-201204.post.dead.txt",
                "1002134798")  # fmt: skip
    # Player1 25 + 125 = 150, Player9 150, Player5 50 + 100 + 468 + 1112 (1112 back),
    # Player0 75 (50 live) + 100 + 468 = 643: 150 + 150 + 618 + 643 = 1561 = 1483 + 78.
    assert hand.hand("total_pot", "rake", "uncalled_inferred") == (1561, 78, 0)
    assert hand.actions()[:4] == [
        ("preflop", "Player1", "post_sb", 25, 0, False),
        ("preflop", "Player5", "post_bb", 50, 0, False),
        ("preflop", "Player0", "post_sb_bb", 75, 25, False),
        ("preflop", "Player9", "raise", 150, 0, False),
    ]
    assert [row for row in hand.players() if row[3]] == [
        (3, "Player0", 3863, 643, 0, 0, -643, False),
        (4, "Player9", 4342, 150, 0, 0, -150, False),
        (6, "Player1", 6012, 150, 0, 0, -150, False),
        (7, "Player5", 4825, 1730, 1112, 1483, 865, False),  # 1483 - 1730 + 1112
    ]


def test_a_skin_hand(shared: Path) -> None:
    """Gear Poker #1014850775: the skins' words ("Raises 1000.00 and is All In.", "Dealt
    To"), no stakes in the header (the blinds from the posts), play money named by the table
    line, Hero's unmatched 80.00 returned silently, the winner's best five cards not read
    as his hole cards."""
    hand = Hand(shared, "formats/BetOnline/cash/NLHE-10max-play-10-20-201204.GearPoker.txt",
                "1014850775")  # fmt: skip
    # Hero 1000.00 all in, 80.00 back; Player4 20.00 + 900.00 (all in); Player6 10.00:
    # 920 + 920 + 10 = 1850.00, no rake.
    assert hand.hand(
        "room", "game", "currency", "small_blind", "big_blind", "total_pot", "rake",
        "uncalled_inferred", "started_at", "table_name", "button_seat",
    ) == (
        "Gear Poker", "Hold'em", "play", 1000, 2000, 185000, 0, 8000,
        dt.datetime(2012, 4, 9, 16, 15, 46, tzinfo=_UTC),  # 12:15:46 Eastern time
        "3875596-33", 8,
    )  # fmt: skip
    assert hand.actions() == [
        ("preflop", "Player6", "post_sb", 1000, 0, False),
        ("preflop", "Player4", "post_bb", 2000, 0, False),
        ("preflop", "Hero", "raise", 100000, 0, True),
        ("preflop", "Hero", "return", 8000, 0, False),
        ("preflop", "Player4", "call", 90000, 0, True),
        ("summary", "Player4", "collect", 185000, 0, False),
    ]
    assert hand.collections() == [(5, "Player4", 0, 185000)]
    cards = dict(_frame(hand.result.players).select("player", "hole_cards").rows())
    assert (cards["Hero"], cards["Player4"]) == ("4D 2S", None)


def test_real_money_on_a_skin_table(shared: Path) -> None:
    """ActionPoker.com #1012408051: "(Real Money)" on the table line: dollars."""
    hand = Hand(shared, "formats/BetOnline/cash/NLHE-10max-USD-1.00-2.00-201204.ActionPoker.txt",
                "1012408051")  # fmt: skip
    # Player0 100 + 100, Player9 200 + 200 + 200, Player5 200 + 200 + 200: 1400 = 1330 + 70
    assert hand.hand("room", "currency", "small_blind", "big_blind", "total_pot", "rake",
                     "table_name") == ("ActionPoker", "USD", 100, 200, 1400, 70, "The Green Mile")
    assert hand.collections() == [(5, "Player5", 0, 1330)]


def test_a_skin_time_is_read_in_the_zone_named(shared: Path) -> None:
    """Gear Poker's "2012-04-09 12:15:46" names no zone: Eastern time, unless the importer
    names another (``--timezone``), which every dialect of the site then reads it in."""
    path = "formats/BetOnline/cash/NLHE-10max-play-10-20-201204.GearPoker.txt"
    text = hand_text(shared / path, "1014850775").encode()
    london = betonline.SITE.with_zone("Europe/London")
    assert london.zone_override == "Europe/London" and len(london.grammars) == 2
    [row] = london.parse(Chunk(text, path, 0, 1, "utf-8"), every_flop_game=True).hands.to_pylist()
    assert (row["room"], row["started_at"]) == (
        "Gear Poker", dt.datetime(2012, 4, 9, 11, 15, 46, tzinfo=_UTC)  # 12:15:46 BST
    )


def test_every_file_of_the_room_is_betonline(shared: Path) -> None:
    for path in sorted((shared / "formats" / "BetOnline").rglob("*.txt")):
        site = detect_site(path.read_bytes()[:4096])
        assert site is not None and site.name == "betonline", path


@pytest.mark.parametrize(
    ("pots", "paid", "printed", "took"),
    [
        # the main pot's winner wins the side pot he can win too
        ([Pot(300, (1, 2, 3)), Pot(200, (2, 3))], [290, 190], {3: 290}, {3: 480}),
        # a side pot none of the main pot's winners can win: to the one printed for it
        ([Pot(300, (1, 2, 3)), Pot(200, (2, 3))], [290, 190], {1: 290, 2: 190},
         {1: 290, 2: 190}),
        # a split main pot, one of its winners alone in the side pot
        ([Pot(300, (1, 2, 3)), Pot(200, (2, 3))], [300, 200], {1: 150, 2: 150},
         {1: 150, 2: 350}),
        # a pot of one player left in it
        ([Pot(300, (1, 2)), Pot(200, (2,))], [300, 200], {1: 300}, {1: 300, 2: 200}),
        # printed amounts that add up to no pot: left as printed
        ([Pot(300, (1, 2, 3)), Pot(200, (2, 3))], [300, 200], {1: 100}, None),
        # as many pot lines as pots, or none of it
        ([Pot(300, (1, 2, 3))], [290, 10], {1: 290}, None),
    ],
)  # fmt: skip
def test_the_pots_a_summary_leaves_out(
    pots: list[Pot], paid: list[int], printed: dict[int, int], took: dict[int, int] | None
) -> None:
    assert _shares(pots, paid, printed) == took
