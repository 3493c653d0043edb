"""Every betting rule of analysis/audit/legality.py, one illegal hand that breaks it and legal
hands that stay ``ok`` (all-in exceptions, exact limits, straddles, dead money, posts).

The hands are short PokerStars texts (one GGPoker hand for a posted missed blind) at a
four-seat table: Ann (seat 1) on the button, Bob (2) small blind $0.50, Cy (3) big blind
$1, Dee (4) under the gun, $100 each unless a case says otherwise. Bodies are written one
line per ``;``; the total pot is what the body collects (no rake), so every hand balances.
All hands are parsed and audited in one run.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

import pytest

from analysis.audit.core import audit
from ingest.sites import Chunk, ggpoker, pokerstars

NAMES = ("Ann", "Bob", "Cy", "Dee")
BLINDS = "Bob: posts small blind $0.50; Cy: posts big blind $1; *** HOLE CARDS ***;"
STRADDLE = (
    "Bob: posts small blind $0.50; Cy: posts big blind $1; Dee: posts straddle $2;"
    " *** HOLE CARDS ***;"
)
FLOP, TURN, RIVER = (
    "*** FLOP *** [2c 7d 9h];",
    "*** TURN *** [2c 7d 9h] [Ks];",
    "*** RIVER *** [2c 7d 9h Ks] [4s];",
)
# everyone limps, the big blind checks: $4 in the pot on the flop, Bob first to act
LIMPED = f"{BLINDS} Dee: calls $1; Ann: calls $1; Bob: calls $0.50; Cy: checks; {FLOP}"
SHOWDOWN = f"{TURN} {RIVER} *** SHOW DOWN ***;"  # after the flop, nobody left to bet
KINGS, QUEENS, EIGHTS = (
    "shows [As Ah Kd Kc] (three of a kind, Kings)",
    "shows [Qs Qh 5c 6c] (a pair of Queens)",
    "shows [2d 3h 8c 8d] (a pair of Eights)",
)


def hand(
    body: str,
    limit: str = "Pot Limit",
    stakes: str = "$0.50/$1",
    stacks: dict[str, str] | None = None,
    sitting_out: str = "",
    totals: str = "",
    room: str = "PokerStars",
) -> str:
    """The hand text around ``body`` (posts to collections, ``;`` between lines); its id
    is ``NUMBER``, filled in when the hands are put together."""
    stacks = stacks or {}
    lines = [part.strip() for part in body.split(";") if part.strip()]
    pot = sum(Decimal(amount) for amount in re.findall(r"collected \$([\d.]+)", body))
    header = (
        f"PokerStars Hand #NUMBER:  Omaha {limit} ({stakes} USD) - 2024/07/01 12:00:00 ET"
        if room == "PokerStars"
        else f"Poker Hand #OMNUMBER: PLO ({stakes}) - 2024/07/01 12:00:00"
    )
    seats = [
        f"Seat {seat}: {name} (${stacks.get(name, '100')} in chips)"
        + (" is sitting out" if name == sitting_out else "")
        for seat, name in enumerate(NAMES, 1)
    ]
    board = ["Board [2c 7d 9h Ks 4s]"] if "SHOW DOWN" in body else []
    return "\n".join([
        header, "Table 'T' 6-max Seat #1 is the button", *seats, *lines, "*** SUMMARY ***",
        f"Total pot ${pot} | Rake $0{totals}", *board, "",
    ])  # fmt: skip


def folds(*players: str) -> str:
    """Fold lines for ``players``."""
    return " ".join(f"{player}: folds;" for player in players)


def wins(player: str, pot: str, uncalled: str) -> str:
    """The uncalled bet returned to ``player``, then the pot collected."""
    return f"Uncalled bet (${uncalled}) returned to {player}; {player} collected ${pot} from pot;"


OK = ("ok", "")


def illegal(reason: str) -> tuple[str, str]:
    """An ``illegal_bet`` status with its reason."""
    return ("illegal_bet", reason)


# name -> (hand text, (status, reason))
CASES: dict[str, tuple[str, tuple[str, str]]] = {
    # pot limit: a bet at most the pot, a raise at most to level + pot + (level - mine)
    "pl_raise_to_the_pot_preflop": (
        hand(
            f"{BLINDS} Dee: raises $2.50 to $3.50; {folds('Ann', 'Bob', 'Cy')}"
            f"{wins('Dee', '2.50', '2.50')}"
        ),
        OK,
    ),
    "pl_raise_above_the_pot_preflop": (
        hand(
            f"{BLINDS} Dee: raises $2.60 to $3.60; {folds('Ann', 'Bob', 'Cy')}"
            f"{wins('Dee', '2.50', '2.60')}"
        ),
        illegal("Dee raises to $3.60 on the preflop, above the pot-limit maximum $3.50"),
    ),
    "pl_pot_bet_pot_raise_and_pot_reraise": (
        hand(
            f"{LIMPED} Bob: bets $4; Cy: raises $12 to $16; {folds('Dee', 'Ann')}"
            f" Bob: raises $36 to $52; {folds('Cy')} {wins('Bob', '36', '36')}"
        ),
        OK,
    ),
    "pl_bet_above_the_pot": (
        hand(f"{LIMPED} Bob: bets $4.01; {folds('Cy', 'Dee', 'Ann')} {wins('Bob', '4', '4.01')}"),
        illegal("Bob bets to $4.01 on the flop, above the pot-limit maximum $4.00"),
    ),
    "pl_reraise_above_the_pot_with_chips_in": (
        hand(
            f"{LIMPED} Bob: bets $4; Cy: raises $12 to $16; {folds('Dee', 'Ann')}"
            f" Bob: raises $36.01 to $52.01; {folds('Cy')} {wins('Bob', '36', '36.01')}"
        ),
        illegal("Bob raises to $52.01 on the flop, above the pot-limit maximum $52.00"),
    ),
    # a big blind ante is in the pot (max raise to $4.50), not in Cy's bet (she calls $3.50)
    "pl_big_blind_ante_counts_in_the_pot_only": (
        hand(
            f"Cy: posts the ante $1; {BLINDS} Dee: raises $3.50 to $4.50; {folds('Ann', 'Bob')}"
            f" Cy: calls $3.50; {FLOP} Cy: checks; Dee: bets $1; {folds('Cy')}"
            f" {wins('Dee', '10.50', '1')}"
        ),
        OK,
    ),
    "pl_room_money_counts_in_the_pot": (
        hand(
            f"{BLINDS} Dee: raises $4.50 to $5.50; {folds('Ann', 'Bob', 'Cy')}"
            f"{wins('Dee', '4.50', '4.50')}",
            totals=" | STP $2",
        ),
        OK,
    ),
    # the dead half of "small & big blinds" is in the pot, not in Dee's bet (Ann's call
    # of $4 matches her raise to $4)
    "pl_dead_small_blind_counts_in_the_pot_only": (
        hand(
            "Bob: posts small blind $0.50; Cy: posts big blind $1;"
            " Dee: posts small & big blinds $1.50; *** HOLE CARDS ***; Dee: raises $3 to $4;"
            f" Ann: calls $4; {folds('Bob', 'Cy')} {FLOP} Dee: bets $1; {folds('Ann')}"
            f" {wins('Dee', '10', '1')}"
        ),
        OK,
    ),
    "pl_missed_blind_is_dead_money_in_the_pot": (
        hand(
            "Bob: posts small blind $0.50; Cy: posts big blind $1;"
            " Dee: posts missed blind $0.50; *** HOLE CARDS ***; Dee: raises $3 to $4;"
            f" Ann: calls $4; {folds('Bob', 'Cy')} {FLOP} Dee: bets $1; {folds('Ann')}"
            f" {wins('Dee', '10', '1')}",
            room="GGPoker",
        ),
        OK,
    ),
    # the straddle is in the level and the pot, and the button acts first
    "pl_raise_to_the_pot_over_a_straddle": (
        hand(
            f"{STRADDLE} Ann: raises $5.50 to $7.50; {folds('Bob', 'Cy', 'Dee')}"
            f"{wins('Ann', '5.50', '5.50')}"
        ),
        OK,
    ),
    # pot and no limit: raises of at least the largest bet or raise of the round (and at
    # least the big blind), bets of at least the big blind, unless all-in
    "nl_raises_of_the_last_raise": (
        hand(
            f"{LIMPED} Bob: bets $2; Cy: raises $2 to $4; Dee: raises $2 to $6;"
            f" {folds('Ann', 'Bob', 'Cy')} {wins('Dee', '14', '2')}",
            limit="No Limit",
        ),
        OK,
    ),
    "nl_raise_below_the_bet": (
        hand(
            f"{LIMPED} Bob: bets $2; Cy: raises $1.50 to $3.50; {folds('Dee', 'Ann', 'Bob')}"
            f" {wins('Cy', '8', '1.50')}",
            limit="No Limit",
        ),
        illegal("Cy raises to $3.50 on the flop, below the minimum raise of $2.00"),
    ),
    "nl_reraise_below_the_largest_raise": (
        hand(
            f"{LIMPED} Bob: bets $2; Cy: raises $4 to $6; Dee: raises $3 to $9;"
            f" {folds('Ann', 'Bob', 'Cy')} {wins('Dee', '18', '3')}",
            limit="No Limit",
        ),
        illegal("Dee raises to $9.00 on the flop, below the minimum raise of $4.00"),
    ),
    "pl_preflop_raise_below_the_big_blind": (
        hand(
            f"{BLINDS} Dee: raises $0.50 to $1.50; {folds('Ann', 'Bob', 'Cy')}"
            f" {wins('Dee', '2.50', '0.50')}"
        ),
        illegal("Dee raises to $1.50 on the preflop, below the minimum raise of $1.00"),
    ),
    "nl_short_all_in_raise": (
        hand(
            f"{LIMPED} Bob: bets $2; Cy: raises $1 to $3 and is all-in;"
            f" {folds('Dee', 'Ann', 'Bob')} {wins('Cy', '8', '1')}",
            limit="No Limit",
            stacks={"Cy": "4"},
        ),
        OK,
    ),
    "nl_raise_over_a_short_all_in_bet_is_a_big_blind": (
        hand(
            f"{LIMPED} Bob: bets $0.50 and is all-in; Cy: raises $0.75 to $1.25;"
            f" {folds('Dee', 'Ann')} Uncalled bet ($0.75) returned to Cy; {SHOWDOWN}"
            f" Cy: {KINGS}; Bob: {EIGHTS}; Cy collected $5 from pot;",
            limit="No Limit",
            stacks={"Bob": "1.50"},
        ),
        illegal("Cy raises to $1.25 on the flop, below the minimum raise of $1.00"),
    ),
    # Ann re-straddles to $4 over Dee's $2: a straddle is a blind of its full size, so the
    # next raise is by at least $4 and raising to $5 is too little (the rule of
    # test_straddle_and_short_big_blind)
    "nl_raise_over_a_restraddle_below_the_minimum": (
        hand(
            "Bob: posts small blind $0.50; Cy: posts big blind $1; Dee: posts straddle $2;"
            " Ann: posts straddle $4; *** HOLE CARDS ***; Bob: raises $1 to $5;"
            f" {folds('Cy', 'Dee', 'Ann')} {wins('Bob', '11', '1')}",
            limit="No Limit",
        ),
        illegal("Bob raises to $5.00 on the preflop, below the minimum raise of $4.00"),
    ),
    "nl_raise_to_twice_the_straddle": (
        hand(
            f"{STRADDLE} Ann: raises $2 to $4; {folds('Bob', 'Cy', 'Dee')}"
            f"{wins('Ann', '5.50', '2')}",
            limit="No Limit",
        ),
        OK,
    ),
    "nl_bet_below_the_big_blind": (
        hand(
            f"{LIMPED} Bob: bets $0.50; {folds('Cy', 'Dee', 'Ann')} {wins('Bob', '4', '0.50')}",
            limit="No Limit",
        ),
        illegal("Bob bets $0.50 on the flop, below the minimum bet of $1.00"),
    ),
    "pl_bet_below_the_big_blind": (
        hand(f"{LIMPED} Bob: bets $0.50; {folds('Cy', 'Dee', 'Ann')} {wins('Bob', '4', '0.50')}"),
        illegal("Bob bets $0.50 on the flop, below the minimum bet of $1.00"),
    ),
    "nl_bet_of_the_big_blind": (
        hand(
            f"{LIMPED} Bob: bets $1; {folds('Cy', 'Dee', 'Ann')} {wins('Bob', '4', '1')}",
            limit="No Limit",
        ),
        OK,
    ),
    "nl_short_all_in_bet": (
        hand(
            f"{LIMPED} Bob: bets $0.50 and is all-in; {folds('Cy', 'Dee', 'Ann')}"
            f" {wins('Bob', '4', '0.50')}",
            limit="No Limit",
            stacks={"Bob": "1.50"},
        ),
        OK,
    ),
    # fixed limit ($1/$2 stakes, blinds $0.50/$1): bets and raises of the big blind
    # posted preflop and on the flop, twice it on the turn and river, unless all-in
    "fl_small_bet_then_big_bet": (
        hand(
            f"{BLINDS} Dee: raises $1 to $2; Ann: calls $2; Bob: calls $1.50; Cy: calls $1;"
            f" {FLOP} Bob: bets $1; Cy: raises $1 to $2; Dee: calls $2; Ann: calls $2;"
            f" Bob: calls $1; {TURN} Bob: bets $2; Cy: raises $2 to $4;"
            f" {folds('Dee', 'Ann', 'Bob')} {wins('Cy', '20', '2')}",
            limit="Limit",
            stakes="$1/$2",
        ),
        OK,
    ),
    "fl_small_bet_on_the_turn": (
        hand(
            f"{LIMPED} Bob: checks; Cy: checks; Dee: checks; Ann: checks; {TURN}"
            f" Bob: bets $1; {folds('Cy', 'Dee', 'Ann')} {wins('Bob', '4', '1')}",
            limit="Limit",
            stakes="$1/$2",
        ),
        illegal("Bob bets by $1.00 on the turn, the fixed-limit bet is $2.00"),
    ),
    "fl_double_raise_preflop": (
        hand(
            f"{BLINDS} Dee: raises $2 to $3; {folds('Ann', 'Bob', 'Cy')}"
            f" {wins('Dee', '2.50', '2')}",
            limit="Limit",
            stakes="$1/$2",
        ),
        illegal("Dee raises by $2.00 on the preflop, the fixed-limit bet is $1.00"),
    ),
    "fl_short_all_in_raise": (
        hand(
            f"{BLINDS} Dee: raises $0.50 to $1.50 and is all-in; {folds('Ann', 'Bob', 'Cy')}"
            f" {wins('Dee', '2.50', '0.50')}",
            limit="Limit",
            stakes="$1/$2",
            stacks={"Dee": "1.50"},
        ),
        OK,
    ),
    # fixed limit: a bet and three raises, unless the round starts heads-up
    "fl_fifth_bet_preflop": (
        hand(
            f"{BLINDS} Dee: raises $1 to $2; Ann: raises $1 to $3; Bob: raises $1 to $4;"
            f" Cy: raises $1 to $5; {folds('Dee', 'Ann', 'Bob')} {wins('Cy', '13', '1')}",
            limit="Limit",
            stakes="$1/$2",
        ),
        illegal("Cy makes bet number 5 on the preflop; the cap is 4"),
    ),
    # Dee's big blind to come in is no bet, and she acts first (after the real big blind)
    "fl_posting_to_come_in_is_not_a_bet": (
        hand(
            "Bob: posts small blind $0.50; Cy: posts big blind $1; Dee: posts big blind $1;"
            " *** HOLE CARDS ***; Dee: raises $1 to $2; Ann: raises $1 to $3;"
            f" Bob: raises $1 to $4; {folds('Cy')} Dee: calls $2; {folds('Ann')} {FLOP}"
            f" Bob: bets $1; {folds('Dee')} {wins('Bob', '12', '1')}",
            limit="Limit",
            stakes="$1/$2",
        ),
        OK,
    ),
    "fl_fifth_bet_in_a_round_started_three_handed": (
        hand(
            f"{BLINDS} {folds('Dee')} Ann: calls $1; Bob: calls $0.50; Cy: checks; {FLOP}"
            f" Bob: bets $1; Cy: raises $1 to $2; {folds('Ann')} Bob: raises $1 to $3;"
            f" Cy: raises $1 to $4; Bob: raises $1 to $5; {folds('Cy')}"
            f" {wins('Bob', '11', '1')}",
            limit="Limit",
            stakes="$1/$2",
        ),
        illegal("Bob makes bet number 5 on the flop; the cap is 4"),
    ),
    "fl_round_started_heads_up_is_uncapped": (
        hand(
            f"{BLINDS} {folds('Dee', 'Ann')} Bob: calls $0.50; Cy: checks; {FLOP}"
            " Bob: bets $1; Cy: raises $1 to $2; Bob: raises $1 to $3; Cy: raises $1 to $4;"
            f" Bob: raises $1 to $5; Cy: calls $1; {TURN} Bob: bets $2; {folds('Cy')}"
            f" {wins('Bob', '12', '2')}",
            limit="Limit",
            stakes="$1/$2",
        ),
        OK,
    ),
    # fixed limit with the big blind posted all-in for less: the small bet is still the
    # header's first figure ($1 of "$1/$2": the header gives the bets, not the blinds), so
    # Dee calls $1, Bob bets $1 on the flop and $2 on the turn
    "fl_small_bet_is_the_headers_over_a_short_big_blind": (
        hand(
            "Bob: posts small blind $0.50; Cy: posts big blind $0.40 and is all-in;"
            f" *** HOLE CARDS ***; Dee: calls $1; {folds('Ann')} Bob: calls $0.50; {FLOP}"
            f" Bob: bets $1; Dee: calls $1; {TURN} Bob: bets $2; {folds('Dee')}"
            f" Uncalled bet ($2) returned to Bob; {RIVER} *** SHOW DOWN ***; Bob: {KINGS};"
            f" Cy: {EIGHTS}; Bob collected $3.20 from side pot; Bob collected $1.20 from main pot;",
            limit="Limit",
            stakes="$1/$2",
            stacks={"Cy": "0.40"},
        ),
        OK,
    ),
    "fl_big_bet_on_the_flop_over_a_short_big_blind": (
        hand(
            "Bob: posts small blind $0.50; Cy: posts big blind $0.40 and is all-in;"
            f" *** HOLE CARDS ***; Dee: calls $1; {folds('Ann')} Bob: calls $0.50; {FLOP}"
            f" Bob: bets $2; Dee: calls $2; {TURN} Bob: bets $2; {folds('Dee')}"
            f" Uncalled bet ($2) returned to Bob; {RIVER} *** SHOW DOWN ***; Bob: {KINGS};"
            f" Cy: {EIGHTS}; Bob collected $5.20 from side pot; Bob collected $1.20 from main pot;",
            limit="Limit",
            stakes="$1/$2",
            stacks={"Cy": "0.40"},
        ),
        illegal("Bob bets by $2.00 on the flop, the fixed-limit bet is $1.00"),
    ),
    # calls: exactly the amount to call, less only all-in
    "over_call": (
        hand(
            f"{BLINDS} {folds('Dee')} Ann: calls $2; {folds('Bob', 'Cy')}"
            f" {wins('Ann', '2.50', '1')}"
        ),
        illegal("Ann calls $2.00 on the preflop facing $1.00 with $0.00 in"),
    ),
    # what is to call counts the chips the caller already has in: $0.50 for the small
    # blind facing $1, $4 for a $2 bettor facing a raise to $6 (Cy then calls the $2 more)
    "over_call_with_the_small_blind_in": (
        hand(
            f"{BLINDS} {folds('Dee', 'Ann')} Bob: calls $1; {folds('Cy')}"
            f" {wins('Bob', '2', '0.50')}"
        ),
        illegal("Bob calls $1.00 on the preflop facing $1.00 with $0.50 in"),
    ),
    "over_call_of_a_raise_with_a_bet_in": (
        hand(
            f"{LIMPED} Bob: bets $2; Cy: raises $4 to $6; {folds('Dee', 'Ann')} Bob: calls $6;"
            f" Cy: calls $2; {TURN} Bob: checks; Cy: bets $1; {folds('Bob')}"
            f" {wins('Cy', '20', '1')}"
        ),
        illegal("Bob calls $6.00 on the flop facing $6.00 with $2.00 in"),
    ),
    "short_call_not_all_in": (
        hand(
            f"{BLINDS} {folds('Dee')} Ann: calls $0.50; {folds('Bob')} Cy: raises $2 to $3;"
            f" {folds('Ann')} {wins('Cy', '1.50', '2.50')}"
        ),
        illegal("Ann calls $0.50 on the preflop facing $1.00 with $0.00 in"),
    ),
    # the small blind completes with $0.50 in, the big blind checks with $1 in, the flop
    # starts left of the button
    "limped_pot": (
        hand(
            f"{LIMPED} Bob: checks; Cy: checks; Dee: bets $1; {folds('Ann', 'Bob', 'Cy')}"
            f" {wins('Dee', '4', '1')}"
        ),
        OK,
    ),
    # Cy calls $2 of $3 all-in; on the turn and river Ann acts after Bob, past all-in Cy
    "short_all_in_call_and_all_in_seat_skipped": (
        hand(
            f"{BLINDS} {folds('Dee')} Ann: calls $1; Bob: calls $0.50; Cy: checks; {FLOP}"
            " Bob: bets $3; Cy: calls $2 and is all-in; Ann: calls $3;"
            f" {TURN} Bob: checks; Ann: checks; {RIVER} Bob: checks; Ann: checks;"
            f" *** SHOW DOWN ***; Bob: {KINGS}; Ann: {QUEENS}; Cy: {EIGHTS};"
            " Bob collected $2 from side pot; Bob collected $9 from main pot;",
            stacks={"Cy": "3"},
        ),
        OK,
    ),
    # checks: only with nothing to call
    "check_facing_the_big_blind": (
        hand(f"{BLINDS} Dee: checks; {folds('Ann', 'Bob')} {wins('Cy', '1', '0.50')}"),
        illegal("Dee checks on the preflop facing $1.00"),
    ),
    # turn order: preflop from the big blind (or the last straddle), later streets from the
    # button; folded, all-in and sitting-out seats are skipped
    # the small blind acts first, before seat 4, dealt in (seat 1 never acts: it is not
    # dealt in, see seat_sitting_out_is_skipped)
    "small_blind_acts_first_preflop": (
        hand(f"{BLINDS} Dealt to Dee [As Ks Qs Js]; {folds('Bob')} {wins('Cy', '1', '0.50')}"),
        illegal("Bob folds on the preflop out of turn (seat 4 was still to act)"),
    ),
    "button_acts_first_on_the_flop": (
        hand(
            f"{LIMPED} Ann: checks; Bob: bets $1; {folds('Cy', 'Dee', 'Ann')}"
            f" {wins('Bob', '4', '1')}"
        ),
        illegal("Ann checks on the flop out of turn (seat 2 was still to act)"),
    ),
    "straddler_acts_first": (
        hand(
            f"{STRADDLE} Dee: raises $2 to $4; {folds('Ann', 'Bob', 'Cy')}"
            f" {wins('Dee', '2.50', '3')}"
        ),
        illegal("Dee raises on the preflop out of turn (seat 1 was still to act)"),
    ),
    "seat_sitting_out_is_skipped": (
        hand(
            "Cy: posts small blind $0.50; Dee: posts big blind $1; *** HOLE CARDS ***;"
            f" {folds('Ann', 'Cy')} {wins('Dee', '1', '0.50')}",
            sitting_out="Bob",
        ),
        OK,
    ),
}

# Legal or illegal actions the audit gets wrong (see the reasons on the marks).
STRADDLE_AND_SHORT_BLIND: dict[str, tuple[str, tuple[str, str]]] = {
    "raise_over_a_straddle_below_twice_the_straddle": (
        hand(
            f"{STRADDLE} Ann: raises $1 to $3; {folds('Bob', 'Cy', 'Dee')}"
            f" {wins('Ann', '5.50', '1')}",
            limit="No Limit",
        ),
        illegal("Ann raises to $3.00 on the preflop, below the minimum raise of $2.00"),
    ),
    "call_of_the_full_big_blind_over_a_short_all_in_big_blind": (
        hand(
            "Bob: posts small blind $0.50; Cy: posts big blind $0.40 and is all-in;"
            f" *** HOLE CARDS ***; Dee: calls $1; {folds('Ann', 'Bob')}"
            f" Uncalled bet ($0.50) returned to Dee; {FLOP} {SHOWDOWN} Dee: {KINGS}; Cy: {EIGHTS};"
            " Dee collected $0.20 from side pot; Dee collected $1.20 from main pot;",
            stacks={"Cy": "0.40"},
        ),
        OK,
    ),
}


@pytest.fixture(scope="module")
def audited() -> dict[str, dict[str, Any]]:
    """The audit row of every case, all hands of a room parsed and audited together."""
    rows: dict[str, dict[str, Any]] = {}
    cases = list({**CASES, **STRADDLE_AND_SHORT_BLIND}.items())
    for site, header in ((pokerstars.SITE, "PokerStars"), (ggpoker.SITE, "Poker Hand")):
        numbered = {str(n): (name, text) for n, (name, (text, _)) in enumerate(cases, 1)
                    if text.startswith(header)}  # fmt: skip
        joined = "\n\n\n".join(one.replace("NUMBER", n) for n, (_, one) in numbered.items())
        parsed = site.parse(Chunk(joined.encode(), "legality.txt", 0, 1, "utf-8"))
        assert parsed.import_errors.num_rows == parsed.import_skips.num_rows == 0, (
            parsed.import_errors.to_pylist()
        )
        result = audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)
        for row in result.audit_hands.to_pylist():
            rows[numbered[row["hand_id"].removeprefix("OM")][0]] = row
    assert set(rows) == {name for name, _ in cases}
    return rows


def check(row: dict[str, Any], expected: tuple[str, str]) -> None:
    """The hand has the expected status and the whole expected reason (none when ok)."""
    status, reason = expected
    assert (row["status"], row["reason"]) == (status, reason), row["problems"]
    assert len(row["problems"]) == (status != "ok")


@pytest.mark.parametrize("name", CASES)
def test_legality_rule(audited: dict[str, dict[str, Any]], name: str) -> None:
    """Each case hand gets its expected status and reason."""
    check(audited[name], CASES[name][1])


@pytest.mark.parametrize("name", STRADDLE_AND_SHORT_BLIND)
def test_straddle_and_short_big_blind(audited: dict[str, dict[str, Any]], name: str) -> None:
    """A straddle is a blind of its full size; a big blind posted all-in for less still
    leaves the full big blind to call (both once got wrong)."""
    check(audited[name], STRADDLE_AND_SHORT_BLIND[name][1])
