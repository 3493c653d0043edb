"""PokerStars text lines, classified and cut into fields by compiled scans.

:func:`classify` turns the lines of a chunk into one frame per kind of line (hand headers,
table lines, seats, actions and other chip movements, summary items). Every frame keeps
``hand`` (0-based hand number in the chunk) and ``idx`` (line number in the chunk); action
frames also keep ``street`` and ``run`` (board number in run-it-twice sections).

Speed matters here: one compiled pass over the chunk's lines numbers the hands and
streets and tells the kinds of line apart, then one pass per kind cuts its fields as spans
of the chunk's bytes, which become string columns without copying. Each field follows a
regular expression, given in the comments, exactly (whitespace is Unicode whitespace, as
``\\s`` in a regex). Header and table lines, few distinct strings per chunk, are decoded
with regexes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl
import pyarrow as pa

from ingest import scan
from ingest.scan import NULL, at, ends_with, find, find_byte, lit, njit
from ingest.text import TIME_ZONES, ChunkText

# First line of a hand. Run It Once Poker exported its hands in this format too.
HEADER = r"^\x{FEFF}?(?:PokerStars|Run It Once Poker)(?: Home Game| Zoom)? (?:Hand|Game) #\d"
# Header with the hand number and the time taken out (so distinct headers are few).
_HEADER_FIELDS = (
    r"^\x{FEFF}?(?P<room>PokerStars|Run It Once Poker)(?: Home Game| Zoom)? (?:Hand|Game) "
    r"#:\s+(?:\{[^}]*\} )?"
    r"(?:(?:Zoom )?Tournament #(?P<tournament_id>\d+), (?:\S+(?: [A-Z]{3})? )?)?"
    r"(?P<game>.+?) (?:- (?:Match Round \w+, )?Level (?P<level>\S+) )?"
    r"\((?:(?P<inner>[^(),]+), )?(?P<sb>[^/(),]+)/(?P<bb>[^/() ]+)(?: (?P<cur>[A-Z]{3}))?\)$"
)
_TABLE = (
    r"^Table (?:ID )?'(?P<table_name>.*)' (?:(?P<max_seats>\d+)-[Mm]ax)?[^#]*"
    r"(?:Seat #(?P<button_seat>\d+) is the button)?$"
)
# Street markers, coded in chunk order; 0 is the part of a hand before its first marker.
_STREETS = {
    "HOLE CARDS": 1, "DEALING HANDS": 1, "PRE-FLOP": 1, "FLOP": 2, "TURN": 3, "RIVER": 4,
    "SHOW DOWN": 5, "SHOWDOWN": 5, "SUMMARY": 6,
}  # fmt: skip
STREET_NAMES = ["preflop", "preflop", "flop", "turn", "river", "showdown", "summary", "other"]
SUMMARY, OTHER_STREET = 6, 7
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
# Action verbs as the text after "player: " starts, first match wins (longest first).
VERBS: list[tuple[str, str]] = [
    ("posts small & big blinds", "post_sb_bb"), ("posts small blind", "post_sb"),
    ("posts big blind", "post_bb"), ("posts the ante", "ante"), ("posts straddle", "straddle"),
    ("folds", "fold"), ("checks", "check"), ("calls", "call"), ("bets", "bet"),
    ("raises", "raise"), ("shows [", "show"), ("mucks", "muck"), ("doesn't show", "no_show"),
    ("is sitting out", "sits_out"), ("sits out", "sits_out"),
]  # fmt: skip
BETTING = ["post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "call", "bet", "raise"]

# Kinds of line, in the order they are told apart (the first that applies).
_KINDS = ["marker", "summary_seat", "seat", "summary", "chat", "dealt", "table", "action", "other"]
_KIND = {name: number for number, name in enumerate(_KINDS)}
(_MARKER, _SUMMARY_SEAT, _SEAT_LINE, _SUMMARY_ITEM, _CHAT, _DEALT_LINE, _TABLE_LINE, _ACTION,
 _OTHER) = range(len(_KINDS))  # fmt: skip
# Events: the action verbs' kinds, then the kinds of the other chip-moving lines.
EVENT_KINDS = [kind for _, kind in VERBS] + ["return", "collect", "cash_out", "show"]
_OTHER_KIND = len(VERBS)  # event kind code of the first of the other lines' kinds
_VERB_TABLE = scan.literal_table([verb for verb, _ in VERBS])
_VERB_BETTING = np.array([kind in BETTING for _, kind in VERBS])
_VERB_CARDS = np.array([kind in ("show", "muck", "fold") for _, kind in VERBS])
_CHECK = next(k for k, (_, kind) in enumerate(VERBS) if kind == "check")
_VERB_SITS_OUT = np.array([kind == "sits_out" for _, kind in VERBS])
_VERB_EVENT = np.array([kind not in ("sits_out", "no_show") for _, kind in VERBS])
# The betting verbs whose whole line is "verb amount", then "raises X to amount".
_SHAPE_TABLE = scan.literal_table(
    ["posts small & big blinds", "posts small blind", "posts big blind", "posts the ante",
     "posts straddle", "calls", "bets"]
)  # fmt: skip
_MARKER_NAMES = scan.literal_table(list(_STREETS))
_MARKER_STREETS = np.array(list(_STREETS.values()), np.int8)
_RUN_WORDS = scan.literal_table([f"{word} " for word in _RUNS])

_BOM, _STARS, _STARS_END = lit("\ufeff"), lit("*** "), lit(" ***")
_ROOMS = scan.literal_table(["PokerStars", "Run It Once Poker"])
_ROOM_KINDS = scan.literal_table([" Home Game", " Zoom"])
_HAND_WORDS = scan.literal_table([" Hand #", " Game #"])
_SUMMARY_LINE, _SEAT, _DEALT, _TABLE_WORD = (
    lit("*** SUMMARY ***"),
    lit("Seat "),
    lit("Dealt to "),
    lit("Table "),
)
_COLON, _ALL_IN, _CHECKS, _RAISES, _TO = (
    lit(": "),
    lit(" and is all-in"),
    lit("checks"),
    lit("raises "),
    lit(" to"),
)
_UNCALLED, _RETURNED = lit("Uncalled bet ("), lit(") returned to ")
_COLLECTED, _FROM, _POT = lit(" collected "), lit(" from "), lit("pot")
_MAIN_SIDE = scan.literal_table(["main ", "side "])
_CASHED, _BAR, _FEE = lit(" cashed out the hand for "), lit(" |"), lit("| Cash Out Fee ")
_SHOWS = lit(" shows [")
_IN_CHIPS, _SITTING_OUT, _OUT_OF_HAND = lit(" in chips"), lit(" is sitting out"), lit("out of hand")
_SHOWED, _MUCKED, _WON, _NOT_AWARDED = (
    lit(" showed ["),
    lit(" mucked ["),
    lit(" won "),
    lit("(pot not awarded"),
)
_BRACKET, _TOTAL_POT, _RAKE, _STP = lit(" ["), lit("Total pot "), lit("| Rake "), lit("| STP ")
_SIDE_POT, _BOARD, _BOARD_WORD = lit("Side pot"), lit("Board ["), lit("Board")
_CANCELLED = lit("Hand cancelled")
_DASH, _ET = lit(" - "), lit("ET]")
_NO_TIME = np.iinfo(np.int64).min
_ZONE_NAMES = list(TIME_ZONES.values())
_ZONES = scan.literal_table(list(TIME_ZONES))
_NO_SEAT = -999
_NOT_PARENS, _NOT_SPACE_PARENS = lit("()"), lit(" ()")
_NOT_SPACE_BAR, _NOT_CLOSE_PAREN, _NOT_SPACE_CLOSE = lit(" |"), lit(")"), lit(" )")
_SPACE, _COLON_BYTE, _QUOTE = 32, 58, 34
_OPEN_SQUARE, _CLOSE_SQUARE, _OPEN_PAREN, _CLOSE_PAREN = 91, 93, 40, 41


@dataclass(frozen=True)
class Lines:
    """The classified lines of one chunk; every frame has ``hand`` and ``idx`` columns."""

    starts: pl.DataFrame  # first line of each hand: file, offset, line_no, text
    preamble: pl.DataFrame  # non-blank lines of a file before its first hand
    text: ChunkText  # every line (line i is row i), for the lines that error rows name
    last_lines: pl.DataFrame  # each hand's last non-blank line: hand, last_idx
    markers: pl.DataFrame  # street markers: street code, marker text
    headers: pl.DataFrame  # header fields per hand (row i: hand i), null when unreadable
    tables: pl.DataFrame  # table_name, max_seats, button_seat
    seats: pl.DataFrame  # seat, player, stack, sitting_out, dealt (cards), is_hero
    events: pl.DataFrame  # street, run, player, kind, amount/to/fee (text), all_in, cards...
    totals: pl.DataFrame  # "Total pot" lines: total, rake, stp (text), side_pots
    boards: pl.DataFrame  # run, cards
    summary_seats: pl.DataFrame  # seat, cards, won, not_awarded
    cancelled: pl.DataFrame  # "Hand cancelled" lines
    sat_out: pl.DataFrame  # "player: sits out" and "player: is sitting out" lines


@njit
def _hand_number(data: np.ndarray, start: int, end: int) -> tuple[int, int]:
    """``#([0-9]+):``: the span of the leftmost hand number."""
    pos = find_byte(data, start, end, 35)  # "#"
    while pos >= 0:
        digits = pos + 1
        while digits < end and 48 <= data[digits] <= 57:
            digits += 1
        if digits > pos + 1 and digits < end and data[digits] == _COLON_BYTE:
            return pos + 1, digits
        pos = find_byte(data, pos + 1, end, 35)
    return NULL, NULL


