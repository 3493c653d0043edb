"""WPN's trickiest real hands, row by row as their text says: a fixed-limit hi/lo hand at a
showdown, a walk paid as the summary says, a dead post, a raise by the chips it adds to
reach the cap, and a tournament's first hand with a draw for the button and antes; in the
format before 2019, a capped pot-limit hand at a showdown, no-limit hi/lo told by an all-in
above the pot, a UTF-16 file with every line doubled, all-ins that bet, call for less and
call into side pots, a limit Hold'em hand told by its blinds, tournaments (one whose table
is not named); and every player's net of that format equal to the result its summary
writes.

The hands are FPDB regression files (AGPL-3.0, see tests/fixtures/README.md), read in place
from ../shared (skipped without it).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow.compute as pc

from analysis.explain import explain
from ingest.reader import detect_encoding
from ingest.sites import Chunk, ParseResult, detect_site, wpn

_FL = "corpus/Winning/cash/LO8-6max-USD-20-40-201907.CASHID-TN-St_FULLSTOP__Lucie_GAMETYPE.txt"
_WALK = "corpus/Winning/cash/NLO8-6max-USD-3-6-202104.walk.txt"
_SNG = ("corpus/Winning/tour/PLO8-9max-USD-15-201906.SITGOID-TN-_15_PLO_Hi_BACKSLASH_Lo_Turbo_-_"
        "On_Demand_GAMETYPE.txt")  # fmt: skip
_DEAD = "formats/Winning/cash/NLHE-9max-USD-0.02-0.05-202104.post.dead.txt"
_CAP = "formats/Winning/cash/NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar__Cap__GAMETYPE.txt"
# the format before 2019
_OLD_CAP = "corpus/Winning/cash/PLO-6max-USD-5.00-10.00-201504.capped.HH00000000_G0.txt"
_OLD_NLO8 = "corpus/Winning/cash/PLO8-6max-USD-3-6-201701.short.HH20170115_G31084891.txt"
_OLD_UTF16 = "corpus/Winning/cash/PLO-6max-USD-0.01-0.02-201608.Short.HH00000000_G0.txt"
_OLD_PLAY = "formats/Winning/cash/NLHE-9max-play-5.00-10.00-201608.HH00000000_G0.txt"
_OLD_LHE = "formats/Winning/cash/LHE-2max-USD-2.00-4.00-201608.HH00000000_G0.txt"
_OLD_FREEROLL = "formats/Winning/tour/NLHE-9max-FREE-HH20160914_T6106397-G34835015-201609.ante.txt"
_OLD_UNNAMED = "formats/Winning/tour/NLHE-NA-0-0_HH20190118_T9360380-G0-201901.txt"
_UTC = dt.UTC

_HAND = ("hand_id", "room", "game", "limit_type", "currency", "small_blind", "big_blind", "ante",
         "tournament_id", "level", "table_name", "max_seats", "button_seat", "started_at",
         "boards", "total_pot", "rake", "jackpot_fee", "uncalled_inferred", "inconsistencies")
_PLAYER = ("seat", "player", "stack", "position", "is_hero", "sitting_out", "hole_cards",
           "put_in", "returned", "collected", "net")
_ACTION = ("street", "seat", "player", "kind", "amount", "raise_to", "dead", "all_in", "cards")
_COLLECTION = ("seat", "player", "board", "pot", "half", "amount")  # fmt: skip


def _read(shared: Path, path: str) -> ParseResult:
    return wpn.SITE.parse_file(shared / path, every_flop_game=True)


def _rows(table: Any, columns: tuple[str, ...]) -> list[tuple[Any, ...]]:
    return [tuple(row[c] for c in columns) for row in table.to_pylist()]


def _hand(result: ParseResult) -> tuple[Any, ...]:
    assert not result.import_errors.num_rows and not result.import_skips.num_rows
    [hand] = _rows(result.hands, _HAND)
    return hand


def _of(result: ParseResult, hand_id: str) -> ParseResult:
    """The rows of one hand of a file's result."""
    tables = {name: getattr(result, name) for name in ("hands", "players", "actions",
                                                       "collections")}  # fmt: skip
    picked = {name: table.filter(pc.equal(table["hand_id"], hand_id))
              for name, table in tables.items()}  # fmt: skip
    return dataclasses.replace(result, **picked)


