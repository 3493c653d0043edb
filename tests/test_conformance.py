"""Every hand of every file of the PokerStars (and skins), GGPoker and Winamax folders of
``../shared/corpus`` and ``../shared/formats``, whatever the flop game: read with no
error, its money balanced or proven not to add up from its own lines, and the players'
nets equal to FPDB's in every ``.hp`` sidecar. The importer still stores Omaha only."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

import polars as pl
import pytest

from ingest.sites import registry
from tests.conformance import COMPANIONS, RoomRead, fpdb_nets, read_room, seat_award_problems

ROOMS = {"Stars": "pokerstars", "GGPoker": "ggpoker", "Winamax": "winamax"}

# Hands per game of each room's files (the README's table).
GAMES: dict[str, dict[str, int]] = {
    "Stars": {
        "omaha": 14, "omaha8": 108, "omaha5": 5, "omaha5_8": 1, "omaha6": 4, "courchevel": 1,
        "courchevel8": 1, "Hold'em No Limit": 1069, "HOLD'EM NO LIMIT": 1, "Hold'em Limit": 71,
        "6+ Hold'em No Limit": 4, "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop": 1,
    },
    "GGPoker": {"omaha": 111, "omaha5": 5, "Hold'em No Limit": 62, "ShortDeck No Limit": 5},
    "Winamax": {
        "omaha": 6, "omaha8": 1, "omaha5": 1, "omaha5_8": 1, "Holdem no limit": 63,
        "Holdem fixed limit": 1,
    },
}  # fmt: skip

# Files in a form no site reads yet, and why.
NOT_READ: dict[str, str] = {}

# Hands that cannot be read, and why (file, hand id) -> reason.
ERRORS = {
    ("formats/Winamax/tour/NLHE-Ticket-MTT-201010.raise.written.as.bet.preflop.txt",
     "6307872438747255-64-1288123510"): "unreadable amount in a bet line",
    ("formats/Winamax/tour/NLHE-Ticket-MTT-201010.side.pot.txt",
     "6307872438747255-71-1288124090"): "unreadable seat number or stack",
}  # fmt: skip

# Hands whose money does not add up as printed, under every reading of their lines (each
# proven by test_the_inconsistent_hands_do_not_add_up_by_their_own_lines).
INCONSISTENT = {
    ("formats/Stars/cash/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.txt", "30266126"): [
        "players put in €0.46 and got €0.71 back, but the total pot is €0.25"
    ],
    ("corpus/Winamax/cash/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt",
     "6468352-1737-1408024646"): [
        "players put in €9.00 and got €4.00 back, but the total pot is €10.00 of which €4.00 "
        "returned uncalled"
    ],
}  # fmt: skip

# Skips allowed: games that are not flop games, cancelled and unfinished hands.
_ALLOWED_SKIP = re.compile(
    r"^(?:other game: (?:Razz|7 Card Stud|Triple Draw|5 Card Draw|Badugi|2-7)[^,]*"
    r"|cancelled|partial: .*)$"
)


@pytest.fixture(scope="module", params=list(ROOMS))
def room(request: pytest.FixtureRequest, shared: Path) -> tuple[str, RoomRead]:
    folder: str = request.param
    return folder, read_room(shared, folder)


def test_every_file_is_read_by_its_room(room: tuple[str, RoomRead]) -> None:
    folder, read = room
    assert read.by_file, f"no {folder} files"
    assert set(read.sites.values()) == {ROOMS[folder]}
    expected = sorted(path for path in NOT_READ if f"/{folder}/" in path)
    assert read.not_read == expected


def _found_and_expected(
    frame: pl.DataFrame, column: str, listed: Mapping[tuple[str, str], object], folder: str
) -> tuple[dict[tuple[str, str], object], dict[tuple[str, str], object]]:
    """(file, hand id) -> ``column`` of the rows of ``frame``, and the ``listed`` ones of
    the room's folder."""
    found = {(row["file"], row["hand_id"]): row[column] for row in frame.to_dicts()}
    return found, {key: value for key, value in listed.items() if f"/{folder}/" in key[0]}


def test_every_hand_is_read_with_no_error_but_the_known_ones(room: tuple[str, RoomRead]) -> None:
    folder, read = room
    found, expected = _found_and_expected(read.frame("import_errors"), "reason", ERRORS, folder)
    assert found == expected


def test_skips_are_games_other_than_flop_games_cancelled_or_unfinished(
    room: tuple[str, RoomRead],
) -> None:
    _, read = room
    reasons = set(read.frame("import_skips")["reason"].to_list())
    assert all(_ALLOWED_SKIP.match(reason) for reason in reasons), reasons


