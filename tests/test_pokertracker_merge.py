"""PokerTracker's exports of Merge hands read as their text says: the corpus's PL Omaha
tournament (stacks printed after the posts, a short big blind written as a second ``Post
SB``, the unmatched part of a call a ``wins`` line of its own), the 2014 export (pipes, EST,
a missed small blind posted live, ``wins ... (uncalled)``), a post of both blinds, the
tournament stacks of a whole SNG and the rake of the Bad Beat tables.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: cash amounts in cents, tournament chips whole, ``Raise X`` the street total.
"""

from __future__ import annotations

import datetime as dt
import itertools
import re
from pathlib import Path

import polars as pl

from ingest.engine.contract import ParseResult
from ingest.sites import detect_site, pokertracker
from tests.golden import parse_clean, rows

PLO = "corpus/PokerTracker/tour/PLO-USD-5-201202.Merge.all.in.blind.txt"  # #4927169400080
V2 = "formats/PokerTracker/cash/NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt"
BOTH = "formats/PokerTracker/cash/NLHE-USD-0.10-0.25-201201.Merge-post-both.txt"
BAD_BEAT = "formats/PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Merge.txt"
SNG = "formats/PokerTracker/tour/NLHE-USD-SNG-2-201111.Merge.txt"
UTC = dt.UTC

_HAND_COLUMNS = ("hand_id", "room", "game", "limit_type", "currency", "small_blind",
                 "big_blind", "tournament_id", "table_name", "max_seats", "button_seat",
                 "started_at", "boards", "total_pot", "rake", "uncalled_inferred",
                 "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "hole_cards", "put_in",
                   "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in")
_COLLECT_COLUMNS = ("seat", "player", "board", "pot", "half", "amount")


def _parse(shared: Path, path: str) -> ParseResult:
    with open(shared / path, "rb") as stream:
        assert detect_site(stream.read(4096)) is pokertracker.SITE
    return parse_clean(pokertracker.SITE, shared / path)


def test_the_pot_limit_omaha_tournament_hand(shared: Path) -> None:
    """#4927169400080, PL Omaha: ``Seat 5: Dispicable ($0.00 in chips)`` then ``Dispicable:
    Post SB $135.00``: the stacks are printed after the posts (his was 135, JustJay4Reals'
    23,120 + 100), and the second small blind is the big blind, short and all in; the big
    blind is 200 (``JustJay4Reals: Call $100.00`` after his 100). JustJay's 200 against 135:
    ``wins $270.00`` (the pot) and ``wins $65.00`` (his unmatched 65). No zone: 04:27 ET."""
    result = _parse(shared, PLO)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("4927169400080", "Merge", "omaha", "PL", "chips", 10000, 20000, "49271005",
         "$5 Free PLO Hero Arena - Country Restricted", None, 4,
         dt.datetime(2012, 2, 16, 9, 27, 31, tzinfo=UTC), ["6c 3h 4s 4h 7h"], 27000, 0, 6500,
         []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (4, "JustJay4Reals", 2322000, "BTN", True, "Kh 5s 4d 3c", 20000, 6500, 27000, 13500),
        (5, "Dispicable", 13500, "SB", False, "Kc 6s As Qd", 13500, 0, 0, -13500),
        (6, "LegendofFuglyNutz", 629500, "BB", False, None, 0, 0, 0, 0),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "JustJay4Reals", "post_sb", 10000, None, 0, False),
        ("preflop", "Dispicable", "post_bb", 13500, None, 0, True),
        ("preflop", "LegendofFuglyNutz", "fold", 0, None, 0, False),
        ("preflop", "JustJay4Reals", "call", 10000, None, 0, False),
        ("preflop", "JustJay4Reals", "return", 6500, None, 0, False),
        ("summary", "JustJay4Reals", "show", 0, None, 0, False),
        ("summary", "Dispicable", "show", 0, None, 0, False),
        ("summary", "JustJay4Reals", "collect", 27000, None, 0, False),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (4, "JustJay4Reals", 1, 0, "whole", 27000),
    ]