def test_fixed_limit_hi_lo_at_a_showdown(shared: Path) -> None:
    """The header gives the small and big bets ($20/$40: blinds $10/$20); the small blind
    raises to $40, its street total; the total pot is printed less the rake and the
    jackpot fee ($200 put in, $199 collected)."""
    result = _read(shared, _FL)
    assert _hand(result) == (
        "78708209", "WPN", "omaha8", "FL", "USD", 2000, 4000, 0, None, None, "St. Lucie", 6, 1,
        dt.datetime(2019, 7, 18, 15, 13, 1, tzinfo=_UTC), ["5d 4h As Js 2h"], 20000, 96, 4, 0,
        [],
    )  # fmt: skip
    assert _rows(result.players, _PLAYER) == [
        (1, "Hero", 20000, "BTN", True, False, "Kd 4c 9s 6s", 10000, 0, 0, -10000),
        (4, "Player0", 55523, "BB", False, False, "Tc 4s 3h Qd", 10000, 0, 19900, 9900),
    ]
    assert _rows(result.actions, _ACTION) == [
        ("preflop", 1, "Hero", "post_sb", 1000, None, 0, False, None),
        ("preflop", 4, "Player0", "post_bb", 2000, None, 0, False, None),
        ("preflop", 1, "Hero", "raise", 3000, 4000, 0, False, None),
        ("preflop", 4, "Player0", "call", 2000, None, 0, False, None),
        ("flop", 4, "Player0", "check", 0, None, 0, False, None),
        ("flop", 1, "Hero", "bet", 2000, None, 0, False, None),
        ("flop", 4, "Player0", "call", 2000, None, 0, False, None),
        ("turn", 4, "Player0", "check", 0, None, 0, False, None),
        ("turn", 1, "Hero", "check", 0, None, 0, False, None),
        ("river", 4, "Player0", "bet", 4000, None, 0, False, None),
        ("river", 1, "Hero", "call", 4000, None, 0, False, None),
        ("showdown", 4, "Player0", "show", 0, None, 0, False, "Tc 4s 3h Qd"),
        ("showdown", 1, "Hero", "muck", 0, None, 0, False, None),
        ("showdown", 4, "Player0", "collect", 19900, None, 0, False, None),
    ]
    assert _rows(result.collections, _COLLECTION) == [(4, "Player0", 1, 0, "whole", 19900)]


def test_a_walk_is_paid_as_the_summary_says(shared: Path) -> None:
    """No collect line and no uncalled bet: "did not show and won $9.00" pays the $3 blind
    and the big blind's own $6, whose unmatched $3 comes back."""
    result = _read(shared, _WALK)
    assert _hand(result) == (
        "779388412", "WPN", "omaha8", "NL", "USD", 300, 600, 0, None, None, "Parachute", 6, 6,
        dt.datetime(2021, 4, 16, 19, 22, 47, tzinfo=_UTC), [], 600, 0, 0, 300, [],
    )  # fmt: skip
    assert _rows(result.players, _PLAYER) == [
        (1, "Player1", 13500, "SB", False, False, None, 300, 0, 0, -300),
        (2, "Player0", 113313, "BB", False, False, None, 600, 300, 600, 300),
        (3, "Hero", 13900, "UTG", True, False, "Qs 2c 8d 8c", 0, 0, 0, 0),
        (4, "Player2", 17690, "HJ", False, False, None, 0, 0, 0, 0),
        (5, "Player3", 18000, "CO", False, False, None, 0, 0, 0, 0),
        (6, "Player4", 66775, "BTN", False, False, None, 0, 0, 0, 0),
    ]
    assert _rows(result.actions, _ACTION) == [
        ("preflop", 1, "Player1", "post_sb", 300, None, 0, False, None),
        ("preflop", 2, "Player0", "post_bb", 600, None, 0, False, None),
        ("preflop", 2, "Player0", "return", 300, None, 0, False, None),
        ("preflop", 3, "Hero", "fold", 0, None, 0, False, None),
        ("preflop", 4, "Player2", "fold", 0, None, 0, False, None),
        ("preflop", 5, "Player3", "fold", 0, None, 0, False, None),
        ("preflop", 6, "Player4", "fold", 0, None, 0, False, None),
        ("preflop", 1, "Player1", "fold", 0, None, 0, False, None),
        ("summary", 2, "Player0", "collect", 600, None, 0, False, None),
    ]
    assert _rows(result.collections, _COLLECTION) == [(2, "Player0", 1, 0, "whole", 600)]


