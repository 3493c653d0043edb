"""Merge's real XML hands read as their elements say: ``RAISE`` the chips it adds until
September 2010 and the street total after, calls, bets and all-ins the chips they add, an
uncalled bet a winner row of its own or inside its bettor's, hi/lo halves, tournament
stacks written after the hand's own posts, an all-in among the blinds, events of folded
players that move nothing, the start time in the zone the hand's own clock shows, stud
skipped, and damage that costs only its own hand.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
elements: amounts in cents, tournament chips in hundredths.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl

from ingest.engine.contract import Chunk, ParseResult, concat_results
from ingest.reader import iter_chunks
from ingest.sites import merge
from tests.golden import assert_only_lost, parse_clean, rows

OLD = "formats/Merge/cash/NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt"  # 2008, .hp
OLD_2010 = "formats/Merge/cash/NLHE-USD-1.00-2.00-201009.addCallandRaise.format.txt"
TO = "corpus/Merge/cash/PLO-USD-0.25-0.50-201111.raiseTo.uncalledbet.txt"
OFFSET = "corpus/Merge/cash/PLO-USD-0.50-1.00-201206.new.date.format.txt"
HORSE = "formats/Merge/tour/HORSE-Tournament-Freeroll.201107.xml"  # 28 games, 14 stud
ALL_IN_BB = "formats/Merge/tour/NLHE-USD-Unk-201105.Player.Big.blind.all.in.txt"
ALL_IN_SB = "formats/Merge/tour/NLHE-USD-STT.201112.allin.blind.txt"
AFTER_FOLD = "formats/Merge/cash/NLHE-6max-USD-1.00-2.00-201308.player.acts.after.fold.txt"
WEIRD = "formats/Merge/cash/NLHE-6max-USD-1.00-2.00-201308.weird.all.in.line.txt"
NONE_DEALT = "formats/Merge/cash/NLHE-6max-USD-0.02-0.04.201107.none.dealtin.xml"
FLHE = "formats/Merge/cash/FLHE-9max-USD-0.02-0.04.20110416.xml"  # 10 games, the last cut
EXPORTED = "formats/Merge/tour/NLHE-USD-STT-201202.exported.txt"  # a description each

_HAND_COLUMNS = ("hand_id", "game", "limit_type", "currency", "small_blind", "big_blind",
                 "table_name", "max_seats", "button_seat", "boards", "total_pot", "rake",
                 "uncalled_inferred", "inconsistencies", "started_at", "tournament_id")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "sitting_out",
                   "hole_cards", "put_in", "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "all_in")
_UTC = dt.UTC


def _parse(shared: Path, path: str) -> ParseResult:
    return merge.SITE.parse_file(shared / path, every_flop_game=True)


def _utc(*when: int) -> dt.datetime:
    return dt.datetime(*when, tzinfo=_UTC)


def test_a_raise_of_2008_writes_the_chips_it_adds(shared: Path) -> None:
    """#15245216-1000 (2008-10-13): the big blind's ``RAISE 5.00`` over his 0.50 puts him
    at 5.50, which Player8's ``CALL 4.50`` over his raise to 1.00 matches; Player8's turn
    ``ALL_IN 16.17`` calls short, and the ``uncalled="true"`` row gives back the 1.83 above
    it. The winner row's 55.67 is the 58.59 pot less 2.92 raked (FPDB's nets agree)."""
    result = parse_clean(merge.SITE, shared / OLD)
    assert rows(result.hands, ("total_pot", "rake", "uncalled_inferred"), "15245216-1000") == [
        (5859, 292, 0)]
    actions = rows(result.actions, _ACTION_COLUMNS, "15245216-1000")
    assert [a for a in actions if a[2] in ("raise", "call", "return")] == [
        ("preflop", "Player8", "raise", 100, 100, False),
        ("preflop", "Player5", "call", 100, None, False),
        ("preflop", "Player3", "raise", 500, 550, False),
        ("preflop", "Player8", "call", 450, None, False),
        ("flop", "Player8", "call", 700, None, False),
        ("turn", "Player8", "call", 1617, None, True),
        ("turn", "Player3", "return", 183, None, False),
    ]
    assert rows(result.players, ("player", "stack", "put_in", "returned", "collected", "net"),
                 "15245216-1000")[1] == ("Player3", 5564, 3050, 183, 5567, 2700)  # fmt: skip


def test_a_raise_of_september_2010_adds_and_one_of_2011_gives_the_street_total(
    shared: Path,
) -> None:
    """#27626183-2 (2010-09-07): the small blind's ``RAISE 5.00`` over his 1.00 is 6.00 in,
    the big blind folds and the winner row pays 8.00 (6 + 2: read as a total, 7 would have
    been put in). #44314871-72 (2011-11-28, PL Omaha): the flop's ``BET 4.00``, ``RAISE
    12.00``, ``RAISE 20.00`` and ``CALL 8.00`` bring both to 20; the turn bet of 25 is not
    called and is inside Hero's ``winner amount="68.12"``: the 45.38 pot less 2.26 raked,
    plus the 25."""
    old = parse_clean(merge.SITE, shared / OLD_2010)
    assert rows(old.actions, ("player", "kind", "amount", "raise_to"), "27626183-2")[2:4] == [
        ("Player0", "raise", 500, 600), ("Player0", "return", 400, None)]
    assert rows(old.players, ("player", "put_in", "returned", "collected", "net"),
                 "27626183-2") == [("Player1", 200, 0, 0, -200), ("Player0", 600, 400, 400, 200)]
    result = parse_clean(merge.SITE, shared / TO)
    assert rows(result.hands, _HAND_COLUMNS, "44314871-72") == [
        ("44314871-72", "omaha", "PL", "USD", 25, 50, "Himalayas (44314871)", 6, 3,
         ["7d Qs Ah Qd"], 4538, 226, 2500, [], _utc(2011, 11, 28, 18, 49, 6), None),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS, "44314871-72") == [
        (0, "Player4", 6707, "UTG", False, False, None, 122, 0, 0, -122),
        (1, "Hero", 5711, "HJ", True, False, "Ac 2s Qh As", 4622, 2500, 4312, 2190),
        (2, "Player2", 3654, "CO", False, False, None, 0, 0, 0, 0),
        (3, "Player0", 4670, "BTN", False, False, None, 2122, 0, 0, -2122),
        (4, "Player5", 3187, "SB", False, False, None, 122, 0, 0, -122),
        (5, "Player1", 3666, "BB", False, False, None, 50, 0, 0, -50),
    ]
    flop = [a for a in rows(result.actions, _ACTION_COLUMNS, "44314871-72")
            if a[0] == "flop" and a[2] != "fold"]  # fmt: skip
    assert flop == [
        ("flop", "Player5", "check", 0, None, False),
        ("flop", "Player4", "check", 0, None, False),
        ("flop", "Hero", "bet", 400, None, False),
        ("flop", "Player0", "raise", 1200, 1200, False),
        ("flop", "Hero", "raise", 1600, 2000, False),
        ("flop", "Player0", "call", 800, None, False),
    ]
    assert rows(result.collections, ("seat", "player", "pot", "half", "amount"),
                 "44314871-72") == [(1, "Hero", 0, "whole", 4312)]  # fmt: skip


def test_an_uncalled_row_is_a_return_and_a_written_offset_the_zone(shared: Path) -> None:
    """#56541889-2 (``starttime="2012/06/05 19:39:26 -0400"``): Hero's flop raise to 18
    over a bet of 4 is not called; the ``uncalled="true"`` row of 14.00 gives it back and
    the other row pays the 14.00 pot less 0.50 raked."""
    result = parse_clean(merge.SITE, shared / OFFSET)
    assert rows(result.hands, ("started_at", "max_seats", "total_pot", "rake",
                               "uncalled_inferred"), "56541889-2") == [
        (_utc(2012, 6, 5, 23, 39, 26), 2, 1400, 50, 0)]  # fmt: skip
    assert rows(result.actions, _ACTION_COLUMNS, "56541889-2")[-3:] == [
        ("flop", "Player0", "fold", 0, None, False),
        ("flop", "Hero", "return", 1400, None, False),
        ("summary", "Hero", "collect", 1350, None, False),
    ]


def test_a_horse_tournament_s_omaha_hands_halves_and_stud_skipped(shared: Path) -> None:
    """The HORSE freeroll: each game names its game by ``multigametype`` (23 Hold'em, 37
    Omaha hi/lo, 41 stud, 45 stud hi/lo, 49 razz); the stud games are skipped. #36487242-8:
    fixed-limit Omaha hi/lo, the 48,000 pot split by ``pottype="h"`` and ``"l"`` rows;
    the stacks are the ``balance``s plus the player's own blind (written after it)."""
    result = _parse(shared, HORSE)
    assert result.import_errors.num_rows == 0
    games = pl.from_arrow(result.hands.group_by("game").aggregate([("game", "count")]))
    assert isinstance(games, pl.DataFrame)
    assert dict(games.iter_rows()) == {"Holdem Limit": 10, "omaha8": 4}
    assert sorted(set(result.import_skips.column("reason").to_pylist())) == [
        "other game: 7 Card Stud Hi/Lo Limit", "other game: 7 Card Stud Limit",
        "other game: Razz Limit"]
    assert rows(result.hands, _HAND_COLUMNS, "36487242-8") == [
        ("36487242-8", "omaha8", "FL", "chips", 1500, 3000, "$200 Freeroll - HORSE - 12%3A00",
         None, 3, ["Th Jc 8s 7d 6s"], 48000, 0, 0, [], _utc(2011, 6, 22, 17, 8, 19),
         "36447024"),
    ]  # fmt: skip
    assert rows(result.collections, ("seat", "player", "pot", "half", "amount"),
                 "36487242-8") == [(4, "Player18", 0, "hi", 24000),
                                   (7, "Player12", 0, "lo", 24000)]  # fmt: skip
    assert rows(result.players, ("player", "stack", "put_in", "net"), "36487242-8")[3:6] == [
        ("Player14", 91000, 6000, -6000), ("Player18", 147000, 18000, 6000),
        ("Player4", 68000, 3000, -3000)]


