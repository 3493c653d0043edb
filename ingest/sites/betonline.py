"""BetOnline (Chico network) text histories: BetOnline Poker, PayNoRake, and the skins
ActionPoker.com and Gear Poker.

PokerStars' layout with its own words: seats numbered from 0, "raises X to Y" with X the
chips the line adds, "post now" (a live big blind) and "post dead X" (X live and a small
blind dead that the line leaves out), "ante processed 0.00" for every seated player, no
collect lines (the summary says what each player won, one pot each), one "Total pot" line
per pot (side pots maybe before the show-down; the 2011 format prints some twice), the
rake on them not always the rake taken, and Omaha hands headed "Hold'em" (the cards dealt
decide the game). Tournament headers carry stakes that are not the blinds in play, so the
blinds are read from the posts.
"""

from __future__ import annotations

import re

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording

# The rooms that write this format, as their headers name them.
ROOMS = {"BetOnline Poker": "BetOnline", "PayNoRake": "PayNoRake"}
_ROOM = rf"^(?P<room>{'|'.join(map(re.escape, ROOMS))}) Game #: "
_GAME = r"(?:Hold'em|Omaha(?: Hi/Lo)?)"
_LIMIT = r"(?:No Limit|Pot Limit|Limit)"

GRAMMAR = Grammar(
    site="betonline",
    header_starts=tuple(f"{room} Game #" for room in ROOMS),
    hand_id_class="[0-9]",
    hand_id_end=":",
    header=(
        # a cash game: "$" before the small blind only
        _ROOM + rf"(?P<game>{_GAME} {_LIMIT}) \((?P<sb>\$[0-9.]+)/(?P<bb>[0-9.]+)\)$",
        # a tournament: no limit written (no-limit), and stakes that are not the blinds in
        # play (#1078353699: "$10.00/$20.00", posts of 100 and 400): none read
        _ROOM + rf"Tournament #(?P<tournament_id>\d+): (?P<game>{_GAME}(?: {_LIMIT})?) "
        r"\$[0-9.]+/\$[0-9.]+$",
    ),
    games=rf"^(?P<variant>Omaha)(?P<hi_lo> Hi/Lo)?(?: (?P<limit>{_LIMIT}))?$",
    flop_games=(rf"^Hold'em (?P<limit>{_LIMIT})$", r"^(?P<limit>Hold'em)$"),
    # a game named without its limit is no-limit
    limits={"Pot Limit": "PL", "No Limit": "NL", "Limit": "FL", "Hold'em": "NL", "Omaha": "NL"},
    rooms=ROOMS,
    actions=compile_actions(
        {
            # 2016: every seated player's, sitting out or not ("0.00" in cash games)
            "{player}: ante processed {amount}": "ante",
            "{player}: posts small blind {amount}": "post_sb",
            "{player}: posts big blind {amount}": "post_bb",
            "{player}: post now {amount}": "post_bb",  # a player coming in, live
            # the big blind live, and a small blind dead the line leaves out (#1002134798)
            "{player}: post dead {amount}": "post_sb_bb",
            "{player}: folds": "fold",
            "{player}: checks": "check",
            "{player}: calls {amount}": "call",
            "{player}: bets {amount}": "bet",
            "{player}: raises {by} to {to}": "raise",  # by: the chips the line adds
        },
        all_in=" and is all in",
    ),
    totals={"| Rake ": "rake"},
    total_after_rake=True,
    pots_named=False,
    pot_lines=True,
    summary_winnings=True,
    one_pot_each=True,
    both_blinds_live_part=True,
    blinds_in_posts=True,  # tournament headers' stakes are not the blinds in play
    cards_decide=True,
    ignored_lines=(
        r"(?:^| )has left the table$",
        r" joins the table at seat #\d+$",
        r"^Joined table during game\.  History will only be recorded from the next hand\.$",
        r"^Tournament will start in a moment\.$",
        # a show before the summary, its cards also in the summary's seat line
        r"(?:^| )shows(?: (?:10|[2-9TJQKA])[cdhs])+$",
    ),
)

# The skins (2012): capitalised verbs ending in a period, "Dealt To", "in Chips", "Total
# Pot", a header with neither stakes nor limit (no-limit) nor time zone (Eastern time), an
# ISO date, an unquoted table name with the money it is played for, no board line, no
# uncalled bet, a winner's best five cards in the summary.
SKINS = Grammar(
    site="betonline",
    header_starts=("ActionPoker.com Game #", "Gear Poker Game #"),
    hand_id_class="[0-9]",
    hand_id_end=":",
    header=r"^(?P<room>ActionPoker\.com|Gear Poker) Game #: (?P<game>Hold'em|Omaha(?: Hi/Lo)?)$",
    games=r"^(?P<variant>Omaha)(?P<hi_lo> Hi/Lo)?$",  # no limit written: no-limit
    flop_games=(r"^(?P<limit>Hold'em)$",),
    limits={"Hold'em": "NL", "Omaha": "NL"},
    rooms={"ActionPoker.com": "ActionPoker", "Gear Poker": "Gear Poker"},
    actions=compile_actions(
        {
            "{player}: Posts small blind {amount}.": "post_sb",
            "{player}: Posts big blind {amount}.": "post_bb",
            "{player}: Folds.": "fold",
            "{player}: Checks.": "check",
            "{player}: Calls {amount}.": "call",
            "{player}: Calls {amount}": "call",  # all in: " and is All In." follows
            "{player}: Bets {amount}.": "bet",
            "{player}: Bets {amount}": "bet",
            # #1014850775 "Hero: Raises 1000.00 and is All In.": his stack, none in before
            "{player}: Raises {to}.": "raise",
            "{player}: Raises {to}": "raise",
        },
        all_in=" and is All In.",
    ),
    totals={"| Rake ": "rake"},
    total_after_rake=True,
    pots_named=False,
    stack_suffix=" in Chips",
    summary_winnings=True,
    one_pot_each=True,
    blinds_in_posts=True,  # no stakes in the header
    summary_best_hand=True,  # "showed [10S 6D 6C 10C KC ] and won (13.30)"
    info_lines=(r"^Table (?P<table_name>.+) \((?P<money>Real Money|Play Money)\) "
                r"Seat #(?P<button_seat>\d+) is the button$",),
    money_names={"Real Money": "USD", "Play Money": "play"},
    wording=Wording(dealt="Dealt To ", total_pot="Total Pot ", date_separator="-"),
)

SITE = TextSite(GRAMMAR, __file__, dialects=(SKINS,))
