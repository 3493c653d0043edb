"""Hand headers decoded by a grammar: game, stakes, currency, room, tournament, time in UTC.

The hand number, the time and its zone, different in every header, are read by a compiled
scan; the rest of the header, which repeats from hand to hand, is decoded by a regex once
per distinct text.
"""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.engine import grouped, scan
from ingest.engine.fields import prefixed
from ingest.engine.grammar import KIND_CODE, Grammar
from ingest.engine.kept import Kept
from ingest.engine.lines import Lines
from ingest.engine.scan import NULL, at, find, find_byte, njit, units
from ingest.engine.text import TIME_ZONES, amount, first_match, to_utc
from ingest.engine.wording import (
    W_DATE_SEPARATOR,
    W_EASTERN_TIME,
    W_HAND_NUMBER,
    W_MONTHS,
    W_TIME_END,
    W_TIME_SEPARATOR,
    W_WEEKDAYS,
    W_ZONE_MARK,
)
from ingest.money import CURRENCY_SIGNS, units_expr

_NO_TIME = np.iinfo(np.int64).min
_ZONE_NAMES = list(TIME_ZONES.values())
_ZONES = scan.literal_table(list(TIME_ZONES))
_SPACE, _COLON_BYTE, _OPEN_SQUARE, _SLASH, _COMMA = 32, 58, 91, 47, 44
_NEWLINE, _CR, _TAB = 10, 13, 9
_OPEN_PAREN, _CLOSE_PAREN = 40, 41

_GAME_GROUPS = ("cards_n", "variant", "hi_lo", "limit")


