"""A stage run (the audit, the all-in equities) stopped by Ctrl-C keeps exactly the batches
it committed, each hand with all its rows, and the next run goes on to the same rows as a
run never stopped: in one process (a transaction per batch), in a pool (one transaction for
the run, the workers stopped), and when redoing every hand (the rows stored before removed
in the transaction of the first new ones)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from analysis.allin import stage as allin_stage
from analysis.audit import stage as audit_stage
from ingest import generator, importer, store

HANDS = 600
BATCH = 100
Rows = dict[str, list[tuple[object, ...]]]


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("batches")
    generator.generate(folder / "hands.txt", HANDS, seed=23)
    db = folder / "omaha.duckdb"
    assert importer.import_paths([folder / "hands.txt"], db, workers=1).imported == HANDS
    return db


@pytest.fixture(scope="module")
def reference(imported: Path, tmp_path_factory: pytest.TempPathFactory) -> Rows:
    db = tmp_path_factory.mktemp("reference") / "omaha.duckdb"
    shutil.copy(imported, db)
    audit_stage.run_audit(db, workers=1)
    allin_stage.run_allin(db, workers=1)
    return _rows(db)


def _rows(db: Path) -> Rows:
    names = ("audit_hands", "audit_awards", "allin_seen", "allin_hands", "allin_equity",
             "allin_ev")  # fmt: skip
    with store.connect(db, read_only=True) as con:
        present = {name for (name,) in con.execute("SELECT table_name FROM duckdb_tables()")
                   .fetchall()}  # fmt: skip
        assert not any(name.endswith("_todo") for name in present)
        return {name: con.execute(f"SELECT * FROM {name} ORDER BY ALL").fetchall()
                for name in names if name in present}  # fmt: skip


def _audited(db: Path) -> int:
    with store.connect(db, read_only=True) as con:
        hands, awarded, alone = con.execute(
            "SELECT (SELECT count(*) FROM audit_hands), "
            "(SELECT count(DISTINCT (site, hand_id)) FROM audit_awards), "
            "(SELECT count(*) FROM audit_awards ANTI JOIN audit_hands USING (site, hand_id))"
        ).fetchall()[0]  # fmt: skip
    assert (awarded, alone) == (hands, 0)
    return int(hands)


def _ctrl_c_at(hands: int) -> Callable[[int, int], None]:
    """A progress callback pressing Ctrl-C once ``hands`` hands are done."""

    def progress(done: int, total: int) -> None:
        if done >= hands:
            raise KeyboardInterrupt

    return progress


@pytest.fixture()
def db(imported: Path, tmp_path: Path) -> Path:
    path = tmp_path / "omaha.duckdb"
    shutil.copy(imported, path)
    return path


def test_in_one_process_the_batches_committed_stay(db: Path, reference: Rows) -> None:
    with pytest.raises(KeyboardInterrupt):
        audit_stage.run_audit(db, workers=1, batch_hands=BATCH, progress=_ctrl_c_at(3 * BATCH))
    assert _audited(db) == 3 * BATCH
    assert audit_stage.run_audit(db, workers=1, batch_hands=BATCH).hands == HANDS - 3 * BATCH
    with pytest.raises(KeyboardInterrupt):
        allin_stage.run_allin(db, workers=1, batch_hands=BATCH, progress=_ctrl_c_at(BATCH))
    assert len(_rows(db)["allin_seen"]) == BATCH
    assert allin_stage.run_allin(db, workers=1, batch_hands=BATCH).hands == HANDS - BATCH
    assert _rows(db) == reference


def test_in_a_pool_nothing_of_the_run_is_stored(db: Path, reference: Rows) -> None:
    with pytest.raises(KeyboardInterrupt):
        audit_stage.run_audit(db, workers=2, batch_hands=BATCH, progress=_ctrl_c_at(BATCH))
    assert _audited(db) == 0
    assert sorted(path.name for path in db.parent.iterdir()) == ["omaha.duckdb"]
    assert audit_stage.run_audit(db, workers=2, batch_hands=BATCH).hands == HANDS
    allin_stage.run_allin(db, workers=1)
    assert _rows(db) == reference


def test_redoing_every_hand_replaces_the_rows_in_the_first_transaction(
    db: Path, reference: Rows
) -> None:
    audit_stage.run_audit(db, workers=1)
    allin_stage.run_allin(db, workers=1)
    with pytest.raises(KeyboardInterrupt):  # in a pool: the rows stored before stay
        audit_stage.run_audit(db, redo=True, workers=2, batch_hands=BATCH,
                            progress=_ctrl_c_at(BATCH))  # fmt: skip
    assert _rows(db) == reference
    with pytest.raises(KeyboardInterrupt):  # in one process: replaced by the first batch
        audit_stage.run_audit(db, redo=True, workers=1, batch_hands=BATCH,
                            progress=_ctrl_c_at(BATCH))  # fmt: skip
    assert _audited(db) == BATCH
    audit_stage.run_audit(db, workers=1)
    assert _rows(db) == reference
