"""Winamax lines the corpus does not show, on a hand written for the test."""

from __future__ import annotations

from ingest.engine.contract import Chunk
from ingest.sites.winamax import SITE

HEADER = (
    'Winamax Poker - HOLD-UP "Colorado" - HandId: #18559747-238220-1687014585 - '
    "Omaha pot limit (0.01€/0.02€) - 2023/06/17 15:09:45 UTC"
)
HOLD_UP = HEADER + """
Table: 'Colorado' 6-max (real money) Seat #1 is the button
Seat 1: Ann (2€)
Seat 2: Bo Li (2€)
*** ANTE/BLINDS ***
Hold-up to Pot: total 0.20€
Ann posts small blind 0.01€
Bo Li posts big blind 0.02€
Dealt to Bo Li [Ah Kd 7c 2s]
*** PRE-FLOP ***
Ann calls 0.01€
Bo Li raises 0.06€ to 0.08€
Ann folds
Bo Li collected 0.30€ from pot
*** SUMMARY ***
Total pot 0.30€ | No rake
Seat 2: Bo Li (big blind) won 0.30€
"""


def test_money_the_room_puts_in_the_pot() -> None:
    """The room adds 0.20€ (counted in the total pot, as GGPoker's cash drop is); Ann puts
    in 0.02€, Bo Li 0.08€ of which 0.06€ is uncalled (Winamax prints no return: it is in
    the 0.30€ collected and in the total pot). The players' pot is 0.04€; Bo Li wins it
    and the room's 0.20€: collected 0.24€ of the pots, +0.22€."""
    result = SITE.parse(Chunk(HOLD_UP.encode(), "w.txt", 0, 1, "utf-8"))
    assert not result.import_errors.num_rows, result.import_errors.to_pylist()
    [hand] = result.hands.to_pylist()
    assert (hand["currency"], hand["total_pot"], hand["room_money_in"], hand["rake"]) == (
        "EUR", 4, 20, 0,
    )  # fmt: skip
    nets = {p["player"]: (p["put_in"], p["returned"], p["collected"], p["net"])
            for p in result.players.to_pylist()}  # fmt: skip
    assert nets == {"Ann": (2, 0, 0, -2), "Bo Li": (8, 6, 24, 22)}
