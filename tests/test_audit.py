"""The audit on hand-made tables: chip flow, rake spread, awards, odd chips, legality."""

from __future__ import annotations

import polars as pl
import pytest

from analysis.audit.core import AUDIT_AWARDS, AUDIT_HANDS, AuditResult, audit
from analysis.audit.replay import spread_rake
from tests.audit_builder import Hand, act, tables

P, F, T, R, S = "preflop", "flop", "turn", "river", "showdown"


def run(*hands: Hand) -> AuditResult:
    built = tables(list(hands))
    return audit(built["hands"], built["players"], built["actions"], built["collections"])


def statuses(result: AuditResult) -> dict[str, tuple[str, str]]:
    rows = result.audit_hands.to_pylist()
    return {row["hand_id"]: (row["status"], row["reason"]) for row in rows}


def side_pot_hand(collections: list[tuple[str, int | None, str, int, int]]) -> Hand:
    """PokerStars #22865231671 (corpus PLO-FR-USD-0.01-0.02-201006.sidepots.txt)."""
    return Hand(
        "22865231671",
        "omaha",
        6,
        [
            (2, "Player5", 52, None),
            (3, "Hero", 59, "6d 3c 5s As"),
            (5, "Player0", 90, None),
            (6, "Player4", 186, None),
            (7, "Player6", 279, None),
            (8, "Player3", 500, None),
            (9, "Player2", 105, None),
        ],
        [
            act(P, "Player6", "post_sb", 1),
            act(P, "Player3", "post_bb", 2),
            act(P, "Player0", "post_bb", 2),
            act(P, "Player2", "call", 2),
            act(P, "Player5", "call", 2),
            act(P, "Hero", "call", 2),
            act(P, "Player0", "raise", 6, 8),
            act(P, "Player4", "call", 8),
            act(P, "Player6", "fold"),
            act(P, "Player3", "fold"),
            act(P, "Player2", "call", 6),
            act(P, "Player5", "call", 6),
            act(P, "Hero", "raise", 12, 14),
            act(P, "Player0", "raise", 61, 69),
            act(P, "Player4", "call", 61),
            act(P, "Player2", "raise", 97, 105, True),
            act(P, "Player5", "fold"),
            act(P, "Hero", "call", 45, None, True),
            act(P, "Player0", "call", 21, None, True),
            act(P, "Player4", "call", 36),
            act(S, "Player2", "show", cards="Js Ah 5d 9h"),
            act(S, "Player4", "show", cards="9c 9d 7d 7h"),
            act(S, "Player0", "show", cards="Ks Ad 7s Tc"),
            act(S, "Hero", "show", cards="6d 3c 5s As"),
        ],
        collections,
        370,
        18,
        ["6c Kc Qc Jc 4c"],
    )


SIDE_POT_PAID = [
    ("Player2", 2, "whole", 29, 1),
    ("Player0", 1, "whole", 88, 1),
    ("Player0", 0, "whole", 235, 1),
]


def test_raked_side_pots_verify_exactly() -> None:
    result = run(side_pot_hand(SIDE_POT_PAID))
    assert statuses(result) == {"22865231671": ("ok", "")}
    assert result.audit_hands.schema == AUDIT_HANDS
    assert result.audit_awards.schema == AUDIT_AWARDS
    awards = pl.from_arrow(result.audit_awards)
    assert isinstance(awards, pl.DataFrame)
    assert awards.select("pot", "player", "expected", "ok").rows() == [
        (0, "Player0", 235, True),
        (1, "Player0", 88, True),
        (2, "Player2", 29, True),
    ]


def test_rake_spread_main_first_cumulative() -> None:
    # corpus hands #22865231671, #60920749213 and #231645858339: pots after rake as printed
    assert spread_rake([247, 93, 30], 18) == [12, 5, 1]
    assert spread_rake([137, 45, 72], 12) == [6, 3, 3]
    assert spread_rake([580, 2055], 112) == [25, 87]


def test_side_pot_paid_to_a_player_not_in_it_is_a_mismatch() -> None:
    paid = [("Hero", 2, "whole", 29, 1), *SIDE_POT_PAID[1:]]
    status, reason = statuses(run(side_pot_hand(paid)))["22865231671"]
    assert status == "mismatch"
    assert reason == "side pot 2: expected Player2 $0.29, history pays Hero $0.29"


def test_rake_moved_between_pots_is_a_mismatch() -> None:
    paid = [
        ("Player2", 2, "whole", 28, 1),
        ("Player0", 1, "whole", 89, 1),
        ("Player0", 0, "whole", 235, 1),
    ]
    status, reason = statuses(run(side_pot_hand(paid)))["22865231671"]
    assert status == "mismatch"
    assert reason.startswith("side pot 1: expected Player0 $0.88, history pays Player0 $0.89")


