"""Antes a hand paid that its file leaves out, worked out of the pot it writes.

Boss's tournament files of 2011 write no ante, yet from some level on every player dealt
in paid one: the pot the first board writes (``HAND_BOARD POT``) is above what the posts
and bets before it put in by the same whole number of chips per player dealt in, and each
stack is written after its ante (a player all in for his written stack). Where the hand
writes no ante and its first pot is so above the betting, each player dealt in paid that
ante; where it is not (the rest cannot be shared equally in whole chips), the hand is
left as written, to fail the checks of its money (see ``XmlFormat.unwritten_antes``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ingest.engine.grammar import KIND_CODE

_LIVE = (KIND_CODE["post_sb"], KIND_CODE["post_bb"], KIND_CODE["bet"])
_DEAD = (KIND_CODE["ante"], KIND_CODE["post_dead"])
_CALL, _RAISE, _BOTH = KIND_CODE["call"], KIND_CODE["raise"], KIND_CODE["post_sb_bb"]
_WHOLE_CHIP = 100  # hundredths


def first_pot(elements: Sequence[Mapping[str, str]], pot: str, take: Sequence[str],
              read: Callable[[str | None], int]) -> int | None:  # fmt: skip
    """The pot the hand's first element writing one (by its ``pot`` attribute) says, with
    the room's take so far (its ``take`` attributes), in hundredths (None: none written, or
    unreadable). ``read`` reads an amount (``xml_values.amount_of`` bound to the hand)."""
    for attrs in elements:
        if pot in attrs:
            amounts = [read(attrs.get(name)) for name in (pot, *take) if name in attrs]
            return sum(amounts) if min(amounts) >= 0 else None
    return None


def preflop_pot(events: Sequence[Mapping[str, object]], big_blind: int) -> int:
    """What the hand's posts and bets before the flop leave in the pot: each player's
    street total up to the second highest (the rest comes back, uncalled), and what they
    posted dead."""
    totals: dict[str, int] = {}
    dead = 0
    for event in events:
        if int(event["street"]) > 1:  # type: ignore[call-overload]
            continue
        code, value = int(event["code"]), int(event["value_h"])  # type: ignore[call-overload]
        player = str(event["player"])
        total = totals.get(player, 0)
        if value < 0:
            continue
        if code in _DEAD:
            dead += value
        elif code == _BOTH:
            live = min(value, big_blind) if big_blind > 0 else value
            totals[player], dead = total + live, dead + value - live
        elif code in _LIVE or code in (_CALL, _RAISE):
            adds_to = bool(event["to_total"]) or (code == _RAISE and not event["adds"])
            totals[player] = max(total, value) if adds_to else total + value
    ordered = sorted(totals.values(), reverse=True)
    second = ordered[1] if len(ordered) > 1 else 0
    return dead + sum(min(total, second) for total in ordered)


def unwritten_ante(events: Sequence[Mapping[str, object]], dealt: int, pot: int | None,
                   big_blind: int) -> int:  # fmt: skip
    """The ante each of the ``dealt`` players paid that the hand's ``events`` leave out:
    its first written ``pot`` less what the betting before it puts in, shared equally in
    whole chips (0: none written, none missing, or none that fits)."""
    if pot is None or dealt <= 0:
        return 0
    missing = pot - preflop_pot(events, big_blind)
    if missing <= 0 or missing % dealt or (missing // dealt) % _WHOLE_CHIP:
        return 0
    return missing // dealt
