"""Award pots to the winning seats, given hand values already computed.

Hand values are plain ints, greater = better, for the high and for the low alike; a low
value of 0 means no qualifying low. The odd-chip rule is an explicit parameter because
rooms differ, and the audit must tell an odd-unit difference from a misaward.

Row convention (one row per board, pot, half and seat with a positive amount):

- ``Half.WHOLE``: the pot is not split in halves: high-only games, and uncontested pots
  (a single eligible seat, awarded on board 1 without evaluation).
- ``Half.HI`` / ``Half.LO``: the high and low halves of a hi/lo pot. When no seat
  eligible for the pot has a qualifying low on a board, the high takes that board's whole
  share and only ``Half.HI`` rows are written, for the full amount.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import pyarrow as pa

from omaha_core.pots import Pot


class Half(StrEnum):
    """Which part of a pot an award row carries."""

    HI = "hi"
    LO = "lo"
    WHOLE = "whole"


@dataclass(frozen=True, slots=True)
class OddChipRule:
    """Where indivisible units go; a room's rule, recorded per site.

    Among tied players the odd unit(s) always go one at a time to the first tied players
    clockwise from the button: seats after the button in ascending order, wrapping
    around, the button itself last.
    """

    odd_to_high: bool = True
    """Odd unit of a hi/lo split goes to the high half (False: to the low half)."""
    odd_to_first_board: bool = True
    """Odd units of a pot divided among boards go to the first boards (False: the last)."""


DEFAULT_ODD_CHIP_RULE = OddChipRule()


@dataclass(frozen=True, order=True, slots=True)
class Award:
    """One award row: board (1-based), pot (0 = main), half, seat and amount."""

    board: int
    pot: int
    half: Half
    seat: int
    amount: int


AWARD_SCHEMA = pa.schema(
    [
        pa.field("board", pa.int8(), nullable=False),
        pa.field("pot", pa.int8(), nullable=False),
        pa.field("half", pa.string(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("amount", pa.int64(), nullable=False),
    ]
)


def award_pots(
    pots: Sequence[Pot],
    hi_values: Sequence[Mapping[int, int]],
    lo_values: Sequence[Mapping[int, int]] | None,
    button_seat: int,
    rule: OddChipRule = DEFAULT_ODD_CHIP_RULE,
    unit: int = 1,
) -> list[Award]:
    """Award every pot; rows sorted by (board, pot, half, seat).

    hi_values[b]: seat -> high value on board b+1 for every seat that reached showdown
    with known cards; lo_values likewise for hi/lo games (0 = no qualifying low), None
    for high-only games. A seat eligible for a pot but absent from hi_values has
    forfeited (mucked) it. A pot with one eligible seat goes whole to it on board 1
    without evaluation. Every contested pot is divided equally among the boards, the
    odd units to the first boards (or the last, per the rule); on each board it goes to
    the best high (hi-only, ``Half.WHOLE``) or half to the best high and half to the best
    qualifying low among the pot's eligible seats (``Half.HI``/``Half.LO``, the odd unit
    per the rule), the high taking all when none of them has a low. Tied seats share
    equally, odd units one at a time clockwise from the button. ``unit`` is the least
    amount the hand is dealt in (a whole chip of a tournament counted in hundredths): the
    pots are divided in whole units, the odd units being such units. The amounts always
    sum to the pots' total. Raises ValueError when a contested pot has no eligible seat
    with a value on some board, when a pot is not a whole number of units, or when
    lo_values does not have one mapping per board.

    Two equal lows quarter a hi/lo pot of 101; the odd unit goes to the high half:

    >>> hi, lo = [{1: 9, 2: 5, 3: 7}], [{1: 0, 2: 40, 3: 40}]
    >>> award_pots([Pot(101, (1, 2, 3))], hi, lo, button_seat=3)  # doctest: +NORMALIZE_WHITESPACE
    [Award(board=1, pot=0, half=<Half.HI: 'hi'>, seat=1, amount=51),
     Award(board=1, pot=0, half=<Half.LO: 'lo'>, seat=2, amount=25),
     Award(board=1, pot=0, half=<Half.LO: 'lo'>, seat=3, amount=25)]

    The same pot of 101 whole chips, counted in hundredths: the odd chip goes whole.

    >>> [a.amount for a in award_pots([Pot(10100, (1, 2, 3))], hi, lo, 3, unit=100)]
    [5100, 2500, 2500]
    """
    if any(pot.amount % unit for pot in pots):
        raise ValueError(f"a pot is not a whole number of units of {unit}")
    if unit != 1:
        whole = [Pot(pot.amount // unit, pot.eligible) for pot in pots]
        return [Award(a.board, a.pot, a.half, a.seat, a.amount * unit)
                for a in award_pots(whole, hi_values, lo_values, button_seat, rule)]  # fmt: skip
    boards = len(hi_values)
    if lo_values is not None and len(lo_values) != boards:
        raise ValueError(f"{len(lo_values)} low value maps for {boards} boards")
    awards: list[Award] = []
    # At least one pass, so uncontested pots are awarded even with no board evaluated.
    for board in range(max(boards, 1)):
        for pot_index, pot in enumerate(pots):
            if not pot.amount:
                continue
            if len(pot.eligible) == 1:
                if board == 0:
                    awards.append(Award(1, pot_index, Half.WHOLE, pot.eligible[0], pot.amount))
                continue
            if not boards:
                raise ValueError(f"pot {pot_index} is contested but no board was evaluated")
            share, odd = divmod(pot.amount, boards)
            if odd and (board < odd if rule.odd_to_first_board else board >= boards - odd):
                share += 1
            hi = hi_values[board]
            contenders = [seat for seat in pot.eligible if seat in hi]
            if not contenders:
                raise ValueError(
                    f"pot {pot_index} on board {board + 1}: no eligible seat {pot.eligible} "
                    "showed a hand"
                )
            winners_hi = _best(contenders, hi)
            if lo_values is None:
                _split(awards, board + 1, pot_index, Half.WHOLE, winners_hi, share, button_seat)
                continue
            lo = lo_values[board]
            lows = [seat for seat in contenders if lo.get(seat, 0) > 0]
            if not lows:
                _split(awards, board + 1, pot_index, Half.HI, winners_hi, share, button_seat)
                continue
            lo_share = share // 2 if rule.odd_to_high else share - share // 2
            _split(awards, board + 1, pot_index, Half.HI, winners_hi, share - lo_share, button_seat)
            _split(awards, board + 1, pot_index, Half.LO, _best(lows, lo), lo_share, button_seat)
    return awards


def _best(seats: list[int], values: Mapping[int, int]) -> list[int]:
    """The seats (in the given ascending order) holding the greatest value."""
    top = max(values[seat] for seat in seats)
    return [seat for seat in seats if values[seat] == top]


def _split(
    awards: list[Award], board: int, pot: int, half: Half, winners: list[int], amount: int,
    button_seat: int,
) -> None:
    """Append equal shares of amount to the winners, odd units clockwise from the button."""
    share, odd = divmod(amount, len(winners))
    if not odd:
        if share:
            awards.extend(Award(board, pot, half, seat, share) for seat in winners)
        return
    # Seats after the button come first (ascending), then the wrap-around, button last.
    lucky = sorted(winners, key=lambda seat: (seat <= button_seat, seat))[:odd]
    for seat in winners:
        amount_for_seat = share + 1 if seat in lucky else share
        if amount_for_seat:
            awards.append(Award(board, pot, half, seat, amount_for_seat))


def awards_to_arrow(awards: Sequence[Award]) -> pa.Table:
    """The award rows as an Arrow table with AWARD_SCHEMA."""
    return pa.table(
        {
            "board": [award.board for award in awards],
            "pot": [award.pot for award in awards],
            "half": [award.half.value for award in awards],
            "seat": [award.seat for award in awards],
            "amount": [award.amount for award in awards],
        },
        schema=AWARD_SCHEMA,
    )
