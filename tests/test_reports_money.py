"""Money in reports: amounts of different currencies (tournament chips included) are never
added, tables show each amount in its currency, machine formats keep integers."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from report_rows import HandRows, database, player_nets, priced, random_hand
from typer.testing import CliRunner

from analysis.cli import app
from analysis.reports.queries import Filters, Grouping, Report, Stakes, parse_currency, run_report

CURRENCIES = ("USD", "EUR", "chips")
CARDS = "As Ks Qh Jh"


def mixed_hands(count: int = 36) -> list[HandRows]:
    """Random hands in dollars, euros and tournament chips in turn; p0's cards known."""
    rng = random.Random(11)
    made = []
    for i in range(count):
        hand = priced(random_hand(rng, f"m{i:03d}", minute=i), CURRENCIES[i % 3])
        hand.seats = [(s, n, pos, CARDS if n == "p0" else c) for s, n, pos, c in hand.seats]
        hand.big_blind = 20 if hand.extra["currency"] == "chips" else 2
        made.append(hand)
    return made


@pytest.fixture(scope="module")
def made() -> list[HandRows]:
    return mixed_hands()


@pytest.fixture(scope="module")
def db(made: list[HandRows], tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("money") / "money.duckdb"
    database(made, str(path)).close()
    return path


def expected_nets(made: list[HandRows]) -> Counter[tuple[str, str]]:
    """Net per (player, currency), added up hand by hand."""
    nets: Counter[tuple[str, str]] = Counter()
    for hand in made:
        for player, net in player_nets(hand).items():
            nets[player, str(hand.extra["currency"])] += net
    return nets


def test_no_report_adds_two_currencies(made: list[HandRows]) -> None:
    con = database(made)
    nets = expected_nets(made)
    players = run_report(con, Report.players, Filters()).to_pylist()
    assert {(r["player"], r["currency"]): r["net"] for r in players} == dict(nets)
    for report, by, key in [
        (Report.positions, None, "position"),
        (Report.sessions, None, "table"),
        (Report.hands, Grouping.hand_class, "hand_class"),
        (Report.hands, Grouping.category, "value"),
    ]:
        rows = run_report(con, report, Filters(player="p0"), by).to_pylist()
        assert {row["currency"] for row in rows} == set(CURRENCIES), report
        per_currency = Counter[str]()
        for row in rows:
            if report is not Report.hands or row.get("category", "pairs") == "pairs":
                per_currency[row["currency"]] += row["net"]
        assert per_currency == {c: nets["p0", c] for c in CURRENCIES}, (report, key)


def test_bb_per_100_over_exactly_the_rows_shown(made: list[HandRows]) -> None:
    rows = run_report(database(made), Report.positions, Filters(player="p0")).to_pylist()
    for row in rows:
        mine = [h for h in made if h.extra["currency"] == row["currency"]
                and any(n == "p0" and p == row["position"] for _, n, p, _ in h.seats)]  # fmt: skip
        won_bb = sum(player_nets(h)["p0"] / h.big_blind for h in mine)
        assert row["hands"] == len(mine)
        assert row["bb_per_100"] == round(100 * won_bb / len(mine), 2)


def test_currency_and_kind_filters(made: list[HandRows]) -> None:
    con = database(made)

    def currencies(filters: Filters) -> set[str]:
        return {row["currency"] for row in run_report(con, Report.players, filters).to_pylist()}

    assert currencies(Filters(currency="EUR")) == {"EUR"}
    assert currencies(Filters(tournament=True)) == {"chips"}
    assert currencies(Filters(tournament=False)) == {"USD", "EUR"}
    assert (parse_currency("usd"), parse_currency("€"), parse_currency("Chips")) == (
        "USD", "EUR", "chips",
    )  # fmt: skip
    # a currency named by a word of its own (Seals With Clubs' milli-bitcoin)
    assert parse_currency("mbtc") == "mBTC"
    assert Stakes.parse("1/1 mBTC") == Stakes(Decimal(1), Decimal(1), "mBTC")


def invoke(db: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["report", *args, "--db", str(db)])
    return result.exit_code, result.output


def test_table_writes_each_amount_in_its_currency(db: Path) -> None:
    code, text = invoke(db, "players", "--player", "p0")
    assert code == 0, text
    rows = {line.split()[1]: line for line in text.splitlines()[2:]}
    assert set(rows) == set(CURRENCIES)
    assert re.search(r" -?\$[\d,]+\.\d\d ", rows["USD"])
    assert re.search(r" -?€[\d,]+\.\d\d ", rows["EUR"])
    assert re.search(r" -?[\d,]+(\.\d\d)? chips ", rows["chips"]) and "$" not in rows["chips"]


def test_csv_json_and_parquet_keep_integers_and_the_currency(db: Path, tmp_path: Path) -> None:
    code, text = invoke(db, "players", "--format", "csv")
    assert code == 0, text
    rows = list(csv.DictReader(io.StringIO(text)))
    nets = {(row["player"], row["currency"]): row["net"] for row in rows}
    assert all(re.fullmatch(r"-?\d+", net) for net in nets.values())
    code, text = invoke(db, "players", "--format", "json")
    assert {(r["player"], r["currency"]): str(r["net"]) for r in json.loads(text)} == nets
    out = tmp_path / "players.parquet"
    code, text = invoke(db, "players", "--format", "parquet", "--out", str(out))
    assert code == 0, text
    table = pq.read_table(out)
    assert str(table.schema.field("net").type) == "int64"
    assert {(r["player"], r["currency"]): str(r["net"]) for r in table.to_pylist()} == nets


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "P0"], "no player 'P0'; the closest name is 'p0'"),
        (["--player", "p_0"], "no player 'p_0'; the closest name is 'p0'"),
        (["--game", "holdem"], "no game 'holdem': the games are omaha, omaha8, omaha5"),
        (["--game", "omaha8"], "no omaha8 hands; the games stored: omaha"),
        (["--stakes", "10"], "stakes '10' are ambiguous"),
        (["--currency", "GBP"], "no hands in GBP; the currencies stored: "),
        (["--stakes", "$5/$10"], "no hands at stakes $5/$10; stored: $0.01/$0.02"),
        (["--since", "2030-01-01"], "no hands in that time; the hands stored are from 2024-05-01"),
        (["--min-hands", "1000"], "no row has 1000 hands or more"),
        (["--cash", "--tournaments"], "exclude each other"),
        (["--cash", "--currency", "chips"], "different currencies"),
    ],
)
def test_filters_that_match_nothing_say_so(db: Path, args: list[str], message: str) -> None:
    code, text = invoke(db, "players", *args)
    assert code == 1 and text.startswith("error: ") and message in text, text
    assert len(text.strip().splitlines()) == 1


def test_report_out_never_overwrites_without_force(db: Path, tmp_path: Path) -> None:
    out = tmp_path / "players.csv"
    out.write_text("keep me")
    code, text = invoke(db, "players", "--format", "csv", "--out", str(out))
    assert (code, out.read_text()) == (2, "keep me") and "add --force" in text
    code, text = invoke(db, "players", "--format", "csv", "--out", str(out), "--force")
    assert code == 0 and out.read_text().startswith('"player","currency"')
    size = db.stat().st_size
    code, text = invoke(db, "players", "--out", str(db), "--force")
    assert code == 2 and "is the database" in text and db.stat().st_size == size
    for bad in (tmp_path / "missing" / "x.csv", tmp_path):
        code, text = invoke(db, "players", "--out", str(bad))
        assert code == 2 and len(text.strip().splitlines()) == 1, text
    assert [path.name for path in tmp_path.iterdir()] == ["players.csv"]  # no part files
