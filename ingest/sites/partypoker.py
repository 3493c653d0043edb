"""PartyPoker text histories: two formats, told apart by the capital F of their first line.

The "classic" format (``***** Hand History for Game N *****``, the desktop client of
2005-2019 and third-party conversions into its shape) writes the game, stakes and time on
the next line (``$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012``:
a cash table's amount is its maximum buy-in unless two are written, so its blinds are
those posted; a fixed-limit table's two amounts are its bets), the table, the button and
the number of players on lines of their own, a tournament's level and blinds again after
the seats (the later ones right), amounts in brackets with their currency code
(``[$0.02 USD]``, ``[ $0,25 USD ]``: the Mac client writes a decimal comma), ``raises
[X]`` and ``is all-In  [X]`` with X the chips the line adds, ``wins`` lines that hold a
returned bet, no summary and no rake. The "summary" format (``***** Hand History For Game
ID *****``: emailed hands, and the client of 2019-2026) writes ``raises X to Y`` (Y the
street total), amounts in parentheses, ``** Summary **`` with the pot net of the rake
(``Main Pot: $38.50 Rake: $2.0``) and one balance line per player (what they collected,
a returned bet in it; the cards shown), and cash-outs paid by the room. Lines before a
hand (``Game #N starts.``, ``#Game No : N``, whose number may not be the hand's) carry
nothing; some clients write a NUL byte before a line.
"""

from __future__ import annotations

from ingest.engine.amounts import AmountStyle
from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording

# the header's two lines (read as one text, a line end and the next line's indent between)
_FIRST = (
    r"^\*{5} Hand History (?:for|For) Game  \*{5}(?: \((?:Poker Stars|WPN|PokerBros)\))?"
    r"(?P<room>)\s*\n[\s\x00]*"
)
_GAME = (
    r"(?:Omaha Hi-Lo|Omaha Hi|Omaha|Texas Hold'em|Texas Holdem|Holdem|Double Hold'em"
    r"|Short Deck)"
)
_LIMIT = r"(?:NL|PL|FL)"
_NUMBER = r"[0-9][0-9.,]*"
_BLINDS = rf"(?:Blinds|Stakes|Blinds-Antes)\((?P<sb>{_NUMBER})/(?P<bb>{_NUMBER})(?: -{_NUMBER})?\)"

