"""Damaged hand histories: one deliberate error per hand, at the PokerStars text level.

Some damages keep the hand's chips balanced (what was put in, less returns, is the total
pot; the pot less the rake is what was collected), so that only the replay can tell the
hand is wrong; others change an amount so that the money no longer adds up as printed (a
collection paying more or less, a total pot or rake line, a stack), which the importer
keeps with the stored hand. Each function returns the damaged text, or None when the hand
offers no place for that damage; ``DAMAGES`` says what the audit must find.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

_COLLECT = re.compile(
    r"^(?P<player>.+?) collected (?P<cur>\D?)(?P<amount>[\d,]+(?:\.\d+)?) from (?P<pot>.+?)\s*$",
    re.M,
)
_TOTAL_POT = re.compile(r"^Total pot \D?(?P<amount>[\d,]+(?:\.\d+)?)", re.M)
_SHOWS = re.compile(r"^(?P<player>.+?): shows \[", re.M)
_RAKE = re.compile(r"\| Rake \D?(?P<amount>[\d,]+(?:\.\d+)?)", re.M)
_BIG_BLIND = re.compile(r"^(?P<player>.+?): posts big blind \D?(?P<amount>[\d,.]+)", re.M)
_UNCALLED = re.compile(
    r"^Uncalled bet \((?P<cur>\D?)(?P<amount>[\d,]+(?:\.\d+)?)\) returned to (?P<player>.+?)\s*$",
    re.M,
)


def _number(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def _unit(text: str) -> Decimal:
    """The smallest unit the hand writes amounts in: a chip in tournaments, else a cent."""
    return Decimal(1) if "Tournament #" in text.split("\n", 1)[0] else Decimal("0.01")


def _show(amount: Decimal, unit: Decimal) -> str:
    if unit == 1:
        return str(int(amount))
    text = f"{amount:.2f}"
    return text[:-3] if text.endswith(".00") else text


def _replace_span(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def _add_to(text: str, match: re.Match[str] | None, units: int) -> str | None:
    """The text with ``units`` smallest units added to the amount ``match`` found."""
    if match is None:
        return None
    unit = _unit(text)
    new = _show(_number(match["amount"]) + units * unit, unit)
    return _replace_span(text, match.start("amount"), match.end("amount"), new)


def pay_more(text: str) -> str | None:
    """A collect line paying five units more than the pot gives (``mismatch``)."""
    return _add_to(text, _COLLECT.search(text), 5)


def pay_less(text: str) -> str | None:
    """A collect line paying five units less than the pot gives (``mismatch``)."""
    unit = _unit(text)
    big = next((c for c in _COLLECT.finditer(text) if _number(c["amount"]) >= 6 * unit), None)
    return _add_to(text, big, -5)


def _move_unit(
    text: str, pick: Callable[[re.Match[str], list[re.Match[str]]], re.Match[str] | None]
) -> str | None:
    """One unit moved from a collect line of at least two units to the line ``pick``
    chooses for it among the hand's collect lines (None: no move from that line)."""
    collects = list(_COLLECT.finditer(text))
    for donor in collects:
        taker = pick(donor, collects)
        if taker is None or _number(donor["amount"]) < 2 * _unit(text):
            continue
        first, second = sorted((donor, taker), key=lambda m: m.start())
        changed = _add_to(text, second, 1 if second is taker else -1)
        assert changed is not None
        return _add_to(changed, first, 1 if first is taker else -1)
    return None


def move_cent(text: str) -> str | None:
    """One unit of a collection from one pot paid to the winner of another (``mismatch``):
    in two pots, it cannot be an odd chip placed under another rule."""
    return _move_unit(text, lambda donor, collects: next(
        (c for c in collects if c["player"] != donor["player"] and c["pot"] != donor["pot"]),
        None,
    ))  # fmt: skip


def change_total_pot(text: str) -> str | None:
    """The summary's total pot five units bigger than what was put in (``mismatch``)."""
    return _add_to(text, _TOTAL_POT.search(text), 5)


def change_rake(text: str) -> str | None:
    """The summary's rake five units bigger, the collections unchanged (``mismatch``)."""
    return _add_to(text, _RAKE.search(text), 5)


def exceed_stack(text: str) -> str | None:
    """The big blind's stack one unit smaller than the blind posted (``mismatch``)."""
    blind = _BIG_BLIND.search(text)
    if blind is None or _number(blind["amount"]) < 2 * _unit(text):
        return None
    player = re.escape(blind["player"])
    stack = re.search(rf"^Seat \d+: {player} \(\D?(?P<amount>[\d,.]+) in chips", text, re.M)
    if stack is None:
        return None
    unit = _unit(text)
    new = _show(_number(blind["amount"]) - unit, unit)
    return _replace_span(text, stack.start("amount"), stack.end("amount"), new)


def move_rake(text: str) -> str | None:
    """One unit of a player's side-pot collection moved to the same player's main-pot line
    (``rake_spread``): the player's total is right, only the rake's place in the pots moves."""
    rake = _RAKE.search(text)
    if rake is None or _number(rake["amount"]) == 0:
        return None  # without a rake, a pot paid more than it holds is a misaward
    return _move_unit(text, lambda side, collects: next(
        (c for c in collects if c["player"] == side["player"] and c["pot"] == "main pot"
         and side["pot"].startswith("side pot")),
        None,
    ))  # fmt: skip


