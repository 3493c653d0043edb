"""WPN's text histories of the clients before 2019 (2015-2019 files), a dialect of the ``wpn``
site (``ingest.sites.wpn``). Its hand starts with its time alone (``Game started at:
2015/4/28 1:1:3``: no zone, nor zero padding), then the hand number, the stakes, the table's
text and the game (``Game ID: 406051551 5/10 Mauilite (PRR) - CAP - 6-Max - 3 (Omaha)``);
the button's seat on a line of its own; every action ``Player `` then the name (which may
hold spaces, or be empty in FPDB's damaged files), amounts in parentheses, each the chips
the line adds (``raises (90)``, ``caps (253.88)``, ``allin (402.40)``: a bet, a call or a
raise, as the betting says); one line per card dealt (``Player Hero received card: [8d]``,
``Player X received a card.``), tens written ``10``; no collect lines: the summary (``------
Summary ------``, ``Pot: 612. Rake 2.76. JP fee 0.24``, the pot less the room's take) gives
a line per player with the cards shown or mucked and what they collected, a ``*`` before
each winner's (``*Player Player4 shows: Three Of Kind of 7s [Jd 7d Ad 5s]. Bets: 300.
Collects: 612. Wins: 312.``). Some files are UTF-16 with every line doubled by a blank one.

What it does not write, it implies. No zone: the times are read in Eastern time, the
engine's zone for times written without one (the room's players and tournament schedule are
North American; FPDB asks its user; ``omaha import --timezone`` says otherwise). No limit:
Omaha is pot-limit and Hold'em no-limit, unless the betting says otherwise
(``Grammar.unwritten_limits``; ``fixed_by_header_bets``: a big blind of the header's first
amount is fixed-limit; a bet above the pot no-limit; see ``ingest.rooms``). No currency: a
cash table is in US dollars, a ``PM`` table's play money, a tournament's (``$5 Regular
9-Max, Table 1``, its name before ``, Table``) chips. A hand whose table's text is empty
(``Game ID: 1356882665 30/60 (Hold'em)``) is read as a tournament's, with no name: every
cash table of the files has a name, that hand takes no rake (cash hands write ``Rake 0``
when none), and FPDB names its file as a tournament's (``T9360380``).
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.wording import Wording

# The format of the clients before 2019 (2015-2019 files). The header, less its hand number:
# the stakes, then the table's text before the game: a tournament's table ("$5 Regular
# 9-Max, Table 1"), play money's ("PM Hold`em 5/10"), none, or a cash table's.
_STAKES = r"^(?P<room>Game ID):  (?P<sb>[0-9.]+)/(?P<bb>[0-9.]+) "
_OLD_GAME = r" \((?P<game>[^()]+)\)(?: \d+-max)?$"

LEGACY = Grammar(
    site="wpn",
    header_starts=("Game started at: ",),
    hand_id_class="[0-9]",
    hand_id_end=" ",
    header=(
        rf"{_STAKES}(?P<table>(?P<tournament_id>.+), Table \d+){_OLD_GAME}",
        rf"{_STAKES}(?P<table>(?P<cur>PM) .+){_OLD_GAME}",
        rf"{_STAKES}(?P<table>)(?P<tournament_id>){_OLD_GAME}",
        rf"{_STAKES}(?P<table>.+){_OLD_GAME}",
    ),
    games=r"^(?P<variant>Omaha)(?P<hi_lo> HiLow)?$",
    flop_games=(r"^(?:Hold'em|Six Plus Hold'em)$",),
    # no limit is written: pot-limit Omaha, no-limit Hold'em, unless the betting says
    # otherwise (see ingest.rooms)
    limits={},
    unwritten_limits={"Omaha": "PL", "Omaha HiLow": "PL", "Hold'em": "NL",
                      "Six Plus Hold'em": "NL"},
    fixed_by_header_bets=True,
    rooms={"Game ID": "WPN"},
    money_names={"PM": "play"},
    currency="USD",
    actions=compile_actions(
        {
            "Player {player} has small blind ({amount})": "post_sb",
            "Player {player} has big blind ({amount})": "post_bb",
            "Player {player} posts ante ({amount})": "ante",
            # a player coming in posts, live: "barzop posts (5)", then "calls (5)" at 5/10
            "Player {player} posts ({amount})": "post_bb",
            "Player {player} straddle ({amount})": "straddle",
            "Player {player} ante ({amount})": "ante",
            "Player {player} bring in ({amount})": "post_sb",  # seven-card stud's
            "Player {player} folds": "fold",
            "Player {player} checks": "check",
            "Player {player} calls ({amount})": "call",
            "Player {player} bets ({amount})": "bet",
            # the chips each adds; "allin" says no more than that (a bet, call or raise)
            "Player {player} raises ({added})": "raise",
            "Player {player} caps ({added})": "raise",
            "Player {player} allin ({added})": "wager",
            "Player {player} mucks {any}": "muck",
            "Player {player} is timed out.": "note",
            "Player {player} sitting out": "sits_out",
            "Player {player} wait BB": "note",
            # the summary: a line per player, "*" before each who collects
            "Player {player} shows: {any}": "show",
            "Player {player} does not show {any}": "no_show",
            "Player {player} doesn't show {any}": "no_show",
            "*Player {player} shows: {text}Collects: {amount}. {any}": "collect",
            "*Player {player} mucks {text}Collects: {amount}. {any}": "collect",
            "*Player {player} does not show {text}Collects: {amount}. {any}": "collect",
            "*Player {player} doesn't show {text}Collects: {amount}. {any}": "collect",
        },
        all_in="",
    ),
    totals={". Rake ": "rake", ". JP fee ": "jackpot_fee"},
    stack_suffix="",
    board_label="Board: [",
    total_after_rake=True,
    pots_named=False,  # a player's winnings from every pot are one "Collects"
    time_first=True,
    dealt_opens_preflop=True,
    wording=Wording(
        summary="------ Summary ------",
        hand_number="Game ID: ",
        dealt="Player ",
        cards_open=" received card: [",
        dealt_unseen=" received a card.",
        total_pot="Pot: ",
    ),
    card_words={"10": "T"},  # the ten: "[As Ks 10s]", "received card: [10d]"
)
