"""The Spark job: ``omaha spark import`` and ``omaha spark audit``, or ``spark-submit`` of
this module (``python -m analysis.spark.job import PATH... --out DIR``).

The import, as a recipe: list the files on the driver as omaha import does (those named
by URLs through Spark's file systems); read each file on an executor into hand-aligned
chunks (from its path, or from the bytes Spark's binary file source reads); spread the
chunks over the executors and parse them with the room modules (``mapInArrow``: Arrow in,
Arrow out); keep the first copy of each hand in the import's order (file, then byte
offset), a later copy with other content reported as a conflicting duplicate; write each
table as Parquet partitioned by room and month, the import errors, skips and files beside
them (:mod:`analysis.parquet`). Each table is written whole by Spark's commit protocol,
replacing what a run before left: a run killed halfway and run again writes the same
tables.

The audit reads the hands' tables, groups them by a hash of the hand's key, so that a
task holds every row of its hands, runs the audit's stages (:mod:`analysis.batches`) on
each group (grouped ``applyInArrow``) and writes their tables the same way.
"""

from __future__ import annotations

import datetime as dt
import functools
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pyarrow as pa
from pyspark import StorageLevel
from pyspark.errors import AnalysisException
from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.pandas.types import from_arrow_schema
from pyspark.sql.types import StructType

from analysis import parquet
from analysis.allin.stage import ALLIN
from analysis.audit.stage import AUDIT
from analysis.batches import HAND_TABLES, Stage
from analysis.spark import conflicts, tasks
from ingest import archives, importer, schemas, store
from ingest.duplicates import Conflict

KEY = ["site", "hand_id"]
PLACE = ["order", "hand_offset"]
# Parse tasks: about this many bytes of histories each (at least two per core).
TASK_BYTES = 4 * importer.CHUNK_BYTES
# Chunks handed to a parse task at a time (each up to 8 MB).
CHUNKS_PER_BATCH = 8
# Hands audited per group (a task holds a group's rows in memory, as a batch of omaha audit).
AUDIT_GROUP_HANDS = 10_000
# Dropped copies of hands up to this many are sent whole to every task that drops them.
BROADCAST_ROWS = 1_000_000
# Spark's logging when this module starts Spark: errors only, no start-up lines.
LOG_CONFIG = Path(__file__).with_name("log4j2.properties")


ROOM_MONTH = pa.schema([pa.field(name, pa.string()) for name in parquet.PARTITIONS])


class SparkJobError(Exception):
    """The job cannot run (no input, no Java); the message says why."""


def session(master: str = "local[*]", app: str = "omaha",
            conf: Mapping[str, str] | None = None) -> SparkSession:  # fmt: skip
    """The job's Spark session: this one when running (spark-submit), else one on
    ``master`` with the settings ``conf``; times in UTC, Parquet timestamps as
    microseconds, partition values read as text, Spark's own logging quiet (errors only,
    from its start: ``log4j2.properties`` beside this module, unless ``SPARK_SUBMIT_OPTS``
    names other options for the driver's Java)."""
    builder = SparkSession.builder.appName(app)
    if SparkSession.getActiveSession() is None:
        # the executors' Python: this one, with this project's packages (a cluster's
        # spark-submit names its own)
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
        quiet = f"-Dlog4j2.configurationFile={LOG_CONFIG.as_uri()}"
        os.environ.setdefault("SPARK_SUBMIT_OPTS", quiet)
        builder = builder.master(master)
        builder = builder.config("spark.ui.showConsoleProgress", "false")
        for name, value in (conf or {}).items():
            builder = builder.config(name, value)
    try:
        spark = builder.getOrCreate()
    except Exception as exc:  # Java missing or failing: its message says why
        raise SparkJobError(f"cannot start Spark on {master}: {exc}") from exc
    spark.sparkContext.setLogLevel("ERROR")
    for name, value in (("spark.sql.session.timeZone", "UTC"),
                        ("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS"),
                        ("spark.sql.sources.partitionColumnTypeInference.enabled", "false"),
                        ("spark.sql.sources.partitionOverwriteMode", "static")):  # fmt: skip
        spark.conf.set(name, value)
    return spark


def _spark_schema(schema: pa.Schema) -> StructType:
    found: StructType = from_arrow_schema(schema)
    return found


