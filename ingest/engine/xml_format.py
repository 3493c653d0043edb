"""What is particular to one XML format, as data the engine's XML reader takes.

An XML room writes a session header (the table, the game and stakes, the player whose
history it is) and, after it, one element per hand: its players with their stacks and
winnings, its rounds of numbered actions, and its cards. :class:`XmlFormat` names those
elements and attributes, says what each action type's amount means, how the room writes
dates and amounts, and which header marks say how it writes an uncalled bet; the reader
(:mod:`ingest.engine.xml_read`, :mod:`ingest.engine.xml_lines`) is the same for every
room. The game, limit, stakes and currency are decoded from the session header's texts by
the room's :class:`~ingest.engine.grammar.Grammar` header and game regexes, as a text
room's header is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

# What an action type's amount is: none, the chips the action adds, or the player's total
# on the street after it ("raise to").
NONE, ADDED, TOTAL = "", "added", "total"


@dataclass(frozen=True)
class ActionType:
    """One action type of a format: its event kind (one of ``grammar.EVENT_KINDS``, or
    ``"wager"``: chips added whose kind the betting decides) and what its amount means
    (``ADDED`` or ``TOTAL``; ``NONE``: it moves no chips); ``all_in``: the action puts the
    player all in."""

    kind: str
    amount: str = NONE
    all_in: bool = False


@dataclass(frozen=True)
class XmlFormat:
    """An XML format's elements and attributes, and what they mean.

    ``session``: the element a session starts with; ``header``: its child holding the
    session header, whose children's texts are read by tag; ``hand``: the element of one
    hand, ``hand_id`` its attribute numbering it; ``hand_header``: the hand's child
    holding its own header (``time``: the tag of its start time, read by ``time_formats``
    in ``implied_zone``, no zone being written); ``player``: a player's element, with its
    ``seat``, ``name``, ``stack`` (chips before the hand), ``won`` (chips the pots paid it)
    and ``button`` (``button_value`` on the button's) attributes. ``round``: an element of
    a round of betting, its number ``round_no`` mapped by ``streets`` to the engine's
    street codes (0: the posts, 1: pre-flop, 2-4: flop to river); ``action``: an action,
    in ``order`` (an attribute numbering actions in the hand: files write them out of
    order), its ``actor`` (a player's name), ``type`` (a key of ``types``) and ``amount``;
    ``amount_words``: amount texts that stand for a number (``DP``: all in for nothing
    more). ``cards``: an element of cards, of ``card_type`` (``pocket``: a player's, named
    by ``card_player``; ``boards``: the board's, by street code), cards written suit then
    rank (``suits_first``), ``hidden`` for a card not shown.

    ``header_fields``: the session header's tags whose texts, after the room's name and
    joined by `` | ``, the grammar's header regexes decode (``"iPoker | Omaha PL
    $0.10/$0.20 | "``); ``table``, ``hero`` and ``max_seats``: the tags naming the table,
    the player whose history it is and the table's seats (where the room writes them).
    ``decimal_comma``: a regex that, found in an amount of the hand or of ``style_fields``
    of its header, says the hand writes decimal commas (then ``.`` and spaces group
    thousands; else ``,`` and spaces do). ``left_out_marks``: (tag, regex)
    pairs of the session header; a header where one matches writes an uncalled bet in
    neither the winnings nor the pot (``"left_out"``), else the winnings count it
    (``"in_pot"``): see ``ingest.rooms.RoomRules.unprinted_uncalled``.
    ``both_blinds_over_big``: a big blind posted for more than the hand's first is a post
    of both blinds, the big blind live and the rest dead. Times written without a zone are
    in the grammar's ``implied_zone``. ``ignored``: the tags of a hand's elements that
    carry nothing to it (any other the reader does not know makes the hand an error). A
    player element with no name is an empty seat.
    """

    site: str
    room: str
    session: str
    header: str
    hand: str
    hand_id: str
    hand_header: str
    time: str
    time_formats: tuple[str, ...]
    player: str
    seat: str
    name: str
    stack: str
    won: str
    button: str
    button_value: str
    round: str
    round_no: str
    streets: Mapping[str, int]
    action: str
    order: str
    actor: str
    type: str
    amount: str
    types: Mapping[str, ActionType]
    cards: str
    card_type: str
    card_player: str
    pocket: str
    boards: Mapping[str, int]
    header_fields: tuple[str, ...]
    table: str
    hero: str
    max_seats: str = ""
    suits_first: bool = True
    hidden: str = "X"
    amount_words: Mapping[str, int] = field(default_factory=dict)
    decimal_comma: str = r"\d,\d{1,2}(?!\d)"
    style_fields: tuple[str, ...] = ()
    left_out_marks: tuple[tuple[str, str], ...] = ()
    both_blinds_over_big: bool = False
    ignored: tuple[str, ...] = ()

    def uncalled_reading(self, header: Mapping[str, str]) -> str:
        """How a session with ``header`` writes an uncalled bet (see ``left_out_marks``)."""
        for tag, pattern in self.left_out_marks:
            if re.search(pattern, header.get(tag, "")):
                return "left_out"
        return "in_pot"
