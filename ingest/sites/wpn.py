"""WPN (Winning Poker Network: Americas Cardroom and its skins) text histories, the format
of the 2019 client (``Hand #78708209 - Omaha H/L(Fixed Limit) - $20.00/$40.00 - ...``).

No room name in the header, the limit in parentheses right after the game, a tournament's
level and blinds before its time (``Level 1 (250.00/500.00)- 2019/07/25 02:31:33 UTC``);
no colon after the player; cash tables named bare (``St. Lucie 6-max Seat #1 is the
button``), tournament tables quoted. "raises X to Y" gives the street total Y; "caps X"
adds X to reach the table's cap. A tournament's first hand deals one card to each player
before the antes, a draw for the button. Collect lines are printed only at a showdown: a
hand won without one is paid as its summary says (``did not show and won $9.00``), and a
walk prints no uncalled bet (it is in the pot and the winnings). The total pot is printed
less the rake and the jackpot fee; ``Main pot ... | Rake ...`` lines give the running pot.

The clients before 2019 wrote another format, read by a second grammar of the site
(``ingest.sites.wpn_legacy``, a dialect: a file is in one format or the other).
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording
from ingest.sites import wpn_legacy

# The game and its limit: "Omaha H/L(Pot Limit)", "Holdem(No Limit)", "7Stud(Fixed Limit)".
_GAME = r"(?P<game>[^()]+\([^()]+\))"
_LIMIT = r"\((?P<limit>No Limit|Pot Limit|Fixed Limit)\)$"

GRAMMAR = Grammar(
    site="wpn",
    header_starts=("Hand #", "Game Hand #"),
    hand_id_class="[0-9]",
    hand_id_end=" - ",
    # the header less its number and its time (cut at the last "- ", before the date)
    header=(
        rf"^(?P<room>Hand) # - {_GAME} - (?P<sb>[^/ ]+)/(?P<bb>[^/ ]+) ?$",
        r"^(?P<room>Game Hand) # - (?:.+ )?Tournament #(?P<tournament_id>\d+) - "
        rf"{_GAME} - Level (?P<level>\S+) \((?P<sb>[^/()]+)/(?P<bb>[^/()]+)\) ?$",
    ),
    games=rf"^(?:(?P<cards_n>5)Card )?(?P<variant>Omaha)(?P<hi_lo> H/L)?{_LIMIT}",
    flop_games=(rf"^Holdem{_LIMIT}",),
    limits={"No Limit": "NL", "Pot Limit": "PL", "Fixed Limit": "FL"},
    mixed_game_parentheses=False,  # the parentheses hold the limit
    rooms={"Hand": "WPN", "Game Hand": "WPN"},
    actions=compile_actions({
        "{player} posts the small blind {amount}": "post_sb",
        "{player} posts the big blind {amount}": "post_bb",
        # the small blind (dead) and the big blind (live): "Player8 posts dead $0.07" at
        # $0.02/$0.05, then checks when the action comes back to him
        "{player} posts dead {amount}": "post_sb_bb",
        "{player} posts ante {amount}": "ante",
        "{player} folds": "fold",
        "{player} checks": "check",
        "{player} calls {amount}": "call",
        "{player} bets {amount}": "bet",
        "{player} raises {by} to {to}": "raise",
        "{player} caps {added}": "raise",
        "{player} shows [{any}": "show",
        "{player} mucks hand": "muck",
        "{player} does not show": "no_show",
    }),
    totals={"| Rake ": "rake", "| JP Fee ": "jackpot_fee"},
    stack_suffix="",
    total_after_rake=True,
    button_draw=True,
    summary_winnings=True,
    # the pot after the room's take at each street, which the betting gives
    ignored_lines=(r"^Main pot \S+(?: \| Rake \S+)?$",),
    wording=Wording(time_separator="- ", bare_table_name=True),
)

SITE = TextSite(GRAMMAR, __file__, uses=(wpn_legacy.__file__,), dialects=(wpn_legacy.LEGACY,))
