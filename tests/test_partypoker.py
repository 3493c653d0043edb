"""PartyPoker's real hands read as their text says: a cash-out paid by the room, a returned
bet inside what its bettor collected, ``raises [X]`` adding X, a tournament pot split hi and
lo, statements glued on one line, tournament blinds no line prints; every player's net equal
to the one the summary writes; and the scans behind them pinned to plain regexes.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
history text, in hundredths (cents; tournaments: of a chip).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import numpy as np
import polars as pl
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.engine import fields, scan
from ingest.engine.contract import Chunk, ParseResult
from ingest.engine.glued import unglue
from ingest.engine.header import _NO_TIME, _ZONE_NAMES, _header_fields
from ingest.engine.text import split_chunks
from ingest.sites import partypoker
from tests.conformance import room_files
from tests.golden import parse_clean, rows

CASH_OUT = "corpus/PartyPoker/cash/PLO-6max-USD-0.10-0.25-202602.cash.out.txt"
SPLIT = "corpus/PartyPoker/cash/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt"
LO8 = "corpus/PartyPoker/cash/LO8-USD-20-40.201201.limit3format.txt"
PLO8 = "corpus/PartyPoker/tour/PLO8-10max-USD-20-2-201310.chat.fix.txt"
DIFF = "corpus/PartyPoker/cash/PLO-6max-USD-5-10-201202.diff.format.txt"
MAC = "formats/PartyPoker/cash/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt"
HEADS_UP = "formats/PartyPoker/tour/NLHE-USD-STT.201203.heads.up.txt"

_HAND_COLUMNS = ("hand_id", "game", "hi_lo", "limit_type", "currency", "small_blind",
                 "big_blind", "table_name", "max_seats", "button_seat", "started_at",
                 "boards", "total_pot", "rake", "uncalled_inferred", "inconsistencies",
                 "tournament_id", "level")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "hole_cards", "put_in",
                   "returned", "collected", "cashed_out", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in", "board")
_COLLECT_COLUMNS = ("seat", "player", "board", "pot", "half", "amount")
_UTC = dt.UTC


def _parse(shared: Path, path: str) -> ParseResult:
    return parse_clean(partypoker.SITE, shared / path)


def test_a_cash_out_paid_by_the_room(shared: Path) -> None:
    """#1770659766668adeb0h5qfm, the 2026 client, PL Omaha 0.10/0.25: Player2 calls all in
    on the flop and takes the cash-out (``Player2 Cashout Amount is 23.01``), paid by the
    room; Hero's flop raise to 20.52 is 2.97 more than Player2 can call: it comes back, in
    Hero's ``collected $41.47`` (= ``Main Pot: $38.50`` + 2.97). 43.47 put in, 2.97 back,
    ``Rake: $2.0``. Player2's own balance line says ``collected $23.01``: the cash-out, not a
    pot share; his cards are the summary's. The nets are the summary's: +2.81, +18.30."""
    result = _parse(shared, CASH_OUT)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("1770659766668adeb0h5qfm", "omaha", False, "PL", "USD", 10, 25, "Table 7488952", 6,
         1, dt.datetime(2026, 2, 9, 17, 55, 26, tzinfo=_UTC), ["Jc 7d 6c Ts Js"], 4050, 200,
         297, [], None, None),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Player4", 5664, "BTN", False, None, 0, 0, 0, 0, 0),
        (2, "Player1", 1993, "SB", False, None, 10, 0, 0, 0, -10),
        (3, "Player2", 2020, "BB", False, "Tc Ac Ad 4c", 2020, 0, 0, 2301, 281),
        (4, "Hero", 2586, "CO", True, "9c 7h 8h 4d", 2317, 297, 3850, 0, 1830),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Player1", "post_sb", 10, None, 0, False, None),
        ("preflop", "Player2", "post_bb", 25, None, 0, False, None),
        ("preflop", "Hero", "raise", 85, 85, 0, False, None),  # raises 0.85 to 0.85
        ("preflop", "Player4", "fold", 0, None, 0, False, None),
        ("preflop", "Player1", "fold", 0, None, 0, False, None),
        ("preflop", "Player2", "raise", 240, 265, 0, False, None),  # raises 2.40 to 2.65
        ("preflop", "Hero", "call", 180, None, 0, False, None),
        ("flop", "Player2", "bet", 513, None, 0, False, None),
        ("flop", "Hero", "raise", 2052, 2052, 0, False, None),
        ("flop", "Hero", "return", 297, None, 0, False, None),
        ("flop", "Player2", "call", 1242, None, 0, True, None),  # his last 12.42
        ("flop", "Player2", "cash_out", 2301, None, 0, False, 1),
        ("summary", "Player2", "show", 0, None, 0, False, 1),
        ("summary", "Hero", "collect", 3850, None, 0, False, 1),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [(4, "Hero", 1, 0, "whole", 3850)]


def test_a_returned_bet_is_inside_what_its_bettor_collected(shared: Path) -> None:
    """#17845596867267gpyxw6jp9t: Hero (small blind) ``raises 0.65 to 0.75`` (to 0.75, the
    0.65 added), Player2 calls 0.50; Player2 bets 1.07 on the flop and Hero folds. No line
    returns the 1.07: ``Main Pot: $1.43 Rake: $0.07`` is the 1.50 before it, Player2's
    ``collected $2.50`` holds it (1.43 + 1.07)."""
    result = _parse(shared, SPLIT)
    hand = "17845596867267gpyxw6jp9t"
    [row] = rows(result.hands, ("total_pot", "rake", "uncalled_inferred", "boards"), hand)
    assert row == (150, 7, 107, ["2s 6s 9s"])
    assert rows(result.players, _PLAYER_COLUMNS, hand) == [
        (1, "Player4", 9523, "BTN", False, None, 0, 0, 0, 0, 0),
        (2, "Hero", 3232, "SB", True, "Tc Qs 6c Kh", 75, 0, 0, 0, -75),
        (3, "Player2", 2195, "BB", False, None, 182, 107, 143, 0, 68),
        (4, "Player3", 702, "CO", False, None, 0, 0, 0, 0, 0),
    ]
    assert rows(result.actions, _ACTION_COLUMNS, hand)[4:] == [
        ("preflop", "Hero", "raise", 65, 75, 0, False, None),
        ("preflop", "Player2", "call", 50, None, 0, False, None),
        ("flop", "Hero", "check", 0, None, 0, False, None),
        ("flop", "Player2", "bet", 107, None, 0, False, None),
        ("flop", "Player2", "return", 107, None, 0, False, None),
        ("flop", "Hero", "fold", 0, None, 0, False, None),
        ("summary", "Player2", "collect", 143, None, 0, False, 1),
    ]


def test_raises_add_their_amount_and_the_rake_is_what_is_left(shared: Path) -> None:
    """#11354414824, ``$20/$40 USD FL Omaha Hi-Lo`` (the bets; blinds 10/20): ``Player1
    raises [$30 USD]`` over his small blind (to 40), ``Player0 raises [$40 USD]`` over his
    big blind (to 60), ``Player1 raises [$40 USD]`` (to 80), ``Player0 calls [$20 USD]``.
    The turn bet of $40 is not called: ``Player1 wins $239 USD`` is it and the $200 pot
    less a rake no line writes, $1."""
    result = _parse(shared, LO8)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("11354414824", "omaha8", True, "FL", "USD", 2000, 4000, "Table  125516", 10, 9,
         dt.datetime(2012, 1, 26, 23, 13, 53, tzinfo=_UTC), ["Qh Kd 6d Qs"], 20000, 100, 4000,
         [], None, None),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (9, "Player1", 30000, "BTN", False, None, 14000, 4000, 19900, 0, 9900),
        (10, "Player0", 20000, "BB", True, "7d Ah 6s 2h", 10000, 0, 0, 0, -10000),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Player1", "post_sb", 1000, None, 0, False, None),
        ("preflop", "Player0", "post_bb", 2000, None, 0, False, None),
        ("preflop", "Player1", "raise", 3000, 4000, 0, False, None),
        ("preflop", "Player0", "raise", 4000, 6000, 0, False, None),
        ("preflop", "Player1", "raise", 4000, 8000, 0, False, None),
        ("preflop", "Player0", "call", 2000, None, 0, False, None),
        ("flop", "Player0", "check", 0, None, 0, False, None),
        ("flop", "Player1", "bet", 2000, None, 0, False, None),
        ("flop", "Player0", "call", 2000, None, 0, False, None),
        ("turn", "Player0", "check", 0, None, 0, False, None),
        ("turn", "Player1", "bet", 4000, None, 0, False, None),
        ("turn", "Player1", "return", 4000, None, 0, False, None),
        ("turn", "Player0", "fold", 0, None, 0, False, None),
        ("turn", "Player1", "collect", 19900, None, 0, False, 1),
    ]


def test_a_tournament_pot_split_hi_and_lo(shared: Path) -> None:
    """#13387439135, a PL Omaha Hi-Lo tournament (level 2, blinds 20/40, on the header and
    again after the seats): 1,280 in the pot, ``Player6 wins 640 chips from the main pot``
    (the high) and ``Player2 wins Lo (640 chips) from the main pot`` (the low); a chat line
    among the actions carries nothing."""
    result = _parse(shared, PLO8)
    [row] = rows(result.hands, _HAND_COLUMNS)
    assert row == (
        "13387439135", "omaha8", True, "PL", "chips", 2000, 4000,
        "$1,000 Gtd (105411156) Table #2", 10, 6,
        dt.datetime(2013, 10, 31, 20, 4, 15, tzinfo=_UTC), ["Qc 3s Ks 5s 6h"], 128000, 0, 0, [],
        "105411156", "2",
    )  # fmt: skip
    players = {p: (put, c, net, cards) for _, p, _, _, _, cards, put, _, c, _, net
               in rows(result.players, _PLAYER_COLUMNS)}  # fmt: skip
    assert players["Player2"] == (56000, 64000, 8000, "2d Jd Qs Ah")
    assert players["Player6"] == (56000, 64000, 8000, "9s Kh 4h Ts")
    assert players["Hero"] == (8000, 0, -8000, "Ac 2c 5d 5c")
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (8, "Player6", 1, 0, "whole", 64000),
        (5, "Player2", 1, 0, "whole", 64000),
    ]


def test_the_mac_client_s_lines(shared: Path) -> None:
    """The Mac client, ``#Game No : 4567631488`` before hand #12395241485: decimal commas
    (``$26,02 USD``), ``seat 1:``, the date ``Sunday,December 9, 14:34:49 ICT 2012``
    (Bangkok time), ``is all-In  [ $20,90 USD ]`` adding 20.90 (to 26.15, called with
    ``calls [ $5,24 USD ]`` over 20.91), and two wins glued on one line, split $27,37 and
    $27,36: the pot of 57.61 less a rake of 2.88."""
    result = _parse(shared, MAC)
    [row] = rows(result.hands, ("hand_id", "started_at", "total_pot", "rake"))
    assert row == ("12395241485", dt.datetime(2012, 12, 9, 7, 34, 49, tzinfo=_UTC), 5761, 288)
    flop = [r for r in rows(result.actions, _ACTION_COLUMNS) if r[0] == "flop"]
    assert flop == [
        ("flop", "Player3", "check", 0, None, 0, False, None),
        ("flop", "Player4", "check", 0, None, 0, False, None),
        ("flop", "Player1", "bet", 221, None, 0, False, None),
        ("flop", "Player3", "raise", 525, 525, 0, False, None),
        ("flop", "Player4", "raise", 2091, 2091, 0, False, None),
        ("flop", "Player1", "fold", 0, None, 0, False, None),
        ("flop", "Player3", "raise", 2090, 2615, 0, True, None),
        ("flop", "Player4", "call", 524, None, 0, False, None),
    ]
    assert rows(result.collections, _COLLECT_COLUMNS) == [
        (3, "Player3", 1, 0, "whole", 2737),
        (4, "Player4", 1, 0, "whole", 2736),
    ]


def test_a_hand_whose_number_the_line_before_does_not_give(shared: Path) -> None:
    """``#Game No : 4687559040`` then ``***** Hand History for Game 11443748272 *****``: the
    hand is the second; ``$1,000 USD PL  Omaha Hi-Saturday,February 18, 01:10:59 EST
    2012`` names the table's buy-in (the blinds are those posted, 5/10) and its time after
    a dash with no spaces; ``seat1:``, ``raises[ $25 USD ]``."""
    result = _parse(shared, DIFF)
    [row] = rows(result.hands, _HAND_COLUMNS)
    assert row == (
        "11443748272", "omaha", False, "PL", "USD", 500, 1000, "Table  167070", 6, 4,
        dt.datetime(2012, 2, 18, 6, 10, 59, tzinfo=_UTC), ["Qd 7c Ac 3d 3h"], 36600, 200, 0,
        [], None, None,
    )  # fmt: skip
    seats = [(s, p, stack) for s, p, stack, *_ in rows(result.players, _PLAYER_COLUMNS)]
    assert seats[:3] == [(1, "Player0", 66425), (2, "Hero", 212750), (3, "Player1", 113200)]


def test_tournament_blinds_no_line_prints(shared: Path) -> None:
    """#11492045316, heads-up at level 7 (``Blinds-Antes(400/800 -25)``), no post line:
    the button Player0 posts the small blind (400), Player1 the big blind (800) after their
    antes; ``Player0 raises [2,000]`` (to 2,400), ``Player1 is all-In  [1,680]`` (his 2,480
    left after the ante), ``Player0 calls [80]``: 5,010 = ``wins 5,010 chips``."""
    result = _parse(shared, HEADS_UP)
    assert rows(result.actions, _ACTION_COLUMNS)[:7] == [
        ("preflop", "Player0", "ante", 2500, None, 2500, False, None),
        ("preflop", "Player1", "ante", 2500, None, 2500, False, None),
        ("preflop", "Player0", "post_sb", 40000, None, 0, False, None),
        ("preflop", "Player1", "post_bb", 80000, None, 0, False, None),
        ("preflop", "Player0", "raise", 200000, 240000, 0, False, None),
        ("preflop", "Player1", "raise", 168000, 248000, 0, True, None),
        ("preflop", "Player0", "call", 8000, None, 0, False, None),
    ]


# The tournament hands of 2005-2013 that print no post line: their blinds are read from the
# button and the level's blinds (see ingest.engine.unprinted.tournament_blinds).
_UNPRINTED_BLINDS = {
    "formats/PartyPoker/cash/NLHE-10max-Freeroll-201207.name.starts.with.number.txt": 1,
    "formats/PartyPoker/tour/LHE-Freeroll-MTT-201207.txt": 2,
    "formats/PartyPoker/tour/NLHE-25-USD-Freeroll-MTT-201205.player.moved.txt": 1,
    "formats/PartyPoker/tour/NLHE-Freeroll-MTT-201008.Sample.hand.txt": 1,
    "formats/PartyPoker/tour/NLHE-MTT-USD-30-3-200508.Old.Format.txt": 1,
    "formats/PartyPoker/tour/NLHE-MTT-USD-530-201307.no.tz.txt": 1,
    "formats/PartyPoker/tour/NLHE-USD-MTT-215-201110.level.change.txt": 1,
    "formats/PartyPoker/tour/NLHE-USD-STT-10-201104.new.hand.delimiter.txt": 12,
    "formats/PartyPoker/tour/NLHE-USD-STT.201203.heads.up.txt": 1,
}


def test_every_hand_with_unprinted_blinds_balances_with_them(shared: Path) -> None:
    """The hands that print no post line are these 21 (and one more that is an error: a
    player with no seat acts in it); each is read with two posts no line prints, and each
    balances with them, to the chip."""
    found: dict[str, int] = {}
    for path in room_files(shared, ["PartyPoker"]):
        name = str(path.relative_to(shared))
        text = path.read_bytes().decode("utf-8")
        result = partypoker.SITE.parse_file(path, every_flop_game=True)
        hands = pl.from_arrow(result.hands)
        actions = pl.from_arrow(result.actions)
        assert isinstance(hands, pl.DataFrame) and isinstance(actions, pl.DataFrame)
        for hand_id, tournament, problems in hands.select(
            "hand_id", "is_tournament", "inconsistencies"
        ).iter_rows():
            start = text.index(f"Game {hand_id} *****")
            end = text.find("***** Hand History", start + 1)
            posts = re.findall(r"^\x00?\S.* posts (?:small|big) blind", text[start:end], re.M)
            if tournament and not posts:
                found[name] = found.get(name, 0) + 1
                blinds = actions.filter(pl.col("hand_id") == hand_id)["kind"].to_list()
                assert blinds.count("post_sb") == blinds.count("post_bb") == 1, hand_id
                assert problems == [], hand_id
    assert found == _UNPRINTED_BLINDS


_BALANCE = re.compile(
    r"^(.+?) (?:Cashed out  )?balance \$?[0-9.]+, "
    r"(?:didn't bet \(folded\)|sits out|lost \$?([0-9.]+)|bet \$?[0-9.]+, collected "
    r"\$?[0-9.]+, net ([+-])\$?([0-9.]+))"
)


def _units(text: str) -> int:
    """A written amount in hundredths of its unit: cents of money, hundredths of a chip."""
    whole, _, part = text.partition(".")
    return int(whole) * 100 + int(part.ljust(2, "0"))


def test_every_net_is_the_one_the_summary_writes(shared: Path) -> None:
    """In every hand of the summary format, each player's net is what the balance line
    says (``net +$0.52``, ``lost $0.57``, none: 0), but in the three tournament hands whose
    action lines are a few chips off their own summary (tests/rooms/partypoker.toml)."""
    off = {"16194828757579au6ou93d1", "161938625156465v9fyd47bg", "1618961225358jrdwo4ad458"}
    compared = 0
    for path in room_files(shared, ["PartyPoker"]):
        result = partypoker.SITE.parse_file(path, every_flop_game=True)
        text = path.read_bytes().decode("utf-8")
        for hand in result.hands.to_pylist():
            hand_id = hand["hand_id"]
            if f"Hand History For Game {hand_id}" not in text or hand_id in off:
                continue
            start = text.index(f"Game {hand_id} *****")
            summary = text[text.index("** Summary **", start) :].split("\n\n")[0]
            written = {}
            for line in summary.split("\n"):
                match = _BALANCE.match(line)
                if match:
                    name, lost, sign, net = match.groups()
                    written[name] = (-_units(lost) if lost else
                                     (-1 if sign == "-" else 1) * _units(net) if net
                                     else 0)  # fmt: skip
            nets = {p["player"]: p["net"] for p in result.players.to_pylist()
                    if p["hand_id"] == hand_id}  # fmt: skip
            assert nets == written, hand_id
            compared += len(nets)
    assert compared == 52  # the players of the 10 hands read (5 of them 2026 cash hands)


# --- the scans behind the room's lines, against plain regexes ------------------------------

_NAMES = ["Player3", "Player4", "Hero", "A b"]


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(
        st.sampled_from(["Player3", "Player4", "Hero", "A b", " ", ".", "sitting out", "wins",
                         "x", "$1", "Player"]),
        min_size=1, max_size=8,
    ),
)  # fmt: skip
def test_glued_statements_are_cut_as_the_regex_cuts_them(pieces: list[str]) -> None:
    """A line is cut before each seated player's name that follows a glue text ("." or
    "sitting out") and is followed by a space, as ``re.split`` with that lookbehind and
    lookahead cuts it (the first piece never empty: a line is not cut at its start)."""
    line = "Z" + "".join(pieces)
    seats = [f"Seat {k + 1}: {name} ( $1 USD )" for k, name in enumerate(_NAMES)]
    text = "\n".join(["H", *seats, line])
    chunk = split_chunks([Chunk(text.encode(), "f.txt", 0, 1, "utf-8")])
    hand = np.zeros(chunk.starts.size, np.int64)
    words = partypoker.GRAMMAR.wording.words
    cut = unglue(chunk, hand, np.array([chunk.starts.size - 1]), np.arange(1, 1 + len(seats)),
                 (".", "sitting out"), words, scan.lit(""),
                 partypoker.GRAMMAR.tables.stack_between)  # fmt: skip
    raw = cut.data.tobytes()
    got = [raw[a:b].decode() for a, b in zip(cut.starts, cut.ends, strict=True)][1 + len(seats) :]
    alternatives = "|".join(re.escape(n) for n in sorted(_NAMES, key=len, reverse=True))
    names = rf"(?:{'|'.join(re.escape(n) for n in _NAMES)}) "
    read = line.rstrip(" ")  # a line is read without the spaces that end it
    assert alternatives  # the names, longest first, as a seat's name is matched whole
    assert got == re.split(rf"(?:(?<=\.)|(?<=sitting out))(?={names})", read)


_SEAT = re.compile(r"^[Ss]eat *([0-9]+): (.*?) \( *([^ ()]+)[^()]*\)")


@settings(max_examples=300, deadline=None)
@given(
    word=st.sampled_from(["Seat ", "seat ", "seat", "Seat  "]),
    seat=st.integers(1, 12),
    name=st.text(st.sampled_from(list("abP0 ")), min_size=1, max_size=6).map(str.strip)
    .filter(bool),
    inside=st.sampled_from(["$2 USD", " $26,02 USD ", "3,000", " 1 ", "$0.80", "$9.08  USD "]),
    after=st.sampled_from(["", " - VPIP: 21, PFR: 14", " - (21.60 / 16.35)"]),
)  # fmt: skip
def test_seat_lines_read_as_the_regex_reads_them(
    word: str, seat: int, name: str, inside: str, after: str
) -> None:
    """``Seat 10: Player0 ( $200 USD )``, ``seat1: ...``, ``( 3,000 )``: the seat number
    after the seat word and its spaces, the name, the stack after the parenthesis and its
    spaces (the first such parenthesis), as the regex reads them."""
    line = f"{word}{seat}: {name} ({inside}){after}"
    data = np.frombuffer(line.encode(), np.uint8).copy()
    starts, ends = np.array([0], np.int64), np.array([data.size], np.int64)
    words = partypoker.GRAMMAR.wording.words
    [row] = fields.seat_fields(data, starts, ends, scan.lit(""), words,
                               *partypoker.GRAMMAR.tables.stack_between)
    got = tuple(line.encode()[a:b].decode() for a, b in zip(row[::2], row[1::2], strict=True))
    match = _SEAT.match(line)
    assert match is not None
    assert got == match.groups()


_WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
_MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    short=st.booleans(),
    weekday=st.sampled_from(_WEEKDAYS),
    month=st.sampled_from(_MONTHS),
    day=st.integers(0, 33),
    clock=st.tuples(st.integers(0, 25), st.integers(0, 61), st.integers(0, 61)),
    year=st.integers(1999, 2031),
    zone=st.sampled_from(["EST", "CEST", "ICT", ""]),
    comma=st.sampled_from([", ", ","]),
)  # fmt: skip
def test_times_that_name_their_month_read_as_strptime_reads_them(
    short: bool, weekday: str, month: str, day: int, clock: tuple[int, int, int], year: int,
    zone: str, comma: str,
) -> None:  # fmt: skip
    """The classic format's ``Thursday, January 26, 18:13:53 EST 2012`` and the summary
    format's ``Mon Feb 09 12:55:26 EST 2026``: the local time as ``strptime`` reads it (no
    time where it reads none), the zone as written."""
    hms = "{:02d}:{:02d}:{:02d}".format(*clock)
    zoned = f"{zone} " if zone else ""
    if short:
        when = f"{weekday[:3]} {month[:3]} {day:02d} {hms} {zoned}{year}"
        form = "%a %b %d %H:%M:%S %Y"
    else:
        when = f"{weekday}{comma}{month} {day}, {hms} {zoned}{year}"
        form = f"%A{comma}%B %d, %H:%M:%S %Y"
    header = "***** Hand History For Game 1 *****"
    text = split_chunks([Chunk(f"{header}\n0.10/0.25 Game - {when}".encode(), "f.txt", 0, 1,
                               "utf-8")])  # fmt: skip
    grammar = partypoker.GRAMMAR
    none = np.full(1, -1, np.int64)
    # the header's two lines read as one text (Grammar.header_lines)
    spans, zone_index, _, local = _header_fields(
        text.data, text.starts[:1], text.ends[1:2], grammar.tables.hand_id,
        grammar.tables.hand_id_end, grammar.wording.words, False, none, none,
        grammar.wording.date_fields,
    )
    try:
        naive = dt.datetime.strptime(when.replace(zoned, ""), form)
        expected: int | None = int((naive - dt.datetime(1970, 1, 1)).total_seconds()) * 10**6
    except ValueError:
        expected = None
    assert (None if local[0] == _NO_TIME else int(local[0])) == expected
    if expected is not None:
        read = _ZONE_NAMES[zone_index[0]] if zone_index[0] >= 0 else None
        assert read == {"EST": "America/New_York", "CEST": "Europe/Paris",
                        "ICT": "Asia/Bangkok"}.get(zone)  # fmt: skip
    raw = text.data.tobytes()
    # the template: the header less its hand number and its time
    template = b"".join(raw[spans[0, k] : spans[0, k + 1]] for k in range(2, 10, 2))
    assert template == b"***** Hand History For Game  *****\n0.10/0.25 Game "


_AMOUNTS = {
    "$1,534.96 USD": 153496, "$26,02 USD": 2602, " $0,25 USD ": 25, "$0.02  USD": 2,
    "0,35 €": 35, "€0.75 EUR": 75, "2,000 chips": 200000, "3,000": 300000, "$2.0": 200,
    "0.5": 50, "$16": 1600, "332194176": 33219417600,
}


def _styled(texts: list[str]) -> list[int]:
    encoded = [text.encode() for text in texts]
    bounds = np.cumsum([0, *(len(item) for item in encoded)]).astype(np.int64)
    data = np.frombuffer(b"".join(encoded) or b" ", np.uint8)
    style = partypoker.GRAMMAR.amounts
    return [int(v) for v in style.hundredths(data, bounds[:-1], bounds[1:], -1)]


def test_the_room_s_amounts() -> None:
    """Amounts as the room writes them: a unit after them, spaces around them in brackets,
    a decimal comma (the Mac client) or a comma grouping thousands."""
    assert _styled(list(_AMOUNTS)) == list(_AMOUNTS.values())
    assert _styled(["USD", "$1 USDX", "1,23,4", "1.2345", "$ $1"]) == [-1] * 5


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(alphabet="0123456789,. $€USDchips", max_size=12), max_size=12))
def test_the_amount_scan_reads_as_the_style_regex(texts: list[str]) -> None:
    """The compiled scan of the room's amount style (units and spaces included) against the
    style's plain regex and value."""
    style = partypoker.GRAMMAR.amounts
    expected = [value if (value := style.value(text)) is not None else -1 for text in texts]
    assert _styled(texts) == expected
