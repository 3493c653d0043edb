"""A room the engine has never seen, added as data only: its grammar, in this file.

"Example Poker" writes the PokerStars layout with its own header (hand numbers with
letters, euros with the sign after the amount), stacks written "(12.50€)", no colon after
the player, and "raises to X". Nothing in ``ingest/engine`` knows it.
"""

from __future__ import annotations

from ingest.engine.contract import Chunk
from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite

EXAMPLE = TextSite(
    Grammar(
        site="example",
        header_starts=("Example Poker game #",),
        hand_id_class="[0-9A-Z]",
        hand_id_end=":",
        header=r"^(?P<room>Example Poker) game #: (?P<game>.+) \((?P<sb>[^/]+)/(?P<bb>[^)]+)\)$",
        games=r"^(?P<variant>Omaha)(?P<hi_lo> Hi/Lo)? (?P<limit>PL|NL)$",
        limits={"PL": "PL", "NL": "NL"},
        rooms={"Example Poker": "Example Poker"},
        actions=compile_actions({
            "{player} posts small blind {amount}": "post_sb",
            "{player} posts big blind {amount}": "post_bb",
            "{player} folds": "fold",
            "{player} checks": "check",
            "{player} calls {amount}": "call",
            "{player} bets {amount}": "bet",
            "{player} raises to {to}": "raise",
            "{player} shows [{cards}]": "show",
        }),
        totals={"| Rake ": "rake"},
        stack_suffix="",
    ),
    __file__,
)

HAND = """\
Example Poker game #X7: Omaha Hi/Lo PL (0.50€/1€) - 2025/03/04 05:06:07 UTC
Table 'Lille' 6-max Seat #2 is the button
Seat 1: Ann Marie (100€)
Seat 2: Bo (50.50€)
Seat 3: Cy (80€)
Bo posts small blind 0.50€
Cy posts big blind 1€
*** HOLE CARDS ***
Dealt to Ann Marie [Ah 2h 3c Kd]
Ann Marie raises to 3.50€
Bo folds
Cy calls 2.50€
*** FLOP *** [4h 5d Qs]
Cy checks
Ann Marie bets 5€
Cy folds
Uncalled bet (5€) returned to Ann Marie
Ann Marie collected 7.20€ from pot
*** SUMMARY ***
Total pot 7.50€ | Rake 0.30€
Board [4h 5d Qs]
Seat 1: Ann Marie collected (7.20€)
"""


def test_a_room_added_as_data_only() -> None:
    assert EXAMPLE.detect(HAND.encode())
    result = EXAMPLE.parse(Chunk(HAND.encode(), "example.txt", 0, 1, "utf-8"))
    assert not result.import_errors.num_rows, result.import_errors.to_pylist()
    [hand] = result.hands.to_pylist()
    assert (hand["site"], hand["room"], hand["hand_id"], hand["game"], hand["currency"]) == (
        "example", "Example Poker", "X7", "omaha8", "EUR",
    )  # fmt: skip
    assert (hand["small_blind"], hand["big_blind"], hand["total_pot"], hand["rake"]) == (
        50, 100, 750, 30,
    )  # fmt: skip
    players = {p["player"]: p for p in result.players.to_pylist()}
    # Ann Marie: 3.50 + 5 in, 5 back, 7.20 collected: +3.70; Bo -0.50; Cy -3.50 (rake 0.30)
    assert {name: p["net"] for name, p in players.items()} == {
        "Ann Marie": 370, "Bo": -50, "Cy": -350,
    }  # fmt: skip
    assert players["Ann Marie"]["is_hero"] and players["Ann Marie"]["hole_cards"] == "Ah 2h 3c Kd"
    kinds = [(a["player"], a["kind"], a["amount"]) for a in result.actions.to_pylist()]
    assert ("Ann Marie", "raise", 350) in kinds and ("Cy", "call", 250) in kinds
