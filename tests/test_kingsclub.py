"""KingsClub's real hands read as their text says: a double board, calls and bets as street
totals, side pots no line prints, a fixed-limit hi/lo hand, and every player's net equal to
the result the summary writes.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: amounts in cents, "calls X" and "bets X" giving the player's street total.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ingest.engine.contract import Chunk, ParseResult
from ingest.sites import kingsclub
from tests.conformance import room_files
from tests.golden import parse_clean, rows

SPLIT = "corpus/KingsClub/cash/LO-Split-USD-60-120-202108.txt"  # #45395871
BIG_O = "corpus/KingsClub/cash/5-Card-PLO8-USD-11-22-202010.txt"  # #37580598
HI_LO = "corpus/KingsClub/cash/LO8-USD-500-100-202104.RIO.txt"  # #3969308
SIDE_POTS = "formats/KingsClub/cash/NLHE-USD-125-250-202012.multi.pot.txt"  # #3264632
DRAWMAHA = "corpus/KingsClub/cash/2-7_Drawmaha-FL-USD-60-120-202108.showdown.txt"

_HAND_COLUMNS = ("hand_id", "game", "hi_lo", "limit_type", "currency", "small_blind",
                 "big_blind", "ante", "table_name", "button_seat", "boards", "total_pot",
                 "rake", "uncalled_inferred", "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "hole_cards", "put_in",
                   "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in", "board")
_COLLECT_COLUMNS = ("seat", "player", "board", "pot", "half", "amount")


def _parse(shared: Path, path: str) -> ParseResult:
    return parse_clean(kingsclub.SITE, shared / path)


def test_the_double_board_hand(shared: Path) -> None:
    """#45395871, Limit Omaha 60/120 (blinds 30/60, antes 5) dealt on two boards from the
    flop: Player1 (aces up) takes board 1, Player3 (a queen-high straight) board 2, each
    ``wins (758.50) from pot`` of 1,525 less a rake of 8. Player3 posts 30 and ``calls 120``
    (90 more); Hero is the only player dealt cards by name (the others' are ``X``)."""
    result = _parse(shared, SPLIT)
    boards = ["Tc Qd 3s Ac 2d", "Jc 6s 8s 3c Td"]
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("45395871", "omaha", False, "FL", "USD", 6000, 12000, 500, "The Zoo 2", 6, boards,
         152500, 800, 0, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Player0", 244935, "BB", False, None, 6500, 0, 0, -6500),
        (3, "Player1", 328182, "UTG", False, "Ah Kd 9c Th", 48500, 0, 75850, 27350),
        (4, "Player2", 345550, "CO", False, None, 500, 0, 0, -500),
        (6, "Hero", 422683, "BTN", True, "4c Jd 9s As", 48500, 0, 0, -48500),
        (7, "Player3", 190500, "SB", False, "Qc 6d Kh 9d", 48500, 0, 75850, 27350),
    ]
    antes = [("preflop", p, "ante", 500, None, 500, False, None)
             for p in ("Player0", "Player1", "Player2", "Hero", "Player3")]  # fmt: skip
    assert rows(result.actions, _ACTION_COLUMNS) == [
        *antes,
        ("preflop", "Player3", "post_sb", 3000, None, 0, False, None),
        ("preflop", "Player0", "post_bb", 6000, None, 0, False, None),
        ("preflop", "Player1", "raise", 12000, 12000, 0, False, None),
        ("preflop", "Player2", "fold", 0, None, 0, False, None),
        ("preflop", "Hero", "call", 12000, None, 0, False, None),
        ("preflop", "Player3", "call", 9000, None, 0, False, None),
        ("preflop", "Player0", "fold", 0, None, 0, False, None),
        ("flop", "Player3", "bet", 6000, None, 0, False, None),
        ("flop", "Player1", "call", 6000, None, 0, False, None),
        ("flop", "Hero", "raise", 12000, 12000, 0, False, None),
        ("flop", "Player3", "call", 6000, None, 0, False, None),
        ("flop", "Player1", "call", 6000, None, 0, False, None),
        ("turn", "Player3", "check", 0, None, 0, False, None),
        ("turn", "Player1", "check", 0, None, 0, False, None),
        ("turn", "Hero", "bet", 12000, None, 0, False, None),
        ("turn", "Player3", "call", 12000, None, 0, False, None),
        ("turn", "Player1", "call", 12000, None, 0, False, None),
        ("river", "Player3", "bet", 12000, None, 0, False, None),
        ("river", "Player1", "call", 12000, None, 0, False, None),
        ("river", "Hero", "call", 12000, None, 0, False, None),
        # the shows stand after board 2's river marker
        ("river", "Player3", "show", 0, None, 0, False, 2),
        ("river", "Player1", "show", 0, None, 0, False, 2),
        ("river", "Hero", "show", 0, None, 0, False, 2),
        # the summary's collect lines name no board
        ("summary", "Player1", "collect", 75850, None, 0, False, 1),
        ("summary", "Player3", "collect", 75850, None, 0, False, 1),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (3, "Player1", 1, 0, "whole", 75850),
        (7, "Player3", 1, 0, "whole", 75850),
    ]


def test_calls_and_bets_are_street_totals(shared: Path) -> None:
    """#37580598, Pot Limit Big O 11/22 (5-card Omaha hi/lo, no hole cards marker), antes
    22, 880 each: on the flop ``Player2 bets 144.75``, ``Hero raises to 627.25``, ``Player2
    raises to 836, and is all in``, ``Hero calls 836, and is all in``: Hero adds 208.75 and
    both are all-in for 880. Run twice: ``*** BOARD 2 - RIVER *** [- - - 5d] [3h]`` keeps
    board 1's flop. Player2 scoops the high on both boards, Hero the low: 932.50 each of
    1,870 less 5."""
    result = _parse(shared, BIG_O)
    boards = ["2h 5s Qd 8c Th", "2h 5s Qd 5d 3h"]
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("37580598", "omaha5_8", True, "PL", "USD", 1100, 2200, 2200, "Real Deal Mix", 2,
         boards, 187000, 500, 0, []),
    ]  # fmt: skip
    flows = [(p, n, s, put, c, net) for _, p, s, n, _, _, put, _, c, net
             in rows(result.players, _PLAYER_COLUMNS)]  # fmt: skip
    assert flows == [
        ("Player0", "CO", 88000, 2200, 0, -2200),
        ("Player1", "BTN", 88000, 2200, 0, -2200),
        ("Player2", "SB", 88000, 88000, 93250, 5250),
        ("Player3", "BB", 88000, 4400, 0, -4400),
        ("Player4", "UTG", 88000, 2200, 0, -2200),
        ("Hero", "HJ", 88000, 88000, 93250, 5250),
    ]
    betting = [row for row in rows(result.actions, _ACTION_COLUMNS) if row[2] != "ante"]
    assert betting == [
        ("preflop", "Player2", "post_sb", 1100, None, 0, False, None),
        ("preflop", "Player3", "post_bb", 2200, None, 0, False, None),
        ("preflop", "Player4", "fold", 0, None, 0, False, None),
        ("preflop", "Hero", "call", 2200, None, 0, False, None),
        ("preflop", "Player0", "fold", 0, None, 0, False, None),
        ("preflop", "Player1", "fold", 0, None, 0, False, None),
        ("preflop", "Player2", "call", 1100, None, 0, False, None),  # calls 22: 11 more
        ("preflop", "Player3", "check", 0, None, 0, False, None),
        ("flop", "Player2", "bet", 14475, None, 0, False, None),
        ("flop", "Player3", "fold", 0, None, 0, False, None),
        ("flop", "Hero", "raise", 62725, 62725, 0, False, None),
        ("flop", "Player2", "raise", 69125, 83600, 0, True, None),
        ("flop", "Hero", "call", 20875, None, 0, True, None),
        ("flop", "Player2", "show", 0, None, 0, False, 1),
        ("flop", "Hero", "show", 0, None, 0, False, 1),
        ("summary", "Player2", "collect", 93250, None, 0, False, 1),
        ("summary", "Hero", "collect", 93250, None, 0, False, 1),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (4, "Player2", 1, 0, "whole", 93250),
        (7, "Hero", 1, 0, "whole", 93250),
    ]


