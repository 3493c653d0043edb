"""Rules whose truth comes from outside the code under test: amounts worked out by hand in
the comments, a plain reference (``tests/equity_reference.py``), pokerkit's hand rankings
and the README's rake rule. Each test fails when its one line of the library is changed
(see the docstrings for the line):

- a pot paying more than its chips is never a ``rake_spread`` (``analysis/audit/verify.py``,
  ``only_rake_moved``: ``min(taken) >= 0``);
- a pot's halves are compared half by half only when every collection names its half
  (``analysis/audit/core.py``, ``_detail``: ``.all()``);
- the odd unit of a raked hi/lo pot goes to the high half of the all-in ``expected``
  (``analysis/allin/equity.py``, ``_equity_rows``);
- a preflop bet is a raise in PFR, the 3-bet count and the steal (``sql/player_hands.sql``);
- generated hands, written with ``omaha_core``, pay the winners pokerkit ranks and the rake
  the README states.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from pokerkit import Card, OmahaEightOrBetterLowHand, OmahaHoldemHand
from typer.testing import CliRunner

from analysis.allin.equity import all_in_equity
from analysis.audit.core import AuditResult, audit, prepare
from analysis.cli import app
from ingest import importer
from ingest.generator import block_text
from ingest.sites import Chunk, ParseResult, pokerstars, winamax
from omaha_core.games import GAMES
from tests.equity_reference import reference_equity
from tests.reference_awards import hand_inputs, hand_pots
from tests.test_legality_rules import BLINDS, EIGHTS, FLOP, KINGS, QUEENS, RIVER, TURN, folds, hand

runner = CliRunner()


def parse(text: str, site: Any = pokerstars.SITE) -> ParseResult:
    parsed: ParseResult = site.parse(Chunk(text.encode("utf-8"), "rules.txt", 0, 1, "utf-8"))
    assert parsed.import_errors.num_rows == parsed.import_skips.num_rows == 0, (
        parsed.import_errors.to_pylist()
    )
    return parsed


def audited(parsed: ParseResult) -> AuditResult:
    return audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)


def one_hand(result: AuditResult) -> tuple[str, list[str], list[tuple[Any, ...]]]:
    """(status, problems, award rows (board, pot, half, seat, expected, reported, ok))."""
    [row] = result.audit_hands.to_pylist()
    awards = [
        (a["board"], a["pot"], a["half"], a["seat"], a["expected"], a["reported"], a["ok"])
        for a in result.audit_awards.to_pylist()
    ]
    return row["status"], row["problems"], sorted(awards, key=str)


# --- where the rake was taken: a pot pays between nothing and its chips -----------------

# Dee is all-in for $2 preflop; Bob and Cy put in $4 each. Main pot $6 (Bob, Cy, Dee),
# side pot $4 (Bob, Cy); Bob's kings win both. Rake $0.50, spread as PokerStars does: the
# rake on pots 0..k is 0.50 x C_k / 10 rounded half up: $0.30 on the main pot (0.50 x 6 /
# 10), $0.20 on the side pot. Bob is due $5.70 + $3.80 = $9.50.


def rake_hand(main: str, side: str) -> str:
    body = (
        f"{BLINDS} Dee: raises $1 to $2 and is all-in; {folds('Ann')} Bob: calls $1.50;"
        f" Cy: calls $1; {FLOP} Bob: bets $2; Cy: calls $2; {TURN} Bob: checks; Cy: checks;"
        f" {RIVER} Bob: checks; Cy: checks; *** SHOW DOWN ***; Bob: {KINGS}; Cy: {EIGHTS};"
        f" Dee: {QUEENS}; Bob collected ${side} from side pot; Bob collected ${main} from main pot;"
    )
    text = hand(body, stacks={"Dee": "2"}).replace("NUMBER", "1")
    return text.replace("Total pot $9.50 | Rake $0", "Total pot $10 | Rake $0.50")


def test_rake_taken_from_the_pots_otherwise_is_a_rake_spread() -> None:
    """$0.25 of the rake from the main pot and $0.25 from the side pot: each pot pays
    between nothing and its chips, Bob gets his $9.50: only the rake's place differs."""
    status, problems, awards = one_hand(audited(parse(rake_hand("5.75", "3.75"))))
    assert (status, problems) == ("rake_spread", [
        "the rake is taken from the pots otherwise than the rules say: main pot: expected Bob"
        " $5.70, history pays Bob $5.75 (and 1 more)"
    ])  # fmt: skip
    assert awards == [(1, 0, "whole", 2, 570, 575, False), (1, 1, "whole", 2, 380, 375, False)]


