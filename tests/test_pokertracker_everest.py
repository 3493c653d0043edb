"""PokerTracker's Everest exports read as their text says: a dead small blind and the live
big blind posted after it in a four-way split pot, an uncalled bet returned by line, a
fixed-limit sit-and-go's raises as street totals, and the time written before the date.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: amounts in cents (tournament chips whole), the rake what the collects leave.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl

from ingest.engine.contract import Chunk, ParseResult
from ingest.sites import pokertracker, pokertracker_everest
from tests.golden import parse_clean, rows

CASH = "formats/PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt"
SNG = "formats/PokerTracker/tour/LHE-EUR-SNG-201111.Everest.txt"

_HAND_COLUMNS = ("hand_id", "room", "game", "limit_type", "currency", "small_blind",
                 "big_blind", "table_name", "tournament_id", "button_seat", "boards",
                 "total_pot", "rake", "started_at", "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "hole_cards", "put_in",
                   "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in")
_UTC = dt.UTC


def _parse(shared: Path, path: str) -> ParseResult:
    return parse_clean(pokertracker.SITE, shared / path)


def test_the_files_are_read_by_the_everest_grammar(shared: Path) -> None:
    for path in (CASH, SNG):
        chunk = Chunk((shared / path).read_bytes(), path, 0, 1, "utf-8")
        assert [grammar for grammar, _ in pokertracker.SITE.runs(chunk)] == [
            pokertracker_everest.GRAMMAR]


def test_a_dead_small_blind_then_the_live_big_blind_in_a_four_way_split(shared: Path) -> None:
    """#6474531197, $0.50/$1 (``19:59:20 - 2011/01/10``, Eastern time): Player5 ``posts the
    dead blind of $0.50`` (dead) and ``posts $1.00`` (the live big blind), then checks.
    Four players check it down and chop $5.00 less 5 % (0.25): ``collects $1.19`` three
    times and $1.18 once, each collect line after all four shows again."""
    result = _parse(shared, CASH)
    hand = "6474531197"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "Everest", "No Limit Hold'em", "NL", "USD", 50, 100, "Moroni-1", None, 4,
         ["Ad 6h Kh 6s Ac"], 500, 25, dt.datetime(2011, 1, 11, 0, 59, 20, tzinfo=_UTC), []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (1, "Player26", 9430, "MP1", False, "9h Qs", 100, 0, 119, 19),
        (2, "Player13", 9800, "HJ", True, "7c Tc", 0, 0, 0, 0),
        (3, "Player5", 6945, "CO", False, "4d 9s", 150, 0, 119, -31),
        (4, "Player2", 9915, "BTN", False, "8c Qc", 100, 0, 118, 18),
        (5, "Player21", 3200, "SB", False, None, 50, 0, 0, -50),
        (6, "Player20", 4900, "BB", False, "2c Jh", 100, 0, 119, 19),
        (7, "Player4", 13390, "UTG", False, None, 0, 0, 0, 0),
        (9, "Player3", 5850, "UTG1", False, None, 0, 0, 0, 0),
        (10, "Player11", 3480, "MP", False, None, 0, 0, 0, 0),
    ]
    posts = rows(result.actions, _ACTION_COLUMNS, hand)[:4]
    assert posts == [
        ("preflop", "Player21", "post_sb", 50, None, 0, False),
        ("preflop", "Player20", "post_bb", 100, None, 0, False),
        ("preflop", "Player5", "post_sb_bb", 50, None, 50, False),
        ("preflop", "Player5", "post_bb", 100, None, 0, False),
    ]


def test_an_uncalled_bet_returned_by_line(shared: Path) -> None:
    """#6450768434: Player28 ``raises to $5.50`` (the street total), Player16 calls; on the
    flop ``bets $7.00`` and Player16 folds: ``Uncalled bet of $7.00 returned to Player28``,
    who ``collects $12.85`` of the 13.50 called (5 %, 0.65, rounded down to 5 cents)."""
    result = _parse(shared, CASH)
    hand = "6450768434"
    row = rows(result.hands, ("total_pot", "rake", "uncalled_inferred"), hand)
    assert row == [(1350, 65, 0)]
    players = {p: (put, back, won, net) for p, put, back, won, net in rows(
        result.players, ("player", "put_in", "returned", "collected", "net"), hand)}
    assert players["Player28"] == (1250, 700, 1285, 735)
    assert players["Player16"] == (550, 0, 0, -550)
    actions = rows(result.actions, ("street", "player", "kind", "amount"), hand)
    assert ("flop", "Player28", "return", 700) in actions


def test_fixed_limit_raises_are_street_totals(shared: Path) -> None:
    """#7164315170, Limit Hold'em 100/200 (the bets; blinds 50/100), tournament 49630157:
    ``Player4 raises to $300.00`` over his 100 big blind, ``Player6 calls $100.00`` with
    200 in; on the flop ``Player6 raises to $170.00, and is all-in`` (his 470) and wins
    1,440 (no rake in a tournament)."""
    result = _parse(shared, SNG)
    hand = "7164315170"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "Everest", "Limit Hold'em", "FL", "chips", 10000, 20000, "49630157-0",
         "49630157", 5, ["Ah 9d 9s 3d 8c"], 144000, 0,
         dt.datetime(2011, 11, 2, 13, 1, 24, tzinfo=_UTC), []),
    ]  # fmt: skip
    actions = rows(result.actions, _ACTION_COLUMNS, hand)
    assert ("preflop", "Player4", "raise", 20000, 30000, 0, False) in actions
    assert ("preflop", "Player6", "call", 10000, None, 0, False) in actions
    assert ("flop", "Player6", "raise", 17000, 17000, 0, True) in actions
    players = rows(result.players, ("player", "put_in", "collected", "net"), hand)
    assert [row for row in players if row[1]] == [
        ("Player6", 47000, 144000, 97000), ("Player2", 30000, 0, -30000),
        ("Player4", 47000, 0, -47000), ("Player5", 20000, 0, -20000),
    ]  # fmt: skip


def test_collects_equal_what_the_players_put_in_less_the_rooms_rake(shared: Path) -> None:
    """Every cash hand: the collects are the called pot less 5 % in 5-cent steps, $3 at
    most, none without a flop (the room's rake, ``ingest.rooms``)."""
    result = _parse(shared, CASH)
    hands = pl.from_arrow(result.hands)
    assert isinstance(hands, pl.DataFrame)
    flop = hands["boards"].list.len() > 0
    expected = pl.when(flop).then(pl.min_horizontal(pl.col("total_pot") * 5 // 100 // 5 * 5,
                                                    pl.lit(300))).otherwise(0)  # fmt: skip
    assert hands.filter(pl.col("rake") != expected).height == 0
    assert hands.height == 100
