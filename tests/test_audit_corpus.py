"""The audit on every PokerStars-format hand of the corpus, and on damaged copies of them."""

from __future__ import annotations

import re
from pathlib import Path

import polars as pl
import pytest

from analysis.audit.core import AuditResult, audit, prepare, showdown_replays
from analysis.audit.verify import split_hand
from ingest.engine.contract import concat_results
from ingest.sites import Chunk, ParseResult
from ingest.sites.pokerstars import SITE
from omaha_core.awards import Award, Half
from tests.damage import DAMAGES

parse, parse_file = SITE.parse, SITE.parse_file

# Every non-ok hand, with the lines of its text that prove the status (none since Run It
# Once's raise wording and unprinted returns are read as the rooms mean them; see
# test_run_it_once_raise_reading and test_converted_unprinted_return_is_inferred).
# Each is compared with every problem the audit finds, not only the first.
PROVEN_PROBLEMS: dict[str, tuple[str, list[str]]] = {}

HAND_START = re.compile(r"^(?=(?:PokerStars|Run It Once Poker).*(?:Hand|Game) #)", re.M)


def stars_files(corpus: Path) -> list[Path]:
    return sorted((corpus / "Stars").rglob("*.txt"))


def run(result: ParseResult) -> AuditResult:
    return audit(result.hands, result.players, result.actions, result.collections)


def by_hand(result: AuditResult) -> dict[str, tuple[str, str]]:
    return {
        row["hand_id"]: (row["status"], row["reason"]) for row in result.audit_hands.to_pylist()
    }


@pytest.fixture(scope="module")
def corpus_audit(corpus: Path) -> tuple[ParseResult, AuditResult]:
    parsed = concat_results([parse_file(path) for path in stars_files(corpus)])
    return parsed, run(parsed)


def test_every_corpus_hand_is_ok_except_the_proven_ones(
    corpus_audit: tuple[ParseResult, AuditResult],
) -> None:
    parsed, result = corpus_audit
    statuses = by_hand(result)
    assert len(statuses) == parsed.hands.num_rows > 100
    problems = {
        row["hand_id"]: (row["status"], row["problems"])
        for row in result.audit_hands.to_pylist()
        if row["status"] != "ok"
    }
    assert problems == PROVEN_PROBLEMS


def test_corpus_awards_all_compared(corpus_audit: tuple[ParseResult, AuditResult]) -> None:
    _, result = corpus_audit
    awards = pl.from_arrow(result.audit_awards)
    assert isinstance(awards, pl.DataFrame)
    # every hand has award rows, and every row of an ok hand agrees
    assert awards["hand_id"].n_unique() == result.audit_hands.num_rows
    ok_hands = {h for h, (s, _) in by_hand(result).items() if s == "ok"}
    assert awards.filter(pl.col("hand_id").is_in(ok_hands))["ok"].all()


def test_golden_quartered_low_with_odd_chip(corpus_audit: tuple[ParseResult, AuditResult]) -> None:
    """#35875034981 (cash/PLO8-6max-USD-0.01-0.02-200911.txt), button seat 5: both show
    'LO: 6,5,4,2,A'; "supermeXXX collected $0.20 from pot" (high and its odd cent),
    "UnderMeSensi collected $0.10 from pot" (seat 2, first tied seat left of the button),
    "supermeXXX collected $0.09 from pot"."""
    _, result = corpus_audit
    awards = pl.from_arrow(result.audit_awards)
    assert isinstance(awards, pl.DataFrame)
    rows = awards.filter(pl.col("hand_id") == "35875034981")
    assert rows.select("player", "expected", "reported").sort("player").rows() == [
        ("UnderMeSensi", 10, 10),
        ("supermeXXX", 29, 29),
    ]


def hand_texts(corpus: Path) -> list[tuple[str, str]]:
    """(file, text) of every hand in the Stars files, split at the hand headers."""
    out: list[tuple[str, str]] = []
    for path in stars_files(corpus):
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252")  # Run It Once's exports
        out += [(path.name, part) for part in HAND_START.split(text) if part.strip()]
    return out


def parse_text(name: str, text: str) -> ParseResult:
    return parse(Chunk(text.encode("utf-8"), name, 0, 1, "utf-8"))


@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_damaged_corpus_hands_are_stored_and_flagged(corpus: Path, damage: str) -> None:
    """Every damaged real hand is stored (none refused at import) and flagged with the
    damage's status, its first reason naming the place, and as inconsistent where its money
    no longer adds up as printed."""
    expected = DAMAGES[damage]
    damaged: list[tuple[str, str]] = []
    for name, text in hand_texts(corpus):
        changed = expected.function(text)
        if changed is not None and changed != text:
            damaged.append((name, changed))
    assert damaged, f"no corpus hand offers a place for {damage}"
    parsed = parse_text(damage, "\n\n\n".join(text for _, text in damaged))
    assert parsed.import_errors.num_rows == 0
    rows = run(parsed).audit_hands.to_pylist()
    assert len(rows) == parsed.hands.num_rows > 0
    wrong = [
        (row["hand_id"], row["status"], row["reason"], row["inconsistent"])
        for row in rows
        if row["status"] != expected.status
        or not re.search(expected.reason, row["reason"])
        or row["inconsistent"] is not expected.inconsistent
    ]
    assert wrong == []


def test_golden_corpus_courchevel_hi_lo_split(
    corpus_audit: tuple[ParseResult, AuditResult],
) -> None:
    """#170983530791 (tour/PL-Courcheval-HL-6max-USD-7.50-201705.fixed.flop.txt), 298 chips:
    "Player2 collected 149 from pot" with two pair, Nines and Sixes (high, seat 5) and
    "Player0 collected 149 from pot" with 8,6,4,2,A (low, seat 2)."""
    parsed, result = corpus_audit
    assert by_hand(result)["170983530791"] == ("ok", "")
    prepared = prepare(parsed.hands, parsed.players, parsed.actions, parsed.collections)
    index = prepared.hands["hand_id"].to_list().index("170983530791")
    (hand,) = [replay for replay in showdown_replays(prepared) if replay.h == index]
    assert split_hand(hand).awards == [
        Award(1, 0, Half.HI, 5, 14900),
        Award(1, 0, Half.LO, 2, 14900),
    ]


def test_converted_unprinted_return_is_inferred(corpus: Path) -> None:
    """The converter left the big blind's unmatched $5 in the pot: it is returned, taken off
    the $15 collected, and off the printed total pot."""
    result = parse_file(corpus / "Stars/cash/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt")
    [hand] = result.hands.to_pylist()
    assert hand["total_pot"] == 1000
    players = {p["player"]: p for p in result.players.to_pylist()}
    big_blind = players["PLR_7233719GD"]
    assert (big_blind["put_in"], big_blind["returned"], big_blind["collected"]) == (1000, 500, 1000)
    assert big_blind["net"] == 500
    kinds = [(a["player"], a["kind"], a["amount"]) for a in result.actions.to_pylist()]
    assert ("PLR_7233719GD", "return", 500) in kinds
    [audited] = run(result).audit_hands.to_pylist()
    assert (audited["status"], audited["inconsistent"]) == ("ok", False)
    assert audited["notes"] == (
        "uncalled bet of $5.00 returned to PLR_7233719GD: not printed, read from the betting"
    )
