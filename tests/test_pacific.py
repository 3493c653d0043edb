"""888's (Pacific Poker's) real hands read as their text says: raises by the chips they add,
a side pot, uncalled bets left out of the collect lines or held in them, a dead blind,
amounts in the room's many styles, cards in other languages and encodings, and the time
read as Eastern time.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text: amounts in hundredths (cents, chips), "raises [X]" adding X.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.engine.cards import normalized
from ingest.engine.contract import Chunk, ParseResult
from ingest.engine.fields import seat_fields, table_fields
from ingest.engine.header import _NO_TIME, _header_fields
from ingest.engine.text import split_chunks
from ingest.sites import pacific
from tests.golden import parse_clean, rows

FLO = "corpus/PacificPoker/cash/888-FLO-PM-30-60.txt"  # #362979074
SWEDISH = "corpus/PacificPoker/cash/PLO-6max-USD-25-50-201604.Swedish.txt"
DUTCH = "corpus/PacificPoker/cash/888-PLO-USD-10.00-20.00-201405.dutch.txt"
ALL_IN_BLIND = "formats/PacificPoker/cash/888-FHE-USD-5-10-201203.all.in.blind.txt"
DEAD_BLIND = "formats/PacificPoker/cash/888-FLH-PM-1.00-2.00-stacks_over_1k.txt"  # #440729192
RUSSIAN = "formats/PacificPoker/cash/888-NLHE-USD-0.02-0.04-201107.russian.cards.txt"
SPANISH = "formats/PacificPoker/tour/NLHE-6max-SNG-0.10-201206.hands.txt"
GERMAN = "formats/PacificPoker/cash/888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt"
HERO_LOSES = "formats/PacificPoker/cash/888-FLH-PM-0.50-1.00-HeroLoses18.txt"
LEFT_OUT = "formats/PacificPoker/tour/NLHE-USD-MTT-0.90-201205.uncalledbets.false.positive.txt"
HELD = "formats/PacificPoker/tour/NLHE-USD-MTT-0.90-201205.uncalledbets.correct.txt"

_HAND_COLUMNS = ("hand_id", "game", "limit_type", "currency", "small_blind", "big_blind",
                 "table_name", "max_seats", "button_seat", "boards", "total_pot", "rake",
                 "uncalled_inferred", "inconsistencies")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "hole_cards", "put_in",
                   "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in")
_COLLECT_COLUMNS = ("seat", "player", "board", "pot", "half", "amount")


def _parse(shared: Path, path: str) -> ParseResult:
    return parse_clean(pacific.SITE, shared / path)


def test_raises_add_their_chips_and_a_side_pot_is_paid_apart(shared: Path) -> None:
    """#362979074, Fix Limit Omaha 15/30 play money: on the flop ``rolirs301 raises [60]``
    over a 30 bet (to 60) and ``jamiemaxey raises [60]`` (30 + 60 = 90); freshmoney2y is all
    in for 240 on the turn. rolirs301 collects ``[ 957.50 ]`` (the 960 main pot less 2.50)
    and ``[ 120 ]`` (the side pot, whole): no line names the pots."""
    result = _parse(shared, FLO)
    hand = "362979074"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "omaha", "FL", "play", 1500, 3000, "Bratislava", None, 2,
         ["Js 8c 9s Ks Qh"], 108000, 250, 0, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (1, "CARNERA4", 486000, "CO", False, None, 12000, 0, 0, -12000),
        (2, "freshmoney2y", 24000, "BTN", False, "Ah 9h Td 5d", 24000, 0, 0, -24000),
        (3, "rolirs301", 72500, "SB", False, "3h 8s Th Qs", 30000, 0, 107750, 77750),
        (4, "physco30", 109000, "BB", False, None, 12000, 0, 0, -12000),
        (9, "jamiemaxey", 71000, "UTG", False, "7s Jc 5s 4s", 30000, 0, 0, -30000),
    ]
    flop_and_turn = [row for row in rows(result.actions, _ACTION_COLUMNS, hand)
                     if row[0] in ("flop", "turn")]  # fmt: skip
    assert flop_and_turn == [
        ("flop", "rolirs301", "check", 0, None, 0, False),
        ("flop", "physco30", "check", 0, None, 0, False),
        ("flop", "jamiemaxey", "bet", 3000, None, 0, False),
        ("flop", "CARNERA4", "call", 3000, None, 0, False),
        ("flop", "freshmoney2y", "call", 3000, None, 0, False),
        ("flop", "rolirs301", "raise", 6000, 6000, 0, False),
        ("flop", "physco30", "call", 6000, None, 0, False),
        ("flop", "jamiemaxey", "raise", 6000, 9000, 0, False),
        ("flop", "CARNERA4", "call", 6000, None, 0, False),
        ("flop", "freshmoney2y", "call", 6000, None, 0, False),
        ("flop", "rolirs301", "call", 3000, None, 0, False),
        ("flop", "physco30", "call", 3000, None, 0, False),
        ("turn", "rolirs301", "bet", 6000, None, 0, False),
        ("turn", "physco30", "fold", 0, None, 0, False),
        ("turn", "jamiemaxey", "raise", 12000, 12000, 0, False),
        ("turn", "CARNERA4", "fold", 0, None, 0, False),
        # no line says all-in: the stack does (30 + 90 + 120 = 240)
        ("turn", "freshmoney2y", "call", 12000, None, 0, True),
        ("turn", "rolirs301", "call", 6000, None, 0, False),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS, hand) == [
        (3, "rolirs301", 1, None, "whole", 95750),
        (3, "rolirs301", 1, None, "whole", 12000),
    ]


def test_an_unmatched_bet_held_in_a_collect_line_of_its_own(shared: Path) -> None:
    """#418361264, $5/$10 Fix Limit Hold'em: Player0's big blind is his whole $10, ``Hero
    raises [$20]``, all fold. ``Player0 collected [ $23.75 ]`` (25 less 1.25) and ``Hero
    collected [ $10 ]``, his unmatched raise: read so the pots pay 23.75 of 25, a rake; read
    as a pot the hand would pay 33.75 of 25."""
    result = _parse(shared, ALL_IN_BLIND)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("418361264", "Fix Limit Holdem", "FL", "USD", 500, 1000, "Hokkaido", None, 6,
         ["8s As 2d 6h 5d"], 2500, 125, 1000, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (2, "Player0", 1000, "BB", False, "2c Ts", 1000, 0, 2375, 1375),
        (4, "Player1", 172825, "CO", False, None, 0, 0, 0, 0),
        (6, "Hero", 52700, "BTN", True, "Td Qd", 2000, 1000, 0, -1000),
        (9, "Player2", 61500, "SB", False, None, 500, 0, 0, -500),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [(2, "Player0", 1, 0, "whole", 2375)]


def test_a_tournament_bet_returned_left_out_then_held_in_the_collect_lines(shared: Path) -> None:
    """One tournament, two hands six minutes apart, no rake: #384829651 ``Player7 raises
    [$3,520]``, Player0 folds, ``Player7 collected [ $2,240 ]`` (640 antes + 800 + 800: the
    3,120 returned left out); #384831647 ``Player3 raises [$30,670]``, Player4 folds,
    ``Player3 collected [ $33,190 ]`` (the 30,070 returned inside)."""
    columns = ("hand_id", "currency", "total_pot", "rake", "uncalled_inferred")
    left_out, held = _parse(shared, LEFT_OUT), _parse(shared, HELD)
    assert rows(left_out.hands, columns) == [("384829651", "chips", 224000, 0, 312000)]
    assert rows(held.hands, columns) == [("384831647", "chips", 312000, 0, 3007000)]
    winners = ("player", "put_in", "returned", "collected", "net")
    assert ("Player7", 400000, 312000, 224000, 136000) in rows(left_out.players, winners)
    assert ("Player3", 3139000, 3007000, 312000, 180000) in rows(held.players, winners)


def test_a_dead_blind_is_a_dead_small_blind_and_a_live_big_blind(shared: Path) -> None:
    """#440729192, 0.50/1 Fix Limit Hold'em: ``Tigran64 posts dead blind [0.50 + 1]`` puts
    1.50 in, 0.50 of it dead; he then checks facing the 1 big blind."""
    result = _parse(shared, DEAD_BLIND)
    actions = rows(result.actions, _ACTION_COLUMNS, "440729192")
    assert actions[:7] == [
        ("preflop", "Borr_09", "post_sb", 50, None, 0, False),
        ("preflop", "nutuleo", "post_bb", 100, None, 0, False),
        ("preflop", "Tigran64", "post_sb_bb", 150, None, 50, False),
        ("preflop", "ben1939", "fold", 0, None, 0, False),
        ("preflop", "smir794", "fold", 0, None, 0, False),
        ("preflop", "capelo53", "call", 100, None, 0, False),
        ("preflop", "Tigran64", "check", 0, None, 0, False),
    ]
    players = rows(result.players, ("player", "put_in", "collected", "net"), "440729192")
    assert ("Tigran64", 1050, 3575, 2525) in players


def test_amounts_with_spaces_and_swedish_cards(shared: Path) -> None:
    """#873819368, 25 $/50 $ PL Omaha: ``Seat 4: Player0 ( 1 625 $ )`` (no-break spaces),
    Hero dealt ``[ Dd, Eh, 4d, 8h ]`` (dam, ess), flop ``[ 6h, Kns, 7s ]`` (knekt);
    ``Player0 bets [900 $]``, Hero folds, ``Player0 collected [ 899 $ ]``: the 900 returned
    left out, a rake of 1 on 900."""
    result = _parse(shared, SWEDISH)
    hand = "873819368"
    assert rows(result.hands, _HAND_COLUMNS, hand) == [
        (hand, "omaha", "PL", "USD", 2500, 5000, "Kumanovo", 6, 9, ["6h Js 7s"], 90000, 100,
         90000, []),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (4, "Player0", 162500, "BB", False, None, 135000, 90000, 89900, 44900),
        (9, "Hero", 987100, "BTN", True, "Qd Ah 4d 8h", 45000, 0, 0, -45000),
    ]


@pytest.mark.parametrize(
    ("path", "hand", "cards", "board"),
    [
        # Dutch: "$ 3.243" is 3,243; H, V, B are king, queen, jack
        (DUTCH, "305277727", {"Hero": "Kc 8h Td 6h", "Player2": "7d 6c Kd Ah"}, "7c Kh Ts Qs 6s"),
        # Russian, in cp1251: Cyrillic Ve, De, Te are jack, queen, ace
        (RUSSIAN, "103581731", {"Player0": "2d Ad", "Player1": "8c Ac"}, "9s Jh 2s 5h Qc"),
        # Spanish, in cp1252 (the euro sign): p is picas, t tréboles
        (SPANISH, "414180466", {"Hero": "7s 8c"}, "Kd 2s 5d"),
        # German suits: Pik is spades
        (GERMAN, "332877236", {"Hero": "8s Qs"}, None),
    ],
)
def test_cards_in_other_languages(
    shared: Path, path: str, hand: str, cards: dict[str, str], board: str | None
) -> None:
    result = _parse(shared, path)
    held = dict(rows(result.players, ("player", "hole_cards"), hand))
    assert {name: held[name] for name in cards} == cards
    assert rows(result.hands, ("boards",), hand) == [([board] if board else [],)]


def test_the_time_is_read_as_eastern_time(shared: Path) -> None:
    """``21 03 2011 19:41:31`` (day first, no zone) is 23:41:31 UTC under summer time in
    New York, the start time FPDB's ``.hands`` sidecar of this file gives."""
    result = _parse(shared, HERO_LOSES)
    (started,) = pl.from_arrow(result.hands.select(["started_at"]))["started_at"].to_list()
    assert started == dt.datetime(2011, 3, 21, 23, 41, 31, tzinfo=dt.UTC)


