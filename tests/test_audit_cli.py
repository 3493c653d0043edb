"""The ``omaha audit`` command: summary, problem list, one hand's replay, stored tables."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from analysis.audit import stage as audit_stage
from analysis.cli import app
from ingest import importer, store
from tests.damage import give_to_other, pay_more

GOLDEN = Path(__file__).parent / "fixtures" / "audit_golden.txt"
runner = CliRunner()


@pytest.fixture()
def db(tmp_path: Path) -> Path:
    """A database with the golden hands and one of them damaged (paid to a loser)."""
    hands = GOLDEN.read_text().split("\n\n\n")
    tie = next(text for text in hands if "#207000189950" in text)
    damaged = give_to_other(tie.replace("#207000189950", "#207000189951"))
    assert damaged is not None
    shutil.copy(GOLDEN, tmp_path / "golden.txt")
    (tmp_path / "damaged.txt").write_text(damaged)
    path = tmp_path / "audit.duckdb"
    importer.import_paths([tmp_path / "golden.txt", tmp_path / "damaged.txt"], path, workers=1)
    return path


def test_audit_summary_and_problems(db: Path) -> None:
    result = runner.invoke(app, ["audit", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "by room:" in result.output
    assert "PokerStars      5         1            0         0            0             0   4" in (
        result.output)
    assert "stored hands inconsistent as printed: 0 " in result.output
    assert "problems:" in result.output
    assert (
        "207000189951  mismatch  main pot: expected Ferteashce$ $0.90 and Kalu$ $3.59 and "
        "Hero $0.89, history pays Rotekaka-89 $0.90 and Kalu$ $3.59 and Hero $0.89"
        in result.output
    )
    # a second run finds nothing left to audit; --all audits everything again
    again = runner.invoke(app, ["audit", "--db", str(db), "--only-problems", "--format", "json"])
    assert json.loads(again.stdout) == [{
        "site": "pokerstars", "room": "PokerStars", "hand_id": "207000189951",
        "status": "mismatch",
        "reason": "main pot: expected Ferteashce$ $0.90 and Kalu$ $3.59 and Hero $0.89, "
                  "history pays Rotekaka-89 $0.90 and Kalu$ $3.59 and Hero $0.89"}]  # fmt: skip
    con = store.connect(db, read_only=True)
    try:
        counts = con.execute("SELECT status, count(*) FROM audit_hands GROUP BY ALL ORDER BY 1")
        assert counts.fetchall() == [("mismatch", 1), ("ok", 4)]
    finally:
        con.close()
    redo = runner.invoke(app, ["audit", "--db", str(db), "--all", "--format", "csv"])
    assert redo.exit_code == 0
    assert "5 hands audited" in redo.output


def test_audit_one_hand(db: Path) -> None:
    result = runner.invoke(app, ["audit", "207000004702", "--db", str(db)])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[1] == "status: ok"
    assert "main pot $372.39, rake $3.00, to share $369.39; eligible: tribaII, elulno_x" in lines
    assert "  board 2 main pot low half: elulno_x $92.34" in lines
    assert "  board 2 main pot: elulno_x expected $92.34, history $92.34  ok" in lines
    missing = runner.invoke(app, ["audit", "1", "--db", str(db)])
    assert missing.exit_code == 1
    assert "no hand 1" in missing.output


@pytest.mark.parametrize("workers", [1, 2])
def test_small_batches_give_the_same_rows(db: Path, workers: int) -> None:
    """Batches of 2 hands (3 batches, each read by its row ranges) store what one batch does."""
    audit_stage.run_audit(db, workers=1)
    con = store.connect(db, read_only=True)
    try:
        whole = con.execute("SELECT * FROM audit_awards ORDER BY ALL").fetchall()
    finally:
        con.close()
    run = audit_stage.run_audit(db, redo=True, workers=workers, batch_hands=2)
    assert run.hands == 5
    con = store.connect(db, read_only=True)
    try:
        assert con.execute("SELECT * FROM audit_awards ORDER BY ALL").fetchall() == whole
        assert con.execute("SELECT count(*) FROM audit_hands").fetchall() == [(5,)]
        tables = {row[0] for row in con.execute("SHOW TABLES").fetchall()}
        assert "audit_todo" not in tables
    finally:
        con.close()


def test_hands_left_between_audited_ones_are_found(db: Path) -> None:
    """Hands still to audit that lie between audited ones are read without their neighbours."""
    audit_stage.run_audit(db, workers=1)
    con = store.connect(db)
    try:
        whole = con.execute("SELECT * FROM audit_awards ORDER BY ALL").fetchall()
        keys = con.execute("SELECT hand_id FROM hands ORDER BY rowid").fetchall()
        dropped = [keys[0][0], keys[2][0], keys[4][0]]
        for table in ("audit_hands", "audit_awards"):
            con.execute(f"DELETE FROM {table} WHERE hand_id IN (?, ?, ?)", dropped)
    finally:
        con.close()
    # batches of two: the first batch's rows enclose those of the audited second hand
    run = audit_stage.run_audit(db, workers=1, batch_hands=2)
    assert run.hands == 3
    con = store.connect(db, read_only=True)
    try:
        assert con.execute("SELECT * FROM audit_awards ORDER BY ALL").fetchall() == whole
        assert con.execute("SELECT count(*) FROM audit_hands").fetchall() == [(5,)]
    finally:
        con.close()


def test_audit_needs_a_database(tmp_path: Path) -> None:
    result = runner.invoke(app, ["audit", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 1
    assert "no database at" in result.output
    assert not (tmp_path / "none.duckdb").exists()


def test_a_hand_inconsistent_as_printed_is_stored_audited_and_counted(tmp_path: Path) -> None:
    """A collect line paying five cents more than the pot gives: the import stores the hand,
    the audit names the pot, the player and the amounts, and counts it per room."""
    hands = GOLDEN.read_text().split("\n\n\n")
    text = next(text for text in hands if "#207000189950" in text)
    damaged = pay_more(text)
    assert damaged is not None
    (tmp_path / "damaged.txt").write_text(damaged)
    path = tmp_path / "inconsistent.duckdb"
    summary = importer.import_paths([tmp_path / "damaged.txt"], path, workers=1)
    assert (summary.imported, summary.errors) == (1, 0)
    result = runner.invoke(app, ["audit", "--db", str(path)])
    assert result.exit_code == 0, result.output
    assert "stored hands inconsistent as printed: 1 " in result.output
    as_json = runner.invoke(app, ["audit", "--db", str(path), "--only-problems", "--format",
                                  "json"])  # fmt: skip
    [problem] = json.loads(as_json.stdout)
    assert problem["status"] == "mismatch"
    assert problem["reason"] == (
        "main pot: expected Ferteashce$ $0.90 and Kalu$ $3.59 and Hero $0.89, history pays "
        "Ferteashce$ $0.95 and Kalu$ $3.59 and Hero $0.89"
    )


def test_an_audit_stored_by_an_earlier_version_is_made_again(db: Path) -> None:
    """Audit tables with other columns are dropped and every hand audited anew."""
    con = store.connect(db)
    try:
        con.execute("CREATE TABLE audit_hands (site VARCHAR, hand_id VARCHAR, status VARCHAR)")
        con.execute("INSERT INTO audit_hands VALUES ('pokerstars', '207000189950', 'ok')")
    finally:
        con.close()
    assert audit_stage.run_audit(db, workers=1).hands == 5


def test_audit_summary_as_one_json_document_and_named_csv_sections(db: Path) -> None:
    result = runner.invoke(app, ["audit", "--db", str(db), "--all", "--no-equity",
                                 "--format", "json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert list(summary) == ["by_room", "by_game", "problems"]
    assert sum(row["hands"] for row in summary["by_room"]) == 5
    csv_out = runner.invoke(app, ["audit", "--db", str(db), "--all", "--no-equity",
                                  "--format", "csv"]).stdout  # fmt: skip
    sections = [line for line in csv_out.splitlines() if line.startswith("# ")]
    assert sections == ["# by_room", "# by_game", "# problems"]
