"""Everest Poker's real XML hands read as their elements say: a ``<SESSION/>`` before its
``<HAND>``, elements named for what they do and players named by their seats, whole cents
(hundredths of a chip in tournaments), a ``BET`` the chips it adds (of nothing, a check),
``PUSH`` an uncalled bet returned, the last ``SWEEP`` the pot net of the rake and tax its
attributes say, blinds whose kind their order decides, hole cards one card an element, and
times in seconds since 1970.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
elements: amounts in cents, or hundredths of a chip.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from ingest.engine.contract import Chunk, concat_results
from ingest.reader import iter_chunks
from ingest.sites import detect_site, everest
from tests.golden import parse_clean, rows

PLO = "corpus/Everest/cash/PLO-EUR-5-10-Unknown-Sample.txt"
ALL_IN_BLIND = "formats/Everest/tour/LHE-play-STT-201111.allin.blind.txt"
NEW_LEVEL = "formats/Everest/tour/LHE-play-STT-201110.new.level.txt"
EMAILED = "formats/Everest/cash/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt"
MTT = "formats/Everest/tour/NLHE-EUR-MTT-201207.space.delimiter.txt"
ONE_BLIND = "formats/Everest/cash/LHE-USD-0.02-0.04-201204.txt"

_HAND_COLUMNS = ("hand_id", "game", "limit_type", "currency", "small_blind", "big_blind",
                 "table_name", "button_seat", "boards", "total_pot", "rake", "tax",
                 "uncalled_inferred", "inconsistencies", "started_at")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "sitting_out",
                   "hole_cards", "put_in", "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to")
_UTC = dt.UTC


def test_the_pot_is_written_net_of_the_rake_and_tax_taken(shared: Path) -> None:
    """#6351562000, PLO €5/€10 heads-up: Hero's hole cards one ``<HOLE>`` each; ``BET
    2500`` over his small blind of 500 makes 3,000, the big blind's ``BET 2000`` matches
    it; the river bet of 180 is not called and comes back (``PUSH 18000``). Each ``SWEEP``
    writes the pot so far less the rake (150) and tax (100) taken so far: 5,750 of 6,000,
    the last 17,750 of the 18,000 left in the pot, which the ``WIN`` pays."""
    result = parse_clean(everest.SITE, shared / PLO)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("6351562000", "omaha", "PL", "EUR", 500, 1000, "Toulouse-2", 0, ["6s 8c Jh 6h 4c"],
         18000, 150, 100, 0, [], dt.datetime(2010, 11, 30, 22, 25, 32, tzinfo=_UTC)),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (0, "Hero", 100000, "BTN", True, False, "8h 2c Qc Ah", 9000, 0, 0, -9000),
        (4, "Villain", 50000, "BB", False, False, None, 27000, 18000, 17750, 8750),
    ]
    assert rows(result.actions, _ACTION_COLUMNS) == [
        ("preflop", "Hero", "post_sb", 500, None),
        ("preflop", "Villain", "post_bb", 1000, None),
        ("preflop", "Hero", "raise", 2500, 3000),
        ("preflop", "Villain", "call", 2000, None),
        ("flop", "Villain", "bet", 6000, None),
        ("flop", "Hero", "call", 6000, None),
        ("turn", "Villain", "check", 0, None),
        ("turn", "Hero", "check", 0, None),
        ("river", "Villain", "bet", 18000, None),
        ("river", "Hero", "fold", 0, None),
        ("river", "Villain", "return", 18000, None),
        ("summary", "Villain", "collect", 17750, None),
    ]
    assert rows(result.collections, ("seat", "player", "pot", "half", "amount")) == [
        (4, "Villain", 0, "whole", 17750)]


def test_a_big_blind_all_in_for_less_and_the_small_blind_s_excess_returned(
    shared: Path,
) -> None:
    """#7197400395, a Limit sit-and-go at 150/300 with antes of 30: Player2's 145 chips
    are an ante and a big blind of 115 (``BLIND amount="11500"``); the small blind's 150
    is 35 more than it, which comes back (``PUSH 3500``). The five board cards come in one
    ``COMMUNITY`` after the all-in, and each ``SHOW`` is written twice."""
    result = parse_clean(everest.SITE, shared / ALL_IN_BLIND)
    assert rows(result.hands, ("small_blind", "big_blind", "currency", "ante", "boards",
                               "total_pot", "tournament_id")) == [
        (15000, 30000, "chips", 3000, ["8s 9c Jh 6c 3s"], 35000, "49866114")]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (0, "Player1", 189000, "SB", False, False, "5d 6s", 18000, 3500, 0, -14500),
        (3, "Player2", 14500, "BB", False, False, "8d 9d", 14500, 0, 35000, 20500),
        (6, "Player3", 220000, "CO", False, False, None, 3000, 0, 0, -3000),
        (7, "Hero", 936000, "BTN", True, False, "9h 8c", 3000, 0, 0, -3000),
    ]
    assert rows(result.actions, ("street", "player", "kind", "amount", "all_in"))[4:] == [
        ("preflop", "Player1", "post_sb", 15000, False),
        ("preflop", "Player2", "post_bb", 11500, True),
        ("preflop", "Player3", "fold", 0, False),
        ("preflop", "Hero", "fold", 0, False),
        ("preflop", "Player1", "return", 3500, False),
        ("showdown", "Player1", "show", 0, False),
        ("showdown", "Player2", "show", 0, False),
        ("showdown", "Player1", "show", 0, False),
        ("showdown", "Player2", "show", 0, False),
        ("summary", "Player2", "collect", 35000, False),
    ]


def test_blinds_the_header_left_at_the_last_level_are_the_posts(shared: Path) -> None:
    """#7144066651: ``blinds="5/10"`` while the blinds posted are 10 and 20 (1,000 and
    2,000 hundredths): the level changed; the posts' blinds are the hand's (a fixed-limit
    round of 20 and 40: the big blind's ``BET 2000`` over its 20 calls the raise to 40)."""
    text = (shared / NEW_LEVEL).read_text()
    assert 'blinds="5/10"' in text and '<BLIND position="6" amount="2000"' in text
    result = parse_clean(everest.SITE, shared / NEW_LEVEL)
    assert rows(result.hands, ("limit_type", "small_blind", "big_blind", "total_pot")) == [
        ("FL", 1000, 2000, 35000)]
    calls = [row for row in rows(result.actions, _ACTION_COLUMNS) if row[1] == "Player0"]
    assert calls[:2] == [("preflop", "Player0", "post_bb", 2000, None),
                         ("preflop", "Player0", "call", 2000, None)]  # fmt: skip


def test_a_hand_s_only_blind_is_its_big_blind(shared: Path) -> None:
    """#7526266449, Limit $0.02/$0.04: one ``BLIND``, Hero's 2 cents, the big blind (no
    small blind is posted); the button's ``BET 2`` calls it, Hero's ``BET 2`` raises, the
    button calls; Hero's flop bet comes back."""
    result = parse_clean(everest.SITE, shared / ONE_BLIND)
    assert rows(result.hands, ("small_blind", "big_blind", "total_pot", "rake")) == [
        (1, 2, 8, 0)]
    assert [row for row in rows(result.actions, _ACTION_COLUMNS) if row[1] != "Player1"
            and row[2] != "fold"][:5] == [
        ("preflop", "Hero", "post_bb", 2, None),
        ("preflop", "Player0", "call", 2, None),
        ("preflop", "Hero", "raise", 2, 4),
        ("preflop", "Player0", "call", 2, None),
        ("flop", "Hero", "bet", 2, None),
    ]  # fmt: skip
    assert rows(result.players, ("player", "put_in", "returned", "collected", "net"))[:2] == [
        ("Player0", 4, 0, 0, -4), ("Hero", 6, 2, 8, 4)]


def test_decimal_commas_a_blind_not_posted_chat_and_a_bet_of_nothing(shared: Path) -> None:
    """#6754716931 (``blinds="0,01 €/0,02 €"``): Player4 posts no blind (``XBLIND``) and
    is dealt no cards: he sits out; two ``CHAT``\\ s carry nothing; the big blind's ``BET
    amount="0"`` is a check; the flop bet of 0.10 comes back."""
    result = parse_clean(everest.SITE, shared / EMAILED)
    assert rows(result.hands, ("currency", "small_blind", "big_blind", "total_pot")) == [
        ("EUR", 1, 2, 10)]
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (0, "Player1", 78, "BTN", False, False, None, 2, 0, 0, -2),
        (1, "Player2", 67, "SB", False, False, None, 12, 10, 10, 8),
        (2, "Hero", 200, "BB", True, False, "6c 5h", 2, 0, 0, -2),
        (3, "Player4", 200, None, False, True, None, 0, 0, 0, 0),
        (4, "Player5", 131, "UTG", False, False, None, 2, 0, 0, -2),
        (5, "Player6", 654, "CO", False, False, None, 2, 0, 0, -2),
    ]
    assert ("preflop", "Hero", "check", 0, None) in rows(result.actions, _ACTION_COLUMNS)