@njit
def _digits(data: np.ndarray, start: int, end: int, most: int) -> tuple[int, int]:
    """The value of 1 to ``most`` ASCII digits at ``start`` and where they end (-1: none)."""
    value, pos = 0, start
    while pos < end and pos - start < most and 48 <= data[pos] <= 57:
        value = value * 10 + data[pos] - 48
        pos += 1
    return (value, pos) if pos > start else (-1, -1)


@njit
def _local_time(data: np.ndarray, day: tuple[int, int], time: tuple[int, int]) -> int:
    """``%Y/%m/%d`` and ``%H:%M:%S`` or ``%H:%M`` (1 to 4 digits for the year, 1 or 2 for the
    rest) as microseconds since 1970 in local time, or -1 when not a valid date and time."""
    parts = np.zeros(6, np.int64)
    for group, (start, end) in enumerate((day, time)):
        if start < 0:
            return _NO_TIME
        pos = start
        for k in range(3):
            if k > 0:
                if pos == end and group == 1 and k == 2:
                    break  # no seconds
                if pos >= end or data[pos] != (47 if group == 0 else 58):  # "/" or ":"
                    return _NO_TIME
                pos += 1
            value, pos = _digits(data, pos, end, 4 if group == 0 and k == 0 else 2)
            if value < 0:
                return _NO_TIME
            parts[3 * group + k] = value
        if pos != end:
            return _NO_TIME
    year, month, day_of_month, hour, minute, second = parts
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    lengths = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not (1 <= month <= 12 and 1 <= day_of_month <= lengths[month - 1]):
        return _NO_TIME
    if hour > 23 or minute > 59 or second > 59:
        return _NO_TIME
    # days from 1970-01-01 (the civil-from-days inverse, proleptic Gregorian)
    y = year - (month <= 2)
    era = (y if y >= 0 else y - 399) // 400
    year_of_era = y - era * 400
    day_of_year = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day_of_month - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    days = era * 146097 + day_of_era - 719468
    return int(((days * 24 + hour) * 60 + minute) * 60_000_000 + second * 1_000_000)


