"""Boss Media's real XML hands read as their elements say: a ``<HISTORY>`` a hand, its
header in its attributes, players by name, blinds by their ``KIND``, cards as numbers, the
board written so far with the pot so far net of the rake so far, a ``<RESULT>`` per player
paying him and showing his cards; raises and all-ins the street total, calls the street
total until 2013-01 and the chips they add from 2013-07; a second small blind dead, blinds
capped at the stack, a 2011 tournament's unwritten antes; no uncalled bet written.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
elements: amounts in cents, or hundredths of a chip.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl

from ingest.engine.contract import Chunk
from ingest.engine.xml_read import iter_hands
from ingest.sites import boss, detect_site
from tests.conformance import room_files
from tests.golden import parse_clean, rows

ALL_IN = "corpus/Boss/cash/PLO-EUR-0.05-0.10-201207.all.in.call.txt"
DEAD_SMALL = "corpus/Boss/cash/PLO8-CAD-0.05-0.10-201703.dead.small.txt"
BOTH = "formats/Boss/cash/LHE-10-20-USD-201105.post.both.txt"  # ends inside its SHOWDOWN
ADD_CALL = "formats/Boss/cash/NLHE-SEK-2.00-4.00-201307.add.call.txt"
SECOND_SB = "formats/Boss/cash/NLHE-SEK-5.00-10.00-201207.secondsb.txt"
MTT = "formats/Boss/tour/NLHE-CAD-MTT-201101.txt"  # no ante written
ANTE = "formats/Boss/tour/NLHE-SEK-STT-201301.ante.txt"  # cp1252, no prolog

_HAND_COLUMNS = ("hand_id", "game", "limit_type", "currency", "small_blind", "big_blind",
                 "ante", "is_tournament", "tournament_id", "table_name", "button_seat",
                 "boards", "total_pot", "rake", "uncalled_inferred", "started_at")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "is_hero", "sitting_out", "hole_cards",
                   "put_in", "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to", "dead", "all_in")
_UTC = dt.UTC


def _moves(result: object, hand_id: str | None = None) -> list[tuple[object, ...]]:
    """The actions but the folds."""
    return [row for row in rows(result.actions, _ACTION_COLUMNS, hand_id)  # type: ignore[attr-defined]
            if row[2] != "fold"]  # fmt: skip


def test_raises_and_all_ins_write_the_street_total(shared: Path) -> None:
    """#2907049756 (PLO, 2012): Player3's ``ACTION_RAISE 1.15`` from his small blind and
    Player1's ``ACTION_CALL 1.15`` from his 0.35 are street totals (the flop's POT 2.40 =
    1.15 + 1.15 + 0.10); on the flop Player3 bets 2.40, Player1 raises to 4.80 and
    Player3's ``ACTION_ALLIN 3.31`` is his last 3.31 (to 3.31, a call): Player1's 1.49
    over it is left out of the turn's POT 8.57 (RAKE 0.45, 9.02 put in), which Player3's
    ``WIN`` pays. Cards are numbers: Hero's 17 6 39 49 are 5c 7d As Js; the river's 36
    is Jh; the shown hands come from the ``RESULT``\\ s, ``b`` is hidden."""
    result = parse_clean(boss.SITE, shared / ALL_IN)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("2907049756", "omaha", "PL", "EUR", 5, 10, 0, False, None, "Table OH 594", 4,
         ["8d 3d 2d Kd Jh"], 902, 45, 149, dt.datetime(2012, 7, 3, 17, 8, 35, tzinfo=_UTC)),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Hero", 1000, True, False, "5c 7d As Js", 10, 0, 0, -10),
        (3, "Player1", 1136, False, False, "Tc Qd 5d Ac", 595, 149, 0, -446),
        (4, "Player2", 1024, False, False, None, 0, 0, 0, 0),
        (5, "Player3", 446, False, False, "9d Jd Ad Ah", 446, 0, 857, 411),
    ]  # the reserved seat 2 (NAME="") is no player
    assert _moves(result) == [
        ("preflop", "Hero", "post_bb", 10, None, 0, False),
        ("preflop", "Player3", "post_sb", 5, None, 0, False),
        ("preflop", "Player1", "raise", 35, 35, 0, False),
        ("preflop", "Player3", "raise", 110, 115, 0, False),
        ("preflop", "Player1", "call", 80, None, 0, False),
        ("flop", "Player3", "bet", 240, None, 0, False),
        ("flop", "Player1", "raise", 480, 480, 0, False),
        ("flop", "Player1", "return", 149, None, 0, False),
        ("flop", "Player3", "call", 91, None, 0, True),
        ("showdown", "Player1", "show", 0, None, 0, False),
        ("showdown", "Player3", "show", 0, None, 0, False),
        ("summary", "Player3", "collect", 857, None, 0, False),
    ]


def test_calls_write_the_chips_they_add_from_2013(shared: Path) -> None:
    """#1978259345 (2013-07-18): Player1's ``ACTION_CALL 7.00`` from his small blind of
    2.00 adds 7.00 (to Player0's raise to 9.00), his flop call of 19.00 adds 19.00 to his
    8.00 (to 27.00): 76.00 put in, POT 74.11 and RAKE 1.89; Player0's turn bet of 57.00
    comes back (no one calls it, no element writes it)."""
    result = parse_clean(boss.SITE, shared / ADD_CALL)
    assert rows(result.hands, ("total_pot", "rake", "uncalled_inferred")) == [(7600, 189, 5700)]
    assert _moves(result) == [
        ("preflop", "Player1", "post_sb", 200, None, 0, False),
        ("preflop", "Player2", "post_bb", 400, None, 0, False),
        ("preflop", "Player0", "raise", 900, 900, 0, False),
        ("preflop", "Player1", "call", 700, None, 0, False),
        ("flop", "Player1", "bet", 800, None, 0, False),
        ("flop", "Player0", "raise", 2700, 2700, 0, False),
        ("flop", "Player1", "call", 1900, None, 0, False),
        ("turn", "Player1", "check", 0, None, 0, False),
        ("turn", "Player0", "bet", 5700, None, 0, False),
        ("turn", "Player0", "return", 5700, None, 0, False),
        ("summary", "Player0", "collect", 7411, None, 0, False),
    ]


def test_calls_wrote_the_street_total_before_and_written_antes_are_dead(shared: Path) -> None:
    """#1884489856 (2013-01-06, cp1252 with no prolog: the table ``Söndagssteken``): eight
    ``HAND_ANTE 75.00``, then Hero's ``ACTION_CALL 2000.00`` from his small blind of 500
    adds 1,500 (the flop's POT 8600.00 = 8 x 75 + 4 x 2,000). Player8's all-in to 27,576
    on the turn is his whole stack; 18,576 of it comes back."""
    data = (shared / ANTE).read_bytes()
    assert b"\xf6" in data and not data.startswith(b"<?xml")
    result = parse_clean(boss.SITE, shared / ANTE)
    assert rows(result.hands, _HAND_COLUMNS) == [
        ("1884489856", "GAME_THM NL", "NL", "chips", 50000, 100000, 7500, True, "325725129",
         "Söndagssteken", 4, ["2h 4d 2d Jc"], 3260000, 0, 1857600,
         dt.datetime(2013, 1, 6, 22, 14, 17, tzinfo=_UTC)),
    ]  # fmt: skip
    moves = _moves(result)
    assert moves[:8] == [("preflop", p, "ante", 7500, None, 7500, False) for p in
                         ("Player0", "Player1", "Player3", "Hero", "Player4", "Player5",
                          "Player6", "Player8")]  # fmt: skip
    assert moves[8:] == [
        ("preflop", "Hero", "post_sb", 50000, None, 0, False),
        ("preflop", "Player4", "post_bb", 100000, None, 0, False),
        ("preflop", "Player8", "raise", 200000, 200000, 0, False),
        ("preflop", "Player1", "call", 200000, None, 0, False),
        ("preflop", "Hero", "call", 150000, None, 0, False),
        ("preflop", "Player4", "call", 100000, None, 0, False),
        ("flop", "Hero", "check", 0, None, 0, False),
        ("flop", "Player4", "bet", 300000, None, 0, False),
        ("flop", "Player8", "call", 300000, None, 0, False),
        ("turn", "Player4", "bet", 900000, None, 0, False),
        ("turn", "Player8", "raise", 2757600, 2757600, 0, True),
        ("turn", "Player8", "return", 1857600, None, 0, False),
        ("summary", "Player8", "collect", 3260000, None, 0, False),
    ]


def test_a_second_small_blind_is_dead(shared: Path) -> None:
    """#1797085457: the small blind 5, the big blind 10, then SD's ``HAND_SB 5.00`` and
    raise to 32.50: the showdown's POT 30.00 = 5 + 10 + 5 dead + 10 called; 22.50 comes
    back. The two empty seats (``NAME="UNKNOWN" STATE="STATE_EMPTY"``) are no players."""
    result = parse_clean(boss.SITE, shared / SECOND_SB)
    assert rows(result.players, ("seat", "player", "stack", "put_in", "returned", "collected",
                                 "net")) == [
        (1, "LEPSTIKS", 197000, 1000, 0, 0, -1000),
        (3, "SD", 200000, 3750, 2250, 3000, 1500),
        (5, "Slickepot", 448386, 500, 0, 0, -500),
    ]  # fmt: skip
    assert _moves(result)[:4] == [
        ("preflop", "Slickepot", "post_sb", 500, None, 0, False),
        ("preflop", "LEPSTIKS", "post_bb", 1000, None, 0, False),
        ("preflop", "SD", "post_dead", 500, None, 500, False),
        ("preflop", "SD", "raise", 3250, 3250, 0, False),
    ]


def test_dead_small_blinds_beside_big_ones(shared: Path) -> None:
    """#230993221 (Omaha hi/lo, 2017): two players post ``HAND_DSB 0.05`` (dead) and a big
    blind of 0.10; the calls of 0.55 and 0.60 add to 0.10 and 0.05: the flop's POT 2.25 =
    3 x 0.65 + 0.10 + 0.10 + 2 x 0.05."""
    result = parse_clean(boss.SITE, shared / DEAD_SMALL)
    assert rows(result.hands, ("game", "total_pot", "rake", "uncalled_inferred")) == [
        ("omaha8", 225, 11, 112)]
    assert _moves(result)[:9] == [
        ("preflop", "Player5", "post_sb", 5, None, 0, False),
        ("preflop", "Player6", "post_bb", 10, None, 0, False),
        ("preflop", "Player2", "post_dead", 5, None, 5, False),
        ("preflop", "Player2", "post_bb", 10, None, 0, False),
        ("preflop", "Player3", "post_dead", 5, None, 5, False),
        ("preflop", "Player3", "post_bb", 10, None, 0, False),
        ("preflop", "Player7", "raise", 65, 65, 0, False),
        ("preflop", "Player2", "call", 55, None, 0, False),
        ("preflop", "Player5", "call", 60, None, 0, False),
    ]


def test_both_blinds_and_a_file_ending_inside_its_showdown(shared: Path) -> None:
    """#2575876940 (fixed limit, its STAKES 10.00/20.00 the bets: the blinds are the posts'
    5 and 10): Player3's ``HAND_AB 15.00`` is the big blind live and 5 dead (the flop's POT
    70.00 = 5 + 3 x 20 + 5). The file ends after the last ``RESULT``, its ``SHOWDOWN`` and
    ``HISTORY`` never closed: every element ended, the hand is read. Hero's 87.00 less his
    30 is the file's ``WIN="57.00"``."""
    data = (shared / BOTH).read_bytes()
    assert b"</SHOWDOWN>" not in data and b"</HISTORY>" not in data
    result = parse_clean(boss.SITE, shared / BOTH)
    assert rows(result.hands, ("game", "limit_type", "small_blind", "big_blind", "total_pot",
                               "rake", "button_seat")) == [
        ("GAME_THM FL", "FL", 500, 1000, 9000, 300, None)]  # fmt: skip
    assert _moves(result)[:7] == [
        ("preflop", "Player1", "post_sb", 500, None, 0, False),
        ("preflop", "Player2", "post_bb", 1000, None, 0, False),
        ("preflop", "Player3", "post_sb_bb", 1500, None, 500, False),
        ("preflop", "Player3", "check", 0, None, 0, False),
        ("preflop", "Hero", "raise", 2000, 2000, 0, False),
        ("preflop", "Player2", "call", 1000, None, 0, False),
        ("preflop", "Player3", "call", 1000, None, 0, False),
    ]
    assert rows(result.players, ("player", "hole_cards", "net"), "2575876940")[2:4] == [
        ("Player3", "8c 3s", -3500), ("Hero", "Qh Jd", 5700)]