def test_blinds_grouped_by_spaces_and_an_all_in_marked(shared: Path) -> None:
    """#7653077769 (``blinds="1 750/3 500"``, a space grouping thousands): Hero's ``BET
    amount="418700" allin="1"`` is his stack less his ante and small blind, a raise to
    5,937; the big blind calls the 2,437 more (``BET 243700``)."""
    result = parse_clean(everest.SITE, shared / MTT)
    assert rows(result.hands, ("small_blind", "big_blind", "ante", "total_pot")) == [
        (175000, 350000, 35000, 1467400)]
    betting = [row for row in rows(result.actions, _ACTION_COLUMNS) if row[2] in ("raise", "call")]
    assert betting == [("preflop", "Hero", "raise", 418700, 593700),
                       ("preflop", "Player2", "call", 243700, None)]  # fmt: skip


def test_times_are_instants_whatever_zone_is_named(shared: Path) -> None:
    """``HAND time`` is seconds since 1970: a zone named for times written without one
    (``omaha import --timezone``) leaves it as it is."""
    paris = everest.SITE.with_zone("Europe/Paris").parse_file(shared / PLO)
    assert rows(paris.hands, ("started_at",)) == [
        (dt.datetime(2010, 11, 30, 22, 25, 32, tzinfo=_UTC),)]


