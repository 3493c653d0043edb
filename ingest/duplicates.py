"""Hands met again: a plain duplicate when its content is the stored copy's, a conflicting
duplicate when it is not.

A hand is identified by ``(site, hand_id)``; the first copy met is stored (see
:func:`ingest.store.insert_batch`). A copy met again is compared with the stored one (or,
inside one batch, with the batch's first copy) by what its rows say: the hand's header
(room, game, stakes, table, time, boards, pot and rake), its players (seat, name, stack,
cards, net) and its actions in order (street, player, kind, amount). The same history
exported twice, with other line ends or blank lines, gives the same rows: a plain
duplicate. Copies at the same place (file and byte offset) are one text read again (a file
that grew, or read again by a new parser) and are not compared. Only hands met again are
compared, and the stored copies' rows are read only for those found elsewhere: an import
of new hands costs nothing more. Each part is compared by a digest DuckDB computes alike for
both copies (a hash of each row, the rows of a hand combined), never stored.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

import duckdb
import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from ingest import schemas
from ingest.engine.contract import Chunk
from ingest.reader import lines_at

KEY = ["site", "hand_id"]
PLACE = ["source_file", "byte_offset"]
HAND_CONTENT = ["room", "game", "limit_type", "currency", "small_blind", "big_blind", "ante",
                "table_name", "started_at", "boards", "total_pot", "rake"]  # fmt: skip
PLAYER_CONTENT = ["seat", "player", "stack", "hole_cards", "net"]
ACTION_CONTENT = ["street", "player", "kind", "amount"]
# each part compared, and how a conflict names it
PARTS = {
    "hand": "header (room, game, stakes, table, time, boards, pot, rake)",
    "players": "players (seats, names, stacks, cards, nets)",
    "actions": "actions",
}
CONFLICT_REASON = "conflicting duplicate of "  # how its error row's reason starts
# which copy of a hand a row belongs to: -1 the stored one, then 0, 1, ... in the batch
_COPY = "copy_no"
# each table's part: its digest per hand, as DuckDB computes it from the stored rows and the
# batch's alike (a hand's rows combined whatever their order: each holds its seat or seq)
_DIGESTS = {
    "hands": ("hand", f"hash({', '.join(HAND_CONTENT)})", False),
    "players": ("players", f"bit_xor(hash({', '.join(PLAYER_CONTENT)}))", True),
    "actions": ("actions", f"bit_xor(hash(seq, {', '.join(ACTION_CONTENT)}))", True),
}


@dataclass(frozen=True)
class Conflict:
    """A copy of a hand that is not stored because its id is taken by a copy with other
    content (``stored_file`` at ``stored_offset``, kept); ``parts`` say what differs."""

    site: str
    hand_id: str
    source_file: str
    byte_offset: int
    stored_file: str
    stored_offset: int
    parts: tuple[str, ...]

    @property
    def reason(self) -> str:
        """The ``import_errors`` reason that reports it.

        >>> Conflict("pokerstars", "7", "/b.txt", 0, "/a.txt", 512, ("hand",)).reason[:52]
        'conflicting duplicate of /a.txt at byte 512: its hea'
        >>> Conflict("pokerstars", "7", "/b.txt", 0, "/a.txt", 512, ("hand", "actions")).reason[45:]
        'its header (room, game, stakes, table, time, boards, pot, rake) and actions differ'
        """
        named = [PARTS[part] for part in self.parts]
        listed = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
        return (f"{CONFLICT_REASON}{self.stored_file} at byte {self.stored_offset}: "
                f"its {listed} differ")  # fmt: skip


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


def in_keys(table: pa.Table, keys: pa.Table) -> pa.ChunkedArray:
    """Which rows of ``table`` belong to a hand of ``keys`` (site and hand id)."""

    def joined(rows: pa.Table) -> pa.ChunkedArray:
        site, hand_id = (pc.cast(rows[name], pa.string()) for name in KEY)
        return pc.binary_join_element_wise(site, hand_id, "\x00")

    return pc.is_in(joined(table), value_set=joined(keys))


def _numbered(tables: dict[str, pa.Table], keys: pa.Table, repeated: bool) -> dict[str, pa.Table]:
    """The batch's hands, players and actions rows of the hands ``keys``, each with the
    number of its copy (0 the first; when ``repeated``, child rows start a new copy where
    their seats or seqs start again)."""
    every = keys.num_rows == _frame(tables["hands"].select(KEY)).n_unique()
    numbered = {}
    for name, order in (("hands", None), ("players", "seat"), ("actions", "seq")):
        rows = tables[name] if every else tables[name].filter(in_keys(tables[name], keys))
        copies = np.zeros(rows.num_rows, np.int64)
        if repeated:
            restart = (pl.col(order) <= pl.col(order).shift(1)).fill_null(False) if order else None
            number = pl.int_range(pl.len()) if restart is None else restart.cast(pl.Int64).cum_sum()
            columns = KEY if order is None else [*KEY, order]
            found = _frame(rows.select(columns)).select(number.over(KEY).cast(pl.Int64))
            copies = found.to_series().to_numpy()
        numbered[name] = rows.append_column(_COPY, pa.array(copies))
    return numbered


def _digests(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table],
             stored_keys: pa.Table | None = None) -> pl.DataFrame:  # fmt: skip
    """Each copy's digest of each part, by key and copy number: of the batch's numbered
    ``tables``, or (``stored_keys``) of the stored copies of those hands, numbered -1."""
    by = f"site, hand_id, {_COPY}"
    frames = []
    for name, (part, digest, grouped) in _DIGESTS.items():
        if stored_keys is None:
            source, sql = tables[name], f"SELECT {by}, {digest} AS {part} FROM b"
        else:
            source = stored_keys
            sql = (f"SELECT site, hand_id, CAST(-1 AS BIGINT) AS {_COPY}, {digest} AS {part} "
                   f"FROM {name} SEMI JOIN b USING (site, hand_id)")  # fmt: skip
        found = con.from_arrow(source).query("b", sql + (f" GROUP BY {by}" if grouped else ""))
        assert found is not None  # a SELECT always has a result
        frames.append(_frame(found.to_arrow_table()))
    hands, players, actions = frames
    by_copy = [*KEY, _COPY]
    return hands.join(players, on=by_copy, how="left").join(actions, on=by_copy, how="left")


def _stored_places(con: duckdb.DuckDBPyConnection, keys: pl.DataFrame) -> pl.DataFrame:
    """Where the stored copies of the hands ``keys`` were read, numbered -1."""
    found = con.from_arrow(keys.to_arrow()).query(
        "b", f"SELECT {', '.join([*KEY, *PLACE])} FROM hands SEMI JOIN b USING (site, hand_id)"
    )
    assert found is not None  # a SELECT always has a result
    return _frame(found.to_arrow_table()).with_columns(pl.lit(-1, pl.Int64).alias(_COPY))


def _met_elsewhere(places: pl.DataFrame) -> pl.DataFrame:
    """Every copy but the kept one (the lowest numbered) found at another place than it,
    with the kept copy's number and place (``kept``, ``kept_source_file``, ...)."""
    kept = (
        places.filter(pl.col(_COPY) == pl.col(_COPY).min().over(KEY))
        .unique(KEY, keep="first")
        .select(*KEY, pl.col(_COPY).alias("kept"), *[pl.col(c).alias(f"kept_{c}") for c in PLACE])
    )
    elsewhere = pl.any_horizontal([pl.col(c) != pl.col(f"kept_{c}") for c in PLACE])
    return places.join(kept, on=KEY).filter((pl.col(_COPY) != pl.col("kept")) & elsewhere)