def test_unwritten_antes_are_read_from_the_first_pot(shared: Path) -> None:
    """#5858355 (2011, 300/600, no ante written): nine players dealt in, the blinds, four
    calls of 600 and the flop's POT 3274.00: 450 above the posts and calls, an ante of 50
    each. Player45's stack is written after his (424.00): his ``HAND_BB 600.00`` puts in
    the 424 he has, all in (3,274 = 9 x 50 + 424 + 4 x 600). Each stack read is the one
    written plus the ante."""
    result = parse_clean(boss.SITE, shared / MTT)
    hand = "5858355"
    assert rows(result.hands, ("ante", "total_pot", "tournament_id"), hand) == [
        (5000, 1348400, "1950592")]
    moves = _moves(result, hand)
    assert [row[1] for row in moves[:9]] == ["Player32", "Player41", "Hero", "Player31",
                                             "Player18", "Player33", "Player34", "Player45",
                                             "Player42"]  # fmt: skip
    assert {row[2:] for row in moves[:9]} == {("ante", 5000, None, 5000, False)}
    assert moves[9:12] == [
        ("preflop", "Player34", "post_sb", 30000, None, 0, False),
        ("preflop", "Player45", "post_bb", 42400, None, 0, True),
        ("preflop", "Player42", "call", 60000, None, 0, False),
    ]
    assert rows(result.players, ("player", "stack", "sitting_out", "put_in", "net"), hand)[7:] == [
        ("Unknown", 0, True, 0, 0),
        ("Player45", 47400, False, 47400, -47400),
        ("Player42", 575500, False, 575500, 98700),
    ]  # fmt: skip


