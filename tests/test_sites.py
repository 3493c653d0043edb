"""The site registry: one parser per format, each versioned by the code that reads it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.engine.grammar import Grammar
from ingest.engine.site import _hand_starts
from ingest.sites import detect_site, parser_version, registry


def test_each_room_is_versioned_by_the_engine_and_its_own_module() -> None:
    sites = registry()
    assert list(sites) == ["pokerstars", "ggpoker", "winamax", "wpn", "kingsclub", "pacific",
                           "seals", "bovada", "betonline", "partypoker", "ipoker", "merge",
                           "everest", "microgaming", "boss", "pokertracker"]
    modules = {name: {p.name for p in site.sources if p.parent.name == "sites"}
               for name, site in sites.items()}  # fmt: skip
    # an edit to one room's module re-reads only the files of the rooms that use it
    assert modules == {
        "pokerstars": {"pokerstars.py"},
        "ggpoker": {"ggpoker.py", "pokerstars.py"},  # it takes the format's action lines
        "winamax": {"winamax.py"},
        "wpn": {"wpn.py", "wpn_legacy.py"},
        "kingsclub": {"kingsclub.py"},
        "pacific": {"pacific.py"},
        "seals": {"seals.py"},
        "bovada": {"bovada.py"},
        "betonline": {"betonline.py"},
        "partypoker": {"partypoker.py"},
        "ipoker": {"ipoker.py"},
        "merge": {"merge.py"},
        "everest": {"everest.py"},
        "microgaming": {"microgaming.py"},
        "boss": {"boss.py"},
        # one module per family of the exports, the site's module joining them
        "pokertracker": {"pokertracker.py", "pokertracker_everest.py", "pokertracker_ipoker.py",
                         "pokertracker_merge.py", "pokertracker_microgaming.py"},
    }
    engine = {p for p in sites["winamax"].sources if p.parent.name == "engine"}
    assert engine and engine <= set(sites["pokerstars"].sources)
    versions = {parser_version(site) for site in sites.values()}
    assert len(versions) == len(sites)
    assert all(Path(p).is_file() for site in sites.values() for p in site.sources)


def test_each_format_is_recognised_by_its_whole_first_line() -> None:
    heads = {
        b"PokerStars Hand #1: Omaha Pot Limit ($0.05/$0.10 USD) - 2020/01/02 03:04:05 ET":
            "pokerstars",
        b"\xef\xbb\xbfRun It Once Poker Hand #34011543: Omaha Pot Limit (\xe2\x82\xac0.10/"
        b"\xe2\x82\xac0.20) - 2019/04/19 17:52 UTC [2019/04/19 18:52 CET]": "pokerstars",
        b"PokerMaster Hand #7: Omaha Pot Limit ($1/$2)": "pokerstars",
        b"Poker Hand #OM181427446: Omaha Pot Limit ($0.5/$1) - 2020/04/14 07:56:19": "ggpoker",
        b"Winamax Poker - CashGame - HandId: #9630554-604-1489827073 - Omaha5 pot limit "
        b"(5\xe2\x82\xac/10\xe2\x82\xac) - 2017/03/18 08:51:13 UTC": "winamax",
        b"Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - 2019/07/18 15:13:01 UTC":
            "wpn",
        b"Game Hand #82980175 - Tournament #11212445 - Omaha H/L(Pot Limit) - Level 1 "
        b"(250.00/500.00)- 2019/07/25 02:31:33 UTC": "wpn",
        # the time on the next line: the first line is the hand number, game and stakes
        b"#45395871: Limit Omaha - 60/120\n2021-08-04 23:55:21": "kingsclub",
        # WPN before 2019: the time first, the hand number, stakes, table and game next
        b"Game started at: 2015/4/28 1:1:3\nGame ID: 406051551 5/10 Mauilite (PRR) - CAP - "
        b"6-Max - 3 (Omaha)": "wpn",
        # a header of four lines: the number, the room, the game and time, the table
        b"#Game No : 362978981\n***** Cassava Hand History for Game 362978981 *****\n"
        b"15/30 Blinds Fix Limit Omaha - *** 11 03 2011 15:43:24\n"
        b"Table Bratislava (Practice Play)": "pacific",
        # a header of three lines (then the table's): the first starts as WPN's does
        b"Hand #5297786-137 - 2013-04-11 02:08:55\nGame: PL Omaha (20 - 100) - Blinds 1/1\n"
        b"Site: Seals With Clubs\nTable: PLO 9max 1/1 #1": "seals",
        # no stakes in a cash header; the time after the last " - ", dashes in its date
        b"\xef\xbb\xbfBovada Hand #2601407546 TBL#1090318 OMAHA Pot Limit - 2012-04-24 02:55:07":
            "bovada",
        b"Ignition Hand #3581708086  Zone Poker ID#1205 HOLDEMZonePoker No Limit - "
        b"2018-03-19 10:06:32": "bovada",
        b"Bovada Hand #3050116136: OMAHA HiLo Tournament #9483062 TBL#1, Pot Limit- Level 2 "
        b"(15/30) - 2014-09-07 04:24:27": "bovada",
        # a tournament's speed where its limit stands (Ignition from 2017)
        b"Ignition Hand #3534392210: HOLDEM Tournament #18212313 TBL#1, Turbo- Level 1 (10/20) "
        b"- 2017-06-05 00:20:19": "bovada",
        b"BetOnline Poker Game #1073058326: Hold'em Pot Limit ($0.05/0.10) - 2012/09/30 "
        b"21:25:46 EDT": "betonline",
        b"BetOnline Poker Game #1078353699: Tournament #4157956: Hold'em $10.00/$20.00 - "
        b"2012/10/13 20:13:28 Eastern Daylight Time": "betonline",
        b"Gear Poker Game #1014850512: Hold'em - 2012-04-09 12:14:36": "betonline",
        # the game, stakes and time on the next line; "Game #N starts." and a NUL byte
        # before it carry nothing
        b"Game #11354414824 starts.\n\n#Game No : 11354414824\n\x00***** Hand History for "
        b"Game 11354414824 *****\n$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 "
        b"EST 2012": "partypoker",
        b"***** Hand History For Game 1770659766668adeb0h5qfm *****\n0.10/0.25 Omaha Hi Game "
        b"Table (PL) - Mon Feb 09 12:55:26 EST 2026": "partypoker",
        # the time before the date; an iPoker header with no " - " and its zone glued on
        b"EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - "
        b"22:33:12 - 2011/01/02": "pokertracker",
        b"\xef\xbb\xbfGAME #2978859505: Texas Hold'em  NL $0.05/$0.10 2011-10-12 02:52:19":
            "pokertracker",
        b"GAME #8162156892 Version:18.5.6.4 Uncalled:Y Texas Hold'em NL \x80"
        b"0.01/\x800.02 2018-12-26 22:40:05/GMT": "pokertracker",
        # PokerTracker's exports: Merge's (the table on the next line; the 2014 pipes), and
        # Microgaming's (the game on the next line, maybe after blank lines)
        b"MERGE_GAME #4927169400080: Omaha PL Tournament 02/16/2012 04:27:31\nTable $5 Free "
        b"PLO Hero Arena - Country Restricted , 49271005 (Tournament: $5 Free PLO Hero Arena "
        b"- Country Restricted , 49271005 Buy-In: $5+$0.50)": "pokertracker",
        b"Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | "
        b"Version:2\nTable Tropicana - Fast V (80256693), Seats 6": "pokertracker",
        b"** Hand # 5870377181 starting - 2016-01-12 23:00:07\n\n** Jerold - \x8050 Max "
        b"[Omaha] (0.25|0.50 PL - Cash Game) Real Money": "pokertracker",
    }  # fmt: skip
    for head, name in heads.items():
        site = detect_site(head)
        assert site is not None and site.name == name, head
        # the line's start alone, as a room of another shape may begin its lines, is not it
        cut = head.index(b"#") + 4 if b"#" in head else head.index(b"\n")
        assert detect_site(head[:cut]) is None, head
    # PartyPoker's first line alone: the game, stakes and time are on the next one
    first_line = b"***** Hand History for Game 11354414824 *****\nSeat 1: A ( $2 USD )"
    assert detect_site(first_line) is None
    microgaming = (b"** Game ID 4908778359 Version:3 starting - 2013-05-28 16:44:14\n** "
                   b"Anonymous (Heads Up) - \x805K Max [Hold'em] (25|50 NL - \x80 Cash Game "
                   b"seats:2 badbeat ) Real Money")  # fmt: skip
    site = detect_site(microgaming)
    assert site is not None and site.name == "pokertracker"
    assert detect_site(microgaming.split(b"\n")[0]) is None  # its game line is needed
    assert detect_site(b"Full Tilt Poker Game #1: ...") is None
    assert detect_site(b"#Game No : 123 ***** 888poker Hand History") is None  # one line
    # a tournament's speed where its limit stands, but one the room does not write: not it
    assert detect_site(b"Ignition Hand #4405041788: HOLDEM Tournament #44843212 TBL#18, "
                       b"Slow- Level 10 (150/300) - 2021-10-13 22:15:04") is None
    # in UTF-16 with every line doubled, as the older WPN client's exports are
    utf16 = "\ufeffGame started at: 2016/8/2 11:24:23\n\nGame ID: 693980441 0.01/0.02 (PRR) " \
        "Bannik (Short) (Omaha)\n\nSeat 2 is the button\n"
    site = detect_site(utf16.encode("utf-16-le"))
    assert site is not None and site.name == "wpn"


def test_an_xml_format_is_recognised_by_its_root_and_hand_elements() -> None:
    session = (b'<?xml version="1.0" encoding="utf-8"?>\n<session sessioncode="1">\n <general>'
               b"<gametype>Omaha PL $0.01/$0.02</gametype></general>\n")
    site = detect_site(session + b' <game gamecode="2874228115">\n  <general>')
    assert site is not None and site.name == "ipoker"
    # cp1252 under a UTF-8 prolog, and a file with no prolog, read alike
    assert detect_site(session.replace(b"$", b"\x80") + b'<game gamecode="1">') is site
    assert detect_site(session[session.index(b"<session"):] + b'<game gamecode="1">') is site
    # a hand element of another shape (Merge's <game id>), or no session around it: not it
    assert detect_site(session + b'<game id="27618225-108" starttime="20100907114335">') is None
    assert detect_site(b'<game gamecode="2874228115"><general>') is None
    assert detect_site(session) is None
    # what looks like a hand's start tag, or its end, before the first hand's is read past
    decoy = b'<!-- <game gamecode="9"> -->'
    assert detect_site(session + decoy + b'<game gamecode="1">') is site
    assert detect_site(session + decoy) is None
    assert detect_site(session + b'<game note="a>b" gamecode="1">') is site


def test_merge_is_recognised_by_its_description_before_a_game() -> None:
    """Merge: a ``<description/>`` and, after it (a sibling, no root around them), a
    ``<game id>``; PokerTracker's text exports of Merge hands are another site's."""
    description = b'<description type="Omaha" stakes="Pot Limit ($0.50/$1)"/>\n'
    game = b'<game id="27618225-108" starttime="20100907114335" numholecards="4" gametype="9">'
    site = detect_site(description + game + b"\n\t<players dealer=\"5\">")
    assert site is not None and site.name == "merge"
    assert detect_site(description + b"\n\n" + game) is site  # blank lines between
    assert detect_site(game) is None  # no description before it
    assert detect_site(description) is None  # no game after it
    assert detect_site(description + b'<game gamecode="2874228115">') is None  # iPoker's hand
    text = b"Merge Game #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | " \
        b"Version:2\nTable Tropicana - Fast V (80256693), Seats 6"
    assert detect_site(text) is registry()["pokertracker"]


_GRAMMARS = [g for site in registry().values() for g in getattr(site, "grammars", ())]


@settings(max_examples=300, deadline=None)
@given(grammar=st.sampled_from(_GRAMMARS), data=st.data())
def test_hand_starts_are_the_lines_the_hand_start_pattern_matches(
    grammar: Grammar, data: st.DataObject
) -> None:
    starts = [*grammar.header_starts, *(start[:-1] for start in grammar.header_starts), "x"]
    line = st.tuples(
        st.sampled_from(["", " ", "\t ", "\x00", "  \t"]), st.sampled_from(["", "\ufeff"]),
        st.sampled_from(starts), st.sampled_from(["1", "7", "-", "x", "é", ""]),
        st.sampled_from(["", "23: Hold'em", " #4"]),
    ).map("".join)  # fmt: skip
    text = data.draw(st.lists(line, max_size=6).map("\n".join)).encode()
    lines = np.concatenate(([0], np.flatnonzero(np.frombuffer(text, np.uint8) == 10) + 1))
    # the line-anchored pattern matches at the lines' starts, whatever blanks it gives back
    expected = [found.start() for found in grammar.hand_start.finditer(text)]
    assert _hand_starts(text, lines, grammar).tolist() == expected
