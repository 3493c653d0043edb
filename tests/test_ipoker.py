"""iPoker's real XML hands read as their elements say: type 23 a raise's street total and
the other types the chips they add, actions read by their number, an uncalled bet inside
the bettor's ``win`` in older files and in neither ``win`` nor the pot where the session
says ``uncalled_bet_enabled`` (or its client is of version 20 or later), the rake what
the pots did not pay, decimal commas, cp1252 bytes under a UTF-8 prolog, a hand with no
end tag, and damage that costs only its own hand.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
elements: amounts in cents.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import polars as pl

from ingest.engine.contract import Chunk, ParseResult, concat_results
from ingest.reader import iter_chunks
from ingest.sites import ipoker
from tests.golden import assert_only_lost, rows

NEW = "corpus/iPoker/cash/PLO-EUR-2.50-5.00-201901.no.max.seats.txt"  # 4 hands, client 18.9
CNY = "corpus/iPoker/cash/PLO-EUR-0.10-0.20-201207.CNY.currency.txt"  # no </game>, cp1252
COMMA = "formats/iPoker/cash/5CPLO-EUR-0.50-1.00-202201.no.player.element.txt"
OLD = "formats/iPoker/cash/NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner.xml"
SAMPLE = "corpus/iPoker/cash/PLO-USD-0.01-0.02-201108.Sample.txt"  # 28 hands, 2011

_HAND_COLUMNS = ("hand_id", "game", "limit_type", "currency", "units_per_currency",
                 "small_blind", "big_blind", "table_name", "button_seat", "boards", "total_pot",
                 "rake", "uncalled_inferred", "inconsistencies", "started_at")  # fmt: skip
_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "sitting_out",
                   "hole_cards", "put_in", "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to")
_UTC = dt.UTC


def _parse(shared: Path, path: str) -> ParseResult:
    return ipoker.SITE.parse_file(shared / path, every_flop_game=True)


def test_a_raise_writes_its_street_total_and_a_call_what_it_adds(shared: Path) -> None:
    """#4419495747, PLO €2.50/€5: the small blind's ``type 23`` €15 and the big blind's
    ``23`` €45 are street totals, the small blind's ``type 3`` €30 what it adds (45 each,
    as both ``bet="€172.80"`` say); 345.60 put in, ``win="€344.10"``: €1.50 raked."""
    result = _parse(shared, NEW)
    assert rows(result.hands, _HAND_COLUMNS, "4419495747") == [
        ("4419495747", "omaha", "PL", "EUR", 100, 250, 500, "Alpamayo\xa0, 652058780", 8,
         ["Td 2s 2d As Kh"], 34560, 150, 0, [], dt.datetime(2019, 1, 30, 17, 25, 35, tzinfo=_UTC)),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS, "4419495747") == [
        (1, "norjak", 50000, "BB", True, False, "Ac Ad 5s 8c", 17280, 0, 34410, 17130),
        (8, "vecchiolupo22", 50000, "BTN", False, False, "Tc Kd 4s 8h", 17280, 0, 0, -17280),
    ]
    assert rows(result.actions, _ACTION_COLUMNS, "4419495747") == [
        ("preflop", "vecchiolupo22", "post_sb", 250, None),
        ("preflop", "norjak", "post_bb", 500, None),
        ("preflop", "vecchiolupo22", "raise", 1250, 1500),
        ("preflop", "norjak", "raise", 4000, 4500),
        ("preflop", "vecchiolupo22", "call", 3000, None),
        ("flop", "norjak", "bet", 2700, None),
        ("flop", "vecchiolupo22", "call", 2700, None),
        ("turn", "norjak", "check", 0, None),
        ("turn", "vecchiolupo22", "check", 0, None),
        ("river", "norjak", "bet", 10080, None),
        ("river", "vecchiolupo22", "call", 10080, None),
        ("showdown", "vecchiolupo22", "show", 0, None),
        ("summary", "norjak", "collect", 34410, None),
    ]


def test_a_session_with_uncalled_bets_enabled_leaves_them_out_of_win(shared: Path) -> None:
    """#4419495872: the small blind folds to the big blind's €5; ``win="€5.00"`` and the
    big blind's next stack 502.50 (``chips="€502.50"`` in #4419495882): its unmatched €2.50
    came back besides, in neither ``win`` nor the pot."""
    result = _parse(shared, NEW)
    assert rows(result.hands, ("total_pot", "rake", "uncalled_inferred"), "4419495872") == [
        (500, 0, 250)]
    assert rows(result.players, _PLAYER_COLUMNS, "4419495872") == [
        (1, "norjak", 67130, "BTN", True, False, "2c 7d 7c Tc", 250, 0, 0, -250),
        (8, "vecchiolupo22", 50000, "BB", False, False, None, 500, 250, 500, 250),
    ]
    stacks = rows(result.players, ("player", "stack"), "4419495882")
    assert ("vecchiolupo22", 50250) in stacks


def test_an_older_file_counts_the_uncalled_bet_in_win(shared: Path) -> None:
    """#4988874195 (2013, no mark): gortaleva's all-in of £6.50 is called for £6.04, and
    its ``win="£0.46"`` is that unmatched part; the winner's £11.42 is the £12.23 pot less
    £0.81 raked."""
    result = _parse(shared, OLD)
    assert rows(result.hands, ("total_pot", "rake", "uncalled_inferred"), "4988874195") == [
        (1223, 81, 46)]
    players = rows(result.players, ("player", "put_in", "returned", "collected", "net"),
                    "4988874195")  # fmt: skip
    assert ("gortaleva", 650, 46, 0, -604) in players
    assert ("P0k3rkIng2k", 604, 0, 1142, 538) in players


def test_decimal_commas_and_five_cards_from_a_game_of_no_name(shared: Path) -> None:
    """#3651461297 (client 21.9, ``PL €0,50/€1``): amounts with decimal commas
    (``€51,18``), five cards dealt to a game the gametype does not name; the river bet of
    €52,77 is not called and comes back, ``win="€51,18"``: €1,59 raked."""
    result = _parse(shared, COMMA)
    assert rows(result.hands, ("game", "small_blind", "big_blind", "total_pot", "rake"),
                 "3651461297") == [("omaha5", 50, 100, 5277, 159)]  # fmt: skip
    assert rows(result.players, ("player", "put_in", "returned", "collected"),
                 "3651461297")[0] == ("Player0", 7547, 5277, 5118)  # fmt: skip


def test_actions_by_number_cp1252_and_a_hand_with_no_end_tag(shared: Path) -> None:
    """#3359865320: the file's bytes are cp1252 (``€`` as 0x80) under ``encoding="utf-8"``,
    it ends after the river's ``</round>`` with no ``</game>``, and each street writes
    lukankata's action (``no="7"``) after McManager's (``no="8"``)."""
    assert b"\x80" in (shared / CNY).read_bytes()
    result = _parse(shared, CNY)
    assert result.import_errors.num_rows == 0
    flop = [row for row in rows(result.actions, ("street", "player", "kind"), "3359865320")
            if row[0] == "flop"]  # fmt: skip
    assert flop == [("flop", "lukankata", "check"), ("flop", "McManager", "check")]
    assert rows(result.players, ("player", "collected", "net"), "3359865320")[0] == (
        "McManager", 48, 28)


def test_chunks_after_the_first_take_their_session_from_the_file(shared: Path) -> None:
    """Cut into small chunks, a file reads as it does whole: each chunk's first hands
    take the session header written before the chunk."""
    whole = _parse(shared, SAMPLE)
    chunks = list(iter_chunks(shared / SAMPLE, ipoker.SITE.hand_start, target_bytes=2048))
    assert len(chunks) > 5
    parts = concat_results([ipoker.SITE.parse(chunk, every_flop_game=True) for chunk in chunks])
    for name in ("hands", "players", "actions", "collections"):
        assert getattr(parts, name).drop(["byte_offset"] if name == "hands" else []).equals(
            getattr(whole, name).drop(["byte_offset"] if name == "hands" else [])), name


def test_a_damaged_element_costs_its_hand_only(shared: Path) -> None:
    """An attribute's quote lost in the second of four hands: that hand is an error, at
    its start tag's line; the three others read as from the intact file."""
    data = (shared / NEW).read_bytes()
    start = data.index(b'<game gamecode="4419495872"')
    damaged = data[:start] + data[start:].replace(b'sum="', b"sum=", 1)
    clean = ipoker.SITE.parse(Chunk(data, "i.xml", 0, 1, "cp1252"))
    result = ipoker.SITE.parse(Chunk(damaged, "i.xml", 0, 1, "cp1252"))
    [error] = result.import_errors.to_pylist()
    assert error["hand_id"] == "4419495872" and error["reason"].startswith("damaged XML: ")
    assert error["line"] == '<game gamecode="4419495872">'
    assert damaged[error["byte_offset"]:].lstrip().startswith(b'<game gamecode="4419495872"')
    assert_only_lost(clean, result, "4419495872")


