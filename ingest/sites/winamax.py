"""Winamax text histories (cash games, Go Fast, and tournaments).

No colon after the player's name, amounts with the euro sign after them (``12€``), the
stakes and a time in UTC in the header, ``*** ANTE/BLINDS ***`` before the cards. Winamax
prints no uncalled bet: the bettor collects it as part of a pot (or as a pot of its own)
and the total pot counts it (the engine infers it from the betting); the total pot is
printed less the rake. Hi/lo pots are collected by half (``from pot (HI)``).
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite

_LIMIT = r"(?P<limit>pot limit|no limit|fixed limit|limit)"
_STAKES = r"\((?:[^/()]+/)?(?P<sb>[^/()]+)/(?P<bb>[^/()]+)\)$"

GRAMMAR = Grammar(
    site="winamax",
    header_starts=("Winamax Poker - ",),
    header_follow="[A-Z]",
    hand_id_class="[0-9-]",
    hand_id_end=" - ",
    header=(
        r'^\x{FEFF}?(?P<room>Winamax Poker) - (?:CashGame|(?:Go Fast|HOLD-UP|ESCAPE) "[^"]*") '
        rf"- HandId: # - (?P<game>.+?) {_STAKES}",
        r'^\x{FEFF}?(?P<room>Winamax Poker) - Tournament "(?P<tournament_id>[^"]*)" .*?'
        rf"level: (?P<level>\d+) - HandId: # - (?P<game>.+?) {_STAKES}",
    ),
    games=(
        rf"^(?P<cards_n>[56]) Card (?P<variant>Omaha)(?P<hi_lo> Hi/Lo)? {_LIMIT}$",
        rf"^(?P<variant>Omaha)(?P<cards_n>[56])?(?P<hi_lo>8| Hi/Lo)? {_LIMIT}$",
    ),
    flop_games=(r"^Holdem (?P<limit>pot limit|no limit|fixed limit|limit)$",),
    limits={"pot limit": "PL", "no limit": "NL", "fixed limit": "FL", "limit": "FL"},
    rooms={"Winamax Poker": "Winamax"},
    actions=compile_actions({
        # a small blind posted out of position carries the big blind (live) and the small
        # blind (dead) when it is more than the small blind
        "{player} posts small blind {amount} out of position": "post_sb_bb",
        "{player} posts small blind {amount}": "post_sb",
        "{player} posts big blind {amount} out of position": "post_bb",
        "{player} posts big blind {amount}": "post_bb",
        "{player} posts ante {amount}": "ante",
        "{player} folds{any}": "fold",
        "{player} checks": "check",
        "{player} calls {amount}": "call",
        "{player} bets {amount}": "bet",
        "{player} raises {by} to {to}": "raise",
        "{player} shows [{any}": "show",
        "{player} mucks{any}": "muck",
        "{player} is sitting out{any}": "sits_out",
        "{player} sits out{any}": "sits_out",
    }),
    totals={"| Rake ": "rake"},
    stack_suffix="",
    board_label="Board: [",
    room_money_lines=("Hold-up to Pot: total ", "Escape to Pot: total "),
    total_after_rake=True,
    # a player returning who declines to post the big blind out of position
    ignored_lines=(r" denies big blind$",),
)

SITE = TextSite(GRAMMAR, __file__)
