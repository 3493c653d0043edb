"""Ignition, Bovada and Bodog's real hands read as their text says: players named by their
position, the hero's mark, blinds from the posts, streets read from the betting where no
marker says them, raises written as street totals, "All-in X" decided by the betting, lines
written twice, seat ids, an MVS hand's UTC time and a Zone hand's empty summary; and every
player's winnings equal to what the summary writes.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: amounts in cents or chips, seats numbered 1, 2, ... in the order listed.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import polars as pl
import pytest

from ingest.engine.contract import Chunk, ParseResult
from ingest.engine.grammar import KIND_CODE
from ingest.engine.header import hand_info
from ingest.engine.lines import classify
from ingest.engine.seats import HandArrays, read_seats
from ingest.engine.site import TextSite
from ingest.engine.streets import read_streets
from ingest.engine.text import split_chunks
from ingest.reader import iter_chunks
from ingest.sites import bovada
from tests.conformance import room_files
from tests.golden import parse_clean, rows

PLO = "corpus/Bovada/cash/PLO-USD-5-10-201204.new.format.txt"  # 2012: no street markers
PLO8_FL = "corpus/Bovada/tour/PLO8-USD-MTT_-__10-_1_-_201207.allin.call.pf.txt"
PLO8_SPLIT = "corpus/Bovada/tour/PLO8-USD-MTT_-__1-0.10_-_201409.LOW.vs.LO.txt"
TWICE = "formats/Bovada/tour/NLHE-6max-USD-STT_-_Holdem__Double-Up_Turbo__-__10-_0.50_-_201502.txt"
MVS = "formats/Bovada/cash/NLHE-USD_-__0.25-_0.50_-_202103.MVS.version.txt"
SEAT_IDS = ("formats/Bovada/tour/NLHE-9max-USD-MTT_-__2.000_Guaranteed__10.000_Chips__-__3-"
            "_0.30_-_201606.MTT.max.seats.txt")  # fmt: skip
ZONE = "formats/Bovada/cash/NLHE-6max-USD_-__0.10-_0.25_-_202104.ZonePoker.txt"
TABLE_CARDS = "formats/Bovada/cash/LHE-USD-8-16-201204.old.format.txt"  # "Card dealt to table"
SPLICED = "2596806815"  # a hand whose summary is another's (tests/rooms/bovada.toml)
CONCATENATED = "NLHE-USD-5-10-201511.concatenated.partial.txt"  # two hands glued in one

_HAND_COLUMNS = ("hand_id", "game", "hi_lo", "limit_type", "currency", "small_blind",
                 "big_blind", "ante", "table_name", "button_seat", "boards", "total_pot",
                 "rake", "uncalled_inferred", "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "hole_cards", "put_in",
                   "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in", "board")
_COLLECT_COLUMNS = ("seat", "player", "board", "pot", "half", "amount")


def _parse(shared: Path, path: str) -> ParseResult:
    return bovada.SITE.parse_file(shared / path, every_flop_game=True)


def _kinds(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """(street, player, kind, amount) of action rows that move chips or decide."""
    return [row[:4] for row in rows if row[2] not in ("show", "muck")]


def test_a_hand_of_2012_with_a_dead_post_and_no_street_marker(shared: Path) -> None:
    """#2601409940, PL Omaha $5/$10 (no stakes in the header: the posts say them). UTG+1
    ``Posts dead chip $15``: the $10 big blind live, $5 dead; ``Raises $35`` is his street
    total (2012 wording, no "to"): $25 more; the big blind ``Calls $25``. No street is
    marked: the round closes at the call, the checks open the flop, ``Bets $40`` is on the
    turn. ``Total Pot($160) | Rake ($2)``, ``Hand result $158``. The hero, ``Big Blind [ME]``
    (``Big Blind  [ME]`` in its action lines), is stored as ``Big Blind``."""
    result = _parse(shared, PLO)
    hand = "2601409940"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "omaha", False, "PL", "USD", 500, 1000, 0, "TBL#1090318", 2,
         ["4c Kh 4h 2c Jh"], 16000, 200, 0, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (1, "UTG+1", 30000, "CO", False, "Qc 8d 9c Qh", 8000, 0, 0, -8000),
        (2, "Dealer", 162000, "BTN", False, "Jc 3h 2h 7d", 0, 0, 0, 0),
        (3, "Small Blind", 416467, "SB", False, "8c 2d 6d Jd", 500, 0, 0, -500),
        (4, "Big Blind", 34000, "BB", True, "9d 6h Kd Tc", 7500, 0, 15800, 8300),
        (5, "UTG", 187675, "UTG", False, "Ah 6s 5c 9s", 0, 0, 0, 0),
    ]
    assert rows(result.actions, _ACTION_COLUMNS, hand) == [
        ("preflop", "Small Blind", "post_sb", 500, None, 0, False, None),
        ("preflop", "Big Blind", "post_bb", 1000, None, 0, False, None),
        ("preflop", "UTG+1", "post_sb_bb", 1500, None, 500, False, None),
        ("preflop", "UTG", "fold", 0, None, 0, False, None),
        ("preflop", "UTG+1", "raise", 2500, 3500, 0, False, None),
        ("preflop", "Dealer", "fold", 0, None, 0, False, None),
        ("preflop", "Small Blind", "fold", 0, None, 0, False, None),
        ("preflop", "Big Blind", "call", 2500, None, 0, False, None),
        ("flop", "Big Blind", "check", 0, None, 0, False, None),
        ("flop", "UTG+1", "check", 0, None, 0, False, None),
        ("turn", "Big Blind", "check", 0, None, 0, False, None),
        ("turn", "UTG+1", "bet", 4000, None, 0, False, None),
        ("turn", "Big Blind", "call", 4000, None, 0, False, None),
        ("river", "Big Blind", "check", 0, None, 0, False, None),
        ("river", "UTG+1", "check", 0, None, 0, False, None),
        # the showdown's brackets hold the best five, no hole cards; the muck shows them
        ("river", "Big Blind", "show", 0, None, 0, False, 1),
        ("river", "UTG+1", "muck", 0, None, 0, False, 1),
        ("river", "Big Blind", "collect", 15800, None, 0, False, 1),
    ]
    # the dead $5 leaves two unequal contributions: the pot is not said to be the main one
    assert rows(result.collections, _COLLECT_COLUMNS, hand) == [
        (4, "Big Blind", 1, None, "whole", 15800),
    ]


def test_a_fixed_limit_hi_lo_tournament_hand_read_from_its_betting(shared: Path) -> None:
    """#2641146259, Limit Omaha Hi/Lo, level 75/150, no street marker: the small blind, 90
    behind, posts 75 and ``All-in 15`` (a call for less, all in); the flop is bet 150 and
    raised to 300, the turn capped at 1,200 (``Raises 600``, ``900``, ``1200`` street
    totals). Two pots, no low: ``Hand Result-Side Pot 2190`` and ``Hand Result 180`` to each
    of the big blind and UTG+1 (the main pot: 90 from each of four players)."""
    result = _parse(shared, PLO8_FL)
    hand = "2641146259"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "omaha8", True, "FL", "chips", 7500, 15000, 0, "TBL#13", 1, ["Ts Jd 5d Js 5c"],
         474000, 0, 0, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (1, "Dealer", 120000, "BTN", False, "4s 8c Kd 9c", 0, 0, 0, 0),
        (2, "Small Blind", 9000, "SB", True, "2s 4c 3c 5h", 9000, 0, 0, -9000),
        (3, "Big Blind", 502000, "BB", False, "3s Jh Th 6d", 225000, 0, 237000, 12000),
        (4, "UTG", 209700, "UTG", False, "7c 7s 9h Kc", 0, 0, 0, 0),
        (5, "UTG+1", 312500, "UTG1", False, "9d Jc 8d Td", 225000, 0, 237000, 12000),
        (6, "UTG+2", 236500, "MP", False, "3h Tc Ks Kh", 0, 0, 0, 0),
        (7, "UTG+3", 247000, "HJ", False, "4h 6h Qs Qh", 0, 0, 0, 0),
        (8, "UTG+4", 264500, "CO", False, "6s As 4d 9s", 15000, 0, 0, -15000),
    ]
    actions = rows(result.actions, _ACTION_COLUMNS, hand)
    assert ("preflop", "Small Blind", "call", 1500, None, 0, True, None) in actions
    assert [row[:5] for row in actions if row[0] != "preflop" and row[2] != "fold"] == [
        ("flop", "Big Blind", "bet", 15000, None),
        ("flop", "UTG+1", "raise", 30000, 30000),
        ("flop", "Big Blind", "call", 15000, None),
        ("turn", "Big Blind", "bet", 30000, None),
        ("turn", "UTG+1", "raise", 60000, 60000),
        ("turn", "Big Blind", "raise", 60000, 90000),
        ("turn", "UTG+1", "raise", 60000, 120000),
        ("turn", "Big Blind", "call", 30000, None),
        ("river", "Big Blind", "bet", 30000, None),
        ("river", "UTG+1", "raise", 60000, 60000),
        ("river", "Big Blind", "call", 30000, None),
        ("river", "UTG+1", "show", 0, None),
        ("river", "Small Blind", "muck", 0, None),
        ("river", "Big Blind", "show", 0, None),
        ("river", "Big Blind", "collect", 219000, None),
        ("river", "UTG+1", "collect", 219000, None),
        ("river", "Big Blind", "collect", 18000, None),
        ("river", "UTG+1", "collect", 18000, None),
    ]
    # side pots are not numbered: a pot of a hand with several is unknown
    assert rows(result.collections, _COLLECT_COLUMNS, hand) == [
        (3, "Big Blind", 1, None, "whole", 219000),
        (5, "UTG+1", 1, None, "whole", 219000),
        (3, "Big Blind", 1, None, "whole", 18000),
        (5, "UTG+1", 1, None, "whole", 18000),
    ]


def test_a_split_hi_lo_pot(shared: Path) -> None:
    """#3050116136, PL Omaha Hi/Lo heads-up, checked down: ``Hand Result 30`` to each; the
    halves are only in the summary (``HI 30``, ``LOW 30``), the collect lines name none."""
    result = _parse(shared, PLO8_SPLIT)
    hand = "3050116136"
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (1, "Big Blind", 83000, "BB", True, "7h 2s Kc 8h", 3000, 0, 3000, 0),
        (2, "Dealer", 217000, "BTN", False, "2c Td 6h 7c", 3000, 0, 3000, 0),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS, hand) == [
        (1, "Big Blind", 1, 0, "whole", 3000),
        (2, "Dealer", 1, 0, "whole", 3000),
    ]


def test_lines_written_twice_in_a_row_are_read_once(shared: Path) -> None:
    """#3152355148: ``All-in 1405`` and ``Call 1405`` are written four times each, both
    ``Hand Result 1630`` three times; ``Total Pot(3260)``."""
    result = _parse(shared, TWICE)
    hand = "3152355148"
    assert _kinds(rows(result.actions, _ACTION_COLUMNS, hand)) == [
        ("preflop", "Small Blind", "post_sb", 2500),
        ("preflop", "Big Blind", "post_bb", 5000),
        ("preflop", "UTG", "fold", 0),
        ("preflop", "Dealer", "call", 5000),
        ("preflop", "Small Blind", "raise", 17500),
        ("preflop", "Big Blind", "fold", 0),
        ("preflop", "Dealer", "call", 15000),
        ("flop", "Small Blind", "bet", 140500),  # "All-in 1405" with nothing bet: a bet
        ("flop", "Dealer", "call", 140500),
        ("river", "Dealer", "collect", 163000),
        ("river", "Small Blind", "collect", 163000),
    ]
    [(total, inconsistencies)] = rows(result.hands, ("total_pot", "inconsistencies"), hand)
    assert (total, inconsistencies) == (326000, [])


def test_an_mvs_hand_in_utc_with_all_ins_decided_by_the_betting(shared: Path) -> None:
    """#4086249181 (2021, MVS): the time is written in UTC; no ``Dealer`` (a dead button).
    On the turn ``UTG+1 [ME] : All-in $39`` is a bet, ``UTG+2 : All-in $32.95`` a call for
    less; the flop's ``Raises $33.92 to $35.42`` adds $33.92 over the $1.50 bet. No rake is
    written: $222.21 less the $219.21 collected is $3 taken."""
    result = _parse(shared, MVS)
    hand = "4086249181"
    [info] = rows(result.hands, ("started_at", "button_seat", "total_pot", "rake"), hand)
    assert (info[0].isoformat(), info[1:]) == ("2021-03-11T22:58:57+00:00", (None, 22221, 300))
    actions = rows(result.actions, _ACTION_COLUMNS, hand)
    assert [row for row in actions if row[0] == "turn"] == [
        ("turn", "Big Blind", "check", 0, None, 0, False, None),
        ("turn", "UTG+1", "bet", 3900, None, 0, True, None),
        ("turn", "UTG+2", "call", 3295, None, 0, True, None),
        ("turn", "Big Blind", "call", 3900, None, 0, False, None),
    ]
    assert ("flop", "UTG+1", "raise", 3392, 3542, 0, False, None) in actions
    assert rows(result.collections, _COLLECT_COLUMNS, hand) == [
        (3, "UTG+1", 1, None, "whole", 1194),
        (3, "UTG+1", 1, None, "whole", 20727),
    ]


def test_seat_ids_are_numbered_in_the_order_listed(shared: Path) -> None:
    """#3412775605 (2016 MTT): seats ``619, 11, 399, 379, ...`` are ids, listed in the
    table's order from UTG+2; they are numbered 1 to 8, the button the ``Dealer``'s. The
    Dealer's ``All-in 80`` among the antes is his ante; he wins ``Hand Result 640`` (80 from
    each of eight), UTG+2 the side pot ``2640`` after 14,776 came back."""
    result = _parse(shared, SEAT_IDS)
    hand = "3412775605"
    assert rows(result.hands, ("button_seat", "ante", "total_pot"), hand) == [(4, 10000, 328000)]
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (1, "UTG+2", 1720000, "MP", False, "Ah Jd", 1587600, 1477600, 264000, 154000),
        (2, "UTG+3", 3148200, "HJ", False, "As Js", 10000, 0, 0, -10000),
        (3, "UTG+4", 1474000, "CO", False, "6h Qd", 10000, 0, 0, -10000),
        (4, "Dealer", 8000, "BTN", False, "5d Td", 8000, 0, 64000, 56000),
        (5, "Small Blind", 3528300, "SB", False, "9h Ts", 60000, 0, 0, -60000),
        (6, "Big Blind", 2645100, "BB", False, "8h 6c", 110000, 0, 0, -110000),
        (7, "UTG", 1665900, "UTG", False, "4h Jh", 10000, 0, 0, -10000),
        (8, "UTG+1", 4668700, "UTG1", True, "2c 4s", 10000, 0, 0, -10000),
    ]
    assert ("preflop", "Dealer", "ante", 8000, None, 8000, True, None) in rows(
        result.actions, _ACTION_COLUMNS, hand
    )


def test_a_zone_hand_whose_summary_is_empty(shared: Path) -> None:
    """#4101241126 (Zone Poker): the summary has no line at all. The total is what the
    players put in, $1.60; ``Hand result $1.52`` leaves $0.08 raked; the board is the
    markers'."""
    result = _parse(shared, ZONE)
    hand = "4101241126"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "HOLDEM No Limit", False, "NL", "USD", 10, 25, 0, "Zone Poker ID#1708", 2,
         ["6c 9h Qs 3c 9s"], 160, 8, 0, []),
    ]  # fmt: skip


