"""The hand-history generator: deterministic, parses cleanly, chips exact, audits clean."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from analysis.audit import stage as audit_stage
from ingest import generator, importer, store
from omaha_core.games import GAMES

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
SAMPLE_HANDS = 40
SAMPLE_FIRST_SEED = 100  # sample_histories/<game>.txt uses seed 100 + the game's index


def test_same_seed_same_bytes_other_seed_other_bytes(tmp_path: Path) -> None:
    paths = [tmp_path / f"{name}.txt" for name in ("a", "b", "c")]
    sizes = [
        generator.generate(path, 150, seed) for path, seed in zip(paths, (1, 1, 2), strict=True)
    ]
    assert sizes[0] == paths[0].stat().st_size
    assert paths[0].read_bytes() == paths[1].read_bytes() != paths[2].read_bytes()


def test_output_does_not_depend_on_the_number_of_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(generator, "BLOCK_HANDS", 40)
    generator.generate(tmp_path / "one.txt", 130, 3, workers=1)
    generator.generate(tmp_path / "two.txt", 130, 3, workers=2)
    assert (tmp_path / "one.txt").read_bytes() == (tmp_path / "two.txt").read_bytes()


@pytest.mark.parametrize("index_and_game", list(enumerate(GAMES)), ids=list(GAMES))
def test_sample_histories_are_what_the_generator_writes(
    index_and_game: tuple[int, str], tmp_path: Path
) -> None:
    index, game = index_and_game
    fresh = tmp_path / f"{game}.txt"
    generator.generate(fresh, SAMPLE_HANDS, SAMPLE_FIRST_SEED + index, [game])
    assert fresh.read_bytes() == (SAMPLES / f"{game}.txt").read_bytes()


def test_unknown_game_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown games \\['razz'\\]"):
        generator.generate(tmp_path / "x.txt", 1, games=["razz"])


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, importer.ImportSummary]:
    folder = tmp_path_factory.mktemp("generated")
    generator.generate(folder / "hands.txt", 2500, seed=11)
    db = folder / "omaha.duckdb"
    return db, importer.import_paths([folder / "hands.txt"], db, workers=1)


def _rows(db: Path, sql: str) -> list[dict[str, object]]:
    con = store.connect(db, read_only=True)
    try:
        rows: list[dict[str, object]] = store.query(con, sql).to_pylist()
        return rows
    finally:
        con.close()


def test_generated_hands_parse_without_errors(
    imported: tuple[Path, importer.ImportSummary],
) -> None:
    _, summary = imported
    assert (summary.imported, summary.duplicates, summary.skipped, summary.errors) == (
        2500, 0, 0, 0,
    )  # fmt: skip


def test_nets_sum_to_minus_the_rake(imported: tuple[Path, importer.ImportSummary]) -> None:
    db, _ = imported
    wrong = _rows(
        db,
        "SELECT h.hand_id, h.rake, sum(p.net) AS nets FROM hands h JOIN players p "
        "USING (site, hand_id) GROUP BY ALL HAVING sum(p.net) != -h.rake",
    )
    assert wrong == []
    raked = _rows(db, "SELECT count(*) AS n FROM hands WHERE rake > 0")[0]["n"]
    assert isinstance(raked, int) and raked > 500


def test_every_feature_is_dealt(imported: tuple[Path, importer.ImportSummary]) -> None:
    db, _ = imported
    games = {row["game"] for row in _rows(db, "SELECT DISTINCT game FROM hands")}
    assert games == set(GAMES)
    counts = _rows(
        db,
        "SELECT count(*) FILTER (limit_type = 'NL') AS nl,"
        " count(*) FILTER (limit_type = 'FL') AS fl, count(*) FILTER (is_tournament) AS tournament,"
        " count(*) FILTER (ante > 0) AS antes,"
        " count(*) FILTER (max_seats = 9) AS nine_max, count(*) FILTER (len(boards) = 2) AS twice"
        " FROM hands",
    )[0]
    assert all(isinstance(count, int) and count >= 5 for count in counts.values()), counts
    side_pots = _rows(db, "SELECT count(DISTINCT hand_id) AS n FROM collections WHERE pot >= 2")
    shared = _rows(
        db,
        "SELECT count(*) AS n FROM (SELECT hand_id FROM collections"
        " JOIN hands USING (site, hand_id) WHERE hi_lo"
        " GROUP BY hand_id, board, pot HAVING count(DISTINCT seat) >= 3)",
    )
    assert side_pots[0]["n"] >= 5 and shared[0]["n"] >= 2
    showdown = _rows(
        db,
        "SELECT count(DISTINCT hand_id) / (SELECT count(*) FROM hands) AS share FROM actions "
        "WHERE kind = 'show'",
    )[0]["share"]
    assert isinstance(showdown, float) and 0.25 < showdown < 0.45


def test_generated_hands_pass_the_audit(imported: tuple[Path, importer.ImportSummary]) -> None:
    db, _ = imported
    audit_stage.run_audit(db, workers=1)
    problems = _rows(db, "SELECT hand_id, status FROM audit_hands WHERE status != 'ok'")
    assert problems == []


@given(st.lists(st.integers(0, 10**6), min_size=1, max_size=6), st.integers(0, 300))
def test_rake_is_spread_over_the_pots_exactly(pots: list[int], rake: int) -> None:
    rake = min(rake, sum(pots))
    charged = generator.rake_by_pot(pots, rake)
    assert sum(charged) == rake
    assert all(0 <= cut <= pot for cut, pot in zip(charged, pots, strict=True))


def test_rake_rule() -> None:
    assert generator.rake_by_pot([247, 93, 30], 18) == [12, 5, 1]
    assert generator.rake_for(1000, flop_seen=True, tournament=False) == 50
    assert generator.rake_for(100_000, flop_seen=True, tournament=False) == 300
    assert generator.rake_for(1000, flop_seen=False, tournament=False) == 0
    assert generator.rake_for(1000, flop_seen=True, tournament=True) == 0


def test_times_skip_the_hour_eastern_time_skips(tmp_path: Path) -> None:
    # hand 133,290 is dealt at 2024-03-10 07:00 UTC, when US Eastern time jumps 2:00 -> 3:00
    text = generator.block_text(5, 133_200, 200, tuple(GAMES))
    assert "- 2024/03/10 1:59:" in text and "- 2024/03/10 3:00:" in text
    assert "- 2024/03/10 2:" not in text
    path = tmp_path / "dst.txt"
    path.write_text(text)
    summary = importer.import_paths([path], tmp_path / "dst.duckdb", workers=1)
    assert (summary.imported, summary.errors) == (200, 0)
