"""PokerTracker's exports of Microgaming hands read as their text says: the corpus's two PL
Omaha hands of the ``** Hand #`` export (``raised to X`` adding X, ``Rake: €x``, an uncalled
bet in the collect after a fold and left out after a short all-in, one file double-spaced),
the ``** Game ID`` export's hands (seats player first, names of several words, cards ``10 of
h``, a preflop ``bet`` that is a raise, ``went all-in`` as a blind, side pots), every net
equal to its seat line's ``at end`` stack less its start, and the 2011 export whose calls
and raises give the street total.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: euro amounts in cents, tournament chips whole.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import polars as pl

from ingest.engine.contract import ParseResult
from ingest.reader import detect_encoding
from ingest.sites import detect_site, pokertracker
from tests.conformance import room_files
from tests.golden import parse_clean, rows

ALL_IN = "corpus/PokerTracker/cash/PLO-EUR-0.25-0.50-201601.all.in.call.txt"  # #5870377181
FOLD = "corpus/PokerTracker/cash/PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt"
HEADS_UP = "formats/PokerTracker/cash/NLHE-2max-EUR-25.00-50.00-201305.new.format.txt"
OLD = "formats/PokerTracker/cash/NLHE-EUR-0.05-0.10-201111.Microgaming.txt"
BLIND_ALL_IN = "formats/PokerTracker/tour/NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt"
ANTES = "formats/PokerTracker/tour/NLHE-9max-USD-MTT-16.50-201307.Microgaming.antes.txt"
UTC = dt.UTC

_HAND_COLUMNS = ("hand_id", "room", "game", "limit_type", "currency", "small_blind",
                 "big_blind", "tournament_id", "table_name", "max_seats", "button_seat",
                 "started_at", "boards", "total_pot", "rake", "uncalled_inferred",
                 "raise_reading", "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "hole_cards", "put_in",
                   "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in")
_COLLECT_COLUMNS = ("seat", "player", "board", "pot", "half", "amount")
# "- Player 1 sitting in seat 1 with €14785.00 at end €14585.00 [Dealer]"
_AT_END = re.compile(r"^(?:- )?(.+) sitting in seat \d+ with \D*([0-9.]+) at end \D*([0-9.]+)")


def _parse(shared: Path, path: str) -> ParseResult:
    with open(shared / path, "rb") as stream:
        assert detect_site(stream.read(4096)) is pokertracker.SITE
    return parse_clean(pokertracker.SITE, shared / path)


def _text(path: Path) -> str:
    raw = path.read_bytes()
    return raw.decode(detect_encoding(raw[:4096])).lstrip("\ufeff")


def test_a_short_all_in_leaves_the_uncalled_bet_out(shared: Path) -> None:
    """#5870377181 (double-spaced), PL Omaha €0.25/€0.50: ``raised to X`` adds X (Player0
    to 1.75, then 16.75 more: 18.50; Player2 to 6, then ``called - €12.50``); on the flop
    ``Player0 bet - €55.75``, ``Player2 went all-in - €21.26`` (his 39.76 all in): the
    34.49 nobody matched is left out of ``Player0 wins €96.77 from the main pot`` and
    ``Rake: €1.50``, which make the called 98.27."""
    result = _parse(shared, ALL_IN)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("5870377181", "Microgaming", "omaha", "PL", "EUR", 25, 50, None, "Jerold", None, 4,
         dt.datetime(2016, 1, 13, 4, 0, 7, tzinfo=UTC), ["2h 5d Jc 6s 9d"], 9827, 150, 3449,
         "total", []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Player0", 11018, "UTG", False, "Ah 3c As Kd", 7425, 3449, 9677, 5701),
        (2, "Hero", 6570, "HJ", True, "6h 9s 3h 4c", 0, 0, 0, 0),
        (3, "Player1", 2964, "CO", False, None, 0, 0, 0, 0),
        (4, "Player2", 3976, "BTN", False, "2d Qh Qs Th", 3976, 0, 0, -3976),
        (5, "Player3", 4885, "SB", False, None, 25, 0, 0, -25),
        (6, "Player4", 11128, "BB", False, None, 1850, 0, 0, -1850),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Player3", "post_sb", 25, None, 0, False),
        ("preflop", "Player4", "post_bb", 50, None, 0, False),
        ("preflop", "Player0", "raise", 175, 175, 0, False),
        ("preflop", "Hero", "fold", 0, None, 0, False),
        ("preflop", "Player1", "fold", 0, None, 0, False),
        ("preflop", "Player2", "raise", 600, 600, 0, False),
        ("preflop", "Player3", "fold", 0, None, 0, False),
        ("preflop", "Player4", "call", 550, None, 0, False),
        ("preflop", "Player0", "raise", 1675, 1850, 0, False),
        ("preflop", "Player2", "call", 1250, None, 0, False),
        ("preflop", "Player4", "call", 1250, None, 0, False),
        ("flop", "Player4", "check", 0, None, 0, False),
        ("flop", "Player0", "bet", 5575, None, 0, False),
        ("flop", "Player0", "return", 3449, None, 0, False),
        ("flop", "Player2", "call", 2126, None, 0, True),
        ("flop", "Player4", "fold", 0, None, 0, False),
        ("flop", "Player0", "show", 0, None, 0, False),
        ("flop", "Player2", "show", 0, None, 0, False),
        ("river", "Player0", "collect", 9677, None, 0, False),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [(1, "Player0", 1, 0, "whole", 9677)]


def test_a_hand_won_by_a_fold_holds_the_uncalled_bet(shared: Path) -> None:
    """#5029053937, heads-up PL Omaha: Hero (small blind, button) ``raised to €1.25`` (to
    1.50), the big blind ``called - €1.00``; Hero's flop bet of 1.50 is folded to: ``Hero
    wins €4.35`` and ``Rake: €0.15`` are the 3.00 pot and his 1.50 back; ``Hero mucks:``
    (a winner not showing) moves nothing."""
    result = _parse(shared, FOLD)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("5029053937", "Microgaming", "omaha", "PL", "EUR", 25, 50, None, "Position PLO HU 47",
         None, 1, dt.datetime(2013, 9, 7, 6, 30, 38, tzinfo=UTC), ["As Ad 8c"], 300, 15, 150,
         "total", []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Hero", 4950, "BTN", True, "Qh 9c 2h Ah", 300, 150, 285, 135),
        (2, "Player0", 5050, "BB", False, None, 150, 0, 0, -150),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Hero", "post_sb", 25, None, 0, False),
        ("preflop", "Player0", "post_bb", 50, None, 0, False),
        ("preflop", "Hero", "raise", 125, 150, 0, False),
        ("preflop", "Player0", "call", 100, None, 0, False),
        ("flop", "Player0", "check", 0, None, 0, False),
        ("flop", "Hero", "bet", 150, None, 0, False),
        ("flop", "Hero", "return", 150, None, 0, False),
        ("flop", "Player0", "fold", 0, None, 0, False),
        ("flop", "Hero", "collect", 285, None, 0, False),
    ]


def test_a_heads_up_hand_of_the_game_id_export(shared: Path) -> None:
    """#4908778359, €25/€50 (``€5K Max``, ``seats:2``): ``- Player 1 sitting in seat 1 with
    €14785.00 at end €14585.00 [Dealer]``, a name of two words; ``raised - €75.00`` adds 75
    to the 25 small blind, ``Hero called - €50.00``; Hero's flop ``raised - €350.00`` is
    folded to, ``Hero wins €649.00``: 400 + his 250 back, 1 raked. Cards ``A of c, 6 of d``."""
    result = _parse(shared, HEADS_UP)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("4908778359", "Microgaming", "Hold'em NL", "NL", "EUR", 2500, 5000, None,
         "Anonymous (Heads Up)", 2, 1, dt.datetime(2013, 5, 28, 20, 44, 14, tzinfo=UTC),
         ["6s Th 6c"], 40000, 100, 25000, "total", []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Player 1", 1478500, "BTN", False, None, 20000, 0, 0, -20000),
        (2, "Hero", 500000, "BB", True, "Ac 6d", 45000, 25000, 39900, 19900),
    ]
    kinds = [(r[1], r[2], r[3], r[4]) for r in rows(result.actions, _ACTION_COLUMNS)]
    assert kinds[2:4] == [("Player 1", "raise", 7500, 10000), ("Hero", "call", 5000, None)]
    assert ("Hero", "raise", 35000, 35000) in kinds


def test_an_all_in_for_the_big_blind_and_a_preflop_bet(shared: Path) -> None:
    """#4969489282: ``Player0 went all-in - 10.00`` among the blinds is his big blind, all
    he has (20 the level: Hero's small blind of 10 is all that is to match). In the STT
    file #4962892238, after ``Player0 called - 10.00`` (his small blind to 20), ``Hero bet -
    60.00`` from the big blind is a raise of 60, to 80 (``Player0 called - 60.00``)."""
    result = _parse(shared, BLIND_ALL_IN)
    actions = rows(result.actions, _ACTION_COLUMNS)
    assert actions[:2] == [("preflop", "Hero", "post_sb", 1000, None, 0, False),
                           ("preflop", "Player0", "post_bb", 1000, None, 0, True)]  # fmt: skip
    stt = _parse(shared, "formats/PokerTracker/tour/NLHE-2max-USD-0-STT-201307.Microgaming.txt")
    frame = pl.from_arrow(stt.actions)
    assert isinstance(frame, pl.DataFrame)
    bet = frame.filter((pl.col("hand_id") == "4962892238") & (pl.col("player") == "Hero")
                       & (pl.col("street") == "preflop") & (pl.col("kind") == "raise"))
    assert bet.select("amount", "raise_to").rows() == [(6000, 8000)]


def test_every_net_is_the_at_end_stack_less_the_start(shared: Path) -> None:
    """From 2012 the seat lines print each stack after the hand (``at end €9.95``): every
    one of the 31 is the stack plus the player's net as read (antes, a dead ``posted to
    play``, uncalled bets in the collect or left out)."""
    compared = 0
    for path in room_files(shared, ["PokerTracker"]):
        text = _text(path)
        if "at end " not in text:
            continue
        result = pokertracker.SITE.parse_file(path, every_flop_game=True)
        players = pl.from_arrow(result.players)
        hands = pl.from_arrow(result.hands)
        assert isinstance(players, pl.DataFrame) and isinstance(hands, pl.DataFrame)
        units = dict(hands.select("hand_id", "units_per_currency").iter_rows())
        nets = {(h, p): n for h, p, n in players.select("hand_id", "player", "net").iter_rows()}
        hand_id = ""
        for line in text.split("\n"):
            header = re.match(r"^\*\* Game ID (\d+)", line)
            hand_id = header.group(1) if header else hand_id
            seat = _AT_END.match(line)
            if seat is None:
                continue
            name, start, end = seat.groups()
            scale = units[hand_id]
            assert nets[(hand_id, name)] == round((float(end) - float(start)) * scale), line
            compared += 1
    assert compared == 31


def test_the_2011_export_writes_street_totals(shared: Path) -> None:
    """The 2011 export (no ``at end``) writes its calls and raises as the street total,
    bets and all-ins as the chips they add: only so does any player stay within his stack.
    #4162388199: Hero (19.60, small blind 0.05) ``called - €0.40``, ``bet - €0.85``,
    ``went all-in - €18.35``: 0.40 + 0.85 + 18.35 = 19.60; player8 wins the main pot
    (29.74) and the side pot (0.40), 1.58 raked; Hero's unmatched 8.99 comes back, left out
    of the pots. #4152594215: Hero's 10.76 all in, player5's unmatched 5.81 back."""
    result = _parse(shared, OLD)
    hands = rows(result.hands, ("hand_id", "raise_reading", "total_pot", "rake",
                                 "uncalled_inferred", "inconsistencies"))  # fmt: skip
    assert hands == [
        ("4152594215", "street_totals", 2157, 107, 581, []),
        ("4162388199", "street_totals", 3172, 158, 899, []),
    ]
    players = pl.from_arrow(result.players)
    assert isinstance(players, pl.DataFrame)
    hero = players.filter(pl.col("player") == "Hero").select("hand_id", "stack", "put_in", "net")
    assert hero.rows() == [("4152594215", 1076, 1076, 974), ("4162388199", 1960, 1960, -1061)]
    assert rows(result.collections, _COLLECT_COLUMNS)[1:] == [
        (3, "player8", 1, 0, "whole", 2974),
        (3, "player8", 1, 1, "whole", 40),
    ]


def test_encodings(shared: Path) -> None:
    """The 2011 file is UTF-8 with a byte-order mark; the MTT's holds U+0080 where a € was
    meant (a cp1252 byte read as Latin-1), in its tournament's name only; the others are
    cp1252 (€ as 0x80). Each is read whole."""
    assert (shared / OLD).read_bytes().startswith(b"\xef\xbb\xbf")
    assert "\u0080" in (shared / ANTES).read_text("utf-8")
    result = _parse(shared, ANTES)
    [row] = rows(result.hands, ("tournament_id", "table_name", "ante", "total_pot"))
    assert row == ("10124058", "Table 11", 2000, 98000)