# A summary's winnings: "$19  with", "HI 2370  with", "1630  with", "$0.48 [Does not show]",
# "$219.21 with" (MVS, the hero marked), and a low half: "with ... LOW 30 [".
_WON = re.compile(
    r"^Seat[ +]\d+: ?(?P<player>Dealer|Small Blind|Big Blind|UTG(?:\+\d)?)(?: \[ME\])? "
    r"(?:HI )?(?P<won>\$?[\d,.]+)(?: {1,2}with | \[Does not show\])"
)
_LOW = re.compile(
    r"^Seat[ +]\d+: (?P<player>Dealer|Small Blind|Big Blind|UTG(?:\+\d)?) .* LOW "
    r"(?P<won>\$?[\d,.]+) \["
)


def _amount(text: str) -> int:
    """A written amount in hundredths of its unit: cents of money, hundredths of a chip."""
    value = Decimal(text.replace("$", "").replace(",", ""))
    return int(value * 100)


def test_every_player_collects_what_the_summary_says_they_won(shared: Path) -> None:
    """In every hand read of every file, each player's collections add up to the amounts
    the summary's seat lines write for them (the high and the low halves; none written:
    nothing), but in the spliced hand; a walk's winner won its unmatched big blind back
    too (``ingest.rooms``). Zone hands whose summary is empty are left out."""
    compared = 0
    for path in room_files(shared, ["Bovada"]):
        result = bovada.SITE.parse_file(path, every_flop_game=True)
        hands = pl.from_arrow(result.hands)
        players = pl.from_arrow(result.players)
        assert isinstance(hands, pl.DataFrame) and isinstance(players, pl.DataFrame)
        if not hands.height:
            continue
        text = path.read_text("utf-8-sig")
        for hand_id, kept in hands.select("hand_id", "uncalled_inferred").iter_rows():
            if hand_id == SPLICED:
                continue
            block = text[text.index(f"#{hand_id}") :].split("\n\n\n", 1)[0]
            summary = block.split("*** SUMMARY ***", 1)[1].strip().split("\n")
            if summary == [""]:
                continue
            written: dict[str, int] = {}
            for line in summary:
                for pattern in (_WON, _LOW):
                    match = pattern.match(line)
                    if match:
                        won = _amount(match["won"])
                        written[match["player"]] = written.get(match["player"], 0) + won
            # a walk's unmatched big blind, returned by the engine, is in what it won
            collected = {
                player: amount + kept
                for player, amount in players.filter(pl.col("hand_id") == hand_id)
                .select("player", "collected").iter_rows()
                if amount
            }
            assert collected == written, (path.name, hand_id)
            compared += 1
    assert compared == 1557 - 1 - 203  # the hands read, less the spliced one and 203 empty


