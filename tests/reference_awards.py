"""A plain, slow reference for who wins how much of every pot, written from the rules alone.

It imports nothing from ``omaha_core`` or ``analysis`` (only the standard library), so a
mistake shared by the audit and the hand generator (which both use ``omaha_core``) shows
as a difference with this module. Everything is done the long way, from
``/work/shared/rules.md``:

- the high hand: every choice of exactly 2 hole cards and exactly 3 of the 5 board cards,
  each 5-card hand ranked by a plain ranking function, the best kept;
- the 8-or-better low: the same choices, kept when the 5 ranks are distinct and 8 or lower
  (ace low; straights and flushes do not matter), the lowest by comparing the ranks from
  the highest down;
- the pots: one level per distinct contribution of a seat still in the hand, each level
  holding every seat's chips (folded seats' too) between it and the level below, won only
  by the live seats that reached it; dead money goes to the main pot; folded chips above
  the top live level go to the top pot (nobody live matched them, nor may take them back);
- the rake: spread over the pots as ``analysis/audit/replay.py::spread_rake`` documents it
  (cumulative rounding: the rake on pots 0..k is ``R * C_k / T`` rounded half up), or
  taken from the main pot first in the rooms that do so (``ingest/rooms.py``);
- the split: each pot (after its rake) with one claimant goes whole to it on board 1;
  a contested pot is divided equally among the boards (odd units to the first boards),
  each board's share between the best high and the best qualifying low (odd unit to the
  high; the high takes all when no claimant has a low), ties share equally and the odd
  units go one at a time to the tied seats first clockwise from the button.

Rows come out as (hand_id, board, pot, half, seat, amount): ``half`` is ``whole`` in
high-only games and for uncontested pots, ``hi``/``lo`` in hi/lo games (``hi`` for the
whole share when no low qualifies), which is the audit's row convention.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

RANK_OF = {char: index + 2 for index, char in enumerate("23456789TJQKA")}
SUITS = "cdhs"

Card = tuple[int, str]  # (rank 2..14, suit)
Row = tuple[str, int, int, str, int, int]  # hand_id, board, pot, half, seat, amount

# game -> (hole cards, hi/lo), from the rules' list of variants
GAME_RULES: dict[str, tuple[int, bool]] = {
    "omaha": (4, False),
    "omaha8": (4, True),
    "omaha5": (5, False),
    "omaha5_8": (5, True),
    "omaha6": (6, False),
    "omaha6_8": (6, True),
    "courchevel": (5, False),
    "courchevel8": (5, True),
}

LOW_QUALIFIER = 8
WHOLE_CHIP = 100  # a tournament chip, in the hundredths tournament amounts are stored in


@dataclass(frozen=True)
class RoomRule:
    """How a room takes its rake and places odd units."""

    rake_main_pot_first: bool = False
    odd_to_high: bool = True
    odd_to_first_board: bool = True


# Rooms whose rules differ from the default (ingest/rooms.py and its corpus evidence).
ROOM_RULES: dict[str, RoomRule] = {
    "Run It Once Poker": RoomRule(rake_main_pot_first=True),
    # 888: "the 2.50 rake all from the 960 main pot, the 120 side pot whole" (#362979074)
    **dict.fromkeys(("888poker", "888.ro", "888poker.ca-on"), RoomRule(rake_main_pot_first=True)),
}


class NotComputable(ValueError):
    """The hand's award cannot be computed: a claimant's cards are unknown or unreadable."""


# Cards and hands ----------------------------------------------------------------------


def parse_cards(text: str) -> list[Card]:
    """``"As 10d 7h"`` -> [(14, 's'), (10, 'd'), (7, 'h')]; ValueError on a bad card."""
    cards: list[Card] = []
    for token in text.split():
        rank_text, suit = token[:-1], token[-1].lower()
        rank_text = "T" if rank_text == "10" else rank_text.upper()
        if rank_text not in RANK_OF or suit not in SUITS or len(rank_text) != 1:
            raise ValueError(f"not a card: {token!r}")
        cards.append((RANK_OF[rank_text], suit))
    return cards


def rank_five(cards: Sequence[Card]) -> tuple[int, ...]:
    """Rank of a 5-card poker hand: (category, tie-breaking ranks...); greater is better.

    Categories: 8 straight flush, 7 four of a kind, 6 full house, 5 flush, 4 straight,
    3 three of a kind, 2 two pair, 1 pair, 0 high card.
    """
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    flush = len({suit for _, suit in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_high = 0
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_high = 5  # A-2-3-4-5, the lowest straight
    if straight_high and flush:
        return (8, straight_high)
    counts = {rank: ranks.count(rank) for rank in distinct}
    # ranks ordered by how many times they appear, then by rank
    grouped = sorted(distinct, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape == [4, 1]:
        return (7, *grouped)
    if shape == [3, 2]:
        return (6, *grouped)
    if flush:
        return (5, *ranks)
    if straight_high:
        return (4, straight_high)
    if shape == [3, 1, 1]:
        return (3, *grouped)
    if shape == [2, 2, 1]:
        return (2, *grouped)
    if shape == [2, 1, 1, 1]:
        return (1, *grouped)
    return (0, *ranks)


def omaha_choices(hole: Sequence[Card], board: Sequence[Card]) -> Iterable[list[Card]]:
    """Every 5-card hand of exactly 2 hole cards and exactly 3 board cards."""
    for two in combinations(hole, 2):
        for three in combinations(board, 3):
            yield [*two, *three]


def best_high(hole: Sequence[Card], board: Sequence[Card]) -> tuple[int, ...]:
    """The best high hand's rank (see :func:`rank_five`)."""
    return max(rank_five(hand) for hand in omaha_choices(hole, board))


