"""Text lines of a chunk, classified by a compiled scan and gathered into frames.

:func:`classify` turns the lines of a chunk into one frame per kind of line (hand starts,
table lines, seats, actions and other chip movements, summary items). Every frame keeps
``hand`` (0-based hand number in the chunk) and ``idx`` (line number in the chunk); action
frames also keep ``street`` and ``run`` (board number in run-it-twice sections).

Speed matters here: one compiled pass over the chunk's lines numbers the hands and
streets and tells the kinds of line apart; :mod:`ingest.engine.fields` then
cuts each kind's fields as spans of the chunk's bytes, which become string columns without
copying. Table lines, few distinct strings per chunk, are decoded with a regex; hand
headers are decoded by :mod:`ingest.engine.header`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.engine import cards, fields, glued, scan, summary
from ingest.engine.fields import NO_SEAT, PLAIN_POT
from ingest.engine.grammar import BETTING, EVENT_KINDS, KIND_CODE, OTHER_KIND, Grammar
from ingest.engine.scan import NULL, at, ends_with, find, lit, njit, njit_scalar
from ingest.engine.text import ChunkText, first_match, indented_starts
from ingest.engine.wording import (
    W_BUTTON,
    W_CANCELLED,
    W_CARDS_OPEN,
    W_CHAT_END,
    W_DEALT,
    W_DEALT_UNSEEN,
    W_DEALT_VERB,
    W_HERO_MARK,
    W_MARKER_CLOSE,
    W_MARKER_OPEN,
    W_SEAT,
    W_SEAT_SEPARATOR,
    W_SEATED,
    W_SUMMARY,
    W_TABLE,
    W_TOTAL_POT,
)  # fmt: skip

# Streets, coded in chunk order (see ``wording.STREET_CODES``).
STREET_NAMES = ["preflop", "preflop", "flop", "turn", "river", "showdown", "summary", "other"]
SUMMARY, OTHER_STREET = 6, 7

# Kinds of line, in the order they are told apart (the first that applies).
_KINDS = ["marker", "summary_seat", "seat", "summary", "chat", "dealt", "table", "action", "other"]
_KIND = {name: number for number, name in enumerate(_KINDS)}
KINDS = tuple(_KINDS)
(_MARKER, _SUMMARY_SEAT, _SEAT_LINE, _SUMMARY_ITEM, _CHAT, _DEALT_LINE, _TABLE_LINE, _ACTION,
 _OTHER) = range(len(_KINDS))  # fmt: skip
_BOM = lit("\ufeff")
_COLLECT = KIND_CODE["collect"]
_CALL, _ANTE = KIND_CODE["call"], KIND_CODE["ante"]
_POST_SB, _POST_BB = KIND_CODE["post_sb"], KIND_CODE["post_bb"]
_BLINDS = np.array([_POST_SB, _POST_BB, KIND_CODE["post_sb_bb"]])
# Kinds whose lines move chips: bets and posts, returns and collections.
_MOVES_CHIPS = np.array([kind in (*BETTING, "return", "collect") for kind in EVENT_KINDS])
_HASH = 35


@dataclass(frozen=True)
class Lines:
    """The classified lines of one chunk; every frame has ``hand`` and ``idx`` columns."""

    starts: pl.DataFrame  # first line of each hand: file, offset, line_no, text
    preamble: pl.DataFrame  # non-blank lines of a file before its first hand
    text: ChunkText  # every line (line i is row i), for the lines that error rows name
    last_lines: pl.DataFrame  # each hand's last non-blank line: hand, last_idx
    markers: pl.DataFrame  # street markers: street code, marker text
    tables: pl.DataFrame  # table_name, max_seats, button_seat
    buttons: pl.DataFrame  # lines naming the button's player: button_seat
    seats: pl.DataFrame  # seat, player (and its span), stack, dealt, is_hero
    events: pl.DataFrame  # street, run, player, seat, kind code, pot, amounts, all_in, cards
    totals: pl.DataFrame  # "Total pot" lines: total (and its rounding), room amounts, side_pots,
    # whether a rake is written
    boards: pl.DataFrame  # run, cards
    summary_seats: pl.DataFrame  # seat, cards, won (and whether it says one), not_awarded,
    # result (signed)
    cancelled: pl.DataFrame  # "Hand cancelled" lines
    room_money: pl.DataFrame  # lines of money the room adds: amount_h
    summary_amounts: pl.DataFrame  # summary lines of a label and an amount: label, amount_h
    unknown: pl.DataFrame  # lines of no kind the grammar knows, in a hand before its summary
    line_hand: np.ndarray  # per line: its hand (-1: before a file's first hand)
    line_kind: np.ndarray  # per line: its kind, an index in KINDS (-1: a hand's first line,
    # a blank line, or a line before a file's first hand)


@njit_scalar
def _is_header(
    data: np.ndarray, start: int, end: int, table: np.ndarray, bounds: np.ndarray,
    hand_id: np.ndarray, pairs: np.ndarray,
) -> bool:  # fmt: skip
    """A hand's first line: one of the grammar's header starts (after an optional byte-order
    mark; ``pairs``: the two bytes they start with), then a character that can begin a
    hand number."""
    pos = start + 3 if at(data, start, end, _BOM) else start
    if pos + 1 >= end or not pairs[256 * data[pos] + data[pos + 1]]:
        return False
    found = scan.prefix_of(data, pos, end, table, bounds)
    if found < 0:
        return False
    pos += bounds[found + 1] - bounds[found]
    return pos < end and bool(hand_id[data[pos]])


@njit_scalar
def _tail_of_longer(
    data: np.ndarray, start: int, pos: int, found: int, table: np.ndarray, bounds: np.ndarray
) -> bool:
    """Whether header start ``found`` at ``pos`` ends a longer header start that begins at
    or after ``start`` ("Hand #" in "Game Hand #")."""
    end = pos + bounds[found + 1] - bounds[found]
    for k in range(bounds.size - 1):
        size = bounds[k + 1] - bounds[k]
        if size > end - pos and end - size >= start and at(
            data, end - size, end, table[bounds[k] : bounds[k + 1]]
        ):
            return True
    return False


@njit
def _glued_headers(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, table: np.ndarray,
    bounds: np.ndarray, follow: np.ndarray, pairs: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Lines with a hand's first line glued inside them (a file whose hand was cut off in
    the middle of a line, the next one written after it): the line and where, in each,
    the first such header starts (``pairs``: the two bytes a header can start with; a
    header start that ends a longer one is part of it)."""
    lines = np.empty(starts.size, np.int64)
    cuts = np.empty(starts.size, np.int64)
    count = 0
    for i in range(starts.size):
        # a header right after a byte-order mark starts its line
        first = starts[i] + (_BOM.size if at(data, starts[i], ends[i], _BOM) else 0) + 1
        for pos in range(first, ends[i] - 1):
            if not pairs[256 * data[pos] + data[pos + 1]]:
                continue
            found = scan.prefix_of(data, pos, ends[i], table, bounds)
            if found < 0 or _tail_of_longer(data, starts[i], pos, found, table, bounds):
                continue
            after = pos + bounds[found + 1] - bounds[found]
            if after < ends[i] and follow[data[after]]:
                lines[count], cuts[count] = i, pos
                count += 1
                break
    return lines[:count], cuts[:count]