@njit
def _header_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, ...]:
    """Hand header lines: the hand number's span; the template (the line without its hand
    number, ``#([0-9]+):`` becoming ``#:``, and without its time, `` - [^-]*$``) as the
    span before the number, the span after it and a hash of both; the time zone (index in
    ``_ZONE_NAMES``, -1 for none or unknown); whether an ET time is given; and the local
    start time in microseconds (``_NO_TIME``: unreadable). The time is the text after the
    last " - ", less its "[", cut at spaces: date, time, zone, then the ET date and time and
    "ET]"."""
    n = starts.size
    spans = np.full((n, 6), NULL, np.int64)  # hand number, template before, template after
    hashes = np.zeros(n, np.uint64)
    zone = np.full(n, -1, np.int64)
    et_given = np.zeros(n, np.bool_)
    local = np.full(n, _NO_TIME, np.int64)
    width = 0
    for i in range(n):
        width = max(width, ends[i] - starts[i])
    when = np.empty(width, np.uint8)
    fields = np.full((6, 2), -1, np.int64)
    for i in range(n):
        start, end = starts[i], ends[i]
        spans[i, 0], spans[i, 1] = _hand_number(data, start, end)
        last = -1
        pos = find(data, start, end, _DASH)
        while pos >= 0:
            last = pos
            pos = find(data, pos + 1, end, _DASH)
        cut = last if last >= 0 and find_byte(data, last + 3, end, 45) < 0 else end
        number, colon = _hand_number(data, start, cut)
        spans[i, 2], spans[i, 3] = start, (number if number >= 0 else cut)
        spans[i, 4], spans[i, 5] = (colon if number >= 0 else cut), cut
        h = np.uint64(14695981039346656037)
        for k in range(spans[i, 2], spans[i, 3]):
            h = (h ^ np.uint64(data[k])) * np.uint64(1099511628211)
        h = (h ^ np.uint64(256)) * np.uint64(1099511628211)
        for k in range(spans[i, 4], spans[i, 5]):
            h = (h ^ np.uint64(data[k])) * np.uint64(1099511628211)
        hashes[i] = h
        size = 0
        for k in range(last + 3 if last >= 0 else start, end):
            if data[k] != _OPEN_SQUARE:
                when[size] = data[k]
                size += 1
        fields[:, :] = -1
        field, begin = 0, 0
        for k in range(size + 1):
            if k == size or when[k] == _SPACE:
                fields[field, 0], fields[field, 1] = begin, k
                field += 1
                begin = k + 1
                if field == 6:
                    break
        et_given[i] = (
            fields[5, 0] >= 0
            and at(when, fields[5, 0], fields[5, 1], _ET)
            and (fields[5, 1] - fields[5, 0] == _ET.size)
        )
        if fields[2, 0] >= 0:
            zone[i] = scan.equal_to(when, fields[2, 0], fields[2, 1], *_ZONES)
        day, time = (fields[3], fields[4]) if et_given[i] else (fields[0], fields[1])
        local[i] = _local_time(when, (day[0], day[1]), (time[0], time[1]))
    return spans, hashes, zone, et_given, local


def _headers(text: ChunkText, rows: np.ndarray) -> pl.DataFrame:
    """Header fields of the hand header lines ``rows``, in their order. The time and the
    hand number are read by a scan; the rest, which repeats from hand to hand, is decoded
    once per distinct text by a regex."""
    data = text.data
    spans, hashes, zone, et_given, local = _header_fields(data, text.starts[rows], text.ends[rows])
    _, first, group = np.unique(hashes, return_index=True, return_inverse=True)
    group = group.ravel()
    representative = first[group]
    same = _same_templates(data, spans, representative)
    if not same.all():  # two templates with one hash: each odd one out decoded on its own
        odd = np.flatnonzero(~same)
        group[odd] = first.size + np.arange(odd.size)
        first = np.concatenate([first, odd])
    templates = pl.DataFrame(
        {
            "template": pl.Series(
                [
                    (
                        data[spans[i, 2] : spans[i, 3]].tobytes()
                        + data[spans[i, 4] : spans[i, 5]].tobytes()
                    ).decode()
                    for i in first
                ],
                dtype=pl.String,
            )
        }
    )
    fields = templates.select(pl.col("template").str.extract_groups(_HEADER_FIELDS)).unnest(
        "template"
    )
    zones = pl.Series([*_ZONE_NAMES, "America/New_York"], dtype=pl.String)
    return pl.concat(
        [
            pl.DataFrame(
                {
                    "hand_id": text.strings(spans[:, 0], spans[:, 1], ""),
                    "zone": zones.gather(np.where(et_given | (zone < 0), len(_ZONE_NAMES), zone)),
                    "naive": pl.Series(pa.array(local, mask=local == _NO_TIME)).cast(
                        pl.Datetime("us")
                    ),
                }
            ),
            fields[group],
        ],
        how="horizontal",
    )


@njit
def _same_templates(data: np.ndarray, spans: np.ndarray, representative: np.ndarray) -> np.ndarray:
    """Whether each header's template is byte for byte its group representative's."""
    same = np.ones(representative.size, np.bool_)
    for i in range(representative.size):
        r = representative[i]
        same[i] = _same(data, spans[i, 2], spans[i, 3], spans[r, 2], spans[r, 3]) and _same(
            data, spans[i, 4], spans[i, 5], spans[r, 4], spans[r, 5]
        )
    return same


@njit
def _is_header(data: np.ndarray, start: int, end: int) -> bool:
    """``HEADER``: a hand's first line."""
    pos = start + 3 if at(data, start, end, _BOM) else start
    room = scan.prefix_of(data, pos, end, *_ROOMS)
    if room < 0:
        return False
    pos += _ROOMS[1][room + 1] - _ROOMS[1][room]
    variant = scan.prefix_of(data, pos, end, *_ROOM_KINDS)
    if variant >= 0:
        pos += _ROOM_KINDS[1][variant + 1] - _ROOM_KINDS[1][variant]
    if scan.prefix_of(data, pos, end, *_HAND_WORDS) < 0:
        return False
    pos += 7
    return pos < end and bool(48 <= data[pos] <= 57)


@njit
def _marker(data: np.ndarray, start: int, end: int) -> tuple[int, int, int, int]:
    """A ``*** NAME *** ...`` line's name span, street code and board number (-1: none).
    The name is the text before the first " ***", less a leading "*** "."""
    cut = find(data, start, end, _STARS_END)
    name_end = end if cut < 0 else cut
    name = start + 4 if at(data, start, name_end, _STARS) else start
    found = scan.equal_to(data, name, name_end, *_MARKER_NAMES)
    if found >= 0:
        return name, name_end, _MARKER_STREETS[found], -1
    word = scan.prefix_of(data, name, name_end, *_RUN_WORDS)
    if word >= 0:
        rest = name + _RUN_WORDS[1][word + 1] - _RUN_WORDS[1][word]
        found = scan.equal_to(data, rest, name_end, *_MARKER_NAMES)
        if found >= 0:
            return name, name_end, _MARKER_STREETS[found], word + 1
    return name, name_end, OTHER_STREET, -1