def heads_up(
    hand_id: str,
    actions: list[tuple],
    collections: list[tuple[str, int | None, str, int, int]],
    total: int,
    rake: int = 0,
    board: str = "2c 7d 9h Ks 4s",
    game: str = "omaha",
    cards: tuple[str | None, str | None] = (None, None),
    stacks: tuple[int, int] = (10_000, 10_000),
) -> Hand:
    return Hand(
        hand_id,
        game,
        1,
        [(1, "Ann", stacks[0], cards[0]), (2, "Bob", stacks[1], cards[1])],
        [act(P, "Ann", "post_sb", 50), act(P, "Bob", "post_bb", 100), *actions],
        collections,
        total,
        rake,
        [board],
        blinds=(50, 100),
    )


def test_pot_limit_sizes_rules_example() -> None:
    """rules.md 4: pot 100 -> max bet 100; facing 100: min raise to 200, max raise to 400."""
    limped = [act(P, "Ann", "call", 50), act(P, "Bob", "check")]

    def flop(hand_id: str, bet: int, raise_to: int) -> Hand:
        return heads_up(
            hand_id,
            [
                *limped,
                act(F, "Bob", "bet", bet),
                act(F, "Ann", "raise", raise_to, raise_to),
                act(F, "Bob", "fold"),
                act(F, "Ann", "return", raise_to - bet),
                act(F, "Ann", "collect", 200 + 2 * bet),
            ],
            [("Ann", None, "whole", 200 + 2 * bet, 1)],
            200 + 2 * bet,
        )

    # pot before the flop is 200 here: max bet 200, facing 200 max raise to 800
    result = statuses(
        run(
            flop("legal", 200, 800),
            flop("over", 201, 600),
            flop("raise_over", 200, 801),
            flop("raise_under", 200, 399),
        )
    )
    assert result["legal"] == ("ok", "")
    assert result["over"] == (
        "illegal_bet",
        "Bob bets to $2.01 on the flop, above the pot-limit maximum $2.00",
    )
    assert result["raise_over"][0] == "illegal_bet"
    assert "above the pot-limit maximum $8.00" in result["raise_over"][1]
    assert result["raise_under"] == (
        "illegal_bet",
        "Ann raises to $3.99 on the flop, below the minimum raise of $2.00",
    )


def test_out_of_turn_action_is_illegal() -> None:
    hand = heads_up(
        "turn",
        [
            act(P, "Bob", "check"),
            act(P, "Ann", "fold"),
            act(P, "Bob", "return", 50),
            act(P, "Bob", "collect", 100),
        ],
        [("Bob", None, "whole", 100, 1)],
        100,
    )
    assert statuses(run(hand))["turn"] == (
        "illegal_bet",
        "Bob checks on the preflop out of turn (seat 1 was still to act)",
    )


def test_split_pot_odd_chip_and_its_other_placement() -> None:
    # Both play the board's straight; 201 chips: the odd one to Bob (first left of button 1)
    board = "9c Tc Jd Qs Kh"
    actions = [
        act(P, "Ann", "call", 50),
        act(P, "Bob", "check"),
        act(F, "Bob", "bet", 101),
        act(F, "Ann", "call", 101),
        act(S, "Bob", "show", cards="2c 3d 4h 5s"),
        act(S, "Ann", "show", cards="2d 3h 4s 5c"),
    ]
    fair = heads_up(
        "fair",
        actions,
        [("Bob", None, "whole", 201, 1), ("Ann", None, "whole", 201, 1)],
        402,
        board=board,
    )
    odd = [
        act(P, "Ann", "call", 50),
        act(P, "Bob", "check"),
        act(S, "Bob", "show", cards="2c 3d 4h 5s"),
        act(S, "Ann", "show", cards="2d 3h 4s 5c"),
    ]
    right = heads_up(
        "right",
        odd,
        [("Bob", None, "whole", 100, 1), ("Ann", None, "whole", 99, 1)],
        200,
        rake=1,
        board=board,
    )
    moved = heads_up(
        "moved",
        odd,
        [("Bob", None, "whole", 99, 1), ("Ann", None, "whole", 100, 1)],
        200,
        rake=1,
        board=board,
    )
    result = statuses(run(fair, right, moved))
    assert result["fair"] == ("ok", "")
    assert result["right"] == ("ok", "")
    assert result["moved"][0] == "odd_chip"
    assert "counted from seat" in result["moved"][1]


def test_unshown_cards_are_unverifiable() -> None:
    actions = [act(P, "Ann", "call", 50), act(P, "Bob", "check")]
    hand = heads_up("dark", actions, [("Bob", None, "whole", 200, 1)], 200)
    status, reason = statuses(run(hand))["dark"]
    assert status == "unverifiable"
    assert reason == "main pot: cards not shown (seats 1, 2)"


def test_mucked_hand_forfeits() -> None:
    actions = [
        act(P, "Ann", "call", 50),
        act(P, "Bob", "check"),
        act(S, "Bob", "show", cards="2c 3d 4h 5s"),
        act(S, "Ann", "muck"),
    ]
    hand = heads_up("muck", actions, [("Bob", None, "whole", 200, 1)], 200)
    assert statuses(run(hand))["muck"] == ("ok", "")