def test_the_format_is_recognised_by_its_session_then_its_hand(shared: Path) -> None:
    """A ``<SESSION/>`` followed by a ``<HAND id time blinds>`` is Everest's; the session
    alone, a hand with no session before it, iPoker's session and PokerTracker's text
    export of Everest hands are not."""
    head = (shared / PLO).read_bytes()[:4096]
    assert detect_site(head) is everest.SITE
    session, hand = head.split(b"\n", 1)
    assert detect_site(session + b"\n") is None
    assert detect_site(hand) is None
    assert detect_site(session + b'\n<HAND id="1">\n') is None  # no time nor blinds
    export = (shared / "formats/PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt")
    site = detect_site(export.read_bytes()[:4096])
    assert site is not None and site.name == "pokertracker"


# A made-up session of two hands (not a corpus hand): a new player posts a big blind out
# of position with a penalty of a small blind beside it, dead.
_SESSION = """<SESSION time="1300000000" tableName="Made-1" id="1.2.3" type="ring" money="$" \
screenName="Hero" game="omaha-hi" gametype="pot-limit"/>
<HAND time="1300000100" id="9000000001" index="0" blinds="$0.50/$1" stakes="$0.50/$1">
  <SEAT position="0" name="Hero" balance="10000"/>
  <SEAT position="1" name="Small" balance="10000"/>
  <SEAT position="2" name="Big" balance="10000"/>
  <SEAT position="3" name="New" balance="10000"/>
  <DEALER position="0"/>
  <BLIND position="1" amount="50" penalty="0"/>
  <BLIND position="2" amount="100" penalty="0"/>
  <BLIND position="3" amount="100" penalty="50"/>
  <HOLE position="0">As</HOLE>
  <HOLE position="0">Kd</HOLE>
  <HOLE position="0">Qh</HOLE>
  <HOLE position="0">Jc</HOLE>
  <BET position="3" amount="0"/>
  <BET position="0" amount="100"/>
  <BET position="1" amount="50"/>
  <BET position="2" amount="0"/>
  <SWEEP rake="0" tax="0">450</SWEEP>
  <COMMUNITY>2c, 7d, 9h</COMMUNITY>
  <BET position="1" amount="200"/>
  <FOLD position="2"/>
  <FOLD position="3"/>
  <FOLD position="0"/>
  <PUSH position="1" amount="200"/>
  <SWEEP rake="0" tax="0">450</SWEEP>
  <WIN position="1" amount="450" pot="0" potAmount="450"/>
</HAND>
<HAND time="1300000200" id="9000000002" index="1" blinds="$0.50/$1" stakes="$0.50/$1">
  <SEAT position="0" name="Hero" balance="9900"/>
  <SEAT position="1" name="Small" balance="10350"/>
  <SEAT position="2" name="Big" balance="9900"/>
  <DEALER position="1"/>
  <BLIND position="2" amount="50" penalty="0"/>
  <BLIND position="0" amount="100" penalty="0"/>
  <HOLE position="0">2s</HOLE>
  <HOLE position="0">3d</HOLE>
  <HOLE position="0">4h</HOLE>
  <HOLE position="0">5c</HOLE>
  <FOLD position="1"/>
  <FOLD position="2"/>
  <PUSH position="0" amount="50"/>
  <SWEEP rake="0" tax="0">100</SWEEP>
  <WIN position="0" amount="100" pot="0" potAmount="100"/>
</HAND>
"""


