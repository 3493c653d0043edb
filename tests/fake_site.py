"""A tiny site for importer and store tests, independent of any real parser.

The module itself is the :class:`~ingest.engine.contract.Site` (``name``, ``hand_start``,
``sources``, ``detect``, ``parse``, ``parse_many`` at module level), so tests can patch
its functions with ``monkeypatch.setattr(fake_site, ...)``.

One hand per ``FAKE #<id> <what>`` line, ``<what>`` being ``ok``, ``skip <reason>``,
``error <reason>`` or ``raise`` (the parser itself fails). An ``ok`` hand has two players,
one action per player and one collection.
"""

from __future__ import annotations

import datetime as dt
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pyarrow as pa

from ingest import schemas
from ingest.engine.contract import Chunk, ParseResult, concat_results

name = "fake"
hand_start = re.compile(rb"^FAKE #", re.MULTILINE)
sources: Sequence[Path] = [Path(__file__).resolve()]
zone_override: str | None = None
python_bound = False  # importer tests set it to parse the fake site in processes
ROOM = "Fake"
_LINE = re.compile(r"FAKE #(\S+) (\w+) ?(.*)")
_WHEN = dt.datetime(2024, 1, 2, 3, 4, 5, tzinfo=dt.UTC)


def with_zone(zone: str) -> ModuleType:
    """The fake format writes its times in UTC: a zone changes nothing."""
    return sys.modules[__name__]


def detect(head: bytes) -> bool:
    return head.startswith(b"FAKE #")


def _hand(hand_id: str, source_file: str, offset: int) -> dict[str, Any]:
    return {
        "site": name, "room": ROOM, "hand_id": hand_id, "game": "omaha", "variant": "omaha",
        "hi_lo": False, "hole_cards_count": 4, "limit_type": "PL", "currency": "USD",
        "units_per_currency": 100, "small_blind": 1, "big_blind": 2, "ante": 0,
        "is_tournament": False, "tournament_id": None, "level": None, "table_name": "T",
        "max_seats": 6, "button_seat": 1, "started_at": _WHEN, "boards": ["As Kd 7h 2c 3s"],
        "total_pot": 4, "rake": 0, "jackpot_fee": 0, "tax": 0, "room_money_in": 0,
        "raise_reading": "total", "inconsistencies": [], "uncalled_inferred": 0,
        "cash_out_fee": 0, "source_file": source_file, "byte_offset": offset,
    }  # fmt: skip


def _player(hand_id: str, seat: int) -> dict[str, Any]:
    net = 2 if seat == 1 else -2
    return {
        "site": name, "hand_id": hand_id, "seat": seat, "player": f"P{seat}", "stack": 100,
        "position": None, "is_hero": seat == 1, "sitting_out": False, "hole_cards": None,
        "put_in": 2, "returned": 0, "collected": 4 if seat == 1 else 0, "cashed_out": 0,
        "cash_out_fee": 0, "not_awarded": 0, "insurance": 0, "net": net,
    }  # fmt: skip


def _action(hand_id: str, seq: int) -> dict[str, Any]:
    return {
        "site": name, "hand_id": hand_id, "seq": seq, "street": "preflop", "seat": seq + 1,
        "player": f"P{seq + 1}", "kind": "call", "amount": 2, "raise_to": None, "dead": 0,
        "all_in": False, "cards": None, "board": None,
    }  # fmt: skip


def parse(chunk: Chunk) -> ParseResult:
    rows: dict[str, list[dict[str, Any]]] = {table: [] for table in schemas.TABLES}
    offset = chunk.byte_offset
    for line_no, raw in enumerate(chunk.data.splitlines(keepends=True), start=chunk.line_no):
        line = raw.decode(chunk.encoding).rstrip()
        match = _LINE.fullmatch(line)
        if match is not None:
            hand_id, what, detail = match.groups()
            where = {"source_file": chunk.source_file, "byte_offset": offset, "line_no": line_no}
            if what == "raise":
                raise ValueError(f"cannot parse hand {hand_id}")
            if what == "skip":
                rows["import_skips"].append(
                    {**where, "site": name, "hand_id": hand_id, "reason": detail}
                )
            elif what == "error":
                rows["import_errors"].append(
                    {**where, "hand_id": hand_id, "line": line, "reason": detail}
                )
            else:
                rows["hands"].append(_hand(hand_id, chunk.source_file, offset))
                rows["players"] += [_player(hand_id, 1), _player(hand_id, 2)]
                rows["actions"] += [_action(hand_id, 0), _action(hand_id, 1)]
                rows["collections"].append(
                    {"site": name, "hand_id": hand_id, "seat": 1, "player": "P1", "board": 1,
                     "pot": 0, "half": "whole", "amount": 4}
                )  # fmt: skip
        offset += len(raw)
    return ParseResult(
        **{
            table: pa.Table.from_pylist(rows[table], schema=schema)
            for table, schema in schemas.TABLES.items()
        }
    )


def parse_many(chunks: Sequence[Chunk]) -> ParseResult:
    return concat_results([parse(chunk) for chunk in chunks])
