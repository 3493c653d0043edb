"""Seals With Clubs text histories: the room's own format of 2013 (cash games in mBTC).

The header is four lines: ``Hand #5297786-137 - 2013-04-11 02:08:55`` (the whole
``5297786-137`` is the hand number; the date has dashes and no zone), ``Game: PL Omaha
(20 - 100) - Blinds 1/1`` (the limit before the game, the table's buy-in range, then the
blinds; a fixed-limit game writes ``Stakes 2/4``, its small and big bet), ``Site: Seals With
Clubs``, and the table, ``Table: PLO 9max 1/1 #1`` (``HU`` for two seats). The button is
named by its player (``Player4 has the dealer button``). Markers are ``** Flop ** [3d 4h
2d]``, each giving only the cards it deals; a showdown is ``** Pot Show Down **`` or
``** Main Pot Show Down **``. No colon after the player; "raises to X" gives the street
total, calls and bets the chips they add (see ``ingest.rooms``); ``(All-in)`` ends an
all-in line. An uncalled bet is printed (``Hero refunded 6``) and left out of the pots.
Each pot is paid where it is decided, among the streets (``Hero wins Pot (10)``, ``Player2
wins Side Pot 1 (2)``, ``with Two Pair`` after a showdown), then its rake on a line of its
own (``Rake (0.30)``). There is no summary and no total pot: the hand ends at the next
header. ``Player0 adds 3 chips`` tops a stack up for the next hand.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording

_AMOUNT = r"[0-9]+(?:\.[0-9]+)?"
_NEXT = r"\s*\n"  # a line end (the header's lines are read as one text)

GRAMMAR = Grammar(
    site="seals",
    header_starts=("Hand #",),
    hand_id_class="[0-9-]",
    hand_id_end=" - ",
    # the first line less its number and time, then the game line and the room's line
    header=(
        rf"^Hand #{_NEXT}Game: (?P<game>(?:NL|PL|Limit) [^(]+?) \([0-9]+ - [0-9]+\) - "
        rf"(?:Blinds|Stakes) (?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT}){_NEXT}"
        r"Site: (?P<room>Seals With Clubs)$"
    ),
    header_lines=3,
    games=r"^(?P<limit>NL|PL|Limit) (?P<variant>Omaha)(?P<hi_lo> Hi-Lo)?$",
    flop_games=(r"^(?P<limit>NL|PL|Limit) Hold'em$",),
    limits={"NL": "NL", "PL": "PL", "Limit": "FL"},
    rooms={"Seals With Clubs": "Seals With Clubs"},
    actions=compile_actions(
        {
            # both blinds: the big blind live, the small blind dead ("posts small & big
            # blind 1.50" at 0.50/1, then checks facing the big blind)
            "{player} posts small & big blind {amount}": "post_sb_bb",
            "{player} posts small blind {amount}": "post_sb",
            "{player} posts big blind {amount}": "post_bb",
            "{player} posts the ante {amount}": "ante",  # FPDB's importer's; none here
            "{player} has the dealer button": "button",
            "{player} folds": "fold",
            "{player} checks": "check",
            "{player} calls {amount}": "call",
            "{player} bets {amount}": "bet",
            "{player} raises to {to}": "raise",
            "{player} shows [{cards}]{any}": "show",
            "{player} refunded {amount}": "return",
            "{player} wins {pot} ({amount}) with {any}": "collect",
            "{player} wins {pot} ({amount})": "collect",
        },
        all_in=" (All-in)",
    ),
    totals={},
    stack_suffix="",
    # "PLO 9max 1/1 #1", "NLHE HU 15/30 #2": the whole text is the table's name, its seats
    # in it (FPDB's importer also knows "6half", "6deep" and the 9-seat "No Rake Micro
    # Stakes" tables)
    info_lines=(
        r"^Table: (?P<table_name>(?:.* )?"
        r"(?P<max_seats>[0-9]+(?:max|half|deep)|HU|No Rake Micro Stakes)(?: .*)?)$",
    ),
    seat_counts={"HU": 2, "No Rake Micro Stakes": 9},
    wording=Wording(
        marker_open="** ",
        marker_close=" **",
        # FPDB's importer also knows a side pot's own showdown, which these files never show
        streets={
            "Hole Cards": "preflop",
            "Flop": "flop",
            "Turn": "turn",
            "River": "river",
            "Pot Show Down": "showdown",
            "Main Pot Show Down": "showdown",
            **{f"Side Pot {n} Show Down": "showdown" for n in range(1, 10)},
        },
        table="Table: ",
        pot="Pot",
        main_pot="Main Pot",
        date_separator="-",
    ),
    # No zone is written. FPDB's Seals With Clubs importer reads these times as Eastern
    # time (it converts from ET to UTC); nothing in the files says otherwise (omaha import
    # --timezone does).
    implied_zone="America/New_York",
    # No currency is written: the room dealt milli-bitcoin (FPDB files every hand in mBTC),
    # amounts with at most two decimals.
    currency="mBTC",
    total_line=False,
    summary=False,
    summary_amounts={"Rake ({amount})": "rake"},
    boards_in_markers=True,
    markers_deal_cards=True,
    # a top-up for the next hand, after the hand's pots or before them
    ignored_lines=(r"^.+ adds [0-9]+(?:\.[0-9]+)? chips$",),
)

SITE = TextSite(GRAMMAR, __file__)