def test_the_limit_hi_lo_hand_and_its_unprinted_side_pot(shared: Path) -> None:
    """#3969308, Limit Omaha Hi-Lo 500/1,000 (blinds 250/500): Player0 calls 125 all-in,
    Player1's small blind folds. Hero's big blind is matched to 250 by the folded small
    blind: 250 comes back (no line says so); the main pot, 125 from each of three, is
    ``Player0 wins pot (375)``; the side pot of Hero's 125 and Player1's 125 is Hero's alone
    and no line prints it: Hero's result is none (0), so Hero collected 250."""
    result = _parse(shared, HI_LO)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("3969308", "omaha8", True, "FL", "USD", 50000, 100000, 0, "Bobbys Room Omaha 2", 5,
         ["2s Th 6h 7c 5s"], 62500, 0, 25000, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Hero", 3250000, "BB", True, "7h 9h Qd 7d", 50000, 25000, 25000, 0),
        (5, "Player0", 12500, "BTN", False, "5d 4h 8h 5c", 12500, 0, 37500, 25000),
        (7, "Player1", 5125000, "SB", False, None, 25000, 0, 0, -25000),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Player1", "post_sb", 25000, None, 0, False, None),
        ("preflop", "Hero", "post_bb", 50000, None, 0, False, None),
        ("preflop", "Hero", "return", 25000, None, 0, False, None),
        ("preflop", "Player0", "call", 12500, None, 0, True, None),
        ("preflop", "Player1", "fold", 0, None, 0, False, None),
        ("preflop", "Hero", "show", 0, None, 0, False, 1),
        ("preflop", "Player0", "show", 0, None, 0, False, 1),
        ("summary", "Player0", "collect", 37500, None, 0, False, 1),
    ]
    # the pot of a line naming "pot" is unknown where the hand has a side pot
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (5, "Player0", 1, None, "whole", 37500),
        (1, "Hero", 1, None, "whole", 25000),
    ]


