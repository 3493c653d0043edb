"""The general lessons behind readings that were once wrong, each shown on a real hand of
``../shared`` (FPDB's regression files, AGPL, read in place), sometimes with one line of
it changed the way another room or another version writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from analysis.audit.core import audit
from analysis.audit.verify import HandReplay, rake_placed_otherwise
from ingest.engine.contract import Chunk, ParseResult
from ingest.engine.site import TextSite
from ingest.sites import registry
from ingest.sites.ggpoker import SITE as GGPOKER
from ingest.sites.pokerstars import SITE as STARS
from ingest.sites.winamax import SITE as WINAMAX
from tests.conformance import hand_text


def parse_text(site: TextSite, text: str, every_flop_game: bool = False) -> ParseResult:
    return site.parse(Chunk(text.encode("utf-8"), "lesson.txt", 0, 1, "utf-8"), every_flop_game)


def statuses(result: ParseResult) -> dict[str, tuple[str, str]]:
    audited = audit(result.hands, result.players, result.actions, result.collections)
    return {
        row["hand_id"]: (row["status"], row["reason"]) for row in audited.audit_hands.to_pylist()
    }


def seats(result: ParseResult) -> dict[str, tuple[bool, str | None]]:
    return {row["player"]: (row["sitting_out"], row["position"])
            for row in result.players.to_pylist()}  # fmt: skip


def test_who_is_dealt_in_comes_from_what_a_player_does_not_the_seat_list(
    formats: Path,
) -> None:
    # Winamax lists two players seated but not dealt in: no line names them after the
    # seats; the button is written "Seat 0000005".
    text = (formats / "Winamax/cash/NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt").read_text()
    result = parse_text(WINAMAX, text, every_flop_game=True)
    assert result.hands.column("button_seat").to_pylist() == [5]
    assert seats(result) == {
        "Player1": (False, "SB"), "SatOutToo": (True, None), "Player2": (False, "BB"),
        "Hero": (True, None), "Player3": (False, "BTN"),
    }  # fmt: skip
    # PokerStars marks a tournament player sitting out who is dealt in and folds
    text = (formats / "Stars/tour/NLHE-9-max-USD-10-STT-200512.player.sitting.out.txt").read_text()
    result = parse_text(STARS, text, every_flop_game=True)
    assert seats(result)["Player2"] == (False, "MP")
    assert sum(position is not None for _, position in seats(result).values()) == 8


def test_a_pot_is_judged_by_what_each_player_takes_not_by_the_label(corpus: Path) -> None:
    # Player0 wins the main pot and side pot 1; Winamax would collect both in one line
    # named after the main pot.
    text = hand_text(corpus / "Stars/cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
                     "22865231671")  # fmt: skip
    one_line = text.replace("Player0 collected $0.88 from side pot-1\n", "").replace(
        "Player0 collected $2.35 from main pot", "Player0 collected $3.23 from main pot"
    )
    assert one_line != text
    assert statuses(parse_text(STARS, text))["22865231671"][0] == "ok"
    assert statuses(parse_text(STARS, one_line))["22865231671"][0] == "ok"
    # paying the side pot to the main pot's winner is still a mismatch
    wrong = text.replace("Player2 collected $0.29 from side pot-2",
                         "Player0 collected $0.29 from side pot-2")  # fmt: skip
    assert statuses(parse_text(STARS, wrong))["22865231671"][0] == "mismatch"


def test_an_uncalled_bet_collected_as_a_side_pot_is_a_return(corpus: Path) -> None:
    text = (corpus / "Winamax/cash/5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt").read_text()
    assert "Hero collected 84€ from side pot 1" in text
    result = parse_text(WINAMAX, text)
    hero = next(row for row in result.players.to_pylist() if row["player"] == "Hero")
    assert (hero["returned"], hero["collected"]) == (8400, 0)
    assert result.collections.column("player").to_pylist() == ["Player0"]
    assert statuses(result)[result.hands.column("hand_id")[0].as_py()][0] == "ok"


def test_the_rake_spread_otherwise_is_rake_spread_where_the_room_varies_it() -> None:
    """Hand-built: seat 1 all-in for 100, seats 2 and 3 put in 300; the main pot is 300, the
    side pot 400; seat 1 wins the main pot, seat 2 the side pot; rake 35. The cumulative
    rule takes 15 and 20 (seat 1 gets 285, seat 2 380); taken all from the main pot seat
    1 gets 265 and seat 2 400."""
    hand = HandReplay(h=0, room="Winamax", button=3, rake=35, hi_lo=False, boards=1,
                      put_in={1: 100, 2: 300, 3: 300}, hi=[{1: 9, 2: 5, 3: 1}])  # fmt: skip
    rows = [(1, 0, "whole", 1, "a", 285, 265), (1, 1, "whole", 2, "b", 380, 400)]
    assert rake_placed_otherwise(hand, rows) == "from the main pot first"
    # a room whose spread never varies: the same payments are a mismatch
    stars = HandReplay(**{**hand.__dict__, "room": "PokerStars"})
    assert rake_placed_otherwise(stars, rows) is None
    # paying seat 2 a unit more than any spread gives is never a spread
    assert rake_placed_otherwise(hand, [rows[0], (1, 1, "whole", 2, "b", 380, 401)]) is None


def test_gg_takes_its_rake_from_the_main_pot_and_its_jackpot_from_every_pot() -> None:
    """GGPoker #OM1349864, run twice: Hero all-in for $175.08 against two players at $210,
    one folding on the flop. The main pot ($527.24) and the side pot ($69.84, only
    3a59c1a9's) pay $515.32 and $69.26: the $7.50 rake came from the main pot, the $5
    jackpot from both pots in proportion ($0.58 from the side pot), not the cumulative
    spread of the whole $12.50 ($1.46 from the side pot)."""
    text = (Path(__file__).parent / "fixtures" / "gg_run_twice_side_pot.txt").read_text()
    result = parse_text(GGPOKER, text)
    assert result.hands.column("inconsistencies").to_pylist() == [[]]
    status, reason = statuses(result)["OM1349864"]
    assert status == "rake_spread"
    assert reason.startswith(
        "the rake is taken from the pots otherwise than the rules say (the rake from the main "
        "pot first, the other drops in proportion to each pot): board 1 pot: expected "
        "3a59c1a9 $68.38 and Hero $258.10, history pays 3a59c1a9 $69.26 and Hero $257.66"
    )


def test_a_small_blind_posted_out_of_position_is_dead(corpus: Path) -> None:
    text = (corpus / "Winamax/cash/PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt").read_text()
    result = parse_text(WINAMAX, text)
    post = next(row for row in result.actions.to_pylist() if row["player"] == "Incognito 2"
                and row["kind"] == "post_sb_bb")  # fmt: skip
    assert (post["amount"], post["dead"]) == (200, 200)
    # the player then calls the whole big blind: legal, and the money adds up
    called = (
        text.replace("Incognito 2 folds\n", "Incognito 2 calls 4€\n", 1)
        .replace("Incognito 3 folds\n", "Incognito 2 folds\nIncognito 3 folds\n")
        .replace("Hero collected 56€", "Hero collected 60€")
        .replace("Total pot 56€", "Total pot 60€")
        .replace("won 56€", "won 60€")
    )
    result = parse_text(WINAMAX, called)
    [hand] = result.hands.to_pylist()
    assert hand["inconsistencies"] == []
    assert statuses(result)[hand["hand_id"]] == ("ok", "")


def test_old_pokerstars_leaves_an_unprinted_uncalled_bet_out_of_the_pot(formats: Path) -> None:
    # 2005: "Hero: bets $1" uncalled, no return line, "Total pot $1", "collected $1"
    text = (formats / "Stars/cash/LHE-USD-1.00-200508.BB.and.Button.same.player.txt").read_text()
    assert "Uncalled bet" not in text
    result = parse_text(STARS, text, every_flop_game=True)
    [hand] = result.hands.to_pylist()
    assert (hand["total_pot"], hand["uncalled_inferred"], hand["inconsistencies"]) == (100, 50, [])
    nets = {row["player"]: row["net"] for row in result.players.to_pylist()}
    assert nets == {"Hero": 50, "fblm2002": -50}


def test_a_hi_lo_collect_line_with_no_space_before_the_half(corpus: Path) -> None:
    text = (corpus / "Winamax/cash/PLO8-2max-play-0.05-0.10-201610.export.txt").read_text()
    tight = text.replace("from pot (HI)", "from pot(HI)").replace("from pot (LO)", "from pot(LO)")
    assert tight != text
    before, after = parse_text(WINAMAX, text), parse_text(WINAMAX, tight)
    assert after.import_errors.num_rows == 0
    assert after.collections.to_pylist() == before.collections.to_pylist()
    assert after.collections.column("half").to_pylist() == ["hi", "lo"]


@pytest.mark.parametrize(
    ("room", "path", "reason"),
    [
        ("pokerstars", "Stars/cash/6+Holdem-6max-USD-2.00-2.00-201904.walk.txt",
         "other game: 6+ Hold'em No Limit"),
        ("ggpoker", "GGPoker/cash/NL-ShortDeck-5max-USD-0.2-202103.txt",
         "other game: ShortDeck No Limit"),
        ("pokerstars", "Stars/tour/NLHE-3max-EUR-5.00-202102.RIO.cub3d.txt",
         "other game: Hold'em No Limit"),
        ("pokerstars", "Stars/tour/NLHE-3max-EUR-5.00-202103.classic.txt",
         "other game: Hold'em No Limit"),
        ("pokerstars", "Stars/tour/NLHE-9max-SC-MTT-201512.txt", "other game: Hold'em No Limit"),
        ("pokerstars", "Stars/tour/NLHE-6max-MTT-USD-125-201505.old.converted.tourney.txt",
         "other game: Hold'em No Limit"),
        ("pokerstars", "Stars/tour/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt",
         "other game: Hold'em No Limit"),
    ],
)  # fmt: skip
def test_other_games_are_skipped_with_one_clean_name(
    formats: Path, room: str, path: str, reason: str
) -> None:
    result = registry()[room].parse_file(formats / path)
    assert result.hands.num_rows == 0
    assert set(result.import_skips.column("reason").to_pylist()) == {reason}


def test_cards_an_export_writes_as_unknown_are_not_stored(formats: Path) -> None:
    # Hold'em Manager export: "Player1: shows [XX Qs] ()", a partial show
    text = (formats / "Stars/cash/NLHE-10max-USD-1.00-2.00-200910.HM1.shows.one.txt").read_text()
    assert "Player1: shows [XX Qs] ()" in text
    result = parse_text(STARS, text, every_flop_game=True)
    cards = {row["player"]: row["hole_cards"] for row in result.players.to_pylist()}
    assert (cards["Player1"], cards["Hero"], cards["Player0"]) == ("Qs", "Qh Th", None)


def test_a_line_the_grammar_does_not_know_is_an_error_naming_it(corpus: Path) -> None:
    text = hand_text(corpus / "Stars/cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
                     "22865231671")  # fmt: skip
    lines = text.split("\n")
    at = next(k for k, line in enumerate(lines) if line.startswith("*** FLOP ***"))
    juggling = "\n".join([*lines[: at + 1], "Player0 juggles $5.00", *lines[at + 1 :]])
    result = parse_text(STARS, juggling)
    assert result.hands.num_rows == 0
    [error] = result.import_errors.to_pylist()
    assert (error["line_no"], error["line"], error["reason"]) == (
        at + 2,
        "Player0 juggles $5.00",
        "a line of no kind the room writes (not in its grammar)",
    )
    # a note the grammar names as carrying nothing is read as nothing
    noted = "\n".join([*lines[: at + 1], "Player0 has timed out", *lines[at + 1 :]])
    assert parse_text(STARS, noted).hands.num_rows == 1


def test_trailing_white_space_on_every_line_reads_the_same(corpus: Path) -> None:
    text = hand_text(corpus / "Stars/cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt",
                     "22865231671")  # fmt: skip
    padded = "\n".join(line + " \t " if line else line for line in text.split("\n"))
    plain, spaced = parse_text(STARS, text), parse_text(STARS, padded)
    assert spaced.import_errors.num_rows == 0
    for table in ("players", "actions", "collections"):
        assert getattr(spaced, table).equals(getattr(plain, table)), table


def test_a_hand_cut_off_mid_line_with_the_next_glued_to_it(formats: Path) -> None:
    # "*** RIVER *** [4d Kh JPokerStars Hand #86564270670: Tournament #604678566, ..."
    path = formats / "Stars/tour/NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt"
    assert "*** RIVER *** [4d Kh JPokerStars Hand #86564270670: " in path.read_text()
    result = STARS.parse_file(path, every_flop_game=True)
    assert result.import_errors.num_rows == 0
    skips = {row["hand_id"]: (row["line_no"], row["reason"])
             for row in result.import_skips.to_pylist()}  # fmt: skip
    assert skips["86564040647"] == (80, "partial: the hand ends before its summary")
    [glued] = [row for row in result.hands.to_pylist() if row["hand_id"] == "86564270670"]
    assert glued["inconsistencies"] == []
