"""PokerTracker's exports of Merge Network hands (Carbon Poker and its skins), 2011 to 2014.

Two versions. The 2011-12 export (``MERGE_GAME #3047310402797: Texas Hold'em NL $0.50/$1
01/01/2011 12:01:23``; ``MERGE_GAME #53094604-134: Holdem NL ...``, the id then holding
the table's; ``Omaha PL Tournament``): the date month first, no zone, the table on the
next line (``Table Bad Beat - Rue St Catherine (30473104)``, ``Table Kentucky (53094604),
Seats 2``; a tournament's ``Table $2 Bounty Turbo, 42862423 (Tournament: ... Buy-In:
$2+$0.20)``, its id after the comma), the button marked ``DEALER`` on its seat line.
iPoker's verbs after a colon: ``Post SB``, ``Post BB``, ``Post Ante``, ``Post DB`` (a post
out of position), ``Raise X`` (the street total), ``Allin X`` (the chips the line adds);
the summary's ``wins X`` lines pay the pots, an uncalled bet inside its bettor's (a
line of its own when the bettor lost the pot). No rake or total pot is printed. A
tournament's seat lines print the stacks left after the antes and blinds (``Dispicable
($0.00 in chips)`` then ``Dispicable: Post SB $135.00``). The 2014 export (``Merge Game
#80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2``) prints
the uncalled bet as ``wins $0.04 (uncalled)``.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.wording import Wording

_GAME = r"(?P<game>(?:Texas Hold'em|Holdem|Omaha(?: Hi/Lo)?) (?:NL|PL|FL))"
_MONEY = r"\$[0-9][0-9,]*(?:\.[0-9]+)?"
_NEXT = r"\s*\n"  # the header's first line ends (its table line is read with it)
_LIMITS = {"NL": "NL", "PL": "PL", "FL": "FL"}
_TEMPLATES = {
    "{player}: Post Ante {amount}": "ante",
    # a blind: the small one, or the big one where a blind is posted before it (a short
    # big blind all in, #4927169400080: "Dispicable: Post SB $135.00" after a 100 small)
    "{player}: Post SB {added}": "wager",
    "{player}: Post BB {amount}": "post_bb",
    # out of position: both blinds (0.35 at 0.10/0.25, then a check, #46893440-366) or
    # the big blind alone (#3047310402826), the big blind live
    "{player}: Post DB {amount}": "post_sb_bb",
    "{player}: Fold": "fold",
    "{player}: Check": "check",
    "{player}: Call {amount}": "call",
    "{player}: Bet {amount}": "bet",
    "{player}: Raise {to}": "raise",  # the street total (#53094604-134)
    "{player}: Allin {added}": "wager",  # the chips the line adds
    "{player}: Shows [{cards}]": "show",
    "{player}: wins {amount}": "collect",
}

GRAMMAR = Grammar(
    site="pokertracker",
    header_starts=("MERGE_GAME #",),
    hand_id_class="[0-9-]",
    hand_id_end=":",
    header=(
        rf"^(?P<room>MERGE_GAME) #: {_GAME} (?P<sb>{_MONEY})/(?P<bb>{_MONEY}){_NEXT}"
        r"Table (?P<table>.+) \([0-9]+\)(?:, Seats (?P<max_seats>[0-9]+))?$",
        rf"^(?P<room>MERGE_GAME) #: {_GAME} Tournament{_NEXT}"
        # the name before the tournament's id ("... Country Restricted , 49271005")
        r"Table (?P<table>.+?) ?, (?P<tournament_id>[0-9]+) \(Tournament: .+\)$",
    ),
    header_lines=2,
    games=r"^(?P<variant>Omaha)(?P<hi_lo> Hi/Lo)? (?P<limit>NL|PL|FL)$",
    flop_games=(r"^(?:Texas Hold'em|Holdem) (?P<limit>NL|PL|FL)$",),
    limits=_LIMITS,
    rooms={"MERGE_GAME": "Merge"},
    actions=compile_actions(_TEMPLATES, all_in=""),  # no all-in mark
    totals={},
    total_line=False,
    rake_printed=False,
    boards_in_markers=True,  # no board line: "*** TURN *** [4h]", the card it deals
    markers_deal_cards=True,
    pots_named=False,
    blinds_in_posts=True,  # a tournament's header writes no blinds
    # a tournament's big blind is twice its small (the 17 SNG hands), a short one all in
    # for less (#4927169400080: "JustJay4Reals: Call $100.00" to 200 after the 135)
    big_blind_twice_small=True,
    stacks_after_posts=True,  # "Dispicable ($0.00 in chips)" then "Post SB $135.00"
    wording=Wording(time_separator=" ", date_order="mdy", seat_button=" DEALER"),
    # No zone is written. FPDB's importer reads every PokerTracker export as Eastern time,
    # and Merge's own 2014 export writes EST: ET is assumed.
    implied_zone="America/New_York",
)

# The 2014 export: pipes between the header's parts, its zone written, the blinds in
# parentheses; a missed small blind posted out of position is live ("Hero: Post DB $0.02"
# at 0.02/0.04, then "Hero: Call $0.02", #80256693-236), an uncalled bet a line of its own.
VERSION_2 = Grammar(
    site="pokertracker",
    header_starts=("Merge Game #",),
    hand_id_class="[0-9-]",
    hand_id_end=" | ",
    header=(
        rf"^(?P<room>Merge Game) # \| {_GAME} \((?P<sb>{_MONEY})/(?P<bb>{_MONEY})\) \| "
        rf"Version:2{_NEXT}Table (?P<table>.+) \([0-9]+\)(?:, Seats (?P<max_seats>[0-9]+))?$"
    ),
    header_lines=2,
    games=GRAMMAR.games,
    flop_games=GRAMMAR.flop_games,
    limits=_LIMITS,
    rooms={"Merge Game": "Merge"},
    actions=compile_actions(
        {
            **_TEMPLATES,
            "{player}: Post DB {amount}": "post_sb",
            # tried where "wins {amount}" does not read the line (the same verb)
            "{player}: wins {amount} (uncalled)": "return",
        },
        all_in="",
    ),
    totals={},
    total_line=False,
    rake_printed=False,
    boards_in_markers=True,
    markers_deal_cards=True,
    pots_named=False,
    wording=Wording(time_separator=" | ", time_end=" | Version:", date_order="mdy",
                    seat_button=" DEALER"),
)