def test_a_file_not_in_utf8_is_read_in_the_encoding_of_its_letters() -> None:
    """The reader takes text that is not UTF-8 as cp1252; a hand whose card letters are
    Cyrillic in cp1251 is read so, one with the euro sign stays in cp1252."""
    text = (
        "#Game No : 1\n***** Cassava Hand History for Game 1 *****\n"
        "0,02 €/0,04 € Blinds No Limit Holdem - *** 03 07 2011 00:50:21\n"
        "Table T (Real Money)\nSeat 1 is the button\nTotal number of players : 2\n"
        "Seat 1: A ( 1 € )\nSeat 2: B ( 1 € )\nA posts small blind [0,02 €]\n"
        "B posts big blind [0,04 €]\n** Dealing down cards **\nDealt to A [ \u0422d, \u0414c ]\n"
        "A folds\n** Summary **\nB collected [ 0,06 € ]\n"
    )
    russian = text.replace("€", "$").encode("cp1251")
    euro = text.replace("\u0422", "K").replace("\u0414", "Q").encode("cp1252")
    for data, cards in ((russian, "Ad Qc"), (euro, "Kd Qc")):
        result = pacific.SITE.parse(Chunk(data, "f.txt", 0, 1, "cp1252"), every_flop_game=True)
        assert rows(result.players, ("player", "hole_cards"))[0] == ("A", cards)


