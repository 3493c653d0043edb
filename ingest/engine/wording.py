"""What a room writes around the values of its lines, as data the compiled scans take.

Street markers, the words that open seat, dealt-card, table and summary lines, the words of
collect, return, cash-out and show lines, the labels of the total pot and the board, the
mark before a hand number, the separator before a header's time and inside its date, and
how a card not shown, or shared by a later board, is written. The defaults are the
PokerStars words, which most text rooms copy; a room that writes otherwise says so in its
grammar (``Grammar.wording``), and the engine holds no room's words of its own.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field, fields

import numpy as np

from ingest.engine import scan

# Street codes, in the order of a hand: 0 is the part before its first marker.
STREET_CODES = {"blinds": 0, "preflop": 1, "flop": 2, "turn": 3, "river": 4, "showdown": 5,
                "summary": 6}  # fmt: skip
_STARS_STREETS = {
    "ANTE/BLINDS": "blinds", "HOLE CARDS": "preflop", "DEALING HANDS": "preflop",
    "PRE-FLOP": "preflop", "FLOP": "flop", "TURN": "turn", "RIVER": "river",
    "SHOW DOWN": "showdown", "SHOWDOWN": "showdown", "SUMMARY": "summary",
}  # fmt: skip


@dataclass(frozen=True, eq=False)
class Wording:
    """A room's words around the values of its lines (each a literal the scans look for).

    ``marker_open``/``marker_close`` enclose a street marker's name (``*** FLOP ***``),
    ``streets`` maps the names to streets (see ``STREET_CODES``) and ``run_words`` number
    the boards of a hand run more than once (``FIRST FLOP``, ``SECOND Board``); ``summary``
    is the whole line that opens the summary. Seat lines start with ``seat`` and have
    ``seat_separator`` after the seat number; dealt cards follow ``dealt``, the player's
    name ending at ``cards_open``. A table line starts with ``table`` (then ``": "`` or a
    space, and ``table_id`` maybe), has ``max_seats`` after its seat count and ends with
    ``button`` after the button's seat; with ``bare_table_name``, a line before the first
    street marker may also be the table's name alone, unquoted, then a space and the seat
    count (``St. Lucie 6-max Seat #1 is the button``); a line of the button alone (``Seat
    9 is the button``) is read as a table line. ``date_order`` is the order of a date's
    year, month and day (``dmy``: ``21 03 2011``), ``date_separator`` the mark between
    them, a space included (several marks: any of them, ``-/`` for ``2011-10-12`` and
    ``2011/01/23``); ``time_before_date``: the time is written before the date, a time
    separator between them (``22:33:12 - 2011/01/02``); ``zone_mark`` glues a zone to the
    time (``22:40:05/GMT``); ``card_separator`` stands between the cards of a list (``Hc,
    8h``); with ``suit_first`` a card is its suit then its rank (``SQ``, ``H10``);
    ``seat_button`` after a seat line's stack marks the button's seat (``(€2.27 in
    chips) DEALER``). The rest name the words of the lines that move chips outside the actions, in
    the order the scans read them. A room that marks its hero after the name (``UTG+1
    [ME]``, ``Big Blind  [ME] : Folds``) says the mark (``hero_mark``): it and the spaces
    before it are no part of a name; one that writes dealt lines player first says what
    follows the player (``dealt_verb``: ``UTG : Card dealt to a spot [7h 2s]``);
    ``dealt_unseen`` ends the dealt lines of a room that deals a card a line by name
    without showing it (``Player X received a card.``). A room that writes its seat lines
    player first says what follows the player (``seated``: ``Hero sitting in seat 1 with
    €49.50``, the line read by ``Grammar.seat_line``); one that writes a word between a
    card's rank and suit says it (``rank_suit``: ``10 of h``).
    """

    marker_open: str = "*** "
    marker_close: str = " ***"
    streets: Mapping[str, str] = field(default_factory=lambda: dict(_STARS_STREETS))
    run_words: tuple[str, ...] = ("FIRST ", "SECOND ", "THIRD ")
    summary: str = "*** SUMMARY ***"
    seat: str = "Seat "
    seat_any_case: bool = False  # the seat word in either case ("seat 1: ...")
    seat_separator: str = ": "
    dealt: str = "Dealt to "
    cards_open: str = " ["
    table: str = "Table"
    table_id: str = "ID "
    max_seats: str = "-max"
    button: str = " is the button"
    bare_table_name: bool = False
    cancelled: str = "Hand cancelled"
    uncalled: str = "Uncalled bet ("
    returned: str = ") returned to "
    collected: str = " collected "
    from_pot: str = " from "
    pot: str = "pot"
    main_pot: str = "main pot"
    pot_words: tuple[str, ...] = ("main ", "side ")
    halves: tuple[str, str] = ("(HI)", "(LO)")
    cashed_out: str = " cashed out the hand for "
    cash_out_fee: str = "| Cash Out Fee "
    shows: str = " shows ["
    showed: str = " showed ["
    mucked: str = " mucked ["
    won: str = " won "
    not_awarded: str = "(pot not awarded"
    total_pot: str = "Total pot "
    side_pot: str = "Side pot"
    board: str = "Board"
    hand_number: str = "#"
    time_separator: str = " - "
    eastern_time: str = "ET]"  # the end of a second, Eastern time written in brackets
    chat_end: str = '"'  # the last character of a chat line ('name said, "..."')
    date_separator: str = "/"  # between a date's year, month and day
    unknown_card: str = ""  # a card a dealt line does not show ("X"; "": none written)
    shared_card: str = ""  # a later board's card that is the first board's ("-"; "": none)
    hero_mark: str = ""  # after the hero's name, spaces before it ("[ME]"; "": none)
    dealt_verb: str = ""  # a dealt line written player first: what follows the player
    time_end: str = ""  # ends a header's time before its line does (" | Version:"; "": none)
    seated: str = ""  # a seat line written player first: what follows the player
    rank_suit: str = ""  # between a card's rank and suit ("10 of h"; "": none)
    # the month names in order, and the weekday names, each separated by a space, of a date
    # that names its month ("Thursday, January 26, 18:13:53 EST 2012"; "": dates of numbers)
    months: str = ""
    weekdays: str = ""
    date_order: str = "ymd"
    card_separator: str = " "
    dealt_unseen: str = ""  # what ends a dealt line of a card not shown (" received a card.")
    zone_mark: str = ""  # glues a zone to the time ("/" of "22:40:05/GMT"; "": none)
    seat_button: str = ""  # after a seat line's stack: the button's seat (" DEALER"; "": none)
    time_before_date: bool = False  # the time before the date ("22:33:12 - 2011/01/02")
    suit_first: bool = False  # a card is written suit then rank ("SQ", "H10", "d6")

    @functools.cached_property
    def words(self) -> tuple[np.ndarray, ...]:
        """The single words as uint8 arrays, indexed by the ``W_*`` constants."""
        return tuple(scan.lit(getattr(self, name)) for name in WORDS)

    @functools.cached_property
    def street_table(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The marker names as a literal table, and each one's street code."""
        table, bounds = scan.literal_table(list(self.streets))
        codes = np.array([STREET_CODES[s] for s in self.streets.values()], np.int8)
        return table, bounds, codes

    @functools.cached_property
    def date_fields(self) -> np.ndarray:
        """Where the year, the month and the day stand in a date (0, 1 or 2 each)."""
        return np.array([self.date_order.index(part) for part in "ymd"], np.int64)

    @functools.cached_property
    def run_table(self) -> tuple[np.ndarray, np.ndarray]:
        return scan.literal_table(list(self.run_words))

    @functools.cached_property
    def pot_word_table(self) -> tuple[np.ndarray, np.ndarray]:
        return scan.literal_table(list(self.pot_words))

    @functools.cached_property
    def half_table(self) -> tuple[np.ndarray, np.ndarray]:
        return scan.literal_table(list(self.halves))


