"""Hand-made rows of the stored tables, for report tests that do not need the parser."""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass, field

import duckdb
import pyarrow as pa

from ingest import schemas
from ingest.money import units_per_currency
from ingest.store import create_table_sql

MONEY_KINDS = ("post_sb", "post_bb", "post_dead", "call", "bet", "raise")
BOARDS = {"preflop": "", "flop": "2c 3d 4h", "turn": "2c 3d 4h 5s", "river": "2c 3d 4h 5s 6s"}
START = dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.UTC)


@dataclass
class HandRows:
    """One hand: seats (seat, player, position, hole cards) and actions (street, player, kind,
    amount); put_in, returned, collected and net follow from the actions."""

    hand_id: str
    seats: list[tuple[int, str, str, str | None]]
    actions: list[tuple[str, str, str, int]]
    board: str = ""
    rake: int = 0
    big_blind: int = 2
    game: str = "omaha"
    minute: int = 0
    hero: str | None = None
    extra: dict[str, object] = field(default_factory=dict)


def _rows(hand: HandRows) -> dict[str, list[dict[str, object]]]:
    seat_of = {name: seat for seat, name, _, _ in hand.seats}
    put_in = dict.fromkeys(seat_of, 0)
    returned = dict.fromkeys(seat_of, 0)
    collected = dict.fromkeys(seat_of, 0)
    actions = []
    for seq, (street, player, kind, amount) in enumerate(hand.actions):
        if kind in MONEY_KINDS:
            put_in[player] += amount
        elif kind == "return":
            returned[player] += amount
        elif kind == "collect":
            collected[player] += amount
        actions.append(
            {
                "site": "test", "hand_id": hand.hand_id, "seq": seq, "street": street,
                "seat": seat_of[player], "player": player, "kind": kind, "amount": amount,
                "raise_to": None, "dead": 0, "all_in": False, "cards": None, "board": None,
            }
        )  # fmt: skip
    pot = sum(put_in.values()) - sum(returned.values())
    assert sum(collected.values()) == pot - hand.rake, f"{hand.hand_id}: collections != pot - rake"
    hands = {
        "site": "test", "room": "Test", "hand_id": hand.hand_id, "game": hand.game,
        "variant": "omaha", "hi_lo": hand.game.endswith("8"), "hole_cards_count": 4,
        "limit_type": "PL", "currency": "USD", "units_per_currency": 100,
        "small_blind": hand.big_blind // 2, "big_blind": hand.big_blind, "ante": 0,
        "is_tournament": False, "tournament_id": None, "level": None, "table_name": "T",
        "max_seats": 6, "button_seat": None,
        "started_at": START + dt.timedelta(minutes=hand.minute),
        "boards": [hand.board] if hand.board else [], "total_pot": pot, "rake": hand.rake,
        "jackpot_fee": 0, "tax": 0, "room_money_in": 0, "cash_out_fee": 0, "raise_reading": "total",
        "inconsistencies": [], "uncalled_inferred": 0,
        "source_file": "made.txt", "byte_offset": 0,
    }  # fmt: skip
    hands.update(hand.extra)
    players = [
        {
            "site": "test", "hand_id": hand.hand_id, "seat": seat, "player": name,
            "stack": 1000, "position": position, "is_hero": name == hand.hero,
            "sitting_out": False, "hole_cards": cards, "put_in": put_in[name],
            "returned": returned[name], "collected": collected[name], "cashed_out": 0,
            "cash_out_fee": 0, "not_awarded": 0, "insurance": 0,
            "net": collected[name] - put_in[name] + returned[name],
        }
        for seat, name, position, cards in hand.seats
    ]  # fmt: skip
    return {"hands": [hands], "players": players, "actions": actions, "collections": []}