def test_a_side_pot_won_by_the_main_pots_winner(shared: Path) -> None:
    """#3264632, No Limit Hold'em 125/250, antes 50: Player0 is all-in for 325, Player2's
    river bet of 3,333 comes back. ``Player2 wins pot (1,350)`` is the main pot (275 from
    each of four, and Player3's folded ante); Player2's result +2,925 = 4,800 collected less
    1,875 put in: the other 3,450 is the side pot, of no line."""
    result = _parse(shared, SIDE_POTS)
    [hand] = rows(result.hands, ("total_pot", "rake", "uncalled_inferred"))
    assert hand == (480000, 0, 333300)
    assert [(p, put, back, c, net) for _, p, _, _, _, _, put, back, c, net
            in rows(result.players, _PLAYER_COLUMNS)] == [
        ("Player0", 32500, 0, 0, -32500),
        ("Player1", 67500, 0, 0, -67500),
        ("Player2", 520800, 333300, 480000, 292500),
        ("Player3", 5000, 0, 0, -5000),
        ("Hero", 187500, 0, 0, -187500),
    ]  # fmt: skip
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (3, "Player2", 1, None, "whole", 135000),
        (3, "Player2", 1, None, "whole", 345000),
    ]


_RESULT = re.compile(r"^Seat (\d+): (.+) \(([0-9,.]+)\)(?: ([+-])([0-9,.]+))?$")


def _cents(text: str) -> int:
    whole, _, part = text.replace(",", "").partition(".")
    return int(whole) * 100 + int(part.ljust(2, "0"))