def test_an_all_in_among_the_blinds_is_the_blind_it_stands_for(shared: Path) -> None:
    """#35428805-25: Hero's ``balance="$0.00"`` is his stack after his ``ALL_IN 900`` in
    the BLINDS round, after the small blind and with no big blind after it: his big blind,
    all in. Player5's all-in 2,100 is called for 900; the 1,200 above comes back.
    #45133716-41: Player4's ``ALL_IN 0.00`` comes before the big blind: his small blind, of
    an amount the file lost (``balance="$0.00"`` after his ante; the winner rows pay 110
    more than the players put in: listed as inconsistent in ``tests/rooms/merge.toml``)."""
    result = parse_clean(merge.SITE, shared / ALL_IN_BB)
    assert rows(result.players, _PLAYER_COLUMNS, "35428805-25") == [
        (0, "Player0", 300000, "SB", False, False, None, 50000, 0, 0, -50000),
        (2, "Hero", 90000, "BB", True, False, "4h 7s", 90000, 0, 0, -90000),
        (5, "Player5", 210000, "BTN", False, False, "Th Qs", 210000, 120000, 230000, 140000),
    ]
    assert rows(result.actions, _ACTION_COLUMNS, "35428805-25")[:3] == [
        ("preflop", "Player0", "post_sb", 50000, None, False),
        ("preflop", "Hero", "post_bb", 90000, None, True),
        ("preflop", "Player5", "raise", 210000, 210000, True),
    ]
    lost = _parse(shared, ALL_IN_SB)
    assert rows(lost.actions, _ACTION_COLUMNS, "45133716-41")[4:7] == [
        ("preflop", "Player3", "ante", 2500, None, False),
        ("preflop", "Player4", "post_sb", 0, None, True),
        ("preflop", "Player1", "post_bb", 30000, None, False),
    ]
    assert rows(lost.hands, ("total_pot", "inconsistencies"), "45133716-41") == [
        (222500, ["players collected 2,335 chips from a total pot of 2,225 chips less 0 chips "
                  "taken by the room"])]