@dataclass
class ImportRun:
    """What a Spark import did: files by outcome, hands by outcome, seconds."""

    out: str
    seconds: float = 0.0
    files: Counter[str] = field(default_factory=Counter)
    imported: int = 0
    duplicates: int = 0
    conflicts: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    errors: int = 0
    left_out: int = 0

    @property
    def hands_seen(self) -> int:
        return self.imported + self.duplicates + self.skipped.total() + self.errors

    def lines(self) -> list[str]:
        files = ", ".join(f"{count:,} {outcome}" for outcome, count in sorted(self.files.items()))
        skipped = "".join(f"; skipped {count:,}: {reason}" for reason, count in
                          sorted(self.skipped.items(), key=lambda kv: (-kv[1], kv[0])))
        rate = self.hands_seen / self.seconds if self.seconds else 0.0
        return [f"files: {files or 'none'}" + (f"; {self.left_out:,} left out (hidden, "
                                               "companions)" if self.left_out else ""),
                f"hands: {self.imported:,} imported, {self.duplicates:,} duplicates{skipped}; "
                f"{self.errors:,} errors ({self.conflicts:,} conflicting duplicates)",
                f"{self.hands_seen:,} hands in {self.seconds:.1f} s ({rate:,.0f} hands/s) "
                f"into {self.out}"]  # fmt: skip


def under(folder: str, name: str) -> str:
    """The folder ``name`` inside ``folder``: a path, or a URL (``hdfs://head/tables``)."""
    return f"{folder.rstrip('/')}/{name}" if folder.rstrip("/") else f"/{name}"


def is_url(path: str) -> bool:
    """Whether an input names a file or folder by a URL (``hdfs://``, ``s3a://``,
    ``file:``...): read through Spark's file systems, not as a plain local path (a drive
    letter is no scheme)."""
    return len(urlsplit(path).scheme) > 1


@dataclass
class Inputs:
    """The files to import: the local ones as omaha import lists them (``listing``), the
    ones named by URLs as Spark lists them (``urls``: each file's URL and bytes, under the
    URLs given, ``roots``), and a frame of them all (one row per file, spread over the
    executors; a file of ``urls`` with its bytes, ``content``, read by Spark)."""

    listing: archives.Listing
    urls: list[tuple[str, int]]
    roots: list[str]
    frame: DataFrame

    @property
    def count(self) -> int:
        return len(self.listing.files) + len(self.urls)

    @property
    def size(self) -> int:
        return sum(found.size for found in self.listing.files) + sum(n for _, n in self.urls)

    @property
    def left_out(self) -> int:
        return self.listing.left_out

    def sources(self, spark: SparkSession, names: set[str]) -> Iterator[archives.Source]:
        """The sources of the files holding the sources ``names`` (a file named by a URL
        read again whole, through Spark, on the driver)."""
        for found in self.listing.files:
            yield from archives.sources(found)
        wanted = [url for url, _ in self.urls
                  if any(name == url or name.startswith(url + "!") for name in names)]
        if wanted:
            rows = (_binary_files(spark, self.roots).filter(F.col("path").isin(wanted))
                    .select("path", "content").collect())  # fmt: skip
            for row in sorted(rows, key=lambda row: wanted.index(row["path"])):
                yield from archives.sources_in(row["path"], bytes(row["content"]))


def _binary_files(spark: SparkSession, roots: Sequence[str]) -> DataFrame:
    """The files under ``roots`` (URLs), as Spark's binary file source reads them."""
    reader = spark.read.format("binaryFile").option("recursiveFileLookup", "true")
    return reader.load(list(roots))


def _url_files(spark: SparkSession, urls: Sequence[str]) -> tuple[list[tuple[str, int]], int]:
    """The files under ``urls``, listed by Spark on the driver, in the order omaha import
    walks a folder (name order, folder by folder; each file once), and how many it left
    out (companions; a file named itself is always read)."""
    files: dict[str, int] = {}
    left_out = 0
    for url in urls:
        try:
            rows = _binary_files(spark, [url]).select("path", "length").collect()
        except AnalysisException as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise SparkJobError(f"cannot list {url}: {first}") from exc
        named = urlsplit(url).path.rstrip("/")
        for row in sorted(rows, key=lambda row: urlsplit(row["path"]).path.split("/")):
            path = row["path"]
            if urlsplit(path).path != named and not archives.wanted(path):
                left_out += 1
            elif path not in files:
                files[path] = int(row["length"])
    return list(files.items()), left_out


