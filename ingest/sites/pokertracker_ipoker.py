"""iPoker hands as PokerTracker exports them: 2011 (``GAME #2978859505: Texas Hold'em  NL
$0.05/$0.10 2011-10-12 02:52:19``; the HandHQ table of 2011-01 with one space, a date
written with slashes and cards in lower case), 2018-21 (``GAME #8162156892
Version:18.5.6.4 Uncalled:Y Texas Hold'em NL €0.01/€0.02 2018-12-26 22:40:05/GMT``) and
the Zone tables of 2018 (no version, ``/GMT``).

No room name and no " - " in the header: the time follows the stakes after a space, its
zone glued to it (``/GMT``) from 2018, none before (Eastern time assumed). A tournament's
header writes no stakes, its table line the tournament and the table (``Table $3,000
Freezeout Double Stack, 595742621, 4730420821 (Tournament: ... Buy-In: $30+$3)``); the
blinds are the posts'. Seats carry ``DEALER`` after the stack; every action is ``player:
Verb``. ``Raise X`` gives the street total; ``Allin X`` adds X (a bet, a call or a raise as
the betting has it); ``Post BB X`` of one and a half big blinds posts both blinds (the big
blind live). Cards are written suit first (``SQ DQ``, ``H10``; ``d6 sJ h10``), ``X`` for one
not shown; the turn and river markers give only their card. The summary writes ``Total pot
T Rake R`` (T after the rake, the sum of the wins) then ``player: wins X`` lines. No
uncalled bet is printed: the 2011 and Zone exports count it in the total and the bettor's
wins, the ``Uncalled:Y`` ones in neither (``ingest.rooms``). A tournament's seat lines
print the stacks before the posts but in some hands, those whose chips say so.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.wording import Wording

_GAME = r"(?P<game>(?:Texas Hold'em|Omaha(?: Hi)?(?:/Lo| Hi/Lo)?) +(?:NL|PL|FL))"
_LIMIT = r"(?P<limit>NL|PL|FL)"

GRAMMAR = Grammar(
    site="pokertracker",
    header_starts=("GAME #",),
    hand_id_class="[0-9]",
    hand_id_end="",  # ":" in 2011, " " after
    # the header less its number and its time (cut at the space before the date); a
    # tournament's id is on its table line
    header=r"^\ufeff?(?P<room>GAME) #:? (?:Version:\S+ Uncalled:Y )?" + _GAME
    + r" +(?:Tournament|(?P<sb>[$€£][0-9.,]+)/(?P<bb>[$€£][0-9.,]+))$",
    games=rf"^(?P<variant>Omaha)(?: Hi)?(?P<hi_lo>/Lo| Hi/Lo)? {_LIMIT}$",
    flop_games=(rf"^Texas Hold'em {_LIMIT}$",),
    limits={"NL": "NL", "PL": "PL", "FL": "FL"},
    rooms={"GAME": "iPoker"},
    actions=compile_actions(
        {
            "{player}: Post SB {amount}": "post_sb",
            # the big blind, all in (#9041577782); before "Post BB ", its prefix
            "{player}: Post BB Allin {amount}": "post_bb",
            # the big blind, or both blinds (the big one live): "Player4: Post BB $1.50" at
            # $0.50/$1 (#2607756372)
            "{player}: Post BB {amount}": "post_sb_bb",
            "{player}: Post Ante {amount}": "ante",
            "{player}: Fold": "fold",
            "{player}: Check": "check",
            "{player}: Call {amount}": "call",
            "{player}: Bet {amount}": "bet",
            # the street total; "(NF)" or not makes no money difference (#2607739781)
            "{player}: Raise (NF) {to}": "raise",
            "{player}: Raise {to}": "raise",
            "{player}: Allin {added}": "wager",  # the rest of the stack
            "{player}: Shows [{cards}]{any}": "show",  # the cards, then the hand made
            "{player}: Mucks [{cards}]{any}": "muck",
            "{player}: wins {amount}": "collect",  # after the rake, naming no pot
        },
        all_in="",  # an "Allin" verb, no suffix
    ),
    totals={" Rake ": "rake"},  # "Total pot €0.45 Rake €0.03"
    total_after_rake=True,
    pots_named=False,
    boards_in_markers=True,
    markers_deal_cards=True,
    blinds_in_posts=True,  # a tournament's header writes no stakes
    # some tournament hands print the stacks left after the posts: #3616779771's six seats
    # each hold the previous hand's end less the player's ante and blind, so the big blind,
    # "($1,615.00 in chips)", raises $1,615.00 after his $225 of posts
    stacks_may_follow_posts=True,
    # the table, or a tournament's name, id and table (which makes the hand a tournament's)
    info_lines=(r"^Table (?:.+?, (?P<tournament_id>[0-9]+), )?(?P<table_name>.+?)"
                r"(?: \(Tournament: .*\))?$",),
    # a seated player who does not act ("Player8:")
    ignored_lines=(r"^[^:]+:$",),
    wording=Wording(
        time_separator=" ",
        date_separator="-/",
        zone_mark="/",
        unknown_card="X",
        suit_first=True,
        seat_button=" DEALER",
    ),
    card_words={"S": "s", "H": "h", "D": "d", "C": "c"},
    # 2011 writes no zone: Eastern time is assumed, as FPDB's importer reads every
    # PokerTracker export (omaha import --timezone says otherwise); 2018 on write "/GMT",
    # read as the engine reads that zone (London time, ingest.engine.text.TIME_ZONES).
    implied_zone="America/New_York",
)