def _cut_glued_headers(text: ChunkText, grammar: Grammar) -> ChunkText:
    """The lines with every hand's first line glued inside a line cut out as a line of its
    own, starting where the header does (its offset the header's own, in the line's line)."""
    tables = grammar.tables
    rows, cuts = _glued_headers(text.data, text.starts, text.ends, *tables.header_starts,
                                tables.header_follow, tables.header_pairs)  # fmt: skip
    if not rows.size:
        return text
    after = rows + 1
    ends = text.ends.copy()
    ends[rows] = cuts
    return ChunkText(
        text.data, text.buffer, np.insert(text.starts, after, cuts),
        np.insert(ends, after, text.ends[rows]), np.insert(text.file, after, text.file[rows]),
        np.insert(text.offset, after, text.offset[rows] + cuts - indented_starts(text, rows)),
        np.insert(text.line_no, after, text.line_no[rows]),
    )  # fmt: skip


@njit_scalar
def _separator(data: np.ndarray, start: int, end: int) -> bool:
    """A line of stars, hashes, digits and spaces that separates hands in archive exports
    (``*********** # 1 **************``): read as a blank line."""
    stars = 0
    for k in range(start, end):
        b = data[k]
        if b == 42:  # "*"
            stars += 1
        elif b != 35 and b != 32 and not 48 <= b <= 57:
            return False
    return stars >= 6


@njit_scalar
def _marker(
    data: np.ndarray, start: int, end: int, words: tuple[np.ndarray, ...],
    streets: tuple[np.ndarray, np.ndarray, np.ndarray], runs: tuple[np.ndarray, np.ndarray],
) -> tuple[int, int, int, int]:  # fmt: skip
    """A ``*** NAME *** ...`` line's name span, street code and board number (-1: none),
    in the grammar's words: the name is the text before the first marker close, less a
    leading marker open; ``streets``: the names' table and codes, ``runs``: the words
    that number boards."""
    opening, closing = words[W_MARKER_OPEN], words[W_MARKER_CLOSE]
    names, name_bounds, codes = streets
    cut = find(data, start, end, closing)
    name_end = end if cut < 0 else cut
    name = start + opening.size if at(data, start, name_end, opening) else start
    found = scan.equal_to(data, name, name_end, names, name_bounds)
    if found >= 0:
        return name, name_end, codes[found], -1
    word = scan.prefix_of(data, name, name_end, runs[0], runs[1])
    if word >= 0:
        rest = name + runs[1][word + 1] - runs[1][word]
        found = scan.equal_to(data, rest, name_end, names, name_bounds)
        if found >= 0:
            return name, name_end, codes[found], word + 1
    return name, name_end, OTHER_STREET, -1


