"""The Spark job in local mode against the single machine: the same rows from the same files.

One Spark import of ``sample_histories/``, of every supported room's folders of the corpus
and of a folder of copies (a plain duplicate file and a copy with a changed stack: a
conflicting duplicate), then one Spark audit; ``omaha import`` and ``omaha audit`` of the
same paths into a database, once for the file, in this process. Every table is compared
row for row after sorting; the one column that differs by nature is
``import_files.imported_at`` (when the run wrote it). A Spark import of
``sample_histories/`` killed while it writes, then run again, gives the rows of
``omaha import`` too.

One Spark session for the file, on ``local[2]``, with few shuffle partitions and no web
UI: most of the file's time is Spark's own start and its jobs' overhead, not the few
hundred hands. Skipped, saying so, without Java or pyspark
(``pip install -e '.[spark]'``, Java 17).
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import time
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

if shutil.which("java") is None:
    pytest.skip("Spark tests skipped: no java on PATH (Spark needs Java 17)",
                allow_module_level=True)  # fmt: skip
pytest.importorskip("pyspark", reason="Spark tests skipped: pyspark is not installed "
                    "(pip install -e '.[spark]')")  # fmt: skip

from pyspark.sql import SparkSession
from typer.testing import CliRunner

from analysis import parquet
from analysis.allin.stage import run_allin
from analysis.audit.stage import run_audit
from analysis.cli import app
from analysis.spark import job
from ingest import importer, store
from tests.conftest import CORPUS

pytestmark = pytest.mark.spark
ROOT = Path(__file__).resolve().parents[1]
# Columns whose values depend on the run, not on the files: when the import ran.
BY_NATURE = {"import_files": ("imported_at",)}
# A small local session: two cores, a shuffle a partition per core, no web UI; Java
# compiling with its quick compiler only and collecting with one thread (the jobs are
# small: this halves the CPU time Spark takes).
SETTINGS = {
    "spark.ui.enabled": "false",
    "spark.sql.shuffle.partitions": "2",
    "spark.default.parallelism": "2",
    "spark.driver.extraJavaOptions": "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC",
}


@pytest.fixture(scope="module")
def spark() -> Iterator[SparkSession]:
    """One local Spark session on two cores for the file. Its Python workers import this
    checkout's code (the one the tests import), whatever the environment installed."""
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), before]))
    session = job.session("local[2]", "omaha-tests", conf=SETTINGS)
    try:
        yield session
    finally:
        session.stop()
        if before is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = before


def _rooms() -> dict[str, list[Path]]:
    """The corpus folders of every supported room (tests/rooms/*.toml) that this checkout
    has, by the room's site name."""
    rooms = {}
    for room in sorted((ROOT / "tests" / "rooms").glob("*.toml")):
        folders = [CORPUS / folder for folder in tomllib.loads(room.read_text())["folders"]]
        if any(folder.is_dir() for folder in folders):
            rooms[room.stem] = [folder for folder in folders if folder.is_dir()]
    return rooms


def _copies(folder: Path) -> Path:
    """A plain copy of a sample file and a copy with one stack changed (a conflict)."""
    folder.mkdir()
    text = (ROOT / "sample_histories" / "omaha.txt").read_text()
    (folder / "a_same.txt").write_text(text)
    (folder / "b_changed.txt").write_text(text.replace("($", "($1", 1))
    return folder


@pytest.fixture(scope="module")
def imported(spark: SparkSession, tmp_path_factory: pytest.TempPathFactory
             ) -> tuple[Path, Path, job.ImportRun, importer.ImportSummary]:  # fmt: skip
    """The database omaha import and audit wrote, the folder the Spark job wrote (named
    by its URL: written and audited through Spark's file systems), and both
    imports' counts."""
    base = tmp_path_factory.mktemp("spark")
    folders = [folder for room in _rooms().values() for folder in room]
    paths = [str(ROOT / "sample_histories"), *map(str, folders), str(_copies(base / "copies"))]
    db, out = base / "one.duckdb", base / "cluster"
    summary = importer.import_paths(paths, db, workers=2)
    run_audit(db, workers=1)
    run_allin(db, workers=1)
    run = job.run_import(paths, out.as_uri(), spark=spark)  # a folder named by its URL
    job.run_audit(out.as_uri(), spark=spark)
    return db, out, run, summary


def _rows(con: object, name: str, urls: bool = False) -> list[tuple[object, ...]]:
    """A table's rows, sorted (``urls``: each ``file:/`` URL in a text column as its path)."""
    schema = parquet.SCHEMAS[name]
    columns = [c for c in schema.names if c not in BY_NATURE.get(name, ())]
    listed = ", ".join(f"replace({c}, 'file:/', '/') AS {c}"
                       if urls and schema.field(c).type == "string" else c
                       for c in columns)  # fmt: skip
    rows = con.execute(f"SELECT {listed} FROM {name} ORDER BY ALL").fetchall()  # type: ignore[attr-defined]
    return list(rows)


