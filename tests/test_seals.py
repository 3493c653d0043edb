"""Seals With Clubs' real hands read as their text says: a four-line header, the button named
by its player, uncalled bets refunded, each pot paid (and raked) among the streets, a side
pot paid before the main pot's showdown, a post of both blinds, a fixed-limit hand, and the
top-ups after a hand that bring each stack back to the table's buy-in.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: amounts in hundredths of an mBTC, "raises to X" giving the street total.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any

import pytest

from ingest.engine.contract import Chunk, ParseResult
from ingest.sites import detect_site, seals
from tests.conformance import room_files
from tests.golden import parse_clean, rows

PLO = "corpus/SealsWithClubs/cash/PLO-9max-mBTC-1.00-1.00-201304.txt"  # #5297786-137
SIDE_POT = "formats/SealsWithClubs/cash/NLHE-9max-mBTC-1.00-1.00-201304.side.pot.txt"
BOTH_BLINDS = "formats/SealsWithClubs/cash/NLHE-6max-mBTC-0.50-1.00-201304.post.both.txt"
LIMIT = "formats/SealsWithClubs/cash/LHE-6max-mBTC-2.00-4.00-201305.txt"  # #6340502-110
HEADS_UP = "formats/SealsWithClubs/cash/NLHE-2max-mBTC-15-30-201310.txt"  # #11442832-1

_HAND_COLUMNS = ("hand_id", "game", "limit_type", "currency", "units_per_currency",
                 "small_blind", "big_blind", "table_name", "max_seats", "button_seat",
                 "boards", "total_pot", "rake", "uncalled_inferred", "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "sitting_out",
                   "hole_cards", "put_in", "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in", "board")
_COLLECT_COLUMNS = ("seat", "player", "board", "pot", "half", "amount")


def _parse(shared: Path, path: str) -> ParseResult:
    return parse_clean(seals.SITE, shared / path)


def _text(shared: Path, path: str) -> str:
    return (shared / path).read_text(encoding="ascii")


def _parse_text(text: str, site: Any = seals.SITE) -> ParseResult:
    return site.parse(Chunk(text.encode(), "s.txt", 0, 1, "utf-8"), every_flop_game=True)


def test_the_pot_limit_omaha_hand(shared: Path) -> None:
    """#5297786-137, PL Omaha 1/1 (both blinds 1), nine seats, Player2 sitting out: Player3
    ``raises to 3``, Hero calls 2 from the big blind, Player6 calls 2 more; Hero's turn bet
    of 6 is folded to and ``Hero refunded 6``; ``Hero wins Pot (10)``, ``Rake (0)``. The
    button is ``Player4 has the dealer button``: seat 5."""
    result = _parse(shared, PLO)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("5297786-137", "omaha", "PL", "mBTC", 100, 100, 100, "PLO 9max 1/1 #1", 9, 5,
         ["3d 4h 2d Qd"], 1000, 0, 0, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Player0", 16200, "MP", False, False, None, 0, 0, 0, 0),
        (2, "Player1", 6500, "HJ", False, False, None, 0, 0, 0, 0),
        (3, "Player2", 7700, None, False, True, None, 0, 0, 0, 0),  # "- sitting out"
        (4, "Player3", 5000, "CO", False, False, None, 300, 0, 0, -300),
        (5, "Player4", 12100, "BTN", False, False, None, 0, 0, 0, 0),
        (6, "Player5", 3900, "SB", False, False, None, 100, 0, 0, -100),
        (7, "Hero", 16400, "BB", True, False, "4c 7d Qc Kd", 900, 600, 1000, 700),
        (8, "Player6", 3500, "UTG", False, False, None, 300, 0, 0, -300),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Player5", "post_sb", 100, None, 0, False, None),
        ("preflop", "Hero", "post_bb", 100, None, 0, False, None),
        ("preflop", "Player6", "call", 100, None, 0, False, None),
        ("preflop", "Player0", "fold", 0, None, 0, False, None),
        ("preflop", "Player1", "fold", 0, None, 0, False, None),
        ("preflop", "Player3", "raise", 300, 300, 0, False, None),
        ("preflop", "Player4", "fold", 0, None, 0, False, None),
        ("preflop", "Player5", "fold", 0, None, 0, False, None),
        ("preflop", "Hero", "call", 200, None, 0, False, None),
        ("preflop", "Player6", "call", 200, None, 0, False, None),
        ("flop", "Hero", "check", 0, None, 0, False, None),
        ("flop", "Player6", "check", 0, None, 0, False, None),
        ("flop", "Player3", "check", 0, None, 0, False, None),
        ("turn", "Hero", "bet", 600, None, 0, False, None),
        ("turn", "Player6", "fold", 0, None, 0, False, None),
        ("turn", "Player3", "fold", 0, None, 0, False, None),
        ("turn", "Hero", "return", 600, None, 0, False, None),
        ("turn", "Hero", "collect", 1000, None, 0, False, 1),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [(7, "Hero", 1, 0, "whole", 1000)]


def test_a_side_pot_paid_before_the_main_pots_showdown(shared: Path) -> None:
    """#5338590-82, NL Hold'em 1/1: Hero (2 behind) posts the small blind 1 and ``calls 1
    (All-in)`` of Player2's raise to 3; Player0 calls 2 more. Player2's turn bet of 3 is
    refunded; on the river ``Player2 wins Side Pot 1 (2)`` (1 each from Player0 and
    Player2), then the main pot's showdown: ``Hero wins Main Pot (6) with Two Pair``."""
    result = _parse(shared, SIDE_POT)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("5338590-82", "NL Hold'em", "NL", "mBTC", 100, 100, 100, "NLHE 9max 1/1 #2", 9, 5,
         ["5h 5d Kh 6s 8h"], 800, 0, 0, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (2, "Player0", 2300, "BB", False, False, None, 300, 0, 0, -300),
        (4, "Player1", 19500, "CO", False, False, None, 0, 0, 0, 0),
        (5, "Player2", 23000, "BTN", False, False, "Td Tc", 600, 300, 200, -100),
        (6, "Hero", 200, "SB", True, False, "Kd Qh", 200, 0, 600, 400),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Hero", "post_sb", 100, None, 0, False, None),
        ("preflop", "Player0", "post_bb", 100, None, 0, False, None),
        ("preflop", "Player1", "fold", 0, None, 0, False, None),
        ("preflop", "Player2", "raise", 300, 300, 0, False, None),
        ("preflop", "Hero", "call", 100, None, 0, True, None),
        ("preflop", "Player0", "call", 200, None, 0, False, None),
        ("flop", "Player0", "check", 0, None, 0, False, None),
        ("flop", "Player2", "check", 0, None, 0, False, None),
        ("turn", "Player0", "check", 0, None, 0, False, None),
        ("turn", "Player2", "bet", 300, None, 0, False, None),
        ("turn", "Player0", "fold", 0, None, 0, False, None),
        ("turn", "Player2", "return", 300, None, 0, False, None),
        ("river", "Player2", "collect", 200, None, 0, False, 1),
        ("showdown", "Player2", "show", 0, None, 0, False, 1),
        ("showdown", "Hero", "show", 0, None, 0, False, 1),
        ("showdown", "Hero", "collect", 600, None, 0, False, 1),
    ]
    # each collect line names its pot: the side pot 1, the main pot 0
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (5, "Player2", 1, 1, "whole", 200),
        (6, "Hero", 1, 0, "whole", 600),
    ]