def best_low(
    hole: Sequence[Card], board: Sequence[Card], qualifier: int = LOW_QUALIFIER
) -> tuple[int, ...] | None:
    """The best qualifying low as its ranks from the highest down (ace = 1), lower is
    better; None when no low qualifies."""
    lows: list[tuple[int, ...]] = []
    for hand in omaha_choices(hole, board):
        ranks = sorted((1 if rank == 14 else rank for rank, _ in hand), reverse=True)
        if len(set(ranks)) == 5 and ranks[0] <= qualifier:
            lows.append(tuple(ranks))
    return min(lows) if lows else None


# Pots, rake and shares ----------------------------------------------------------------


@dataclass(frozen=True)
class RefPot:
    """A pot: its chips and the live seats that can win it."""

    amount: int
    eligible: tuple[int, ...]


def side_pots(
    contributions: Mapping[int, int], folded: Iterable[int], dead: int = 0
) -> list[RefPot]:
    """Main pot then side pots, from each seat's live chips in the pot."""
    out = set(folded)
    live = sorted(seat for seat, chips in contributions.items() if seat not in out)
    total = sum(contributions.values()) + dead
    levels = sorted({contributions[seat] for seat in live if contributions[seat] > 0})
    if not levels:
        return [RefPot(total, tuple(live))] if total and live else []
    pots: list[RefPot] = []
    below = 0
    for level in levels:
        amount = sum(min(chips, level) - min(chips, below) for chips in contributions.values())
        eligible = tuple(seat for seat in live if contributions[seat] >= level)
        pots.append(RefPot(amount, eligible))
        below = level
    above = sum(chips - below for chips in contributions.values() if chips > below)
    pots[0] = RefPot(pots[0].amount + dead, pots[0].eligible)
    pots[-1] = RefPot(pots[-1].amount + above, pots[-1].eligible)
    return pots