# Action lines of both formats: the classic's amounts in brackets (a space before them or
# not), the summary's in parentheses; "." ends some lines, a unit some amounts.
ACTIONS = compile_actions(
    {
        "{player} posts small blind [{amount}]": "post_sb",
        # the big blind (live) and the small blind (dead) in one amount
        "{player} posts big blind + dead [{amount}]": "post_sb_bb",
        "{player} posts big blind [{amount}]": "post_bb",
        "{player} posts button blind  [{amount}]": "post_bb",  # Short Deck
        "{player} posts ante of [{amount}]": "ante",
        "{player} posts ante [{amount}]": "ante",
        "{player} posts small blind ({amount})": "post_sb",
        "{player} posts big blind ({amount})": "post_bb",
        "{player} posts ante ({amount})": "ante",
        "{player} folds": "fold",
        "{player} checks": "check",
        "{player} calls [{amount}]": "call",
        "{player} calls[{amount}]": "call",
        "{player} calls ({amount})": "call",
        "{player} bets [{amount}]": "bet",
        "{player} bets[{amount}]": "bet",
        "{player} bets ({amount})": "bet",
        "{player} raises [{added}]": "raise",
        "{player} raises[{added}]": "raise",
        "{player} raises {by} to {to}": "raise",
        # all in for the chips it adds: a bet, a call or a raise
        "{player} is all-In  [{added}]": "raise",
        "{player} is all-In": "note",  # after the summary format's action
        "{player} shows [{any}": "show",
        "{player} shows{any}": "note",  # "Player2 shows6,5,3,2,A  for low."
        "{player} doesn't show {any}": "muck",
        "{player} does not show cards": "no_show",
        # the classic format's collect lines, the returned bet in them
        "{player} wins Lo ({amount}) from {any}": "collect",
        "{player} wins {amount} from {any}": "collect",
        "{player} wins {amount}": "collect",
        # the summary format's balance lines: what a player collected, the cards shown (a
        # cashed-out player's collected is the cash-out, paid by the room)
        "{player} Cashed out  balance {word}, bet {word}, collected {word}, net {word}[{cards}]"
        " [{any}": "show",
        "{player} balance {word}, bet {word}, collected {amount}, net {word}[{cards}] [{any}":
            "collect",
        "{player} balance {word}, bet {word}, collected {amount}, net {word} [{cards}] [{any}":
            "collect",
        "{player} balance {word}, bet {word}, collected {amount}, net {word}": "collect",
        "{player} balance {word}, lost {word}[{cards}] [{any}": "show",
        "{player} balance {word}, lost {word} [{cards}] [{any}": "show",
        "{player} balance {any}": "note",
        "{player} Cashout Amount is {amount}": "cash_out",
        "{player} Cash-out Premium % is {any}": "note",
        "{player} opted for cash-out": "note",
        "{player} probabilty is {any}": "note",
        "{player} Forward Folds": "note",  # a fast-fold pre-fold: the fold comes later
        "{player} is sitting out": "sits_out",
        "{player} has joined the table": "note",
        "{player} has left the table": "note",
        "{player} did not respond in time": "note",
        "{player} could not respond in time.(disconnected)": "note",
        "{player} will be using his time bank for this hand": "note",
        "{player} - Selects point card": "note",
    },
    all_in="",
    spaced_amounts=True,  # "[ $0,25 USD ]": an amount runs to the literal after it
    end=".",
)

