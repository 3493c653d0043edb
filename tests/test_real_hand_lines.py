"""Seat, dealt, summary and betting lines of real hands, read as their text says.

The hands are the FPDB regression files (AGPL-3.0, see ``tests/fixtures/README.md``), read in
place from ``../shared/corpus`` and ``../shared/formats`` (skipped when absent) or from
``tests/fixtures/stars_hands.txt``; a few single lines are quoted with the file they come
from. Where a test changes a real hand (a board line with text after it, a "Tax" label, a
bigger stack), the change is one line and the comment says why. Every expected value is
worked out from the history text, not copied from the parser's output.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa
import pytest

from ingest.engine import fields, scan
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording
from ingest.reader import detect_encoding
from ingest.sites import Chunk, ParseResult, ggpoker, pokerstars

FIXTURE = Path(__file__).parent / "fixtures" / "stars_hands.txt"

_WORDING = Wording()  # the words of the PokerStars format the lines below are in


def _frame(table: pa.Table) -> pl.DataFrame:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame


def _text(path: Path) -> str:
    """A history file's text as the importer decodes it, with line feeds."""
    raw = path.read_bytes()
    return raw.decode(detect_encoding(raw[:4096])).lstrip("\ufeff").replace("\r\n", "\n")


def _changed(text: str, old: str, new: str) -> str:
    """``text`` with its one line ``old`` replaced by ``new``."""
    assert text.count(f"{old}\n") == 1, old
    return text.replace(f"{old}\n", f"{new}\n")


def _parse(site: TextSite, text: str) -> ParseResult:
    result = site.parse(Chunk(text.encode(), "t.txt", 0, 1, "utf-8"))
    assert result.import_errors.num_rows == 0, result.import_errors.to_pylist()
    assert result.import_skips.num_rows == 0, result.import_skips.to_pylist()
    return result