def test_the_2014_export(shared: Path) -> None:
    """#80256693-236 at $0.02/$0.04, ``12/05/2014 17:08:49 EST``: ``Hero: Post DB $0.02``
    (a missed small blind) is live, ``Hero: Call $0.02`` meeting the big blind; his flop
    bet of 0.04 is folded to: ``Hero: wins $0.10`` (the pot, no rake) and ``Hero: wins
    $0.04 (uncalled)`` (a return). The button is ``DEALER``'s seat, 3; the cards dealt are
    Player4's, the history's owner."""
    result = _parse(shared, V2)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("80256693-236", "Merge", "Holdem NL", "NL", "USD", 2, 4, None, "Tropicana - Fast V",
         6, 3, dt.datetime(2014, 12, 5, 22, 8, 49, tzinfo=UTC), ["Ac Qs 3c"], 10, 0, 0, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Player0", 410, "HJ", False, None, 0, 0, 0, 0),
        (2, "Hero", 130, "CO", False, None, 8, 4, 10, 6),
        (3, "Player1", 352, "BTN", False, None, 0, 0, 0, 0),
        (4, "Player2", 136, "SB", False, None, 2, 0, 0, -2),
        (5, "Player3", 626, "BB", False, None, 4, 0, 0, -4),
        (6, "Player4", 507, "UTG", True, "7h 5s", 0, 0, 0, 0),
    ]
    kinds = [(r[1], r[2], r[3]) for r in rows(result.actions, _ACTION_COLUMNS)]
    assert kinds[:3] == [("Player2", "post_sb", 2), ("Player3", "post_bb", 4),
                         ("Hero", "post_sb", 2)]  # fmt: skip
    assert ("Hero", "call", 2) in kinds
    assert kinds[-2:] == [("Hero", "collect", 10), ("Hero", "return", 4)]


def test_a_post_of_both_blinds(shared: Path) -> None:
    """#46893440-366 at $0.10/$0.25: ``DontTapTheGlass0: Post DB $0.35`` is the big blind
    live and the small one dead: he checks preflop. Four streets checked down: the pot of
    0.10 + 0.25 + 0.35 = 0.70 pays ``yurk23: wins $0.67``, 0.03 raked (5%, to the cent)."""
    result = _parse(shared, BOTH)
    [hand] = pl.from_arrow(result.hands).select("total_pot", "rake", "button_seat").rows()
    assert hand == (70, 3, 1)
    actions = rows(result.actions, _ACTION_COLUMNS)
    assert ("preflop", "DontTapTheGlass0", "post_sb_bb", 35, None, 10, False) in actions
    assert ("preflop", "DontTapTheGlass0", "check", 0, None, 0, False) in actions


def test_tournament_stacks_are_printed_after_the_posts(shared: Path) -> None:
    """In the SNG every stack is its seat line's plus the player's antes and blinds: then
    each hand's stacks are the last hand's less its nets (a player all in puts in exactly
    his stack: #4290961700035, ``Player2 ($1,275.00 in chips)`` posts 25 and 125 and goes
    ``Allin $1,275.00``: 1,425)."""
    result = _parse(shared, SNG)
    players = pl.from_arrow(result.players)
    assert isinstance(players, pl.DataFrame)
    first = players.filter(pl.col("hand_id") == "4290961700035")
    assert first.filter(pl.col("player") == "Player2")["stack"].to_list() == [142500]
    assert (players["put_in"] <= players["stack"]).all()
    hands = pl.from_arrow(result.hands)
    assert isinstance(hands, pl.DataFrame)
    order = hands["hand_id"].to_list()
    compared = 0
    for before, after in itertools.pairwise(order):
        if before[:8] != after[:8]:  # another tournament
            continue
        left = players.filter(pl.col("hand_id") == before).select(
            "player", end=pl.col("stack") + pl.col("net"))
        right = players.filter(pl.col("hand_id") == after).select("player", "stack")
        joined = left.join(right, on="player")
        assert (joined["end"] == joined["stack"]).all(), (before, after)
        compared += joined.height
    assert compared == 86


def test_the_bad_beat_tables_rake(shared: Path) -> None:
    """No rake is printed: it is what the pots did not pay, and it is the room's rule in
    every one of the 39 hands: 5% of the pot to the cent, at most $3, none without a flop,
    and $0.50 more for the Bad Beat jackpot on pots of $5 and more (#3047310402797: 12.00
    pays 10.90)."""
    result = _parse(shared, BAD_BEAT)
    hands = pl.from_arrow(result.hands)
    assert isinstance(hands, pl.DataFrame)
    assert hands.height == 39
    for hand_id, total, rake, boards in hands.select("hand_id", "total_pot", "rake",
                                                     "boards").iter_rows():  # fmt: skip
        flop = bool(boards)
        rule = min(total * 5 // 100, 300) + (50 if total >= 500 else 0) if flop else 0
        assert rake == rule, (hand_id, total, rake)
    first = hands.filter(pl.col("hand_id") == "3047310402797")
    assert first.select("total_pot", "rake").row(0) == (1200, 110)


def test_the_corrupted_hand_is_inconsistent_as_printed(shared: Path) -> None:
    """#80257431-64: ``Player1: Post SB $3.74``, his whole stack, and no pot pays it."""
    path = "formats/PokerTracker/cash/NLHE-6max-USD-0.02-0.04-201412.Merge.weird.allin.sb." \
           "corrupted.txt"
    result = _parse(shared, path)
    [(found,)] = pl.from_arrow(result.hands).select("inconsistencies").rows()
    assert found == ["players collected $0.16 from a total pot of $3.90 less $0.00 taken by "
                     "the room"]  # fmt: skip
    assert re.search(r"^Player1: Post SB \$3\.74$", (shared / path).read_text("ascii"), re.M)