def round_half_up(value: Fraction) -> int:
    """The nearest integer, halves rounded up."""
    return int((value + Fraction(1, 2)) // 1)


def rake_per_pot(amounts: Sequence[int], rake: int, main_first: bool = False) -> list[int]:
    """The rake taken from each pot.

    Cumulative spread: the rake on pots 0..k together is ``rake * C_k / T`` rounded half
    up (C_k: chips in pots 0..k, T: all chips). Main first: each pot pays what it can, in
    order, until the rake is paid.
    """
    total = sum(amounts)
    if not total or not rake:
        return [0 for _ in amounts]
    if main_first:
        taken: list[int] = []
        left = rake
        for amount in amounts:
            taken.append(min(left, amount))
            left -= taken[-1]
        taken[-1] += left
        return taken
    taken = []
    so_far = 0
    chips = 0
    for amount in amounts:
        chips += amount
        through = round_half_up(Fraction(rake * chips, total))
        taken.append(through - so_far)
        so_far = through
    return taken


def clockwise_from(button: int, seats: Iterable[int]) -> list[int]:
    """Seats in the order play goes round from the button's left (the button last)."""
    return sorted(seats, key=lambda seat: (seat <= button, seat))


def share(amount: int, winners: Sequence[int], button: int) -> dict[int, int]:
    """Equal shares of ``amount``; each odd unit to the next winner clockwise from the
    button."""
    order = clockwise_from(button, winners)
    each, odd = divmod(amount, len(order))
    return {seat: each + (1 if index < odd else 0) for index, seat in enumerate(order)}


def board_shares(amount: int, boards: int, odd_to_first: bool = True) -> list[int]:
    """A pot divided equally among ``boards`` boards, odd units to the first (or last)."""
    each, odd = divmod(amount, boards)
    extra = range(odd) if odd_to_first else range(boards - odd, boards)
    return [each + (1 if board in extra else 0) for board in range(boards)]


# Hands --------------------------------------------------------------------------------


@dataclass
class SeatInput:
    """One seat's part in a hand."""

    chips: int  # live chips in the pot: put in, less dead money, less returned
    dead: int = 0
    folded: bool = False
    mucked: bool = False
    cards: str | None = None  # shown cards, else known hole cards
    showed: bool = False  # the history shows the cards


@dataclass
class HandInput:
    """What the reference needs of a hand."""

    hand_id: str
    game: str
    room: str
    button: int  # 0 when the history names no button
    rake: int  # all the room takes off the pots
    boards: list[str]
    seats: dict[int, SeatInput] = field(default_factory=dict)
    unit: int = 1  # what shares are counted in: a whole chip where the hand deals only those


def hand_pots(hand: HandInput) -> list[RefPot]:
    """The hand's pots before the rake (a seat that put no chip in is in none)."""
    contributions = {seat: s.chips for seat, s in hand.seats.items() if s.chips or s.dead}
    folded = [seat for seat, s in hand.seats.items() if s.folded]
    return side_pots(contributions, folded, sum(s.dead for s in hand.seats.values()))


def reference_rows(hand: HandInput) -> list[Row]:
    """Every award of the hand, as rows (hand_id, board, pot, half, seat, amount)."""
    holes, hi_lo = GAME_RULES[hand.game]
    rule = ROOM_RULES.get(hand.room, RoomRule())
    gross = hand_pots(hand)
    cuts = rake_per_pot([pot.amount for pot in gross], hand.rake, rule.rake_main_pot_first)
    rows: list[Row] = []
    for index, (pot, cut) in enumerate(zip(gross, cuts, strict=True)):
        net = pot.amount - cut
        claimants = [seat for seat in pot.eligible if not hand.seats[seat].mucked]
        if net and len(claimants) == 1:
            rows.append((hand.hand_id, 1, index, "whole", claimants[0], net))
        elif net:
            if not claimants or not hand.boards:
                raise NotComputable(f"pot {index}: contested, but nobody shows or no board")
            cards = {seat: _known_cards(hand, seat, holes) for seat in claimants}
            shares = board_shares(net // hand.unit, len(hand.boards), rule.odd_to_first_board)
            for number, amount in enumerate(shares, start=1):
                board = _board(hand, number, cards)
                for half, seat, won in board_awards(cards, board, amount, hi_lo, rule,
                                                    hand.button):  # fmt: skip
                    rows.append((hand.hand_id, number, index, half, seat, won * hand.unit))
    return sorted(rows)


def board_awards(
    cards: Mapping[int, list[Card]], board: list[Card], amount: int, hi_lo: bool,
    rule: RoomRule, button: int,
) -> list[tuple[str, int, int]]:  # fmt: skip
    """(half, seat, amount) of one board's share of a pot among the claimants ``cards``."""
    highs = {seat: best_high(hole, board) for seat, hole in cards.items()}
    high_winners = [seat for seat, value in highs.items() if value == max(highs.values())]
    lows = {seat: best_low(hole, board) for seat, hole in cards.items()} if hi_lo else {}
    qualified = {seat: low for seat, low in lows.items() if low is not None}
    if not hi_lo:
        halves = [("whole", amount, high_winners)]
    elif not qualified:
        halves = [("hi", amount, high_winners)]  # no low: the high takes the whole share
    else:
        low_half = amount // 2 if rule.odd_to_high else amount - amount // 2
        low_winners = [seat for seat, low in qualified.items() if low == min(qualified.values())]
        halves = [("hi", amount - low_half, high_winners), ("lo", low_half, low_winners)]
    return [
        (half, seat, won)
        for half, part, winners in halves
        for seat, won in share(part, winners, button).items()
        if won
    ]


def _board(hand: HandInput, number: int, cards: Mapping[int, list[Card]]) -> list[Card]:
    """Board ``number`` (1-based), checked: 5 cards, none also in a claimant's hand."""
    text = hand.boards[number - 1]
    try:
        board = parse_cards(text)
    except ValueError as exc:
        raise NotComputable(f"board {number}: {exc}") from exc
    dealt = [*board, *(card for hole in cards.values() for card in hole)]
    if len(board) != 5 or len(set(dealt)) != len(dealt):
        raise NotComputable(f"board {number}: {text!r} is not 5 cards apart from the hands")
    return board


def _known_cards(hand: HandInput, seat: int, holes: int) -> list[Card]:
    text = hand.seats[seat].cards
    if text is None:
        raise NotComputable(f"seat {seat}: cards not known")
    try:
        cards = parse_cards(text)
    except ValueError as exc:
        raise NotComputable(f"seat {seat}: {exc}") from exc
    if len(cards) != holes or len(set(cards)) != holes:
        raise NotComputable(f"seat {seat}: {text!r} is not {holes} hole cards")
    return cards


# From the importer's rows ----------------------------------------------------------------


def hand_inputs(
    hands: Iterable[Mapping[str, object]],
    players: Iterable[Mapping[str, object]],
    actions: Iterable[Mapping[str, object]],
) -> dict[str, HandInput]:
    """Hand id -> :class:`HandInput`, from plain rows of the hands, players and actions
    tables (``to_pylist()``). The rake is the room's whole take: rake, jackpot fee and tax
    less any money the room put in. A tournament hand (in hundredths of a chip) of no rake
    whose every stack and chip put in, returned or collected is a whole chip is shared in
    whole chips."""
    out: dict[str, HandInput] = {}
    for row in hands:
        take = sum(_int(row[name]) for name in ("rake", "jackpot_fee", "tax"))
        if str(row["hand_id"]) in out:
            raise ValueError(f"hand id {row['hand_id']} appears twice: the rows would mix")
        out[str(row["hand_id"])] = HandInput(
            hand_id=str(row["hand_id"]),
            game=str(row["game"]),
            room=str(row["room"]),
            button=_int(row["button_seat"]),
            rake=take - _int(row["room_money_in"]),
            boards=[str(board) for board in _list(row["boards"])],
            unit=WHOLE_CHIP if row["currency"] == "chips" and take == 0 else 1,
        )
    dead: dict[tuple[str, int], int] = {}
    flags: dict[tuple[str, int], set[str]] = {}
    shown: dict[tuple[str, int], str] = {}
    for row in actions:
        if row["seat"] is None or str(row["hand_id"]) not in out:
            continue
        key = (str(row["hand_id"]), _int(row["seat"]))
        dead[key] = dead.get(key, 0) + _int(row["dead"])
        flags.setdefault(key, set()).add(str(row["kind"]))
        if row["kind"] == "show" and key not in shown and row["cards"] is not None:
            shown[key] = str(row["cards"])
    for row in players:
        hand = out.get(str(row["hand_id"]))
        if hand is None:
            continue
        seat = _int(row["seat"])
        key = (hand.hand_id, seat)
        seat_dead = dead.get(key, 0)
        kinds = flags.get(key, set())
        hole = row["hole_cards"]
        amounts = (row[name] for name in ("stack", "put_in", "returned", "collected"))
        if any(_int(amount) % WHOLE_CHIP for amount in amounts):
            hand.unit = 1
        hand.seats[seat] = SeatInput(
            chips=_int(row["put_in"]) - seat_dead - _int(row["returned"]),
            dead=seat_dead,
            folded="fold" in kinds,
            mucked="muck" in kinds,
            cards=shown.get(key, None if hole is None else str(hole)),
            showed=key in shown,
        )
    return out


def showed_all(hand: HandInput) -> bool:
    """Whether every seat still in the hand with chips in it showed its cards (or it was
    the only one)."""
    live = [s for s in hand.seats.values() if not s.folded and (s.chips or s.dead)]
    return len(live) <= 1 or all(s.showed for s in live)


def _int(value: object) -> int:
    if value is None:
        return 0
    assert isinstance(value, int), value
    return value


def _list(value: object) -> list[object]:
    assert isinstance(value, list), value
    return value