def _streets(shared: Path, path: str, flatten: bool) -> tuple[pl.DataFrame, list[str]]:
    """The betting events of a file's hands (hand, street), their streets read from the
    betting with every marker after the hole cards ignored where ``flatten``; and the
    hands' ids."""
    grammar = bovada.GRAMMAR
    lines = classify(split_chunks(list(iter_chunks(shared / path, grammar.hand_start))),
                     grammar)  # fmt: skip
    info = hand_info(lines, grammar)
    arrays = HandArrays.of(info)
    if flatten:  # the lines as the room wrote them before 2012-08-25
        lines = dataclasses.replace(
            lines, events=lines.events.with_columns(pl.col("street").clip(upper_bound=1)),
            markers=lines.markers.filter(pl.col("street") <= 1),
        )
    read = read_streets(lines, read_seats(lines), arrays.big_blind).events
    betting = [KIND_CODE[kind] for kind in ("fold", "check", "call", "bet", "raise")]
    acts = read.filter(pl.col("code").is_in(betting))
    return acts.select("hand", "street"), info["hand_id"].to_list()


def test_streets_read_from_the_betting_are_the_marked_ones(shared: Path) -> None:
    """The rule that reads the streets of the hands of 2012 (a round closes when every
    player still to decide has acted since the last bet or raise and matched it) gives
    the streets the markers of every later hand say, at every betting line (the markers
    set aside), but in the hand whose summary runs into another hand (an error)."""
    compared = 0
    for path in room_files(shared, ["Bovada"]):
        name = str(path.relative_to(shared))
        marked, hands = _streets(shared, name, flatten=False)
        read, _ = _streets(shared, name, flatten=True)
        if CONCATENATED in name:
            broken = hands.index("3178646516")
            marked, read = (f.filter(pl.col("hand") != broken) for f in (marked, read))
        assert read["street"].to_list() == marked["street"].to_list(), name
        compared += int((marked["street"] > 1).sum())
    assert compared == 5390  # betting lines from the flop on