def database(hands: list[HandRows], path: str = ":memory:") -> duckdb.DuckDBPyConnection:
    """A database (in memory unless ``path`` is given) with the stored tables holding ``hands``."""
    con = duckdb.connect(path)
    for name, schema in schemas.TABLES.items():
        con.execute(create_table_sql(name, schema))
    rows: dict[str, list[dict[str, object]]] = {name: [] for name in schemas.TABLES}
    for hand in hands:
        for name, table_rows in _rows(hand).items():
            rows[name].extend(table_rows)
    for name, table_rows in rows.items():
        if table_rows:
            batch = pa.Table.from_pylist(table_rows, schema=schemas.TABLES[name])
            con.register("batch", batch)
            con.execute(f"INSERT INTO {name} SELECT * FROM batch")
            con.unregister("batch")
    return con


def random_hand(rng: random.Random, hand_id: str, minute: int) -> HandRows:
    """A pot-limit-free but well-formed random hand: blinds, rounds of fold, check, call, bet
    and raise until every street closes, then a split of the pot, less a random rake."""
    count = rng.randint(2, 6)
    names = [f"p{i}" for i in range(count)]
    positions = (["BTN", "SB", "BB", "UTG", "MP", "CO"] if count > 2 else ["SB", "BB"])[:count]
    actions: list[tuple[str, str, str, int]] = []
    put = dict.fromkeys(names, 0)
    order = [names[positions.index(p)] for p in ("SB", "BB")]
    order += [n for n in names if n not in order]
    for name, kind, amount in ((order[0], "post_sb", 1), (order[1], "post_bb", 2)):
        actions.append(("preflop", name, kind, amount))
        put[name] += amount
    live = list(order)
    board = ""
    for street in ("preflop", "flop", "turn", "river"):
        board = BOARDS[street]
        bet = {n: 0 for n in live} if street != "preflop" else {n: put[n] for n in live}
        to_call = max(bet.values())
        turn = list(live[2:] + live[:2]) if street == "preflop" else list(live)
        pending = list(turn)
        raises = 0
        while pending and len(live) > 1:
            name = pending.pop(0)
            if name not in live:
                continue
            facing = to_call - bet[name]
            choice = rng.choice(["fold", "call", "raise"] if facing else ["check", "bet"])
            if choice == "raise" and raises >= 3:
                choice = "call"
            if choice == "fold":
                live.remove(name)
                actions.append((street, name, "fold", 0))
                continue
            amount = 0
            if choice == "call":
                amount = facing
            elif choice in ("bet", "raise"):
                amount = facing + rng.randint(1, 5) * 2
                raises += 1
            bet[name] += amount
            put[name] += amount
            actions.append((street, name, choice, amount))
            if bet[name] > to_call:
                to_call = bet[name]
                pending = [n for n in turn if n in live and n != name]
        if len(live) == 1:
            break
    pot = sum(put.values())
    rake = rng.randint(0, pot // 10)
    winners = live if len(live) == 1 else rng.sample(live, rng.randint(1, len(live)))
    share, odd = divmod(pot - rake, len(winners))
    for i, name in enumerate(winners):
        actions.append(("showdown", name, "collect", share + (1 if i < odd else 0)))
    seats = [(i + 1, name, positions[i], None) for i, name in enumerate(names)]
    return HandRows(hand_id, seats, actions, board=board, rake=rake, minute=minute)


def priced(hand: HandRows, currency: str, table: str = "T") -> HandRows:
    """``hand`` played in ``currency`` at ``table`` (``chips``: a tournament hand)."""
    tournament = currency == "chips"
    hand.extra = {
        **hand.extra, "currency": currency, "units_per_currency": units_per_currency(currency),
        "is_tournament": tournament, "tournament_id": "77" if tournament else None,
        "table_name": table,
    }  # fmt: skip
    return hand


def player_nets(hand: HandRows) -> dict[str, int]:
    """Each player's net in ``hand``, from its actions."""
    return {str(row["player"]): int(str(row["net"])) for row in _rows(hand)["players"]}