def _game_fields(headers: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Game columns decoded once per distinct game text, by the grammar's game regex."""
    # Mixed games put the current game in parentheses: "8-Game (Omaha Hi/Lo Limit)".
    known = pl.any_horizontal(pl.col("game").str.contains(p) for p in grammar.game_patterns)
    whole = pl.when(known).then(pl.col("game"))
    inner = (
        pl.col("game").str.extract(r"\(([^()]*)\)$", 1)
        if grammar.mixed_game_parentheses
        else pl.lit(None, pl.String)
    )
    game_text = pl.coalesce(pl.col("inner"), whole, inner, pl.col("game"))
    # one clean name per game: no white space around it or doubled inside it
    game_text = game_text.str.strip_chars().str.replace_all(r"\s+", " ")
    if grammar.game_names:  # the room's name of a game the regexes know by another
        game_text = game_text.str.replace_many(dict(grammar.game_names))
    texts = headers.select(game_text=game_text).unique().drop_nulls()
    g = first_match(texts, "game_text", grammar.game_patterns, _GAME_GROUPS)
    flop = first_match(texts, "game_text", grammar.flop_games, ("limit",)).select(
        is_flop_game=pl.any_horizontal(
            [pl.col("game_text").str.contains(p) for p in grammar.flop_games] or [pl.lit(False)]
        ),
        flop_limit="limit",
    )
    g = pl.concat([g, flop], how="horizontal")
    courchevel = pl.col("variant").str.to_lowercase() == "courchevel"
    hi_lo = pl.col("hi_lo").is_not_null()
    base = (
        pl.when(courchevel)
        .then(pl.lit("courchevel"))
        .otherwise(pl.lit("omaha") + pl.col("cards_n").fill_null(""))
    )
    suffix = (
        pl.when(~hi_lo)
        .then(pl.lit(""))
        .when(courchevel | pl.col("cards_n").is_null())
        .then(pl.lit("8"))
        .otherwise(pl.lit("_8"))
    )
    is_omaha = pl.col("variant").is_not_null()
    g = g.select(
        "game_text",
        "is_flop_game",
        is_omaha=is_omaha,
        game_name=pl.when(is_omaha).then(base + suffix).otherwise(pl.col("game_text")),
        variant=pl.when(courchevel).then(pl.lit("courchevel")).otherwise(pl.lit("omaha")),
        hi_lo=hi_lo,
        hole_cards_count=pl.when(courchevel)
        .then(5)
        .otherwise(pl.col("cards_n").cast(pl.Int8, strict=False).fill_null(4))
        .cast(pl.Int8),
        # a game named without its limit ("PLO") says it in its name
        # read whatever the case ("POT LIMIT" in exports written in capitals)
        limit_type=pl.coalesce("limit", "variant", "flop_limit").str.to_lowercase().replace_strict(
            {text.lower(): limit for text, limit in grammar.limits.items()}, default=None,
            return_dtype=pl.String,
        ),
    )
    return headers.with_columns(game_text=game_text).join(g, on="game_text", how="left")


@scan.njit_scalar
def _hand_number(
    data: np.ndarray, start: int, end: int, id_class: np.ndarray, id_end: np.ndarray,
    mark: np.ndarray,
) -> tuple[int, int]:  # fmt: skip
    """``<mark>([<class>]+)<end>`` (the mark is "#" in PokerStars' words): the span of the
    leftmost hand number (see :class:`ingest.engine.grammar.Grammar`)."""
    pos = find(data, start, end, mark)
    while pos >= 0:
        first = pos + mark.size
        last = first
        while last < end and id_class[data[last]]:
            last += 1
        if last > first and at(data, last, end, id_end):
            return first, last
        pos = find(data, pos + 1, end, mark)
    return NULL, NULL


@scan.njit_scalar
def _digits(data: np.ndarray, start: int, end: int, most: int) -> tuple[int, int]:
    """The value of 1 to ``most`` ASCII digits at ``start`` and where they end (-1: none)."""
    value, pos = 0, start
    while pos < end and pos - start < most and 48 <= data[pos] <= 57:
        value = value * 10 + data[pos] - 48
        pos += 1
    return (value, pos) if pos > start else (-1, -1)


@njit
def _local_time(
    data: np.ndarray, day: tuple[int, int], time: tuple[int, int], separator: int,
    order: np.ndarray,
) -> int:  # fmt: skip
    """``%Y/%m/%d`` (``separator`` between the date's parts, "/" there; ``order``: where the
    year, month and day stand, ``[0, 1, 2]`` there) and ``%H:%M:%S`` or ``%H:%M`` (1 to 4
    digits for the year, 1 or 2 for the rest) as microseconds since 1970 in local time, or
    -1 when not a valid date and time."""
    parts = np.zeros(6, np.int64)
    for group, (start, end) in enumerate((day, time)):
        if start < 0:
            return _NO_TIME
        pos = start
        for k in range(3):
            if k > 0:
                if pos == end and group == 1 and k == 2:
                    break  # no seconds
                if pos >= end or data[pos] != (separator if group == 0 else _COLON_BYTE):
                    return _NO_TIME
                pos += 1
            value, pos = _digits(data, pos, end, 4 if group == 0 and k == order[0] else 2)
            if value < 0:
                return _NO_TIME
            parts[3 * group + k] = value
        if pos != end:
            return _NO_TIME
    return _micros(np.array([parts[order[0]], parts[order[1]], parts[order[2]], parts[3],
                             parts[4], parts[5]]))


@scan.njit_scalar
def _micros(parts: np.ndarray) -> int:
    """Year, month, day, hour, minute and second as microseconds since 1970 in local time,
    or ``_NO_TIME`` when not a valid date and time."""
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


@scan.njit_scalar
def _is_mark(byte: int, marks: np.ndarray) -> bool:
    """Whether ``byte`` is one of ``marks``."""
    for mark in marks:  # noqa: SIM110 (numba compiles loops, not generators)
        if byte == mark:
            return True
    return False


@scan.njit_scalar
def _name_index(data: np.ndarray, start: int, end: int, names: np.ndarray) -> int:
    """The position of ``start:end`` among ``names`` (space-separated), read as the whole
    name or its first three letters; -1 when it is none of them."""
    size, index, first = end - start, 0, 0
    for k in range(names.size + 1):
        if k == names.size or names[k] == _SPACE:
            length = k - first
            short = size == 3 and length > 3  # "Jan" for "January"
            if (size == length or short) and at(data, start, end, names[first : first + size]):
                return index
            index += 1
            first = k + 1
    return -1


@njit
def _named_time(
    when: np.ndarray, size: int, months: np.ndarray, weekdays: np.ndarray
) -> tuple[int, int]:
    """A time written with its month's name (``Thursday, January 26, 18:13:53 EST 2012``,
    ``Mon Feb 09 12:55:26 EST 2026``): its words, cut at spaces and commas, in any order, are
    a month (a name of ``months`` or its first three letters), a day (one or two digits), a
    year (four), a time (``%H:%M:%S`` or ``%H:%M``), at most one zone and weekdays (names of
    ``weekdays``, read for nothing). The local time in microseconds (``_NO_TIME``: another
    word, or a part missing or twice) and the zone (index in ``_ZONE_NAMES``, -1: none)."""
    parts = np.full(6, -1, np.int64)
    zone = -1
    begin = 0
    for k in range(size + 1):
        if k < size and when[k] != _SPACE and when[k] != _COMMA:
            continue
        if k > begin:
            digits = _digits(when, begin, k, 4)[1]  # where the digits end (-1: none)
            month = _name_index(when, begin, k, months)
            found = scan.equal_to(when, begin, k, *_ZONES)
            if digits == k and k - begin <= 2 and parts[2] < 0:
                parts[2] = _digits(when, begin, k, 2)[0]
            elif digits == k and k - begin == 4 and parts[0] < 0:
                parts[0] = _digits(when, begin, k, 4)[0]
            elif begin < digits < k and when[digits] == _COLON_BYTE and parts[3] < 0:
                pos = begin
                for field in range(3):
                    if field > 0:
                        if pos == k and field == 2:
                            parts[5] = 0  # no seconds
                            break
                        if pos >= k or when[pos] != _COLON_BYTE:
                            return _NO_TIME, -1
                        pos += 1
                    value, pos = _digits(when, pos, k, 2)
                    if value < 0:
                        return _NO_TIME, -1
                    parts[3 + field] = value
                if pos != k:
                    return _NO_TIME, -1
            elif month >= 0 and parts[1] < 0:
                parts[1] = month + 1
            elif found >= 0 and zone < 0:
                zone = int(found)
            elif _name_index(when, begin, k, weekdays) < 0:
                return _NO_TIME, -1
        begin = k + 1
    if (parts < 0).any():
        return _NO_TIME, -1
    return _micros(parts), zone


@scan.njit_scalar
def _is_date(data: np.ndarray, start: int, end: int, separators: np.ndarray) -> bool:
    """Whether ``start:end`` is digits and ``separators`` ("/" there) with at least one of
    them (a time, with ":" as the separator)."""
    count = 0
    for k in range(start, end):
        if _is_mark(data[k], separators):
            count += 1
        elif not 48 <= data[k] <= 57:
            return False
    return count > 0


@scan.njit_scalar
def _date_end(data: np.ndarray, pos: int, end: int, separators: np.ndarray) -> int:
    """Where the run of digits and date ``separators`` at ``pos`` ends."""
    while pos < end and (_is_mark(data[pos], separators) or 48 <= data[pos] <= 57):
        pos += 1
    return pos


@scan.njit_scalar
def _again(
    data: np.ndarray, start: int, end: int, number: int, number_end: int, id_class: np.ndarray
) -> int:
    """Where the hand number ``number:number_end`` is written again in ``start:end``, as a
    run of hand-number characters of its own (-1: it is not)."""
    size = number_end - number
    pos = start
    while pos + size <= end:
        if scan.same(data, pos, pos + size, number, number_end) and (
            pos == start or not id_class[data[pos - 1]]
        ) and (pos + size == end or not id_class[data[pos + size]]):
            return pos
        pos += 1
    return -1


@njit
def _header_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, id_class: np.ndarray,
    id_end: np.ndarray, words: tuple[np.ndarray, ...], time_apart: bool,
    time_starts: np.ndarray, time_ends: np.ndarray, date_order: np.ndarray,
    time_before_date: bool = False,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """Hand headers (a line, or several lines read as one text): the hand number's span;
    the template (the header without its hand number, ``#([0-9]+):`` becoming ``#:``, and
    without its time, `` - [^-]*$`` or, with the separator ``- ``, ``- [^-]*$``, on the
    first line that writes the separator, the time running to its line's end (or to the
    wording's time end); with "-"
    between a date's parts, `` - [0-9-]*[^-]*$``: the date's are the only dashes the time
    may hold; a hand number the time's separator ends, ``#([0-9-]+) - ``, is taken out
    too) as four spans: before the number, after it, after the number written again on a
    later line (empty when it is not), and the lines after the time's (empty when none);
    the time zone (index in ``_ZONE_NAMES``, -1 for none or unknown); whether an ET time
    is given; and the local start time in microseconds (``_NO_TIME``: unreadable). The
    time is the text after the last " - " (the one before it when a date stands between
    them: ``2007/10/15 - 05:34:03 (ET)``), less its brackets and parentheses, cut at
    spaces: date, time, zone, then the ET date and time and "ET]" (" - ", "#", "/" and
    "ET]" in PokerStars' words: the grammar's time separator, hand-number mark, date
    separator and Eastern-time end; a date separator that is a space joins the date's
    three parts, ``date_order`` telling where the year, month and day stand). With
    ``time_apart`` the header holds no time: the template is the line less its hand
    number, and the time is the text of ``time_starts:time_ends`` (a line of its own; none
    where null). With month names in the grammar's words the time is read by
    :func:`_named_time`."""
    dash, eastern, mark = words[W_TIME_SEPARATOR], words[W_EASTERN_TIME], words[W_HAND_NUMBER]
    time_end = words[W_TIME_END]
    months, weekdays = words[W_MONTHS], words[W_WEEKDAYS]
    # the separator's mark, its first non-blank character ("-" of " - " and of "- "): the
    # time is after the last separator when no mark follows it
    first = 0
    while first < dash.size - 1 and dash[first] == _SPACE:
        first += 1
    dash_mark = dash[first : first + 1]
    date_separators = words[W_DATE_SEPARATOR]
    date_separator = date_separators[0]
    zone_mark = words[W_ZONE_MARK]
    time_marks = np.array([_COLON_BYTE], np.uint8)  # a time's parts
    # a date whose parts a space separates is read with "/" between them
    separator = _SLASH if date_separator == _SPACE else date_separator
    n = starts.size
    spans = np.full((n, 10), NULL, np.int64)  # hand number, the template's four pieces
    zone = np.full(n, -1, np.int64)
    et_given = np.zeros(n, np.bool_)
    local = np.full(n, _NO_TIME, np.int64)
    width = 0
    for i in range(n):
        width = max(width, ends[i] - starts[i])
        if time_apart and time_starts[i] >= 0:
            width = max(width, time_ends[i] - time_starts[i])
    when = np.empty(width, np.uint8)
    fields = np.full((6, 2), -1, np.int64)
    for i in range(n):
        start, end = starts[i], ends[i]
        spans[i, 0], spans[i, 1] = _hand_number(data, start, end, id_class, id_end, mark)
        last = previous = -1
        line_end = end  # the end of the time's line (a header of several lines)
        if not time_apart:
            pos = find(data, start, end, dash)
            if pos >= 0:  # the first line that writes the separator holds the time
                newline = find_byte(data, pos + dash.size, end, _NEWLINE)
                line_end = newline if newline >= 0 else end
                stop = find(data, pos + dash.size, line_end, time_end) if time_end.size else -1
                if stop >= 0:  # more header after the time, on its line
                    line_end = stop
            while pos >= 0:
                previous, last = last, pos
                pos = find(data, pos + 1, line_end, dash)
        while line_end > last >= 0 and (data[line_end - 1] == _CR or data[line_end - 1] == _SPACE
                                        or data[line_end - 1] == _TAB):
            line_end -= 1
        # a date whose separator is the mark ("2013-04-11") holds the only marks allowed
        after = last + dash.size
        if last >= 0 and dash_mark.size and _is_mark(dash_mark[0], date_separators):
            after = _date_end(data, after, line_end, date_separators)
        timed = last >= 0 and find(data, after, line_end, dash_mark) < 0
        cut = last if timed else end
        # "2007/10/15 - 05:34:03 (ET)": the date is one " - " further back
        split_date = (
            cut == last and previous >= 0
            and _is_date(data, previous + dash.size, last,
                         time_marks if time_before_date else date_separators)
        )  # fmt: skip
        if split_date:
            cut = previous
        number, colon = _hand_number(data, start, cut, id_class, id_end, mark)
        if number < 0 and cut < end:  # "#5297786-137 - 2013-04-11": one " - " ends both
            whole = _hand_number(data, start, end, id_class, id_end, mark)
            if whole[1] == cut:
                number, colon = whole
        again = -1
        if number >= 0:
            newline = find_byte(data, colon, cut, _NEWLINE)
            if newline >= 0:
                again = _again(data, newline, cut, number, colon, id_class)
        spans[i, 2], spans[i, 3] = start, (number if number >= 0 else cut)
        spans[i, 4], spans[i, 5] = (colon if number >= 0 else cut), (again if again >= 0 else cut)
        spans[i, 6] = again + colon - number if again >= 0 else cut
        spans[i, 7] = cut
        spans[i, 8], spans[i, 9] = (line_end, end) if timed else (end, end)
        size = 0
        k = (previous if split_date else last) + dash.size if last >= 0 else start
        stop = line_end
        if time_apart:
            k, stop = (time_starts[i], time_ends[i]) if time_starts[i] >= 0 else (0, 0)
        spaces = 0
        spaced = False  # past the date: a zone mark there glues the zone to the time
        while k < stop:
            if split_date and k == last:  # the " - " between the date and the time
                when[size] = _SPACE
                spaced = True
                size += 1
                k += dash.size
                continue
            if data[k] != _OPEN_SQUARE and data[k] != _OPEN_PAREN and data[k] != _CLOSE_PAREN:
                when[size] = data[k]
                if data[k] == _SPACE and date_separator == _SPACE and spaces < 2:
                    when[size] = _SLASH  # the date's first two spaces separate its parts
                    spaces += 1
                elif data[k] == _SPACE:
                    spaced = True
                elif spaced and zone_mark.size and data[k] == zone_mark[0]:
                    when[size] = _SPACE
                elif _is_mark(data[k], date_separators):
                    when[size] = separator  # one date separator of several
                size += 1
            k += 1
        if months.size > 1:  # a date that names its month
            local[i], zone[i] = _named_time(when, size, months, weekdays)
            continue
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
            and at(when, fields[5, 0], fields[5, 1], eastern)
            and (fields[5, 1] - fields[5, 0] == eastern.size)
        )
        if fields[2, 0] >= 0:
            zone[i] = scan.equal_to(when, fields[2, 0], fields[2, 1], *_ZONES)
        day, time = (fields[3], fields[4]) if et_given[i] else (
            (fields[1], fields[0]) if time_before_date else (fields[0], fields[1]))
        local[i] = _local_time(when, (day[0], day[1]), (time[0], time[1]), separator, date_order)
    return spans, zone, et_given, local