def test_streets_read_from_the_betting_follow_the_cards_dealt_to_the_table(
    shared: Path,
) -> None:
    """The 360 hands of 2012-04-03 write each street's cards on a line of their own
    (``Card dealt to table [Ks 7c 9s]``, read for nothing): every betting line of every
    hand is on the street as many such lines before it say."""
    text = (shared / TABLE_CARDS).read_text("utf-8-sig")
    expected = []
    for block in text.split("\n\n\n"):
        street = 0
        for line in block.split("*** HOLE CARDS ***", 1)[-1].split("\n"):
            if line.startswith("Card dealt to table"):
                street += 1
            elif re.search(r" : (?:Folds|Checks|Calls|Bets|Raises|All-in)", line):
                expected.append(1 + street)
    read, hands = _streets(shared, TABLE_CARDS, flatten=False)
    assert len(hands) == 360
    assert read["street"].to_list() == expected


_WAGERS = """\
Bovada Hand #1: HOLDEM Tournament #2 TBL#3, No Limit- Level 1 (10/20) - 2016-01-01 01:00:00
Seat 1: Dealer (1,000 in chips)
Seat 2: Small Blind [ME] (5 in chips)
Seat 3: Big Blind (1,000 in chips)
Dealer : Set dealer [1]
{posts}*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ah Kd]
Small Blind [ME] : Card dealt to a spot [2c 2d]
Big Blind : Card dealt to a spot [7s 8s]
Dealer : Folds
Big Blind : Return uncalled portion of bet {back}
*** FLOP *** [2h 3h 4h]
*** TURN *** [2h 3h 4h] [5h]
*** RIVER *** [2h 3h 4h 5h] [Qc]
Small Blind [ME] : Showdown [2c 2d 2h 3h 4h] (Three of a kind)
Big Blind : Showdown [Qc 8s 7s 5h 4h] (High Card)
Small Blind [ME] : Hand Result {won}
*** SUMMARY ***
Total Pot({won})
"""