GRAMMAR = Grammar(
    site="partypoker",
    header_starts=("***** Hand History for Game ", "***** Hand History For Game "),
    hand_id_class="[0-9a-z]",  # the 2019-2026 client's ids have letters: kept whole
    hand_id_end=" *****",
    # the first line (less its number), then the next line's text before the time
    header_lines=2,
    header=(
        # a cash table: its blinds, or its maximum buy-in
        rf"{_FIRST}(?:(?P<sb>[$€]{_NUMBER})/(?P<bb>[$€]{_NUMBER})|[$€]{_NUMBER})"
        rf"\s+(?P<cur>USD|EUR)\s+(?:fastforward\s+)?(?P<game>(?:{_LIMIT}\s+)?{_GAME})\s*$",
        # a tournament: the level and blinds here, or on lines after the seats
        rf"{_FIRST}(?P<game>{_LIMIT} {_GAME})\s+"
        rf"(?:[$€] ?{_NUMBER}(?: (?:USD|EUR))? Buy-in\s+(?:\+ \$[0-9.,]+ Entry Fee\s+)?)?"
        rf"(?:Trny: ?(?P<tournament_id>\d+) Level: ?(?P<level>\d+)\s+{_BLINDS}\s*)?$",
        # a converted tournament hand, its number not written
        rf"{_FIRST}(?P<tournament_id>)Tourney Hand (?P<game>{_LIMIT} {_GAME})\s*$",
        # the summary format: the blinds, the game and its limit, the tournament
        rf"{_FIRST}(?P<sb>{_NUMBER})/(?P<bb>{_NUMBER}) (?:Tourney )?"
        rf"(?P<game>{_GAME} Game Table \({_LIMIT}\))"
        r"(?:\s+\((?:MTT|SNG|SNG JackPot) Tournament #(?P<tournament_id>\d+)\))?"
        r"(?:\s+\(Buyin \$[0-9.]+ \+ \$[0-9.]+\))?\s*$",
    ),
    games=(
        rf"^(?P<limit>{_LIMIT}|) ?(?P<variant>Omaha)(?: Hi)?(?P<hi_lo>-Lo)?$",
        rf"^(?P<variant>Omaha)(?: Hi)?(?P<hi_lo>-Lo)? Game Table \((?P<limit>{_LIMIT})\)$",
    ),
    # no limit written: fixed limit ("$15/$30 USD Texas Hold'em")
    flop_games=(
        rf"^(?P<limit>{_LIMIT}|) ?(?:Texas Hold'em|Holdem|Double Hold'em|Short Deck)$",
        rf"^(?:Texas Hold'em|Texas Holdem) Game Table \((?P<limit>{_LIMIT})\)$",
    ),
    mixed_game_parentheses=False,
    limits={"NL": "NL", "PL": "PL", "FL": "FL", "": "FL"},
    rooms={"": "PartyPoker"},
    actions=ACTIONS,
    # the summary's main pot, net of the rake and of a returned bet: only its rake is read
    totals={" Rake: ": "rake"},
    total_line=False,
    main_pot_only=True,
    # the classic format prints no summary: a hand ends at the next header or a blank line
    summary=False,
    stack_suffix="",
    board_label="Board: [",
    boards_in_markers=True,
    markers_deal_cards=True,  # "** Dealing Turn ** [ Qs ]": each marker deals its cards
    pots_named=False,
    currency="USD",  # the summary format's cash headers name none; its stacks are in $
    # a classic cash header's one amount is its buy-in: the blinds are the hand's posts
    blinds_in_posts=True,
    # no rake written in the classic format: what the pots did not pay, as the room's rules
    # allow (ingest.rooms); the summary format writes it
    rake_printed=False,
    # "$1,534.96", the Mac client's "$26,02", "[$0.02  USD]", "[0,35 €]", "2,000 chips"
    amounts=AmountStyle(decimal_marks=".,", group_marks=",", sign_space=True,
                        groups_of_three=True, units=("USD", "EUR", "chips")),
    glued_after=(".", "sitting out"),  # the Mac client's lines run together
    # the classic format's tournament hands of 2005-2013 print no blinds
    unprinted_blinds=True,
    info_lines=(
        r"^Table (?P<table_name>.+?)(?:\s+\(No DP\))?\s*\(\s?Real Money\s?\)"
        r"(?: -- Seat (?P<button_seat>\d+) is the button)?$",
        r"^Seat (?P<button_seat>\d+) is the button$",
        r"^Total number of players : \d+(?: ?/ ?(?P<max_seats>\d+))?$",
        r"^Trny: ?(?P<tournament_id>\d+) Level: ?(?P<level>\d+)$",
        rf"^{_BLINDS}$",
    ),
    ignored_lines=(
        r"^Game #\d+ starts\.$",  # the next hand announced (maybe not in the file)
        r"^#Game No : \d+$",
        r"^\S+: ",  # chat
        r"^Creating (?:Main|Side) Pot",  # the summary format's pots as they form
        r"^Your time bank will be activated in \d+ secs\.",
        r"^>You have options at Table ",
        r"^Player .+ finished in \d+",
        r"^Congratulations to player ",
    ),
    wording=Wording(
        marker_open="** ",
        marker_close=" **",
        streets={"Dealing down cards": "preflop", "Dealing Flop": "flop",
                 "Dealing Turn": "turn", "Dealing River": "river", "Summary": "summary"},
        summary="** Summary **",
        seat="Seat",
        seat_any_case=True,  # "seat 1: ...", "seat1: ..." (the Mac client)
        total_pot="Main Pot: ",
        side_pot="Side Pot",
        hand_number="Game ",
        time_separator="-",  # " - ", and "Omaha Hi-Saturday,February 18, ..."
        months="January February March April May June July August September October "
        "November December",
        weekdays="Monday Tuesday Wednesday Thursday Friday Saturday Sunday",
        card_separator=", ",  # "[ Jc, 7d, 6c ]"
    ),
)

SITE = TextSite(GRAMMAR, __file__)