def test_events_that_move_nothing(shared: Path) -> None:
    """#71732021-1470: Player5 folds pre-flop, then writes a river ``CALL 0.05``; the
    ``uncalled="true"`` row of 26.00 is Player3's whole river bet: nobody called it, and
    the call is no event. #71748131-1802: Player3's turn ``ALL_IN`` of no amount (he is all
    in pre-flop) and the river ``CHECK`` of Player2, not dealt in (``dealtin="false"``,
    ``balance="$0.00"``), are no events either. #34717229-304 writes every player
    ``dealtin="false"``, yet all of them post, call, raise or fold: there the mark says
    nothing, and their events are read."""
    result = parse_clean(merge.SITE, shared / AFTER_FOLD)
    players = rows(result.players, ("player", "put_in", "returned", "collected"),
                   "71732021-1470")  # fmt: skip
    assert players[3] == ("Player3", 3850, 2600, 2456) and players[5] == ("Player5", 0, 0, 0)
    assert [a for a in rows(result.actions, _ACTION_COLUMNS, "71732021-1470")
            if a[1] == "Player5"] == [("preflop", "Player5", "fold", 0, None, False)]  # fmt: skip
    weird = parse_clean(merge.SITE, shared / WEIRD)
    actions = rows(weird.actions, _ACTION_COLUMNS, "71748131-1802")
    assert [a for a in actions if a[0] in ("turn", "river")] == []
    assert ("preflop", "Player3", "raise", 7492, 8092, True) in actions
    assert rows(weird.players, ("player", "sitting_out", "put_in"), "71748131-1802")[2] == (
        "Player2", True, 0)
    assert rows(weird.hands, ("total_pot", "rake"), "71748131-1802") == [(16784, 200)]
    none_dealt = parse_clean(merge.SITE, shared / NONE_DEALT)
    assert rows(none_dealt.players, ("player", "sitting_out", "put_in", "returned", "collected"),
                "34717229-304") == [
        ("Hero", False, 4, 0, 0), ("Player4", False, 13, 9, 14), ("Player2", False, 0, 0, 0),
        ("Player1", False, 0, 0, 0), ("Player3", False, 2, 0, 0), ("Player0", False, 4, 0, 0),
    ]  # fmt: skip


