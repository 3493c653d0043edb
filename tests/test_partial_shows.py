"""A player who shows only some of his cards (``shows [Ad]``, ``shows [XX Qs]``): what was
shown is stored, classified only when it is the whole hand, and never stops a command.

The hands are the project's own sample hands with show lines edited, run through the real
``omaha`` command line: import, audit (twice), every report, the graph and ``omaha sql``.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from analysis.cli import app
from analysis.reports.handclass import whole_hands
from ingest import store
from omaha_core.cards import known_cards, parse_cards

SAMPLE = Path(__file__).resolve().parents[1] / "sample_histories" / "omaha.txt"
ALL_IN = "300000000943"  # four players all in preflop, three pots, all shown
HERO_SHOWS = "300000000710"  # the hero shows one card of the four he was dealt
runner = CliRunner()

EDITS = (
    # one card of four: noludorka jr (seat 1)
    ("noludorka jr: shows [Ts Qc 6c 2c]", "noludorka jr: shows [Ts]"),
    ("(small blind) showed [Ts Qc 6c 2c]", "(small blind) showed [Ts]"),
    # an export's unshown cards: Tri Viktriqui1984 (seat 2)
    ("Tri Viktriqui1984: shows [4c 5c Qh 7h]", "Tri Viktriqui1984: shows [XX 5c]"),
    ("(big blind) showed [4c 5c Qh 7h]", "(big blind) showed [XX 5c]"),
    # the hero, whose four cards the history deals face up, shows one
    ("Hero: shows [Qd 3c Kh 4s]", "Hero: shows [Kh]"),
    ("Hero (small blind) showed [Qd 3c Kh 4s]", "Hero (small blind) showed [Kh]"),
)


def omaha(*args: str) -> str:
    """Run ``omaha ARGS``; it must exit 0. Its standard output."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    con = store.connect(db, read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The 40 sample hands, three show lines cut to part of the cards, imported."""
    text = SAMPLE.read_text(encoding="utf-8")
    for old, new in EDITS:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    folder = tmp_path_factory.mktemp("partial")
    (folder / "partial.txt").write_text(text, encoding="utf-8")
    path = folder / "partial.duckdb"
    summary = omaha("import", str(folder / "partial.txt"), "--db", str(path), "--format", "json")
    assert {"unit": "hands", "outcome": "imported", "count": 40} in json.loads(summary)
    return path


def test_what_was_shown_is_stored(db: Path) -> None:
    stored = dict(rows(db, f"SELECT player, hole_cards FROM players WHERE hand_id = '{ALL_IN}'"))
    assert stored["noludorka jr"] == "Ts"
    assert known_cards(str(stored["Tri Viktriqui1984"])) == parse_cards("5c")
    assert stored["cesanferfer22"] == "Kh Js Jh 8h"
    hero = rows(db, f"SELECT hole_cards FROM players WHERE hand_id = '{HERO_SHOWS}' AND is_hero")
    assert hero == [("Qd 3c Kh 4s",)]


def test_audit_runs_and_says_which_cards_were_not_fully_shown(db: Path) -> None:
    for _ in range(2):  # and again: nothing left to do, nothing stops it
        omaha("audit", "--db", str(db))
    status = dict(rows(db, "SELECT hand_id, status FROM audit_hands"))
    assert len(status) == 40
    assert status[HERO_SHOWS] == "ok"  # his dealt cards are known: the showdown is checked
    assert Counter(status.values()) == {"ok": 39, "unverifiable": 1}
    [(reason, problems)] = rows(
        db, f"SELECT reason, problems FROM audit_hands WHERE hand_id = '{ALL_IN}'"
    )
    assert reason == "main pot: cards not fully shown (seats 1, 2)"
    assert problems == [
        "main pot: cards not fully shown (seats 1, 2)",
        "side pot 1: cards not fully shown (seats 1, 2)",
        "side pot 2: cards not fully shown (seats 2)",
    ]
    allin = {hand_id: (computed, why) for hand_id, computed, why in rows(
        db, "SELECT hand_id, computed, reason FROM allin_hands")}  # fmt: skip
    assert allin.pop(ALL_IN) == (
        False,
        "cards not fully shown: noludorka jr (seat 1), Tri Viktriqui1984 (seat 2)",
    )
    assert allin and all(computed for computed, _ in allin.values())  # the other all-in hands
    assert rows(db, f"SELECT count(*) FROM allin_ev WHERE hand_id = '{ALL_IN}'") == [(0,)]
    detail = omaha("audit", ALL_IN, "--db", str(db))
    assert "status: unverifiable (main pot: cards not fully shown (seats 1, 2))" in detail


def test_every_report_graph_and_query_runs(db: Path, tmp_path: Path) -> None:
    nets = {
        (player, currency): net
        for player, currency, net in rows(
            db,
            "SELECT p.player, h.currency, sum(p.net)::BIGINT FROM players p "
            "JOIN hands h USING (site, hand_id) GROUP BY ALL",
        )
    }
    players = json.loads(omaha("report", "players", "--db", str(db), "--format", "json"))
    assert {(r["player"], r["currency"]): r["net"] for r in players} == nets
    by_class = json.loads(
        omaha("report", "hands", "--by", "class", "--db", str(db), "--format", "json")
    )
    assert "KQ43 r" in {row["hand_label"] for row in by_class}  # the hero's hand, classified
    for args in (
        ["report", "players", "--by", "month"],
        ["report", "positions"],
        ["report", "positions", "--player", "noludorka jr"],
        ["report", "sessions", "--player", "Hero"],
        ["report", "sessions", "--player", "Tri Viktriqui1984"],
        ["report", "hands"],
        ["report", "hands", "--by", "category", "--player", "Hero"],
    ):
        assert omaha(*args, "--db", str(db)).count("\n") >= 3, args
    graph = tmp_path / "hero.html"
    omaha("graph", "--db", str(db), "--out", str(graph))
    assert graph.read_text().count("<svg") == 2  # dollars and tournament chips
    omaha("graph", "--db", str(db), "--player", "noludorka jr", "--out", str(tmp_path / "n.png"))
    shown = json.loads(omaha(
        "sql", f"SELECT player, hole_cards, class_key FROM player_hands WHERE hand_id = '{ALL_IN}'"
        " ORDER BY seat", "--db", str(db), "--format", "json",
    ))  # fmt: skip
    classes = {row["player"]: row["class_key"] for row in shown}
    assert classes["noludorka jr"] is None and classes["Tri Viktriqui1984"] is None
    assert classes["cesanferfer22"] is not None and classes["Hero"] is not None
    counts = json.loads(omaha(
        "sql", "SELECT count(*) AS n, count(class_key) AS classified, sum(net) AS net "
        "FROM stat_counts", "--db", str(db), "--format", "json",
    ))  # fmt: skip
    assert int(counts[0]["net"]) == rows(db, "SELECT sum(net) FROM players")[0][0]
    assert counts[0]["n"] > counts[0]["classified"] > 0
    classes_csv = omaha("sql", "SELECT * FROM hand_classes", "--db", str(db), "--format", "csv")
    assert "Ts," not in classes_csv and "XX 5c" not in classes_csv


def test_whole_hands_are_those_naming_every_card() -> None:
    texts = ["As Kd 7h 2c", "Ad", "XX Qs", "As As 7h 2c", "AsKd7h2c", "10h Kd 7h 2c",
             "As Kd 7h 2c 3c 4c", "As Kd 7h", "", "As Kd 7h 2c 3c 4c 5c"]  # fmt: skip
    assert whole_hands(texts).tolist() == [
        True, False, False, False, True, True, True, False, False, False
    ]  # fmt: skip
