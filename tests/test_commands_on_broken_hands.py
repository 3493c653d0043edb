"""Every command family run through the real ``omaha`` script, to its end, on damaged and
partial hands and on every real history file: exit 0, no traceback, and numbers that agree
with the stored rows.

Two databases: generated hands of all eight games, some damaged at the text level
(``tests/broken_hands.py``: shows of some cards only, boards cut short, zero amounts,
sitting-out players who post, seats with no action, one-player hands, hands cut before
their summary); and every file of ``../shared/corpus`` and ``../shared/formats`` imported
as folders. On each: import, audit (summary, problems, one hand's replay), every report
(``omaha report --help``: players, positions, hands, sessions, with their ``--by``), the
graph (HTML and PNG), equity (the stored all-in hands recomputed by ``omaha equity``) and
``omaha sql`` over the views. The truth the outputs are held to is read from the stored
``hands`` and ``players`` rows with plain SQL and Python, not from the reports' SQL.

A hypothesis property runs the same damages, drawn at random and combined, through the
library in-process (parse, audit, all-in equity), where many examples cost little.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from analysis.allin.equity import all_in_equity
from analysis.audit.core import STATUSES, audit, prepare
from analysis.cli import app
from ingest import store
from ingest.generator import block_text
from ingest.sites import Chunk, ParseResult, pokerstars
from omaha_core.games import GAMES
from tests.broken_hands import DAMAGES

OMAHA = Path(sys.executable).with_name("omaha")  # the console script of this environment
HAND_START = re.compile(r"^(?=PokerStars Hand #)", re.M)
HAND_ID = re.compile(r"^PokerStars Hand #(\d+)")
GENERATED = 150
PER_DAMAGE = 4  # hands damaged each way
CARD = re.compile(r"^(10|[2-9TJQKA])[cdhs]$", re.I)
runner = CliRunner()


def omaha(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run ``omaha ARGS``: it must exit 0, with no traceback on either stream."""
    done = subprocess.run([str(OMAHA), *map(str, args)], capture_output=True, text=True,
                          timeout=300)  # fmt: skip
    assert done.returncode == 0, (args, done.stdout[-3000:], done.stderr[-3000:])
    assert "Traceback" not in done.stdout + done.stderr, (args, done.stderr[-3000:])
    return done


