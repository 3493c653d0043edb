"""Hand-made Arrow tables for audit tests: one compact description per hand."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

import pyarrow as pa

from ingest import schemas
from ingest.money import units_per_currency
from omaha_core.games import GAMES

BET = {"post_sb", "post_bb", "post_dead", "post_sb_bb", "ante", "straddle", "call", "bet", "raise"}


@dataclass
class Hand:
    """A hand as the parser would give it; actions are (street, player, kind, amount, ...)."""

    hand_id: str
    game: str
    button: int
    seats: list[tuple[int, str, int, str | None]]  # seat, player, stack, hole cards
    actions: list[tuple[str, str, str, int, int | None, bool, str | None, int | None]]
    collections: list[tuple[str, int | None, str, int, int]]  # player, pot, half, amount, board
    total_pot: int
    rake: int
    boards: list[str]
    blinds: tuple[int, int] = (1, 2)
    limit: str = "PL"
    currency: str = "USD"
    site: str = "pokerstars"
    cash_out: dict[str, tuple[int, int, int]] = field(default_factory=dict)  # cashed, fee, kept


def act(
    street: str,
    player: str,
    kind: str,
    amount: int = 0,
    raise_to: int | None = None,
    all_in: bool = False,
    cards: str | None = None,
    board: int | None = None,
) -> tuple[str, str, str, int, int | None, bool, str | None, int | None]:
    """One action row in the compact form."""
    return (street, player, kind, amount, raise_to, all_in, cards, board)


def tables(hands: list[Hand]) -> dict[str, pa.Table]:
    """The four hand tables for the hands, built against the ingest schemas."""
    rows: dict[str, list[dict[str, object]]] = {
        "hands": [],
        "players": [],
        "actions": [],
        "collections": [],
    }
    for hand in hands:
        game = GAMES[hand.game]
        seat_of = {name: seat for seat, name, _, _ in hand.seats}
        rows["hands"].append(
            {
                "site": hand.site,
                "room": "PokerStars",
                "hand_id": hand.hand_id,
                "game": hand.game,
                "variant": "courchevel" if game.courchevel else "omaha",
                "hi_lo": game.hi_lo,
                "hole_cards_count": game.hole_cards,
                "limit_type": hand.limit,
                "currency": hand.currency,
                "units_per_currency": units_per_currency(hand.currency),
                "small_blind": hand.blinds[0],
                "big_blind": hand.blinds[1],
                "ante": 0,
                "is_tournament": False,
                "tournament_id": None,
                "level": None,
                "table_name": "T",
                "max_seats": 9,
                "button_seat": hand.button,
                "started_at": dt.datetime(2020, 1, 1, tzinfo=dt.UTC),
                "boards": hand.boards,
                "total_pot": hand.total_pot,
                "rake": hand.rake,
                "jackpot_fee": 0,
                "tax": 0,
                "room_money_in": 0,
                "raise_reading": "total",
                "inconsistencies": [],
                "uncalled_inferred": 0,
                "cash_out_fee": sum(fee for _, fee, _ in hand.cash_out.values()),
                "source_file": "test",
                "byte_offset": 0,
            }
        )
        put_in = dict.fromkeys(seat_of, 0)
        returned = dict.fromkeys(seat_of, 0)
        collected = dict.fromkeys(seat_of, 0)
        for seq, (street, player, kind, amount, raise_to, all_in, cards, board) in enumerate(
            hand.actions
        ):
            if kind in BET:
                put_in[player] += amount
            if kind == "return":
                returned[player] += amount
            rows["actions"].append(
                {
                    "site": hand.site,
                    "hand_id": hand.hand_id,
                    "seq": seq,
                    "street": street,
                    "seat": seat_of[player],
                    "player": player,
                    "kind": kind,
                    "amount": amount,
                    "raise_to": raise_to,
                    "dead": 0,
                    "all_in": all_in,
                    "cards": cards,
                    "board": board,
                }
            )
        for player, pot, half, amount, board in hand.collections:
            collected[player] += amount
            rows["collections"].append(
                {
                    "site": hand.site,
                    "hand_id": hand.hand_id,
                    "seat": seat_of[player],
                    "player": player,
                    "board": board,
                    "pot": pot,
                    "half": half,
                    "amount": amount,
                }
            )
        for seat, player, stack, cards in hand.seats:
            cashed, fee, kept = hand.cash_out.get(player, (0, 0, 0))
            rows["players"].append(
                {
                    "site": hand.site,
                    "hand_id": hand.hand_id,
                    "seat": seat,
                    "player": player,
                    "stack": stack,
                    "position": None,
                    "is_hero": False,
                    "sitting_out": False,
                    "hole_cards": cards,
                    "put_in": put_in[player],
                    "returned": returned[player],
                    "collected": collected[player],
                    "cashed_out": cashed,
                    "cash_out_fee": fee,
                    "not_awarded": kept,
                    "insurance": 0,
                    "net": collected[player] + cashed - put_in[player] + returned[player],
                }
            )
    return {
        name: pa.Table.from_pylist(data, schema=schemas.TABLES[name]) for name, data in rows.items()
    }
