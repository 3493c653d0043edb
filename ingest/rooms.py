"""What differs from room to room in how a hand's money moves, one row per room, with the
corpus hands that show each rule. The parser and the audit both read it from here; a room
not listed follows ``DEFAULT``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from omaha_core.awards import DEFAULT_ODD_CHIP_RULE, OddChipRule


@dataclass(frozen=True)
class RoomRules:
    """A room's rules.

    ``rake_main_pot_first``: the rake is taken from the main pot alone (else it is spread
    over the pots cumulatively, see ``analysis.audit.replay.spread_rake``, in proportion to the
    cumulative pot counted in whole ``rake_unit``s).
    ``rake_spread_varies``: the room takes the rake (and its other drops) from the pots in
    other proportions than that in some hands; a hand paid as its pots are with the rake
    taken in one of the ways rooms take it (``analysis.audit.verify``) is then ``rake_spread``,
    not ``mismatch``. ``shows_in_order``: the room prints the hands of a showdown in the
    order they were shown (the audit notes a hand shown out of order). ``odd_chip``: where
    indivisible units go. ``raise_may_add``: "raises X
    to Y" may mean Y chips added (the reading under which the hand's chips balance is taken;
    else Y is the street total). ``calls_are_totals``: "calls X" and "bets X" mean X is the
    player's street total after the line (else X is what the line adds).
    ``unprinted_uncalled``: how the room writes an uncalled bet it does not print (one is
    inferred from the betting, in any room, for a hand that prints none): ``"in_pot"``,
    counted in the printed total pot and in its bettor's collections; ``"left_out"``, in
    neither. The readings are tried in order and the first under which
    the hand's chips balance is taken (the first, when none does). ``fixed_limit_bets``: the
    number of bets a fixed-limit round allows (a bet and the raises), lifted when it starts
    heads-up. ``winnings_in_summary``: the collect lines may count room money (a splash) in
    every pot's line, and the summary's winnings are what the players received: they are
    read from the summary where the collect lines pay the splash once more for every line
    after the first and the summary adds up to the pot less the room's take (else the
    collect lines are read as printed, in every room). ``unprinted_rake_percent``: the most
    a rake the room does not print takes of a cash game's pot, in percent (a tournament's
    rake is none): where a hand prints no rake (``Grammar.rake_printed``), or one the room
    did not take, what the pots did not pay is its rake when within it, and the readings of
    an unprinted uncalled bet are told apart by it. ``printed_rake_taken``: the rake a hand
    prints is the rake the room took (else a cash hand's rake is what the pots did not pay,
    as in a hand that prints none). ``short_raise_adds``: a raise whose amount is below
    the street's highest total before it is the chips the line adds, a call (iPoker's
    "Raise $31.10" after a raise to $112.70 over the player's $35 bet).
    ``calls_may_be_totals``: an older export of the room's writes its calls and raises as
    the street total, where its templates say the chips they add (bets and all-ins still
    add theirs): that reading is taken in a hand where only it puts in no more than any
    player's stack. ``evidence``: the corpus files and hands that show the rules.
    """

    rake_main_pot_first: bool = False
    rake_unit: int = 1
    rake_spread_varies: bool = False
    shows_in_order: bool = True
    odd_chip: OddChipRule = DEFAULT_ODD_CHIP_RULE
    raise_may_add: bool = False
    calls_are_totals: bool = False
    unprinted_uncalled: tuple[str, ...] = ("in_pot", "left_out")
    fixed_limit_bets: int = 4
    winnings_in_summary: bool = False
    unprinted_rake_percent: int = 10
    printed_rake_taken: bool = True
    short_raise_adds: bool = False
    calls_may_be_totals: bool = False
    evidence: tuple[str, ...] = ()


DEFAULT = RoomRules(
    evidence=(
        "Stars/cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt #22865231671: rake $0.18 on "
        "pots $2.47, $0.93, $0.30 taken 12, 5 and 1 cents (cumulative spread)",
        "Stars/tour/NLO8-USD-STT-201109.Knockout.sample.txt: hi/lo odd chips to the high",
    ),
)

# Bovada, Ignition and Bodog: one format, one room's rules.
_BOVADA = RoomRules(
    rake_spread_varies=True,
    unprinted_uncalled=("in_pot",),
    evidence=(
        "formats Bovada/cash/LHE-USD-8-16-201204.old.format.txt #2596781192: pots $97.29 and "
        "$15.14, 'Rake ($2)' taken $1.74 and $0.26 (the side pot's share truncated to the "
        "cent, the rest from the main pot), not the cumulative spread's $1.73 and $0.27",
        "formats Bovada/cash/NLHE-USD_-__0.25-_0.50_-_202103.MVS.version.txt #4086249181: "
        "'Raises $33.92 to $35.42' over a $1.50 bet adds $33.92 to reach the street total "
        "$35.42 (the default reading), then 'Calls $26.17' = 35.42 - 9.25",
        "corpus Bovada/cash/PLO-USD-5-10-201204.new.format.txt #2601407767: 'Raises $35' "
        "(2012, no 'to') is the street total: the big blind 'Calls $25' over its $10",
        "formats Bovada/cash/FLHE-6max-USD_-__30-_60_-_201512.new.blinds.txt #3183548059: "
        "no rake written, 'Total Pot($765)' and two 'Hand result $381': $3 taken",
        "corpus Bovada/cash/PLO-USD-5-10-201204.new.format.txt #2601408155: a walk prints "
        "no uncalled bet: the big blind's unmatched $5 is in 'Total Pot($15)' and in "
        "'Hand result $15' (every other uncalled bet is printed: 'Return uncalled portion "
        "of bet $175', #2601407767)",
    ),
)

# BetOnline and the rooms and skins of its network, writing one format (``ingest.sites.betonline``).
_BETONLINE = RoomRules(
    unprinted_uncalled=("left_out",),
    printed_rake_taken=False,
    rake_unit=100,
    rake_spread_varies=True,
    evidence=(
        "corpus BetOnline/cash/PLO-10max-USD-0.05-0.10-201209.txt: the rake is 5 cents a "
        "whole dollar of the cumulative pot, main pot first: #1073068762 pots of 12.60 and "
        "11.50 paid 12.00 and 10.90 (0.60 each); #1073059444 pots of 12.15, 10.80, 4.20, "
        "7.26 charged 0.60, 0.50, 0.25, 0.35",
        "formats BetOnline/cash/NLHE-10max-USD-0.01-0.02-201605.3.way.allin.txt #1606125823 "
        "(2016): pots of 2.63 and 1.34 paid 2.49 and 1.26, the rake 0.22 in proportion to "
        "each pot, the rest from the last",
        "corpus BetOnline/cash/PLO-10max-USD-0.05-0.10-201209.txt #1073064152: no uncalled "
        "line; Player11's 11.50 over a 2.30 all-in comes back (stack 21.35 -> 18.30) and is "
        "in neither the pot lines nor the summary",
        "formats BetOnline/cash/NLHE-10max-play-10-20-201204.GearPoker.txt #1014850775: "
        "Hero's unmatched 80 of 1000 left out of 'Total Pot 1850.00' (920 + 920 + 10)",
        "corpus BetOnline/cash/PLO-10max-USD-0.05-0.10-201209.txt #1073058698: 4.42 put in, "
        "'Total pot 4.22 | Rake 0.00', the winner's stack +2.46 = 4.22 - 1.76: 0.20 taken; "
        "#1073059444: pots of 12.15, 10.80, 4.20, 7.26 paid 11.55, 10.30, 3.95, 6.91 (1.70 "
        "taken), rakes printed 1.35, 1.10, 0.60, 0.60",
    ),
)

ROOM_RULES: dict[str, RoomRules] = {
    "PokerStars": RoomRules(
        unprinted_uncalled=("left_out", "in_pot"),
        evidence=(
            *DEFAULT.evidence,
            "formats Stars/tour/NLHE-USD-MTT-5r-200710.txt #12637574307 (2007, no uncalled "
            "line): 4,595 put in, 370 unmatched, 'Total pot 4225', 4,225 collected",
            "corpus Stars/cash/PLO-6max-USD-0.05-0.10-200912.converted.walk.txt style "
            "conversions: the unprinted uncalled bet inside the total pot and collected",
        ),
    ),
    "Run It Once Poker": RoomRules(
        rake_main_pot_first=True,
        raise_may_add=True,
        winnings_in_summary=True,
        evidence=(
            "Stars/cash/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt #34011543: "
            "'raises €1.36 to €30.25' adds 30.25 (the printed uncalled 8.43 and pots "
            "62.60 and 20.98 balance only so); rake €2.00 all from the main pot "
            "(60.60 + 20.98 collected)",
            "Stars/cash/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt #36197946: the "
            "€5 splash counted in both pots' collect lines; the summary's winnings add up",
        ),
    ),
    "GGPoker": RoomRules(
        rake_spread_varies=True,
        evidence=(
            "run-it-twice hands with a side pot: the rake and jackpot fee taken from the "
            "pots in other proportions than the cumulative spread, every pot paid to who may "
            "win it",
            "GGPoker/cash/PLO-6max-USD-0.50-1.00-202004.txt: uncalled bets printed, "
            "'Uncalled bet ($7) returned to b84ff923'",
        ),
    ),
    "Winamax": RoomRules(
        unprinted_uncalled=("in_pot",),
        rake_spread_varies=True,
        shows_in_order=False,
        evidence=(
            "side pots: the rake taken from the pots in the room's own proportions, all one "
            "player wins collected in one line named after one pot",
            "formats Winamax/tour/NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt "
            "#2357799155578961958-128-1653325811 and 7 more showdowns: the river bettor's "
            "hand printed after the caller's, not in the order of showing",
            "Winamax/cash/PLO-5max-EUR-1.00-2.00-201611.post.both.txt #9260931-103-1479198677:"
            " Player4's uncalled 8€ is inside 'collected 15.48€ from pot'",
            "Winamax/cash/5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt: Hero's uncalled 84€ "
            "printed as 'collected 84€ from side pot 1'",
        ),
    ),
    "WPN": RoomRules(
        unprinted_uncalled=("in_pot",),
        evidence=(
            "corpus Winning/cash/NLO8-6max-USD-3-6-202104.walk.txt #779388412 (and formats "
            "Winning/cash/NLHE-9max-USD-0.02-0.05-202104.walk.txt #784373412): a walk prints "
            "no uncalled bet; the big blind's unmatched $3 is in 'Total pot $9.00' and in "
            "'did not show and won $9.00'",
            "corpus Winning/cash/LO8-6max-USD-20-40-201907.CASHID-TN-St_FULLSTOP__Lucie_GAMETYPE"
            ".txt #78708209: 'Hero raises $30.00 to $40.00' from the $10 small blind, $40 the "
            "street total (the default reading); 'Total pot $199.00 | Rake $0.96 | JP Fee "
            "$0.04' of $200 put in",
            "formats Winning/cash/NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar__Cap__GAMETYPE"
            ".txt #151588328: 'caps $0.55' adds $0.55 (the caller then calls $0.44 of a $0.11 "
            "bet: $0.55 each)",
            # the format before 2019
            "corpus Winning/cash/PLO-6max-USD-5.00-10.00-201504.capped.HH00000000_G0.txt "
            "#406051551: 'Player4 bets (26.12)', 'Hero raises (90)', 'Player4 caps (253.88)', "
            "'Hero calls (190)': 280 each on the flop, the summary's 'Bets: 300' each, only if "
            "every amount is the chips the line adds; 'Pot: 612. Rake 2.76. JP fee 0.24' of 615 "
            "put in, 'Collects: 612'",
            "formats Winning/cash/LHE-2max-USD-2.00-4.00-201608.HH00000000_G0.txt #693968595: "
            "no limit written, 'has big blind (2)' at '2/4': fixed-limit, the header's amounts "
            "the small and big bets ('raises (3)' from the small blind of 1: to 4)",
            "corpus Winning/cash/PLO8-6max-USD-3-6-201701.short.HH20170115_G31084891.txt "
            "#820605052: 'Player2 allin (402.40)' from the small blind over a $12 raise and a "
            "call, $33 in the pot: above what pot limit allows, so no-limit Omaha hi/lo",
            "formats Winning/cash/NLHE-6max-USD-0.01-0.02-201608.Cap.HH00000000_G0.txt "
            "#698339423: the older format prints the uncalled bet of a walk ('Uncalled bet "
            "(0.01) returned to shadex47', 'Pot: 0.02')",
            "formats Winning/cash/NLHE-9max-play-5.00-10.00-201608.HH00000000_G0.txt "
            "#698322413: 'barzop posts (5)' then 'calls (5)' at 5/10, 'Bets: 10': a post "
            "coming in is live",
        ),
    ),
    "KingsClub": RoomRules(
        calls_are_totals=True,
        unprinted_uncalled=("left_out",),
        evidence=(
            "corpus KingsClub/cash/5-Card-PLO8-USD-11-22-202010.txt #37580598: 880 behind, "
            "antes 22, 'Hero calls 22', then 'Hero raises to 627.25', 'Player2 raises to 836, "
            "and is all in', 'Hero calls 836, and is all in': both all-in only if 836 is the "
            "street total (as chips added Hero would put in 1,463.25)",
            "corpus KingsClub/cash/LO-Split-USD-60-120-202108.txt #45395871: Player3 posts "
            "the small blind 30 and 'calls 120': 5 + 120 + 120 + 120 + 120 = 485 in, "
            "'Player3 wins (758.50) from pot', result +273.50",
            "corpus KingsClub/cash/5-Card-PLO-USD-5-10-202010.txt #37660193: 'Player0 bets "
            "56.43', 'Hero folds', no uncalled line; 'Rake 4.50', 'Player0 wins pot (85.50)' "
            "= 90 - 4.50 and result +43.50: the 56.43 came back, in neither the win nor the "
            "rake",
            "formats KingsClub/cash/NLHE-USD-125-250-202012.multi.pot.txt #3264632: "
            "'Player2 wins pot (1,350)', the main pot; result +2,925 = 4,800 collected - "
            "1,875 put in: the 3,450 side pot is not printed",
        ),
    ),
    "Seals With Clubs": RoomRules(
        unprinted_uncalled=("left_out",),
        evidence=(
            "formats SealsWithClubs/cash/LHE-6max-mBTC-2.00-4.00-201305.txt #6340502-110: "
            "'Player0 posts small blind 1', 'Player0 raises to 4', 'Hero calls 2' after the "
            "big blind of 2: both at 4 only if 4 is the street total (the default reading; as "
            "chips added the hand is 1.00 off), 'Hero wins Pot (11.70) with a Pair', "
            "'Rake (0.30)' of 12 put in",
            "corpus SealsWithClubs/cash/PLO-9max-mBTC-1.00-1.00-201304.txt #5297786-137: "
            "'Hero bets 6', two folds, 'Hero refunded 6', 'Hero wins Pot (10)' = 1 + 3 + 3 + 3: "
            "a printed uncalled bet is in neither the pot nor the winnings (one never printed "
            "would be left out too)",
            "formats SealsWithClubs/cash/NLHE-2max-mBTC-15-30-201310.txt #11442832-1: the big "
            "blind's unmatched 15 refunded, 'Hero11 wins Pot (30)'",
            "formats SealsWithClubs/cash/NLHE-9max-mBTC-1.00-1.00-201304.side.pot.txt "
            "#5338590-82: 'Player2 wins Side Pot 1 (2)' before the river's main-pot showdown, "
            "'Hero wins Main Pot (6) with Two Pair', each pot's 'Rake (0)' after it",
        ),
    ),
    "Bovada": _BOVADA,
    "Ignition": _BOVADA,
    "Bodog": _BOVADA,
    **dict.fromkeys(("BetOnline", "PayNoRake", "ActionPoker", "Gear Poker"), _BETONLINE),
    "PartyPoker": RoomRules(
        unprinted_uncalled=("in_pot",),
        unprinted_rake_percent=10,
        evidence=(
            "corpus PartyPoker/cash/LO8-USD-20-40.201201.limit3format.txt #11354414824: "
            "'Player1 raises [$30 USD]' over his $10 small blind, 'Player0 raises [$40 USD]' "
            "over his $20 big blind, 'Player0 calls [$20 USD]': each raise adds its amount; "
            "'Player1 bets [$40 USD]', 'Player0 folds', 'Player1 wins $239 USD' = $200 in "
            "the pots less $1 rake plus the $40 returned",
            "corpus PartyPoker/cash/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt "
            "#17845596867267gpyxw6jp9t: 'Player2 bets (1.07)', 'Hero folds', 'Main Pot: $1.43 "
            "Rake: $0.07', Player2 'collected $2.50' = 1.43 + the 1.07 returned",
            "corpus PartyPoker/cash/PLO-6max-USD-0.10-0.25-202602.cash.out.txt "
            "#1770659766668adeb0h5qfm: 'Player2 Cashout Amount is 23.01', paid by the room; "
            "Hero, who wins the pot, 'collected $41.47' = 'Main Pot: $38.50' + 2.97 returned",
            "the classic format prints no rake: what the pots do not pay is 5% or less of "
            "them in every cash hand of the files (formats PartyPoker/cash/"
            "NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt #12395241485: $2.88 of $57.61; "
            "corpus PartyPoker/cash/PLO-2max-USD-25-50-201710.deep.txt #16537340703: $1 of "
            "$2,698), and nothing in its tournaments",
        ),
    ),
}


# 888 (Pacific Poker): its brands write one format (ingest/sites/pacific.py), with no uncalled
# bet, pot or rake line.
_PACIFIC = RoomRules(
    unprinted_uncalled=("left_out", "in_pot"),
    rake_main_pot_first=True,
    unprinted_rake_percent=10,
    evidence=(
        "formats PacificPoker/tour/NLHE-USD-MTT-0.90-201205.uncalledbets.false.positive.txt "
        "#384829651: 'Player7 raises [$3,520]' all in, 'Player0 folds', 'Player7 collected "
        "[ $2,240 ]' = 640 antes + 800 + 800: the 3,120 returned is left out of the collect "
        "lines (149 of the 161 hands with an unmatched bet)",
        "formats PacificPoker/tour/NLHE-USD-MTT-0.90-201205.uncalledbets.correct.txt "
        "#384831647 (same tournament, six minutes later): 'Player3 raises [$30,670]', "
        "'Player4 folds', 'Player3 collected [ $33,190 ]' = 720 + 31,270 + 1,200: the 30,070 "
        "returned is in it; formats PacificPoker/cash/888-FHE-USD-5-10-201203.all.in.blind.txt "
        "#418361264: 'Hero collected [ $10 ]', his unmatched raise, a line of its own",
        "corpus PacificPoker/cash/888-FLO-PM-30-60.txt #362979074: 'rolirs301 collected "
        "[ 957.50 ]' and '[ 120 ]': the 2.50 rake all from the 960 main pot, the 120 side "
        "pot whole",
        "formats PacificPoker/cash/888-FLH-PM-1.00-2.00-stacks_over_1k.txt #440728921: no "
        "rake line; the collect lines pay 2.70 of a 3.00 pot, 10% its most (5% and a cap "
        "elsewhere: $1.25 of $25, $4 of $180, $1 of $6,750); tournaments take none",
    ),
)
ROOM_RULES |= {"888poker": _PACIFIC, "888.ro": _PACIFIC, "888poker.ca-on": _PACIFIC}

# PokerTracker's exports of other rooms' hands (ingest/sites/pokertracker*.py): each family
# keeps its room's rules, and its room's name (iPoker's and Everest's text exports and their
# XML files, ingest/sites/ipoker.py and everest.py, are one room's hands and read one row).
ROOM_RULES |= {
    "Everest": RoomRules(
        unprinted_rake_percent=5,
        evidence=(
            "formats PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt: no rake line; "
            "the collects pay 5 % of the called pot less, in 5-cent steps, $3 at most, none "
            "without a flop (#6450768434: 13.50 called, 12.85 collected; #6474546661: 87.40, "
            "3.00 taken); 'Uncalled bet of $7.00 returned to Player28' printed apart",
            "#7164315170 (LHE SNG): 'Player4 raises to $300.00' over his big blind of 100, "
            "then 'Player6 calls $100.00' with 200 in: 'raises to' is the street total",
            "corpus Everest/cash/PLO-EUR-5-10-Unknown-Sample.txt #6351562000 (XML, which "
            "writes its rake): '<SWEEP rake=\"150\" tax=\"100\">5750</SWEEP>' after 6,000 "
            "put in, the rake and tax taken so far apart from the pot; the last SWEEP 17750 "
            "is what '<WIN amount=\"17750\">' pays of 18,000",
        ),
    ),
    "iPoker": RoomRules(
        unprinted_uncalled=("in_pot", "left_out"),
        short_raise_adds=True,
        evidence=(
            "formats PokerTracker/tour/NLHE-USD-SNG-2-201106.iPoker.txt #3616765274 (2011, no "
            "'Uncalled:' mark): the unmatched 100 in 'Total pot $200.00' and in 'Player63: "
            "wins $200.00'; cash/NLHE-USD-0.05-0.10-201110.iPoker.txt #2978874670: the "
            "bettor's unmatched 0.35 a 'wins' line of its own",
            "cash/NLHE-EUR-0.01-0.02-201901.iPoker.Uncalled.txt #8162156892 ('Uncalled:Y'): "
            "ken1950's uncalled river bet of 0.14 in neither 'Total pot €0.45 Rake €0.03' "
            "nor 'ken1950: wins €0.45'",
            "cash/NLHE-USD-0.50-1.00-201101.iPoker.post.both.txt #2607756372: 'Player3: Bet "
            "$35.00', 'Player1: Raise (NF) $112.70', 'Player3: Raise $31.10': the short raise "
            "adds 31.10 (put in 248.80 = 'Total pot $245.80 Rake $3.00'); 'Player4: Post BB "
            "$1.50' at $0.50/$1 posts both blinds",
            "cash/NLHE-USD-0.50-1.00-201101.iPoker.raise.by.txt #2607739781: 'Player7: Raise "
            "$23.38' over a 14.05 bet is the street total ('Call $9.33' to match it)",
        ),
    ),
}

# Merge Network hands as PokerTracker exports them (ingest/sites/pokertracker_merge.py): no
# rake or total pot printed, the uncalled bet inside its bettor's "wins" (2011-12) or a
# line of its own (2014); the room's own XML (ingest/sites/merge.py) the same way.
ROOM_RULES["Merge"] = RoomRules(
    unprinted_uncalled=("in_pot",),
    unprinted_rake_percent=15,
    evidence=(
        "formats PokerTracker/cash/NLHE-USD-0.10-0.20-201204.PT4.Merge.txt #53094604-134: "
        "'Hero: Raise $0.50', 'Player0: Call $0.25', then 'Player0: Bet $0.50', 'Hero: Fold', "
        "'Player0: wins $1.45': the 1.00 pot less 0.05 rake and his unmatched 0.50",
        "corpus PokerTracker/tour/PLO-USD-5-201202.Merge.all.in.blind.txt #4927169400080: "
        "'JustJay4Reals: wins $270.00' and 'JustJay4Reals: wins $65.00', his 200 against an "
        "all-in 135: the unmatched 65 a line of its own",
        "formats PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Merge.txt: the rake is 5% to "
        "the cent, at most $3, none without a flop, and on these 'Bad Beat' tables $0.50 "
        "more for a jackpot on pots of $5 and over (#3047310402797: 12.00 pays 10.90, "
        "0.60 + 0.50; #3047310402799: 6.00 pays 5.20, 0.30 + 0.50, the most in percent, "
        "13.3%); tournaments take none",
        "corpus Merge/cash/PLO-USD-0.25-0.50-201111.raiseTo.uncalledbet.txt #44314871-72 "
        "(XML): Hero's turn bet of 25.00 is not called and no row gives it back: '<winner "
        "amount=\"68.12\"' is the 45.38 pot less 2.26 raked, plus the 25.00 (other hands "
        "write it as a row of its own, uncalled=\"true\": #56541889-2)",
        "formats Merge/cash/NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt #15245216-1000 "
        "(XML): 58.59 put in, 55.67 paid, 2.92 raked (5%); none in the 74 tournament hands",
    ),
)

# Microgaming hands as PokerTracker exports them (ingest/sites/pokertracker_microgaming.py):
# no rake or total pot printed (but "Rake: €0.15" in the "** Hand #" export); and its XML
# files (ingest/sites/microgaming.py), which write the rake and each seat's stack after the
# hand, whose versions say how calls and raises are written (the format's data).
ROOM_RULES["Microgaming"] = RoomRules(
    calls_may_be_totals=True,
    evidence=(
        "formats PokerTracker/cash/NLHE-2max-EUR-25.00-50.00-201305.new.format.txt "
        "#4908778359: SB 25, 'Player 1 raised - €75.00', BB 50, 'Hero called - €50.00': "
        "each the chips added; Hero's 'at end' 5199.00 from 5000.00 = -50 -50 -350 +649",
        "corpus PokerTracker/cash/PLO-EUR-0.25-0.50-201601.all.in.call.txt #5870377181: "
        "'Player0 bet - €55.75', 'Player2 went all-in - €21.26', 'Player0 wins €96.77' + "
        "'Rake: €1.50' = the called 98.27: an uncalled bet a short all-in leaves is left "
        "out; corpus .../PLO-2max-EUR-0.25-0.50-201309.Microgaming.Export.txt #5029053937: "
        "'Hero bet - €1.50', 'Player0 folded', 'Hero wins €4.35' + 'Rake: €0.15' = 3.00 + "
        "1.50: won by a fold, it is in the collect",
        "formats PokerTracker/cash/NLHE-EUR-0.05-0.10-201111.Microgaming.txt (the 2011 "
        "export, no 'at end'): #4162388199 Hero (stack 19.60, small blind 0.05) 'called - "
        "€0.40', 'bet - €0.85', 'went all-in - €18.35': 0.40 + 0.85 + 18.35 = 19.60, the "
        "call a street total (added, 19.65 would pass his stack); #4152594215 Hero (big "
        "blind 0.10, stack 10.76) 'called - €0.20', 'bet - €0.30', 'bet - €0.80', 'raised "
        "- €4.80', 'went all-in - €5.46': 0.20 + 0.30 + 4.80 + 5.46 = 10.76",
        "XML: formats Microgaming/cash/NLHE-EUR-0.05-0.10-2011011.multi.allin.txt "
        "#4152594215 (no hhversion), the same hand: 'Call' value 0.20 and 'Raise' 4.80 are "
        "street totals, 'AllIn' 5.46 what it adds; corpus .../PLO-EUR-0.05-0.10-201208.v2."
        "return.bet.txt #4519660221 (hhversion 2): the small blind's 'Call' 0.40 adds 0.40 "
        "to his 0.05",
        "XML: the uncalled bet inside the 'Win' (#4519644415: 17.28 = 14.40 - 0.72 + 3.60) "
        "or back with no record (#4152594215: Player4's endbalance 5.81), as each seat's "
        "endbalance says; formats .../NLHE-0.05-0.10-201111.posted.to.play.txt #4160087729: "
        "'PostedToPlay' 0.10, then check and fold, endbalance 9.85 from 10.00: a small "
        "blind of 0.05 posted dead beside it, unwritten ('Win' 0.39 + rake 0.01 = 0.40)",
    ),
)

# Boss Media's XML files (ingest/sites/boss.py): no uncalled bet is written anywhere, and
# none is in the pots or the winnings the hand writes.
ROOM_RULES["Boss"] = RoomRules(
    unprinted_uncalled=("left_out",),
    evidence=(
        "corpus Boss/cash/PLO-EUR-0.05-0.10-201207.all.in.call.txt #2907049756: Player1 "
        "raises to 4.80 over Player3's 2.40 bet, Player3 is all in to 3.31: the turn's "
        "POT=\"8.57\" RAKE=\"0.45\" is 9.02 = 1.15 + 1.15 + 0.10 + 3.31 + 3.31, Player1's "
        "1.49 above the all-in left out, and RESULT WIN=\"8.57\" pays the pot alone",
        "formats Boss/tour/NLHE-CAD-MTT-201101.txt #5854845: Player16's flop bet of 1,040 "
        "is not called; SHOWDOWN POT=\"1040.00\" and his WIN=\"1040.00\" are the pot before "
        "it",
    ),
)


def unprinted_rake_percents(rooms: pl.Series) -> np.ndarray:
    """Per hand, its room's ``unprinted_rake_percent``."""
    percents = {room: rules_for(room).unprinted_rake_percent
                for room in rooms.fill_null("").unique().to_list()}  # fmt: skip
    values: np.ndarray = rooms.fill_null("").replace_strict(
        percents, return_dtype=pl.Int64).to_numpy()  # fmt: skip
    return values


def rules_for(room: str | None) -> RoomRules:
    """The rules of ``room`` (``DEFAULT`` for a room not listed).

    >>> rules_for("Run It Once Poker").rake_main_pot_first, rules_for("Nowhere").raise_may_add
    (True, False)
    """
    return ROOM_RULES.get(room or "", DEFAULT)


RAISE_MAY_ADD = tuple(room for room, rules in ROOM_RULES.items() if rules.raise_may_add)
SHOWS_OUT_OF_ORDER = tuple(
    room for room, rules in ROOM_RULES.items() if not rules.shows_in_order
)
CALLS_ARE_TOTALS = tuple(room for room, rules in ROOM_RULES.items() if rules.calls_are_totals)
CALLS_MAY_BE_TOTALS = tuple(
    room for room, rules in ROOM_RULES.items() if rules.calls_may_be_totals
)
SHORT_RAISE_ADDS = tuple(room for room, rules in ROOM_RULES.items() if rules.short_raise_adds)
RAKE_NOT_TAKEN = tuple(room for room, rules in ROOM_RULES.items() if not rules.printed_rake_taken)
WINNINGS_IN_SUMMARY = tuple(
    room for room, rules in ROOM_RULES.items() if rules.winnings_in_summary
)