@njit
def _line_kinds(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, files: np.ndarray,
    header_table: np.ndarray, header_bounds: np.ndarray, hand_id: np.ndarray,
    pairs: np.ndarray, separator: np.ndarray, words: tuple[np.ndarray, ...],
    streets: tuple[np.ndarray, np.ndarray, np.ndarray], runs: tuple[np.ndarray, np.ndarray],
    bare_table: bool, time_line: bool, dealt_opens_preflop: bool, header_lines: int,
    has_summary: bool, pot_lines: bool, dealt_shows_cards: bool, seat_any_case: bool,
    ignorable: np.ndarray, blank_lines_inside: int,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """Per line: hand number, hand start, street and board number, kind of line, and for
    street markers their name span and codes.

    A hand starts at a header line, or at the first non-blank line after a blank line that
    follows a summary, or any blank line in a room that writes none (``has_summary``; a
    line of such a room that carries nothing, ``ignorable``, starts none; in a room whose
    hands may hold ``blank_lines_inside`` blank lines in a row, only a line after more): a
    damaged header still separates two hands (after two blank lines where the hand's header
    is followed by a blank line: a file that doubles every line); lines of a file before
    its first header have hand -1. A line's street and board are those of the last marker
    at or before it (a hand's first line counts as a marker of street 0, board 1; a marker
    that names no board keeps the board before it; a line that is the summary's opening, of
    another shape than a marker, is a summary marker). Kinds (``_KIND``) are given to the
    non-blank lines of hands after their first line, -1 elsewhere; a seat line has a digit
    after the seat word and any spaces (the word in either case with ``seat_any_case``), or
    (written player first) the wording's ``seated`` words before the first marker; a line
    with the grammar's ``separator`` after the player is an action line; with
    ``bare_table``, a line before the first marker that is a table's name and seat count is
    a table line. A line before the first marker that is the button's alone (``Seat 9 is
    the button``: the seat word, no seat separator, the button word at its end) is a table
    line. With ``time_line`` the first non-blank line after a hand's first is the rest of
    its header (its time, or its hand number where the time comes first), and with
    ``header_lines`` over 1 the lines after its first up to that many are its header
    (blank lines not counted where they may be inside a hand), of no kind (read with the
    header); with ``dealt_opens_preflop`` a dealt line before any street's marker starts
    the pre-flop street; with ``pot_lines``, a total pot line before the summary is a
    summary item too; with ``dealt_shows_cards`` (dealt lines begin as action lines do:
    ``Player X received card: [7d]``) a dealt line is one that opens its cards or ends as a
    dealt line of a card not shown does (``Player X received a card.``). The words are the
    grammar's (see :class:`ingest.engine.wording.Wording`)."""
    summary_line, marker_open = words[W_SUMMARY], words[W_MARKER_OPEN]
    seat_word, dealt, table = words[W_SEAT], words[W_DEALT], words[W_TABLE]
    chat_end, button, seat_separator = words[W_CHAT_END], words[W_BUTTON], words[W_SEAT_SEPARATOR]
    cards_open, unseen, dealt_verb = words[W_CARDS_OPEN], words[W_DEALT_UNSEEN], words[W_DEALT_VERB]
    total_pot, seated = words[W_TOTAL_POT], words[W_SEATED]
    header_left = 0
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
    blanks, spacing = 0, 1  # blank lines before this one; blank lines between two of a hand's
    header_next = False
    current_street, current_board = -1, -1
    for i in range(n):
        start, end = starts[i], ends[i]
        if i > 0 and files[i] != files[i - 1]:
            file_first = i
        header = _is_header(data, start, end, header_table, header_bounds, hand_id, pairs)
        blank = end == start or _separator(data, start, end)
        if header:
            last_header = i
            doubled = i + 1 < n and files[i + 1] == files[i] and starts[i + 1] == ends[i + 1]
            spacing = 2 if doubled else 1
        if end - start == summary_line.size and at(data, start, end, summary_line):
            last_summary = i
        begins = header or (
            not blank
            and blanks >= max(spacing, blank_lines_inside + 1)
            and (last_summary > last_header or not has_summary)
            and not ignorable[i]
            and last_header >= file_first
        )
        blanks = blanks + 1 if blank else 0
        hands += begins
        hand[i] = hands - 1 if last_header >= file_first else -1
        is_start[i] = begins
        in_header = header_left > 0 and not begins
        if begins:
            header_left = header_lines - 1
        elif not (blank and blank_lines_inside > 0):  # a blank line inside: no header line
            header_left = max(header_left - 1, 0)
        if begins:
            current_street, current_board = 0, 1
            header_next = time_line
        elif in_header:
            pass  # a line of the header, read with it
        elif last_summary == i and not at(data, start, end, marker_open):
            # a summary line of another shape than a marker's ("------ Summary ------")
            is_marker[i] = True
            name_start[i], name_end[i] = start, end
            current_street = SUMMARY
            street[i], board[i] = current_street, current_board
        elif at(data, start, end, marker_open):
            is_marker[i] = True
            name_start[i], name_end[i], code, number = _marker(data, start, end, words, streets,
                                                               runs)  # fmt: skip
            current_street = code
            if number >= 0:
                current_board = number
            street[i], board[i] = current_street, current_board
        if hand[i] < 0 or blank or begins:
            continue
        street[i], board[i] = current_street, current_board
        if header_next:
            header_next = False
            continue  # the rest of the hand's header, read with its first line
        if in_header:
            continue  # a line of its header, read with its header
        # a seat line numbers its seat ("Seat sit down" is a note), spaces maybe between
        after = start + seat_word.size
        while after < end and data[after] == 32:
            after += 1
        seat = (at(data, start, end, seat_word) or (
            seat_any_case and fields.at_either_case(data, start, end, seat_word)
        )) and after < end and 48 <= data[after] <= 57
        # or, written player first, the words after the player before the cards
        seat = seat or (seated.size > 0 and current_street == 0
                        and find(data, start, end, seated) >= 0)  # fmt: skip
        summary = current_street == SUMMARY
        if is_marker[i]:
            kind[i] = _MARKER
        elif (
            seat and current_street == 0 and ends_with(data, start, end, button)
            and find(data, start, end, seat_separator) < 0
        ):  # fmt: skip
            kind[i] = _TABLE_LINE  # the button's line
        elif seat and summary:
            kind[i] = _SUMMARY_SEAT
        elif seat:
            kind[i] = _SEAT_LINE
        elif summary or (pot_lines and at(data, start, end, total_pot)):
            kind[i] = _SUMMARY_ITEM
        elif ends_with(data, start, end, chat_end):  # 'name said, "..."'
            kind[i] = _CHAT
        elif (
            at(data, start, end, dealt) and (
                not dealt_shows_cards
                or find(data, start, end, cards_open) >= 0
                or (unseen.size > 0 and ends_with(data, start, end, unseen))
            )
        ) or (dealt_verb.size > 0 and find(data, start, end, dealt_verb) >= 0):  # fmt: skip
            kind[i] = _DEALT_LINE
            if dealt_opens_preflop and current_street == 0:
                current_street = 1
        elif current_street == 0 and (
            at(data, start, end, table)
            or (bare_table and fields.bare_table(data, start, end, words)[0] >= 0)
        ):
            kind[i] = _TABLE_LINE
        elif find(data, start, end, separator) >= 0:
            kind[i] = _ACTION
        else:
            kind[i] = _OTHER
    return hand, is_start, street, board, kind, is_marker, name_start, name_end


def _seat_line_spans(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, pattern: str
                     ) -> np.ndarray:  # fmt: skip
    """Seat lines read by a regex (``Grammar.seat_line``): the spans of its groups ``seat``,
    ``player`` and ``stack`` (null where the line does not match)."""
    spans = np.full((starts.size, 6), NULL, np.int64)
    regex = re.compile(pattern.encode())
    groups = [regex.groupindex[name] for name in ("seat", "player", "stack")]
    match, raw = regex.match, data.tobytes()
    rows: list[int] = []
    found_spans: list[int] = []  # in lists: an array's items cost more to set one by one
    for i, start, end in zip(range(starts.size), starts.tolist(), ends.tolist(), strict=True):
        found = match(raw, start, end)
        if found:
            rows.append(i)
            regs = found.regs  # every group's span at once
            for group in groups:
                found_spans.extend(regs[group])
    if rows:
        spans[rows] = np.array(found_spans, np.int64).reshape(-1, 6)
    return spans


@njit
def _rows_by_kind(kind: np.ndarray, kinds: int) -> tuple[np.ndarray, np.ndarray]:
    """The lines of each kind, in order: kind ``k``'s are ``rows[bounds[k]:bounds[k + 1]]``
    (a counting sort; lines of no kind, -1, are left out)."""
    bounds = np.zeros(kinds + 1, np.int64)
    for k in kind:
        if k >= 0:
            bounds[k + 1] += 1
    bounds = np.cumsum(bounds)
    rows = np.empty(bounds[-1], np.int64)
    fill = bounds[:-1].copy()
    for i in range(kind.size):
        if kind[i] >= 0:
            rows[fill[kind[i]]] = i
            fill[kind[i]] += 1
    return rows, bounds


def _in_order(data: np.ndarray, hand: np.ndarray, spans: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Seat lines (in hand order) numbered 1, 2, ... in each hand in the order listed
    (``Grammar.seats_in_order``), and the number each is written with (-1: none)."""
    first = np.flatnonzero(np.diff(hand, prepend=-1) != 0)
    starts_of = np.repeat(first, np.diff(np.append(first, hand.size)))
    numbers = (np.arange(hand.size) - starts_of + 1).astype(np.int16)
    return numbers, _written_numbers(data, spans[:, 0], spans[:, 1])


@njit
def _written_numbers(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Seat number texts (``^[0-9]{1,9}$``) as integers of any size (-1: none)."""
    out = np.full(starts.size, -1, np.int64)
    for i in range(starts.size):
        if 0 <= starts[i] < ends[i] <= starts[i] + 9:
            digits = scan.digits_end(data, starts[i], ends[i])
            if digits == ends[i]:
                value = 0
                for k in range(starts[i], ends[i]):
                    value = value * 10 + data[k] - 48
                out[i] = value
    return out


def _renumbered(
    data: np.ndarray, hand: np.ndarray, spans: np.ndarray,
    seat_lines: tuple[np.ndarray, np.ndarray, np.ndarray], listed_as: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Summary seat numbers as their hand's seat lines number them (``NO_SEAT``: none)."""
    seat_hand, _, numbers = seat_lines
    keys = seat_hand.astype(np.int64) << 32 | listed_as
    order = np.argsort(keys, kind="stable")
    wanted = hand.astype(np.int64) << 32 | _written_numbers(data, spans[:, 0], spans[:, 1])
    if not keys.size:
        return np.full(hand.size, NO_SEAT, np.int16)
    at = np.minimum(np.searchsorted(keys[order], wanted), keys.size - 1)
    found = keys[order][at] == wanted
    return np.where(found, numbers[order][at], NO_SEAT).astype(np.int16)


@njit
def _repeats(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, hand: np.ndarray, rows: np.ndarray
) -> np.ndarray:
    """Whether each of ``rows`` is the line before it again, in the same hand."""
    out = np.zeros(rows.size, np.bool_)
    for k in range(rows.size):
        i = rows[k]
        out[k] = i > 0 and hand[i] == hand[i - 1] and scan.same(
            data, starts[i], ends[i], starts[i - 1], ends[i - 1]
        )
    return out


def _posted_wagers(
    hand: np.ndarray, street: np.ndarray, seat: np.ndarray, codes: np.ndarray,
    wagers: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Event codes (rows in hand and line order) with each wager written before the cards
    (street 0) a post: an ante where the hand's other players post antes and this one
    posts none; else a blind, the small one where no blind is posted before it in the
    hand, the big one where one is (the rest of the wagers are decided by the betting)."""
    early = np.flatnonzero(wagers & (street == 0))
    if not early.size:
        return codes
    key = hand.astype(np.int64) * 4096 + seat.astype(np.int64) % 4096
    antes = codes == _ANTE
    ante = np.isin(hand[early], hand[antes]) & ~np.isin(key[early], key[antes])
    # the blinds before each row in its hand: those written as posts, and the wagers
    # before it that are read as blinds (all but antes)
    blind = np.isin(codes, _BLINDS)
    blind[early[~ante]] = True
    counted = np.concatenate([[0], np.cumsum(blind)])
    first = np.searchsorted(hand, hand[early])  # each wager's hand's first row
    blinds = counted[early] > counted[first]
    codes = codes.copy()
    codes[early] = np.where(ante, _ANTE, np.where(blinds, _POST_BB, _POST_SB))
    return codes


def _room_money(
    text: ChunkText, hand: np.ndarray, other: np.ndarray, action: np.ndarray, grammar: Grammar
) -> pl.DataFrame:
    """Lines of money the room adds to the pot (see ``Grammar.room_money_lines``): hand, idx
    and the amount in hundredths. Such a line may have a colon after its label, as actions
    do."""
    if not grammar.room_money_lines:
        return pl.DataFrame(schema={"hand": pl.Int64, "idx": pl.Int64, "amount_h": pl.Int64})
    data, starts, ends = text.data, text.starts, text.ends
    candidates = np.sort(np.concatenate([other, action]))
    rest = fields.prefixed(data, starts[candidates], ends[candidates],
                           *grammar.tables.room_money_lines)  # fmt: skip
    rows = candidates[rest >= 0]
    amount = grammar.amounts.hundredths(data, rest[rest >= 0], ends[rows], -1)
    return pl.DataFrame({"hand": hand[rows], "idx": rows, "amount_h": amount})


def _unknown(text: ChunkText, hand: np.ndarray, rows: np.ndarray, grammar: Grammar
             ) -> pl.DataFrame:  # fmt: skip
    """The ``rows`` (lines read as nothing) that are none of the lines the grammar names as
    carrying nothing to the hand (``Grammar.ignored_lines``): hand and idx."""
    lines = pl.DataFrame(
        {"hand": hand[rows], "idx": rows,
         "text": text.strings(text.starts[rows], text.ends[rows], "text")}
    )  # fmt: skip
    return _ignored(lines, grammar).select("hand", "idx")


def _ignored(lines: pl.DataFrame, grammar: Grammar) -> pl.DataFrame:
    """``lines`` (with their ``text``) less those the grammar names as carrying nothing."""
    if not lines.height or not grammar.ignored_lines:
        return lines
    known = pl.any_horizontal(pl.col("text").str.contains(p) for p in grammar.ignored_lines)
    return lines.filter(~known)


def _junk(data: np.ndarray, hand: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The non-blank lines of a file before its first hand, but for comments ("#...") and
    separators (see :func:`_separator`)."""
    out = (hand < 0) & (ends > starts)
    out[out] = data[starts[out]] != _HASH
    for row in np.flatnonzero(out):
        out[row] = not _separator(data, starts[row], ends[row])
    return out


def _last_lines(hand: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> pl.DataFrame:
    """Each hand's last non-blank line."""
    rows = np.flatnonzero((hand >= 0) & (ends > starts))
    last = np.flatnonzero(np.diff(np.append(hand[rows], -1)) != 0)  # the hand changes after
    return pl.DataFrame({"hand": hand[rows[last]], "last_idx": rows[last]})


def _nullable(values: np.ndarray, null: int, dtype: type[pl.DataType]) -> pl.Series:
    """Integers with a null marker as a nullable column of ``dtype``."""
    return pl.Series(pa.array(values, mask=values == null)).cast(dtype)


def _ignorable(text: ChunkText, grammar: Grammar) -> np.ndarray:
    """Per line, whether it is one the grammar reads as nothing (``ignored_lines``), in a
    room that writes no summary (where a blank line ends a hand, such a line after it does
    not start one: it is the hand's before); all false elsewhere, and on the lines that
    follow no blank line (whether they are is never asked)."""
    ignorable = np.zeros(text.starts.size, np.bool_)
    if grammar.summary or not grammar.ignored_lines:
        return ignorable
    # only a line after a blank one can start a hand: the others are not read (a blank
    # line is empty, or a separator, which starts with a star, a hash or a digit)
    before = text.data[np.minimum(text.starts[:-1], max(text.data.size - 1, 0))]
    blank = (text.ends[:-1] == text.starts[:-1]) | (before == 42) | (before == _HASH) | (
        (before >= 48) & (before <= 57))  # fmt: skip
    rows = np.flatnonzero(np.concatenate([[True], blank]) & (text.ends > text.starts))
    texts = text.strings(text.starts[rows], text.ends[rows], "text")
    found = pl.select(pl.any_horizontal(texts.str.contains(p) for p in grammar.ignored_lines)
                      .fill_null(False)).to_series()  # fmt: skip
    ignorable[rows] = found.to_numpy()
    return ignorable


def classify(text: ChunkText, grammar: Grammar) -> Lines:
    """Split a chunk's lines into hands and classify them (see :class:`Lines`)."""
    tables, wording = grammar.tables, grammar.wording
    words = wording.words
    # dealt lines that begin as action lines do are told from them by their cards
    dealt_shows_cards = any(
        words and (wording.dealt.startswith(words) or words.startswith(wording.dealt))
        for words in grammar.actions.prefix_texts
    )

    def kinds_of(text: ChunkText) -> tuple[np.ndarray, ...]:
        return _line_kinds(
            text.data, text.starts, text.ends, text.file, *tables.header_starts,
            tables.header_follow, tables.header_pairs, grammar.actions.separator, words,
            wording.street_table, wording.run_table, wording.bare_table_name,
            grammar.time_line or grammar.time_first, grammar.dealt_opens_preflop,
            grammar.header_lines, grammar.summary, grammar.pot_lines, dealt_shows_cards,
            wording.seat_any_case, _ignorable(text, grammar), grammar.blank_lines_inside,
        )  # fmt: skip

    kinds = kinds_of(text)
    # A seat line after the hole cards, or a hand of two summaries, is how a header glued
    # inside a line shows: only then are the lines scanned for one.
    seat_late = (kinds[4] == _SEAT_LINE) & (kinds[2] > 0)
    summaries = kinds[0][kinds[5] & (kinds[2] == SUMMARY)]
    if seat_late.any() or summaries.size > np.unique(summaries).size:
        cut = _cut_glued_headers(text, grammar)
        if cut is not text:
            text, kinds = cut, kinds_of(cut)
    if grammar.glued_after:
        statements = np.flatnonzero((kinds[4] == _ACTION) | (kinds[4] == _OTHER))
        seated = np.flatnonzero(kinds[4] == _SEAT_LINE)
        cut = glued.unglue(text, kinds[0], statements, seated, grammar.glued_after, words,
                           tables.stack_suffix, tables.stack_between)  # fmt: skip
        if cut is not text:
            text, kinds = cut, kinds_of(cut)
    data, starts, ends = text.data, text.starts, text.ends
    hand, is_start, street, board, kind, is_marker, name_start, name_end = kinds
    if grammar.info_lines:
        kind = _info_kinds(text, hand, street, kind, grammar.info_lines)
    by_kind, bounds = _rows_by_kind(kind, len(_KINDS))

    def rows_of(name: str) -> np.ndarray:
        return by_kind[bounds[_KIND[name]] : bounds[_KIND[name] + 1]]

    def frame(rows: np.ndarray, *columns: str, **values: pl.Series) -> pl.DataFrame:
        """``hand`` and ``idx`` of the lines ``rows``, the named per-line columns, then
        ``values`` (one per row)."""
        per_line = {"file": text.file, "offset": text.offset, "line_no": text.line_no}
        out = {"hand": pl.Series(hand[rows]), "idx": pl.Series(rows)}
        for column in columns:
            if column == "text":
                out[column] = text.strings(starts[rows], ends[rows], column)
            else:
                out[column] = pl.Series(per_line[column][rows])
        return pl.DataFrame({**out, **values})

    def strings(spans: np.ndarray, column: int) -> pl.Series:
        return text.strings(spans[:, column], spans[:, column + 1], "")

    def amounts(spans: np.ndarray, column: int, absent: int = -1) -> pl.Series:
        return pl.Series(grammar.amounts.hundredths(data, spans[:, column], spans[:, column + 1],
                                                    absent))

    start_rows = np.flatnonzero(is_start)
    starts_frame = frame(start_rows, "file", "offset", "line_no", "text")
    rows = np.flatnonzero(is_start | (is_marker & (hand >= 0)))
    first = is_start[rows]
    markers = frame(
        rows,
        marker=text.strings(name_start[rows], name_end[rows], ""),
        street=pl.Series(np.where(first, 0, street[rows]), dtype=pl.Int8),
        run=_nullable(np.where(first, 1, board[rows]), -1, pl.Int8),
    )
    rows = rows_of("dealt")
    if grammar.button_draw:  # cards dealt before the first marker draw for the button
        rows = rows[street[rows] > 0]
    dealt_spans = fields.dealt_fields(data, starts[rows], ends[rows], words)
    dealt_spans[:, 1] = fields.hero_names(data, dealt_spans[:, 0], dealt_spans[:, 1],
                                          words[W_HERO_MARK])[0]  # fmt: skip
    dealt_hand = hand[rows]
    rows = rows_of("seat")
    spans = fields.seat_fields(data, starts[rows], ends[rows], tables.stack_suffix, words,
                               *tables.stack_between)  # fmt: skip
    if grammar.seat_line:  # seat lines of another shape, read by the grammar's regex
        spans = _seat_line_spans(data, starts[rows], ends[rows], grammar.seat_line)
    spans[:, 3], marked = fields.hero_names(data, spans[:, 2], spans[:, 3], words[W_HERO_MARK])
    spans_of_seats = spans
    seat_numbers = fields.seat_numbers(data, spans[:, 0], spans[:, 1])
    listed_as = np.zeros(0, np.int64)
    if grammar.seats_in_order:
        seat_numbers, listed_as = _in_order(data, hand[rows], spans)
    players = np.ascontiguousarray(spans[:, 2:4])
    dealt_row, is_hero, owner = fields.dealt_to_seats(
        data, hand[rows], players, dealt_hand, np.ascontiguousarray(dealt_spans[:, 0:2]),
        dealt_spans[:, 2] >= 0,
    )
    is_hero |= marked
    dealt_first, dealt_end = np.full(rows.size, NULL), np.full(rows.size, NULL)
    matched = dealt_row >= 0
    dealt_first[matched] = dealt_spans[dealt_row[matched], 2]
    dealt_end[matched] = dealt_spans[dealt_row[matched], 3]
    # "Dealt to Hero []": the history's owner, dealt no cards (sitting out, or just seated)
    dealt_first[dealt_first == dealt_end] = NULL
    seats = frame(
        rows,
        seat=_nullable(seat_numbers, NO_SEAT, pl.Int8),
        player=strings(spans, 2),
        # the name's bytes, to compare names without hashing them
        player_start=pl.Series(spans[:, 2]),
        player_end=pl.Series(spans[:, 3]),
        stack_h=amounts(spans, 4),
        dealt=_dealt_cards(text, dealt_spans, owner, dealt_first, dealt_end),
        is_hero=pl.Series(is_hero),
    )
    seat_lines = (hand[rows], players, seat_numbers)
    # collect lines a room writes in its summary as templates: events, of no board (the
    # line names none)
    collects = summary.collect_rows(text, rows_of("summary"), grammar)
    event_board = board
    if collects.size:
        event_board = board.copy()
        event_board[collects] = 1
    events, unread, buttons = _events(
        text, hand, street, event_board, np.sort(np.concatenate([rows_of("action"), collects])),
        rows_of("other"), seat_lines, grammar,
    )  # fmt: skip
    rows = rows_of("summary_seat")
    spans, useful, not_awarded, sign = fields.summary_seat_fields(
        data, starts[rows], ends[rows], words, grammar.summary_winnings,
        grammar.summary_best_hand, grammar.summary_results,
    )  # fmt: skip
    spans, sign = spans[useful], sign[useful].astype(np.int64)
    result = grammar.amounts.hundredths(data, spans[:, 6], spans[:, 7], 0)
    summary_numbers = fields.seat_numbers(data, spans[:, 0], spans[:, 1])
    if grammar.seats_in_order:  # the seat numbered as its seat line is
        summary_numbers = _renumbered(data, hand[rows[useful]], spans, seat_lines, listed_as)
    summary_seats = frame(
        rows[useful],
        seat=_nullable(summary_numbers, NO_SEAT, pl.Int8),
        cards=strings(spans, 2),
        won_h=amounts(spans, 4),
        says_won=pl.Series(spans[:, 4] >= 0),
        not_awarded=pl.Series(not_awarded[useful]),
        # the result written (signed hundredths), null where none is or it is unreadable
        result_h=pl.Series(pa.array(np.sign(sign) * result, mask=(sign == 0) | (result < 0))),
    )
    if wording.seat_button:  # the button named on its seat line ("(€2.27 in chips) DEALER")
        rows = rows_of("seat")
        after = text.strings(spans_of_seats[:, 5], ends[rows], "after")
        dealer = after.str.contains(wording.seat_button, literal=True).fill_null(False)
        at_button = dealer.to_numpy()
        marked_rows = rows[at_button]
        buttons = pl.concat([buttons, pl.DataFrame({
            "hand": hand[marked_rows], "idx": marked_rows,
            "button_seat": _nullable(seat_numbers[at_button], NO_SEAT, pl.Int8),
        })]).sort("hand", "idx")  # fmt: skip
    if grammar.summary_winnings:
        events = _summary_winnings(events, summary_seats, seats)
    rows = rows_of("summary")
    is_total, spans, side_pots, is_board, board_number = fields.summary_fields(
        data, starts[rows], ends[rows], tables.board_label, *tables.total_labels, words,
        *wording.run_table,
    )
    # Each label's amount goes to its column; several labels may add to one column. A
    # missing label is none taken (0); one there but unreadable is null.
    labelled: dict[str, pl.Series] = {}
    for k, column in enumerate(grammar.totals.values()):
        value = amounts(spans[is_total], 4 + 2 * k, absent=0)
        labelled[column] = (
            value if column not in labelled else _add_amounts(labelled[column], value)
        )
    rake_labels = [4 + 2 * k for k, c in enumerate(grammar.totals.values()) if c == "rake"]
    totals = frame(
        rows[is_total],
        # whether the line writes a rake (``Grammar.rake_printed``)
        rake_written=pl.Series((spans[is_total][:, rake_labels] >= 0).any(axis=1)),
        total_h=amounts(spans[is_total], 0),
        total_step_h=pl.Series(scan.rounding(data, spans[is_total, 0], spans[is_total, 1])),
        side_pots=pl.Series(side_pots[is_total]),
        **{f"{column}_h": value for column, value in labelled.items()},
    )
    with_cards = is_board & (spans[:, 2] >= 0)
    boards = frame(
        rows[with_cards],
        run=pl.Series(board_number[with_cards], dtype=pl.Int8),
        cards=strings(spans[with_cards], 2).str.strip_chars(),  # "[Kd 9s 5c  ]": the flop
    )
    if not grammar.summary:  # no summary: the room's amount lines are where the pots are paid
        rows = np.sort(np.concatenate([rows, rows_of("action"), rows_of("other")]))
    summary_amounts = summary.amount_lines(text, hand, rows, tables.summary_amounts,
                                           tables.summary_amount_ends, grammar.amounts)
    if grammar.boards_in_markers:  # the hands whose summary prints no board
        dealt_boards = summary.marker_boards(text, hand, street, board, is_marker, name_end,
                                             grammar.wording, grammar.markers_deal_cards)
        dealt_boards = dealt_boards.filter(~pl.col("hand").is_in(boards["hand"].implode()))
        boards = pl.concat([boards, dealt_boards.select(boards.columns)]).sort("hand", "idx")
    other = rows_of("other")
    cancelled = other[fields.equal_rows(data, starts[other], ends[other], words[W_CANCELLED])]
    room_money = _room_money(text, hand, other, rows_of("action"), grammar)
    unread = np.setdiff1d(unread, np.concatenate([cancelled, room_money["idx"].to_numpy(),
                                                  summary_amounts["idx"].to_numpy()]))
    if (grammar.card_words or wording.card_separator != " " or wording.suit_first
            or wording.rank_suit):
        # cards in the room's words, or suit first, or a word between rank and suit
        def cards_of(frame: pl.DataFrame, column: str) -> pl.DataFrame:
            read = cards.normalized(frame[column], grammar.card_words, wording.card_separator,
                                    wording.suit_first, wording.rank_suit)  # fmt: skip
            return frame.with_columns(read)

        seats, events = cards_of(seats, "dealt"), cards_of(events, "cards")
        boards, summary_seats = cards_of(boards, "cards"), cards_of(summary_seats, "cards")
    return Lines(
        starts=starts_frame,
        preamble=_ignored(frame(np.flatnonzero(_junk(data, hand, starts, ends)), "file",
                                "offset", "line_no", "text"), grammar),
        text=text,
        last_lines=_last_lines(hand, starts, ends),
        markers=markers,
        tables=_tables(text, hand, rows_of("table"), grammar),
        buttons=buttons,
        seats=seats,
        events=events,
        totals=totals,
        boards=boards,
        summary_seats=summary_seats,
        cancelled=frame(cancelled),
        room_money=room_money,
        summary_amounts=summary_amounts,
        unknown=_unknown(text, hand, unread, grammar),
        line_hand=hand,
        line_kind=kind,
    )


def _dealt_cards(
    text: ChunkText, spans: np.ndarray, owner: np.ndarray, first: np.ndarray, end: np.ndarray
) -> pl.Series:
    """Each seat line's cards dealt: its first dealt line's (``first:end``), or, where its
    player is dealt cards on several lines (a room that deals one card a line: ``Player
    Hero received card: [8d]``), all of them in line order (``spans``: each dealt line's,
    cards at 2:4; ``owner``: the seat line of each)."""
    cards = text.strings(first, end, "")
    shown = (owner >= 0) & (spans[:, 2] >= 0)
    if np.bincount(owner[shown], minlength=1).max(initial=0) < 2:
        return cards
    lines = pl.DataFrame({"seat": owner[shown],
                          "cards": text.strings(spans[shown, 2], spans[shown, 3], "cards")})
    joined = lines.group_by("seat", maintain_order=True).agg(pl.col("cards").str.join(" "))
    return cards.scatter(joined["seat"], joined["cards"])


def _summary_winnings(
    events: pl.DataFrame, summary_seats: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """The events with, in each hand that has no collect line, a collect event for each
    summary line that says a seat won an amount other than 0 (see
    ``Grammar.summary_winnings``; "from pot", the player named by the hand's seat line of
    that seat), in line order."""
    paid = events.filter(pl.col("code") == _COLLECT)["hand"].unique().implode()
    won = summary_seats.filter(
        pl.col("says_won") & (pl.col("won_h") != 0) & ~pl.col("not_awarded")
        & ~pl.col("hand").is_in(paid)
    )  # fmt: skip
    if not won.height:
        return events
    added = won.with_columns(player=_first_seat_players(seats, won)).select(
        "hand", "idx",
        street=pl.lit(SUMMARY, pl.Int8), run=pl.lit(1, pl.Int8), player="player", seat="seat",
        code=pl.lit(_COLLECT, pl.Int8), all_in=pl.lit(None, pl.Boolean),
        cards=pl.lit(None, pl.String), damaged=pl.lit(False), pot=pl.lit(PLAIN_POT, pl.Int64),
        value_h="won_h", fee_h=pl.lit(-1, pl.Int64), half=pl.lit(0, pl.Int8),
        adds=pl.lit(False),
    )  # fmt: skip
    both = pl.concat([events, added.select(events.columns)], how="vertical_relaxed")
    return both.sort("hand", "idx", maintain_order=True)


def _seat_keys(frame: pl.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """Each row's hand and seat as one number, and whether its seat is known."""
    known = frame["seat"].is_not_null().to_numpy()
    seat = frame["seat"].fill_null(0).to_numpy().astype(np.int64) % 256
    return frame["hand"].to_numpy() * 256 + seat, known


def _first_seat_players(seats: pl.DataFrame, rows: pl.DataFrame) -> pl.Series:
    """For each of ``rows`` (hand and seat), the player of its hand's first seat line of its
    seat (null: none; a sorted lookup, not a join)."""
    keys, known = _seat_keys(seats)
    listed = np.flatnonzero(known)
    order = listed[np.argsort(keys[listed], kind="stable")]
    wanted, found = _seat_keys(rows)
    at = np.searchsorted(keys[order], wanted)
    found &= at < order.size
    found[found] = keys[order[at[found]]] == wanted[found]
    source = np.zeros(wanted.size, np.int64)
    source[found] = order[at[found]]
    return seats["player"].gather(pl.Series(pa.array(source, mask=~found)))


def _plus(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Amounts in hundredths added, -1 (unreadable) where either is."""
    return np.where((a < 0) | (b < 0), -1, a + b)


def _add_amounts(a: pl.Series, b: pl.Series) -> pl.Series:
    """Two columns of hundredths added, -1 (unreadable) where either is."""
    x, y = a.to_numpy(), b.to_numpy()
    return pl.Series(np.where((x < 0) | (y < 0), -1, x + y))


# What a grammar's info lines may say (``Grammar.info_lines``): the table's fields, and header
# fields the header line does not say or says otherwise.
INFO_GROUPS = ("table_name", "max_seats", "button_seat", "money", "tournament_id", "level", "sb",
               "bb")
_INFO_KINDS = (_SEAT_LINE, _TABLE_LINE, _ACTION, _OTHER)


def _info_kinds(
    text: ChunkText, hand: np.ndarray, street: np.ndarray, kind: np.ndarray,
    patterns: tuple[str, ...],
) -> np.ndarray:  # fmt: skip
    """The kinds of line with the lines before a hand's first street marker that one of
    the grammar's info ``patterns`` reads made table lines (see ``Grammar.info_lines``)."""
    rows = np.flatnonzero((hand >= 0) & (street == 0) & np.isin(kind, _INFO_KINDS))
    texts = text.strings(text.starts[rows], text.ends[rows], "text")
    matched = pl.select(
        pl.any_horizontal(texts.str.contains(p) for p in patterns).fill_null(False)
    ).to_series().to_numpy()
    kind = kind.copy()
    kind[rows[matched]] = _TABLE_LINE
    return kind


def _info_tables(text: ChunkText, hand: np.ndarray, rows: np.ndarray, grammar: Grammar
                 ) -> pl.DataFrame:  # fmt: skip
    """One row per hand with info lines: hand, idx (its first info line), and the fields of
    ``INFO_GROUPS`` its lines give (each read by the first of the grammar's info patterns
    that matches the line, once per distinct line; the last line that gives a field wins).
    A count of seats written in words (``HU``) is the number the grammar gives it, else the
    digits it starts with (``9max``); the money a table is played for (``money``: ``Real
    Money``) is the currency ``Grammar.money_names`` names (``currency``; null: none)."""
    # each distinct line read once: a table's lines repeat from hand to hand
    first, group = scan.distinct(text.data, np.stack([text.starts[rows], text.ends[rows]], 1))
    distinct = pl.DataFrame(
        {"text": text.strings(text.starts[rows[first]], text.ends[rows[first]], "text")}
    )
    read = first_match(distinct, "text", grammar.info_lines, INFO_GROUPS).drop("text")
    lines = pl.concat([pl.DataFrame({"hand": hand[rows], "idx": rows}), read[group]],
                      how="horizontal")  # fmt: skip
    words = {word: str(count) for word, count in grammar.seat_counts.items()}

    def number(name: str) -> pl.Expr:
        digits = pl.col(name).replace(words).str.extract(r"^([0-9]+)", 1)
        return digits.cast(pl.Int8, strict=False)

    money = pl.col("money").replace_strict(dict(grammar.money_names), default=None,
                                           return_dtype=pl.String)  # fmt: skip
    return lines.group_by("hand", maintain_order=True).agg(
        pl.col("idx").first(), *(pl.col(name).drop_nulls().last() for name in INFO_GROUPS)
    ).with_columns(max_seats=number("max_seats"), button_seat=number("button_seat"),
                   currency=money).drop("money")  # fmt: skip


def _tables(text: ChunkText, hand: np.ndarray, rows: np.ndarray, grammar: Grammar
            ) -> pl.DataFrame:  # fmt: skip
    """Table lines' fields: hand, idx, table_name, max_seats, button_seat (see
    :func:`ingest.engine.fields.table_fields`, or the grammar's info lines, per hand: see
    :func:`_info_tables`; a line of the button alone has no name) and the currency the
    line's ``money`` names (null: none); lines of another form are left out."""
    if grammar.info_lines:
        return _info_tables(text, hand, rows, grammar)
    words, bare_name = grammar.wording.words, grammar.wording.bare_table_name
    found = fields.table_fields(text.data, text.starts[rows], text.ends[rows], words, bare_name)
    matched = (found[:, 0] >= 0) | (found[:, 3] >= 0)
    found, rows = found[matched], rows[matched]
    return pl.DataFrame(
        {
            "hand": hand[rows],
            "idx": rows,
            "table_name": text.strings(found[:, 0], found[:, 1], ""),
            "max_seats": _nullable(found[:, 2], -1, pl.Int8),
            "button_seat": _nullable(found[:, 3], -1, pl.Int8),
            "currency": pl.Series([None] * rows.size, dtype=pl.String),
        }
    )


def _flags(values: np.ndarray, known: np.ndarray) -> pl.Series:
    """Booleans, null where not ``known``."""
    return pl.Series(pa.array(values, mask=~known))


# The flags of :func:`_merged`, after each event's code.
_CODE, _IS_ACTION, _ALL_IN, _DAMAGED, _ADDS, _WAGER, _COLLECT_LINE, _HALF = range(8)


@njit
def _merged(
    action: np.ndarray, code: np.ndarray, all_in: np.ndarray, damaged: np.ndarray,
    kept: np.ndarray, other: np.ndarray, other_kind: np.ndarray, other_damaged: np.ndarray,
    half: np.ndarray, order: np.ndarray, with_amount: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # fmt: skip
    """The events of the ``kept`` action lines (rows of ``action``, the spans
    :func:`~ingest.engine.fields.action_fields` gives) and of the other lines (``other``:
    :func:`~ingest.engine.fields.other_fields`), event ``j`` of the two in turn at place
    ``p`` where ``order[p] == j``, in one pass: a row of spans per field (the player; the
    amount, null for an action of a kind that reads none, ``with_amount``, or what a raise
    adds where it says so; the cards; the pot; a raise's first amount; the cash-out fee),
    each event's code (an other line's kind after the action kinds), and a row per flag:
    ``_IS_ACTION``, ``_ALL_IN``, ``_DAMAGED``, ``_ADDS`` (a raise says the chips it adds),
    ``_WAGER`` (a call that says them), ``_COLLECT_LINE`` and ``_HALF``."""
    out = np.full((12, order.size), NULL, np.int64)
    codes = np.empty(order.size, np.int64)
    flags = np.zeros((8, order.size), np.int8)
    for p in range(order.size):
        j = order[p]
        if j < kept.size:
            i = kept[j]
            adds = action[i, 8] >= 0
            value = 8 if adds else 2
            if with_amount[code[i]]:
                out[2, p] = action[i, value]
            out[3, p] = action[i, value + 1]
            for column, source in ((0, 0), (1, 1), (4, 4), (5, 5), (6, 12), (7, 13), (8, 10),
                                   (9, 11), (11, 0)):  # fmt: skip
                out[column, p] = action[i, source]
            codes[p], flags[_IS_ACTION, p] = code[i], 1
            flags[_ALL_IN, p], flags[_DAMAGED, p], flags[_ADDS, p] = all_in[i], damaged[i], adds
            flags[_WAGER, p] = adds and code[i] == _CALL
        else:
            k = j - kept.size
            for column, source in ((0, 0), (1, 1), (2, 2), (3, 3), (4, 8), (5, 9), (6, 4),
                                   (7, 5), (10, 6), (11, 7)):  # fmt: skip
                out[column, p] = other[k, source]
            codes[p] = other_kind[k] + OTHER_KIND
            flags[_DAMAGED, p], flags[_HALF, p] = other_damaged[k], half[k]
            flags[_COLLECT_LINE, p] = other_kind[k] == 1
    return out, codes, flags


def _events(
    text: ChunkText,
    hand: np.ndarray,
    street: np.ndarray,
    board: np.ndarray,
    action_rows: np.ndarray,
    other_rows: np.ndarray,
    seat_lines: tuple[np.ndarray, np.ndarray, np.ndarray],
    grammar: Grammar,
) -> tuple[pl.DataFrame, np.ndarray, pl.DataFrame]:
    """Events in line order from the action lines (a room's collect lines written as
    templates among them) and the other lines (a line that is two events keeps both, in
    the order return, collect, cash-out, show), with the seat of their player (from
    ``seat_lines``: hand, player span and seat number of each seat line); the lines
    read as no event nor as a line the grammar knows (row numbers); and the lines that
    name who has the button, with the seat (hand, idx, button_seat)."""
    data, starts, ends = text.data, text.starts, text.ends
    hundredths = grammar.amounts.hundredths
    action, code, all_in, damaged = fields.read_actions(
        data, starts[action_rows], ends[action_rows], grammar.actions
    )
    action[:, 1] = fields.hero_names(data, action[:, 0], action[:, 1],
                                     grammar.wording.words[W_HERO_MARK])[0]  # fmt: skip
    found = code >= 0
    # the line naming who has the button (no event): its player's seat; one with more
    # words is no line the grammar knows
    button = code == KIND_CODE["button"]
    found &= ~(button & damaged)
    named = action_rows[button & ~damaged]
    button_players = np.ascontiguousarray(action[button & ~damaged, 0:2])
    buttons = pl.DataFrame({
        "hand": hand[named], "idx": named,
        "button_seat": _nullable(fields.event_seats(data, hand[named], button_players,
                                                    *seat_lines), NO_SEAT, pl.Int8),
    })  # fmt: skip
    keep = found & fields.KIND_EVENT[np.maximum(code, 0)]
    if grammar.repeats_once:  # a line that moves chips written twice in a row is read once
        keep &= ~(_MOVES_CHIPS[np.maximum(code, 0)] & _repeats(data, starts, ends, hand,
                                                                action_rows))  # fmt: skip
    # lines with the separator but no verb may still be other chip-moving lines
    other_rows = np.concatenate([other_rows, action_rows[~found]])
    other_rows.sort()
    kept = np.flatnonzero(keep)
    wording = grammar.wording
    line, other_kind, other, other_damaged, half = fields.other_fields(
        data, starts[other_rows], ends[other_rows], wording.words, *wording.pot_word_table,
        *wording.half_table,
    )
    unread = np.ones(other_rows.size, np.bool_)
    unread[line] = False
    rows = np.concatenate([action_rows[kept], other_rows[line]])
    order = np.argsort(rows, kind="stable")
    rows = rows[order]
    merged, codes, flags = _merged(action, code, all_in, damaged, kept, other, other_kind,
                                   other_damaged, half, order, fields.KIND_AMOUNT)  # fmt: skip
    is_action = flags[_IS_ACTION].view(np.bool_)
    seats = fields.event_seats(data, hand[rows], np.stack([merged[0], merged[1]], axis=1),
                               *seat_lines)  # fmt: skip
    codes = _posted_wagers(hand[rows], street[rows], seats, codes,
                           flags[_WAGER].view(np.bool_))  # fmt: skip
    collect = flags[_COLLECT_LINE].view(np.bool_)
    frame = pl.DataFrame(
        {
            "hand": hand[rows], "idx": rows,
            "street": pl.Series(street[rows], dtype=pl.Int8),
            "run": _nullable(board[rows], -1, pl.Int8),
            "player": text.strings(merged[0], merged[1], "player"),
            "seat": _nullable(seats, NO_SEAT, pl.Int8),
            "code": pl.Series(codes, dtype=pl.Int8),
            # only action lines say all-in, only they and collect lines can be damaged
            "all_in": _flags(flags[_ALL_IN].view(np.bool_), is_action),
            "cards": text.strings(merged[4], merged[5], "cards"),
            "damaged": _flags(flags[_DAMAGED].view(np.bool_), is_action | collect),
            # a collect line written as a template that names no pot ({pot}): "pot"
            "pot": np.where(is_action & (codes == KIND_CODE["collect"]) & (merged[6] < 0),
                            PLAIN_POT, fields.pot_numbers(data, merged[6], merged[7],
                                                          wording.words)),
            "adds": pl.Series(flags[_ADDS].view(np.bool_)),
            # the amount or raise-to amount (or what a raise adds), and the cash-out fee,
            # in hundredths
            "value_h": _plus(hundredths(data, merged[2], merged[3], -1),
                             hundredths(data, merged[8], merged[9], 0)),
            # a cash-out written as a template says no fee: none was taken
            "fee_h": np.where(is_action & (codes == KIND_CODE["cash_out"]), 0,
                              hundredths(data, merged[10], merged[11], -1)),
            "half": pl.Series(flags[_HALF], dtype=pl.Int8),
        }
    )  # fmt: skip
    return frame, other_rows[unread], buttons