def test_every_net_is_the_result_the_summary_writes(shared: Path) -> None:
    """In every hand of every file, each player's net is the ``±`` result after the stack on
    the summary's seat line (none written: 0), and the stack less the net is the stack the
    hand started with."""
    compared = 0
    for path in room_files(shared, ["KingsClub"]):
        text = path.read_text(encoding="ascii")
        summary = text[text.index("*** SUMMARY ***") :].split("\n")
        written = {}
        for line in summary:
            match = _RESULT.match(line)
            if match:
                seat, player, after, sign, amount = match.groups()
                net = (-1 if sign == "-" else 1) * _cents(amount) if amount else 0
                written[player] = (int(seat), after, net)
        players = kingsclub.SITE.parse_file(path, every_flop_game=True).players.to_pylist()
        if path.name == Path(DRAWMAHA).name:  # a draw game: skipped
            assert players == []
            continue
        assert {p["player"]: (p["seat"], p["net"]) for p in players} == {
            name: (seat, net) for name, (seat, _, net) in written.items()
        }, path
        for p in players:
            assert p["stack"] + p["net"] == _cents(written[p["player"]][1]), (path, p["player"])
        compared += len(players)
    assert compared == 32  # the seat lines of the nine hands read (34 less Drawmaha's 2)


def _hand_text(shared: Path, path: str) -> str:
    return (shared / path).read_text(encoding="ascii")


def _parse_text(text: str) -> ParseResult:
    return kingsclub.SITE.parse(Chunk(text.encode(), "k.txt", 0, 1, "utf-8"))


def test_a_result_the_lines_do_not_give_is_listed(shared: Path) -> None:
    """Player1's result changed from +273.50 to +73.50: his collect line pays 758.50, more
    than a result of +73.50 leaves him; the hand is stored as printed, saying so. Changed
    to +473.50 instead: 200 more than the collect lines pay, from no pot there is."""
    text = _hand_text(shared, SPLIT)
    less = _parse_text(text.replace("(3,555.32) +273.50", "(3,555.32) +73.50"))
    assert less.hands.column("inconsistencies").to_pylist() == [
        ["the summary gives Player1 a result of $73.50, the hand's lines $273.50"]
    ]
    more = _parse_text(text.replace("(3,555.32) +273.50", "(3,555.32) +473.50"))
    assert more.hands.column("inconsistencies").to_pylist() == [
        ["players collected $1,717.00 from a total pot of $1,525.00 less $8.00 taken by the room"]
    ]


def test_the_time_on_its_own_line_is_eastern_time(shared: Path) -> None:
    """``2021-08-04 23:55:21`` is written without a zone: read as Eastern (summer) time."""
    [hand] = _parse(shared, SPLIT).hands.to_pylist()
    assert hand["started_at"].isoformat() == "2021-08-05T03:55:21+00:00"
    damaged = _hand_text(shared, SPLIT).replace("2021-08-04 23:55:21", "2021-08-04 25:55:21")
    [error] = _parse_text(damaged).import_errors.to_pylist()
    assert error["reason"] == "unreadable or non-existent start time in the hand header"


def test_drawmaha_is_skipped_as_another_game(shared: Path) -> None:
    result = kingsclub.SITE.parse_file(shared / DRAWMAHA, every_flop_game=True)
    assert result.hands.num_rows == result.import_errors.num_rows == 0
    assert result.import_skips.column("reason").to_pylist() == ["other game: Limit 2-7 Drawmaha"]


@pytest.mark.parametrize("removed", ["Rake 8", "*** SUMMARY ***"])
def test_a_hand_without_its_rake_or_summary(shared: Path, removed: str) -> None:
    """No rake line is no rake taken: the results then pay 8 more than the pot holds. No
    summary: a partial hand."""
    text = _hand_text(shared, SPLIT).replace(removed + "\n", "")
    result = _parse_text(text)
    if removed == "Rake 8":
        [problems] = result.hands.column("inconsistencies").to_pylist()
        assert problems == [
            "players collected $1,517.00 from a total pot of $1,525.00 less $0.00 taken by "
            "the room"
        ]
    else:
        [skip] = result.import_skips.to_pylist()
        assert skip["reason"] == "partial: the hand ends before its summary"
