"""Arrow schemas of every table the importer writes (and DuckDB stores under the same names).

Amounts are integers in the smallest unit: cents for real-money games, chips for
tournaments and play money. Times are UTC. Streets are named ``preflop``, ``flop``,
``turn``, ``river``; ``board`` numbers start at 1 (2 and 3 for run-it-twice/thrice).
"""

from __future__ import annotations

import pyarrow as pa

UTC_TIME = pa.timestamp("us", tz="UTC")

HANDS = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),  # the file format
        pa.field("room", pa.string(), nullable=False),  # the room or skin that wrote the hand
        pa.field("hand_id", pa.string(), nullable=False),
        # omaha, omaha8, omaha5, omaha5_8, omaha6, omaha6_8, courchevel, courchevel8
        pa.field("game", pa.string(), nullable=False),
        pa.field("variant", pa.string(), nullable=False),  # omaha | courchevel
        pa.field("hi_lo", pa.bool_(), nullable=False),
        pa.field("hole_cards_count", pa.int8(), nullable=False),
        pa.field("limit_type", pa.string(), nullable=False),  # PL | NL | FL
        pa.field("currency", pa.string(), nullable=False),  # USD, EUR, ..., chips, play
        # smallest units per unit of the currency (100: cents, hundredths of a chip or mBTC)
        pa.field("units_per_currency", pa.int32(), nullable=False),
        # the stakes as the header writes them: the blinds in pot- and no-limit games, the
        # small and big bet in fixed-limit games (whose blinds are usually half of those)
        pa.field("small_blind", pa.int64(), nullable=False),
        pa.field("big_blind", pa.int64(), nullable=False),
        pa.field("ante", pa.int64(), nullable=False),
        pa.field("is_tournament", pa.bool_(), nullable=False),
        pa.field("tournament_id", pa.string()),
        pa.field("level", pa.string()),
        pa.field("table_name", pa.string(), nullable=False),
        pa.field("max_seats", pa.int8()),
        pa.field("button_seat", pa.int8()),
        pa.field("started_at", UTC_TIME, nullable=False),
        pa.field("boards", pa.list_(pa.string()), nullable=False),  # one "As Kd 7h 2c 3s" per board
        pa.field("total_pot", pa.int64(), nullable=False),
        pa.field("rake", pa.int64(), nullable=False),
        # other money the room takes from the pot: jackpot, bingo and fortune drops
        pa.field("jackpot_fee", pa.int64(), nullable=False),
        pa.field("tax", pa.int64(), nullable=False),
        # money the room adds to the pot (splash, cash drop); not part of total_pot
        pa.field("room_money_in", pa.int64(), nullable=False),
        pa.field("cash_out_fee", pa.int64(), nullable=False),
        # what Y means in "raises X to Y": the street total, or the chips the raise adds
        # (Run It Once exports); the reading under which the hand's chips balance
        pa.field("raise_reading", pa.string(), nullable=False),
        # what does not add up in the hand as printed (the pot against the chips put in,
        # the collections against the pot less the room's take, a stack exceeded): the
        # hand is stored as its text says, and the audit reports it
        pa.field("inconsistencies", pa.list_(pa.string()), nullable=False),
        # an uncalled bet the history does not print, inferred from the betting: taken off
        # the printed total pot and off its bettor's collections (0: none inferred)
        pa.field("uncalled_inferred", pa.int64(), nullable=False),
        pa.field("source_file", pa.string(), nullable=False),
        pa.field("byte_offset", pa.int64(), nullable=False),
    ]
)

PLAYERS = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("player", pa.string(), nullable=False),
        pa.field("stack", pa.int64(), nullable=False),  # chips in front at the start
        pa.field("position", pa.string()),  # BTN, SB, BB, UTG, UTG1, ..., MP, HJ, CO
        pa.field("is_hero", pa.bool_(), nullable=False),
        pa.field("sitting_out", pa.bool_(), nullable=False),
        pa.field("hole_cards", pa.string()),  # "As Kd 7h 2c" when known
        pa.field("put_in", pa.int64(), nullable=False),  # all chips put in, dead blinds included
        pa.field("returned", pa.int64(), nullable=False),  # uncalled bets returned
        pa.field("collected", pa.int64(), nullable=False),  # from pots, as the history says
        # paid by the room for an all-in cash-out
        pa.field("cashed_out", pa.int64(), nullable=False),
        pa.field("cash_out_fee", pa.int64(), nullable=False),
        # pot kept by the room after a cash-out
        pa.field("not_awarded", pa.int64(), nullable=False),
        # paid by the room for an all-in insurance less premiums paid to it (GGPoker's
        # all-in insurance and EV Cashout risk)
        pa.field("insurance", pa.int64(), nullable=False),
        # collected + cashed_out + insurance - put_in + returned
        pa.field("net", pa.int64(), nullable=False),
    ]
)

ACTIONS = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("seq", pa.int32(), nullable=False),  # order within the hand, from 0
        pa.field("street", pa.string(), nullable=False),  # preflop, flop, turn, river, showdown
        pa.field("seat", pa.int8()),
        pa.field("player", pa.string(), nullable=False),
        # post_sb, post_bb, post_dead, post_sb_bb, ante, straddle, fold, check, call, bet, raise,
        # return (uncalled bet), show, muck, collect, cash_out
        pa.field("kind", pa.string(), nullable=False),
        pa.field("amount", pa.int64(), nullable=False),  # chips this action moves (0 if none)
        pa.field("raise_to", pa.int64()),  # street total after a raise
        pa.field("dead", pa.int64(), nullable=False),  # part of a post that is dead money
        pa.field("all_in", pa.bool_(), nullable=False),
        pa.field("cards", pa.string()),  # shown or mucked cards
        pa.field("board", pa.int8()),  # for show/collect in run-it-twice sections
    ]
)

COLLECTIONS = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("seat", pa.int8()),
        pa.field("player", pa.string(), nullable=False),
        pa.field("board", pa.int8(), nullable=False),  # 1 unless the hand ran several boards
        pa.field("pot", pa.int8()),  # 0 main, 1.. side pot N; null when the line names no pot
        pa.field("half", pa.string(), nullable=False),  # hi | lo | whole (not itemised)
        pa.field("amount", pa.int64(), nullable=False),
    ]
)

IMPORT_ERRORS = pa.schema(
    [
        pa.field("source_file", pa.string(), nullable=False),
        pa.field("byte_offset", pa.int64(), nullable=False),
        pa.field("line_no", pa.int64(), nullable=False),  # 1-based line in the file
        pa.field("hand_id", pa.string()),
        pa.field("line", pa.string(), nullable=False),
        pa.field("reason", pa.string(), nullable=False),
    ]
)

IMPORT_SKIPS = pa.schema(
    [
        pa.field("source_file", pa.string(), nullable=False),
        pa.field("byte_offset", pa.int64(), nullable=False),
        pa.field("line_no", pa.int64(), nullable=False),
        pa.field("site", pa.string()),
        pa.field("hand_id", pa.string()),
        pa.field("reason", pa.string(), nullable=False),  # e.g. "other game: Razz", "cancelled"
    ]
)

TABLES: dict[str, pa.Schema] = {
    "hands": HANDS,
    "players": PLAYERS,
    "actions": ACTIONS,
    "collections": COLLECTIONS,
    "import_errors": IMPORT_ERRORS,
    "import_skips": IMPORT_SKIPS,
}
