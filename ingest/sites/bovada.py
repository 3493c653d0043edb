"""Ignition, Bovada and Bodog text histories (cash, Zone Poker, MVS and tournaments).

Players are named by their position at the table for one hand (``Dealer``, ``Small Blind``,
``Big Blind``, ``UTG``, ``UTG+1`` ...), the hero marked ``[ME]`` after it (two spaces before
the mark in most cash files' action lines, one elsewhere); every line after the seats is
``position : what``. The header names the table (``TBL#1090318``, a Zone pool ``Zone Poker
ID#1708``) but no stakes in cash games: the blinds are the posts'. Its time follows the last
" - " with dashes in the date, Eastern time unless ``UTC`` follows (MVS, 2021). Every
player's hole cards are dealt by name (``Card dealt to a spot [..]``; MVS: the hero's and a
showdown's only). "Raises X to Y" adds X to reach the street total Y (from 2012-08-25);
before, "Raises Y" gives the street total alone; "All-in X" adds X, a bet, a call or a
raise as the betting has it. Uncalled bets are returned by line, each pot is collected by a
``Hand result`` line (side pots unnumbered), ``Total Pot($X)`` is before the rake, and the
rake is written only on 2012 cash tables (``| Rake ($1)``). A tournament's header writes its
level and blinds, and its limit or, in Ignition's from 2017 (and one of 2012), its speed
(``Turbo- Level 1 (10/20)``): the limit is then the room's rule for its game unless the
betting proves no-limit (``Grammar.unwritten_limits``). Before 2012-08-25 most hands
mark no street; some tournament seat numbers are ids (``Seat 1243:``), listed in the
table's order; some lines that move chips are written twice (or more) in a row.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording

# The rooms of this format, as their headers name them.
ROOMS = {
    "Bovada": "Bovada", "Ignition": "Ignition", "Bodog": "Bodog", "Bodog.eu": "Bodog",
    "Bodog.com": "Bodog", "Bodog UK": "Bodog", "Bodog Canada": "Bodog", "Bodog88": "Bodog",
}  # fmt: skip
_ROOM = "(?P<room>" + "|".join(name.replace(".", r"\.") for name in ROOMS) + ")"
_GAME = r"(?:HOLDEM|OMAHA HiLo|OMAHA_HL|OMAHA)"
_LIMIT = r"(?:No Limit|Pot Limit|Fixed Limit)"
# a tournament's speed, written where the limit stands (Ignition from 2017, Bovada 2012)
_SPEED = r"(?:Normal|Turbo)"

GRAMMAR = Grammar(
    site="bovada",
    header_starts=tuple(f"{room} Hand #" for room in ROOMS),
    hand_id_class="[0-9]",
    hand_id_end="",  # the number ends at " " (cash), ":" (tournament) or "  " (Zone)
    header=(
        # cash, Zone and MVS cash: the table (or Zone pool), the game and its limit
        rf"^\x{{FEFF}}?{_ROOM} Hand # {{1,2}}(?P<table>TBL#\d+|Zone Poker ID#\d+) "
        rf"(?P<game>{_GAME}(?:ZonePoker)? {{1,2}}{_LIMIT})(?: \[MVS\])?$",
        # tournaments: the limit (or the speed) after the tournament and its table
        rf"^\x{{FEFF}}?{_ROOM} Hand #: (?P<game>{_GAME}) Tournament #(?P<tournament_id>(?:M-)?\d+) "
        rf"(?P<table>TBL#\d+), (?:(?P<game_limit>{_LIMIT})|{_SPEED})- Level (?P<level>\d+) "
        r"\((?P<sb>[\d,]+)/(?P<bb>[\d,]+)\)(?: \[MVS\])?$",
    ),
    games=rf"^(?P<variant>OMAHA)(?P<hi_lo> HiLo|_HL)?(?: (?P<limit>{_LIMIT}))?$",
    flop_games=(rf"^HOLDEM(?: (?P<limit>{_LIMIT}))?$",),
    # a Zone Poker pool's game: the game
    game_names={f"{game}ZonePoker": game for game in ("HOLDEM", "OMAHA HiLo", "OMAHA")},
    limits={"No Limit": "NL", "Pot Limit": "PL", "Fixed Limit": "FL"},
    rooms=ROOMS,
    actions=compile_actions(
        {
            # the button's player ("Dealer : Set dealer/Bring in spot [5]"), who is "Dealer"
            "{player} : Set dealer{any}": "button",
            # posts, before the hole cards ("Ante/" names the small blind, no ante)
            "{player} : Ante/Small Blind {amount}": "post_sb",
            "{player} : Ante/Small blind {amount}": "post_sb",
            "{player} : Small Blind {amount}": "post_sb",
            "{player} : Small blind {amount}": "post_sb",
            "{player} : Big blind/Bring in {amount}": "post_bb",
            "{player} : Big blind {amount}": "post_bb",
            "{player} : Big Blind {amount}": "post_bb",  # MVS
            "{player} : Ante chip {amount}": "ante",
            # a player coming in posts live; a dead post is both blinds, the big one live
            # (#2601409940 at $5/$10: "Posts dead chip $15", "Raises $35", "Calls $25")
            "{player} : Posts chip {amount}": "post_bb",
            "{player} : Posts dead chip {amount}": "post_sb_bb",
            # betting
            "{player} : Folds{any}": "fold",  # "Folds(timeout)", "Folds & Shows [..]"
            "{player} : Fold({any}": "fold",  # "Fold(Blind Disconnected)"
            "{player} : Checks{any}": "check",
            "{player} : Calls {amount}": "call",
            "{player} : Call {amount}": "call",
            "{player} : Call(timeout) {amount}": "call",
            "{player} : Bets chip info(timeout) {amount}": "bet",
            "{player} : Bets {amount}": "bet",
            # "X to Y": X the chips added, Y the street total; before 2012-08-25 Y alone
            "{player} : Raises {by} to {to}": "raise",
            "{player} : Raises {to}": "raise",
            "{player} : Raises(timeout) {by} to {to}": "raise",
            "{player} : Raises(timeout) {to}": "raise",
            "{player} : All-in(raise) {by} to {to}": "raise",
            "{player} : All-in(raise) {to}": "raise",
            "{player} : All-in(raise-timeout) {by} to {to}": "raise",
            "{player} : All-in(raise-timeout) {to}": "raise",
            # the chips added: a post before the cards, then a bet, a call or a raise
            "{player} : All-in {added}": "wager",
            "{player} : All-in(timeout) {added}": "wager",
            # showdown: the best five (ten at hi/lo), no hole cards; those mucked; the
            # winner's, not shown
            "{player} : Showdown [{cards}]{any}": "showdown",
            "{player} : Showdown({any}": "show",
            "{player} : Mucks [{cards}]{any}": "muck",
            "{player} : Does not show [{cards}]{any}": "no_show",
            # chips back and pots collected (after the rake; side pots not numbered)
            "{player} : Return uncalled portion of bet {amount}": "return",
            "{player} : Hand result {amount}": "collect",
            "{player} : Hand Result {amount}": "collect",
            "{player} : Hand result-Side pot {amount}": "collect",
            "{player} : Hand Result-Side Pot {amount}": "collect",
        }
    ),
    totals={"| Rake (": "rake"},  # written on 2012 cash tables only
    pots_named=False,
    # the button's, tables', players' and tournaments' notes: no chips in the pots
    ignored_lines=(
        r"^Set dealer/Bring in spot$",  # no player: no button
        r" : Draw for dealer \[\w\w\]$",
        r"^Card (?:dealt )?to (?:the )?table \[",  # 2012: the board dealt, no marker
        r" : (?:Ranking \d+|Prize Cash \[.*\]|Prize Tournament Ticket \[.*\]|BOUNTY PRIZE \[.*\])$",
        r" : (?:Rebuyin|Double rebuys|Addon) \S+$",  # chips to the stack, not the pot
        r"^(?:.+ : )?(?:Seat (?:sit out|re-join|stand|sit down)|Sit out|Sitout \(wait for bb\)"
        r"|Re-join|Stand|Table (?:enter|leave) user|Table deposit \S+|Enter\(Auto\)"
        r"|Leave\(Auto\))$",
        r"^(?:Table|Seating|Player) Info: ",  # MVS: the stakes, seat ids and player hashes
    ),
    wording=Wording(
        total_pot="Total Pot(",
        date_separator="-",
        hero_mark="[ME]",
        dealt_verb=" : Card dealt to a spot",
    ),
    # Cash and Zone headers write no currency: their amounts are in dollars ("$5").
    currency="USD",
    blinds_in_posts=True,
    # A tournament header's amounts are the blinds in play (in 835 of the files' 836
    # tournament hands) but in Bovada's hand of 2012-04-01 (#2607979051): "Level 5
    # (75/150)" over posts of 50/100 (stacks of 14,424 and 15,009), which are level 5's
    # blinds; 2012's other tournaments go Level 5 (50/100), Level 6 (75/150) (formats
    # NLHE-9max-USD-MTT__Rebuy__-__3-_0.30_-_201211.txt, corpus PLO8-9max-USD-10-MTT-201207
    # .txt and PLO8-USD-MTT_-__10-_1_-_201207.allin.call.pf.txt): it writes the next level's.
    posts_decide_blinds=True,
    # The limit of a tournament whose header writes its speed where the limit stands
    # ("Normal-", "Turbo-"): Hold'em no-limit, Omaha pot-limit, unless a bet above the pot
    # proves no-limit (for the whole tournament). The 7 such files hold 359 Hold'em hands
    # of 7 tournaments: 136 hands bet or raise above the pot, in 6 tournaments (358 hands
    # no-limit by proof); the 7th, #616027 (one hand of 2012), none: no-limit by the rule.
    # The tournaments that write their limit agree: 474 Hold'em hands of 15 tournaments, all
    # "No Limit"; 3 Omaha hi/lo tournaments, 2 "Pot Limit" (corpus PLO8-9max-USD-10-MTT-
    # 201207.txt, PLO8-USD-MTT_-__1-0.10_-_201409.LOW.vs.LO.txt), 1 "Fixed Limit" (2012,
    # PLO8-USD-MTT_-__10-_1_-_201207.allin.call.pf.txt). No Omaha hand writes no limit; one
    # would be pot-limit unless it bets above the pot (no-limit), and a fixed-limit one,
    # whose bets never go above the pot, could not be told from it.
    unwritten_limits={"HOLDEM": "NL", "OMAHA": "PL", "OMAHA HiLo": "PL", "OMAHA_HL": "PL"},
    seats_in_order=True,
    repeats_once=True,
    streets_from_betting=True,
    # the rake is written on 2012 cash tables only: elsewhere it is what the pots did not pay
    rake_printed=False,
    # Zone summaries may be empty: the total is then what the players left in the pots
    total_line=False,
    boards_in_markers=True,
)

SITE = TextSite(GRAMMAR, __file__)
