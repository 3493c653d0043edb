"""Main and side pots from each seat's chips in the pot.

Money is integer minor units. The functions take plain mappings (seat -> chips) so the
replay and the audit can call them per hand without building intermediate objects.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that can win it (ascending)."""

    amount: int
    eligible: tuple[int, ...]


def uncalled_bet(put_in: Mapping[int, int], folded: Collection[int]) -> tuple[int, int] | None:
    """(seat, amount) of the part of the largest contribution nobody else matched.

    Folded players' chips count as matching: a bet called and then folded to is called.
    Returns None when the largest contribution is matched (or shared by two seats), and
    when its owner folded, since a folded player's chips are never given back.

    >>> uncalled_bet({1: 100, 2: 40, 3: 60}, folded={3})
    (1, 40)
    >>> uncalled_bet({1: 100, 2: 100}, folded=()) is None
    True
    """
    top_seat = -1
    top = second = 0
    for seat, chips in put_in.items():
        if chips > top:
            top_seat, top, second = seat, chips, top
        elif chips > second:
            second = chips
    if top == second or top_seat in folded:
        return None
    return top_seat, top - second


def build_pots(put_in: Mapping[int, int], folded: Collection[int], dead: int = 0) -> list[Pot]:
    """Main pot first, then side pots.

    put_in: each seat's live chips in the pot, uncalled bets already returned. Folded
    players' chips go into the pots but they are eligible for none. dead: dead money
    (dead small blinds, antes when the caller counts them so) added to the main pot.

    Levels are cut only at the contributions of seats still in the hand, so adjacent
    levels with identical eligible sets come out as one pot. Folded chips above every
    live contribution join the last pot (nobody live could have matched them; they go
    to whoever wins the top pot). With no live contribution above zero, everything is
    one pot for all live seats. Raises ValueError on negative chips, and when chips are
    in the pot but every seat has folded.

    >>> build_pots({1: 50, 2: 100, 3: 100, 4: 30}, folded={4}, dead=5)
    [Pot(amount=185, eligible=(1, 2, 3)), Pot(amount=100, eligible=(2, 3))]
    """
    chips_in = list(put_in.values())
    if dead < 0 or min(chips_in, default=0) < 0:
        raise ValueError(f"negative chips in the pot: put_in={dict(put_in)}, dead={dead}")
    live = sorted(seat for seat in put_in if seat not in folded)
    total = sum(chips_in) + dead
    if not live:
        if total:
            raise ValueError(f"{total} chips in the pot but every seat has folded")
        return []
    levels = sorted({put_in[seat] for seat in live if put_in[seat] > 0})
    if not levels:
        return [Pot(total, tuple(live))] if total else []
    amounts: list[int] = []
    eligibles: list[tuple[int, ...]] = []
    capped_below = 0  # chips in the pot up to the previous level
    for level in levels:
        capped = sum(chips if chips < level else level for chips in chips_in)
        amounts.append(capped - capped_below)
        eligibles.append(tuple(seat for seat in live if put_in[seat] >= level))
        capped_below = capped
    amounts[0] += dead
    amounts[-1] += total - dead - capped_below
    return [Pot(amount, eligible) for amount, eligible in zip(amounts, eligibles, strict=True)]
