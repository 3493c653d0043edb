"""Microgaming's real XML hands read as their elements say: a ``<Game>`` a hand with its
header in its attributes, players named by their seats, the cards inside the actions that
deal and show them, each pot's share inside ``Win``; ``Call`` and ``Raise`` the street
total in the first version (no ``hhversion``) and the chips they add from the second; an
uncalled bet returned by ``MoneyReturned``, inside its bettor's ``Win`` or with no record,
as each seat's ``endbalance`` says; a small blind posted dead beside a ``PostedToPlay``
that no element writes; files in cp1252 with no prolog, text before and after the hand.

The hands are FPDB's regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared`` (skipped when absent). Every expected value is worked out from the
elements: amounts in cents, or hundredths of a chip.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import polars as pl
from lxml import etree

from ingest.engine.contract import Chunk, ParseResult
from ingest.sites import detect_site, microgaming
from tests.conformance import room_files
from tests.golden import parse_clean, rows

V1 = "formats/Microgaming/cash/NLHE-EUR-0.05-0.10-2011011.multi.allin.txt"  # cp1252
RETURNED = "corpus/Microgaming/cash/PLO-EUR-0.05-0.10-201208.v2.return.bet.txt"
IN_WIN = "corpus/Microgaming/cash/PLO-EUR-0.05-0.10-201208.v2.allin.no.call.txt"
POSTED = "formats/Microgaming/cash/NLHE-0.05-0.10-201111.posted.to.play.txt"  # cp1252
WALK = "formats/Microgaming/cash/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt"
V5 = "corpus/Microgaming/cash/PLO-6max-EUR-5-10-201603.v5.secondsb.raised.txt"
MTT = "formats/Microgaming/tour/NLHE-Freeroll-MTT-201112.txt"

_PLAYER_COLUMNS = ("seat", "player", "stack", "position", "is_hero", "sitting_out",
                   "hole_cards", "put_in", "returned", "collected", "net")  # fmt: skip
_ACTION_COLUMNS = ("street", "player", "kind", "amount", "raise_to")
_FLOWS = ("player", "put_in", "returned", "collected", "net")
_UTC = dt.UTC


def test_the_first_version_writes_calls_and_raises_as_street_totals(shared: Path) -> None:
    """#4152594215 (no ``hhversion``, cp1252 bytes): Player4's ``Raise 0.20`` raises to
    0.20 and Hero's ``Call 0.20`` from his big blind adds 0.10; on the turn ``Raise 1.60``
    over Hero's 0.80 raises to 1.60 and Hero's ``Raise 4.80`` to 4.80, while ``AllIn
    14.47`` adds 14.47 (to 16.07). Hero's ``AllIn 5.46`` is his last 5.46 (10.76 in all);
    the 5.81 over it comes back with no record: Player4's ``endbalance="5.81"``."""
    assert b"\x80" in (shared / V1).read_bytes() and not (shared / V1).read_bytes().startswith(
        b"<?xml")
    result = parse_clean(microgaming.SITE, shared / V1)
    assert rows(result.hands, ("hand_id", "game", "limit_type", "currency", "small_blind",
                               "big_blind", "table_name", "button_seat", "boards",
                               "total_pot", "rake", "uncalled_inferred", "started_at")) == [
        ("4152594215", "Hold'em NL", "NL", "EUR", 5, 10, "Deal 252 (Deep) - €5 Min", 3,
         ["As Ts 2c Kc Qh"], 2157, 107, 581, dt.datetime(2011, 11, 2, 23, 8, 51, tzinfo=_UTC)),
    ]  # fmt: skip
    assert rows(result.players, _PLAYER_COLUMNS) == [
        (1, "Player0", 1000, None, False, True, None, 0, 0, 0, 0),
        (2, "Player1", 0, None, False, True, None, 0, 0, 0, 0),
        (3, "Player2", 690, "BTN", False, False, None, 0, 0, 0, 0),
        (4, "Player3", 826, "SB", False, False, None, 5, 0, 0, -5),
        (5, "Hero", 1076, "BB", True, False, "2d 2h", 1076, 0, 2050, 974),
        (6, "Player4", 1657, "CO", False, False, None, 1657, 581, 0, -1076),
    ]
    assert [row for row in rows(result.actions, _ACTION_COLUMNS) if row[2] != "fold"] == [
        ("preflop", "Player3", "post_sb", 5, None),
        ("preflop", "Hero", "post_bb", 10, None),
        ("preflop", "Player4", "raise", 20, 20),
        ("preflop", "Hero", "call", 10, None),
        ("flop", "Hero", "bet", 30, None),
        ("flop", "Player4", "call", 30, None),
        ("turn", "Hero", "bet", 80, None),
        ("turn", "Player4", "raise", 160, 160),
        ("turn", "Hero", "raise", 400, 480),
        ("turn", "Player4", "raise", 1447, 1607),
        ("turn", "Player4", "return", 581, None),
        ("turn", "Hero", "call", 546, None),
        ("showdown", "Hero", "show", 0, None),
        ("showdown", "Player4", "muck", 0, None),
        ("summary", "Hero", "collect", 2050, None),
    ]