@pytest.mark.parametrize(
    ("posts", "back", "won", "kind", "dead"),
    [
        # among the antes, by a player who posts none: an ante, all of it dead
        ("Dealer : Ante chip 5\nSmall Blind [ME] : All-in 5\nBig Blind : Ante chip 5\n"
         "Big Blind : Big blind 20\n", 20, 15, "ante", 5),
        # in a hand without antes: a blind, live (the small one: no blind before it)
        ("Small Blind [ME] : All-in 5\nBig Blind : Big blind 20\n", 15, 10, "post_sb", 0),
    ],
)  # fmt: skip
def test_a_wager_before_the_cards_is_a_post(
    posts: str, back: int, won: int, kind: str, dead: int
) -> None:
    """``All-in X`` before the cards: an ante where the others post antes and the player
    none, else a blind, the small one when no blind is posted before it."""
    text = _WAGERS.format(posts=posts, back=back, won=won)
    result = bovada.SITE.parse(Chunk(text.encode(), "b.txt", 0, 1, "utf-8"), every_flop_game=True)
    assert result.import_errors.num_rows == 0, result.import_errors.to_pylist()
    [hand] = result.hands.to_pylist()
    assert (hand["total_pot"], hand["inconsistencies"]) == (won * 100, [])  # hundredths
    rows = [(a["player"], a["kind"], a["amount"], a["dead"]) for a in result.actions.to_pylist()]
    assert ("Small Blind", kind, 500, dead * 100) in rows


