"""The values of an XML hand's elements, read as the engine counts them: amounts in
hundredths, cards as it writes them, the room's take and the players' results; and what a
hand of no rounds (whose elements follow each other, see ``XmlFormat.round``) has read so
far.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import polars as pl

from ingest.engine.grammar import NOT_EVENTS, Grammar
from ingest.engine.xml_format import BLIND, BOARD, POCKET, ActionType, XmlFormat
from ingest.engine.xml_hand import Item
from ingest.engine.xml_read import Element

_NOT_AMOUNT = re.compile(r"[^\d.,\-]")
_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A",
          **{str(r): str(r) for r in range(2, 10)}}  # fmt: skip
_SUITS = {"C": "c", "D": "d", "H": "h", "S": "s"}


@functools.lru_cache(maxsize=65536)
def hundredths(text: str | None, comma: bool) -> int:
    """An amount as hundredths (-1: none, or unreadable): signs, currency codes, spaces
    and no-break spaces left out; ``comma``: the decimal mark is a comma (``.`` and
    spaces group thousands), else a point.

    >>> hundredths("€1,013.50", False), hundredths("€51,18", True), hundredths("1.500", True)
    (101350, 5118, 150000)
    """
    if text is None:
        return -1
    digits = _NOT_AMOUNT.sub("", text)
    digits = digits.replace(".", "").replace(",", ".") if comma else digits.replace(",", "")
    whole, point, fraction = digits.partition(".")
    if not whole.isdigit() and not (whole == "" and fraction.isdigit()):
        return -1
    if not re.fullmatch(r"\d{0,2}", fraction) or (point and not fraction):
        return -1
    return int(whole or "0") * 100 + int((fraction + "00")[:2])


def card_text(text: str, fmt: XmlFormat) -> str | None:
    """Cards as the engine writes them (``D8 C10`` -> ``8d Tc``); None when one is hidden
    or unreadable."""
    if fmt.card_separator != " ":
        text = text.replace(fmt.card_separator, " ")
    if fmt.card_table:  # cards written as numbers: a number of no card is a hidden one
        cards = [fmt.card_table.get(word) for word in text.split()]
        return " ".join(c for c in cards if c) if cards and all(cards) else None
    return _cards(text, fmt.suits_first, fmt.hidden)


@functools.lru_cache(maxsize=65536)
def _cards(text: str, suits_first: bool, hidden: str) -> str | None:
    cards = []
    for word in text.split():
        suit, rank = (word[:1], word[1:]) if suits_first else (word[-1:], word[:-1])
        if word.upper().startswith(hidden) or suit.upper() not in _SUITS:
            return None
        if rank.upper() not in _RANKS:
            return None
        cards.append(_RANKS[rank.upper()] + _SUITS[suit.upper()])
    return " ".join(cards) or None


_BOARD_STREETS = {3: 2, 4: 3, 5: 4}  # the street a board of so many cards opens
# The kinds of the posts: the actions before the betting opens
_POST_KINDS = ("post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "post_dead", BLIND)


@dataclass
class Flat:
    """What a hand of no rounds has read so far (see ``XmlFormat.round``): its street, its
    board's cards, each player's hole cards (by the ``actor`` of their elements), its last
    total element with its row; ``winners``: the hand's elements of what the pots paid
    (where each is, its attributes), which an action's parts add to."""

    winners: list[tuple[tuple[int, int, int], dict[str, str]]]
    street: int = 0
    board: int = 0
    pocket: dict[str, list[str]] = field(default_factory=dict)
    total: tuple[int, Element] | None = None

    def cards(self, role: str, owner: str, text: str, where: tuple[int, int, int], code: str,
              fmt: XmlFormat, by_street: dict[int, list[Item]]) -> bool:  # fmt: skip
        """Read cards dealt (``role``: ``POCKET`` or ``BOARD``, see ``XmlFormat.card_tags``):
        a player's (``owner``) hole cards, which open the betting before the flop (True:
        the caller keeps its row), or the board's new cards, which open the street they
        make (a row of the street's cards, of kind ``code``)."""
        if role == POCKET:
            self.pocket.setdefault(owner, []).append(text)
            self.street = max(self.street, 1)
            return True
        cards = card_text(text, fmt) or ""
        # a board written so far (``XmlFormat.boards_so_far``) is cut to its new cards later
        self.board = len(cards.split()) + (0 if fmt.boards_so_far else self.board)
        self.street = max(self.street, _BOARD_STREETS.get(self.board, self.street))
        by_street.setdefault(self.street, []).append(
            (-1, where, {"board": cards, "kind": code}, "", code, ""))
        return False

    def action(self, element: Element, where: tuple[int, int, int], code: str,
               types: Mapping[str, ActionType], fmt: XmlFormat,
               by_street: dict[int, list[Item]]) -> bool:  # fmt: skip
        """Read an action (of type ``code``) of a hand of no rounds on the street it is on
        (one that is no post opens the betting before the flop); its parts (see
        ``XmlFormat.card_attributes``) are the cards it deals (True: a player's, whose row
        the caller keeps) or shows, or the pot shares it pays (``XmlFormat.collect``
        elements)."""
        action = types.get(code)
        kind = action.kind if action is not None else ""
        text = element.text
        if element.parts is not None and fmt.card_attributes:
            text = " ".join("".join(part.get(a, "") for a in fmt.card_attributes)
                            for part in element.parts)  # fmt: skip
        if kind in (POCKET, BOARD):
            return self.cards(kind, element.attrs.get(fmt.actor, ""), text, where, code, fmt,
                              by_street)  # fmt: skip
        if action is not None and kind not in _POST_KINDS and kind not in NOT_EVENTS:
            self.street = max(self.street, 1)
        number = element.attrs.get(fmt.order, "")
        order = int(number) if number.isdigit() else 1 << 30
        if kind == "collect" and element.parts is not None:  # each pot's share
            self.winners += [(where, part) for part in element.parts]
        else:
            by_street.setdefault(self.street, []).append(
                (order, where, element.attrs, "", code, text))
        return False