@njit
def _line_kinds(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, files: np.ndarray
) -> tuple[np.ndarray, ...]:
    """Per line: hand number, hand start, street and board number, kind of line, and for
    street markers their name span and codes.

    A hand starts at a header line, or at the first non-blank line after a blank line that
    follows a summary (so a damaged header still separates two hands); lines of a file
    before its first header have hand -1. A line's street and board are those of the last
    marker at or before it (a hand's first line counts as a marker of street 0, board 1; a
    marker that names no board keeps the board before it). Kinds (``_KIND``) are given to
    the non-blank lines of hands after their first line, -1 elsewhere."""
    n = starts.size
    hand = np.empty(n, np.int64)
    is_start = np.zeros(n, np.bool_)
    street = np.full(n, -1, np.int8)
    board = np.full(n, -1, np.int8)
    kind = np.full(n, -1, np.int8)
    is_marker = np.zeros(n, np.bool_)
    name_start = np.full(n, NULL, np.int64)
    name_end = np.full(n, NULL, np.int64)
    last_header = last_summary = -1
    file_first = hands = 0
    previous_blank = False
    current_street, current_board = -1, -1
    for i in range(n):
        start, end = starts[i], ends[i]
        if i > 0 and files[i] != files[i - 1]:
            file_first = i
        header = _is_header(data, start, end)
        blank = end == start
        if header:
            last_header = i
        if end - start == _SUMMARY_LINE.size and at(data, start, end, _SUMMARY_LINE):
            last_summary = i
        begins = header or (
            not blank
            and previous_blank
            and last_summary > last_header
            and last_header >= file_first
        )
        previous_blank = blank
        hands += begins
        hand[i] = hands - 1 if last_header >= file_first else -1
        is_start[i] = begins
        if begins:
            current_street, current_board = 0, 1
        elif at(data, start, end, _STARS):
            is_marker[i] = True
            name_start[i], name_end[i], code, number = _marker(data, start, end)
            current_street = code
            if number >= 0:
                current_board = number
            street[i], board[i] = current_street, current_board
        if hand[i] < 0 or blank or begins:
            continue
        street[i], board[i] = current_street, current_board
        seat = at(data, start, end, _SEAT)
        summary = current_street == SUMMARY
        if is_marker[i]:
            kind[i] = _MARKER
        elif seat and summary:
            kind[i] = _SUMMARY_SEAT
        elif seat:
            kind[i] = _SEAT_LINE
        elif summary:
            kind[i] = _SUMMARY_ITEM
        elif data[end - 1] == _QUOTE:  # 'name said, "..."'
            kind[i] = _CHAT
        elif at(data, start, end, _DEALT):
            kind[i] = _DEALT_LINE
        elif current_street == 0 and at(data, start, end, _TABLE_WORD):
            kind[i] = _TABLE_LINE
        elif find(data, start, end, _COLON) >= 0:
            kind[i] = _ACTION
        else:
            kind[i] = _OTHER
    return hand, is_start, street, board, kind, is_marker, name_start, name_end


@njit
def _betting_shape(data: np.ndarray, start: int, end: int) -> bool:
    """The whole text after "player: " of a betting line: ``^(?:posts (?:small & big
    blinds|small blind|big blind|the ante|straddle)|calls|bets|raises \\S+ to) \\S+(?: and
    is all-in)?$``; anything else there is damage."""
    verb = scan.prefix_of(data, start, end, *_SHAPE_TABLE)
    if verb >= 0:
        pos = start + _SHAPE_TABLE[1][verb + 1] - _SHAPE_TABLE[1][verb]
    elif at(data, start, end, _RAISES):
        raised = scan.non_space_run(data, start + 7, end)
        if raised == start + 7 or not at(data, raised, end, _TO):
            return False
        pos = raised + 3
    else:
        return False
    if pos >= end or data[pos] != _SPACE:
        return False
    if scan.is_non_space(data, pos + 1, end):
        return True
    return ends_with(data, pos + 1, end, _ALL_IN) and scan.is_non_space(
        data, pos + 1, end - _ALL_IN.size
    )


@njit
def _bracketed(data: np.ndarray, start: int, end: int) -> tuple[int, int]:
    """``\\[([^\\]]*)\\]`` from ``start``: the text in the first brackets (or a null span)."""
    opening = find_byte(data, start, end, _OPEN_SQUARE)
    if opening < 0:
        return NULL, NULL
    closing = find_byte(data, opening + 1, end, _CLOSE_SQUARE)
    if closing < 0:
        return NULL, NULL
    return opening + 1, closing


@njit
def _action_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, ...]:
    """``player: verb ...`` lines: player span, verb (index in ``VERBS``, -1: not an
    action), all-in flag, last word span (`` ([^ ]+)$`` after the all-in suffix is cut),
    cards span (shows, mucks and folds) and whether a betting or checking line is damaged."""
    n = starts.size
    spans = np.full((n, 6), NULL, np.int64)  # player, last word, cards
    verb = np.full(n, -1, np.int64)
    all_in = np.zeros(n, np.bool_)
    damaged = np.zeros(n, np.bool_)
    for i in range(n):
        start, end = starts[i], ends[i]
        colon = find(data, start, end, _COLON)
        rest = colon + 2
        spans[i, 0], spans[i, 1] = start, colon
        found = scan.prefix_of(data, rest, end, *_VERB_TABLE)
        verb[i] = found
        if found < 0:
            continue
        all_in[i] = ends_with(data, rest, end, _ALL_IN)
        core_end = end - _ALL_IN.size if all_in[i] else end
        for pos in range(core_end - 1, rest - 1, -1):
            if data[pos] == _SPACE:
                if pos + 1 < core_end:
                    spans[i, 2], spans[i, 3] = pos + 1, core_end
                break
        if _VERB_CARDS[found]:
            spans[i, 4], spans[i, 5] = _bracketed(data, rest, end)
        if _VERB_BETTING[found]:
            damaged[i] = not _betting_shape(data, rest, end)
        elif found == _CHECK:
            damaged[i] = not (end - rest == _CHECKS.size and at(data, rest, end, _CHECKS))
    return spans, verb, all_in, damaged


@njit
def _collected_amount(data: np.ndarray, start: int, end: int) -> tuple[int, int]:
    """`` collected (\\S+) from ``: the leftmost such amount."""
    pos = find(data, start, end, _COLLECTED)
    while pos >= 0:
        first = pos + _COLLECTED.size
        last = scan.non_space_run(data, first, end)
        if last > first and at(data, last, end, _FROM):
            return first, last
        pos = find(data, pos + 1, end, _COLLECTED)
    return NULL, NULL