def _lines(*lines: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lines joined as a chunk's bytes, with each line's start and end."""
    encoded = [line.encode() for line in lines]
    data = np.frombuffer(b"\n".join(encoded), np.uint8).copy()
    starts = np.cumsum([0] + [len(line) + 1 for line in encoded[:-1]]).astype(np.int64)
    ends = starts + np.array([len(line) for line in encoded], np.int64)
    return data, starts, ends


def _span(data: np.ndarray, first: int, last: int) -> str | None:
    return None if first < 0 else bytes(data[first:last]).decode()


# --- "out of hand": a player moved in from another table is not dealt in ---------------------

# formats/Stars/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt, hand #53469813066
MOVED_IN = (
    "Seat 6: Player13 (1475 in chips) out of hand (moved from another table into small blind)"
)
SEATED = "Seat 5: Hero (3090 in chips)"
# corpus/Stars/tour/NLO8-USD-STT-201109.Knockout.sample.txt
SAT_OUT = "Seat 8: StaKuGorPS (2470 in chips) is sitting out"


def test_a_seat_line_reads_its_player_and_stack_whatever_follows() -> None:
    data, starts, ends = _lines(MOVED_IN, SEATED, SAT_OUT)
    spans = fields.seat_fields(data, starts, ends, scan.lit(" in chips"), _WORDING.words,
                               scan.lit(""), scan.lit(""))  # fmt: skip
    players = [_span(data, int(row[2]), int(row[3])) for row in spans]
    stacks = [_span(data, int(row[4]), int(row[5])) for row in spans]
    assert players == ["Player13", "Hero", "StaKuGorPS"]
    assert stacks == ["1475", "3090", "2470"]


def test_the_quoted_seat_lines_are_lines_of_their_files(corpus: Path, formats: Path) -> None:
    moved = _text(formats / "Stars/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt").split("\n")
    assert MOVED_IN in moved and SEATED in moved
    sat_out = _text(corpus / "Stars/tour/NLO8-USD-STT-201109.Knockout.sample.txt").split("\n")
    assert SAT_OUT in sat_out


def test_a_player_moved_in_out_of_hand_gets_no_position(formats: Path) -> None:
    """Hand #53469813066: Player13 (seat 6) is moved in "into small blind" but out of the
    hand: the button is seat 5, and the blinds are posted by the next players dealt in,
    Player6 (seat 1, small blind 25) and Player21 (seat 2, big blind 50)."""
    path = formats / "Stars/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt"
    result = pokerstars.SITE.parse_file(path, every_flop_game=True)
    players = _frame(result.players).filter(pl.col("hand_id") == "53469813066")
    rows = {r["player"]: (r["seat"], r["position"], r["sitting_out"], r["put_in"])
            for r in players.to_dicts()}  # fmt: skip
    assert rows["Player13"] == (6, None, True, 0)
    assert rows["Player6"][:3] == (1, "SB", False)
    assert rows["Player21"][:3] == (2, "BB", False)
    assert rows["Hero"][:3] == (5, "BTN", False)


# --- is_hero: the history's owner only -------------------------------------------------------


def test_ggpoker_names_every_player_dealt_in_and_only_the_owner_is_the_hero(
    corpus: Path,
) -> None:
    """GGPoker writes "Dealt to b84ff923" for every player dealt in and adds cards for the
    owner alone ("Dealt to Hero [Qs Qc 6c 3s]"): in every hand, Hero and no one else."""
    path = corpus / "GGPoker/cash/PLO-6max-USD-0.50-1.00-202004.txt"
    assert _text(path).count("Dealt to b84ff923\n") > 0
    players = _frame(ggpoker.SITE.parse_file(path).players)
    heroes = players.group_by("hand_id").agg(pl.col("player").filter(pl.col("is_hero")))
    assert heroes.height == 41
    assert heroes["player"].to_list() == [["Hero"]] * 41
    hero_cards = players.filter(pl.col("is_hero"))["hole_cards"]
    assert hero_cards.null_count() == 0


def test_run_it_once_deals_cards_to_every_player_and_names_no_hero(corpus: Path) -> None:
    """A Run It Once export prints every player's cards ("Dealt to Rusty I [9s 8c 6s 5d]",
    ... six lines): the owner cannot be told, so no one is the hero; each player's cards
    are kept."""
    path = corpus / "Stars/cash/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt"
    assert _text(path).count("Dealt to ") == 6
    players = _frame(pokerstars.SITE.parse_file(path).players)
    assert players.height == 6
    assert players["is_hero"].to_list() == [False] * 6
    assert players.filter(pl.col("player") == "Rusty I")["hole_cards"].to_list() == ["9s 8c 6s 5d"]
    assert players["hole_cards"].null_count() == 0


def test_run_it_once_with_one_player_dealt_cards_names_him_the_hero(corpus: Path) -> None:
    path = corpus / "Stars/cash/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt"
    assert _text(path).count("Dealt to ") == 1
    players = _frame(pokerstars.SITE.parse_file(path).players)
    assert players.filter(pl.col("is_hero"))["player"].to_list() == ["Hero"]


# --- a board line with text after its closing bracket ----------------------------------------


def _fixture_hands() -> list[str]:
    return [hand.strip() + "\n" for hand in FIXTURE.read_text().split("\n\n") if hand.strip()]


def test_a_board_line_must_end_at_its_bracket() -> None:
    data, starts, ends = _lines(
        "Board [2c 3d 4h]", "Board [2c 3d 4h] junk", "SECOND Board [2c 3d 4h 5s 6s]"
    )
    labels = (np.zeros(0, np.uint8), np.zeros(1, np.int64))
    _, spans, _, is_board, board = fields.summary_fields(
        data, starts, ends, scan.lit("Board ["), *labels, _WORDING.words, *_WORDING.run_table
    )
    assert is_board.tolist() == [True, True, True]
    cards = [_span(data, int(row[2]), int(row[3])) for row in spans]
    assert cards == ["2c 3d 4h", None, "2c 3d 4h 5s 6s"]
    assert board.tolist() == [1, 1, 2]


def test_a_hand_whose_board_line_has_text_after_it_is_stored_without_a_board() -> None:
    """The first hand of the fixture (PokerStars #231645858339) as printed, then with
    " junk" after its board: that line is no board, so the hand is stored (no error, its
    money as before) with no board."""
    hand = _fixture_hands()[0]
    board = "Board [2s 9h 7d 8s Th]"
    printed = _frame(_parse(pokerstars.SITE, hand).hands)
    assert printed["boards"].to_list() == [["2s 9h 7d 8s Th"]]
    junk = _frame(_parse(pokerstars.SITE, _changed(hand, board, f"{board} junk")).hands)
    assert junk["boards"].to_list() == [[]]
    assert junk.drop("boards").to_dicts() == printed.drop("boards").to_dicts()


# --- a tax is part of the room's take --------------------------------------------------------


def test_a_ggpoker_tax_is_taken_off_the_pot_like_rake(corpus: Path) -> None:
    """Hand RC58843003 with its jackpot drop printed as a tax: "Total pot $2.81 | Rake
    $0.06 | Jackpot $0 | Bingo $0 | Tax $0.02". The players put in 0.01 + 0.02 + 2 x 0.41 +
    2 x 0.88 = 2.61 and the room drops 0.20 in: 2.81; less rake 0.06 and tax 0.02 leaves
    2.73, which 291a0936 collects. Without the tax in the room's take the pot would owe
    2.75, and the hand would not add up."""
    text = _text(corpus / "GGPoker/cash/PLO-6max-USD-0.01-0.02-202104.STP.txt")
    taxed = _changed(
        text,
        "Total pot $2.81 | Rake $0.06 | Jackpot $0.02 | Bingo $0",
        "Total pot $2.81 | Rake $0.06 | Jackpot $0 | Bingo $0 | Tax $0.02",
    )
    result = _parse(ggpoker.SITE, taxed)
    [hand] = result.hands.to_pylist()
    assert (hand["total_pot"], hand["rake"], hand["jackpot_fee"], hand["tax"]) == (261, 6, 0, 2)
    assert hand["room_money_in"] == 20
    assert hand["inconsistencies"] == []
    nets = {
        p["player"]: (p["put_in"], p["collected"], p["net"]) for p in result.players.to_pylist()
    }
    assert nets["291a0936"] == (129, 273, 144)
    assert nets["Hero"] == (129, 0, -129)


# --- GGPoker's "PLO" header: pot-limit -------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "header", "game"),
    [
        ("cash/PLO-6max-USD-5-10-202101.missed.txt", ": PLO ($5/$10) - ", "omaha"),
        ("cash/PLO5-6max-USD-2-5-202104.missed.txt", ": PLO-5 ($2/$5) - ", "omaha5"),
    ],
)
def test_a_ggpoker_plo_header_without_a_limit_is_pot_limit(
    corpus: Path, path: str, header: str, game: str
) -> None:
    text = _text(corpus / "GGPoker" / path)
    assert header in text.split("\n", 1)[0]
    hands = _frame(_parse(ggpoker.SITE, text).hands)
    assert hands.height == 1
    assert hands.select("game", "limit_type").row(0) == (game, "PL")


# --- the all-in mark counts the chips bet, not the chips returned ---------------------------

RIO_SIDE_POTS = "Stars/cash/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt"


def _shaun(result: ParseResult) -> list[tuple[str, int, bool]]:
    actions = _frame(result.actions).filter(pl.col("player") == "Shaun J")
    return [(a["kind"], a["amount"], a["all_in"]) for a in actions.to_dicts()]


def test_a_whole_stack_bet_partly_returned_is_all_in(corpus: Path) -> None:
    """Run It Once prints no "and is all-in". Shaun J (€39.72) puts in 0.10 + 2.30 + 7.07 +
    30.25 = 39.72, his whole stack, with the raise: all-in there, though 8.43 of it comes
    back uncalled (Hero is all-in for less); the return itself is no all-in."""
    result = _parse(pokerstars.SITE, _text(corpus / RIO_SIDE_POTS))
    assert _shaun(result) == [
        ("post_sb", 10, False), ("call", 230, False), ("bet", 707, False),
        ("raise", 3025, True), ("check", 0, False), ("check", 0, False),
        ("return", 843, False),
    ]  # fmt: skip


def test_a_bet_partly_returned_is_not_all_in_by_its_return(corpus: Path) -> None:
    """The same hand with Shaun J seated with €48.15: his 39.72 is not his stack, and
    getting 8.43 back does not make it so (39.72 put in + 8.43 returned = 48.15 would, if
    the chips returned counted as chips bet)."""
    text = _changed(
        _text(corpus / RIO_SIDE_POTS),
        "Seat 5: Shaun J (€39.72 in chips)",
        "Seat 5: Shaun J (€48.15 in chips)",
    )
    result = _parse(pokerstars.SITE, text)
    assert [all_in for _, _, all_in in _shaun(result)] == [False] * 7
    assert result.hands.to_pylist()[0]["inconsistencies"] == []