def test_a_post_of_both_blinds_and_the_rake_line(shared: Path) -> None:
    """#5557960-70, NL Hold'em 0.50/1: ``Player4 posts small & big blind 1.50`` (1 live, 0.50
    dead) and checks facing the big blind; his turn bet of 4 is refunded; ``Player4 wins Pot
    (6.83)`` and ``Rake (0.17)``: 7 in the pot (11 put in, 4 back)."""
    result = _parse(shared, BOTH_BLINDS)
    [hand] = rows(result.hands, _HAND_COLUMNS)
    assert hand == ("5557960-70", "NL Hold'em", "NL", "mBTC", 100, 50, 100, "NLHE 6max .5/1 #6",
                    6, 3, ["3s Tc Qh 2h"], 700, 17, 0, [])  # fmt: skip
    preflop = [row for row in rows(result.actions, _ACTION_COLUMNS) if row[0] == "preflop"]
    assert preflop[:4] == [
        ("preflop", "Hero", "post_sb", 50, None, 0, False, None),
        ("preflop", "Player3", "post_bb", 100, None, 0, False, None),
        ("preflop", "Player4", "post_sb_bb", 150, None, 50, False, None),
        ("preflop", "Player4", "check", 0, None, 0, False, None),
    ]
    flows = [(p, put, back, got, net) for _, p, *_, put, back, got, net
             in rows(result.players, _PLAYER_COLUMNS)]  # fmt: skip
    assert flows == [
        ("Player0", 0, 0, 0, 0),
        ("Player1", 0, 0, 0, 0),
        ("Player2", 0, 0, 0, 0),
        ("Hero", 50, 0, 0, -50),
        ("Player3", 300, 0, 0, -300),
        ("Player4", 750, 400, 683, 333),
    ]