@njit
def _pot_name(data: np.ndarray, start: int, end: int) -> tuple[int, int]:
    """`` from ((?:main |side )?pot(?:[- ]\\d+)?)$``: the pot a collect line names."""
    pos = find(data, start, end, _FROM)
    while pos >= 0:
        first = pos + _FROM.size
        name = first
        word = scan.prefix_of(data, name, end, *_MAIN_SIDE)
        if word >= 0:
            name += 5
        if at(data, name, end, _POT):
            name += 3
            if name == end:
                return first, end
            if data[name] == 45 or data[name] == _SPACE:  # "-" or " "
                digits = name + 1
                while digits < end and 48 <= data[digits] <= 57:
                    digits += 1
                if digits == end and digits > name + 1:
                    return first, end
        pos = find(data, pos + 1, end, _FROM)
    return NULL, NULL


@njit
def _word_then(data: np.ndarray, pos: int, end: int, suffix: np.ndarray) -> tuple[int, int]:
    """``(\\S+)suffix`` at ``pos``: the word's span, or a null span."""
    last = scan.non_space_run(data, pos, end)
    if last > pos and at(data, last, end, suffix):
        return pos, last
    return NULL, NULL


@njit
def _other_fields(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, ...]:
    """Chip-moving lines without "player: ": uncalled bets returned, collections, cash-outs
    and colon-less shows; one line can be several events. Per event: its line (row in the
    input), kind (0 return, 1 collect, 2 cash-out, 3 show), spans of player, amount, pot,
    fee and cards, and whether a collect line is damaged (no amount or pot)."""
    n = starts.size
    rows = np.empty(4 * n, np.int64)
    kinds = np.empty(4 * n, np.int64)
    spans = np.full((4 * n, 10), NULL, np.int64)
    damaged = np.zeros(4 * n, np.bool_)
    count = 0
    for i in range(n):
        start, end = starts[i], ends[i]
        if at(data, start, end, _UNCALLED):
            rows[count], kinds[count] = i, 0
            pos = find(data, start, end, _RETURNED)  # \) returned to (.+)$
            if pos >= 0 and pos + _RETURNED.size < end:
                spans[count, 0], spans[count, 1] = pos + _RETURNED.size, end
            first = start + _UNCALLED.size  # ^Uncalled bet \(([^)]+)\)
            last = scan.run_without(data, first, end, _NOT_CLOSE_PAREN)
            if last > first and last < end:
                spans[count, 2], spans[count, 3] = first, last
            count += 1
        pos = find(data, start, end, _COLLECTED)
        if pos >= 0:
            rows[count], kinds[count] = i, 1
            spans[count, 0], spans[count, 1] = start, pos
            spans[count, 2], spans[count, 3] = _collected_amount(data, start, end)
            spans[count, 4], spans[count, 5] = _pot_name(data, start, end)
            damaged[count] = spans[count, 2] < 0 or spans[count, 4] < 0
            count += 1
        pos = find(data, start, end, _CASHED)
        if pos >= 0:
            rows[count], kinds[count] = i, 2
            spans[count, 0], spans[count, 1] = start, pos
            while pos >= 0:  # cashed out the hand for (\S+) \|
                spans[count, 2], spans[count, 3] = _word_then(data, pos + _CASHED.size, end, _BAR)
                if spans[count, 2] >= 0:
                    break
                pos = find(data, pos + 1, end, _CASHED)
            fee = find(data, start, end, _FEE)  # \| Cash Out Fee (\S+)$
            while fee >= 0:
                if scan.is_non_space(data, fee + _FEE.size, end):
                    spans[count, 6], spans[count, 7] = fee + _FEE.size, end
                    break
                fee = find(data, fee + 1, end, _FEE)
            count += 1
        pos = find(data, start, end, _SHOWS)
        if pos >= 0:
            rows[count], kinds[count] = i, 3
            spans[count, 0], spans[count, 1] = start, pos
            spans[count, 8], spans[count, 9] = _bracketed(data, pos + 1, end)
            count += 1
    return rows[:count], kinds[:count], spans[:count], damaged[:count]


