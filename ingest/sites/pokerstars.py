"""PokerStars text histories, and the rooms that write the same format.

Also Run It Once Poker exports, Home Game and Zoom hands, and histories converted to this
format by third-party tools (no currency code, no time zone).
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite

# The rooms that write this format, as their headers name them.
ROOMS = {
    "PokerStars": "PokerStars", "Run It Once Poker": "Run It Once Poker",
    "PokerMaster": "PokerMaster", "PokerBros": "PokerBros", "MPLPoker": "MPLPoker",
    "SupremaPoker": "SupremaPoker", "Hive Poker": "Hive Poker", "Full Tilt": "Full Tilt Poker",
}  # fmt: skip
_KINDS = ("", " Home Game", " Zoom")

# The action lines of this format, which other rooms writing it share.
PLAYER_ACTIONS = {
    "{player}: posts small blind {amount}": "post_sb",
    "{player}: posts big blind {amount}": "post_bb",
    "{player}: posts the ante {amount}": "ante",
    "{player}: folds{any}": "fold",
    "{player}: checks": "check",
    "{player}: calls {amount}": "call",
    "{player}: bets {amount}": "bet",
    "{player}: raises {by} to {to}": "raise",
    "{player}: shows [{any}": "show",
    "{player}: mucks{any}": "muck",
    "{player}: doesn't show{any}": "no_show",
    "{player}: is sitting out{any}": "sits_out",
    "{player}: sits out{any}": "sits_out",
}

ACTIONS = compile_actions({
    "{player}: posts small & big blinds {amount}": "post_sb_bb",
    "{player}: posts straddle {amount}": "straddle",
    **PLAYER_ACTIONS,
})  # fmt: skip

GRAMMAR = Grammar(
    site="pokerstars",
    header_starts=tuple(
        f"{room}{kind} {word} #" for room in ROOMS for kind in _KINDS for word in ("Hand", "Game")
    ),
    hand_id_class="[0-9]",
    hand_id_end=":",
    header=(
        rf"^\x{{FEFF}}?(?P<room>{'|'.join(ROOMS)})(?: Home Game| Zoom)? (?:Hand|Game) "
        r"#:\s+(?:\{[^}]*\} )?"
        r"(?:(?:Zoom )?Tournament #(?P<tournament_id>\d+), (?:\S+(?: [A-Z]{3})? )?)?"
        r"(?P<game>.+?) (?:- (?:Match Round \w+, )?Level (?P<level>\S+) )?"
        r"\((?:(?P<inner>[^(),]+), )?(?P<sb>[^/(),]+)/(?P<bb>[^/() ]+)(?: (?P<cur>[A-Z]{3}))?\)$"
    ),
    games=(
        r"^(?:(?P<cards_n>[56]) Card )?(?P<variant>Omaha|Courchevel)(?P<hi_lo> Hi/Lo)? "
        r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)$"
    ),
    limits={"Pot Limit": "PL", "No Limit": "NL", "Fixed Limit": "FL", "Limit": "FL"},
    rooms=ROOMS,
    actions=ACTIONS,
    totals={"| Rake ": "rake", "| STP ": "room_money_in"},
)

SITE = TextSite(GRAMMAR, __file__)