def test_a_dead_post_is_the_small_blind_dead_and_the_big_blind_live(shared: Path) -> None:
    """"Player8 posts dead $0.07" at $0.02/$0.05: $0.02 dead, $0.05 live, so he checks when
    the action comes back to him; two players marked sitting out are not dealt in."""
    result = _read(shared, _DEAD)
    assert _hand(result) == (
        "784383001", "WPN", "Holdem(No Limit)", "NL", "USD", 2, 5, 0, None, None, "Fort Lupton",
        9, 5, dt.datetime(2021, 4, 20, 18, 42, 26, tzinfo=_UTC), ["5s 3s 3c 8d 8c"], 17, 0, 0,
        0, [],
    )  # fmt: skip
    assert _rows(result.players, _PLAYER) == [
        (1, "Player0", 507, "MP", False, False, None, 0, 0, 0, 0),
        (2, "Player1", 974, None, False, True, None, 0, 0, 0, 0),
        (3, "Hero", 615, "HJ", True, False, "As 6h", 0, 0, 0, 0),
        (4, "Player3", 500, "CO", False, False, None, 0, 0, 0, 0),
        (5, "Player4", 242, "BTN", False, False, None, 0, 0, 0, 0),
        (6, "Player5", 162, None, False, True, None, 0, 0, 0, 0),
        (7, "Player6", 546, "SB", False, False, "Ac 6c", 5, 0, 0, -5),
        (8, "Player7", 639, "BB", False, False, "Th Qs", 5, 0, 0, -5),
        (9, "Player8", 658, "UTG", False, False, "7d 8h", 7, 0, 17, 10),
    ]
    assert _rows(result.actions, _ACTION)[:10] == [
        ("preflop", 7, "Player6", "post_sb", 2, None, 0, False, None),
        ("preflop", 8, "Player7", "post_bb", 5, None, 0, False, None),
        ("preflop", 9, "Player8", "post_sb_bb", 7, None, 2, False, None),
        ("preflop", 9, "Player8", "check", 0, None, 0, False, None),
        ("preflop", 1, "Player0", "fold", 0, None, 0, False, None),
        ("preflop", 3, "Hero", "fold", 0, None, 0, False, None),
        ("preflop", 4, "Player3", "fold", 0, None, 0, False, None),
        ("preflop", 5, "Player4", "fold", 0, None, 0, False, None),
        ("preflop", 7, "Player6", "call", 3, None, 0, False, None),
        ("preflop", 8, "Player7", "check", 0, None, 0, False, None),
    ]
    assert _rows(result.collections, _COLLECTION) == [(9, "Player8", 1, 0, "whole", 17)]


def test_caps_adds_its_chips(shared: Path) -> None:
    """"IrishPimp2233 caps $0.55" over a $0.11 bet, then "calls $0.44": $0.55 each on the
    flop, the table's cap of 30 big blinds with the $0.05 before it."""
    result = _read(shared, _CAP)
    hand = dict(zip(_HAND, _hand(result), strict=True))
    assert (hand["total_pot"], hand["rake"], hand["jackpot_fee"]) == (125, 4, 2)
    flop = [row for row in _rows(result.actions, _ACTION) if row[0] == "flop"]
    assert flop == [
        ("flop", 2, "Papabear2016", "check", 0, None, 0, False, None),
        ("flop", 3, "ccZORBAcc", "bet", 11, None, 0, False, None),
        ("flop", 9, "IrishPimp2233", "raise", 55, 55, 0, False, None),
        ("flop", 2, "Papabear2016", "fold", 0, None, 0, False, None),
        ("flop", 3, "ccZORBAcc", "call", 44, None, 0, False, None),
    ]