def test_a_pot_paying_more_than_its_chips_is_no_rake_spread() -> None:
    """The side pot of $4 pays $4.05: no rake taken there could give that, so it is no
    rake spread (verify.only_rake_moved's ``min(taken) >= 0``). Bob still gets his $9.50
    in all, and a pot's award is judged by what each player takes in all: ``ok``."""
    status, problems, awards = one_hand(audited(parse(rake_hand("5.45", "4.05"))))
    assert (status, problems) == ("ok", [])
    assert awards == [(1, 0, "whole", 2, 570, 545, False), (1, 1, "whole", 2, 380, 405, False)]


# --- halves: compared half by half only when every collection names its half --------------

# Winamax, Omaha Hi/Lo in play money: each puts in 0.05 + 0.05 + 0.10 + 0.30 = 0.50, pot
# 1.00 less 0.07 rake = 0.93. Board Kh 4s 5h 7c 4c: Bob's Kd Ks make kings full (high);
# Ann's As 2d with 4s 5h 7c make 7-5-4-2-A (the only low). High half 0.47 (the odd cent
# goes to the high), low half 0.46.
HALVES = """\
Winamax Poker - CashGame - HandId: #1000001-1-1700000000 - Omaha8 pot limit (0.05/0.10) - \
2023/11/14 22:13:20 UTC
Table: 'Halves' 2-max (play money) Seat #2 is the button
Seat 1: Ann (4)
Seat 2: Bob (10)
*** ANTE/BLINDS ***
Bob posts small blind 0.05
Ann posts big blind 0.10
Dealt to Ann [As 2d Qc Qd]
*** PRE-FLOP ***
Bob calls 0.05
Ann checks
*** FLOP *** [Kh 4s 5h]
Ann checks
Bob bets 0.10
Ann calls 0.10
*** TURN *** [Kh 4s 5h][7c]
Ann checks
Bob checks
*** RIVER *** [Kh 4s 5h 7c][4c]
Ann bets 0.30
Bob calls 0.30
*** SHOW DOWN ***
Ann shows [As 2d Qc Qd] (HI : Two pairs : Queens and 4)
Ann shows [As 2d Qc Qd] (LO : High card : 7)
Bob shows [Kd Ks 9c 9d] (HI : Full house : Kings full of 4)
Bob collected BOB from pot (HI)
Ann collected ANN from pot ANN_LABEL
*** SUMMARY ***
Total pot 0.93 | Rake 0.07
Board: [Kh 4s 5h 7c 4c]
Seat 1: Ann (big blind) showed [As 2d Qc Qd] and won ANN with LO : High card : 7
Seat 2: Bob (small blind) (button) showed [Kd Ks 9c 9d] and won BOB with HI : Full house : \
Kings full of 4
"""


def halves(bob: str, ann: str, ann_label: str) -> tuple[str, list[str], list[tuple[Any, ...]]]:
    text = HALVES.replace("ANN_LABEL", ann_label).replace("BOB", bob).replace("ANN", ann)
    return one_hand(audited(parse(text.replace(" \n", "\n"), winamax.SITE)))


def test_halves_named_on_every_line_are_compared_half_by_half() -> None:
    assert halves("0.47", "0.46", "(LO)") == ("ok", [], [
        (1, 0, "hi", 2, 47, 47, True), (1, 0, "lo", 1, 46, 46, True),
    ])  # fmt: skip


def test_one_line_without_its_half_sums_the_halves() -> None:
    """Ann's line names no half: the history does not say which half each collection is,
    so both sides are summed per player (audit._detail: every line must name its half)."""
    assert halves("0.47", "0.46", "") == ("ok", [], [
        (1, 0, "whole", 1, 46, 46, True), (1, 0, "whole", 2, 47, 47, True),
    ])  # fmt: skip


def test_an_odd_cent_on_the_other_side_with_one_half_unnamed_is_an_odd_chip() -> None:
    """Bob (high, named) gets 0.46 and Ann (no half named) 0.47: summed per player, that is
    the odd cent given to the low half, another room's odd-chip rule."""
    status, problems, awards = halves("0.46", "0.47", "")
    assert (status, problems) == ("odd_chip", [
        "odd chip placed by main pot: odd chip to the low half: main pot: expected Ann 0.46 play"
        " and Bob 0.47 play, history pays Ann 0.47 play and Bob 0.46 play"
    ])  # fmt: skip
    assert awards == [(1, 0, "whole", 1, 46, 47, False), (1, 0, "whole", 2, 47, 46, False)]


