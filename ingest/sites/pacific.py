"""888 (Pacific Poker) text histories: Cassava, 888poker, 888.ro and 888poker.ca-on, one
format written from 2011 to 2022 (cash games and tournaments, every limit).

A hand's header is four lines: ``#Game No : 362978981``, the room and the number again
(``***** Cassava Hand History for Game 362978981 *****``), the blinds, limit and game with
the date (``$ 10/$ 20 Blinds Pot Limit Omaha - *** 05 05 2014 21:32:10``: day first, no
zone; 888.ro's tournaments write none), then the table (``Table Kumanovo 6 Max (Real
Money)``) or the tournament (``Tournament #50321242 $10 + $1 - Table #1 (Real Money)``).
The button has a line of its own. Amounts are in brackets, in many styles: the sign before
or after, spaces and no-break spaces inside, ``.`` or ``,`` grouping thousands or marking
decimals (``[$ 3.243]``, ``[0,38 $]``, ``[2 250 $]``, ``[42.797,60 $]``); tournament
chips carry a currency sign too. ``raises [X]`` adds X; ``posts dead blind [A + B]`` puts
a dead small blind and a live big blind. No line says all-in, returns an uncalled bet, or
gives a pot or a rake: the collect lines, in the summary with the cards shown, name no
pot, and the uncalled bet is in them in some hands and not in others (``ingest.rooms``).
Cards come in lists (``[ Hc, 8h, Td, 6h ]``) and in the client's language: Dutch (``H``,
``V``, ``B`` for king, queen, jack), Swedish (``Kn``, ``D``, ``E`` for jack, queen, ace),
German suits (``8Pik``), Russian ranks in cp1251 (``\u0412h``: Cyrillic Ve, the jack),
Spanish suits in cp1252 (``7p``).
"""

from __future__ import annotations

from ingest.engine.amounts import AmountStyle
from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording

_ROOMS = r"(?P<room>Cassava|888poker|888poker\.ca-on|888\.ro|888\.ro BLAST)"
_GAME = r"(?P<game>(?:No Limit|Pot Limit|Fix Limit) (?:Holdem|OmahaHL|Omaha))"
_MONEY = r" \((?:Real Money|Practice Play)\)$"
_NEXT = r"\s*\n"  # a line end (the header's lines are read as one text)
# the header less its hand number (taken out of both lines that write it) and its time
_HEAD = (
    rf"^#Game No : {_NEXT}\*{{5}} {_ROOMS} Hand History for Game  \*{{5}}{_NEXT}"
    rf"(?P<sb>[^/\n]+)/(?P<bb>[^/\n]+) Blinds {_GAME}(?: Jackpot table)?(?: - \*\*\*)?{_NEXT}"
)
_LIMIT = r"(?P<limit>No Limit|Pot Limit|Fix Limit)"

GRAMMAR = Grammar(
    site="pacific",
    header_starts=("#Game No : ",),
    hand_id_class="[0-9]",
    hand_id_end="",  # the number ends the line
    header=(
        rf"{_HEAD}Table (?P<table>.+?)(?: (?P<max_seats>[0-9]+) Max)?{_MONEY}",
        # a tournament's table is its number (none written in some 888.ro hands)
        rf"{_HEAD}Tournament #(?P<tournament_id>[0-9]+) .*?(?: - Table #(?P<table>[0-9]+))?"
        rf"(?: (?P<max_seats>[0-9]+) Max)?{_MONEY}",
    ),
    header_lines=4,
    games=rf"^{_LIMIT} (?P<variant>Omaha)(?P<hi_lo>HL)?$",
    flop_games=(rf"^{_LIMIT} Holdem$",),
    limits={"No Limit": "NL", "Pot Limit": "PL", "Fix Limit": "FL"},
    # the brands of one room: Cassava (the software's name, 2011-2014) and 888poker write
    # the same hands; the Romanian and Ontarian sites are rooms of their own
    rooms={"Cassava": "888poker", "888poker": "888poker", "888poker.ca-on": "888poker.ca-on",
           "888.ro": "888.ro", "888.ro BLAST": "888.ro"},
    actions=compile_actions(
        {
            "{player} posts ante [{amount}]": "ante",
            "{player} posts small blind [{amount}]": "post_sb",
            "{player} posts big blind [{amount}]": "post_bb",
            # a dead small blind and a live big blind: "posts dead blind [0.50 + 1]", then
            # the player checks facing 1 (888-FLH-PM-1.00-2.00-stacks_over_1k #440729192)
            "{player} posts dead blind [{amount} + {more}]": "post_sb_bb",
            "{player} folds": "fold",
            "{player} checks": "check",
            "{player} calls [{amount}]": "call",
            "{player} bets [{amount}]": "bet",
            "{player} raises [{added}]": "raise",  # the chips the raise adds
            "{player} shows [{cards}]": "show",
            "{player} mucks [{cards}]": "muck",
            "{player} did not show his hand": "no_show",
            # the summary's collect lines, one per pot share, naming no pot
            "{player} collected [ {amount} ]": "collect",
        },
        all_in="",  # never written: the stacks say it
        spaced_amounts=True,
    ),
    amounts=AmountStyle(decimal_marks=".,", group_marks=",. \u00a0", sign_space=True,
                        groups_of_three=True),
    totals={},
    stack_suffix="",
    stack_between=("( ", " )"),
    wording=Wording(
        marker_open="** ",
        marker_close=" **",
        streets={"Dealing down cards": "preflop", "Dealing flop": "flop",
                 "Dealing turn": "turn", "Dealing river": "river", "Summary": "summary"},
        summary="** Summary **",
        hand_number="#Game No : ",
        time_separator=" - *** ",
        date_separator=" ",
        date_order="dmy",
        card_separator=", ",
    ),
    # No zone is written. FPDB's 888 importer reads these times as Eastern time (its .hands
    # sidecar of 888-FLH-PM-0.50-1.00-HeroLoses18 gives 23:41:31 UTC for "21 03 2011
    # 19:41:31", EDT): ET is assumed, as for the other rooms that write none (omaha import
    # --timezone says otherwise).
    implied_zone="America/New_York",
    currency="play",  # a cash game with no currency sign is "Practice Play"
    total_line=False,
    rake_printed=False,
    pots_named=False,
    boards_in_markers=True,
    markers_deal_cards=True,
    card_words={
        "H": "K", "V": "Q", "B": "J",  # Dutch: heer, vrouw, boer
        "Kn": "J", "D": "Q", "E": "A",  # Swedish: knekt, dam, ess (kung is K)
        # Russian (Cyrillic): Ve (валет), De (дама), Te (туз), Ka (король)
        "\u0412": "J", "\u0414": "Q", "\u0422": "A", "\u041a": "K",
        "Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c",  # German suits
        "p": "s", "t": "c",  # Spanish: picas, tréboles (no showdown shows the latter)
    },
    # files not in UTF-8: Spanish and French clients in cp1252 (the euro sign), the
    # Russian client in cp1251 (its card ranks)
    encodings=("cp1252", "cp1251"),
    ignored_lines=(r"^Total number of players : [0-9]+$",),
)

SITE = TextSite(GRAMMAR, __file__)