@njit
def _seat_fields(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> tuple[np.ndarray, ...]:
    """``Seat N: player (stack in chips) ...`` lines: spans of the seat number, the player
    (the text after ": " up to `` \\([^ ()]+ in chips[^()]*\\)``), the stack, and whether
    the player sits out; all null past a line without ": "."""
    n = starts.size
    spans = np.full((n, 6), NULL, np.int64)  # seat, player, stack
    sitting_out = np.zeros(n, np.bool_)
    has_rest = np.zeros(n, np.bool_)
    for i in range(n):
        start, end = starts[i], ends[i]
        colon = find(data, start, end, _COLON)
        seat_end = end if colon < 0 else colon
        seat = start + _SEAT.size if start + _SEAT.size <= seat_end else start
        spans[i, 0], spans[i, 1] = seat, seat_end
        if colon < 0:
            continue
        has_rest[i] = True
        rest = colon + 2
        spans[i, 2], spans[i, 3] = rest, end
        pos = find_byte(data, rest, end, _OPEN_PAREN)
        while pos >= 0:
            if pos > rest and data[pos - 1] == _SPACE:
                token = scan.run_without(data, pos + 1, end, _NOT_SPACE_PARENS)
                if token > pos + 1 and at(data, token, end, _IN_CHIPS):
                    close = scan.run_without(data, token + _IN_CHIPS.size, end, _NOT_PARENS)
                    if close < end and data[close] == _CLOSE_PAREN:
                        spans[i, 3] = pos - 1
                        spans[i, 4], spans[i, 5] = pos + 1, token
                        break
            pos = find_byte(data, pos + 1, end, _OPEN_PAREN)
        sitting_out[i] = ends_with(data, rest, end, _SITTING_OUT) or (
            find(data, rest, end, _OUT_OF_HAND) >= 0
        )
    return spans, sitting_out, has_rest


@njit
def _seat_numbers(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Seat number texts as integers (an optional sign and digits, -128..127, as a cast to
    a one-byte integer reads them); ``_NO_SEAT`` where the text is anything else."""
    out = np.full(starts.size, _NO_SEAT, np.int16)
    for i in range(starts.size):
        pos, end = starts[i], ends[i]
        if pos < 0:
            continue
        sign = 1
        if pos < end and (data[pos] == 43 or data[pos] == 45):  # "+" or "-"
            sign = -1 if data[pos] == 45 else 1
            pos += 1
        value = 0
        digits = pos
        while pos < end and 48 <= data[pos] <= 57 and value <= 128:
            value = value * 10 + (data[pos] - 48)
            pos += 1
        if pos == end and pos > digits and -128 <= sign * value <= 127:
            out[i] = sign * value
    return out


@njit
def _same(data: np.ndarray, a: int, a_end: int, b: int, b_end: int) -> bool:
    """Whether two spans hold the same bytes (a null span equals nothing)."""
    if a < 0 or b < 0 or a_end - a != b_end - b:
        return False
    for k in range(a_end - a):  # noqa: SIM110 (numba compiles loops, not generators)
        if data[a + k] != data[b + k]:
            return False
    return True


@njit
def _event_seats(
    data: np.ndarray,
    event_hand: np.ndarray,
    event_player: np.ndarray,
    seat_hand: np.ndarray,
    seat_player: np.ndarray,
    seat_number: np.ndarray,
) -> np.ndarray:
    """Each event's seat: the number of its hand's first seat line naming the same player,
    ``_NO_SEAT`` when none does. Events and seat lines are both in hand order."""
    out = np.full(event_hand.size, _NO_SEAT, np.int16)
    first = 0
    for i in range(event_hand.size):
        hand = event_hand[i]
        while first < seat_hand.size and seat_hand[first] < hand:
            first += 1
        k = first
        while k < seat_hand.size and seat_hand[k] == hand:
            if _same(
                data, event_player[i, 0], event_player[i, 1], seat_player[k, 0], seat_player[k, 1]
            ):
                out[i] = seat_number[k]
                break
            k += 1
    return out


@njit
def _dealt_to_seats(
    data: np.ndarray,
    seat_hand: np.ndarray,
    seat_player: np.ndarray,
    dealt_hand: np.ndarray,
    dealt_player: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """For each seat line, the first "Dealt to" line of its hand naming its player (-1:
    none), and whether that player is the hand's hero: the history's owner is the only
    player dealt cards by name. Seat and dealt lines are both in hand order."""
    first_dealt = np.full(seat_hand.size, -1, np.int64)
    hero = np.zeros(seat_hand.size, np.bool_)
    names = np.zeros(dealt_hand.size, np.int64)  # distinct names dealt in the line's hand
    begin = 0
    for j in range(dealt_hand.size):
        if j > 0 and dealt_hand[j] != dealt_hand[j - 1]:
            begin = j
        new = True
        for k in range(begin, j):
            if _same(
                data, dealt_player[j, 0], dealt_player[j, 1], dealt_player[k, 0], dealt_player[k, 1]
            ):
                new = False
                break
        names[j] = (names[j - 1] if j > begin else 0) + new
    first = 0
    for i in range(seat_hand.size):
        hand = seat_hand[i]
        while first < dealt_hand.size and dealt_hand[first] < hand:
            first += 1
        last = first
        while last < dealt_hand.size and dealt_hand[last] == hand:
            last += 1
        for k in range(first, last):
            if _same(
                data, seat_player[i, 0], seat_player[i, 1], dealt_player[k, 0], dealt_player[k, 1]
            ):
                first_dealt[i] = k
                hero[i] = names[last - 1] == 1
                break
    return first_dealt, hero


@njit
def _won(data: np.ndarray, start: int, end: int) -> tuple[int, int]:
    """`` won \\(?([^ )]+)\\)?``: the leftmost amount won."""
    pos = find(data, start, end, _WON)
    while pos >= 0:
        first = pos + _WON.size
        if first < end and data[first] == _OPEN_PAREN:
            last = scan.run_without(data, first + 1, end, _NOT_SPACE_CLOSE)
            if last > first + 1:
                return first + 1, last
        last = scan.run_without(data, first, end, _NOT_SPACE_CLOSE)
        if last > first:
            return first, last
        pos = find(data, pos + 1, end, _WON)
    return NULL, NULL


@njit
def _summary_seat_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, ...]:
    """Summary ``Seat N: ...`` lines: whether the line matters (cards or winnings), spans of
    the seat number (``^Seat ([0-9]+):``), the cards shown or mucked and the amount won,
    and whether the pot was not awarded."""
    n = starts.size
    spans = np.full((n, 6), NULL, np.int64)  # seat, cards, won
    useful = np.zeros(n, np.bool_)
    not_awarded = np.zeros(n, np.bool_)
    for i in range(n):
        start, end = starts[i], ends[i]
        wins = find(data, start, end, _WON) >= 0
        useful[i] = wins or find_byte(data, start, end, _OPEN_SQUARE) >= 0
        if not useful[i]:
            continue
        digits = start + _SEAT.size
        while digits < end and 48 <= data[digits] <= 57:
            digits += 1
        if digits > start + _SEAT.size and digits < end and data[digits] == _COLON_BYTE:
            spans[i, 0], spans[i, 1] = start + _SEAT.size, digits
        showed, mucked = find(data, start, end, _SHOWED), find(data, start, end, _MUCKED)
        first = showed if mucked < 0 or (0 <= showed < mucked) else mucked
        if first >= 0:
            spans[i, 2], spans[i, 3] = _bracketed(data, first + 1, end)
        if wins:
            spans[i, 4], spans[i, 5] = _won(data, start, end)
        not_awarded[i] = find(data, start, end, _NOT_AWARDED) >= 0
    return spans, useful, not_awarded


@njit
def _dealt_fields(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """``Dealt to player [cards]`` lines: spans of the player (text before the first " [",
    less "Dealt to ") and the cards (the rest, less one closing bracket; null without " [")."""
    spans = np.full((starts.size, 4), NULL, np.int64)
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        cut = find(data, start, end, _BRACKET)
        player_end = end if cut < 0 else cut
        spans[i, 0] = start + _DEALT.size if start + _DEALT.size <= player_end else start
        spans[i, 1] = player_end
        if cut >= 0:
            spans[i, 2] = cut + 2
            spans[i, 3] = end - 1 if end > cut + 2 and data[end - 1] == _CLOSE_SQUARE else end
    return spans


@njit
def _labelled(data: np.ndarray, start: int, end: int, label: np.ndarray) -> tuple[int, int]:
    """``label([^ |]+)``: the leftmost value after ``label``."""
    pos = find(data, start, end, label)
    while pos >= 0:
        first = pos + label.size
        last = scan.run_without(data, first, end, _NOT_SPACE_BAR)
        if last > first:
            return first, last
        pos = find(data, pos + 1, end, label)
    return NULL, NULL


@njit
def _summary_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray
) -> tuple[np.ndarray, ...]:
    """Summary lines: ``Total pot`` lines (spans of ``^Total pot ([^ |]+)``, ``\\| Rake
    ([^ |]+)``, ``\\| STP ([^ |]+)``; side pots named) and board lines (board number from
    ``^(FIRST|SECOND|THIRD) Board``, else 1; cards span from ``^(?:(?:FIRST|SECOND|THIRD)
    )?Board \\[([^\\]]*)\\]$``)."""
    n = starts.size
    is_total = np.zeros(n, np.bool_)
    spans = np.full((n, 8), NULL, np.int64)  # total, rake, stp, board cards
    side_pots = np.zeros(n, np.bool_)
    is_board = np.zeros(n, np.bool_)
    board = np.ones(n, np.int8)
    for i in range(n):
        start, end = starts[i], ends[i]
        if at(data, start, end, _TOTAL_POT):
            is_total[i] = True
            first = start + _TOTAL_POT.size
            last = scan.run_without(data, first, end, _NOT_SPACE_BAR)
            if last > first:
                spans[i, 0], spans[i, 1] = first, last
            spans[i, 2], spans[i, 3] = _labelled(data, start, end, _RAKE)
            spans[i, 4], spans[i, 5] = _labelled(data, start, end, _STP)
            side_pots[i] = find(data, start, end, _SIDE_POT) >= 0
        if find(data, start, end, _BOARD) >= 0:
            is_board[i] = True
            word = scan.prefix_of(data, start, end, *_RUN_WORDS)
            after = start + _RUN_WORDS[1][word + 1] - _RUN_WORDS[1][word] if word >= 0 else start
            if word >= 0 and at(data, after, end, _BOARD_WORD):
                board[i] = word + 1
            first = after if word >= 0 and at(data, after, end, _BOARD) else start
            if at(data, first, end, _BOARD):
                closing = find_byte(data, first + _BOARD.size, end, _CLOSE_SQUARE)
                if closing == end - 1:
                    spans[i, 6], spans[i, 7] = first + _BOARD.size, closing
    return is_total, spans, side_pots, is_board, board


@njit
def _equal_rows(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, literal: np.ndarray
) -> np.ndarray:
    """Which spans are exactly ``literal``."""
    equal = np.zeros(starts.size, np.bool_)
    for i in range(starts.size):
        equal[i] = ends[i] - starts[i] == literal.size and at(data, starts[i], ends[i], literal)
    return equal


def _rows(kind: np.ndarray, name: str) -> np.ndarray:
    return np.flatnonzero(kind == _KIND[name])


def _last_lines(hand: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> pl.DataFrame:
    """Each hand's last non-blank line."""
    rows = np.flatnonzero((hand >= 0) & (ends > starts))
    last = np.flatnonzero(np.diff(np.append(hand[rows], -1)) != 0)  # the hand changes after
    return pl.DataFrame({"hand": hand[rows[last]], "last_idx": rows[last]})