def test_the_owner_s_result_is_his_net_but_the_antes_left_out(shared: Path) -> None:
    """Each hand writes its owner's result (``HISTORY WIN`` less ``LOSS``): it is the net
    of the player whose cards are dealt face up, in every hand where one is, but the ante
    the hand leaves out (the 2011 tournament's from level 100/200: 43 hands, the owner's
    result written after it, as his stack is)."""
    checked = left_out = 0
    for path in room_files(shared, ["Boss"]):
        result = boss.SITE.parse_file(path, every_flop_game=True)
        heroes = pl.from_arrow(result.players).filter(pl.col("is_hero"))  # type: ignore[union-attr]
        antes = dict(rows(result.hands, ("hand_id", "ante")))
        written = b"HAND_ANTE" in path.read_bytes()
        for record in iter_hands(path.read_bytes(), boss.FORMAT):
            hero = heroes.filter(pl.col("hand_id") == record.hand_id)
            if hero.is_empty():  # an owner dealt no cards face up (#5848276)
                continue
            owner = sum(round(float(record.attrs[k]) * 100) * sign
                        for k, sign in (("WIN", 1), ("LOSS", -1)))  # fmt: skip
            ante = 0 if written else antes[record.hand_id] or 0
            assert hero["net"][0] + ante == owner, (path.name, record.hand_id)
            checked, left_out = checked + 1, left_out + (ante > 0)
    assert (checked, left_out) == (106, 43)


