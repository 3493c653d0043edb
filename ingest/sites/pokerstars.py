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
_KINDS = ("", " Home Game", " Zoom", " Rush")
# The games a tournament's header may name after its buy-in ("$5.00+$0.50 USD", "250 SC",
# "€4.69+€0.31 Cub3d,", "Freeroll "): the game is the first of these words after it.
_GAME_WORDS = (
    r"(?:[1-9] Card |6\+ |Mixed |8-Game|HORSE|Hold'em|Omaha|Courchevel|Razz|Triple Draw|"
    r"Single Draw|2-7|Badugi|7 Card|5 Card)"
)
# The stakes: the blinds (a capped game writes its cap after them), or the button blind and
# ante of 6+ Hold'em; a currency code may follow.
_STAKES = (
    r"\((?:(?P<inner>[^(),]+), )?(?P<sb>[^/(),]+)/(?P<bb>[^/() ]+)(?: - \S+ Cap -)?"
    r"(?:\s+(?P<cur>[A-Z]{3}))?\)$",
    r"\(Button Blind\s(?P<bb>\S+)\s-\sAnte\s\S+?(?:\s+(?P<cur>[A-Z]{3}))?\)$",
)

# The action lines of this format, which other rooms writing it share.
PLAYER_ACTIONS = {
    "{player}: posts small blind {amount}": "post_sb",
    "{player}: posts big blind {amount}": "post_bb",
    "{player}: posts button blind {amount}": "post_bb",  # 6+ Hold'em, Short Deck
    "{player}: posts the ante {amount}": "ante",
    "{player}: folds{any}": "fold",
    "{player}: checks": "check",
    "{player}: calls {amount}": "call",
    "{player}: bets {amount}": "bet",
    "{player}: raises {by} to {to}": "raise",
    # capped no-limit tables: the line that reaches the cap says so
    "{player}: raises {by} to {to} and has reached the {word} cap": "raise",
    "{player}: calls {amount} and has reached the {word} cap": "call",
    "{player}: bets {amount} and has reached the {word} cap": "bet",
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

# Lines that carry nothing to the hand: the table's and players' notes, tournament results
# and bounties won outside the pots, a converted history's deposits.
IGNORED_LINES = (
    r" (?:has timed out(?: while (?:being )?disconnected)?|is (?:dis)?connected|has returned"
    r"|leaves the table|is sitting out|will be allowed to play after the button|is capped"
    r"|was removed from the table for failing to post|on board - a double bet is allowed)$",
    r" joins the table at seat #\d+$",
    r" finished the tournament in \d+(?:st|nd|rd|th) place(?: and received .+)?$",
    r" wins the tournament and receives .+$",
    r" re-buys and receives .+ for .+$",
    r" takes the add-on and receives .+ for .+$",
    r" wins (?:the )?\S+ (?:bounty )?for (?:eliminating|splitting the elimination of) .+$",
    r"^(?:No low hand qualified|Betting is capped|Table leave user)$",
    r": Table deposit \S+$",
    r"^STP added: \S+$",  # Run It Once: the splash, read from the summary's STP
    r"^# ",  # a comment (PokerMaster's table data)
)

GRAMMAR = Grammar(
    site="pokerstars",
    header_starts=(
        *(f"{room}{kind} {word} #" for room in ROOMS for kind in _KINDS
          for word in ("Hand", "Game")),
        "POKERSTARS GAME #",  # PokerTracker 2 exports: the header in capitals
    ),
    hand_id_class="[0-9]",
    hand_id_end=":",
    header=tuple(
        rf"^\x{{FEFF}}?(?P<room>{'|'.join(ROOMS)}|POKERSTARS)(?:{'|'.join(_KINDS)}) "
        r"(?:Hand|Game|GAME) "
        r"#:\s+(?:\{[^}]*\} )?" + game
        + r"\s+(?:- (?:Match Round \w+, )?Level (?P<level>\S+) )?" + stakes
        for game in (
            # a tournament's game: the first game word after its buy-in
            rf"(?:Zoom )?Tournament #(?P<tournament_id>\d+), (?:.*?\s)??(?P<game>{_GAME_WORDS}.*?)",
            # a cash game's (or a tournament's game of no known word, after a one-word buy-in)
            r"(?:(?:Zoom )?Tournament #(?P<tournament_id>\d+), (?:\S+(?: [A-Z]{3})? )?)?"
            r"(?P<game>.+?)",
        )
        for stakes in _STAKES
    ),
    flop_games=(r"(?i)^(?:6\+ |Split )?Hold'em (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)\b",),
    games=(
        r"(?i)^(?:(?P<cards_n>[56]) Card )?(?P<variant>Omaha|Courchevel)(?P<hi_lo> Hi/Lo)? "
        r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)$"
    ),
    limits={"Pot Limit": "PL", "No Limit": "NL", "Fixed Limit": "FL", "Limit": "FL"},
    rooms={**ROOMS, "POKERSTARS": "PokerStars"},
    actions=ACTIONS,
    totals={"| Rake ": "rake", "| STP ": "room_money_in"},
    ignored_lines=IGNORED_LINES,
)

SITE = TextSite(GRAMMAR, __file__)
