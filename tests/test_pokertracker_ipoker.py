"""PokerTracker's iPoker exports read as their text says: a raise below the street's
highest total that adds its amount, a post of both blinds, suit-first cards in upper and
lower case, an uncalled bet inside the bettor's wins (2011) or in neither the total nor the
wins (``Uncalled:Y``), a tournament named on its table line, a time ending ``/GMT``, the
button named on its seat line (``DEALER``).

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: amounts in cents and hundredths of a chip.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl

from ingest.engine.cards import normalized
from ingest.engine.contract import Chunk, ParseResult
from ingest.sites import pokertracker, pokertracker_ipoker
from tests.conformance import room_files
from tests.golden import parse_clean, rows

SHORT_RAISE = "formats/PokerTracker/cash/NLHE-USD-0.50-1.00-201101.iPoker.post.both.txt"
CASH_2011 = "formats/PokerTracker/cash/NLHE-USD-0.05-0.10-201110.iPoker.txt"
UNCALLED_Y = "formats/PokerTracker/cash/NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt"
MTT_2021 = "formats/PokerTracker/tour/NLHE-10max-MTT-USD-5.00-202104.tiPoker.xt"

_HAND_COLUMNS = ("hand_id", "room", "game", "limit_type", "currency", "small_blind",
                 "big_blind", "ante", "table_name", "tournament_id", "button_seat", "boards",
                 "total_pot", "rake", "uncalled_inferred", "started_at",
                 "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "is_hero", "hole_cards", "put_in", "returned",
                   "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in")
_UTC = dt.UTC


def _parse(shared: Path, path: str) -> ParseResult:
    return parse_clean(pokertracker.SITE, shared / path)


def test_every_ipoker_file_is_read_by_the_ipoker_grammar(shared: Path) -> None:
    files = [p for p in room_files(shared, ["PokerTracker"]) if "iPoker" in p.name]
    assert len(files) == 12
    for path in files:
        chunk = Chunk(path.read_bytes(), path.name, 0, 1, "utf-8")
        assert [grammar for grammar, _ in pokertracker.SITE.runs(chunk)] == [
            pokertracker_ipoker.GRAMMAR]


def test_a_short_raise_adds_its_amount_and_a_post_of_both_blinds(shared: Path) -> None:
    """#2607756372, $0.50/$1 at the HandHQ table (``2011/01/23 20:16:35``, Eastern time;
    cards ``[d6 sJ h10]``): ``Player4: Post BB $1.50`` posts both blinds (1.00 live, 0.50
    dead). On the river ``Player3: Bet $35.00``, ``Player1: Raise (NF) $112.70`` (the
    street total), ``Player3: Raise $31.10``: below 112.70, it adds 31.10 (a call for
    66.10). In 248.80 = ``Total pot $245.80 Rake $3.00``: the pot 202.20 (split 99.60 and
    99.60 after the rake) and Player1's unmatched 46.60, inside his ``wins $146.20``."""
    result = _parse(shared, SHORT_RAISE)
    hand = "2607756372"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "iPoker", "Texas Hold'em NL", "NL", "USD", 50, 100, 0, "HandHQ", None, 1,
         ["6d Js Th Ks Ac"], 20220, 300, 4660, dt.datetime(2011, 1, 24, 1, 16, 35, tzinfo=_UTC),
         []),
    ]  # fmt: skip
    players = rows(result.players, _PLAYER_COLUMNS, hand)
    assert [row for row in players if row[5]] == [
        (2, "Player2", 10000000, False, None, 50, 0, 0, -50),
        (3, "Player3", 10000000, False, "Qd Tc", 10010, 0, 9960, -50),
        (4, "Player4", 10000000, False, None, 150, 0, 0, -150),
        (5, "Player1", 10000000, False, "Kh Qh", 14670, 4660, 9960, -50),
    ]
    actions = rows(result.actions, _ACTION_COLUMNS, hand)
    assert ("preflop", "Player4", "post_sb_bb", 150, None, 50, False) in actions
    assert ("river", "Player1", "raise", 11270, 11270, 0, False) in actions
    assert ("river", "Player3", "call", 3110, None, 0, False) in actions