def test_a_tournament_hand_with_antes_and_a_draw_for_the_button(shared: Path) -> None:
    """One card dealt to each player before the antes draws for the button: the hero is
    the one dealt hole cards after them; the antes are dead, the level's blinds live."""
    result = _read(shared, _SNG)
    assert _hand(result) == (
        "82980175", "WPN", "omaha8", "PL", "chips", 25000, 50000, 2500, "11212445", "1", "1", 9,
        3, dt.datetime(2019, 7, 25, 2, 31, 33, tzinfo=_UTC), ["8d Jh 9d 5s 2c"], 6060000, 0, 0,
        0, [],
    )  # fmt: skip
    assert _rows(result.players, _PLAYER) == [
        (1, "Hero", 3000000, "CO", True, False, "Ks 9h 3d Th", 2500, 0, 0, -2500),
        (3, "Player0", 3000000, "BTN", False, False, None, 2500, 0, 0, -2500),
        (4, "Player1", 3000000, "SB", False, False, "Kc Jc 2h 3s", 3000000, 0, 0, -3000000),
        (5, "Player2", 3000000, "BB", False, False, None, 52500, 0, 0, -52500),
        (6, "Player3", 3000000, "UTG", False, False, "Td Ad Qd 4s", 3000000, 0, 6060000,
         3060000),
        (9, "Player4", 3000000, "HJ", False, False, None, 2500, 0, 0, -2500),
    ]  # fmt: skip
    antes = [("preflop", seat, name, "ante", 2500, None, 2500, False, None)
             for seat, name in ((1, "Hero"), (3, "Player0"), (4, "Player1"), (5, "Player2"),
                                (6, "Player3"), (9, "Player4"))]  # fmt: skip
    assert _rows(result.actions, _ACTION) == [
        *antes,
        ("preflop", 4, "Player1", "post_sb", 25000, None, 0, False, None),
        ("preflop", 5, "Player2", "post_bb", 50000, None, 0, False, None),
        ("preflop", 6, "Player3", "raise", 190000, 190000, 0, False, None),
        ("preflop", 9, "Player4", "fold", 0, None, 0, False, None),
        ("preflop", 1, "Hero", "fold", 0, None, 0, False, None),
        ("preflop", 3, "Player0", "fold", 0, None, 0, False, None),
        ("preflop", 4, "Player1", "call", 165000, None, 0, False, None),
        ("preflop", 5, "Player2", "fold", 0, None, 0, False, None),
        ("flop", 4, "Player1", "bet", 222500, None, 0, False, None),
        ("flop", 6, "Player3", "raise", 1112500, 1112500, 0, False, None),
        ("flop", 4, "Player1", "call", 890000, None, 0, False, None),
        ("turn", 4, "Player1", "check", 0, None, 0, False, None),
        ("turn", 6, "Player3", "bet", 1695000, None, 0, True, None),
        ("turn", 4, "Player1", "call", 1695000, None, 0, True, None),
        ("showdown", 4, "Player1", "show", 0, None, 0, False, "Kc Jc 2h 3s"),
        ("showdown", 6, "Player3", "show", 0, None, 0, False, "Td Ad Qd 4s"),
        ("showdown", 6, "Player3", "collect", 6060000, None, 0, False, None),
    ]
    assert _rows(result.collections, _COLLECTION) == [(6, "Player3", 1, 0, "whole", 6060000)]


def test_a_tournament_header_is_not_cut_at_the_cash_header_inside_it(shared: Path) -> None:
    """"Game Hand #" ends with "Hand #": when a damaged hand (two summaries) makes the parser
    look for headers glued inside lines, the tournament's header stays whole."""
    cash = (shared / _FL).read_text().replace("*** SUMMARY ***\n", "*** SUMMARY ***\n" * 2)
    text = cash + "\n" + (shared / _SNG).read_text()
    result = wpn.SITE.parse(Chunk(text.encode(), "x.txt", 0, 1, "utf-8"))
    assert result.hands.column("hand_id").to_pylist() == ["82980175"]
    assert [e["reason"] for e in result.import_errors.to_pylist()] == [
        "two summaries in one hand (a hand header is missing or damaged)"
    ]


def test_the_first_line_tells_the_format(shared: Path) -> None:
    for path in (_FL, _WALK, _SNG, _DEAD, _CAP):
        site = detect_site((shared / path).read_bytes()[:4096])
        assert site is not None and site.name == "wpn", path


