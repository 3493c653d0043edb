"""GGPoker text histories (cash, Rush & Cash and tournaments).

The format is PokerStars' with its own header (``Poker Hand #OM123: PLO-5 ($2/$5) - time``,
no room name, no time zone: Eastern time), every player dealt in by name (cards for the
hero only), straddles whose amount is the player's total, posted missed blinds (dead
money), the room's drops on the total pot line (rake, jackpot, bingo, fortune, tax), cash
dropped into the pot by the room, and all-in insurance and EV Cashout premiums paid by the
player outside the pots. Side pots are not named: each pot is one more collect line.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.sites import pokerstars
from ingest.sites.pokerstars import PLAYER_ACTIONS

_GAME = (
    r"(?:Omaha|PLO)(?:-?[56])?(?: Hi/Lo| Hi-Lo)?"
    r"(?: Pot Limit| No Limit| Fixed Limit| Limit| \(NL postflop\))?"
)
_OTHER_GAMES = r"Hold'em(?: No Limit| Pot Limit| Limit)?|Short ?Deck[^-(]*?|Mixed[^-(]*?"

GRAMMAR = Grammar(
    site="ggpoker",
    header_starts=("Poker Hand #",),
    hand_id_class="[0-9A-Z]",
    hand_id_end=":",
    # A tournament's name comes before its game, and may name a game too: the game is the
    # last one before " - Level". A cash game's header names only the game.
    header=(
        r"^\x{FEFF}?(?P<room>Poker Hand) #: "
        rf"Tournament #(?P<tournament_id>\d+), .+? (?P<game>{_GAME}|{_OTHER_GAMES})"
        r"\s+- Level(?P<level>[^ (]+) ?\((?P<sb>[^/()]+)/(?P<bb>[^/()]+)\)$",
        r"^\x{FEFF}?(?P<room>Poker Hand) #: (?P<game>[^(]+?) \((?P<sb>[^/()]+)/(?P<bb>[^/()]+)\)$",
        # Short Deck: one amount, the ante (and the button's blind)
        r"^\x{FEFF}?(?P<room>Poker Hand) #: (?P<game>[^(]+?) \((?P<bb>[^/()]+)\)$",
    ),
    flop_games=(r"^(?:Hold'em|Short ?Deck)(?: (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit))?$",),
    games=(
        r"^(?P<variant>Omaha|PLO)(?:-?(?P<cards_n>[56]))?(?P<hi_lo> Hi/Lo| Hi-Lo)?"
        r"(?: (?P<limit>Pot Limit|No Limit|Fixed Limit|Limit|\(NL postflop\)))?$"
    ),
    # PLO with no limit written is pot-limit; "NL postflop" plays pot-limit before the flop
    # and no-limit after it, read as no-limit.
    limits={"Pot Limit": "PL", "No Limit": "NL", "Fixed Limit": "FL", "Limit": "FL",
            "(NL postflop)": "NL", "PLO": "PL"},
    rooms={"Poker Hand": "GGPoker"},
    actions=compile_actions({
        **PLAYER_ACTIONS,
        "{player}: posts missed blind {amount}": "post_dead",
        "{player}: straddle {amount}": "straddle",
        "{player}: pay premium of all-in insurance ({amount})": "insurance",
        "{player}: Pays Cashout Risk ({amount})": "insurance",
        "{player}: Receives Cashout ({amount})": "cash_out",
        "{player}: get an all-in insurance{any}": "note",
        "{player}: Chooses to EV Cashout{any}": "note",
    }),
    totals={"| Rake ": "rake", "| Jackpot ": "jackpot_fee", "| Bingo ": "jackpot_fee",
            "| Fortune ": "jackpot_fee", "| Tax ": "tax"},
    room_money_lines=("Cash Drop to Pot : total ",),
    pots_named=False,
    ignored_lines=pokerstars.IGNORED_LINES,
)

SITE = TextSite(GRAMMAR, __file__, uses=(pokerstars.__file__,))