def test_an_uncalled_bet_in_the_wins_of_2011(shared: Path) -> None:
    """#2978874670 (2011, no ``Uncalled:`` mark): Player5 bets 1.90 on the flop and Player2
    is all in for 1.55: Player5's unmatched 0.35 is a ``wins $0.35`` of its own, inside
    ``Total pot $5.53 Rake $0.37``; Player2 ``wins $5.18``. The next hand seats Player5
    with 9.25 (11.50 - 2.25) and Player2 with 5.18."""
    result = _parse(shared, CASH_2011)
    hand = "2978874670"
    assert rows(result.hands, ("total_pot", "rake", "uncalled_inferred"), hand) == [
        (555, 37, 35)]
    players = {row[1]: row[5:] for row in rows(result.players, _PLAYER_COLUMNS, hand)}
    assert players["Player5"] == (260, 35, 0, -225)
    assert players["Player2"] == (225, 0, 518, 293)
    assert ("flop", "Player2", "call", 155, None, 0, True) in rows(
        result.actions, _ACTION_COLUMNS, hand)  # "Allin $1.55": a call of his stack


def test_an_uncalled_bet_in_neither_the_total_nor_the_wins_with_uncalled_y(
    shared: Path,
) -> None:
    """#8162156892 (``Version:18.5.6.4 Uncalled:Y``, ``2018-12-26 22:40:05/GMT``, cards
    ``[SQ DQ]``): ken1950's river bet of 0.14 is uncalled; the 0.48 called is ``Total pot
    €0.45 Rake €0.03`` and ``ken1950: wins €0.45``."""
    result = _parse(shared, UNCALLED_Y)
    hand = "8162156892"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "iPoker", "Texas Hold'em NL", "NL", "EUR", 1, 2, 0, "Barghe", None, 1,
         ["3s 9s 4c 9c Ks"], 48, 3, 14, dt.datetime(2018, 12, 26, 22, 40, 5, tzinfo=_UTC), []),
    ]  # fmt: skip
    players = {row[1]: row[3:] for row in rows(result.players, _PLAYER_COLUMNS, hand)}
    assert players["czarlando"] == (True, "Qs Qd", 16, 0, 0, -16)
    assert players["ken1950"] == (False, None, 30, 14, 45, 29)


def test_a_tournament_named_on_its_table_line(shared: Path) -> None:
    """#9041315698 (``Texas Hold'em NL Tournament 2021-04-05 17:43:14/GMT``: no stakes; the
    blinds are the posts', 800/1,600, antes 128): ``Table €3,000 GTD Fists of Fury-Rebuy,
    998818966, 998295572 (Tournament: ...)`` names the tournament and the table. Hero's
    ``Raise (NF) €102,492.00`` on the flop is his whole stack as a street total; Ads51's
    ``Allin €34,964.00`` calls with the rest of his; Hero's unmatched 40,904 is in neither
    ``Total pot €140,200.00`` nor his wins."""
    result = _parse(shared, MTT_2021)
    hand = "9041315698"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "iPoker", "Texas Hold'em NL", "NL", "chips", 80000, 160000, 12800, "998295572",
         "998818966", 5, ["Td Kc 4c Kh 5h"], 14020000, 0, 4090400,
         dt.datetime(2021, 4, 5, 16, 43, 14, tzinfo=_UTC), []),
    ]  # fmt: skip
    actions = rows(result.actions, _ACTION_COLUMNS, hand)
    assert actions[-8:-4] == [
        ("flop", "Hero", "bet", 851200, None, 0, False),
        ("flop", "Ads51", "raise", 2662400, 2662400, 0, False),
        ("flop", "Hero", "raise", 9398000, 10249200, 0, True),
        ("flop", "Hero", "return", 4090400, None, 0, False),
    ]
    assert actions[-4] == ("flop", "Ads51", "call", 3496400, None, 0, True)
    players = {row[1]: row[2:] for row in rows(result.players, _PLAYER_COLUMNS, hand)}
    assert players["Hero"] == (10982000, True, "Ac Kd", 10982000, 4090400, 14020000, 7128400)
    assert players["Ads51"] == (6891600, False, "As 2s", 6891600, 0, 0, -6891600)