def test_the_fixed_limit_hand_raises_to_the_street_total(shared: Path) -> None:
    """#6340502-110, ``Limit Hold'em (40 - 1000000) - Stakes 2/4``: the header gives the small
    and the big bet (the blinds, 1 and 2, are posted). ``Player0 raises to 4`` from his small
    blind of 1 adds 3, ``Hero calls 2`` from his big blind of 2: both at 4. 12 in the pot,
    ``Hero wins Pot (11.70) with a Pair``, ``Rake (0.30)``."""
    result = _parse(shared, LIMIT)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("6340502-110", "Limit Hold'em", "FL", "mBTC", 100, 200, 400, "LHE 6max 1/2 #1", 6, 3,
         ["2d Qc 6c 3h 2h"], 1200, 30, 0, []),
    ]  # fmt: skip
    assert rows(result.actions, _ACTION_COLUMNS)[:4] == [
        ("preflop", "Player0", "post_sb", 100, None, 0, False, None),
        ("preflop", "Hero", "post_bb", 200, None, 0, False, None),
        ("preflop", "Player0", "raise", 300, 400, 0, False, None),
        ("preflop", "Hero", "call", 200, None, 0, False, None),
    ]
    assert [(p, net) for _, p, *_, net in rows(result.players, _PLAYER_COLUMNS)] == [
        ("Player0", -600),
        ("Hero", 570),
    ]


def test_heads_up_and_the_big_blind_refunded(shared: Path) -> None:
    """#11442832-1, ``Table: NLHE HU 15/30 #2`` (two seats), Hero11 ``- waiting for big
    blind`` posts it: Villian folds his small blind, ``Hero11 refunded 15``, ``Hero11 wins Pot
    (30)``. No flop: no board."""
    result = _parse(shared, HEADS_UP)
    [hand] = rows(result.hands, _HAND_COLUMNS)
    assert hand == ("11442832-1", "NL Hold'em", "NL", "mBTC", 100, 1500, 3000,
                    "NLHE HU 15/30 #2", 2, 2, [], 3000, 0, 0, [])  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Hero11", 134642, "BB", True, False, "4c Tc", 3000, 1500, 3000, 1500),
        (2, "Villian", 279810, "BTN", False, False, None, 1500, 0, 0, -1500),
    ]


_BUY_IN = re.compile(r"^Game: .+ \(([0-9]+) - ([0-9]+)\)", re.M)
_ADDS = re.compile(r"^(.+) adds ([0-9.]+) chips$", re.M)