# Amounts as 888 writes them, with their hundredths: a mark before exactly three digits
# groups thousands, any other is the decimal mark.
_AMOUNTS = {
    "$0.02": 2, "$1,728.25": 172825, "4,202.50": 420250, "0,38 $": 38, "0,02$": 2,
    "$ 3.243": 324300, "$ 552,72": 55272, "5\u00a0000\u00a0$": 500000, "1 092 698": 109269800,
    "1.183.764 $": 118376400, "42.797,60 $": 4279760, "2.000 €": 200000, "15 €": 1500,
    "$1,379": 137900, "0,01 $": 1, "25": 2500, "$ 10": 1000,
}  # fmt: skip


def _scan(texts: list[str]) -> list[int]:
    encoded = [text.encode() for text in texts]
    bounds = np.cumsum([0, *(len(item) for item in encoded)]).astype(np.int64)
    data = np.frombuffer(b"".join(encoded) or b" ", np.uint8)
    style = pacific.GRAMMAR.amounts
    return [int(v) for v in style.hundredths(data, bounds[:-1], bounds[1:], -1)]


def test_the_room_amount_styles() -> None:
    assert _scan(list(_AMOUNTS)) == list(_AMOUNTS.values())
    assert _scan(["$", "1,23,4", "1.2345", "$ $1", "1  000", "12k"]) == [-1] * 6


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(alphabet="0123456789,. \u00a0$€", max_size=10), max_size=12))
def test_the_amount_scan_reads_as_the_style_regex(texts: list[str]) -> None:
    """The compiled scan of 888's amount style against the style's plain regex and value."""
    style = pacific.GRAMMAR.amounts
    expected = [value if (value := style.value(text)) is not None else -1 for text in texts]
    assert _scan(texts) == expected