_HEADER_GROUPS = ("room", "tournament_id", "level", "game", "inner", "sb", "bb", "cur", "table",
                  "max_seats", "game_limit")


# header fields decoded before, by grammar and templates (a file's chunks repeat theirs)
_decoded: Kept[tuple[Grammar, tuple[str | None, ...]], pl.DataFrame] = Kept(64)


def template_fields(templates: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """What :func:`_template_fields` gives, the templates decoded before not decoded again
    (each chunk of a file has the same few)."""
    key = (grammar, tuple(templates["template"].to_list()))
    return _decoded.get(key, lambda: _template_fields(templates, grammar))


def _template_fields(templates: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Header fields decoded from each distinct header template (see :func:`_header_fields`)
    by the grammar's header regex: room, tournament and level, game, limit (in the game, or
    apart from it: ``game_limit``), currency and blinds, and the table and its seats where
    the header names them. Money is named by its ISO code (or a name of the grammar's
    ``money_names``), or by a sign before or after the
    small blind; a cash game with neither is in the grammar's currency (play money unless
    it says). The blinds are read in the grammar's amount style."""
    h = first_match(templates, "template", grammar.header_patterns, _HEADER_GROUPS)
    # a limit written apart from its game ("HOLDEM Tournament #1 TBL#2, No Limit- Level")
    apart = pl.col("game_limit").is_not_null()
    h = h.with_columns(game=pl.when(apart).then(pl.col("game") + " " + pl.col("game_limit"))
                       .otherwise(pl.col("game")))  # fmt: skip
    h = _game_fields(h, grammar)
    tournament = pl.col("tournament_id").is_not_null()
    sign = pl.col("sb").str.extract("([$€£₹¥])", 1)
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .when(pl.col("cur").is_not_null())
        .then(pl.col("cur").replace(dict(grammar.money_names)))
        .otherwise(sign.replace_strict(CURRENCY_SIGNS, default=grammar.currency))
    )
    room = pl.col("room").replace_strict(dict(grammar.rooms), default=None, return_dtype=pl.String)
    h = h.with_columns(
        is_tournament=tournament,
        currency=currency,
        is_omaha=pl.col("is_omaha").fill_null(False),
        room=room,
    ).with_columns(
        units_per_currency=units_expr(pl.col("currency")),
    )
    return h.with_columns(
        # a game of one blind (the button's: 6+ Hold'em, Short Deck) has no small blind
        small_blind=pl.when(h["sb"].is_null()).then(0)
        .otherwise(amount(h["sb"], grammar.amounts)),
        big_blind=amount(h["bb"], grammar.amounts),
    )