def test_the_format_is_recognised_by_its_history_element(shared: Path) -> None:
    """Every Boss file is claimed by Boss (a prolog, a ``<ROOT>`` or neither before it);
    a ``<HISTORY>`` without the hand's attributes is not."""
    for path in room_files(shared, ["Boss"]):
        assert detect_site(path.read_bytes()[:4096]) is boss.SITE, path
    assert not boss.SITE.detect(b'<ROOT>\n<HISTORY ID="1">\n</HISTORY>')


def test_a_damaged_hand_costs_only_itself(shared: Path) -> None:
    """Two files' hands in one chunk: a quote lost in the first hand's ``RESULT`` makes it
    an error, the second reads as alone."""
    first, second = (shared / ALL_IN).read_bytes(), (shared / ADD_CALL).read_bytes()
    damaged = first.replace(b'<RESULT PLAYER="Player3" WIN="', b'<RESULT PLAYER="Player3" WIN=',
                            1)  # fmt: skip
    result = boss.SITE.parse(Chunk(damaged + second, "b.xml", 0, 1, "utf-8"), True)
    [error] = result.import_errors.to_pylist()
    assert error["hand_id"] == "2907049756" and error["reason"].startswith("damaged XML: ")
    alone = boss.SITE.parse(Chunk(second, "b.xml", 0, 1, "utf-8"), True)
    for name in ("hands", "players", "actions", "collections"):
        got, want = (pl.from_arrow(getattr(r, name)) for r in (result, alone))
        assert got.drop("byte_offset", strict=False).equals(  # type: ignore[union-attr]
            want.drop("byte_offset", strict=False)), name  # type: ignore[union-attr]


def test_the_importer_stores_the_omaha_hands(shared: Path, tmp_path: Path) -> None:
    """The importer reads Boss's corpus folder: its four Omaha hands stored."""
    from ingest.importer import import_paths

    summary = import_paths([shared / "corpus/Boss"], tmp_path / "db.duckdb", workers=1)
    assert (summary.files, summary.imported, summary.errors, summary.skipped) == (4, 4, 0, 0)