def shift_collected(text: str) -> str | None:
    """Five units of one player's collection paid to another collector (``mismatch``).

    Two collectors are needed: with a single one, a smaller collection and a larger rake
    would be a consistent (if greedy) history, which no replay can call wrong.
    """
    unit = _unit(text)
    collects = list(_COLLECT.finditer(text))
    for donor in collects:
        taker = next((c for c in collects if c["player"] != donor["player"]), None)
        if taker is None or _number(donor["amount"]) < 6 * unit:
            continue
        delta = 5 * unit
        first, second = sorted((donor, taker), key=lambda m: m.start())
        for match, change in (
            (second, delta if second is taker else -delta),
            (first, delta if first is taker else -delta),
        ):
            new = _show(_number(match["amount"]) + change, unit)
            text = _replace_span(text, match.start("amount"), match.end("amount"), new)
        return text
    return None


def give_to_other(text: str) -> str | None:
    """A collection paid to another player who showed down in the same pot (``mismatch``).

    Only hands where every showing player was in for every pot qualify, so that the new
    payee was eligible.
    """
    shown = list(dict.fromkeys(m["player"] for m in _SHOWS.finditer(text)))
    collects = list(_COLLECT.finditer(text))
    if len(shown) < 2 or not collects or "side pot" in text:
        return None
    first = collects[0]
    collectors = {c["player"] for c in collects}
    other = next((p for p in shown if p not in collectors), None)
    if other is None:
        return None
    return _replace_span(text, first.start("player"), first.end("player"), other)


def move_odd_chip(text: str) -> str | None:
    """Two collections from the same pot that differ by one unit swap amounts (``odd_chip``)."""
    unit = _unit(text)
    collects = list(_COLLECT.finditer(text))
    for i, a in enumerate(collects):
        for b in collects[i + 1 :]:
            if (
                a["pot"] == b["pot"]
                and a["player"] != b["player"]
                and abs(_number(a["amount"]) - _number(b["amount"])) == unit
            ):
                text = _replace_span(text, b.start("amount"), b.end("amount"), a["amount"])
                return _replace_span(text, a.start("amount"), a.end("amount"), b["amount"])
    return None


def overbet(text: str) -> str | None:
    """The last, uncalled pot-limit bet or raise made ten times the pot (``illegal_bet``).

    The uncalled part returned grows by the same amount, so every total stays right.
    """
    if "Pot Limit" not in text.split("\n", 1)[0]:
        return None
    returned = _UNCALLED.search(text)
    if returned is None:
        return None
    player = re.escape(returned["player"])
    bets = list(
        re.finditer(
            rf"^{player}: (?:bets (?P<cur>\D?)(?P<amount>[\d,.]+)|raises (?P<rcur>\D?)"
            rf"(?P<by>[\d,.]+) to \D?(?P<to>[\d,.]+))(?P<allin> and is all-in)?\s*$",
            text[: returned.start()],
            re.M,
        )
    )
    bet = bets[-1] if bets else None
    if bet is None or bet["allin"]:
        return None
    unit = _unit(text)
    total = _TOTAL_POT.search(text)
    if total is None:
        return None
    extra = _number(total["amount"]) * 10
    stack = re.search(rf"^Seat \d+: {player} \(\D?(?P<stack>[\d,.]+) in chips", text, re.M)
    if stack is None or _number(stack["stack"]) < extra * 2:
        return None
    new_returned = _show(_number(returned["amount"]) + extra, unit)
    text = _replace_span(text, returned.start("amount"), returned.end("amount"), new_returned)
    if bet["amount"] is not None:
        new_bet = _show(_number(bet["amount"]) + extra, unit)
        return _replace_span(text, bet.start("amount"), bet.end("amount"), new_bet)
    text = _replace_span(
        text, bet.start("to"), bet.end("to"), _show(_number(bet["to"]) + extra, unit)
    )
    return _replace_span(
        text, bet.start("by"), bet.end("by"), _show(_number(bet["by"]) + extra, unit)
    )


@dataclass(frozen=True)
class Damage:
    """A damage, the status the audit must give the damaged hand, a pattern its first
    reason must match, and whether the money no longer adds up as printed."""

    function: Callable[[str], str | None]
    status: str
    reason: str
    inconsistent: bool


_AWARD = (
    r"^(board \d )?(main pot|side pot \d+|pot)( (high|low) half)?: expected .+, "
    r"history pays .+"
)
DAMAGES: dict[str, Damage] = {
    "shift_collected": Damage(shift_collected, "mismatch", _AWARD, False),
    "give_to_other": Damage(give_to_other, "mismatch", _AWARD, False),
    "move_odd_chip": Damage(move_odd_chip, "odd_chip", r"^odd chip placed by .+: " + _AWARD[1:],
                            False),
    "overbet": Damage(overbet, "illegal_bet", r"(bets|raises) .+ above the pot-limit maximum",
                      False),
    "pay_more": Damage(pay_more, "mismatch", _AWARD, True),
    "pay_less": Damage(pay_less, "mismatch", _AWARD, True),
    "move_cent": Damage(move_cent, "mismatch", _AWARD, False),
    "change_total_pot": Damage(
        change_total_pot, "mismatch",
        # a room whose raise wording is read from the chips may then pay the pot otherwise
        _AWARD + r"|^as printed: players put in .+ but the total pot is .+", True,
    ),
    "change_rake": Damage(change_rake, "mismatch", _AWARD, True),
    "exceed_stack": Damage(exceed_stack, "mismatch",
                           r"^as printed: .+ puts in .+ with a stack of .+", True),
    "move_rake": Damage(move_rake, "rake_spread", r"^the rake is taken from the pots otherwise",
                        False),
}  # fmt: skip
"""Damage name -> what the audit must find in the damaged hand."""
