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
# An action type's kind that is a blind its place among the hand's blinds decides: the
# first of two or more is the small blind, the others big blinds; a hand's only blind is
# its big blind (a room that writes "blind" alone: Everest).
BLIND = "blind"
# What a card element holds: a player's hole cards (some or all of them), or the board's
# new cards (see ``XmlFormat.card_tags``).
POCKET, BOARD = "pocket", "board"


@dataclass(frozen=True)
class ActionType:
    """One action type of a format: its event kind (one of ``grammar.EVENT_KINDS``, or
    ``"wager"``: chips added whose kind the betting decides) and what its amount means
    (``ADDED`` or ``TOTAL``; ``NONE``: it moves no chips; ``BLIND``: a blind its place
    decides); ``all_in``: the action puts the player all in. ``zero``: the kind of the
    action where its amount is 0 (Everest's bet of nothing is a check); ``dead``: an
    attribute of the element holding chips posted dead with it (a penalty beside a
    blind)."""

    kind: str
    amount: str = NONE
    all_in: bool = False
    zero: str = ""
    dead: str = ""


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
    (``"in_pot"``): see ``ingest.rooms.RoomRules.unprinted_uncalled`` (a format of no
    marks leaves it to its room's rules).
    ``both_blinds_over_big``: a big blind posted for more than the hand's first is a post
    of both blinds, the big blind live and the rest dead. Times written without a zone are
    in the grammar's ``implied_zone``. ``ignored``: the tags of a hand's elements that
    carry nothing to it (any other the reader does not know makes the hand an error). A
    player element with no name is an empty seat.

    Formats of other shapes say so with the rest (the defaults are iPoker's).
    ``session_apart``: the session element precedes its hands instead of holding them
    (Everest's ``<SESSION/>`` then ``<HAND>``); ``session`` empty: there is none, each hand
    element standing alone (Microgaming's ``<Game>``). ``attribute_fields``: the session
    element's and the hand element's attributes join the header, named
    ``TAG@attribute`` (``SESSION@tableName``, ``HAND@blinds``), so that ``header_fields``,
    ``table``, ``hero``, ``max_seats`` and ``time_field`` may name them; ``time_field``:
    the header field of the hand's start time (else the ``time`` element's text);
    ``times_utc``: times are UTC instants (``%s``: seconds since 1970), never read in a
    zone. ``integer_amounts``: amounts are whole numbers of hundredths (cents, hundredths
    of a chip: Everest's ``balance="100000"`` is 1,000.00). ``actor_is_seat``: actions,
    card elements and ``button_tag`` name a player by his seat number, in the ``actor``
    attribute; ``button_tag``: the element naming the button's seat. ``round`` empty:
    the hand writes no rounds, its elements following each other: the posts first, the
    betting before the flop from the first pocket card on, and each board element opening
    the street its board's cards so far make (3 the flop, 4 the turn, 5 the river).
    ``type`` empty: an element's tag is its action type (any element whose tag is a key of
    ``types``); ``card_tags``: elements whose text is cards, by tag: ``POCKET`` (a
    player's hole cards, some or all of them, named by ``actor``) or ``BOARD`` (the
    board's new cards); an action of kind ``show`` shows the cards of its text.
    ``total_tag``: an element whose text is the pot so far, net of the room's take so far,
    whose attributes ``room_attributes`` name (attribute -> column: ``rake``, ``tax``):
    the hand's last is its total pot line (with ``Grammar.total_after_rake``).
    ``collect_pot``: the attribute of a collect numbering its pot (0: the main pot).
    ``detect_attributes``: attributes the first hand element must have for a file to be
    the format's, besides ``hand_id``.

    Actions may hold parts (Microgaming's ``<Action type="DealFlop"><Card .../>``): an
    action of kind ``POCKET`` deals its actor the cards of its parts, one of kind ``BOARD``
    deals the board's (opening the street they make), a ``show`` shows its parts' cards,
    each card written by the ``card_attributes`` (rank, suit) of its element; a
    ``collect`` pays each of its parts its share, a part naming its player in
    ``share_actor`` and its amount in ``share_amount``. ``version_field``: the header
    field of the format's version, and ``versions`` the action types each version reads
    otherwise than ``types`` (by version text; an absent field is ""). ``hero_seat``: the
    header field of the seat whose history it is (instead of ``hero``'s name).
    ``result``: a player element's attribute of his stack after the hand (with
    ``Grammar.summary_results``, his result is it less his stack before). ``room_fields``:
    header fields of the room's take (field -> a column of ``Grammar.summary_amounts``), in
    whole hundredths (Microgaming's ``rake="106"``).
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
    session_apart: bool = False
    attribute_fields: bool = False
    time_field: str = ""
    times_utc: bool = False
    integer_amounts: bool = False
    actor_is_seat: bool = False
    button_tag: str = ""
    card_tags: Mapping[str, str] = field(default_factory=dict)
    total_tag: str = ""
    room_attributes: Mapping[str, str] = field(default_factory=dict)
    collect_pot: str = ""
    detect_attributes: tuple[str, ...] = ()
    card_attributes: tuple[str, str] | tuple[()] = ()
    share_actor: str = ""
    share_amount: str = ""
    version_field: str = ""
    versions: Mapping[str, Mapping[str, ActionType]] = field(default_factory=dict)
    hero_seat: str = ""
    result: str = ""
    room_fields: Mapping[str, str] = field(default_factory=dict)

    def types_of(self, header: Mapping[str, str]) -> Mapping[str, ActionType]:
        """The action types of a hand with ``header`` (see ``versions``)."""
        if not self.version_field:
            return self.types
        return {**self.types, **self.versions.get(header.get(self.version_field, ""), {})}

    def uncalled_reading(self, header: Mapping[str, str]) -> str | None:
        """How a session with ``header`` writes an uncalled bet (see ``left_out_marks``;
        None: a format of no such marks does not say, its room's rules read it)."""
        if not self.left_out_marks:
            return None
        for tag, pattern in self.left_out_marks:
            if re.search(pattern, header.get(tag, "")):
                return "left_out"
        return "in_pot"
