"""Hands met again across the files of a Spark import: the first copy in the import's
order (file, then byte offset) is kept, as omaha import keeps it; a later copy with other
content is a conflicting duplicate (:class:`ingest.duplicates.Conflict`), reported by the
same error row, with the same parts compared (:mod:`ingest.duplicates`)."""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence

import pyarrow as pa
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from ingest import archives, importer, schemas
from ingest.duplicates import ACTION_CONTENT, HAND_CONTENT, PARTS, PLAYER_CONTENT, Conflict
from ingest.duplicates import error_rows as duplicate_rows
from ingest.engine.contract import Chunk
from ingest.reader import read_chunks

KEY = ["site", "hand_id"]
PLACE = ["order", "hand_offset"]


def later_copies(hands: DataFrame) -> DataFrame:
    """Every copy of a hand but the first, with where it was read and where the kept copy
    was (``kept_order``, ``kept_offset``)."""
    keys = hands.select(*KEY, *PLACE, "source_file")
    repeated = (keys.groupBy(*KEY)
                .agg(F.count(F.lit(1)).alias("copies"), F.min(F.struct(*PLACE)).alias("kept"))
                .filter(F.col("copies") > 1))  # fmt: skip
    later = keys.join(repeated, KEY).filter(F.struct(*PLACE) != F.col("kept"))
    return later.select(*KEY, *PLACE, "source_file", F.col("kept.order").alias("kept_order"),
                        F.col("kept.hand_offset").alias("kept_offset"))  # fmt: skip


def _digest(columns: Sequence[str]) -> Column:
    return F.xxhash64(*columns)


def _rows(parsed: DataFrame, name: str) -> DataFrame:
    return parsed.filter(F.col("table") == name).select(*PLACE, f"{name}.*")


def find(parsed: DataFrame, hands: DataFrame, dropped: DataFrame) -> list[Conflict]:
    """The dropped copies whose header, players or actions differ from the kept copy's."""
    repeated = F.broadcast(dropped.select(*KEY).distinct())
    by = [*KEY, *PLACE]
    copies = (hands.join(repeated, KEY)
              .select(*by, "source_file", _digest(HAND_CONTENT).alias("hand")))  # fmt: skip
    for name, content in (("players", PLAYER_CONTENT), ("actions", ["seq", *ACTION_CONTENT])):
        digests = (_rows(parsed, name).join(repeated, KEY).groupBy(*by)
                   .agg(F.bit_xor(_digest(content)).alias(name)))  # fmt: skip
        copies = copies.join(digests, by, "left")
    kept = copies.select(*KEY, F.col("order").alias("kept_order"),
                         F.col("hand_offset").alias("kept_offset"),
                         F.col("source_file").alias("kept_file"),
                         *(F.col(part).alias(f"kept_{part}") for part in PARTS))  # fmt: skip
    pairs = (dropped.select(*KEY, *PLACE, "kept_order", "kept_offset")
             .join(copies, by).join(kept, [*KEY, "kept_order", "kept_offset"]))  # fmt: skip
    flags = {part: ~F.col(part).eqNullSafe(F.col(f"kept_{part}")) for part in PARTS}
    differs = pairs.select(*KEY, "source_file", "hand_offset", "kept_file", "kept_offset",
                           *(flag.alias(f"differs_{part}") for part, flag in flags.items()))
    any_part = functools.reduce(Column.__or__, (F.col(f"differs_{part}") for part in PARTS))
    found = differs.filter(any_part).collect()
    return sorted(
        (Conflict(row["site"], row["hand_id"], row["source_file"], row["hand_offset"],
                  row["kept_file"], row["kept_offset"],
                  tuple(part for part in PARTS if row[f"differs_{part}"])) for row in found),
        key=lambda conflict: (conflict.source_file, conflict.byte_offset),
    )  # fmt: skip


def error_rows(found: Sequence[Conflict], listing: archives.Listing) -> pa.Table:
    """The ``import_errors`` rows of the conflicting duplicates, each line read again from
    its file (only the chunks holding one)."""
    if not found:
        return schemas.IMPORT_ERRORS.empty_table()
    offsets: dict[str, list[int]] = {}
    for conflict in found:
        offsets.setdefault(conflict.source_file, []).append(conflict.byte_offset)
    chunks: list[Chunk] = []
    for located in listing.files:
        for source in archives.sources(located):
            if source.name not in offsets:
                continue
            site = importer._recognise(source, importer._FileTally(0, ""), None)
            if site is None:
                continue
            with contextlib.closing(source.open()) as stream:
                for chunk in read_chunks(stream, source.name, site.hand_start,
                                         importer.CHUNK_BYTES, longest=importer.CHUNK_BYTES):
                    end = chunk.byte_offset + len(chunk.data)
                    if any(chunk.byte_offset <= at < end for at in offsets[source.name]):
                        chunks.append(chunk)
    return duplicate_rows(found, chunks)