def _listing(spark: SparkSession, paths: Sequence[str]) -> Inputs:
    """The files to import: local paths listed as omaha import lists them, URLs through
    Spark (their files numbered after the local ones)."""
    local = [path for path in paths if not is_url(path)]
    roots = [path for path in paths if is_url(path)]
    try:
        listing = archives.find(local)
    except importer.ImportPathError as exc:
        raise SparkJobError(str(exc)) from exc
    urls, left_out = _url_files(spark, roots) if roots else ([], 0)
    listing.left_out += left_out
    rows = pa.table({
        "file_no": pa.array(range(len(listing.files)), pa.int64()),
        "path": [str(found.path) for found in listing.files],
        "size": pa.array([found.size for found in listing.files], pa.int64()),
        "members": pa.array([found.members for found in listing.files], pa.int64()),
        "unreadable": [found.unreadable for found in listing.files],
    }, schema=tasks.FILES)  # fmt: skip
    slices = max(1, min(len(listing.files), spark.sparkContext.defaultParallelism * 4))
    frame = spark.createDataFrame(rows, _spark_schema(tasks.FILES)).repartition(slices, "file_no")
    if urls:
        first = len(listing.files)
        named = pa.table({
            "file_no": pa.array(range(first, first + len(urls)), pa.int64()),
            "path": [url for url, _ in urls],
            "size": pa.array([size for _, size in urls], pa.int64()),
            "members": pa.array([1] * len(urls), pa.int64()),
            "unreadable": [""] * len(urls),
        }, schema=tasks.FILES)  # fmt: skip
        content = _binary_files(spark, roots).select("path", "content")
        if len(roots) > 1:  # a file under two of the URLs given is read once
            content = content.dropDuplicates(["path"])
        read = content.join(F.broadcast(spark.createDataFrame(
            named, _spark_schema(tasks.FILES))), "path")
        read = read.select(*tasks.FILES.names, "content")
        frame = read if not listing.files else frame.unionByName(read, allowMissingColumns=True)
    return Inputs(listing, urls, roots, frame)


def _table(parsed: DataFrame, name: str) -> DataFrame:
    """One table's rows out of the tagged rows, with their place columns."""
    place = [F.col(c) for c in PLACE]
    extra = [] if name in ("import_errors", "import_skips", "sources") else [F.col("month")]
    if name in HAND_TABLES and name != "hands":
        extra.append(F.col("room"))
    return parsed.filter(F.col("table") == name).select(*place, *extra, f"{name}.*")