def test_explain_shows_each_element_at_its_line(shared: Path) -> None:
    """``omaha explain`` on an XML hand: its elements in the order read (the actions by
    their number), each at the file line it is on, with what was read from it."""
    from analysis.explain import explain, render

    [hand] = explain(shared / CNY, "3359865320")
    assert hand.outcome == "stored"
    out = render(hand).splitlines()
    flop = [line for line in out if "type=\"4\"" in line and "no=\"7\"" in line]
    assert flop and "check by lukankata" in out[out.index(flop[0]) + 1]
    assert out[0] == "hand #3359865320 (ipoker): stored"
    assert any(line.endswith("-> collect by McManager 0.48") for line in out)


_SKIN = """<session sessioncode="1">
 <general>
  <gametype>Omaha Hi-Lo PL €0,50/€1</gametype>
  <tablename>Skin, 1</tablename>
  <tablesize>6</tablesize>
  <tablecurrency>EUR</tablecurrency>
  <nickname>Hero</nickname>
 </general>
 <game gamecode="9000000001">
  <general>
   <startdate>18.05.2021 18:26</startdate>
   <players>
    <player seat="2" name="Hero" chips="€1 480,00" dealer="1" win="€0" bet="€1"/>
    <player seat="5" name="Villain" chips="€100" dealer="0" win="€3,90" bet="€3"/>
   </players>
  </general>
  <round no="0">
   <action no="2" player="Villain" type="2" sum="€1"/>
   <action no="1" player="Hero" type="1" sum="€0,50"/>
  </round>
  <round no="1">
   <cards type="Pocket" player="Hero">SA HA C2 D3</cards>
   <action no="3" player="Hero" type="3" sum="€0,50"/>
   <action no="4" player="Villain" type="4" sum="€0"/>
  </round>
  <round no="2">
   <cards type="Flop" player="">S10 HJ CQ</cards>
   <action no="5" player="Villain" type="5" sum="€2"/>
   <action no="6" player="Hero" type="0" sum="€0"/>
  </round>
 </game>
</session>
"""