# The single words, in the order of ``Wording.words``.
WORDS = tuple(
    f.name
    for f in fields(Wording)
    if f.name not in ("streets", "run_words", "pot_words", "halves", "bare_table_name",
                      "seat_any_case", "date_order", "card_separator", "time_before_date",
                      "suit_first")
)
(W_MARKER_OPEN, W_MARKER_CLOSE, W_SUMMARY, W_SEAT, W_SEAT_SEPARATOR, W_DEALT, W_CARDS_OPEN,
 W_TABLE, W_TABLE_ID, W_MAX_SEATS, W_BUTTON, W_CANCELLED, W_UNCALLED, W_RETURNED, W_COLLECTED,
 W_FROM_POT, W_POT, W_MAIN_POT, W_CASHED_OUT, W_CASH_OUT_FEE, W_SHOWS, W_SHOWED, W_MUCKED, W_WON,
 W_NOT_AWARDED, W_TOTAL_POT, W_SIDE_POT, W_BOARD, W_HAND_NUMBER, W_TIME_SEPARATOR,
 W_EASTERN_TIME, W_CHAT_END, W_DATE_SEPARATOR, W_UNKNOWN_CARD, W_SHARED_CARD, W_HERO_MARK,
 W_DEALT_VERB, W_TIME_END, W_SEATED, W_RANK_SUIT, W_MONTHS, W_WEEKDAYS, W_DEALT_UNSEEN,
 W_ZONE_MARK, W_SEAT_BUTTON) = range(len(WORDS))  # fmt: skip