def test_the_start_is_read_in_the_offset_the_hand_s_clock_shows(shared: Path) -> None:
    """``starttime`` is the player's local time: the events' UTC ``timestamp``s put it
    5 hours behind UTC in 2011 (#44314871-72, 13:49:06), 6 in the January 2012 SNG, 7 in
    August 2013. A hand with no timestamp (2008) is in the implied zone, US Eastern, which
    another zone replaces; a hand with a clock keeps its reading."""
    sng = _parse(shared, "corpus/Merge/tour/PLO8-USD-SNG-2-2012.Sample.xml")
    assert rows(sng.hands, ("started_at",)) == [(_utc(2012, 1, 7, 17, 0, 0),)]
    after = _parse(shared, AFTER_FOLD)
    assert rows(after.hands, ("started_at",)) == [(_utc(2013, 8, 18, 23, 48, 16),)]
    assert rows(_parse(shared, OLD).hands, ("started_at",)) == [(_utc(2008, 10, 13, 19),)]
    paris = merge.SITE.with_zone("Europe/Paris")
    assert rows(paris.parse_file(shared / OLD, True).hands, ("started_at",)) == [
        (_utc(2008, 10, 13, 13),)]
    assert rows(paris.parse_file(shared / TO, True).hands, ("started_at",)) == [
        (_utc(2011, 11, 28, 18, 49, 6),)]


def test_a_hand_cut_short_is_partial(shared: Path) -> None:
    """The FLHE file's last game ends after a ``LEAVE`` before the flop: no END_OF_GAME
    round, no winner. It is skipped as partial; the nine before it are read."""
    result = _parse(shared, FLHE)
    assert result.hands.num_rows == 9 and result.import_errors.num_rows == 0
    assert result.import_skips.select(["hand_id", "reason"]).to_pylist() == [
        {"hand_id": "33325037-509", "reason": "partial: the hand ends before its summary"}]