def test_a_skin_s_words_dates_and_amounts() -> None:
    """A hand as other skins write it (made up, not a corpus hand): Omaha hi/lo named
    ``Omaha Hi-Lo``, decimal commas and a space grouping thousands (``€1 480,00``), a date
    day first with no seconds, the table's seats in ``<tablesize>``, the posts written out
    of order; Villain's flop bet of €2 is not called and is in its ``win`` (€2 less €0,10
    raked, plus the €2)."""
    result = ipoker.SITE.parse(Chunk(_SKIN.encode(), "skin.xml", 0, 1, "utf-8"))
    assert result.import_errors.num_rows == result.import_skips.num_rows == 0
    hands = pl.from_arrow(result.hands)
    assert isinstance(hands, pl.DataFrame)
    assert hands.select("game", "limit_type", "small_blind", "big_blind", "max_seats",
                        "started_at", "total_pot", "rake").row(0) == (
        "omaha8", "PL", 50, 100, 6, dt.datetime(2021, 5, 18, 18, 26, tzinfo=_UTC), 200, 10,
    )  # fmt: skip
    assert rows(result.players, ("player", "stack", "put_in", "returned", "collected"),
                 "9000000001") == [("Hero", 148000, 100, 0, 0),
                                   ("Villain", 10000, 300, 200, 190)]  # fmt: skip
    assert [kind for _, _, kind, _, _ in rows(result.actions, _ACTION_COLUMNS, "9000000001")
            ][:2] == ["post_sb", "post_bb"]  # fmt: skip


def test_the_importer_stores_the_omaha_hands_of_the_xml_files(
    shared: Path, tmp_path: Path
) -> None:
    """The importer reads the XML files as it reads text ones: Omaha stored, the rest
    skipped with its game, the times written without a zone read in the zone named."""
    from ingest.importer import import_paths

    summary = import_paths([shared / "corpus/iPoker"], tmp_path / "db.duckdb", workers=1,
                           timezone="Europe/Paris")  # fmt: skip
    assert (summary.files, summary.imported, summary.errors, summary.skipped) == (6, 36, 0, 0)
    import duckdb

    con = duckdb.connect(str(tmp_path / "db.duckdb"), read_only=True)
    [(started,)] = con.execute(
        "select started_at from hands where hand_id = ?", ["4419495747"]).fetchall()
    assert started.astimezone(_UTC) == dt.datetime(2019, 1, 30, 16, 25, 35, tzinfo=_UTC)
