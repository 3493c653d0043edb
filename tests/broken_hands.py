"""Damaged and partial hands for the command-line property tests, at the text level.

Each function takes one generated PokerStars-format hand and returns it damaged in one way
a real history can be (a show of some cards only, a board cut short, an amount of zero, a
player sitting out who posts, a seat with no action, a single player), or None when the
hand offers no place for it. None of them is meant to keep the hand valid: the commands
must run to their end on whatever the importer stores.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_SHOW = re.compile(r"^(?P<player>.+?): shows \[(?P<cards>[^\]]+)\]", re.M)
_SHOWED = re.compile(r"^(?P<head>Seat \d+: (?P<player>.+?) .*?showed \[)(?P<cards>[^\]]+)\]", re.M)
_SEAT = re.compile(r"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>[^)]*) in chips\)", re.M)
_POST = re.compile(r"^(?P<player>.+?): posts (?:small|big) blind ", re.M)
_BOARD = re.compile(r"^Board \[(?P<cards>[^\]]+)\]", re.M)
_RIVER = re.compile(r"^\*\*\* RIVER \*\*\* .*\n", re.M)
_CHECKS = re.compile(r"^.+?: checks\n", re.M)
_FOLD = re.compile(r"^(?P<player>.+?): folds\n", re.M)
_TABLE = re.compile(r"^Table '[^']*' (?P<max>\d+)-max", re.M)


def _money(text: str, amount: str) -> str:
    """``amount`` written as the hand writes money: ``$0`` in cash games, ``0`` in chips."""
    return amount if "Tournament #" in text.split("\n", 1)[0] else f"${amount}"


def show_one_card(text: str) -> str | None:
    """The first player to show shows one card of his hand (``shows [Ad]``), in the show
    line and in the summary."""
    show = _SHOW.search(text)
    if show is None:
        return None
    player, first = show["player"], show["cards"].split()[0]
    text = text[: show.start("cards")] + first + text[show.end("cards") :]
    for showed in _SHOWED.finditer(text):
        if showed["player"] == player:
            return text[: showed.start("cards")] + first + text[showed.end("cards") :]
    return text


def show_with_unknown(text: str) -> str | None:
    """The last player to show has his first card written ``XX`` and the rest left out
    (``shows [XX Qs]``), in the show line and in the summary."""
    shows = list(_SHOW.finditer(text))
    if not shows:
        return None
    show = shows[-1]
    cards = show["cards"].split()
    if len(cards) < 2:
        return None
    written = f"XX {cards[1]}"
    player = show["player"]
    text = text[: show.start("cards")] + written + text[show.end("cards") :]
    for showed in _SHOWED.finditer(text):
        if showed["player"] == player:
            return text[: showed.start("cards")] + written + text[showed.end("cards") :]
    return text


def board_without_river(text: str) -> str | None:
    """A showdown hand whose river is not dealt: the river line, the checks after it and
    the river card of the summary's board are gone (the shows stay)."""
    river = _RIVER.search(text)
    board = _BOARD.search(text)
    if river is None or board is None or "*** SHOW DOWN ***" not in text:
        return None
    end = text.index("*** SHOW DOWN ***")
    after = text[river.end() : end]
    if _CHECKS.sub("", after):
        return None  # a river bet: cutting it would change the money
    cards = board["cards"].split()
    text = text[: board.start("cards")] + " ".join(cards[:-1]) + text[board.end("cards") :]
    return text[: river.start()] + text[end:]


def board_of_two_cards(text: str) -> str | None:
    """The summary's board cut to its first two cards (no board has two)."""
    board = _BOARD.search(text)
    if board is None:
        return None
    cards = board["cards"].split()
    return text[: board.start("cards")] + " ".join(cards[:2]) + text[board.end("cards") :]


def zero_amounts(text: str) -> str | None:
    """A zero ante posted by the first seat, a zero bet where the first check was, and a
    seat with a stack of zero who never acts."""
    seat = _SEAT.search(text)
    check = re.search(r"^(?P<player>.+?): checks$", text, re.M)
    hole = text.find("*** HOLE CARDS ***")
    if seat is None or check is None or hole < 0:
        return None
    zero = _money(text, "0")
    text = text[: check.start()] + f"{check['player']}: bets {zero}" + text[check.end() :]
    text = text[:hole] + f"{seat['player']}: posts the ante {zero}\n" + text[hole:]
    taken = {int(s["seat"]) for s in _SEAT.finditer(text)}
    table = _TABLE.search(text)
    free = [n for n in range(1, int(table["max"]) + 1 if table else 10) if n not in taken]
    if not free:
        return text
    last = list(_SEAT.finditer(text))[-1]
    line = f"\nSeat {free[0]}: Zero Stack ({zero} in chips)"
    return text[: last.end()] + line + text[last.end() :]


def sitting_out_posts(text: str) -> str | None:
    """The player who posts the first blind is marked sitting out on his seat line."""
    post = _POST.search(text)
    if post is None:
        return None
    for seat in _SEAT.finditer(text):
        if seat["player"] == post["player"]:
            return text[: seat.end()] + " is sitting out" + text[seat.end() :]
    return None


def seat_with_no_action(text: str) -> str | None:
    """A folding player's fold is gone: he is seated, dealt in by nothing he does."""
    fold = _FOLD.search(text)
    if fold is None:
        return None
    player = re.escape(fold["player"])
    if re.search(rf"^{player}: (posts|calls|bets|raises|checks|shows|mucks)", text, re.M):
        return None  # he did something else: the fold alone would not leave him idle
    if re.search(rf"^Dealt to {player} ", text, re.M):
        return None
    return text[: fold.start()] + text[fold.end() :]


def one_player(text: str) -> str | None:
    """The hand cut to its first seat, who posts the small blind and gets it back."""
    seat = _SEAT.search(text)
    header, _, rest = text.partition("\n")
    table = rest.split("\n", 1)[0]
    if seat is None or not table.startswith("Table "):
        return None
    player = seat["player"]
    blind = _money(text, "1")
    lines = [
        header, table, seat.group(0), f"{player}: posts small blind {blind}",
        "*** HOLE CARDS ***", f"Uncalled bet ({blind}) returned to {player}",
        f"{player}: doesn't show hand", "*** SUMMARY ***",
        f"Total pot {_money(text, '0')} | Rake {_money(text, '0')}",
        f"Seat {seat['seat']}: {player} (small blind) folded before Flop (didn't bet)", "", "",
    ]  # fmt: skip
    return "\n".join(lines)


def cut_short(text: str) -> str | None:
    """The hand cut before its summary (a partial hand: skipped or an error, never stored
    half)."""
    summary = text.find("*** SUMMARY ***")
    if summary < 0:
        return None
    return text[:summary].rstrip("\n") + "\n\n\n"


DAMAGES: dict[str, Callable[[str], str | None]] = {
    "show_one_card": show_one_card,
    "show_with_unknown": show_with_unknown,
    "board_without_river": board_without_river,
    "board_of_two_cards": board_of_two_cards,
    "zero_amounts": zero_amounts,
    "sitting_out_posts": sitting_out_posts,
    "seat_with_no_action": seat_with_no_action,
    "one_player": one_player,
    "cut_short": cut_short,
}
"""Damage name -> its function."""