def _first_given(frame: pl.DataFrame, column: str, hands: int) -> pl.Series:
    """Each hand's ``column`` from its first row of ``frame`` that gives it (null: none)."""
    values = frame[column]
    row = grouped.first_rows(frame["hand"].to_numpy(), hands, values.is_not_null().to_numpy())
    return values.gather(pl.Series(pa.array(row, mask=row < 0)))  # a null index: a null


def _table_fields(lines: Lines, hands: int) -> pl.DataFrame:
    """Each hand's table name, seats, button and the currency the line names
    (``table_currency``) from its first table line that gives each (nulls: none; a line of
    the button alone gives only the button), and the header fields its info lines give
    (``Grammar.info_lines``: one row per hand); where none gives the button, the seat of
    the player its first button line names."""
    columns = [name for name in lines.tables.columns if name not in ("hand", "idx")]
    out = {column: _first_given(lines.tables, column, hands) for column in columns}
    if lines.buttons.height:
        named = _first_given(lines.buttons, "button_seat", hands)
        out["button_seat"] = out["button_seat"].fill_null(named)
    return pl.DataFrame(out).rename({"currency": "table_currency"})


_HEADER_INFO = ("tournament_id", "level", "sb", "bb")


def _with_info(fields: pl.DataFrame, tables: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """Header fields with those the hand's info lines give in their place (a tournament and
    its level and blinds: see ``Grammar.info_lines``); a hand they make a tournament's is in
    chips."""
    if "bb" not in tables.columns:
        return fields
    info = tables.select(pl.col(name).alias(f"info_{name}") for name in _HEADER_INFO)
    h = pl.concat([fields, info], how="horizontal").with_columns(
        tournament_id=pl.coalesce("info_tournament_id", "tournament_id"),
        level=pl.coalesce("info_level", "level"),
    )
    made = h["tournament_id"].is_not_null() & ~h["is_tournament"]
    h = h.with_columns(
        is_tournament=pl.col("tournament_id").is_not_null(),
        currency=pl.when(made).then(pl.lit("chips")).otherwise(pl.col("currency")),
    ).with_columns(
        units_per_currency=units_expr(pl.col("currency")),
    )
    return h.with_columns(
        small_blind=pl.coalesce(amount(h["info_sb"], grammar.amounts),
                                pl.col("small_blind")),
        big_blind=pl.coalesce(amount(h["info_bb"], grammar.amounts),
                              pl.col("big_blind")),
    ).drop(info.columns)


def _header_rows(lines: Lines, rows: np.ndarray, count: int, skip_blank: bool) -> np.ndarray:
    """Each hand's last header line: the ``count - 1``-th line after its first, or its last
    line before that (see ``Grammar.header_lines``); with ``skip_blank`` blank lines are
    not counted (``Grammar.blank_lines_inside``)."""
    last = rows.copy()
    text = lines.text
    following = rows.copy()
    for _ in range(1, count):
        following = following + 1
        while skip_blank:  # on to the next line that is not blank
            inside = following < lines.line_hand.size
            blank = np.zeros(rows.size, np.bool_)
            blank[inside] = text.ends[following[inside]] == text.starts[following[inside]]
            if not blank.any():
                break
            following = following + blank
        inside = following < lines.line_hand.size
        inside[inside] = lines.line_hand[following[inside]] == lines.line_hand[rows[inside]]
        last = np.where(inside, following, last)
    return last


def _second_lines(lines: Lines, rows: np.ndarray) -> np.ndarray:
    """Each hand's second line, the first non-blank one after ``rows`` (its first) in the
    same hand (-1: none)."""
    text = lines.text
    filled = np.flatnonzero(text.ends > text.starts)
    following = np.searchsorted(filled, rows, side="right")
    second = filled[np.minimum(following, max(filled.size - 1, 0))] if filled.size else rows
    found = (following < filled.size) & (lines.line_hand[second] == lines.line_hand[rows])
    return np.where(found, second, -1)


def _header_and_time(
    lines: Lines, rows: np.ndarray, grammar: Grammar
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each hand's header line (with its hand number) and its time, as a span of the text
    (null where the time is on the header's line): the first line and the second
    (``Grammar.time_line``), the second and the first less its header start
    (``Grammar.time_first``), or the first alone."""
    text = lines.text
    none = np.full(rows.size, NULL, np.int64)
    if not grammar.time_apart:
        return rows, none, none
    second = _second_lines(lines, rows)
    if grammar.time_line:
        found = second >= 0
        return rows, np.where(found, text.starts[second], NULL), np.where(
            found, text.ends[second], NULL)  # fmt: skip
    after = prefixed(text.data, text.starts[rows], text.ends[rows], *grammar.tables.header_starts)
    return np.where(second >= 0, second, rows), np.where(after >= 0, after, NULL), text.ends[rows]


def hand_info(lines: Lines, grammar: Grammar) -> pl.DataFrame:
    """One row per hand, in hand order: header fields decoded, table line, flags.

    The hand number and the time, different in every header, are read by a scan; the rest
    of the header, which repeats from hand to hand, is decoded by a regex once per distinct
    text."""
    text, starts = lines.text, lines.starts
    data = text.data
    tables = grammar.tables
    rows, time_starts, time_ends = _header_and_time(lines, starts["idx"].to_numpy(), grammar)
    last = _header_rows(lines, rows, grammar.header_lines, grammar.blank_lines_inside > 0)
    spans, zone, et_given, local = _header_fields(
        data, text.starts[rows], text.ends[last], tables.hand_id, tables.hand_id_end,
        grammar.wording.words, grammar.time_apart, time_starts, time_ends,
        grammar.wording.date_fields, grammar.wording.time_before_date,
    )
    first, group = scan.distinct(data, spans[:, 2:10])
    templates = pl.DataFrame(
        {f"piece{k}": text.strings(spans[first, 2 * k], spans[first, 2 * k + 1], "")
         for k in range(1, 5)}
    ).select(template=pl.concat_str([f"piece{k}" for k in range(1, 5)]))  # fmt: skip
    # a time with no zone written is in the grammar's implied zone
    zones = pl.Series([*_ZONE_NAMES, "America/New_York", grammar.implied_zone], dtype=pl.String)
    written = len(_ZONE_NAMES)
    zone_names = zones.gather(np.where(et_given, written, np.where(zone < 0, written + 1, zone)))
    times = pl.DataFrame(
        {
            "zone": zone_names,
            "naive": pl.Series(pa.array(local, mask=local == _NO_TIME)).cast(pl.Datetime("us")),
        }
    )
    # The ET time is preferred when given; a history with no zone at all is in the zone the
    # grammar implies (the importer's --timezone overrides it).
    present = times["zone"].unique().to_list()
    started_at = times.with_columns(started_at=to_utc(pl.col("naive"), pl.col("zone"), present))
    fields = template_fields(templates, grammar).drop("game").rename(
        {"game_name": "game", "table": "header_table", "max_seats": "header_seats"}
    )
    table_info = _table_fields(lines, starts.height)
    info = pl.concat(
        [
            starts,
            pl.DataFrame({"hand_id": text.strings(spans[:, 0], spans[:, 1], "")}),
            _with_info(fields[group], table_info, grammar),
            started_at.select("started_at"),
            table_info.select("table_name", "max_seats", "button_seat", "table_currency"),
        ],
        how="horizontal",
    )
    # a header that names the table and its seats gives them where no table line does
    info = info.with_columns(
        table_name=pl.coalesce("table_name", "header_table"),
        max_seats=pl.coalesce("max_seats", pl.col("header_seats").cast(pl.Int8, strict=False)),
    ).drop("header_table", "header_seats")
    # the money a table line names, in a cash game whose header names none
    named = (pl.col("currency") == grammar.currency) & pl.col("table_currency").is_not_null()
    if info.select(named.any()).item():
        info = info.with_columns(
            currency=pl.when(named).then("table_currency").otherwise("currency")
        ).with_columns(units_per_currency=units_expr(pl.col("currency")))
    info = info.drop("table_currency")
    if grammar.blinds_in_posts:
        info = posted_blinds(lines, info, grammar.big_blind_twice_small,
                             grammar.posts_decide_blinds)  # fmt: skip
    return info


def posted_blinds(
    lines: Lines, info: pl.DataFrame, twice_small: bool = False, posts_decide: bool = False
) -> pl.DataFrame:
    """The hands whose header writes no blinds, with the amounts of their first small-blind
    and big-blind posts (``Grammar.blinds_in_posts``; no small blind posted: 0; no big
    blind posted: none); with ``twice_small`` the big blind is twice the small blind posted
    (see ``Grammar.big_blind_twice_small``); with ``posts_decide`` so are the hands whose
    first big blind posted is another than their header's (``Grammar.posts_decide_blinds``)."""
    ev = lines.events
    posted, first = {}, {}
    for column, kinds in (("small_blind", ("post_sb",)), ("big_blind", ("post_bb", "post_sb_bb"))):
        # a big blind posted as one of both blinds where no other is (iPoker's "Post BB")
        codes = [KIND_CODE[kind] for kind in kinds]
        posts = (
            ev.filter(pl.col("code").is_in(codes))
            .sort(pl.col("code").replace_strict(codes, list(range(len(codes)))), "idx")
            .unique("hand", keep="first")
        )
        hand = posts["hand"].to_numpy()
        value, ok = units(posts["value_h"].to_numpy())
        posted[column] = np.full(info.height, -1, np.int64)
        posted[column][hand[ok]] = value[ok]
        first[column] = posts
    unwritten = info["big_blind"].is_null()
    if posts_decide:  # the header's amounts are not the blinds in play
        header = info["big_blind"].fill_null(-1).to_numpy()
        big = np.where(_left_chips(lines, first["big_blind"], info.height),
                       posted["big_blind"], -1)  # fmt: skip
        unwritten |= pl.Series((big >= 0) & (header >= 0) & (big != header))
    out = {}
    for column, value in posted.items():
        # no small blind posted is none (a game of one blind, a dead small blind)
        absent = (value < 0) & (column == "big_blind")
        amounts = pl.Series(pa.array(np.maximum(value, 0), mask=absent), dtype=pl.Int64)
        out[column] = pl.when(unwritten).then(amounts).otherwise(info[column])
    if twice_small:  # twice the small blind, whatever the big blind's post (maybe short)
        posted_small = out["small_blind"]
        out["big_blind"] = pl.when(unwritten & (posted_small > 0)).then(2 * posted_small) \
            .otherwise(out["big_blind"])
    return info.with_columns(**out)


_POST_CODES = [KIND_CODE[kind] for kind in ("ante", "post_sb", "post_bb", "post_sb_bb")]


def _left_chips(lines: Lines, posts: pl.DataFrame, hands: int) -> np.ndarray:
    """Per hand: the player of its row of ``posts`` (one per hand) has chips left after
    every post of theirs (a blind all in for less is no blind of the table's)."""
    put = (
        lines.events.filter(pl.col("code").is_in(_POST_CODES))
        .group_by("hand", "player")
        .agg(put_h=pl.col("value_h").sum())
    )
    rows = posts.select("hand", "player").join(put, on=["hand", "player"], how="left").join(
        lines.seats.select("hand", "player", "stack_h"), on=["hand", "player"], how="left"
    )  # fmt: skip
    left = np.zeros(hands, np.bool_)
    left[rows["hand"].to_numpy()] = (rows["stack_h"] > rows["put_h"]).fill_null(False).to_numpy()
    return left


def decodes(lines: list[str], grammar: Grammar) -> bool:
    """Whether one of ``lines``, read as a hand's header (its first line, or its first
    lines joined by line ends: ``Grammar.header_lines``), is decoded by the grammar: its
    template (the header less its hand number and time, as :func:`hand_info` takes them
    out) matches one of the grammar's header regexes. A room is told from another by its
    whole header, not by how it begins."""
    if not lines:
        return False
    encoded = [line.encode("utf-8") for line in lines]
    data = np.frombuffer(b"".join(encoded), np.uint8)
    ends = np.cumsum([len(line) for line in encoded], dtype=np.int64)
    starts = ends - np.array([len(line) for line in encoded], np.int64)
    tables = grammar.tables
    none = np.full(starts.size, NULL, np.int64)
    spans = _header_fields(data, starts, ends, tables.hand_id, tables.hand_id_end,
                           grammar.wording.words, grammar.time_apart, none, none,
                           grammar.wording.date_fields,
                           grammar.wording.time_before_date)[0]  # fmt: skip
    raw = data.tobytes()
    templates = pl.Series(
        [
            b"".join(raw[row[k] : row[k + 1]] for k in range(0, 8, 2)).decode("utf-8", "replace")
            for row in spans[:, 2:10].tolist()
            if row[0] >= 0
        ],
        dtype=pl.String,
    )
    return any(templates.str.contains(p).any() for p in grammar.header_patterns)