def test_every_top_up_brings_the_stack_back_to_a_buy_in(shared: Path) -> None:
    """The room writes no result per player; its top-ups check the nets instead: ``X adds N
    chips`` after a hand brings X's stack (as it started, plus the hand's net) back to the
    table's minimum or maximum buy-in (``Game: ... (20 - 100)``): Player0 40 - 2 + 2 = 40,
    Player0 100 - 3 + 3 = 100, Hero 2 + 4 + 94 = 100."""
    compared = 0
    for path in room_files(shared, ["SealsWithClubs"]):
        text = path.read_text(encoding="ascii")
        match = _BUY_IN.search(text)
        assert match is not None
        bounds = {int(match.group(1)) * 100, int(match.group(2)) * 100}
        players = {p["player"]: p for p in seals.SITE.parse_file(path, True).players.to_pylist()}
        for name, added in _ADDS.findall(text):
            p = players[name]
            assert p["stack"] + p["net"] + round(float(added) * 100) in bounds, (path, name)
            compared += 1
    assert compared == 3


def test_the_time_written_without_a_zone_is_eastern_time(shared: Path) -> None:
    """``2013-04-11 02:08:55`` names no zone: read as Eastern (summer) time, as FPDB does,
    unless the importer is told another zone."""
    [hand] = _parse(shared, PLO).hands.to_pylist()
    assert hand["started_at"] == dt.datetime(2013, 4, 11, 6, 8, 55, tzinfo=dt.UTC)
    [utc] = seals.SITE.with_zone("UTC").parse_file(shared / PLO).hands.to_pylist()
    assert utc["started_at"] == dt.datetime(2013, 4, 11, 2, 8, 55, tzinfo=dt.UTC)


def test_the_room_is_told_by_its_whole_header(shared: Path) -> None:
    """The first line, ``Hand #5297786-137 - 2013-04-11 02:08:55``, starts as WPN's hands do:
    the room is its game and site lines after it."""
    head = _text(shared, PLO).encode()[:4096]
    site = detect_site(head)
    assert site is not None and site.name == "seals"
    first = head.split(b"\n")[0]
    assert detect_site(first) is None
    assert detect_site(head.replace(b"Site: Seals With Clubs", b"Site: Elsewhere")) is None


def test_several_hands_in_one_text(shared: Path) -> None:
    """Hands follow each other with no blank line and no summary: each ends at the next
    header, its top-up lines with it."""
    texts = [_text(shared, path) for path in (SIDE_POT, PLO, LIMIT)]
    result = _parse_text("".join(texts))
    assert result.hands.column("hand_id").to_pylist() == ["5338590-82", "5297786-137",
                                                          "6340502-110"]  # fmt: skip
    assert result.import_errors.num_rows == result.import_skips.num_rows == 0
    assert result.hands.column("inconsistencies").to_pylist() == [[], [], []]


def test_a_hand_cut_off_before_its_pots_are_paid(shared: Path) -> None:
    """With no summary, a hand cut before any pot is paid is partial; one cut after the side
    pot is paid but before the main pot is stored as printed, saying what does not add up."""
    text = _text(shared, SIDE_POT)
    before = _parse_text(text[: text.index("Player2 wins Side Pot 1")])
    [skip] = before.import_skips.to_pylist()
    assert skip["reason"] == "partial: the hand ends before any pot is paid"
    after = _parse_text(text[: text.index("** Main Pot Show Down **")])
    assert after.hands.column("inconsistencies").to_pylist() == [
        ["players collected 2.00 mBTC from a total pot of 8.00 mBTC less 0.00 mBTC taken by "
         "the room"]
    ]


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        ("Hero wins Pot (10)", "Hero wins Pot (10.005)",
         "unreadable amount in a collect line"),
        ("Rake (0)", "Rake (0.001)",
         "unreadable total pot, rake or other room amount in the summary"),
        ("Hero refunded 6", "Hero refunded six", "unreadable amount in a return line"),
        ("Hero refunded 6", "Hero refunded to 6",
         "the line does not have the form of a return line"),
        ("Player4 has the dealer button", "Player4 has the dealer button now",
         "a line of no kind the room writes (not in its grammar)"),
    ],
)  # fmt: skip
def test_damaged_lines_are_errors(shared: Path, old: str, new: str, reason: str) -> None:
    """An amount with a third decimal, or a word, is no amount (never rounded); a refund
    with more words is damaged; a button line with a word more is no line of the room's."""
    result = _parse_text(_text(shared, PLO).replace(old, new))
    [error] = result.import_errors.to_pylist()
    assert error["reason"] == reason