@settings(max_examples=200, deadline=None)
@given(
    day=st.from_regex(r"[0-9]{1,3} [0-9]{1,3} [0-9]{1,5}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
    number=st.from_regex(r"[1-9][0-9]{5,9}", fullmatch=True),  # 888's: 7 to 10 digits
    table=st.sampled_from(["Table Kumanovo 6 Max (Real Money)", "Tournament #5 $1 - Table #2"]),
    dated=st.booleans(),
)
def test_a_header_of_four_lines_reads_as_the_regex_and_polars_read_it(
    day: str, time: str, number: str, table: str, dated: bool
) -> None:
    """A header of several lines (``Grammar.header_lines``): the template is its text less
    the hand number (on its first line, and again on a later one) and less the time, which
    runs to its line's end (day first, a space between the date's parts); the lines after
    the time's stay in the template."""
    when = f" - *** {day} {time}" if dated else " - ***"
    header = (f"#Game No : {number}\n***** 888poker Hand History for Game {number} *****\n"
              f"$ 10/$ 20 Blinds Pot Limit Omaha{when}\n{table}")  # fmt: skip
    text = split_chunks([Chunk(header.encode(), "f.txt", 0, 1, "utf-8")])
    grammar = pacific.GRAMMAR
    spans, zone, et_given, local = _header_fields(
        text.data, text.starts[:1], text.ends[-1:], grammar.tables.hand_id,
        grammar.tables.hand_id_end, grammar.wording.words, False, text.starts[:1] * 0 - 1,
        text.starts[:1] * 0 - 1, grammar.wording.date_fields,
    )  # fmt: skip
    raw = text.data.tobytes()
    assert raw[spans[0, 0] : spans[0, 1]].decode() == number
    template = b"".join(raw[spans[0, k] : spans[0, k + 1]] for k in range(2, 10, 2)).decode()
    expected = ("#Game No : \n***** 888poker Hand History for Game  *****\n"
                f"$ 10/$ 20 Blinds Pot Limit Omaha{'' if dated else when}\n{table}")  # fmt: skip
    assert template == expected
    assert (zone[0], et_given[0]) == (-1, False)
    parsed = pl.Series([f"{day} {time}"]).str.to_datetime("%d %m %Y %H:%M:%S", strict=False)
    parsed = parsed.fill_null(
        pl.Series([f"{day} {time}"]).str.to_datetime("%d %m %Y %H:%M", strict=False)
    )
    read = [None if t == _NO_TIME else t for t in local]
    assert read == (parsed.cast(pl.Int64).to_list() if dated else [None])


# The regex a seat line of a stack written between "( " and " )" follows.
_SEAT_LINE = r"^Seat ([0-9]+): (.*?) \( ([^()]+) \)$"


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["Seat ", "3", ": ", " ", "(", ")", "( ", " )", "Hero", "$ 3.243",
                              "5\u00a0000\u00a0$", "é"]), max_size=10),
)  # fmt: skip
def test_seat_lines_with_a_stack_between_brackets_read_as_the_regex_reads_them(
    pieces: list[str],
) -> None:
    line = "Seat 1: " + "".join(pieces)
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    grammar = pacific.GRAMMAR
    spans = seat_fields(text.data, text.starts, text.ends, grammar.tables.stack_suffix,
                        grammar.wording.words, *grammar.tables.stack_between)  # fmt: skip
    raw = text.data.tobytes()
    match = re.match(_SEAT_LINE, line.rstrip(" \t"))  # a line is read without its trailing blanks
    stack = None if spans[0, 4] < 0 else raw[spans[0, 4] : spans[0, 5]].decode()
    assert stack == (match.group(3) if match else None)
    if match:
        assert raw[spans[0, 2] : spans[0, 3]].decode() == match.group(2)


@pytest.mark.parametrize(
    ("line", "button"),
    [("Seat 9 is the button", 9), ("Seat #10 is the button", 10), ("Seat 9 is the button!", -1),
     ("Seat 9: X is the button", -1), ("Seat is the button", -1)],
)  # fmt: skip
def test_a_line_of_the_button_alone(line: str, button: int) -> None:
    """``^Seat #?([0-9]+) is the button$``: the button's seat, and no table name."""
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    found = table_fields(text.data, text.starts, text.ends, pacific.GRAMMAR.wording.words, False)
    assert (int(found[0, 0]), int(found[0, 3])) == (-1, button)


def test_cards_in_lists_and_other_words() -> None:
    words = pacific.GRAMMAR.card_words
    cards = pl.Series(["[ Tc, Knh, 9h, 9c ]", " Ec, Knd, 4c, Kh ", "8Pik, QPik", "10h, Xx", None])
    assert normalized(cards, words, ", ").to_list() == [
        "Tc Jh 9h 9c", "Ac Jd 4c Kh", "8s Qs", "Th Xx", None,
    ]  # fmt: skip