def run_import(
    paths: Sequence[str],
    out: str | Path,
    master: str = "local[*]",
    timezone: str | None = None,
    spark: SparkSession | None = None,
) -> ImportRun:
    """Import the hand histories under ``paths`` into the folder ``out`` (a path, or a URL
    of a file system Spark writes) with Spark."""
    began = time.perf_counter()
    out = str(out)
    spark = spark or session(master)
    inputs = _listing(spark, paths)
    if not inputs.count:
        raise SparkJobError("no files to import under " + ", ".join(paths))
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", str(CHUNKS_PER_BATCH))
    read = inputs.frame.mapInArrow(functools.partial(tasks.read_files, timezone=timezone),
                            _spark_schema(tasks.READ))
    parse_tasks = max(2 * spark.sparkContext.defaultParallelism, inputs.size // TASK_BYTES)
    chunks = read.repartition(int(parse_tasks), "order", "byte_offset")
    parsed = chunks.mapInArrow(functools.partial(tasks.parse_chunks, timezone=timezone),
                               _spark_schema(tasks.PARSED))
    parsed = parsed.persist(StorageLevel.DISK_ONLY)
    try:
        run = _write_import(spark, parsed, inputs, out)
    finally:
        parsed.unpersist()
    run.seconds = time.perf_counter() - began
    return run


def _write_import(spark: SparkSession, parsed: DataFrame, inputs: Inputs,
                  out: str) -> ImportRun:  # fmt: skip
    """Drop the later copies of hands, write the tables, count what happened."""
    hands = _table(parsed, "hands")
    copies = conflicts.later_copies(hands)
    dropped = copies.persist(StorageLevel.DISK_ONLY)
    try:
        n_dropped = dropped.count()
        found = conflicts.find(parsed, hands, dropped) if n_dropped else []
        conflict_rows = conflicts.error_rows(found, functools.partial(inputs.sources, spark))
        keep = F.broadcast(dropped) if n_dropped <= BROADCAST_ROWS else dropped
        for name in HAND_TABLES:
            rows = _table(parsed, name)
            if n_dropped:
                rows = rows.join(keep.select(*KEY, *PLACE), [*KEY, *PLACE], "left_anti")
            columns = [c for c in schemas.TABLES[name].names if c != "room"]
            (rows.select(*columns, "room", "month").write.mode("overwrite")
             .partitionBy(*parquet.PARTITIONS).parquet(under(out, name)))
        errors = _table(parsed, "import_errors").select(*schemas.IMPORT_ERRORS.names)
        if conflict_rows.num_rows:
            errors = errors.unionByName(spark.createDataFrame(
                conflict_rows, _spark_schema(schemas.IMPORT_ERRORS)))
        errors.write.mode("overwrite").parquet(under(out, "import_errors"))
        skips = _table(parsed, "import_skips").select(*schemas.IMPORT_SKIPS.names)
        skips.write.mode("overwrite").parquet(under(out, "import_skips"))
        run = _import_files(spark, parsed, dropped, found, out)
    finally:
        dropped.unpersist()
    run.left_out = inputs.left_out
    run.files["unreadable folders"] = len(inputs.listing.folders_not_read)
    run.files = +run.files
    return run


def _counts(frame: DataFrame, by: Sequence[str | Column]) -> dict[str, int]:
    return {row[0]: int(row[1]) for row in frame.groupBy(*by).count().collect()}


def _import_files(spark: SparkSession, parsed: DataFrame, dropped: DataFrame,
                  found: Sequence[Conflict], out: str) -> ImportRun:  # fmt: skip
    """Write ``import_files``: each source's end with how its hands ended (as omaha import
    counts them), and the run's totals."""
    sources = _table(parsed, "sources").orderBy("order").collect()
    hands = _counts(_table(parsed, "hands"), ["source_file"])
    later = _counts(dropped, ["source_file"])
    skipped = _counts(_table(parsed, "import_skips"), ["source_file"])
    errors = _counts(_table(parsed, "import_errors"), ["source_file"])
    conflicting = Counter(conflict.source_file for conflict in found)
    now = dt.datetime.now(dt.UTC)
    records = []
    run = ImportRun(out, conflicts=len(found))
    for source in sources:
        name = source["source_file"]
        imported = hands.get(name, 0) - later.get(name, 0)
        duplicates = later.get(name, 0) - conflicting[name]
        error_count = errors.get(name, 0) + conflicting[name]
        records.append({"source_file": name, "sha256": source["sha256"] or "",
                        "size": source["size"], "imported": imported, "duplicates": duplicates,
                        "skipped": skipped.get(name, 0), "errors": error_count,
                        "imported_at": now, "parser": source["parser"]})  # fmt: skip
        run.files[source["outcome"]] += 1
        run.imported += imported
        run.duplicates += duplicates
        run.errors += error_count
    reasons = _table(parsed, "import_skips").groupBy("reason").count().collect()
    run.skipped = Counter({row["reason"]: int(row["count"]) for row in reasons})
    table = pa.Table.from_pylist(records, schema=store.IMPORT_FILES)
    frame = spark.createDataFrame(table, _spark_schema(store.IMPORT_FILES))
    frame.coalesce(1).write.mode("overwrite").parquet(under(out, "import_files"))
    return run


# ---- the audit ----


@dataclass
class AuditRun:
    """What a Spark audit did: hands audited, by status, rows written per table, seconds."""

    folder: str
    hands: int = 0
    statuses: Counter[str] = field(default_factory=Counter)
    rows: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def lines(self) -> list[str]:
        statuses = ", ".join(f"{count:,} {status}" for status, count in
                             sorted(self.statuses.items()))  # fmt: skip
        written = ", ".join(f"{name} {rows:,}" for name, rows in self.rows.items())
        rate = self.hands / self.seconds if self.seconds else 0.0
        return [f"audit: {self.hands:,} hands ({statuses or 'none'})",
                f"rows written: {written}",
                f"{self.hands:,} hands audited in {self.seconds:.1f} s ({rate:,.0f} hands/s) "
                f"into {self.folder}"]  # fmt: skip


def _inputs(stages: Sequence[Stage]) -> dict[str, pa.Schema]:
    """Each hand table's columns that the stages read."""
    return {name: pa.schema([schemas.TABLES[name].field(c) for c in schemas.TABLES[name].names
                             if any(c in stage.columns[name] for stage in stages)])
            for name in HAND_TABLES}  # fmt: skip


def run_audit(folder: str | Path, master: str = "local[*]", equity: bool = True,
              spark: SparkSession | None = None) -> AuditRun:  # fmt: skip
    """Audit every hand of the folder (a path, or a URL of a file system Spark reads and
    writes) with Spark (and compute the all-in equities with ``equity``), writing the
    stages' tables beside the hands."""
    began = time.perf_counter()
    folder = str(folder)
    no_hands = f"{folder} holds no hands (no folder {under(folder, 'hands')})"
    if not is_url(folder) and not (Path(folder) / "hands").is_dir():
        raise SparkJobError(no_hands)
    spark = spark or session(master)
    stages = [AUDIT, ALLIN] if equity else [AUDIT]
    inputs = _inputs(stages)
    outputs = {name: schema for stage in stages for name, schema in stage.outputs.items()}
    tagged_out = tasks.tagged_schema(outputs, ROOM_MONTH)
    try:
        frames = {name: spark.read.option("basePath", under(folder, name))
                  .parquet(under(folder, name)) for name in HAND_TABLES}  # fmt: skip
    except AnalysisException as exc:  # a URL's folder without them
        raise SparkJobError(no_hands) from exc
    hands = frames["hands"].count()
    groups = max(spark.sparkContext.defaultParallelism, -(-hands // AUDIT_GROUP_HANDS))
    bucket = F.pmod(F.xxhash64("site", "hand_id"), F.lit(groups)).alias("bucket")
    union: DataFrame | None = None
    for name in HAND_TABLES:
        columns = []
        for other, schema in inputs.items():
            struct_type = _spark_schema(pa.schema([pa.field(f.name, f.type) for f in schema]))
            if other == name:
                fields = [F.col(f.name).cast(f.dataType).alias(f.name) for f in struct_type.fields]
                columns.append(F.struct(*fields).alias(other))
            else:
                columns.append(F.lit(None).cast(struct_type).alias(other))
        part = frames[name].select(F.lit(name).alias("table"), "room", "month", *columns, bucket)
        union = part if union is None else union.unionByName(part)
    assert union is not None
    audit = functools.partial(tasks.audit_group, stages=stages, inputs=inputs,
                              outputs=tagged_out)  # fmt: skip
    spark.conf.set("spark.sql.execution.arrow.maxRecordsPerBatch", "10000")
    result = union.groupBy("bucket").applyInArrow(
        lambda table: audit(table.drop_columns(["bucket"])), _spark_schema(tagged_out))
    result = result.persist(StorageLevel.DISK_ONLY)
    run = AuditRun(folder, hands)
    try:
        for name, schema in outputs.items():
            rows = result.filter(F.col("table") == name).select("month", *(
                ["room"] if "room" not in schema.names else []), f"{name}.*")
            rows = rows.select(*schema.names, *(c for c in ("room",) if c not in schema.names),
                               "month")
            (rows.write.mode("overwrite").partitionBy(*parquet.PARTITIONS)
             .parquet(under(folder, name)))
            run.rows[name] = spark.read.parquet(under(folder, name)).count()
        statuses = spark.read.parquet(under(folder, "audit_hands")).groupBy("status").count()
        run.statuses = Counter({row["status"]: int(row["count"]) for row in statuses.collect()})
    finally:
        result.unpersist()
    run.seconds = time.perf_counter() - began
    return run


def main(argv: Sequence[str] | None = None) -> None:
    """``spark-submit analysis/spark/job.py import PATH... --out DIR`` or ``... audit DIR``:
    the same commands as ``omaha spark``, in the session spark-submit made."""
    from analysis.cli.spark import spark_app

    spark_app(args=list(sys.argv[1:] if argv is None else argv), prog_name="omaha spark")


if __name__ == "__main__":
    main()