def amount_of(text: str | None, comma: bool, fmt: XmlFormat) -> int:
    """An amount in hundredths (-1: none, or unreadable), as the format writes amounts
    (``XmlFormat.integer_amounts``: a whole number of them)."""
    if not fmt.integer_amounts:
        return hundredths(text, comma)
    digits = (text or "").strip()
    return int(digits) if digits.isdigit() else -1


def whole_hundredths(text: str | None) -> int | None:
    """A whole number of hundredths (None: none written, or not one)."""
    digits = (text or "").strip()
    return int(digits) if digits.isdigit() else None


def room_fields(fmt: XmlFormat, grammar: Grammar) -> list[tuple[int, str]]:
    """The header fields of the room's take (``XmlFormat.room_fields``), each with the
    label number of its column in the grammar's ``summary_amounts``."""
    columns = list(grammar.summary_amounts.values())
    return [(columns.index(column), name) for name, column in fmt.room_fields.items()]


def result_row(hand: int, row: int, seat: int, before: int, after: int) -> dict[str, object]:
    """A player's result (his stack after the hand less his stack before; none where
    either is unreadable), as a summary's seat line gives it."""
    result = after - before if min(before, after) >= 0 else None
    return {"hand": hand, "idx": row, "seat": seat, "cards": None, "won_h": -1,
            "says_won": False, "not_awarded": False, "result_h": result}  # fmt: skip


def totals_schema(fmt: XmlFormat) -> dict[str, type[pl.DataType]]:
    """The columns of a chunk's total pot rows: the room's amounts its format writes."""
    return {"hand": pl.Int64, "idx": pl.Int64, "rake_written": pl.Boolean, "total_h": pl.Int64,
            "total_step_h": pl.Int64, "side_pots": pl.Boolean,
            **{f"{column}_h": pl.Int64 for column in fmt.room_attributes.values()}}  # fmt: skip


def total_row(hand: int, row: int, element: Element, comma: bool, fmt: XmlFormat
           ) -> dict[str, object]:  # fmt: skip
    """A total pot row from a hand's last total element (see ``XmlFormat.total_tag``)."""
    attrs = element.attrs
    pot = attrs.get(fmt.total_amount) if fmt.total_amount else element.text
    return {"hand": hand, "idx": row, "rake_written": any(a in attrs for a in fmt.room_attributes),
            "total_h": amount_of(pot, comma, fmt), "total_step_h": 0, "side_pots": False,
            **{f"{column}_h": amount_of(attrs.get(attribute, "0"), comma, fmt)
               for attribute, column in fmt.room_attributes.items()}}  # fmt: skip
