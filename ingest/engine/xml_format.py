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
# An action kind of the XML reader's own: a blind posted among the blinds that names none
# (Merge's all-in post, Everest's "BLIND"): the small one where it is the first blind of its
# round and a big blind, or another blind that names none, is posted after it; else the
# big one.
BLIND = "blind"
# What an element of cards (or an action dealing cards) deals: a player's hole cards (some
# or all of them), or the board's new cards (see ``XmlFormat.card_tags``).
POCKET, BOARD = "pocket", "board"


@dataclass(frozen=True)
class ActionType:
    """One action type of a format: its event kind (one of ``grammar.EVENT_KINDS``, or
    ``"wager"``: chips added whose kind the betting decides) and what its amount means
    (``ADDED`` or ``TOTAL``; ``NONE``: it moves no chips); ``all_in``: the action puts the
    player all in; ``bare``: the kind of the action written with no amount (a mark: Merge's
    ``ALL_IN`` of a player already all in; "": its amount is missing, an error); ``zero``:
    its kind where its amount is 0 (Everest's bet of nothing is a check); ``dead``: an
    attribute holding chips posted dead with it (a penalty beside a blind)."""

    kind: str
    amount: str = NONE
    all_in: bool = False
    bare: str = ""
    zero: str = ""
    dead: str = ""