def find_conflicts(con: duckdb.DuckDBPyConnection, tables: dict[str, pa.Table],
                   repeated: pl.DataFrame, stored: pa.Table) -> list[Conflict]:  # fmt: skip
    """The copies in a batch's ``tables`` that conflict with the kept copy of their hand:
    the stored one for the hands ``stored`` (keys found in the store), else the batch's
    first copy for the hands ``repeated`` in the batch (keys, once or more)."""
    in_store = _frame(stored.select(KEY))
    keys = pl.concat([repeated.select(KEY), in_store]).unique()
    numbered = _numbered(tables, keys.to_arrow(), repeated.height > 0)
    places = _frame(numbered["hands"].select([*KEY, *PLACE, _COPY]))
    if in_store.height:
        places = pl.concat([_stored_places(con, in_store).select(places.columns), places],
                           how="vertical_relaxed")  # fmt: skip
    again = _met_elsewhere(places)
    if not again.height:
        return []
    digests = _digests(con, numbered)  # of the copies not compared too: no filter to pay
    from_store = again.filter(pl.col("kept") == -1).select(KEY).unique()
    if from_store.height:
        digests = pl.concat([digests, _digests(con, {}, from_store.to_arrow())])
    pairs = again.join(digests, on=[*KEY, _COPY]).join(
        digests.rename({_COPY: "kept"}), on=[*KEY, "kept"], suffix="_kept"
    )
    differs = pairs.with_columns(
        (~pl.col(part).eq_missing(pl.col(f"{part}_kept"))).alias(part)
        for part, _, _ in _DIGESTS.values()
    ).filter(pl.any_horizontal(list(PARTS)))
    return [
        Conflict(row["site"], row["hand_id"], row["source_file"], row["byte_offset"],
                 row["kept_source_file"], row["kept_byte_offset"],
                 tuple(part for part in PARTS if row[part]))
        for row in differs.sort(PLACE).iter_rows(named=True)
    ]  # fmt: skip


def error_rows(conflicts: Sequence[Conflict], chunks: Sequence[Chunk]) -> pa.Table:
    """The ``import_errors`` rows of conflicting duplicates, each at the copy not stored,
    its line found in ``chunks`` (what the batch read, each file's in offset order)."""
    by_file: dict[str, list[Chunk]] = {}
    for chunk in chunks:
        by_file.setdefault(chunk.source_file, []).append(chunk)
    in_chunk: dict[tuple[str, int], list[Conflict]] = {}
    for conflict in conflicts:
        starts = [chunk.byte_offset for chunk in by_file[conflict.source_file]]
        at = bisect.bisect_right(starts, conflict.byte_offset) - 1
        in_chunk.setdefault((conflict.source_file, at), []).append(conflict)
    rows = []
    for (source_file, at), found in in_chunk.items():
        lines = lines_at(by_file[source_file][at], [conflict.byte_offset for conflict in found])
        for conflict, (line_no, line) in zip(found, lines, strict=True):
            rows.append({"source_file": source_file, "byte_offset": conflict.byte_offset,
                         "line_no": line_no, "hand_id": conflict.hand_id, "line": line,
                         "reason": conflict.reason})  # fmt: skip
    return pa.Table.from_pylist(rows, schemas.IMPORT_ERRORS)