def _same_tables(db: Path, out: Path, names: tuple[str, ...]) -> None:
    with store.connect(db, read_only=True) as one, parquet.connect(out) as many:
        for name in names:
            assert _rows(many, name) == _rows(one, name), name


def test_the_spark_import_gives_the_rows_of_omaha_import(
    imported: tuple[Path, Path, job.ImportRun, importer.ImportSummary],
) -> None:
    db, out, run, one = imported
    counts = ("imported", "duplicates", "errors", "conflicts")
    assert {c: getattr(run, c) for c in counts} == {c: getattr(one, c) for c in counts}
    # the copies: every hand of omaha.txt met again twice, one of them changed
    assert one.conflicts == 1 and one.duplicates >= 39
    _same_tables(db, out, tuple(store.STORED_TABLES))
    with parquet.connect(out) as con:
        sites = {site for (site,) in con.execute("SELECT DISTINCT site FROM hands").fetchall()}
    assert sites == {"pokerstars", *_rooms()}, "a supported room's corpus hands are missing"


def test_the_spark_audit_gives_the_rows_of_omaha_audit(
    imported: tuple[Path, Path, job.ImportRun, importer.ImportSummary],
) -> None:
    db, out, _, _ = imported
    _same_tables(db, out, ("audit_hands", "audit_awards", "allin_seen", "allin_hands",
                           "allin_equity", "allin_ev"))  # fmt: skip


def test_the_players_report_reads_the_same_from_parquet(
    imported: tuple[Path, Path, job.ImportRun, importer.ImportSummary],
) -> None:
    db, out, _, _ = imported
    runner = CliRunner()
    one = runner.invoke(app, ["report", "players", "--db", str(db), "--format", "csv"])
    many = runner.invoke(app, ["report", "players", "--parquet", str(out), "--format", "csv"])
    assert one.exit_code == 0 and many.exit_code == 0, (one.output, many.output)
    assert many.output == one.output
    assert many.output.count("\n") > 50


def test_a_killed_import_run_again_writes_the_same_tables(
    spark: SparkSession, tmp_path: Path) -> None:
    """The job of ``sample_histories/`` killed (SIGKILL, driver and executors) while
    writing its tables, then run again into the same folder: the rows of omaha import."""
    out = tmp_path / "again"
    paths = [str(ROOT / "sample_histories")]
    command = [sys.executable, "-m", "analysis.spark.job", "import", *paths, "--out", str(out),
               "--master", "local[2]"]  # fmt: skip
    settings = " ".join(f"--conf {shlex.quote(f'{name}={value}')}"
                        for name, value in SETTINGS.items())  # fmt: skip
    env = {**os.environ, "PYSPARK_SUBMIT_ARGS": f"{settings} pyspark-shell"}
    started = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 240
        while not (out / "players").exists() and started.poll() is None:
            assert time.monotonic() < deadline, "the job wrote no table in 240 s"
            time.sleep(0.1)
    finally:
        os.killpg(started.pid, signal.SIGKILL)
        started.wait()
    assert not (out / "import_files" / "_SUCCESS").exists(), "killed too late"
    job.run_import(paths, out, spark=spark)
    db = tmp_path / "one.duckdb"
    importer.import_paths(paths, db, workers=2)
    _same_tables(db, out, tuple(store.STORED_TABLES))


def test_an_import_of_urls_reads_through_spark_file_systems(
    spark: SparkSession, tmp_path: Path) -> None:
    """``sample_histories/`` and the folder of copies named by ``file://`` URLs: listed and
    read through Spark's file systems, as ``hdfs://`` or ``s3a://`` folders are, they give
    the rows of omaha import of the same folders named by plain paths. Each file is named
    by its URL as Spark names it (``file:/...``: in ``source_file`` and in a conflict's
    message naming the first copy's file), compared as its path (``file:`` taken off).
    The tables are written into a folder named by its URL (as the module's import and
    audit are); a URL's folder with no hands is refused."""
    folders = [ROOT / "sample_histories", _copies(tmp_path / "copies")]
    out, db = tmp_path / "urls", tmp_path / "one.duckdb"
    run = job.run_import([folder.as_uri() for folder in folders], out.as_uri(), spark=spark)
    one = importer.import_paths([str(folder) for folder in folders], db, workers=2)
    counts = ("imported", "duplicates", "errors", "conflicts")
    assert {c: getattr(run, c) for c in counts} == {c: getattr(one, c) for c in counts}
    assert run.conflicts == 1
    with store.connect(db, read_only=True) as plain, parquet.connect(out) as urls:
        for name in store.STORED_TABLES:
            named = _rows(urls, name, urls=True)
            assert named == _rows(plain, name), name
            if "source_file" in parquet.SCHEMAS[name].names:
                files = urls.execute(f"SELECT DISTINCT source_file FROM {name}").fetchall()
                assert all(file.startswith("file:/") for (file,) in files), name
    with pytest.raises(job.SparkJobError, match="holds no hands"):
        job.run_audit((tmp_path / "copies").as_uri(), equity=False, spark=spark)