def test_hands_per_game(room: tuple[str, RoomRead]) -> None:
    folder, read = room
    counts = dict(read.frame("hands").group_by("game").len().iter_rows())
    assert counts == GAMES[folder]


def test_every_hand_balances_but_the_proven_ones(room: tuple[str, RoomRead]) -> None:
    folder, read = room
    hands = read.frame("hands").filter(pl.col("inconsistencies").list.len() > 0)
    found, expected = _found_and_expected(hands, "inconsistencies", INCONSISTENT, folder)
    assert found == expected


def test_every_collection_goes_to_a_seat_that_may_win_that_much(
    room: tuple[str, RoomRead],
) -> None:
    _, read = room
    inconsistent = {hand_id for (_, hand_id) in INCONSISTENT}
    problems = [p for p in seat_award_problems(read.all()) if p[0] not in inconsistent]
    assert problems == []


def test_nets_equal_fpdb(room: tuple[str, RoomRead], shared: Path) -> None:
    folder, read = room
    compared = 0
    for path, result in read.by_file.items():
        expected = fpdb_nets(shared / path)
        if expected is None:
            continue
        players = pl.from_arrow(result.players)
        hands = pl.from_arrow(result.hands)
        assert isinstance(players, pl.DataFrame) and isinstance(hands, pl.DataFrame)
        assert hands.height == 1, path  # FPDB's sidecars are of one-hand files
        scale = 100 // hands["units_per_currency"][0]  # FPDB counts chips in hundredths
        # FPDB lists the players dealt in: those seated but not dealt in are not in it
        dealt_in = players.filter(~pl.col("sitting_out")).select("player", "net")
        assert {name: net * scale for name, net in dealt_in.iter_rows()} == expected, path
        compared += 1
    assert compared >= {"Stars": 4, "GGPoker": 0, "Winamax": 5}[folder]


def test_the_importer_stores_omaha_only(shared: Path) -> None:
    site = registry()["pokerstars"]
    path = shared / "formats/Stars/tour/NLHE-USD-MTT-5r-200710.txt"
    result = site.parse_file(path)
    assert result.hands.num_rows == 0
    assert set(result.import_skips.column("reason").to_pylist()) == {"other game: Hold'em No Limit"}


def _hand_text(shared: Path, path: str, hand_id: str) -> str:
    text = (shared / path).read_text(encoding="utf-8", errors="replace")
    start = text.index(f"#{hand_id}")
    end = text.find("\n\n\n", start)
    return text[start : end if end > 0 else len(text)]


def test_the_inconsistent_hands_do_not_add_up_by_their_own_lines(shared: Path) -> None:
    # Run It Once: a flop bet of €0.21 that nobody calls comes back as €0.71
    text = _hand_text(shared, "formats/Stars/cash/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.txt",
                      "30266126")  # fmt: skip
    assert re.search(r"^Galen U: bets €0\.21$", text, re.M)
    assert re.search(r"^Uncalled bet \(€0\.71\) returned to Galen U$", text, re.M)
    assert len(re.findall(r"^Galen U: (?:bets|raises|calls)", text, re.M)) == 1
    # Winamax: blinds 1€ and 2€ and a raise to 6€, nobody calls: 9€ in, 10€ collected
    text = _hand_text(shared, "corpus/Winamax/cash/PLO-5max-EUR-1.00-2.00-201408.bad.pot.txt",
                      "6468352-1737-1408024646")  # fmt: skip
    bets = re.findall(r"^\S+ (?:posts (?:small|big) blind|raises \S+ to) (\d+)€$", text, re.M)
    assert sorted(map(int, bets)) == [1, 2, 6]
    assert re.search(r"^Player1 collected 10€ from pot$", text, re.M)


def test_no_site_claims_a_file_of_another_room(shared: Path) -> None:
    """Every history file of ../shared is claimed by its own room's site alone, and a file
    of a room no site reads by none."""
    wrong = []
    for base in ("corpus", "formats"):
        for path in sorted((shared / base).rglob("*")):
            if not path.is_file() or path.suffix in (*COMPANIONS, ".tsv", ".md"):
                continue
            with open(path, "rb") as stream:
                head = stream.read(65536)
            claims = [name for name, site in registry().items() if site.detect(head)]
            own = ROOMS.get(path.relative_to(shared / base).parts[0])
            if claims != ([own] if own else []):
                wrong.append((str(path.relative_to(shared)), claims))
    assert wrong == []