def test_older_format_a_capped_pot_limit_hand_at_a_showdown(shared: Path) -> None:
    """The time first, the hand number next; raises, caps and calls by the chips they add
    (280 each on the flop, the summary's "Bets: 300"); no collect line: the winner's
    summary line says what he collects and shows his cards, the hero's mucked ones are in
    his ("[8d 4s 10c 6c]", tens written 10); "Pot: 612. Rake 2.76. JP fee 0.24" is the
    pot less the room's take."""
    result = _read(shared, _OLD_CAP)
    assert _hand(result) == (
        "406051551", "WPN", "omaha", "PL", "USD", 500, 1000, 0, None, None,
        "Mauilite (PRR) - CAP - 6-Max - 3", None, 6,
        dt.datetime(2015, 4, 28, 5, 1, 3, tzinfo=_UTC), ["9s 7c 7h Kh 2h"], 61500, 276, 24, 0,
        [],
    )  # fmt: skip
    assert _rows(result.players, _PLAYER) == [
        (1, "Player0", 144250, "SB", False, False, None, 500, 0, 0, -500),
        (2, "Player1", 135675, "BB", False, False, None, 1000, 0, 0, -1000),
        (3, "Player2", 107975, "UTG", False, False, None, 0, 0, 0, 0),
        (4, "Player3", 100125, "HJ", False, False, None, 0, 0, 0, 0),
        (5, "Player4", 100000, "CO", False, False, "Jd 7d Ad 5s", 30000, 0, 61200, 31200),
        (6, "Hero", 97500, "BTN", True, False, "8d 4s Tc 6c", 30000, 0, 0, -30000),
    ]
    assert _rows(result.actions, _ACTION) == [
        ("preflop", 1, "Player0", "post_sb", 500, None, 0, False, None),
        ("preflop", 2, "Player1", "post_bb", 1000, None, 0, False, None),
        ("preflop", 3, "Player2", "fold", 0, None, 0, False, None),
        ("preflop", 4, "Player3", "fold", 0, None, 0, False, None),
        ("preflop", 5, "Player4", "raise", 2000, 2000, 0, False, None),
        ("preflop", 6, "Hero", "call", 2000, None, 0, False, None),
        ("preflop", 1, "Player0", "fold", 0, None, 0, False, None),
        ("preflop", 2, "Player1", "fold", 0, None, 0, False, None),
        ("flop", 5, "Player4", "bet", 2612, None, 0, False, None),
        ("flop", 6, "Hero", "raise", 9000, 9000, 0, False, None),
        ("flop", 5, "Player4", "raise", 25388, 28000, 0, False, None),
        ("flop", 6, "Hero", "call", 19000, None, 0, False, None),
        ("river", 6, "Hero", "muck", 0, None, 0, False, None),
        ("summary", 5, "Player4", "collect", 61200, None, 0, False, "Jd 7d Ad 5s"),
        ("summary", 6, "Hero", "muck", 0, None, 0, False, "8d 4s Tc 6c"),
    ]
    assert _rows(result.collections, _COLLECTION) == [(5, "Player4", 1, 0, "whole", 61200)]


def test_older_format_an_all_in_above_the_pot_is_no_limit(shared: Path) -> None:
    """No limit is written: "allin (402.40)" from the small blind over a $12 raise and a
    call, $33 in the pot, is more than pot limit allows, so the hand is no-limit Omaha
    hi/lo (FPDB reads it as pot-limit); the all-in raises, and its unmatched part comes
    back."""
    result = _read(shared, _OLD_NLO8)
    assert _hand(result) == (
        "820605052", "WPN", "omaha8", "NL", "USD", 300, 600, 0, None, None,
        "(PRR) Pamola (Short)", None, 5, dt.datetime(2017, 1, 15, 12, 47, 50, tzinfo=_UTC), [],
        4200, 0, 0, 0, [],
    )  # fmt: skip
    assert _rows(result.players, _PLAYER) == [
        (1, "Hero", 30000, "BB", True, False, "4d 7d 8c 5s", 600, 0, 0, -600),
        (4, "Player0", 30000, "CO", False, False, None, 1200, 0, 0, -1200),
        (5, "Player1", 111196, "BTN", False, False, None, 1200, 0, 0, -1200),
        (6, "Player2", 40540, "SB", False, False, None, 40540, 39340, 4200, 3000),
    ]
    assert _rows(result.actions, _ACTION) == [
        ("preflop", 6, "Player2", "post_sb", 300, None, 0, False, None),
        ("preflop", 1, "Hero", "post_bb", 600, None, 0, False, None),
        ("preflop", 4, "Player0", "raise", 1200, 1200, 0, False, None),
        ("preflop", 5, "Player1", "call", 1200, None, 0, False, None),
        ("preflop", 6, "Player2", "raise", 40240, 40540, 0, True, None),
        ("preflop", 1, "Hero", "fold", 0, None, 0, False, None),
        ("preflop", 4, "Player0", "fold", 0, None, 0, False, None),
        ("preflop", 5, "Player1", "fold", 0, None, 0, False, None),
        ("preflop", 6, "Player2", "return", 39340, None, 0, False, None),
        ("preflop", 6, "Player2", "muck", 0, None, 0, False, None),
        ("summary", 6, "Player2", "collect", 4200, None, 0, False, None),
    ]
    assert _rows(result.collections, _COLLECTION) == [(6, "Player2", 1, 0, "whole", 4200)]


