"""What the Spark job's tasks run: Arrow record batches in, Arrow record batches out.

Nothing here imports pyspark: each function is the body of one ``mapInArrow`` or grouped
``applyInArrow`` of :mod:`analysis.spark.job`, and calls the single-machine code itself:
the importer's reading and parsing of hand-aligned chunks (:mod:`ingest.importer`, the
room modules of :mod:`ingest.sites`) and the stages of the audit
(:mod:`analysis.batches`). The rows of several tables travel as one Arrow table: a column
``table`` names each row's table and a struct column per table holds its row, the others
null (``tagged``).
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from analysis.batches import HAND_TABLES, Stage
from ingest import archives, importer, schemas
from ingest.engine.contract import Chunk, ParseResult, Site
from ingest.reader import LineTooLong, read_chunks
from ingest.sites import registry

KEY = ["site", "hand_id"]
# A source's place in the import's order: its file's number in the listing, shifted, plus
# the number of the member within an archive (the first copy of a hand, in this order, is
# the one kept, as in omaha import).
MEMBER_BITS = 20

FILES = pa.schema(
    [
        pa.field("file_no", pa.int64()),
        pa.field("path", pa.string()),
        pa.field("size", pa.int64()),
        pa.field("members", pa.int64()),
        pa.field("unreadable", pa.string()),
    ]
)
# What reading a file gives: its chunks (kind "chunk") and how each of its sources ended
# (kind "file": the columns of an import_files row but for the counts).
READ = pa.schema(
    [
        pa.field("kind", pa.string()),
        pa.field("order", pa.int64()),
        pa.field("source_file", pa.string()),
        pa.field("site", pa.string()),
        pa.field("byte_offset", pa.int64()),
        pa.field("line_no", pa.int64()),
        pa.field("encoding", pa.string()),
        pa.field("data", pa.binary()),
        pa.field("outcome", pa.string()),
        pa.field("reason", pa.string()),
        pa.field("size", pa.int64()),
        pa.field("sha256", pa.string()),
        pa.field("parser", pa.string()),
    ]
)
# Where a parsed row comes from: its source's order and, for a hand's rows, the hand's
# byte offset (which copy of the hand it belongs to), its room and month (the partition).
PLACE = pa.schema(
    [
        pa.field("order", pa.int64()),
        pa.field("hand_offset", pa.int64()),
        pa.field("room", pa.string()),
        pa.field("month", pa.string()),
    ]
)


def tagged_schema(tables: dict[str, pa.Schema], place: pa.Schema = PLACE) -> pa.Schema:
    """One table's schema holding the rows of ``tables``: ``table``, ``place``'s columns and
    a struct column per table."""
    return pa.schema([pa.field("table", pa.string()), *place,
                      *(pa.field(name, pa.struct(list(schema))) for name, schema in tables.items())
                      ])  # fmt: skip


# How each file or archive member ended, carried with the parsed rows to the driver.
SOURCES = pa.schema([pa.field(name, READ.field(name).type) for name in
                     ("source_file", "site", "outcome", "reason", "size", "sha256", "parser")])
PARSED = tagged_schema({**schemas.TABLES, "sources": SOURCES})


def tagged(name: str, rows: pa.Table, place: dict[str, pa.Array | pa.ChunkedArray],
           schema: pa.Schema
           ) -> pa.RecordBatch:  # fmt: skip
    """``rows`` of table ``name`` as a batch of the tagged ``schema``, ``place`` giving the
    values of its place columns (the others null)."""
    n = rows.num_rows
    columns: list[pa.Array] = [pa.array([name] * n, pa.string())]
    for field in schema:
        if field.name == "table":
            continue
        if field.name in place:
            value = place[field.name]
            if isinstance(value, pa.ChunkedArray):
                value = value.combine_chunks()
            columns.append(value.cast(field.type))
        elif field.name == name:
            struct_type = field.type
            combined = rows.cast(pa.schema(list(struct_type))).combine_chunks()
            columns.append(pa.StructArray.from_arrays(
                [combined.column(i).chunk(0) if combined.column(i).num_chunks else
                 pa.array([], f.type) for i, f in enumerate(struct_type)],
                fields=list(struct_type)))  # fmt: skip
        else:
            columns.append(pa.nulls(n, field.type))
    return pa.RecordBatch.from_arrays(columns, schema=schema)


def untagged(table: pa.Table, name: str, schema: pa.Schema) -> pa.Table:
    """The rows of table ``name`` out of a tagged table, as ``schema``."""
    rows = table.filter(pc.equal(table.column("table"), name)).column(name)
    if not len(rows):
        return schema.empty_table()
    flat = pa.Table.from_struct_array(rows.combine_chunks())
    return flat.select(schema.names).cast(schema)


# ---- reading files into chunks ----


def _site(name: str, timezone: str | None) -> Site:
    site = registry()[name]
    return site if timezone is None else site.with_zone(timezone)


def _read_row(kind: str, order: int, source_file: str, **values: object) -> dict[str, object]:
    row: dict[str, object] = dict.fromkeys(READ.names)
    row.update(kind=kind, order=order, source_file=source_file, **values)
    return row


def _source_rows(source: archives.Source, order: int, timezone: str | None
                 ) -> Iterator[dict[str, object]]:  # fmt: skip
    """The chunks of one file or archive member, then the row that says how it ended."""
    tally = importer._FileTally(source.size or 0, "")
    site = importer._recognise(source, tally, timezone)
    if site is not None:
        hash_here = source.path is None
        read_to = 0
        try:
            with contextlib.closing(source.open()) as stream:
                reading = archives.Hashing(stream) if hash_here else stream
                for chunk in read_chunks(reading, source.name, site.hand_start,
                                         importer.CHUNK_BYTES, longest=importer.CHUNK_BYTES):
                    read_to = chunk.byte_offset + len(chunk.data)
                    yield _read_row("chunk", order, source.name, site=site.name,
                                    byte_offset=chunk.byte_offset, line_no=chunk.line_no,
                                    encoding=chunk.encoding, data=chunk.data)  # fmt: skip
                if isinstance(reading, archives.Hashing):
                    tally.sha256, tally.size = reading.digest.hexdigest(), reading.size
        except (*archives.READ_ERRORS, LineTooLong) as exc:
            why = str(exc) if isinstance(exc, LineTooLong) else archives.why(exc)
            tally.not_read(importer.FileOutcome.UNREADABLE,
                           f"not read to its end: {why}; hands read up to byte {read_to}")
        if source.path is not None:
            tally.sha256 = archives.file_sha256(source.path)
    yield _read_row("file", order, source.name, site=None if site is None else site.name,
                    outcome=tally.outcome.value, reason=tally.reason, size=tally.size,
                    sha256=tally.sha256, parser=tally.parser)  # fmt: skip


def read_files(batches: Iterable[pa.RecordBatch], timezone: str | None = None
               ) -> Iterator[pa.RecordBatch]:  # fmt: skip
    """``mapInArrow`` over the listing (:data:`FILES`): each file's (or each archive
    member's) hand-aligned chunks, as omaha import cuts them, and how it ended (:data:`READ`)."""
    for batch in batches:
        for row in batch.to_pylist():
            found = archives.Found(Path(row["path"]), row["size"], row["members"],
                                   row["unreadable"] or "")  # fmt: skip
            for member, source in enumerate(archives.sources(found)):
                order = (row["file_no"] << MEMBER_BITS) + member
                rows = _source_rows(source, order, timezone)
                while piece := list(itertools.islice(rows, 4)):
                    yield pa.RecordBatch.from_pylist(piece, schema=READ)