# --- the all-in expected shares: the odd unit of a raked hi/lo pot --------------------------

# Omaha Hi/Lo: Dee raises to $3.50, Cy calls; on the flop [2c 7d 9h] Dee bets her last
# $6.50 and Cy calls. Pot $20.50, rake $0.95: $19.55 to share, 1955 cents, odd: the high
# half is 978, the low half 977 (the odd unit to the high). 820 turn and river runouts.
ALL_IN = (
    f"{BLINDS} Dee: raises $2.50 to $3.50; {folds('Ann', 'Bob')} Cy: calls $2.50; {FLOP}"
    " Cy: checks; Dee: bets $6.50 and is all-in; Cy: calls $6.50; TURN RIVER"
    " *** SHOW DOWN ***; Cy: shows [Qs Qh Jc Tc] (a pair of Queens);"
    " Dee: shows [As 2s Kd Kc] (three of a kind, Kings); Dee collected $19.55 from pot;"
)
HOLES = {3: "Qs Qh Jc Tc", 4: "As 2s Kd Kc"}


def card_ids(text: str) -> list[int]:
    """``rank * 4 + suit`` (2..A, c d h s), the reference's card ids, read plainly."""
    return ["23456789TJQKA".index(c[0]) * 4 + "cdhs".index(c[1]) for c in text.split()]


def test_raked_hi_lo_all_in_gives_the_odd_unit_to_the_high_half() -> None:
    body = ALL_IN.replace("TURN RIVER", f"{TURN} {RIVER}")
    text = hand(body).replace("NUMBER", "5").replace("Omaha Pot Limit", "Omaha Hi/Lo Pot Limit")
    parsed = parse(text.replace("Total pot $19.55 | Rake $0", "Total pot $20.50 | Rake $0.95"))
    assert one_hand(audited(parsed))[0] == "ok"
    result = all_in_equity(prepare(parsed.hands, parsed.players, parsed.actions,
                                   parsed.collections))  # fmt: skip
    assert result.hands.to_pylist()[0]["runouts"] == 820
    runouts, reference = reference_equity(
        [card_ids(HOLES[3]), card_ids(HOLES[4])], card_ids("2c 7d 9h"), [], qualifier=8
    )
    assert runouts == 820
    half_units = {"hi": 978, "lo": 977}
    rows = result.equity.to_pylist()
    assert len(rows) == 4
    for row in rows:
        mine = reference[[3, 4].index(row["seat"])]
        share = (mine.hi if row["half"] == "hi" else mine.lo) / runouts
        assert row["equity"] == pytest.approx(float(share), abs=1e-12), row
        assert row["expected"] == pytest.approx(float(share * half_units[row["half"]])), row
    for half, units in half_units.items():
        assert sum(r["expected"] for r in rows if r["half"] == half) == pytest.approx(units)
    # each seat's expected halves are what its ev_net says it expects back
    put_in = {3: 1000, 4: 1000}
    for row in result.ev.to_pylist():
        if row["seat"] in put_in:
            back = sum(r["expected"] for r in rows if r["seat"] == row["seat"])
            assert row["ev_net"] == pytest.approx(back - put_in[row["seat"]]), row


# --- a preflop bet is a raise ---------------------------------------------------------------

# No big blind is posted: Bob posts the small blind, Cy folds, Dee (in CO, four-handed)
# bets $1, Ann (BTN) raises to $3, Bob folds, Dee calls; on the flop Dee checks, Ann bets
# $2 and Dee folds. By docs/stats.md ("Raise, preflop: an action of kind raise (or bet)"):
# Dee's bet is the open (PFR), her first decision after everyone before her folded (a
# steal from CO); Ann's raise is the 3-bet and her flop bet a c-bet, which Dee folds to.
PREFLOP_BET = hand(
    "Bob: posts small blind $0.50; *** HOLE CARDS ***; Cy: folds; Dee: bets $1;"
    f" Ann: raises $2 to $3; Bob: folds; Dee: calls $2; {FLOP} Dee: checks; Ann: bets $2;"
    " Dee: folds; Uncalled bet ($2) returned to Ann; Ann collected $6.50 from pot;"
).replace("NUMBER", "77")