def test_the_version_decides_whatever_the_stacks(shared: Path) -> None:
    """#4152594215 with 100.00 more in every stack, before and after (made up from the
    corpus hand): the chips added under the later versions' reading would now fit every
    stack, yet the hand of no ``hhversion`` is read as before, its calls and raises street
    totals, and each net is still its seat's stacks' difference."""
    data = re.sub(rb'balance="([0-9.]+)"', lambda m: b'balance="%.2f"' % (float(m[1]) + 100),
                  (shared / V1).read_bytes())  # fmt: skip
    result = microgaming.SITE.parse(Chunk(data, "v1.xml", 0, 1, "cp1252"), every_flop_game=True)
    assert rows(result.hands, ("total_pot", "uncalled_inferred", "inconsistencies")) == [
        (2157, 581, [])]
    assert ("preflop", "Hero", "call", 10, None) in rows(result.actions, _ACTION_COLUMNS)
    assert rows(result.players, ("player", "stack", "net"))[3:] == [
        ("Player3", 10826, -5), ("Hero", 11076, 974), ("Player4", 11657, -1076)]


def test_later_versions_write_the_chips_added_and_money_returned(shared: Path) -> None:
    """#4519660221 (``hhversion="2"``): Player4's ``Raise 0.45`` from nothing is a raise
    to 0.45, the small blind's ``Call 0.40`` adds 0.40; on the river Player0 is all in
    for 6.39, Player2 for 5.65, and ``MoneyReturned 0.74`` gives Player0 the rest back."""
    result = parse_clean(microgaming.SITE, shared / RETURNED)
    assert rows(result.hands, ("game", "total_pot", "rake", "uncalled_inferred")) == [
        ("omaha", 2135, 106, 0)]
    actions = rows(result.actions, _ACTION_COLUMNS)
    assert ("preflop", "Player4", "raise", 45, 45) in actions
    assert ("preflop", "Player1", "call", 40, None) in actions
    assert actions[-6:-3] == [("river", "Player0", "bet", 639, None),
                              ("river", "Player2", "call", 565, None),
                              ("river", "Player0", "return", 74, None)]  # fmt: skip
    assert rows(result.players, _FLOWS)[0] == ("Player0", 1074, 74, 0, -1000)


def test_an_uncalled_bet_inside_its_bettor_s_win(shared: Path) -> None:
    """#4519644415: the big blind's ``Bet 0.30`` before the flop raises to 0.40; on the
    river Player4 is all in for 3.60 and nobody calls: his ``Win 17.28`` is the 14.40 pot
    less 0.72 raked, and the 3.60 (his ``endbalance="17.28"`` from 10.00 in, 10.00 in all
    put in)."""
    result = parse_clean(microgaming.SITE, shared / IN_WIN)
    assert ("preflop", "Hero", "raise", 30, 40) in rows(result.actions, _ACTION_COLUMNS)
    assert rows(result.hands, ("total_pot", "rake", "uncalled_inferred")) == [(1440, 72, 360)]
    assert ("Player4", 1000, 360, 1368, 728) in rows(result.players, _FLOWS)