def test_older_format_utf16_with_every_line_doubled(shared: Path) -> None:
    """A UTF-16 file whose every line is followed by a blank one (and a stray last byte):
    its two hands are read whole, the blank lines inside them saying nothing."""
    raw = (shared / _OLD_UTF16).read_bytes()
    assert raw[:2] == b"\xff\xfe" and len(raw) % 2 == 1
    result = _read(shared, _OLD_UTF16)
    assert not result.import_errors.num_rows and not result.import_skips.num_rows
    assert result.hands.column("hand_id").to_pylist() == ["693980441", "693980591"]
    first = _of(result, "693980441")
    assert _rows(first.hands, _HAND) == [(
        "693980441", "WPN", "omaha", "PL", "USD", 1, 2, 0, None, None, "(PRR) Bannik (Short)",
        None, 2, dt.datetime(2016, 8, 2, 15, 24, 23, tzinfo=_UTC), ["As Ks Ts"], 6, 0, 0, 0, [],
    )]  # fmt: skip
    assert _rows(first.players, _PLAYER) == [
        (1, "emchaze", 268, "CO", False, False, None, 0, 0, 0, 0),
        (2, "Judyd", 45, "BTN", False, False, None, 2, 0, 0, -2),
        (3, "bigchetpatty", 114, "SB", False, False, None, 4, 2, 6, 4),
        (4, "ChazDazzle", 40, "BB", True, False, "7d 3h 6c Jh", 2, 0, 0, -2),
        (5, "posheco", 64, "UTG", False, False, None, 0, 0, 0, 0),
    ]
    assert _rows(first.actions, _ACTION)[-4:] == [
        ("flop", 2, "Judyd", "fold", 0, None, 0, False, None),
        ("flop", 3, "bigchetpatty", "return", 2, None, 0, False, None),
        ("flop", 3, "bigchetpatty", "muck", 0, None, 0, False, None),
        ("summary", 3, "bigchetpatty", "collect", 6, None, 0, False, None),
    ]


def test_older_format_all_ins_are_what_their_chips_do(shared: Path) -> None:
    """"allin (x)" says only the chips it adds: on a turn nobody had bet, NUPDUDE's is a
    bet, ChazDazzle's and AlwaysAdonkE's, less than it, calls for less (side pots, so
    the winner's one "Collects" is from no pot named); a straddle of 2 big blinds, and a
    player timed out who waits for the big blind is not dealt in (play money)."""
    result = _of(_read(shared, _OLD_PLAY), "698327591")
    [hand] = _rows(result.hands, ("currency", "limit_type", "total_pot", "rake", "table_name"))
    assert hand == ("play", "NL", 149109, 300, "PM Hold`em 5/10")
    actions = _rows(result.actions, _ACTION)
    assert actions[2] == ("preflop", 7, "ChazDazzle", "straddle", 2000, None, 0, False, None)
    assert [row for row in actions if row[0] == "turn"] == [
        ("turn", 5, "jerryc15", "check", 0, None, 0, False, None),
        ("turn", 6, "NUPDUDE", "bet", 39752, None, 0, True, None),
        ("turn", 7, "ChazDazzle", "call", 20493, None, 0, True, None),
        ("turn", 1, "cleareyesandsoda", "call", 39752, None, 0, False, None),
        ("turn", 4, "AlwaysAdonkE", "call", 32112, None, 0, True, None),
        ("turn", 5, "jerryc15", "fold", 0, None, 0, False, None),
    ]
    assert [row for row in actions if row[0] == "summary"] == [
        ("summary", 1, "cleareyesandsoda", "show", 0, None, 0, False, "Ac 3d"),
        ("summary", 4, "AlwaysAdonkE", "show", 0, None, 0, False, "7c 9s"),
        ("summary", 6, "NUPDUDE", "collect", 148809, None, 0, False, "4d Js"),
        ("summary", 7, "ChazDazzle", "show", 0, None, 0, False, "Ts 9d"),
    ]
    assert _rows(result.collections, _COLLECTION) == [(6, "NUPDUDE", 1, None, "whole", 148809)]
    out = [row for row in _rows(result.players, _PLAYER) if row[5]]
    assert out == [(2, "missfancy2020", 100000, None, False, True, None, 0, 0, 0, 0)]