def test_a_penalty_beside_a_blind_is_posted_dead(tmp_path: Path) -> None:
    """#9000000001 (made up): New's ``BLIND amount="100" penalty="50"`` is a live big
    blind and 50 dead; his ``BET amount="0"`` checks. The pot is 450: 50 + 3 x 100 live,
    and the 50 dead; Small's flop bet comes back."""
    result = everest.SITE.parse(Chunk(_SESSION.encode(), "made.xml", 0, 1, "utf-8"))
    assert result.import_errors.num_rows == result.import_skips.num_rows == 0
    assert rows(result.hands, ("hand_id", "total_pot", "inconsistencies")) == [
        ("9000000001", 450, []), ("9000000002", 100, [])]
    assert rows(result.players, ("player", "put_in", "returned", "collected", "net"),
                "9000000001") == [("Hero", 100, 0, 0, -100), ("Small", 300, 200, 450, 350),
                                  ("Big", 100, 0, 0, -100), ("New", 150, 0, 0, -150)]  # fmt: skip
    assert rows(result.actions, ("player", "kind", "amount"), "9000000001")[:6] == [
        ("Small", "post_sb", 50), ("Big", "post_bb", 100), ("New", "post_bb", 100),
        ("New", "post_dead", 50), ("New", "check", 0), ("Hero", "call", 100)]


def test_chunks_after_the_first_take_their_session_from_the_file(tmp_path: Path) -> None:
    """Cut into small chunks (the session's own, then one a hand), each hand takes the
    session written before its chunk, apart from its hands (its table, money and the
    player whose history it is)."""
    path = tmp_path / "made.xml"
    path.write_text(_SESSION)
    chunks = list(iter_chunks(path, everest.SITE.hand_start, target_bytes=256))
    assert [chunk.data[:6] for chunk in chunks] == [b"<SESSI", b"<HAND ", b"<HAND "]
    parts = concat_results([everest.SITE.parse(chunk) for chunk in chunks])
    assert parts.import_errors.num_rows == 0
    assert rows(parts.hands, ("hand_id", "table_name", "currency")) == [
        ("9000000001", "Made-1", "USD"), ("9000000002", "Made-1", "USD")]
    assert rows(parts.players, ("player", "is_hero", "hole_cards"), "9000000002")[0] == (
        "Hero", True, "2s 3d 4h 5c")


def test_the_importer_stores_the_omaha_hand(shared: Path, tmp_path: Path) -> None:
    """The importer reads Everest's corpus folder: its PLO hand stored."""
    from ingest.importer import import_paths

    summary = import_paths([shared / "corpus/Everest"], tmp_path / "db.duckdb", workers=1)
    assert (summary.files, summary.imported, summary.errors, summary.skipped) == (1, 1, 0, 0)