def _nullable(values: np.ndarray, null: int, dtype: type[pl.DataType]) -> pl.Series:
    """Integers with a null marker as a nullable column of ``dtype``."""
    return pl.Series(pa.array(values, mask=values == null)).cast(dtype)


def classify(text: ChunkText) -> Lines:
    """Split a chunk's lines into hands and classify them (see :class:`Lines`)."""
    data, starts, ends = text.data, text.starts, text.ends
    hand, is_start, street, board, kind, is_marker, name_start, name_end = _line_kinds(
        data, starts, ends, text.file
    )

    def frame(rows: np.ndarray, *columns: str, **fields: pl.Series) -> pl.DataFrame:
        """``hand`` and ``idx`` of the lines ``rows``, the named per-line columns, then
        ``fields`` (one value per row)."""
        per_line = {"file": text.file, "offset": text.offset, "line_no": text.line_no}
        out = {"hand": pl.Series(hand[rows]), "idx": pl.Series(rows)}
        for column in columns:
            if column == "text":
                out[column] = text.strings(starts[rows], ends[rows], column)
            else:
                out[column] = pl.Series(per_line[column][rows])
        return pl.DataFrame({**out, **fields})

    def strings(spans: np.ndarray, column: int) -> pl.Series:
        return text.strings(spans[:, column], spans[:, column + 1], "")

    def amounts(spans: np.ndarray, column: int, absent: int = -1) -> pl.Series:
        return pl.Series(scan.hundredths(data, spans[:, column], spans[:, column + 1], absent))

    start_rows = np.flatnonzero(is_start)
    starts_frame = frame(start_rows, "file", "offset", "line_no", "text")
    rows = np.flatnonzero(is_start | is_marker)
    first = is_start[rows]
    markers = frame(
        rows,
        marker=text.strings(name_start[rows], name_end[rows], ""),
        street=pl.Series(np.where(first, 0, street[rows]), dtype=pl.Int8),
        run=pl.Series(np.where(first, 1, board[rows]), dtype=pl.Int8).replace(-1, None),
    )
    rows = _rows(kind, "dealt")
    dealt_spans = _dealt_fields(data, starts[rows], ends[rows])
    dealt_hand = hand[rows]
    rows = _rows(kind, "seat")
    spans, sitting_out, has_rest = _seat_fields(data, starts[rows], ends[rows])
    seat_numbers = _seat_numbers(data, spans[:, 0], spans[:, 1])
    players = np.ascontiguousarray(spans[:, 2:4])
    dealt_row, is_hero = _dealt_to_seats(
        data, hand[rows], players, dealt_hand, np.ascontiguousarray(dealt_spans[:, 0:2])
    )
    dealt_first, dealt_end = np.full(rows.size, NULL), np.full(rows.size, NULL)
    matched = dealt_row >= 0
    dealt_first[matched] = dealt_spans[dealt_row[matched], 2]
    dealt_end[matched] = dealt_spans[dealt_row[matched], 3]
    seats = frame(
        rows,
        seat=_nullable(seat_numbers, _NO_SEAT, pl.Int8),
        player=strings(spans, 2),
        stack_h=amounts(spans, 4),
        sitting_out=pl.Series(sitting_out).set(pl.Series(~has_rest), None),
        dealt=text.strings(dealt_first, dealt_end, ""),
        is_hero=pl.Series(is_hero),
    )
    seat_lines = (hand[rows], players, seat_numbers)
    events, sat_out = _events(text, hand, street, board, kind, seat_lines)
    rows = _rows(kind, "summary_seat")
    spans, useful, not_awarded = _summary_seat_fields(data, starts[rows], ends[rows])
    spans = spans[useful]
    summary_seats = frame(
        rows[useful],
        seat=_nullable(_seat_numbers(data, spans[:, 0], spans[:, 1]), _NO_SEAT, pl.Int8),
        cards=strings(spans, 2),
        won_h=amounts(spans, 4),
        not_awarded=pl.Series(not_awarded[useful]),
    )
    rows = _rows(kind, "summary")
    is_total, spans, side_pots, is_board, board_number = _summary_fields(
        data, starts[rows], ends[rows]
    )
    totals = frame(
        rows[is_total],
        total_h=amounts(spans[is_total], 0),
        rake_h=amounts(spans[is_total], 2, absent=0),  # no rake written: none taken
        stp_h=amounts(spans[is_total], 4, absent=0),
        side_pots=pl.Series(side_pots[is_total]),
    )
    with_cards = is_board & (spans[:, 6] >= 0)
    boards = frame(
        rows[with_cards],
        run=pl.Series(board_number[with_cards], dtype=pl.Int8),
        cards=strings(spans[with_cards], 6),
    )
    other = _rows(kind, "other")
    cancelled = other[_equal_rows(data, starts[other], ends[other], _CANCELLED)]
    return Lines(
        starts=starts_frame,
        preamble=frame(
            np.flatnonzero((hand < 0) & (ends > starts)), "file", "offset", "line_no", "text"
        ),
        text=text,
        last_lines=_last_lines(hand, starts, ends),
        markers=markers,
        headers=_headers(text, start_rows),
        tables=_tables(frame(_rows(kind, "table"), "text")),
        seats=seats,
        events=events,
        totals=totals,
        boards=boards,
        summary_seats=summary_seats,
        cancelled=frame(cancelled),
        sat_out=sat_out,
    )