def test_a_tournament_s_uncalled_bet_comes_back_with_no_record(shared: Path) -> None:
    """#4214232887, a freeroll (``[4685921]`` in its table's name, chips): Player2's all-in
    of 5,825 is called for 2,755 (the small blind's all-in); ``Win 5710.00`` is the pot,
    the 3,070 over it back with no record (his ``endbalance="8780.00"`` from 5,825)."""
    result = parse_clean(microgaming.SITE, shared / MTT)
    assert rows(result.hands, ("game", "currency", "tournament_id", "small_blind",
                               "big_blind", "total_pot", "rake", "uncalled_inferred")) == [
        ("Multi Table Hold'em NL", "chips", "4685921", 5000, 10000, 571000, 0, 307000)]  # fmt: skip
    assert ("Player2", 582500, 307000, 571000, 295500) in rows(result.players, _FLOWS)


def test_a_small_blind_posted_dead_beside_a_post_to_play(shared: Path) -> None:
    """#4160087729 (0.05/0.10): player1's ``PostedToPlay 0.10`` is his big blind; he checks
    and folds, yet loses 0.15 (``balance="10.00" endbalance="9.85"``): a small blind was
    posted dead beside it, which ``Win 0.39`` + ``rake="1"`` (0.40: 0.05 + 0.10 + 0.15 and
    player4's unmatched 0.10) counts too. Where the result says no such thing (#4155596174,
    ``PostedToPlay 0.20`` at 0.10/0.20, the walk won for +0.30) the post is the big blind
    alone."""
    result = parse_clean(microgaming.SITE, shared / POSTED)
    assert rows(result.actions, ("player", "kind", "amount"))[:3] == [
        ("hero", "post_sb", 5), ("player4", "post_bb", 10), ("player1", "post_sb_bb", 15)]
    assert rows(result.players, _FLOWS) == [
        ("player1", 15, 0, 0, -15), ("player2", 0, 0, 0, 0), ("player3", 0, 0, 0, 0),
        ("hero", 5, 0, 0, -5), ("player4", 20, 10, 29, 19), ("player5", 0, 0, 0, 0)]
    walk = parse_clean(microgaming.SITE, shared / WALK)
    assert rows(walk.actions, ("player", "kind", "amount"))[2] == ("Player1", "post_bb", 20)
    assert ("Player1", 20, 0, 50, 30) in rows(walk.players, _FLOWS)


def test_a_post_to_play_counts_toward_the_bet_it_raises(shared: Path) -> None:
    """#5905509634 (``hhversion="5"``, no seat of the file's own: ``playerseat="0"``):
    Player0's ``PostedToPlay 5.00`` is live, his ``Raise 30.00`` adds 30 to it, raising to
    35, which Player2 calls with ``Call 35.00`` and the big blind with ``Call 25.00``."""
    result = parse_clean(microgaming.SITE, shared / V5)
    assert rows(result.hands, ("max_seats", "total_pot", "rake")) == [(6, 202000, 300)]
    assert rows(result.actions, _ACTION_COLUMNS)[2:7] == [
        ("preflop", "Player0", "post_bb", 500, None),
        ("preflop", "Player0", "raise", 3000, 3500),
        ("preflop", "Player2", "call", 3500, None),
        ("preflop", "Player3", "fold", 0, None),
        ("preflop", "Player4", "call", 2500, None),
    ]
    assert not any(hero for (hero,) in rows(result.players, ("is_hero",)))


def test_every_net_is_the_seat_s_endbalance_less_its_balance(shared: Path) -> None:
    """The room writes each seat's stack after the hand: every player's net, in every hand
    of the room's files, is that less his stack before it (the hand that does not add up,
    #3063530490, too: its missing 0.50 is between the pot and the rake)."""
    checked = 0
    for path in room_files(shared, ["Microgaming"]):
        data = path.read_bytes()
        start, end = data.index(b"<Game"), data.rindex(b"</Game>") + len(b"</Game>")
        game = etree.fromstring(data[start:end].decode("utf-8", errors="replace").encode())
        written = {seat.get("alias"): round(100 * (float(seat.get("endbalance"))
                                                   - float(seat.get("balance"))))
                   for seat in game.iter("Seat") if seat.get("balance") is not None}  # fmt: skip
        result = microgaming.SITE.parse_file(path, every_flop_game=True)
        assert dict(rows(result.players, ("player", "net"))) == written, path.name
        # and each pot's share its Win pays, of the main pot: the uncalled bet read inside
        # the Win or apart from it as the stacks say, no collection the results add
        names = {seat.get("num"): seat.get("alias") for seat in game.iter("Seat")
                 if seat.get("alias")}  # fmt: skip
        shares = [(names[share.get("num")], 0) for win in game.iter("Action")
                  if win.get("type") == "Win" for share in win]  # fmt: skip
        assert rows(result.collections, ("player", "pot")) == shares, path.name
        checked += 1
    assert checked == 13