# ---- parsing chunks ----


def _chunks_of(batch: pa.RecordBatch) -> Iterator[tuple[str, int, Chunk]]:
    columns = batch.to_pydict()
    for site, order, name, offset, line_no, encoding, data in zip(
        columns["site"], columns["order"], columns["source_file"], columns["byte_offset"],
        columns["line_no"], columns["encoding"], columns["data"], strict=True,
    ):  # fmt: skip
        yield site, order, Chunk(data, name, offset, line_no, encoding)


def _copies(rows: pl.DataFrame, order: str | None) -> pl.Expr:
    """Which copy of its hand each row belongs to, in a parse's rows: hands numbered in
    turn; a player's or action's rows start a new copy where their seats or seqs start
    again; a collection row repeated in a hand belongs to a later copy (as omaha import
    keeps a repeated hand's collections once per distinct row)."""
    if order is None:
        return (~pl.struct(rows.columns).is_first_distinct()).cast(pl.Int64)
    restart = (pl.col(order) <= pl.col(order).shift(1)).fill_null(False)
    return restart.cast(pl.Int64).cum_sum().over(KEY)


def _placed(result: ParseResult, orders: dict[str, int]) -> Iterator[pa.RecordBatch]:
    """A parse's rows, tagged with their place: each hand's rows with the source's order,
    the hand's byte offset, room and month; the log rows with their source's order."""
    frame = pl.from_arrow(result.hands.select([*KEY, "room", "started_at", "source_file",
                                               "byte_offset"]))  # fmt: skip
    assert isinstance(frame, pl.DataFrame)
    hands = frame.with_columns(
        pl.int_range(pl.len()).over(KEY).cast(pl.Int64).alias("copy"),
        pl.col("started_at").dt.convert_time_zone("UTC").dt.strftime("%Y-%m").alias("month"),
        pl.col("source_file").replace_strict(orders, return_dtype=pl.Int64).alias("order"),
        pl.col("byte_offset").alias("hand_offset"),
    ).select([*KEY, "copy", *PLACE.names])
    for name in HAND_TABLES:
        rows: pa.Table = getattr(result, name)
        if name == "hands":
            place = hands
        else:
            keys = pl.from_arrow(rows.select([*KEY, *(c for c in ("seat", "seq") if c in
                                                       rows.column_names)]))  # fmt: skip
            assert isinstance(keys, pl.DataFrame)
            if name == "collections":
                keys = pl.from_arrow(rows)
                assert isinstance(keys, pl.DataFrame)
            order = {"players": "seat", "actions": "seq"}.get(name)
            numbered = keys.select(*KEY, _copies(keys, order).alias("copy"))
            place = numbered.join(hands, on=[*KEY, "copy"], how="left", maintain_order="left")
        yield tagged(name, rows, {c: place[c].to_arrow() for c in PLACE.names}, PARSED)
    for name in ("import_errors", "import_skips"):
        rows = getattr(result, name)
        files = rows.column("source_file").to_pylist()
        order_array = pa.array([orders[f] for f in files], pa.int64())
        nothing = pa.nulls(rows.num_rows, pa.string())
        yield tagged(name, rows, {"order": order_array, "hand_offset": pa.nulls(rows.num_rows,
                                  pa.int64()), "room": nothing, "month": nothing}, PARSED)