def test_stack_overrun_and_wrong_total_are_mismatches() -> None:
    actions = [
        act(P, "Ann", "raise", 250, 300),
        act(P, "Bob", "fold"),
        act(P, "Ann", "return", 200),
        act(P, "Ann", "collect", 200),
    ]
    hand = heads_up("over", actions, [("Ann", None, "whole", 200, 1)], 200, stacks=(250, 1000))
    status, reason = statuses(run(hand))["over"]
    assert (status, reason) == ("mismatch", "Ann puts in $3.00 with a stack of $2.50")


def test_cash_out_is_recorded_and_not_a_misaward() -> None:
    actions = [
        act(P, "Ann", "raise", 9950, 10_000, True),
        act(P, "Bob", "call", 9900, None, True),
        act(S, "Ann", "show", cards="As Ah Kd Kc"),
        act(S, "Bob", "show", cards="2c 3d 8h 8s"),
    ]
    hand = heads_up("cash", actions, [], 20_000, rake=300, board="Ad 7c 2h Js 5d")
    hand.cash_out = {"Ann": (19_000, 190, 19_700)}
    hand.limit = "NL"
    result = run(hand)
    row = result.audit_hands.to_pylist()[0]
    assert (row["status"], row["reason"]) == ("ok", "")
    assert row["notes"] == "Ann cashed out for $190.00 (fee $1.90); the room kept $197.00"


@pytest.mark.parametrize("limit", ["FL"])
def test_fixed_limit_cap_lifted_heads_up_not_multiway(limit: str) -> None:
    raises = [
        act(P, "Ann", "raise", 150, 200),
        act(P, "Bob", "raise", 200, 300),
        act(P, "Ann", "raise", 200, 400),
        act(P, "Bob", "raise", 200, 500),
        act(P, "Ann", "call", 100),
    ]
    hand = heads_up(
        "hu",
        [
            *raises,
            act(S, "Ann", "show", cards="As Ah Kd Kc"),
            act(S, "Bob", "show", cards="2c 3d 8h 8s"),
        ],
        [("Ann", None, "whole", 1000, 1)],
        1000,
        board="Ad 7c 2h Js 5d",
    )
    hand.limit = limit
    assert statuses(run(hand))["hu"] == ("ok", "")


def test_unshown_pot_paid_to_a_folded_player_is_a_mismatch() -> None:
    hand = Hand(
        "folded_payee", "omaha", 1,
        [(1, "Ann", 10_000, None), (2, "Bob", 10_000, None), (3, "Cy", 10_000, None)],
        [act(P, "Ann", "post_sb", 50), act(P, "Bob", "post_bb", 100), act(P, "Cy", "fold"),
         act(P, "Ann", "call", 50), act(P, "Bob", "check")],
        [("Cy", None, "whole", 200, 1)], 200, 0, ["2c 7d 9h Ks 4s"], blinds=(50, 100),
    )  # fmt: skip
    result = run(hand).audit_hands.to_pylist()[0]
    assert result["status"] == "mismatch"
    assert (
        "a pot whose cards were not all shown is paid to seat 3, who had no claim to it"
        in (result["problems"])
    )
    assert "main pot: cards not shown (seats 1, 2)" in result["problems"]


def test_fixed_limit_sizes_and_cap_multiway() -> None:
    """$1/$2 fixed limit, three players: a fifth bet preflop, and a flop bet of $2."""
    seats = [(1, "Ann", 10_000, None), (2, "Bob", 10_000, None), (3, "Cy", 10_000, None)]
    capped = [
        act(P, "Bob", "post_sb", 50), act(P, "Cy", "post_bb", 100),
        act(P, "Ann", "raise", 200, 200), act(P, "Bob", "raise", 250, 300),
        act(P, "Cy", "raise", 300, 400), act(P, "Ann", "raise", 300, 500),
        act(P, "Bob", "fold"), act(P, "Cy", "fold"), act(P, "Ann", "return", 100),
        act(P, "Ann", "collect", 1100),
    ]  # fmt: skip
    sized = [
        act(P, "Bob", "post_sb", 50), act(P, "Cy", "post_bb", 100), act(P, "Ann", "call", 100),
        act(P, "Bob", "call", 50), act(P, "Cy", "check"), act(F, "Bob", "bet", 200),
        act(F, "Cy", "fold"), act(F, "Ann", "fold"), act(F, "Bob", "return", 200),
        act(F, "Bob", "collect", 300),
    ]  # fmt: skip
    hands = [
        Hand("capped", "omaha", 1, seats, capped, [("Ann", None, "whole", 1100, 1)], 1100, 0,
             [""], blinds=(50, 100), limit="FL"),
        Hand("sized", "omaha", 1, seats, sized, [("Bob", None, "whole", 300, 1)], 300, 0,
             ["2c 7d 9h"], blinds=(50, 100), limit="FL"),
    ]  # fmt: skip
    result = statuses(run(*hands))
    assert result["capped"] == (
        "illegal_bet",
        "Ann makes bet number 5 on the preflop; the cap is 4",
    )
    assert result["sized"] == (
        "illegal_bet",
        "Bob bets by $2.00 on the flop, the fixed-limit bet is $1.00",
    )
