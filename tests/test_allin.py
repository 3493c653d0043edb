"""All-in equity of stored hands: a hand computed by hand, hands that do not qualify or
cannot be computed, and the sums every computed hand keeps."""

from __future__ import annotations

from contextlib import closing
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from analysis.allin import stage as allin_stage
from analysis.allin.equity import AllInResult, all_in_equity
from analysis.audit.core import prepare
from analysis.cli import app
from analysis.reports import queries
from analysis.reports.queries import Filters, Report, run_report
from ingest import importer, store
from ingest.generator import block_text
from ingest.sites import Chunk, ParseResult
from ingest.sites.pokerstars import SITE
from omaha_core.games import GAMES

# Omaha Hi/Lo, both all-in on the turn (board Kd 7s 2h 4c): Ann's aces with a made low win
# the high on 6 of the 40 rivers (as omaha_core.equity's doctest counts) and the low on
# all 40, so she expects (6 x $10 + 34 x $5) / 40 = $5.75 of the $10 pot: ev_net +$0.75 against her
# actual net of 0 (she got $5).
TURN_ALL_IN = """\
PokerStars Hand #400000000001:  Omaha Hi/Lo Pot Limit ($0.50/$1 USD) - 2024/01/08 9:00:00 ET
Table 'AllIn I' 6-max Seat #1 is the button
Seat 1: Ann ($5 in chips)
Seat 2: Bob ($5 in chips)
Ann: posts small blind $0.50
Bob: posts big blind $1
*** HOLE CARDS ***
Ann: calls $0.50
Bob: checks
*** FLOP *** [Kd 7s 2h]
Bob: checks
Ann: checks
*** TURN *** [Kd 7s 2h] [4c]
Bob: bets $2
Ann: raises $2 to $4 and is all-in
Bob: calls $2 and is all-in
*** RIVER *** [Kd 7s 2h 4c] [9d]
*** SHOW DOWN ***
Ann: shows [As Ah 2c 3d] (HI: a pair of Aces; LO: 7,4,3,2,A)
Bob: shows [Ks Kh Qc Jd] (HI: three of a kind, Kings)
Bob collected $5 from pot
Ann collected $5 from pot
*** SUMMARY ***
Total pot $10 | Rake $0
Board [Kd 7s 2h 4c 9d]
Seat 1: Ann (button) (small blind) showed [As Ah 2c 3d] and won ($5) with HI: a pair of Aces; LO: 7,4,3,2,A
Seat 2: Bob (big blind) showed [Ks Kh Qc Jd] and won ($5) with HI: three of a kind, Kings



"""  # noqa: E501


runner = CliRunner()


def parse(text: str) -> ParseResult:
    return SITE.parse(Chunk(text.encode(), "allin.txt", 0, 1, "utf-8"))


def run(parsed: ParseResult) -> AllInResult:
    return all_in_equity(prepare(parsed.hands, parsed.players, parsed.actions, parsed.collections))


def rows(table: object) -> list[dict[str, object]]:
    frame = pl.from_arrow(table)  # type: ignore[arg-type]
    assert isinstance(frame, pl.DataFrame)
    return frame.to_dicts()


def test_turn_all_in_by_hand() -> None:
    result = run(parse(TURN_ALL_IN))
    [hand] = rows(result.hands)
    assert (hand["street"], hand["computed"], hand["runouts"]) == ("turn", True, 40)
    equity = sorted((r["half"], r["player"], r["equity"], r["expected"])
                    for r in rows(result.equity))  # fmt: skip
    assert equity == [
        ("hi", "Ann", pytest.approx(6 / 40), pytest.approx(500 * 6 / 40)),
        ("hi", "Bob", pytest.approx(34 / 40), pytest.approx(500 * 34 / 40)),
        ("lo", "Ann", 1.0, 500.0),
        ("lo", "Bob", 0.0, 0.0),
    ]
    ev = sorted((r["player"], r["net"], r["ev_net"], r["luck"]) for r in rows(result.ev))
    assert ev == [("Ann", 0, pytest.approx(75.0), pytest.approx(-75.0)),
                  ("Bob", 0, pytest.approx(-75.0), pytest.approx(75.0))]  # fmt: skip


def test_a_player_still_in_who_did_not_show_makes_the_hand_not_computable() -> None:
    mucked = TURN_ALL_IN.replace(
        "Bob: shows [Ks Kh Qc Jd] (HI: three of a kind, Kings)", "Bob: mucks hand"
    ).replace("Bob collected $5 from pot\nAnn collected $5 from pot", "Ann collected $10 from pot")
    mucked = mucked.replace(
        "Seat 2: Bob (big blind) showed [Ks Kh Qc Jd] and won ($5) with HI: three of a kind, "
        "Kings", "Seat 2: Bob (big blind) mucked",
    ).replace("and won ($5) with HI: a pair", "and won ($10) with HI: a pair")
    parsed = parse(mucked)
    assert parsed.import_errors.num_rows == 0
    result = run(parsed)
    [hand] = rows(result.hands)
    assert (hand["computed"], hand["reason"]) == (False, "cards not shown: Bob (seat 2)")
    assert result.equity.num_rows == result.ev.num_rows == 0


def test_hands_with_betting_left_or_a_complete_board_do_not_qualify() -> None:
    """All-in on the river (the board was complete), or two players with chips behind."""
    river = TURN_ALL_IN.replace("Seat 1: Ann ($5 in chips)", "Seat 1: Ann ($9 in chips)")
    river = river.replace("Ann: raises $2 to $4 and is all-in\nBob: calls $2 and is all-in",
                          "Ann: calls $2")  # fmt: skip
    river = river.replace("*** RIVER *** [Kd 7s 2h 4c] [9d]\n",
                          "*** RIVER *** [Kd 7s 2h 4c] [9d]\nBob: bets $2 and is all-in\n"
                          "Ann: calls $2\n")  # fmt: skip
    assert run(parse(river)).hands.num_rows == 0


