"""The showdown order of ``../shared/rules.md`` (the last river bettor or raiser shows
first; with no river bet, the first player still in to the left of the button), checked
on real hands and the same hands with their show lines swapped: a note, not a status."""

from __future__ import annotations

import re
from pathlib import Path

from analysis.audit.core import audit
from ingest.engine.contract import Chunk, ParseResult
from ingest.engine.site import TextSite
from ingest.sites.ggpoker import SITE as GGPOKER
from ingest.sites.pokerstars import SITE as STARS
from ingest.sites.winamax import SITE as WINAMAX
from tests.conformance import hand_text


def audited(site: TextSite, text: str, every_flop_game: bool = False) -> tuple[str, str]:
    result: ParseResult = site.parse(Chunk(text.encode(), "order.txt", 0, 1, "utf-8"),
                                     every_flop_game)  # fmt: skip
    [row] = audit(
        result.hands, result.players, result.actions, result.collections
    ).audit_hands.to_pylist()
    return row["status"], row["notes"]


def swap_lines(text: str, first: str, second: str) -> str:
    """The text with the lines starting with ``first`` and ``second`` swapped."""
    lines = text.split("\n")
    a = next(i for i, line in enumerate(lines) if line.startswith(first))
    b = next(i for i, line in enumerate(lines) if line.startswith(second))
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def test_the_last_river_bettor_shows_first(corpus: Path) -> None:
    text = hand_text(corpus / "Stars/tour/NLO8-USD-STT-201109.Knockout.sample.txt", "68174526090")
    assert re.search(r"^APTEM-89: bets 200\nbarlowdog1: calls 200\n", text, re.M)
    assert audited(STARS, text) == ("ok", "")
    swapped = swap_lines(text, "APTEM-89: shows", "barlowdog1: shows")
    assert audited(STARS, swapped) == (
        "ok",
        "shown out of order: barlowdog1 showed first, APTEM-89 was to show first "
        "(the last to bet or raise on the river)",
    )


def test_with_no_river_bet_the_first_player_left_of_the_button_shows_first(
    formats: Path,
) -> None:
    # heads-up, checked down: the button (a9055bd5) is printed showing before Hero
    text = hand_text(formats / "GGPoker/tour/NLHE-8max-MTT-USD-250-202006.txt", "TM247772064")
    assert "Seat #2 is the button" in text and "Seat 2: a9055bd5" in text
    notes = audited(GGPOKER, text, every_flop_game=True)[1]
    assert notes == (
        "shown out of order: a9055bd5 showed first, Hero was to show first "
        "(the first player still in to the left of the button)"
    )
    swapped = swap_lines(text, "a9055bd5: shows", "Hero: shows")
    assert audited(GGPOKER, swapped, every_flop_game=True)[1] == ""


def test_a_room_that_prints_shows_in_another_order_gets_no_note(formats: Path) -> None:
    text = hand_text(formats / "Winamax/tour/NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt",
                     "2357799155578961958-128-1653325811")  # fmt: skip
    assert audited(WINAMAX, text, every_flop_game=True)[1] == ""