def test_chunks_after_the_first_take_their_description_from_the_file(shared: Path) -> None:
    """Cut into small chunks, files read as they do whole: each chunk's first hands take
    the description written before the chunk (one before every game, one cash game among
    the tournament's; one at the start of the file)."""
    for path in (EXPORTED, HORSE):
        whole = _parse(shared, path)
        chunks = list(iter_chunks(shared / path, merge.SITE.hand_start, target_bytes=2048))
        assert len(chunks) > 5
        parts = concat_results([merge.SITE.parse(chunk, every_flop_game=True)
                                for chunk in chunks])  # fmt: skip
        for name in ("hands", "players", "actions", "collections", "import_skips"):
            drop = ["byte_offset"] if name in ("hands", "import_skips") else []
            assert getattr(parts, name).drop(drop).equals(getattr(whole, name).drop(drop)), name
    cash = rows(_parse(shared, EXPORTED).hands, ("game", "currency", "tournament_id"),
                "48132119-34")  # fmt: skip
    assert cash == [("Holdem No Limit", "USD", None)]


def test_a_damaged_element_costs_its_hand_only(shared: Path) -> None:
    """An attribute's quote lost in the second of the FLHE file's games: that hand is an
    error at its start tag's line; the others read as from the intact file."""
    data = (shared / FLHE).read_bytes()
    start = data.index(b'<game id="33325037-501"')
    damaged = data[:start] + data[start:].replace(b'amount="', b"amount=", 1)
    clean = merge.SITE.parse(Chunk(data, "m.xml", 0, 1, "utf-8"), every_flop_game=True)
    result = merge.SITE.parse(Chunk(damaged, "m.xml", 0, 1, "utf-8"), every_flop_game=True)
    [error] = result.import_errors.to_pylist()
    assert error["hand_id"] == "33325037-501" and error["reason"].startswith("damaged XML: ")
    assert error["line"].startswith('<game id="33325037-501" starttime="20110416150415"')
    assert_only_lost(clean, result, "33325037-501")


def test_a_hand_whose_neighbour_lost_its_start_reads_as_alone(shared: Path) -> None:
    """The next file's description and game start tags lost, its elements after #44314871-72
    in one slice: the hand is read element by element (its slice is no one element), its
    empty ``END_OF_GAME`` round too, as when read whole: not partial."""
    first = (shared / TO).read_bytes()
    second = (shared / "corpus/Merge/cash/PLO8-USD-0.25-0.50-201111.txt").read_bytes()
    lost = second[second.index(b"\t<players") :]
    result = merge.SITE.parse(Chunk(first + lost, "m.xml", 0, 1, "utf-8"), every_flop_game=True)
    alone = merge.SITE.parse(Chunk(first, "m.xml", 0, 1, "utf-8"), every_flop_game=True)
    assert result.import_skips.num_rows == result.import_errors.num_rows == 0
    for name in ("hands", "players", "actions", "collections"):
        assert getattr(result, name).equals(getattr(alone, name)), name


def test_explain_shows_each_element_at_its_line(shared: Path) -> None:
    """``omaha explain`` on a Merge hand: the events by sequence, named by seat and read as
    the seat's player, and the winner row at its line."""
    from analysis.explain import explain, render

    [hand] = explain(shared / TO, "44314871-72")
    assert hand.outcome == "stored"
    out = render(hand).splitlines()
    assert out[0] == "hand #44314871-72 (merge): stored"
    raise_to = [line for line in out if 'type="RAISE"' in line and 'amount="20.00"' in line]
    assert raise_to and out[out.index(raise_to[0]) + 1].endswith("raise by Hero 20")
    assert any(line.endswith("-> collect by Hero 68.12 (pot 0)") for line in out)


def test_the_importer_stores_the_omaha_hands_of_the_corpus(shared: Path, tmp_path: Path) -> None:
    """The importer reads the corpus's six Merge files (one Omaha hand each): the hands'
    clocks decide their start, whatever zone is named."""
    import duckdb

    from ingest.importer import import_paths

    summary = import_paths([shared / "corpus/Merge"], tmp_path / "db.duckdb", workers=1,
                           timezone="Europe/Paris")  # fmt: skip
    assert (summary.files, summary.imported, summary.errors, summary.skipped) == (6, 6, 0, 0)
    con = duckdb.connect(str(tmp_path / "db.duckdb"), read_only=True)
    [(started,)] = con.execute(
        "select started_at from hands where hand_id = ?", ["27618225-108"]).fetchall()
    assert started.astimezone(_UTC) == _utc(2010, 9, 7, 16, 43, 35)