def test_older_format_fixed_limit_told_by_the_blinds(shared: Path) -> None:
    """"2/4 ... (Hold'em)" with blinds of 1 and 2: the header gives the small and big bets
    of a fixed-limit game; "raises (3)" from the small blind raises to 4."""
    result = _read(shared, _OLD_LHE)
    hand = dict(zip(_HAND, _hand(result), strict=True))
    assert (hand["game"], hand["limit_type"], hand["small_blind"], hand["big_blind"]) == (
        "Hold'em", "FL", 200, 400)  # fmt: skip
    assert _rows(result.actions, _ACTION)[:4] == [
        ("preflop", 2, "only_luck", "post_sb", 100, None, 0, False, None),
        ("preflop", 1, "ChazDazzle", "post_bb", 200, None, 0, False, None),
        ("preflop", 2, "only_luck", "raise", 300, 400, 0, False, None),
        ("preflop", 1, "ChazDazzle", "call", 200, None, 0, False, None),
    ]


def test_older_format_tournaments(shared: Path) -> None:
    """A tournament is told by its table's text ("$10 Freeroll - On Demand, Table 18": the
    name before ", Table" names it; chips, antes dead); a hand whose table is not named
    is read as a tournament's too, with no name (see ``ingest.sites.wpn``)."""
    freeroll = dict(zip(_HAND, _hand(_read(shared, _OLD_FREEROLL)), strict=True))
    assert {k: freeroll[k] for k in ("currency", "ante", "tournament_id", "table_name")} == {
        "currency": "chips", "ante": 1000, "tournament_id": "$10 Freeroll - On Demand",
        "table_name": "$10 Freeroll - On Demand, Table 18",
    }  # fmt: skip
    unnamed = dict(zip(_HAND, _hand(_read(shared, _OLD_UNNAMED)), strict=True))
    assert {k: unnamed[k] for k in ("currency", "small_blind", "tournament_id", "table_name")} == {
        "currency": "chips", "small_blind": 3000, "tournament_id": "", "table_name": "",
    }  # fmt: skip


def test_older_format_times_are_eastern_unless_told(shared: Path) -> None:
    """"Game started at: 2016/8/2 11:24:23" writes no zone: Eastern time (summer: UTC-4),
    or the zone ``omaha import --timezone`` names."""
    times = {zone: _read_with(site, shared, _OLD_UTF16).column("started_at").to_pylist()[0]
             for zone, site in (("ET", wpn.SITE), ("UTC", wpn.SITE.with_zone("UTC")))}  # fmt: skip
    assert times == {"ET": dt.datetime(2016, 8, 2, 15, 24, 23, tzinfo=_UTC),
                     "UTC": dt.datetime(2016, 8, 2, 11, 24, 23, tzinfo=_UTC)}  # fmt: skip


def _read_with(site: Any, shared: Path, path: str) -> Any:
    return site.parse_file(shared / path, every_flop_game=True).hands


# A player's line of the older format's summary: what they put in less what came back,
# what they collected, and their result.
_RESULT = re.compile(
    r"^\*?Player (.*?) (?:shows: |does not show|doesn't show|mucks ).*?Bets: ([0-9.]+)\. "
    r"Collects: ([0-9.]+)\. (Wins|Loses): ([0-9]+(?:\.[0-9]+)?)\.?$",
    re.MULTILINE,
)


