"""Damaged hand histories: one deliberate error per hand, at the PokerStars text level.

Each damage keeps the hand's chips balanced (what was put in, less returns, is the total
pot; the pot less the rake is what was collected), so that the importer accepts the hand
and only the audit can tell it is wrong. Each function returns the damaged text, or None
when the hand offers no place for that damage, and the status the audit must give.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

_COLLECT = re.compile(
    r"^(?P<player>.+?) collected (?P<cur>\D?)(?P<amount>[\d,]+(?:\.\d+)?) from (?P<pot>.+?)\s*$",
    re.M,
)
_TOTAL_POT = re.compile(r"^Total pot \D?(?P<amount>[\d,]+(?:\.\d+)?)", re.M)
_SHOWS = re.compile(r"^(?P<player>.+?): shows \[", re.M)
_UNCALLED = re.compile(
    r"^Uncalled bet \((?P<cur>\D?)(?P<amount>[\d,]+(?:\.\d+)?)\) returned to (?P<player>.+?)\s*$",
    re.M,
)


def _number(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def _unit(text: str) -> Decimal:
    """The smallest unit the hand writes amounts in: a cent when any amount has decimals."""
    return Decimal("0.01") if re.search(r"\d\.\d\d\b", text) else Decimal(1)


def _show(amount: Decimal, unit: Decimal) -> str:
    if unit == 1:
        return str(int(amount))
    text = f"{amount:.2f}"
    return text[:-3] if text.endswith(".00") else text


def _replace_span(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


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


DAMAGES: dict[str, tuple[Callable[[str], str | None], str]] = {
    "shift_collected": (shift_collected, "mismatch"),
    "give_to_other": (give_to_other, "mismatch"),
    "move_odd_chip": (move_odd_chip, "odd_chip"),
    "overbet": (overbet, "illegal_bet"),
}
"""Damage name -> (function, the status the audit must give the damaged hand)."""