def parse_chunks(batches: Iterable[pa.RecordBatch], timezone: str | None = None
                 ) -> Iterator[pa.RecordBatch]:  # fmt: skip
    """``mapInArrow`` over what :func:`read_files` gives: each chunk parsed as omaha import
    parses it (:func:`ingest.importer.parse_chunks`; small files of one site together, up
    to a chunk's size), its rows tagged (:data:`PARSED`), and each source's end passed on
    (table ``sources``)."""
    waiting: list[Chunk] = []
    orders: dict[str, int] = {}
    site_name = ""
    size = 0

    def parse() -> Iterator[pa.RecordBatch]:
        nonlocal size
        if waiting:
            result = importer.parse_chunks(_site(site_name, timezone), waiting)
            yield from _placed(result, orders)
        waiting.clear()
        orders.clear()
        size = 0

    for batch in batches:
        ended = pc.equal(batch.column("kind"), "file")
        if pc.any(ended).as_py():
            rows = pa.Table.from_batches([batch.filter(ended)])
            yield tagged("sources", rows.select(SOURCES.names), {"order": rows["order"]}, PARSED)
            batch = batch.filter(pc.invert(ended))
        for site, order, chunk in _chunks_of(batch):
            if site != site_name or size + len(chunk.data) > importer.CHUNK_BYTES:
                yield from parse()
            site_name = site
            waiting.append(chunk)
            orders[chunk.source_file] = order
            size += len(chunk.data)
    yield from parse()


# ---- auditing whole hands ----


def audit_group(table: pa.Table, stages: Sequence[Stage], inputs: dict[str, pa.Schema],
                outputs: pa.Schema) -> pa.Table:  # fmt: skip
    """Grouped ``applyInArrow``: the hands of one group (whole hands: every row of each),
    tagged, through each stage; the stages' rows tagged with their hand's room and month."""
    tables = {name: untagged(table, name, inputs[name]) for name in HAND_TABLES}
    # a hand's rows in the order the import stored them (a shuffle does not keep it)
    for name, by in (("hands", KEY), ("players", [*KEY, "seat"]), ("actions", [*KEY, "seq"])):
        tables[name] = tables[name].sort_by([(column, "ascending") for column in by])
    hands = table.filter(pc.equal(table.column("table"), "hands"))
    frame = pl.DataFrame({
        "site": hands.column("hands").combine_chunks().field("site"),
        "hand_id": hands.column("hands").combine_chunks().field("hand_id"),
        "room": hands.column("room"), "month": hands.column("month"),
    })  # fmt: skip
    batches = []
    for stage in stages:
        computed = stage.compute({name: tables[name].select(list(stage.columns[name]))
                                  for name in HAND_TABLES})  # fmt: skip
        for name, rows in computed.items():
            keys = pl.from_arrow(rows.select(KEY))
            assert isinstance(keys, pl.DataFrame)
            place = keys.join(frame, on=KEY, how="left", maintain_order="left")
            batches.append(tagged(name, rows, {"room": place["room"].to_arrow(),
                                               "month": place["month"].to_arrow()}, outputs))
    return pa.Table.from_batches(batches, schema=outputs)