def test_a_preflop_bet_is_a_raise_in_the_statistics(tmp_path: Path) -> None:
    (tmp_path / "bet.txt").write_text(PREFLOP_BET, encoding="utf-8")
    db = tmp_path / "bet.duckdb"
    summary = importer.import_paths([tmp_path / "bet.txt"], db, workers=1)
    assert (summary.imported, summary.errors) == (1, 0)
    result = runner.invoke(app, ["report", "players", "--db", str(db), "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = {row["player"]: row for row in json.loads(result.stdout)}
    columns = ("vpip_n", "pfr_n", "three_bet_opp", "three_bet_n", "fold_to_three_bet_opp",
               "fold_to_three_bet_n", "steal_opp", "steal_n", "cbet_opp", "cbet_n",
               "fold_to_cbet_opp", "fold_to_cbet_n")  # fmt: skip
    want = {
        "Ann": (1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0),
        "Bob": (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        "Cy": (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
        "Dee": (1, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1),
    }
    assert {name: tuple(row[c] for c in columns) for name, row in rows.items()} == want
    landmarks = runner.invoke(app, ["sql", "SELECT opener, preflop_aggressor FROM hand_landmarks",
                                     "--db", str(db), "--format", "json"])  # fmt: skip
    assert landmarks.exit_code == 0, landmarks.output
    opener = [tuple(row.values()) for row in json.loads(landmarks.stdout)]
    assert opener == [("Dee", "Ann")]


# --- generated hands against pokerkit and the README's rake rule ----------------------------

GENERATED = 300


@pytest.fixture(scope="module")
def generated() -> ParseResult:
    return parse(block_text(13, 0, GENERATED, tuple(GAMES)))


def pokerkit_winners(holes: dict[int, str], board: str, hi_lo: bool) -> tuple[set[int], set[int]]:
    """The seats with pokerkit's best high, and with its best 8-or-better low (none when
    nobody has one)."""
    cards = list(Card.parse(board.replace(" ", "")))
    highs = {seat: OmahaHoldemHand.from_game(list(Card.parse(hole.replace(" ", ""))), cards)
             for seat, hole in holes.items()}  # fmt: skip
    best = max(highs.values())
    high = {seat for seat, value in highs.items() if value == best}
    if not hi_lo:
        return high, set()
    lows = {}
    for seat, hole in holes.items():
        try:
            lows[seat] = OmahaEightOrBetterLowHand.from_game(
                list(Card.parse(hole.replace(" ", ""))), cards
            )
        except ValueError:  # no qualifying low
            continue
    if not lows:
        return high, set()
    lowest = max(lows.values())  # pokerkit orders lows so that the best is the greatest
    return high, {seat for seat, value in lows.items() if value == lowest}


def test_generated_showdowns_pay_pokerkits_winners(generated: ParseResult) -> None:
    """Every contested pot of every generated showdown is collected, on each board, by
    exactly the seats pokerkit ranks best among those eligible (high, and low in hi/lo
    games when one qualifies); the pots and who is eligible come from the plain reference
    (tests/reference_awards.py), the rankings from pokerkit: neither from omaha_core."""
    inputs = hand_inputs(generated.hands.to_pylist(), generated.players.to_pylist(),
                         generated.actions.to_pylist())  # fmt: skip
    paid: dict[tuple[str, int, int], set[int]] = defaultdict(set)
    for row in generated.collections.to_pylist():
        paid[(row["hand_id"], row["board"], row["pot"])].add(row["seat"])
    checked = hi_lo_checked = 0
    for hand_id, one in inputs.items():
        hi_lo = GAMES[one.game].hi_lo
        for index, pot in enumerate(hand_pots(one)):
            claims = [seat for seat in pot.eligible if not one.seats[seat].mucked]
            if len(claims) < 2:
                continue
            for number, board in enumerate(one.boards, 1):
                holes = {seat: str(one.seats[seat].cards) for seat in claims}
                high, low = pokerkit_winners(holes, board, hi_lo)
                assert paid[(hand_id, number, index)] == high | low, (hand_id, number, index)
                checked += 1
                hi_lo_checked += bool(low)
    assert checked > 50 and hi_lo_checked > 10


def test_generated_rake_is_the_readmes_rule(generated: ParseResult) -> None:
    """README: no rake in tournaments nor without a flop; otherwise 5% of the pot rounded
    down, at most $3; the pots and collections add up to the pot less the rake."""
    for row in generated.hands.to_pylist():
        flop = bool(row["boards"]) and len(row["boards"][0].split()) >= 3
        no_rake = row["is_tournament"] or not flop
        want = 0 if no_rake else min(row["total_pot"] * 5 // 100, 300)
        assert row["rake"] == want, row["hand_id"]
    collected: dict[str, int] = defaultdict(int)
    for row in generated.collections.to_pylist():
        collected[row["hand_id"]] += row["amount"]
    for row in generated.hands.to_pylist():
        assert collected[row["hand_id"]] == row["total_pot"] - row["rake"], row["hand_id"]