def _tables(lines: pl.DataFrame) -> pl.DataFrame:
    """Table lines' fields, decoded once per distinct line."""
    fields = (
        lines.select("text")
        .unique()
        .with_columns(pl.col("text").str.extract_groups(_TABLE).alias("f"))
        .unnest("f")
    )
    return (
        lines.join(fields, on="text", how="left")
        .filter(pl.col("table_name").is_not_null())
        .select("hand", "idx", "table_name", "max_seats", "button_seat")
    )


def _span_column(text: ChunkText, first: np.ndarray, last: np.ndarray, keep: np.ndarray,
                 name: str) -> pl.Series:  # fmt: skip
    """Spans as strings, null where ``keep`` is false."""
    return text.strings(np.where(keep, first, NULL), last, name)


def _events(
    text: ChunkText,
    hand: np.ndarray,
    street: np.ndarray,
    board: np.ndarray,
    kind: np.ndarray,
    seat_lines: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Events in line order (a line that is two events keeps both, in the order return,
    collect, cash-out, show), with the seat of their player (from ``seat_lines``: hand,
    player span and seat number of each seat line), and the lines of players sitting out."""
    data, starts, ends = text.data, text.starts, text.ends
    action_rows = _rows(kind, "action")
    action, verb, all_in, damaged = _action_fields(data, starts[action_rows], ends[action_rows])
    found = verb >= 0
    sits_out = found & _VERB_SITS_OUT[np.maximum(verb, 0)]
    sat_out = pl.DataFrame(
        {"hand": hand[action_rows[sits_out]], "idx": action_rows[sits_out]}
    ).with_columns(text.strings(action[sits_out, 0], action[sits_out, 1], "player"))
    keep = found & _VERB_EVENT[np.maximum(verb, 0)]
    action, verb, all_in, damaged = action[keep], verb[keep], all_in[keep], damaged[keep]
    other_rows = _rows(kind, "other")
    line, other_kind, other, other_damaged = _other_fields(
        data, starts[other_rows], ends[other_rows]
    )
    rows = np.concatenate([action_rows[keep], other_rows[line]])
    order = np.argsort(rows, kind="stable")
    rows = rows[order]
    n_actions = verb.size
    is_action = order < n_actions
    betting = np.concatenate([_VERB_BETTING[verb], np.zeros(line.size, bool)])[order]

    def both(action_part: np.ndarray, other_part: np.ndarray) -> np.ndarray:
        return np.concatenate([action_part, other_part])[order]

    last_first, last_end = both(action[:, 2], other[:, 2]), both(action[:, 3], other[:, 3])
    players = np.stack([both(action[:, 0], other[:, 0]), both(action[:, 1], other[:, 1])], axis=1)
    seats = _event_seats(data, hand[rows], players, *seat_lines)
    codes = both(verb, other_kind + _OTHER_KIND)
    kinds = pl.Series("kind", EVENT_KINDS).gather(codes)
    frame = pl.DataFrame(
        {
            "hand": hand[rows], "idx": rows,
            "street": pl.Series(street[rows], dtype=pl.Int8),
            "run": pl.Series(board[rows], dtype=pl.Int8).replace(-1, None),
            "player": text.strings(players[:, 0], players[:, 1], "player"),
            "seat": _nullable(seats, _NO_SEAT, pl.Int8),
            "kind": kinds,
            "code": pl.Series(codes, dtype=pl.Int8),
            "all_in": pl.Series(both(all_in, np.zeros(line.size, bool))),
            "cards": text.strings(both(action[:, 4], other[:, 8]),
                                  both(action[:, 5], other[:, 9]), "cards"),
            "damaged": pl.Series(both(damaged, other_damaged)),
            "pot": _span_column(text, both(action[:, 0], other[:, 4]),
                                both(action[:, 0], other[:, 5]), ~is_action, "pot"),
            # the amount or raise-to amount, and the cash-out fee, in hundredths
            "value_h": scan.hundredths(data, np.where(~is_action | betting, last_first, NULL),
                                       last_end, -1),
            "fee_h": scan.hundredths(data, both(np.full(n_actions, NULL), other[:, 6]),
                                     both(action[:, 0], other[:, 7]), -1),
        }
    )  # fmt: skip
    collect = both(np.zeros(n_actions, bool), other_kind == 1)
    return (
        frame.with_columns(
            all_in=pl.when(pl.Series(is_action)).then("all_in"),
            damaged=pl.when(pl.Series(is_action | collect)).then("damaged"),
        ),
        sat_out,
    )