def test_stacks_follow_from_hand_to_hand_at_the_2011_cash_table(shared: Path) -> None:
    """At the Goole table (34 hands), each player's next stack is the last one plus the net,
    but where the player topped up to $10.00 between hands."""
    result = _parse(shared, CASH_2011)
    players = pl.from_arrow(result.players)
    assert isinstance(players, pl.DataFrame)
    order = {h: k for k, h in enumerate(result.hands.column("hand_id").to_pylist())}
    frame = players.with_columns(order=pl.col("hand_id").replace_strict(order)).sort("order")
    checked = 0
    for _, played in frame.group_by("player", maintain_order=True):
        stacks, nets, hands = played["stack"].to_list(), played["net"].to_list(), played["order"]
        for k in range(1, len(stacks)):
            if hands[k] != hands[k - 1] + 1:
                continue
            checked += 1
            assert stacks[k] in (stacks[k - 1] + nets[k - 1], 1000), rows.row(k)
    assert checked > 250


def test_cards_written_suit_first_in_either_case() -> None:
    """``[SQ DQ]``, ``[H10 SK S5]``, the HandHQ table's ``[d6 sJ h10]``, and ``X`` for a card
    not shown (``Player3: Shows [D9 X]``), as the engine writes cards."""
    texts = pl.Series(["SQ DQ", "H10 SK S5", "d6 sJ h10", "D9 X"])
    read = normalized(texts, pokertracker_ipoker.GRAMMAR.card_words, " ", suit_first=True)
    assert read.to_list() == ["Qs Qd", "Th Ks 5s", "6d Js Th", "9d X"]


SNG_2011 = "formats/PokerTracker/tour/NLHE-USD-SNG-2-201106.iPoker.txt"


def test_sit_and_go_stacks_in_hundredths_and_printed_after_the_posts_where_chips_say_so(
    shared: Path,
) -> None:
    """The 2011 sit-and-go deals hundredths of a chip (#3616973070: ``Seat 6: Player24
    ($9,376.25 in chips)``). Its seat lines print the stacks before the posts
    (#3616766567: Player53 ``$1,865.00``, an ante of $25 then a fold), but #3616779771's
    after them: Player53, big blind, ``($1,615.00 in chips)`` posts $25 and $200 and raises
    ``$1,615.00``; the previous hand left him 1,840. Every stack of that hand is its
    printed one plus the player's posts (Player28: 1,197.50 + 25 + 100)."""
    result = _parse(shared, SNG_2011)
    stacks = {(hand, player): stack for hand, player, stack in rows(
        result.players, ("hand_id", "player", "stack"))}  # fmt: skip
    assert stacks["3616973070", "Player24"] == 937625
    assert stacks["3616766567", "Player53"] == 186500
    assert {player: stacks["3616779771", player] for player in (
        "Player62", "Player27", "Player28", "Player53", "Player32", "Player63")} == {
        "Player62": 125000, "Player27": 121500, "Player28": 132250, "Player53": 184000,
        "Player32": 130500, "Player63": 146750,
    }  # fmt: skip
    hands = pl.from_arrow(result.hands)
    assert isinstance(hands, pl.DataFrame)
    found = hands.filter(pl.col("hand_id") == "3616779771")["inconsistencies"].to_list()
    assert found == [[]]