@dataclass(frozen=True)
class Collect:
    """Elements of what the pots paid, one per pot (or half of one) and player: ``tag``,
    the ``player`` and ``amount`` attributes, ``pot`` (numbered from ``first_pot``, the
    main pot's), ``half`` (its values in ``halves``: 1 the high half, 2 the low one) and
    ``returned`` (attribute, value): an uncalled bet given back, not a pot. ``shows``: the
    element's parts (see ``XmlFormat.holders``) are the cards its player shows at the
    show-down (Boss's ``RESULT``); ``paid_only``: an element paying nothing (a player who
    lost, or folded) is no collection."""

    tag: str
    player: str
    amount: str
    pot: str = ""
    first_pot: int = 1
    half: str = ""
    halves: Mapping[str, int] = field(default_factory=dict)
    returned: tuple[str, str] = ("", "")
    shows: bool = False
    paid_only: bool = False


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

    Formats unlike iPoker say so with the rest. ``hand_in_session``: the hand elements are
    children of the session's (else they follow it, as siblings: a session element before
    its hands, or before each); ``header_in_attributes``: the session element's own
    attributes are its header. A field name (in ``header_fields``, ``table``, ``hero``,
    ``max_seats``, ``time``, ``left_out_marks``) is a session header's tag, ``@name`` an
    attribute of the hand element, or a name of ``derived`` (the first group of a regex over
    another field's text); ``a|b`` is the first of those written; ``codes`` maps a field's
    codes to the names they stand for. ``button_holder``: an element (a container of the
    players) whose ``button`` attribute is the button's seat number. ``actor_is_seat``:
    actions, cards and collections name their player by seat number. ``dealt_in``: a
    player's attribute, ``false`` where the player is not dealt in; ``strays_ignored``:
    actions of such a player, or of one after his fold, carry nothing (the room writes
    them). ``round_types``: types read otherwise in a round (by round number);
    ``eras``: (day, types): a hand started before the day (``YYYY-MM-DD``, by its written
    time) reads these types over ``types`` (the first era that holds). ``card_list``: the
    attribute of a cards element holding its cards (else its text); ``card_separator``:
    what separates them; ``boards_so_far``: a board element writes
    the board so far and deals its round's street (its new cards are those after the
    board before it); ``shown``: card types of cards a player shows (or mucks) at the
    show-down, to their event kind (``show`` or ``muck``). With no ``hero`` field, the
    player of the ``pocket`` cards is the player whose history it is. ``collect``: the
    elements of what the pots paid (else the player's ``won`` attribute). ``stamp``: an
    action attribute of epoch milliseconds (UTC): a start time written with no zone is in
    the offset its hand's first one shows (to the quarter hour), where written.
    ``end_round``: the round (by number) a hand ends with, its summary: a hand without it
    is partial (with the grammar's ``summary``).

    ``session`` empty: there is none, each hand element stands alone (Microgaming's
    ``<Game>``). ``round`` empty: the hand writes no rounds, its elements following each
    other (Everest, Microgaming): the posts first, the betting before the flop from the
    first pocket card or the first action that is no post on, each board opening the
    street its cards so far make (3 the flop, 4 the turn, 5 the river). ``type`` empty: an
    element's tag is its action type (any element whose tag is a key of ``types``).
    ``card_tags``: elements whose text is cards, by tag: ``POCKET`` (a player's hole
    cards, some or all, named by ``actor``) or ``BOARD`` (the board's new cards). Actions
    may hold parts (Microgaming's ``<Action type="DealFlop"><Card value suit/>``): one of
    kind ``POCKET`` deals its actor the cards of its parts, ``BOARD`` the board's, a
    ``show`` shows them, each card written by the ``card_attributes`` (rank, suit) of its
    part; a ``collect`` pays each of its parts, read as ``collect`` elements.
    ``integer_amounts``: amounts are whole numbers of hundredths (Everest's
    ``balance="100000"`` is 1,000.00). A time format ``%s`` (seconds since 1970) writes
    an instant, never read in a zone. ``total_tag``: an element whose text is the pot so
    far, net of the room's take so far, which its ``room_attributes`` write (attribute ->
    column: ``rake``, ``tax``): the hand's last is its total pot line (with
    ``Grammar.total_after_rake``); ``room_fields``: fields of the room's take (field -> a
    column of ``Grammar.summary_amounts``) in whole hundredths (Microgaming's
    ``rake="106"``). ``version_field``: the field of the format's version, ``versions``
    the types each version reads over ``types`` (by its text; an absent field is "").
    ``result``: a player's attribute of his stack after the hand (with
    ``Grammar.summary_results``, his result is it less his stack before).
    ``detect_attributes``: attributes the first hand element must have for a file to be
    the format's, besides ``hand_id``.

    ``subtype``: an action's attribute naming its type more closely (Boss's ``KIND`` of a
    ``HAND_BLINDS``): where written, it is the key of ``types``. ``card_table``: a card as
    written (a part's ``card_attributes``) to the card (``"17"``: ``"5c"``; one not in it
    is hidden). ``total_amount``: the attribute of a ``total_tag`` element holding the pot
    (else its text). ``kept``: containers read for their own attributes too (their
    children are read as ever), which may be left open where the file ends (Boss's
    ``SHOWDOWN``); ``holders``: elements besides actions read with their parts (Boss's
    ``RESULT`` and its cards). ``empty_seat``: (attribute, regex) of a player element of
    an empty seat. ``second_small_dead``: a small blind posted after the hand's first is
    dead. ``posts_capped``: a blind is written in full whatever its player's stack; it
    puts in what the stack holds (all in). ``unwritten_antes``: (field, regex): a hand
    whose field matches and that writes no ante may have had antes the file leaves out,
    each player's stack written after his: see :mod:`ingest.engine.xml_antes`.
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
    hand_in_session: bool = True
    header_in_attributes: bool = False
    derived: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    codes: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    button_holder: str = ""
    actor_is_seat: bool = False
    dealt_in: str = ""
    strays_ignored: bool = False
    round_types: Mapping[str, Mapping[str, ActionType]] = field(default_factory=dict)
    eras: tuple[tuple[str, Mapping[str, ActionType]], ...] = ()
    card_separator: str = " "
    card_list: str = ""
    boards_so_far: bool = False
    shown: Mapping[str, str] = field(default_factory=dict)
    collect: Collect | None = None
    stamp: str = ""
    end_round: str = ""
    integer_amounts: bool = False
    card_tags: Mapping[str, str] = field(default_factory=dict)
    card_attributes: tuple[str, ...] = ()
    total_tag: str = ""
    room_attributes: Mapping[str, str] = field(default_factory=dict)
    room_fields: Mapping[str, str] = field(default_factory=dict)
    version_field: str = ""
    versions: Mapping[str, Mapping[str, ActionType]] = field(default_factory=dict)
    result: str = ""
    detect_attributes: tuple[str, ...] = ()
    subtype: str = ""
    card_table: Mapping[str, str] = field(default_factory=dict)
    total_amount: str = ""
    kept: tuple[str, ...] = ()
    holders: tuple[str, ...] = ()
    empty_seat: tuple[str, str] = ("", "")
    second_small_dead: bool = False
    posts_capped: bool = False
    unwritten_antes: tuple[str, str] = ("", "")

    def text_of(self, name: str, header: Mapping[str, str], attrs: Mapping[str, str]) -> str:
        """The text of a field of a hand (see the class's docstring), "" where not written:
        of the session ``header`` or the hand element's ``attrs``."""
        for one in name.split("|"):
            if one in self.derived:
                source, pattern = self.derived[one]
                found = re.search(pattern, self.text_of(source, header, attrs))
                text = found.group(1) if found else ""
            else:
                text = attrs.get(one[1:], "") if one.startswith("@") else header.get(one, "")
            text = self.codes.get(one, {}).get(text, text)
            if text:
                return text
        return ""

    def code_of(self, attrs: Mapping[str, str]) -> str:
        """An action element's type: its ``subtype`` where written, else its ``type``."""
        return attrs.get(self.subtype, "") or attrs.get(self.type, "") if self.subtype \
            else attrs.get(self.type, "")  # fmt: skip

    def types_of(self, day: str, version: str = "") -> Mapping[str, ActionType]:
        """The types a hand started on ``day`` (``YYYY-MM-DD``, "" unknown) of the format's
        ``version`` reads."""
        types = {**self.types, **self.versions.get(version, {})} if self.versions else self.types
        for before, era in self.eras:
            if day and day < before:
                return {**types, **era}
        return types

    def uncalled_reading(self, header: Mapping[str, str]) -> str | None:
        """How a session with ``header`` writes an uncalled bet (see ``left_out_marks``;
        None: a format of no such marks does not say, its room's rules read it)."""
        if not self.left_out_marks:
            return None
        for tag, pattern in self.left_out_marks:
            if re.search(pattern, header.get(tag, "")):
                return "left_out"
        return "in_pot"