_ROOM_ORDER = {"Small Blind": 0, "Big Blind": 1, "UTG": 2,
               **{f"UTG+{k}": 2 + k for k in range(1, 6)}, "Dealer": 99}  # fmt: skip
_ENGINE_ORDER = {"SB": 0, "BB": 1, "UTG": 2, "UTG1": 3, "UTG2": 4, "MP": 5, "MP1": 6, "HJ": 7,
                 "CO": 8, "BTN": 99}  # fmt: skip


def test_seats_numbered_as_listed_go_round_the_table_as_the_positions_named(
    shared: Path,
) -> None:
    """Seats are numbered in the order their lines list them, the button being the
    ``Dealer``'s: the positions the engine gives clockwise from it go round the table in
    the order of the names the room gives (small blind, big blind, UTG, UTG+1, ...,
    dealer), in every hand with a button, seat ids and seats listed out of order
    included."""
    compared = 0
    for path in room_files(shared, ["Bovada"]):
        players = pl.from_arrow(bovada.SITE.parse_file(path, every_flop_game=True).players)
        assert isinstance(players, pl.DataFrame)
        seated = players.filter(pl.col("position").is_not_null())
        for _, hand in seated.group_by("hand_id"):
            by_name = hand.sort(pl.col("player").replace_strict(_ROOM_ORDER))
            engine = by_name["position"].replace_strict(_ENGINE_ORDER).to_list()
            assert engine == sorted(engine), (path.name, hand["hand_id"][0])
            compared += 1
    assert compared == 1557 - 38  # the hands read, less 38 of no Dealer (a dead button)


def test_a_header_after_a_byte_order_mark_is_no_header_glued_in_a_line(shared: Path) -> None:
    """A file's first hand starts with a byte-order mark; a later hand with two summaries
    makes the engine look for a header glued inside a line: the first line's, after the
    mark, is not one (the first hand is read whole; the damaged one is an error)."""
    first = (shared / PLO8_FL).read_bytes().rstrip(b"\n") + b"\n"
    assert first.startswith(b"\xef\xbb\xbfBovada Hand #")
    damaged = (shared / PLO8_SPLIT).read_bytes().replace(b"*** SUMMARY ***\n",
                                                         b"*** SUMMARY ***\n" * 2)  # fmt: skip
    result = bovada.SITE.parse(Chunk(first + b"\n\n" + damaged, "f.txt", 0, 1, "utf-8"),
                               every_flop_game=True)  # fmt: skip
    assert result.hands.column("hand_id").to_pylist() == ["2641146259"]
    [error] = result.import_errors.to_pylist()
    assert (error["hand_id"], error["reason"]) == (
        "3050116136", "two summaries in one hand (a hand header is missing or damaged)"
    )


def test_a_hand_with_no_small_blind_posted(shared: Path) -> None:
    """#2601409299: the small blind's seat is empty, only ``Big Blind : Big blind/Bring in
    $10`` is posted: a small blind of none, the big blind $10; ``Raises $30`` is UTG's
    street total."""
    result = _parse(shared, PLO)
    hand = "2601409299"
    assert rows(result.hands, ("small_blind", "big_blind", "total_pot", "rake"), hand) == [
        (0, 1000, 40000, 100)
    ]
    assert ("preflop", "UTG", "raise", 3000, 3000, 0, False, None) in rows(
        result.actions, _ACTION_COLUMNS, hand
    )


SPEED_2012 = "formats/Bovada/tour/NLHE-9max-USD-3-201204.missing.limit.info.txt"
SPEED = "formats/Bovada/tour/NLHE-6max-USD-STT_-_Hyper_Turbo__500_Chips__-__25-_1.25_-_201706.txt"
_TOURNAMENT_COLUMNS = ("hand_id", "game", "limit_type", "currency", "small_blind", "big_blind",
                       "ante", "is_tournament", "tournament_id", "level", "table_name",
                       "button_seat", "total_pot", "inconsistencies")  # fmt: skip
