"""Boss Media XML histories (the Boss network's skins: Boss, espacejeux, Svenska Spel...),
read by the engine's XML reader (:class:`~ingest.engine.xml_site.XmlSite`).

A file holds ``<HISTORY>`` elements, one a hand, inside a ``<ROOT>`` often left open (one
file ends inside its last hand's ``<SHOWDOWN>``), after a prolog that may say UTF-8 of
cp1252 bytes. A hand's attributes are its header (``GAME``: ``GAME_THM`` Hold'em,
``GAME_OMA`` and the 2009 client's ``GAME_OMATU`` Omaha, ``GAME_OMAHL`` Omaha hi/lo;
``LIMIT``, ``STAKES="SB/BB"`` (of a fixed-limit table its bets: the blinds are the
posts'), ``GAMEKIND``, ``TABLECURRENCY`` (a tournament's buy-in's: its amounts are
chips), ``SESSION`` (a tournament's number), ``DATE``: seconds since 1970). Its
``<PLAYER NAME SEAT AMOUNT>``\\ s name the players (empty seats too, ``STATE_EMPTY`` or
``STATE_RESERVED``); its ``<ACTION TYPE PLAYER VALUE>``\\ s follow each other with no
rounds: the posts (``HAND_BLINDS`` of ``KIND`` ``HAND_SB``, ``HAND_BB``, ``HAND_DSB`` a
small blind dead, ``HAND_AB`` both blinds; ``HAND_ANTE``), ``HAND_DEAL`` (a player's
cards, ``b`` when hidden), the betting, and ``HAND_BOARD`` (the board so far, opening its
street, with the pot so far net of the rake so far). ``<SHOWDOWN POT RAKE>`` holds a
``<RESULT PLAYER WIN>`` for each player: what the pots paid him, and the cards he shows.
Cards are numbers: 0-12 the diamonds from the ace to the king, then the clubs, hearts and
spades. No uncalled bet is written: it is out of the pots.

What the amounts mean, proven by the pots the boards write (/work/notes/xml_rooms.md §3):
a raise and an all-in write the player's street total; a bet the chips it adds; a call
the street total up to 2013-01-06 and the chips it adds from 2013-07-18 (no file falls
between). A small blind posted after the hand's first is dead; blinds are written in full
whatever the stack (a short one puts in what it holds). Tournaments of 2011 write no
antes, the stacks written after them: their first pot says them (``xml_antes``).
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.xml_format import (
    ADDED,
    BOARD,
    POCKET,
    TOTAL,
    ActionType,
    Collect,
    XmlFormat,
)
from ingest.engine.xml_site import XmlSite

# a card's number: its rank (0 the ace, 1 the deuce ... 12 the king), suit by thirteens
CARDS = {str(n): "A23456789TJQK"[n % 13] + "dchs"[n // 13] for n in range(52)}

FORMAT = XmlFormat(
    site="boss",
    room="Boss",
    session="",
    header="",
    hand="HISTORY",
    hand_id="ID",
    hand_header="",
    time="@DATE",
    time_formats=("%s",),  # seconds since 1970: an instant
    player="PLAYER",
    seat="SEAT",
    name="NAME",
    stack="AMOUNT",
    won="",
    button="DEALER",
    button_value="Y",
    round="",
    round_no="",
    streets={},
    action="ACTION",
    order="",
    actor="PLAYER",
    type="TYPE",
    subtype="KIND",  # a HAND_BLINDS' blind
    amount="VALUE",
    types={
        "HAND_SB": ActionType("post_sb", ADDED),
        "HAND_BB": ActionType("post_bb", ADDED),
        "HAND_DSB": ActionType("post_dead", ADDED),
        "HAND_AB": ActionType("post_sb_bb", ADDED),  # the big blind live, the rest dead
        "HAND_ANTE": ActionType("ante", ADDED),
        "HAND_DEAL": ActionType(POCKET),
        "HAND_BOARD": ActionType(BOARD),
        "ACTION_FOLD": ActionType("fold"),
        "ACTION_CHECK": ActionType("check"),
        "ACTION_BET": ActionType("bet", ADDED),
        "ACTION_CALL": ActionType("call", ADDED),
        "ACTION_RAISE": ActionType("raise", TOTAL),
        "ACTION_ALLIN": ActionType("wager", TOTAL, all_in=True),
    },
    # calls wrote the street total until 2013-01-06 (the last such hand)
    eras=(("2013-01-07", {"ACTION_CALL": ActionType("call", TOTAL)}),),
    cards="",
    card_type="",
    card_player="",
    pocket="",
    boards={},
    boards_so_far=True,
    card_attributes=("LINK",),
    card_table=CARDS,
    collect=Collect("RESULT", "PLAYER", "WIN", shows=True, paid_only=True),
    kept=("SHOWDOWN",),
    holders=("RESULT",),
    total_tag="SHOWDOWN",
    total_amount="POT",
    room_attributes={"RAKE": "rake"},
    # the game, limit, stakes, kind, money and session (a tournament's number)
    header_fields=("@GAME", "@LIMIT", "@STAKES", "@GAMEKIND", "@TABLECURRENCY", "session"),
    derived={"session": ("@SESSION", r"(\d+)")},
    table="@TABLE",
    hero="",  # the player dealt cards not hidden
    empty_seat=("STATE", "STATE_EMPTY|STATE_RESERVED"),
    second_small_dead=True,
    posts_capped=True,
    unwritten_antes=("@GAMEKIND", "TOURNAMENT"),
    detect_attributes=("GAME", "STAKES", "DATE"),
)

_GAME = r"(?P<game>GAME_[A-Z]+) \| (?P<game_limit>NL|PL|FL)"
_BLINDS = r"(?P<sb>[^/|]+)/(?P<bb>[^/|]+)"
GRAMMAR = Grammar(
    site="boss",
    header_starts=("<HISTORY",),
    hand_id_class="[0-9]",
    hand_id_end='"',
    # "Boss | GAME_OMA | PL | 0.05/0.10 | GAMEKIND_CASH | EUR | 648333186"
    header=(
        # fixed limit: the stakes are the bets; the blinds are the posts'
        r"^(?P<room>Boss) \| (?P<game>GAME_[A-Z]+) \| (?P<game_limit>FL) \| [^|]* \| "
        r"GAMEKIND_CASH \| (?P<cur>[A-Z]{3}) \| \d*$",
        rf"^(?P<room>Boss) \| {_GAME} \| {_BLINDS} \| GAMEKIND_CASH \| (?P<cur>[A-Z]{{3}}) "
        r"\| \d*$",
        rf"^(?P<room>Boss) \| {_GAME} \| {_BLINDS} \| GAMEKIND_TOURNAMENT \| [^|]* \| "
        r"(?P<tournament_id>\d+)$",
    ),
    games=r"^GAME_(?P<variant>OMA)(?:TU)?(?P<hi_lo>HL)? (?P<limit>NL|PL|FL)$",
    flop_games=(r"^GAME_THM (?P<limit>NL|PL|FL)$",),
    limits={"NL": "NL", "PL": "PL", "FL": "FL"},
    rooms={"Boss": "Boss"},
    # actions are elements, read by FORMAT's types: no line template is used
    actions=compile_actions({"{player} folds": "fold"}),
    totals={},
    # the SHOWDOWN: the pot net of the rake, which its RAKE says
    total_after_rake=True,
    summary=False,
    blinds_in_posts=True,
    implied_zone="UTC",
)

SITE = XmlSite(FORMAT, GRAMMAR, __file__)