def query(db: Path, sql: str) -> list[tuple[Any, ...]]:
    """Rows of a plain query on the stored tables, read-only."""
    con = store.connect(db, read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


@dataclass
class Database:
    """A database built by ``omaha import`` and what its input held."""

    name: str
    path: Path
    hands_written: int | None  # hands in the input (None: not counted, the real files)
    damaged: dict[str, list[str]] = field(default_factory=dict)  # damage -> hand ids
    summary: list[dict[str, Any]] = field(default_factory=list)  # the import's counts
    audit: str = ""  # the first audit's output, as json
    reports: dict[tuple[str, ...], list[dict[str, Any]]] = field(default_factory=dict)


def damaged_text() -> tuple[str, int, dict[str, list[str]]]:
    """Generated hands of every game, ``PER_DAMAGE`` of them damaged each way (each hand
    at most one way): the text, the hands written and the damaged hands' ids by damage."""
    hands = [part for part in HAND_START.split(block_text(29, 0, GENERATED, tuple(GAMES)))
             if part.strip()]  # fmt: skip
    done: dict[str, list[str]] = {name: [] for name in DAMAGES}
    touched: set[int] = set()
    for name, damage in DAMAGES.items():
        for index, hand in enumerate(hands):
            if len(done[name]) == PER_DAMAGE:
                break
            if index in touched or index % 5 == 0:  # every fifth hand stays clean
                continue
            new = damage(hand)
            if new is not None:
                hands[index] = new
                touched.add(index)
                match = HAND_ID.match(hand)
                assert match is not None
                done[name].append(match[1])
        assert len(done[name]) == PER_DAMAGE, name
    return "".join(hands), len(hands), done


@pytest.fixture(scope="module", params=["damaged", "real"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Database:
    """The database of the damaged generated hands, or of every real history file."""
    folder = tmp_path_factory.mktemp(request.param)
    path = folder / "omaha.duckdb"
    if request.param == "damaged":
        text, count, damaged = damaged_text()
        (folder / "hands").mkdir()
        (folder / "hands" / "damaged.txt").write_text(text, encoding="utf-8")
        db = Database("damaged", path, count, damaged)
        sources: list[Path] = [folder / "hands"]
    else:
        shared = request.getfixturevalue("shared")
        db = Database("real", path, None)
        sources = [shared / "corpus", shared / "formats"]
    db.summary = json.loads(omaha("import", *sources, "--db", path, "--format", "json").stdout)
    # the all-in hands too, which reports and equity read
    db.audit = omaha("audit", "--db", path, "--format", "json").stdout
    return db


def counts(summary: list[dict[str, Any]], unit: str) -> Counter[str]:
    return Counter({row["outcome"]: row["count"] for row in summary if row["unit"] == unit})


# --- import -------------------------------------------------------------------------------


def test_import_accounts_for_every_hand_and_file(database: Database) -> None:
    hands, files = counts(database.summary, "hands"), counts(database.summary, "files")
    [(stored,)] = query(database.path, "SELECT count(*) FROM hands")
    assert hands["imported"] == stored > 0
    [(errors,)] = query(database.path, "SELECT count(*) FROM import_errors")
    [(skips,)] = query(database.path, "SELECT count(*) FROM import_skips")
    skipped = sum(n for outcome, n in hands.items() if outcome.startswith("skipped"))
    assert (hands["errors"], skipped) == (errors, skips)
    # every file but those left out (hidden files, companions) has its row
    [(files_stored,)] = query(database.path, "SELECT count(*) FROM import_files")
    assert sum(files.values()) - files["left out (hidden, companions)"] == files_stored
    if database.hands_written is not None:
        assert stored + hands["duplicates"] + skipped + errors == database.hands_written
        # a hand cut before its summary is never stored
        assert skipped == len(database.damaged["cut_short"])
        cut = ", ".join(f"'{hand_id}'" for hand_id in database.damaged["cut_short"])
        assert query(database.path, f"SELECT hand_id FROM hands WHERE hand_id IN ({cut})") == []
        assert files["read"] == 1
    # every stored hand has its players; nets add up as the README's rule says, unless the
    # import found the hand inconsistent as printed
    wrong = query(
        database.path,
        """
        SELECT h.hand_id FROM hands h JOIN players p USING (site, hand_id)
        WHERE len(h.inconsistencies) = 0 GROUP BY h.hand_id, h.rake, h.jackpot_fee, h.tax,
            h.room_money_in
        HAVING sum(p.net) != -(h.rake + h.jackpot_fee + h.tax) + h.room_money_in
            - sum(p.not_awarded) + sum(p.cashed_out) + sum(p.insurance)""",
    )
    assert wrong == []
    [(alone,)] = query(
        database.path, "SELECT count(*) FROM hands ANTI JOIN players USING (site, hand_id)"
    )
    assert alone == 0


def test_import_again_reads_nothing_new(database: Database) -> None:
    if database.name != "damaged":
        pytest.skip("the real files are imported once (their count is checked above)")
    again = json.loads(omaha("import", database.path.parent / "hands", "--db", database.path,
                             "--format", "json").stdout)  # fmt: skip
    # unchanged, or read again as duplicates when the parser changed in between
    assert counts(again, "files")["unchanged"] + counts(again, "files")["read"] == 1
    hands = counts(again, "hands")
    assert hands["imported"] == 0
    assert hands["duplicates"] == counts(database.summary, "hands")["imported"]


# --- audit --------------------------------------------------------------------------------


def test_audit_summary_counts_every_stored_hand(database: Database) -> None:
    summary = json.loads(database.audit)
    by_room, by_game = summary["by_room"], summary["by_game"]
    [(stored,)] = query(database.path, "SELECT count(*) FROM hands")
    assert sum(row["hands"] for row in by_room) == stored
    for row in by_room:
        assert sum(row[status] for status in STATUSES) == row["hands"], row
    assert sum(row["hands"] for row in by_game) == stored
    for row in by_game:
        assert row["ok"] + row["problems"] == row["hands"], row
    statuses = dict(
        query(database.path, "SELECT status, count(*) FROM audit_hands GROUP BY status")
    )
    assert set(statuses) <= set(STATUSES) and sum(statuses.values()) == stored
    # audited again, all of them: the same statuses
    problems = json.loads(omaha("audit", "--db", database.path, "--all", "--no-equity",
                                "--only-problems", "--format", "json").stdout)  # fmt: skip
    assert Counter(row["status"] for row in problems) == Counter(
        {status: n for status, n in statuses.items() if status != "ok"}
    )
    assert len(problems) == stored - statuses.get("ok", 0)
    assert all(row["status"] != "ok" and row["reason"] for row in problems)
    # the all-in summary: every hand looked at is computed or not, by street
    all_in = summary["all_in_hands"]
    [(qualifying, computed)] = query(
        database.path, "SELECT count(*), count(*) FILTER (computed) FROM allin_hands"
    )
    assert sum(row["hands"] for row in all_in) == qualifying
    assert sum(row["computed"] for row in all_in) == computed
    assert all(row["computed"] + row["not_computable"] == row["hands"] for row in all_in)


def test_audit_of_damaged_hands_names_what_it_could_not_check(database: Database) -> None:
    if database.name != "damaged":
        pytest.skip("the damaged hands only")
    rows = {hand_id: (status, problems) for hand_id, status, problems in query(
        database.path, "SELECT hand_id, status, problems FROM audit_hands")}  # fmt: skip
    for damage, hand_ids in database.damaged.items():
        for hand_id in hand_ids:
            if damage == "cut_short":
                assert hand_id not in rows
                continue
            status, problems = rows[hand_id]
            assert status in STATUSES
            assert (status == "ok") == (problems == []), (damage, hand_id, problems)
    # a zero bet is below any minimum, and a partial show that decides a pot leaves it open
    assert {rows[h][0] for h in database.damaged["zero_amounts"]} == {"illegal_bet"}
    partial = [rows[h] for h in database.damaged["show_one_card"]
               + database.damaged["show_with_unknown"]]  # fmt: skip
    assert any("cards not fully shown" in " ".join(problems) for _, problems in partial)


def test_hands_replay_alone(database: Database) -> None:
    """``omaha audit HAND_ID`` through the script on a hand with a partial show (the first
    hand of the real files), and in-process on a hand of each damage (of each room)."""
    if database.damaged:
        first = database.damaged["show_one_card"][0]
        hands = [ids[0] for damage, ids in database.damaged.items() if damage != "cut_short"]
    else:
        hands = [hand_id for (hand_id,) in query(
            database.path, "SELECT min(hand_id) FROM hands GROUP BY room ORDER BY 1")]  # fmt: skip
        first = hands[0]
    output = omaha("audit", first, "--db", database.path).stdout
    assert f"hand {first}: " in output.split("\n", 1)[0] and "\nstatus: " in output
    statuses = dict(query(database.path, "SELECT hand_id, status FROM audit_hands"))
    for hand_id in hands:
        result = runner.invoke(app, ["audit", hand_id, "--db", str(database.path)])
        assert result.exit_code == 0, (hand_id, result.output, result.exception)
        assert f"\nstatus: {statuses[hand_id]}" in result.output, hand_id


# --- reports ------------------------------------------------------------------------------


def player_rows(db: Path) -> list[dict[str, Any]]:
    """Every player row the reports count (dealt in, or sitting out with chips moved), with
    its hand's facts, straight from the stored tables."""
    columns = ("player", "currency", "position", "is_hero", "net", "big_blind", "hole_cards",
               "collected", "rake", "hi_lo", "site", "hand_id")  # fmt: skip
    rows = query(
        db,
        """
        SELECT p.player, h.currency, coalesce(p.position, '?'), p.is_hero, p.net, h.big_blind,
            p.hole_cards, p.collected, h.rake, h.hi_lo, h.site, h.hand_id
        FROM players p JOIN hands h USING (site, hand_id)
        WHERE NOT p.sitting_out OR p.put_in <> 0 OR p.collected <> 0 OR p.net <> 0""",
    )
    return [dict(zip(columns, row, strict=True)) for row in rows]


def whole_hand(text: str | None) -> bool:
    """4, 5 or 6 distinct readable cards, nothing unknown (a partial show is not)."""
    cards = (text or "").split()
    return (
        len(cards) in (4, 5, 6)
        and len({c.upper() for c in cards}) == len(cards)
        and all(CARD.match(card) for card in cards)
    )


def totals(rows: list[dict[str, Any]], *keys: str) -> dict[tuple[Any, ...], tuple[int, int]]:
    """(hands, net) per group of ``keys``."""
    out: dict[tuple[Any, ...], list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        group = out[tuple(row[key] for key in keys)]
        group[0] += 1
        group[1] += row["net"]
    return {key: (hands, net) for key, (hands, net) in out.items()}


def bb_per_100(rows: list[dict[str, Any]]) -> float:
    """100 x the sum of net / big blind over the hands, over the number of hands."""
    total = sum((Fraction(r["net"], r["big_blind"]) for r in rows), Fraction(0))
    return round(float(100 * total / len(rows)), 2)


def report(database: Database, *args: str) -> list[dict[str, Any]]:
    """``omaha report ARGS --format json``'s rows (run once per database and arguments)."""
    if args not in database.reports:
        database.reports[args] = json.loads(
            omaha("report", *args, "--db", database.path, "--format", "json").stdout
        )
    return database.reports[args]


@pytest.mark.parametrize("by", [None, "week"])
def test_players_report_money_is_the_stored_players_money(database: Database,
                                                         by: str | None) -> None:  # fmt: skip
    rows = player_rows(database.path)
    shown = report(database, "players", *(("--by", by) if by else ()))
    if by is None:
        want = totals(rows, "player", "currency")
        assert {(r["player"], r["currency"]): (r["hands"], r["net"]) for r in shown} == want
        by_player: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
        for row in rows:
            by_player[(row["player"], row["currency"])].append(row)
        for r in shown:
            assert r["bb_per_100"] == pytest.approx(
                bb_per_100(by_player[(r["player"], r["currency"])]), abs=0.011
            ), r["player"]
    # per currency, however the rows are cut
    net: dict[str, int] = defaultdict(int)
    hands: dict[str, int] = defaultdict(int)
    for r in shown:
        net[r["currency"]] += r["net"]
        hands[r["currency"]] += r["hands"]
    assert net == {cur: n for (cur,), (_, n) in totals(rows, "currency").items()}
    assert hands == {cur: h for (cur,), (h, _) in totals(rows, "currency").items()}


def test_players_report_rake_paid_is_every_raked_hand_with_a_collector(database: Database) -> None:
    raked = query(
        database.path,
        """
        SELECT h.currency, sum(h.rake) FROM hands h
        WHERE (SELECT sum(collected) FROM players p
               WHERE p.site = h.site AND p.hand_id = h.hand_id) > 0
        GROUP BY ALL""",
    )
    paid: dict[str, int] = defaultdict(int)
    for r in report(database, "players"):
        paid[r["currency"]] += r["rake_paid"]
    assert paid == {currency: int(rake) for currency, rake in raked}


def test_positions_report_money(database: Database) -> None:
    rows = player_rows(database.path)
    shown = report(database, "positions")
    assert {(r["position"], r["currency"]): (r["hands"], r["net"]) for r in shown} == totals(
        rows, "position", "currency"
    )


def test_sessions_report_money(database: Database) -> None:
    rows = player_rows(database.path)
    shown = report(database, "sessions")
    got: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in shown:
        assert r["hands"] >= 1 and r["minutes"] >= 0
        got[(r["player"], r["currency"])][0] += r["hands"]
        got[(r["player"], r["currency"])][1] += r["net"]
    assert {key: tuple(value) for key, value in got.items()} == totals(rows, "player", "currency")


@pytest.mark.parametrize("by", ["category", "class"])
def test_hands_report_covers_the_whole_hands_shown(database: Database, by: str) -> None:
    rows = [row for row in player_rows(database.path) if whole_hand(row["hole_cards"])]
    shown = report(database, "hands", "--by", by)
    want = {cur: value for (cur,), value in totals(rows, "currency").items()}
    if by == "class":
        got: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in shown:
            got[r["currency"]][0] += r["dealt"]
            got[r["currency"]][1] += r["net"]
        assert {cur: tuple(value) for cur, value in got.items()} == want
        return
    # each category's values share out the same hands; the low ones those of hi/lo games
    low = {cur: value for (cur,), value in totals([r for r in rows if r["hi_lo"]],
                                                   "currency").items()}  # fmt: skip
    sums: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for r in shown:
        sums[(r["category"], r["currency"])][0] += r["dealt"]
        sums[(r["category"], r["currency"])][1] += r["net"]
    for (category, currency), value in sums.items():
        expected = low if category in ("low_start", "low_ranks") else want
        assert tuple(value) == expected[currency], (category, currency)
    assert {currency for _, currency in sums} == set(want)


# --- graph ----------------------------------------------------------------------------------


@pytest.mark.parametrize("suffix", ["html", "png"])
def test_graph_draws_the_heros_hands_per_currency(database: Database, suffix: str) -> None:
    out = database.path.parent / f"results.{suffix}"
    done = omaha("graph", "--db", database.path, "--out", out, "--force")
    assert out.stat().st_size > 1000
    said = re.findall(r"^Results of the hero over (\d+) hands? \((\w+)\): ", done.stderr, re.M)
    heroes = [row for row in player_rows(database.path) if row["is_hero"]]
    assert {currency: int(n) for n, currency in said} == {
        currency: hands for (currency,), (hands, _) in totals(heroes, "currency").items()
    }
    if suffix == "html":
        assert out.read_text(encoding="utf-8").count("<svg") == len(said)


# --- equity ---------------------------------------------------------------------------------


def test_equity_command_agrees_with_the_stored_all_in_equities(database: Database) -> None:
    """``omaha equity`` on the main pot of a stored all-in hand (hi/lo where there is one):
    each player's share of each half is the one the audit stored."""
    computed = query(
        database.path,
        """
        SELECT a.hand_id, a.street, h.game, h.boards[1] FROM allin_hands a
        JOIN hands h USING (site, hand_id) WHERE a.computed
        ORDER BY h.hi_lo DESC, list_position(['turn', 'flop', 'preflop'], a.street), a.hand_id
        LIMIT 1""",
    )
    assert computed, "no computed all-in hand"
    [(hand_id, street, game, board)] = computed
    stored = query(
        database.path,
        f"""
        SELECT e.seat, e.half, e.equity, p.hole_cards FROM allin_equity e
        JOIN players p USING (site, hand_id, seat)
        WHERE e.hand_id = '{hand_id}' AND e.pot = 0 ORDER BY e.seat""",
    )
    seats = sorted({(seat, cards) for seat, _, _, cards in stored})
    known = {"preflop": 0, "flop": 3, "turn": 4}[street]
    known += GAMES[game].courchevel and street == "preflop"
    args = [cards for _, cards in seats]
    if known:
        args += ["--board", " ".join(board.split()[:known])]
    result = json.loads(omaha("equity", *args, "--game", game, "--format", "json").stdout)
    by_seat = dict(zip([seat for seat, _ in seats], result, strict=True))
    for seat, half, equity, _ in stored:
        share = by_seat[seat]["lo_share" if half == "lo" else "hi_share"]
        assert share == pytest.approx(equity, abs=1e-6), (hand_id, seat, half)  # 6 decimals
    assert sum(row["equity"] for row in result) == pytest.approx(1, abs=1e-5)


# --- sql ----------------------------------------------------------------------------------


def test_sql_views_hold_the_stored_rows(database: Database) -> None:
    rows = player_rows(database.path)
    db = database.path
    classes = json.loads(omaha("sql", "SELECT hole_cards, class_key FROM player_hands", "--db",
                               db, "--format", "json").stdout)  # fmt: skip
    assert len(classes) == len(rows)
    # the whole hands are those classified, the others have no class
    for row in classes:
        assert (row["class_key"] is not None) == whole_hand(row["hole_cards"]), row
    csv = omaha("sql", "SELECT currency, sum(net) AS net, sum(hands) AS hands, "
                "(SELECT count(*) FROM hand_landmarks) AS landmarks, "
                "(SELECT count(*) FROM hand_classes) AS classes, "
                "(SELECT count(*) FROM class_categories) AS categories "
                "FROM stat_counts GROUP BY currency ORDER BY currency", "--db", db,
                "--format", "csv").stdout  # fmt: skip
    lines = [line.split(",") for line in csv.splitlines()]
    assert lines[0] == ['"currency"', '"net"', '"hands"', '"landmarks"', '"classes"',
                        '"categories"']  # fmt: skip
    got = {line[0].strip('"'): (int(line[2]), int(line[1])) for line in lines[1:]}
    assert got == {currency: value for (currency,), value in totals(rows, "currency").items()}
    [(hands,)] = query(db, "SELECT count(*) FROM hands")
    landmarks, texts, categories = (int(n) for n in lines[1][3:])
    assert 0 < landmarks <= hands
    assert 0 < categories <= texts <= len({row["hole_cards"] for row in rows})


# --- the same damages, drawn at random, in-process ------------------------------------------

POOL = [part for part in HAND_START.split(block_text(31, 0, 40, tuple(GAMES))) if part.strip()]


def parse_text(text: str) -> ParseResult:
    return pokerstars.SITE.parse(Chunk(text.encode("utf-8"), "drawn.txt", 0, 1, "utf-8"))


def apply(plan: list[tuple[int, str]]) -> Iterator[str]:
    """The pool's hands with the plan's damages applied in order (several on one hand
    compose; a damage with no place in the hand leaves it as it was)."""
    hands = list(POOL)
    for index, name in plan:
        hands[index] = DAMAGES[name](hands[index]) or hands[index]
    return iter(hands)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(POOL) - 1), st.sampled_from(sorted(DAMAGES))),
                min_size=1, max_size=30))  # fmt: skip
def test_drawn_damages_never_stop_the_library(plan: list[tuple[int, str]]) -> None:
    parsed = parse_text("".join(apply(plan)))
    stored = parsed.hands.num_rows
    assert stored + parsed.import_skips.num_rows + parsed.import_errors.num_rows == len(POOL)
    result = audit(parsed.hands, parsed.players, parsed.actions, parsed.collections)
    assert result.audit_hands.num_rows == stored
    assert set(result.audit_hands.column("status").to_pylist()) <= set(STATUSES)
    allin = all_in_equity(prepare(parsed.hands, parsed.players, parsed.actions,
                                  parsed.collections))  # fmt: skip
    # each computed hand's expected nets sum to minus what the room took
    take = {row["hand_id"]: row["rake"] + row["jackpot_fee"] + row["tax"] - row["room_money_in"]
            for row in parsed.hands.to_pylist()}  # fmt: skip
    ev: dict[str, float] = defaultdict(float)
    for row in allin.ev.to_pylist():
        ev[row["hand_id"]] += row["ev_net"]
    for hand_id, total in ev.items():
        assert total == pytest.approx(-take[hand_id], abs=1e-6), hand_id