_NET_COLUMNS = ("seat", "player", "stack", "is_hero", "hole_cards", "put_in", "returned",
                "collected", "net")  # fmt: skip


def test_a_2012_tournament_hand_whose_header_writes_its_speed_and_the_next_levels_blinds(
    shared: Path,
) -> None:
    """#2607979051 (``HOLDEM Tournament #616027 TBL#5, Normal- Level 5 (75/150)``): the
    speed stands where the limit does, and the header's 75/150 are not the blinds posted
    (``Ante/Small blind 50``, ``Big blind/Bring in 100``, from stacks of thousands): level
    5's blinds are 50/100 (75/150 being level 6's), so the posts are the blinds. No bet goes
    above the pot (``Raises 300`` from UTG+4, where pot limit allows 350; ``Bets 400`` into
    950): no-limit by the room's rule for its Hold'em tournaments. UTG+4 wins 950 with his
    400 back: +650."""
    result = parse_clean(bovada.SITE, shared / SPEED_2012)
    hand = "2607979051"
    assert rows(result.hands, _TOURNAMENT_COLUMNS, hand) == [
        (hand, "HOLDEM", "NL", "chips", 5000, 10000, 0, True, "616027", "5", "TBL#5", 4, 95000,
         []),
    ]  # fmt: skip
    assert rows(result.players, _NET_COLUMNS, hand) == [
        (1, "UTG+3", 1000000, True, "Ac Th", 0, 0, 0, 0),
        (2, "UTG+4", 532700, False, "7s 6s", 70000, 40000, 95000, 65000),
        (3, "UTG+5", 785900, False, "Jd 5d", 0, 0, 0, 0),
        (4, "Dealer", 1643100, False, "9d 9h", 30000, 0, 0, -30000),
        (5, "Small Blind", 1442400, False, "As 8d", 5000, 0, 0, -5000),
        (6, "Big Blind", 1500900, False, "9c 7c", 30000, 0, 0, -30000),
        (7, "UTG", 760800, False, "4c Js", 0, 0, 0, 0),
        (8, "UTG+1", 734000, False, "Qs 4h", 0, 0, 0, 0),
        (9, "UTG+2", 1742000, False, "7h Ad", 0, 0, 0, 0),
    ]


def test_an_ignition_tournament_hand_whose_header_writes_its_speed(shared: Path) -> None:
    """#3534394291 (``HOLDEM Tournament #18212313 TBL#1, Turbo- Level 3 (25/50)``, 2017):
    the header's blinds are those posted. UTG+2's ``All-in(raise) 355 to 355`` goes above
    what pot limit allows (2 x 50 + 75 = 175): no-limit by proof. The big blind calls 305
    and wins the 735 pot with two pair (+380); seats numbered 1, 2, ... as listed."""
    result = parse_clean(bovada.SITE, shared / SPEED)
    hand = "3534394291"
    assert rows(result.hands, _TOURNAMENT_COLUMNS, hand) == [
        (hand, "HOLDEM", "NL", "chips", 2500, 5000, 0, True, "18212313", "3", "TBL#1", 6,
         73500, []),
    ]  # fmt: skip
    assert rows(result.players, _NET_COLUMNS, hand) == [
        (1, "Small Blind", 66500, False, "4d 8d", 2500, 0, 0, -2500),
        (2, "Big Blind", 47000, False, "Kc Ah", 35500, 0, 73500, 38000),
        (3, "UTG", 46500, False, "2h Qc", 0, 0, 0, 0),
        (4, "UTG+1", 48500, True, "8s 2c", 0, 0, 0, 0),
        (5, "UTG+2", 35500, False, "Tc 9c", 35500, 0, 0, -35500),
        (6, "Dealer", 56000, False, "5c Qd", 0, 0, 0, 0),
    ]
    assert ("preflop", "UTG+2", "raise", 35500, 35500, 0, True, None) in rows(
        result.actions, _ACTION_COLUMNS, hand
    )


def _limits(site: TextSite, text: bytes) -> dict[str, str]:
    """Each hand's limit, ``text`` read as one chunk (no error, no skip)."""
    result = site.parse(Chunk(text, "t.txt", 0, 1, "utf-8"), every_flop_game=True)
    assert result.import_errors.num_rows == result.import_skips.num_rows == 0
    return dict(rows(result.hands, ("hand_id", "limit_type")))