def test_older_format_nets_equal_the_summary(shared: Path) -> None:
    """Every player of every hand read of the older format: net, chips left in the pot and
    collected as the summary's "Bets: B. Collects: C. Wins|Loses: N" gives them (read by
    a plain regex), but for FPDB's damaged "no flop" hand (tests/rooms/wpn.toml) and the
    data-mined one that prints every Bets and result as 0."""
    compared = 0
    for folder in ("corpus", "formats"):
        for path in sorted((shared / folder / "Winning").rglob("*.txt")):
            raw = path.read_bytes()
            text = raw.decode(detect_encoding(raw[:4096]), errors="replace")
            if "Game started at: " not in text:
                continue
            result = wpn.SITE.parse_file(path, every_flop_game=True)
            hands = pl.from_arrow(result.hands)
            players = pl.from_arrow(result.players)
            assert isinstance(hands, pl.DataFrame) and isinstance(players, pl.DataFrame)
            for piece in text.split("Game started at: ")[1:]:
                hand_id = re.search(r"Game ID: (\d+) ", piece)
                assert hand_id is not None
                found = hands.filter(pl.col("hand_id") == hand_id.group(1))
                if found.is_empty() or hand_id.group(1) in ("727152195", "270567990173"):
                    continue  # an error or skip (tests/rooms/wpn.toml), or listed above
                unit = found["units_per_currency"][0]
                lines = {m[1]: m.groups()[1:] for m in _RESULT.finditer(piece)}
                seated = players.filter(pl.col("hand_id") == hand_id.group(1))
                for name, put_in, returned, collected, net in seated.select(
                    "player", "put_in", "returned", "collected", "net"
                ).iter_rows():
                    bets, collects, sign, result_text = lines[name]
                    signed = round(float(result_text) * unit) * (1 if sign == "Wins" else -1)
                    got = (put_in - returned, collected, net)
                    want = (round(float(bets) * unit), round(float(collects) * unit), signed)
                    assert got == want, (path.name, hand_id.group(1), name)
                    compared += 1
    assert compared == 561


def test_files_of_both_formats_joined_are_read_format_by_format(shared: Path) -> None:
    """A chunk holding hands of both formats (files joined) is cut where the format changes,
    each run read by its grammar, in UTF-8 as in UTF-16: every hand as its own file gives
    it, at its own offset and line."""
    texts = [(shared / path).read_text() for path in (_FL, _OLD_CAP, _WALK, _OLD_NLO8)]
    joined = "\n".join(texts)
    alone = {hand["hand_id"]: hand for path in (_FL, _OLD_CAP, _WALK, _OLD_NLO8)
             for hand in _read(shared, path).hands.to_pylist()}  # fmt: skip
    for encoding in ("utf-8", "utf-16-le"):
        result = wpn.SITE.parse(Chunk(joined.encode(encoding), "x.txt", 0, 1, encoding))
        assert not result.import_errors.num_rows and not result.import_skips.num_rows
        hands = {hand["hand_id"]: hand for hand in result.hands.to_pylist()}
        assert sorted(hands) == sorted(alone)
        unit = 2 if encoding == "utf-16-le" else 1
        for hand_id, hand in hands.items():
            older = f"Game ID: {hand_id} " in joined
            start = joined.rfind("\n", 0, joined.index(f"Game ID: {hand_id} " if older
                                                        else f"#{hand_id}")) + 1  # fmt: skip
            if older:  # the hand starts at its time, the line before
                start = joined.rfind("\n", 0, start - 1) + 1
            assert hand["byte_offset"] == start * unit, (encoding, hand_id)
            same = {k: v for k, v in hand.items() if k not in ("byte_offset", "source_file")}
            assert same == {k: v for k, v in alone[hand_id].items() if k in same}


def test_explain_reads_an_older_format_file_with_its_grammar(shared: Path) -> None:
    """``omaha explain`` reads each run of hands with the grammar of its format: the time
    and the hand number are the older format's header, its summary lines its collections."""
    [hand] = explain(shared / _OLD_UTF16, "693980441")
    assert (hand.outcome, hand.audit) == ("stored", ("ok", "", ""))
    kinds = {text: (kind, read) for _, text, kind, read in hand.lines}
    assert kinds["Game ID: 693980441 0.01/0.02 (PRR) Bannik (Short) (Omaha)"][0] == "header"
    assert kinds["Seat 2 is the button"] == ("table", "table None, button seat 2")
    assert kinds["*Player bigchetpatty mucks (does not show cards). Bets: 0.02. Collects: 0.06. "
                 "Wins: 0.04."] == ("summary", "collect by bigchetpatty 0.06")  # fmt: skip