def test_the_format_is_recognised_by_its_game_element(shared: Path) -> None:
    """A ``<Game id date gametype stakes>`` first, after any text, is Microgaming's; Merge's
    ``<game id>``, an element of another name and PokerTracker's text export of
    Microgaming hands are not."""
    head = (shared / RETURNED).read_bytes()[:4096]
    assert head.startswith(b"----PRIMA.DAT----") and detect_site(head) is microgaming.SITE
    game = head[head.index(b"<Game") :]
    assert detect_site(game) is microgaming.SITE
    assert detect_site(game.replace(b'gametype="Omaha" ', b"", 1)) is None
    assert detect_site(b'<game id="27618225-108" starttime="20100907114335">') is None
    export = shared / "formats/PokerTracker/cash/NLHE-EUR-0.05-0.10-201111.Microgaming.txt"
    site = detect_site(export.read_bytes()[:4096])
    assert site is not None and site.name == "pokertracker"


def test_times_are_read_in_the_zone_named(shared: Path) -> None:
    """The date is the client's wall time, of no zone: read as UTC, or in the zone
    ``omaha import --timezone`` names."""
    paris = microgaming.SITE.with_zone("Europe/Paris").parse_file(shared / RETURNED)
    assert rows(paris.hands, ("started_at",)) == [
        (dt.datetime(2012, 8, 10, 21, 38, 9, tzinfo=_UTC),)]


def _same_hands(result: ParseResult, alone: ParseResult) -> None:
    for name in ("hands", "players", "actions", "collections"):
        got = pl.from_arrow(getattr(result, name))
        want = pl.from_arrow(getattr(alone, name))
        assert isinstance(got, pl.DataFrame) and isinstance(want, pl.DataFrame)
        assert got.drop("byte_offset", strict=False).equals(
            want.drop("byte_offset", strict=False)), name


def test_a_damaged_hand_costs_only_itself(shared: Path) -> None:
    """Two files' hands in one chunk, the trailer and preamble text between them; a quote
    lost in the first hand's ``Win`` makes it an error, the second reads as alone. The
    second's start tag lost, with a byte no UTF-8 text holds: the first reads as alone
    (the bytes after its end tag are no part of it, nor decoded with it: its ``€``
    stays one), the second is lost."""
    first, second = (shared / RETURNED).read_bytes(), (shared / IN_WIN).read_bytes()
    damaged = first.replace(b'<Seat num="4" amount="', b'<Seat num="4" amount=', 1)
    result = microgaming.SITE.parse(Chunk(damaged + second, "m.xml", 0, 1, "utf-8"))
    [error] = result.import_errors.to_pylist()
    assert error["hand_id"] == "4519660221" and error["reason"].startswith("damaged XML: ")
    _same_hands(result, microgaming.SITE.parse(Chunk(second, "m.xml", 0, 1, "utf-8")))
    lost = second.replace(b"<Game", b"\x80Game", 1)
    result = microgaming.SITE.parse(Chunk(first + lost, "m.xml", 0, 1, "utf-8"))
    assert result.import_errors.num_rows == 0
    _same_hands(result, microgaming.SITE.parse(Chunk(first, "m.xml", 0, 1, "utf-8")))


def test_the_importer_stores_the_omaha_hands(shared: Path, tmp_path: Path) -> None:
    """The importer reads Microgaming's corpus folder: its six Omaha hands stored."""
    from ingest.importer import import_paths

    summary = import_paths([shared / "corpus/Microgaming"], tmp_path / "db.duckdb", workers=1)
    assert (summary.files, summary.imported, summary.errors, summary.skipped) == (6, 6, 0, 0)