@pytest.fixture(scope="module")
def generated() -> tuple[ParseResult, AllInResult]:
    parsed = parse(block_text(5, 0, 1500, tuple(GAMES)))
    return parsed, run(parsed)


def test_generated_all_ins_keep_their_sums(generated: tuple[ParseResult, AllInResult]) -> None:
    """Every pot-half's equities sum to 1, its expected shares to the half, and each
    hand's ev_net to minus the room's take; luck is net less ev_net."""
    parsed, result = generated
    hands = pl.from_arrow(result.hands)
    assert isinstance(hands, pl.DataFrame)
    assert hands.height > 50 and hands["computed"].all()
    assert set(hands["street"]) == {"preflop", "flop", "turn"}
    equity = pl.from_arrow(result.equity)
    assert isinstance(equity, pl.DataFrame)
    sums = equity.group_by("hand_id", "pot", "half").agg(pl.col("equity").sum())
    assert sums["equity"].to_list() == pytest.approx([1.0] * sums.height)
    ev = pl.from_arrow(result.ev)
    assert isinstance(ev, pl.DataFrame)
    take = pl.from_arrow(parsed.hands).select(  # type: ignore[union-attr]
        "hand_id", (pl.col("rake") + pl.col("jackpot_fee") + pl.col("tax")).alias("take")
    )
    expected = equity.group_by("hand_id").agg(pl.col("expected").sum()).join(
        pl.from_arrow(parsed.hands).select(  # type: ignore[union-attr]
            "hand_id", "total_pot", (pl.col("rake") + pl.col("jackpot_fee") + pl.col("tax"))
            .alias("take"),
        ), on="hand_id",
    )  # fmt: skip
    # the pots' expected shares add up to the pots less their rake
    due = expected["total_pot"] - expected["take"]
    assert (expected["expected"] - due).abs().max() < 1e-6  # type: ignore[operator]
    per_hand = ev.group_by("hand_id").agg(pl.col("ev_net").sum()).join(take, on="hand_id")
    assert per_hand.height == hands.height
    assert (per_hand["ev_net"] + per_hand["take"]).abs().max() < 1e-6  # type: ignore[operator]
    assert (ev["net"] - ev["ev_net"] - ev["luck"]).abs().max() < 1e-9  # type: ignore[operator]


def test_a_batch_prepares_only_its_hands_with_an_all_in(
    generated: tuple[ParseResult, AllInResult],
) -> None:
    """The stage leaves out the hands with no all-in action before preparing a batch: its
    rows are those of every hand prepared, and it still marks every hand looked at."""
    parsed, result = generated
    tables = {"hands": parsed.hands, "players": parsed.players, "actions": parsed.actions,
              "collections": parsed.collections}  # fmt: skip
    batch = allin_stage.allin_tables(tables)
    assert batch["allin_seen"].num_rows == parsed.hands.num_rows == 1500
    for name, table in (("allin_hands", result.hands), ("allin_equity", result.equity),
                        ("allin_ev", result.ev)):  # fmt: skip
        assert rows(batch[name]) == rows(table), name


def test_omaha_audit_computes_each_all_in_once(tmp_path: Path) -> None:
    """The audit command computes the all-in hands not done yet and summarises them; a
    second run computes nothing, ``--all`` everything again, ``--no-equity`` nothing."""
    source = tmp_path / "hands.txt"
    source.write_text(TURN_ALL_IN + "\n\n" + block_text(3, 0, 200, tuple(GAMES)))
    db = tmp_path / "allin.duckdb"
    importer.import_paths([source], db, workers=1)
    first = runner.invoke(app, ["audit", "--db", str(db)])
    assert first.exit_code == 0, first.output
    assert "all in hands:" in first.output
    with closing(store.connect(db, read_only=True)) as con:
        [(seen, hands, ann)] = con.execute(
            "SELECT (SELECT count(*) FROM allin_seen), (SELECT count(*) FROM allin_hands), "
            "(SELECT ev_net FROM allin_ev WHERE hand_id = '400000000001' AND player = 'Ann')"
        ).fetchall()
    assert (seen, ann) == (201, 75.0)
    assert hands > 10
    assert allin_stage.run_allin(db, workers=1).hands == 0
    assert allin_stage.run_allin(db, redo=True, workers=1).hands == 201
    skipped = runner.invoke(app, ["audit", "--db", str(db), "--all", "--no-equity"])
    assert "all in hands:" not in skipped.output


def test_reports_show_all_in_adjusted_results(tmp_path: Path) -> None:
    """After the audit, the players report has Ann's expected net and luck from the turn
    all-in, and net where no all-in was computed; before it, net itself."""
    source = tmp_path / "hand.txt"
    source.write_text(TURN_ALL_IN)
    db = tmp_path / "report.duckdb"
    importer.import_paths([source], db, workers=1)

    def ann() -> dict[str, object]:
        with closing(queries.connect_for_reports(db)) as con:
            [row] = run_report(con, Report.players, Filters(player="Ann")).to_pylist()
        return row

    assert (ann()["net"], ann()["net_adjusted"], ann()["luck"]) == (0, 0, 0)
    allin_stage.run_allin(db, workers=1)
    row = ann()
    assert (row["net"], row["net_adjusted"], row["luck"]) == (0, 75, -75)
    assert row["adjusted_bb_per_100"] == 75.0  # 0.75 big blinds in one hand
