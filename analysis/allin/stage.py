"""All-in equities over a DuckDB store, in batches (:mod:`analysis.batches`): each hand is
looked at once (``allin_seen``); the qualifying ones are stored in ``allin_hands``, their
pot-half equities in ``allin_equity`` and each seat's expected net in ``allin_ev``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc

from analysis.allin.equity import ALLIN_EQUITY, ALLIN_EV, ALLIN_HANDS, all_in_equity
from analysis.audit.core import prepare
from analysis.audit.stage import AUDIT_COLUMNS
from analysis.batches import BATCH_HANDS, HAND_TABLES, Run, Stage, run_stage

ALLIN_SEEN = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
    ]
)
TABLES = {"allin_seen": ALLIN_SEEN, "allin_hands": ALLIN_HANDS, "allin_equity": ALLIN_EQUITY,
          "allin_ev": ALLIN_EV}  # fmt: skip


def allin_tables(tables: dict[str, pa.Table]) -> dict[str, pa.Table]:
    """One batch's all-in rows, by output table, and the hands it looked at. Only the hands
    with an all-in action can qualify: the others are not prepared."""
    actions = tables["actions"]
    all_in = pc.unique(actions.filter(actions["all_in"])["hand_id"])
    candidates = [
        tables[name].filter(pc.is_in(tables[name]["hand_id"], all_in)) for name in HAND_TABLES
    ]
    result = all_in_equity(prepare(*candidates))
    return {
        "allin_seen": tables["hands"].select(["site", "hand_id"]).cast(ALLIN_SEEN),
        "allin_hands": result.hands,
        "allin_equity": result.equity,
        "allin_ev": result.ev,
    }


ALLIN = Stage("allin", AUDIT_COLUMNS, TABLES, "allin_seen", allin_tables)


def run_allin(
    db_path: str | Path,
    redo: bool = False,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    batch_hands: int = BATCH_HANDS,
    owner: duckdb.DuckDBPyConnection | None = None,
) -> Run:
    """Compute the all-in equities of every hand not looked at yet (all with ``redo``)."""
    return run_stage(ALLIN, db_path, redo, workers, progress, batch_hands, owner)


def allin_summary(con: duckdb.DuckDBPyConnection) -> pa.Table:
    """All-in hands by street: computed, and not computable (cards not shown)."""
    return con.sql(
        "SELECT street, count(*) AS hands, count(*) FILTER (computed) AS computed, "
        "count(*) FILTER (NOT computed) AS not_computable FROM allin_hands "
        "GROUP BY street ORDER BY list_position(['preflop', 'flop', 'turn'], street)"
    ).to_arrow_table()
