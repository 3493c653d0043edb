"""WPN's trickiest real hands, row by row as their text says: a fixed-limit hi/lo hand at a
showdown, a walk paid as the summary says, a dead post, a raise by the chips it adds to
reach the cap, and a tournament's first hand with a draw for the button and antes.

The hands are FPDB regression files (AGPL-3.0, see tests/fixtures/README.md), read in place
from ../shared (skipped without it).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from ingest.sites import Chunk, ParseResult, detect_site, wpn

_FL = "corpus/Winning/cash/LO8-6max-USD-20-40-201907.CASHID-TN-St_FULLSTOP__Lucie_GAMETYPE.txt"
_WALK = "corpus/Winning/cash/NLO8-6max-USD-3-6-202104.walk.txt"
_SNG = ("corpus/Winning/tour/PLO8-9max-USD-15-201906.SITGOID-TN-_15_PLO_Hi_BACKSLASH_Lo_Turbo_-_"
        "On_Demand_GAMETYPE.txt")  # fmt: skip
_DEAD = "formats/Winning/cash/NLHE-9max-USD-0.02-0.05-202104.post.dead.txt"
_CAP = "formats/Winning/cash/NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar__Cap__GAMETYPE.txt"
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
        "82980175", "WPN", "omaha8", "PL", "chips", 250, 500, 25, "11212445", "1", "1", 9, 3,
        dt.datetime(2019, 7, 25, 2, 31, 33, tzinfo=_UTC), ["8d Jh 9d 5s 2c"], 60600, 0, 0, 0,
        [],
    )  # fmt: skip
    assert _rows(result.players, _PLAYER) == [
        (1, "Hero", 30000, "CO", True, False, "Ks 9h 3d Th", 25, 0, 0, -25),
        (3, "Player0", 30000, "BTN", False, False, None, 25, 0, 0, -25),
        (4, "Player1", 30000, "SB", False, False, "Kc Jc 2h 3s", 30000, 0, 0, -30000),
        (5, "Player2", 30000, "BB", False, False, None, 525, 0, 0, -525),
        (6, "Player3", 30000, "UTG", False, False, "Td Ad Qd 4s", 30000, 0, 60600, 30600),
        (9, "Player4", 30000, "HJ", False, False, None, 25, 0, 0, -25),
    ]
    antes = [("preflop", seat, name, "ante", 25, None, 25, False, None)
             for seat, name in ((1, "Hero"), (3, "Player0"), (4, "Player1"), (5, "Player2"),
                                (6, "Player3"), (9, "Player4"))]  # fmt: skip
    assert _rows(result.actions, _ACTION) == [
        *antes,
        ("preflop", 4, "Player1", "post_sb", 250, None, 0, False, None),
        ("preflop", 5, "Player2", "post_bb", 500, None, 0, False, None),
        ("preflop", 6, "Player3", "raise", 1900, 1900, 0, False, None),
        ("preflop", 9, "Player4", "fold", 0, None, 0, False, None),
        ("preflop", 1, "Hero", "fold", 0, None, 0, False, None),
        ("preflop", 3, "Player0", "fold", 0, None, 0, False, None),
        ("preflop", 4, "Player1", "call", 1650, None, 0, False, None),
        ("preflop", 5, "Player2", "fold", 0, None, 0, False, None),
        ("flop", 4, "Player1", "bet", 2225, None, 0, False, None),
        ("flop", 6, "Player3", "raise", 11125, 11125, 0, False, None),
        ("flop", 4, "Player1", "call", 8900, None, 0, False, None),
        ("turn", 4, "Player1", "check", 0, None, 0, False, None),
        ("turn", 6, "Player3", "bet", 16950, None, 0, True, None),
        ("turn", 4, "Player1", "call", 16950, None, 0, True, None),
        ("showdown", 4, "Player1", "show", 0, None, 0, False, "Kc Jc 2h 3s"),
        ("showdown", 6, "Player3", "show", 0, None, 0, False, "Td Ad Qd 4s"),
        ("showdown", 6, "Player3", "collect", 60600, None, 0, False, None),
    ]
    assert _rows(result.collections, _COLLECTION) == [(6, "Player3", 1, 0, "whole", 60600)]


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