def test_a_tournament_is_no_limit_where_any_of_its_hands_bets_above_the_pot(
    shared: Path,
) -> None:
    """The 11 hands of Ignition's tournament #18212313, read under a rule of pot-limit
    Hold'em: 6 bet above the pot (#3534392956: ``All-in(raise) 400 to 400`` at 10/20, where
    pot limit allows 70), so all 11 are no-limit, the 5 that do not by their tournament's
    proof. Read alone, the first (no bet above the pot) has the rule's limit; beside a hand
    of another tournament that bets above the pot, too."""
    text = (shared / SPEED).read_bytes()
    pot_limit = TextSite(dataclasses.replace(bovada.GRAMMAR, unwritten_limits={"HOLDEM": "PL"}),
                         bovada.__file__)  # fmt: skip
    assert set(_limits(pot_limit, text).values()) == {"NL"}
    assert len(_limits(pot_limit, text)) == 11
    starts = [m.start() for m in re.finditer(rb"^Ignition Hand #", text, re.M)]
    first, above = text[: starts[1]], text[starts[2] : starts[3]]
    assert b"All-in(raise) 400 to 400" in above
    assert _limits(pot_limit, first) == {"3534392210": "PL"}
    assert _limits(bovada.SITE, first) == {"3534392210": "NL"}  # the room's rule
    other = above.replace(b"Tournament #18212313", b"Tournament #18212314")
    assert _limits(pot_limit, first + other) == {"3534392210": "PL", "3534392956": "NL"}
    assert _limits(pot_limit, first + above) == {"3534392210": "NL", "3534392956": "NL"}


def _omaha_hand(number: int, tournament: int, raise_to: int) -> bytes:
    """An Omaha tournament hand of no written limit, at 10/20: the button raises to
    ``raise_to`` (pot limit allows 70), the blinds fold."""
    return f"""Ignition Hand #{number}: OMAHA Tournament #{tournament} TBL#1, Normal- Level 1 (10/20) - 2021-05-01 12:00:00
Seat 1: Dealer (1,500 in chips)
Seat 2: Small Blind (1,500 in chips)
Seat 3: Big Blind [ME] (1,500 in chips)
Dealer : Set dealer [1]
Small Blind : Small blind 10
Big Blind [ME] : Big blind 20
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Ac Kd 7h 2s]
Small Blind : Card dealt to a spot [Qs Qd 9c 3h]
Big Blind [ME] : Card dealt to a spot [Jh Td 8s 4c]
Dealer : Raises {raise_to} to {raise_to}
Small Blind : Folds
Big Blind [ME] : Folds
Dealer : Return uncalled portion of bet {raise_to - 20}
Dealer : Does not show [Ac Kd 7h 2s] (High Card)
Dealer : Hand Result 50
*** SUMMARY ***
Total Pot(50)
Seat+1: Dealer 50 [Does not show]
Seat+2: Small Blind Folded on the FLOP
Seat+3: Big Blind Folded on the FLOP


""".encode()  # noqa: E501


def test_an_omaha_tournament_of_no_written_limit_is_pot_limit_unless_above_the_pot() -> None:
    """The room's rule deals Omaha tournaments pot-limit: a raise to the pot's limit (70 at
    10/20) leaves the hand pot-limit; one above it (to 71) contradicts the rule and makes
    the hand, and every hand of its tournament, no-limit, never those of another."""
    assert _limits(bovada.SITE, _omaha_hand(1, 7, 70)) == {"1": "PL"}
    assert _limits(bovada.SITE, _omaha_hand(2, 7, 71)) == {"2": "NL"}
    both = _omaha_hand(1, 7, 70) + _omaha_hand(2, 7, 71)
    assert _limits(bovada.SITE, both) == {"1": "NL", "2": "NL"}
    apart = _omaha_hand(1, 7, 70) + _omaha_hand(2, 8, 71)
    assert _limits(bovada.SITE, apart) == {"1": "PL", "2": "NL"}


def test_a_big_blind_all_in_for_less_leaves_the_headers_blinds(shared: Path) -> None:
    """A big blind posted all in for less than the header's says nothing of the blinds:
    #2710007631 (``Level 4 (50/100)``, ``Big Blind : All-in 19`` from 19 chips) and
    #3412787731 (``Level 16 (800/1600)``, an ante of 160 then ``All-in 400`` from 560)
    keep the header's."""
    all_in = "formats/Bovada/tour/NLHE-9max-USD-MTT-201301.all.in.blind.txt"
    assert rows(_parse(shared, all_in).hands, ("small_blind", "big_blind"), "2710007631") == [
        (5000, 10000)
    ]
    assert rows(_parse(shared, SEAT_IDS).hands, ("small_blind", "big_blind", "ante"),
                "3412787731") == [(80000, 160000, 16000)]  # fmt: skip
