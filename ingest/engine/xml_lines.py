"""XML hands' elements as the frames a text chunk's lines give (:class:`Lines`), and each
hand's header as the row :func:`ingest.engine.header.hand_info` gives a text hand.

A hand's rows are its elements in the order the engine reads them: its start tag, its
players, then each street's board and actions (by their number: files write them out of
order), the cards shown, and what the pots paid each player. Each row's text is the file
line its element's start tag is on, so that error rows and ``omaha explain`` quote the
history as written. Chips, returns, rake, all-ins and checks are then the text path's
(:func:`ingest.engine.build.build`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.engine.contract import Chunk
from ingest.engine.fields import NO_SEAT, PLAIN_POT
from ingest.engine.grammar import KIND_CODE, NOT_EVENTS, WAGER, Grammar
from ingest.engine.header import posted_blinds, template_fields
from ingest.engine.lines import KINDS, SUMMARY, Lines
from ingest.engine.scan import units
from ingest.engine.text import ChunkText, to_utc
from ingest.engine.xml_antes import first_pot, unwritten_ante
from ingest.engine.xml_format import ADDED, BLIND, NONE, TOTAL, Collect, XmlFormat
from ingest.engine.xml_hand import Item, Players, blind, day, first_stamp, type_of, zoned_starts
from ingest.engine.xml_read import Element, HandRecord
from ingest.engine.xml_values import (
    Flat,
    amount_of,
    card_text,
    hundredths,
    result_row,
    room_fields,
    total_row,
    totals_schema,
    whole_hundredths,
)

_SEAT, _ACTION, _MARKER, _DEALT, _OTHER = (KINDS.index(k) for k in
                                           ("seat", "action", "marker", "dealt", "other"))
_SHOWDOWN = 5
# Where the events of these kinds are, whatever the street a format writes them on.
_STREET_OF = {"show": _SHOWDOWN, "muck": _SHOWDOWN, "collect": SUMMARY}


def _cards_of(element: Element, fmt: XmlFormat) -> str:
    """The text of a cards element's cards: its ``card_list`` attribute, else its text."""
    return element.attrs.get(fmt.card_list, "") if fmt.card_list else element.text


@dataclass
class _Rows:
    """Rows being gathered: each row's file line, its span in the text (the element's own
    text on that line), hand and kind."""

    line: list[int]
    start: list[int]
    end: list[int]
    hand: list[int]
    kind: list[int]

    def add(self, hand: int, where: tuple[int, int, int], kind: int) -> int:
        self.line.append(where[0])
        self.start.append(where[1])
        self.end.append(where[2])
        self.hand.append(hand)
        self.kind.append(kind)
        return len(self.line) - 1

    def where(self, row: int) -> tuple[int, int, int]:
        return self.line[row], self.start[row], self.end[row]


# a start tag's "<" and name, where a name's end is one of the characters the rooms write
# after it (a line's end is no name's end: the tag spans lines)
_START_TAG = re.compile(rb"<([^ \t>/\r\n<]*)(?=[ \t>/\r]|\Z)")


class _Locator:
    """Where an element is in the text: the ``k``-th start tag of its name on its line
    (elements are met in file order), to its end on that line."""

    def __init__(self, text: ChunkText, crowded: set[int]) -> None:
        self.data = text.data.tobytes()
        self.starts, self.ends = text.starts.tolist(), text.ends.tolist()
        self.crowded = crowded  # the lines of more than one element
        # a crowded line's start tags by name, each list read from its end (popped)
        self.tags: dict[int, dict[bytes, list[int]]] = {}

    def __call__(self, line: int, tag: str) -> tuple[int, int, int]:
        if line not in self.crowded:  # the element is the line
            return line, self.starts[line], self.ends[line]
        data, first, last = self.data, self.starts[line], self.ends[line]
        on_line = self.tags.get(line)
        if on_line is None:
            on_line = self.tags[line] = {}
            # the line's end is looked past: the character after a name may be there
            for found in _START_TAG.finditer(data, first, last + 1):
                if found.end() <= last:
                    on_line.setdefault(found.group(1), []).append(found.start())
            for written in on_line.values():
                written.reverse()
        name = tag.encode()
        positions = on_line.get(name)
        if not positions:
            return line, first, last
        start = positions.pop()
        close = data.find(b">", start, last)
        if close < 0:
            return line, start, last
        if data[close - 1 : close] == b"/":
            return line, start, close + 1
        end_tag = data.find(b"</" + name + b">", close, last)
        return line, start, last if end_tag < 0 else end_tag + len(name) + 3


def hand_lines(chunk: Chunk, first: int, records: Sequence[HandRecord]) -> list[int]:
    """The line each of the chunk's ``records`` starts on, in a text whose line ``first``
    is the chunk's first."""
    raw = np.frombuffer(chunk.data, np.uint8)
    line_starts = np.concatenate(([0], np.flatnonzero(raw == 10) + 1))
    starts_at = np.array([record.start for record in records], np.int64)
    lines: list[int] = (np.searchsorted(line_starts, starts_at, "right") - 1 + first).tolist()
    return lines


def read_lines(chunks: Sequence[Chunk], text: ChunkText, records: Sequence[Sequence[HandRecord]],
               fmt: XmlFormat, grammar: Grammar) -> tuple[Lines, pl.DataFrame]:  # fmt: skip
    """The frames of the ``records`` (of each of ``chunks``, its hands whose elements parsed;
    the chunks' lines are ``text``) and their header rows (see the module's docstring)."""
    # each chunk's first and last line in the text
    firsts = np.searchsorted(text.file, np.arange(len(chunks)))
    lasts = np.append(firsts[1:], text.starts.size) - 1
    files: list[int] = []  # each hand's chunk
    bases: list[int] = []  # each hand's first line
    for k, (chunk, chunk_records) in enumerate(zip(chunks, records, strict=True)):
        bases += hand_lines(chunk, int(firsts[k]), chunk_records)
        files += [k] * len(chunk_records)
    hands = [record for chunk_records in records for record in chunk_records]
    rows = _Rows([], [], [], [], [])
    counts = np.bincount(np.array([line for base, record in zip(bases, hands, strict=True)
                                   for line in (base, *(base + e.line - 1
                                                        for e in record.elements))],
                                  np.int64), minlength=1)  # fmt: skip
    locate = _Locator(text, set(np.flatnonzero(counts > 1).tolist()))
    decimal_comma = re.compile(fmt.decimal_comma)
    seats: list[dict[str, object]] = []
    events: list[dict[str, object]] = []
    markers: list[dict[str, object]] = []
    boards: list[dict[str, object]] = []
    unknown: list[dict[str, object]] = []
    starts: list[dict[str, object]] = []
    totals: list[dict[str, object]] = []
    results: list[dict[str, object]] = []
    room_amounts: list[dict[str, object]] = []
    header_rows: list[dict[str, object]] = []
    names: list[bytes] = []
    names_at = int(text.data.size) + 1
    for h, record in enumerate(hands):
        base, last_line = bases[h], int(lasts[files[h]])
        first = rows.add(h, locate(base, fmt.hand), -1)
        starts.append({"hand": h, "idx": first, "file": files[h],
                       "offset": int(text.offset[base]),
                       "line_no": int(text.line_no[base])})  # fmt: skip
        header = record.header
        hand_seats = len(seats)  # this hand's seats start here
        amounts = [fmt.text_of(tag, header, record.attrs) for tag in fmt.style_fields]
        amounts += [e.attrs.get(a, "") for e in record.elements for a in (fmt.stack, fmt.won,
                                                                          fmt.amount)]
        comma = decimal_comma.search("\n".join(amounts)) is not None
        hero = (fmt.text_of(fmt.hero, header, record.attrs) or header.get(fmt.hero)
                if fmt.hero else None)  # fmt: skip
        players: dict[str, tuple[int, int]] = {}  # name -> (seat, row)
        stacks: dict[str, int] = {}  # name -> stack (hundredths) as written
        hand = Players()  # who is who, for a format naming players by seat
        button = None
        time = None  # an attribute of the hand, else the text of its element
        if fmt.time.startswith("@"):
            time = fmt.text_of(fmt.time, header, record.attrs) or None
        version = fmt.text_of(fmt.version_field, header, record.attrs) if fmt.version_field \
            else ""  # fmt: skip
        types = fmt.types_of(day(time, fmt.time_formats) if fmt.eras else "", version)
        by_street: dict[int, list[Item]] = {}
        shows: list[dict[str, object]] = []
        pocket: dict[str, str | None] = {}
        winners: list[tuple[tuple[int, int, int], dict[str, str]]] = []
        ended: tuple[int, int, int] | None = None  # where the hand's last round starts
        flat = Flat(winners)  # a hand of no rounds: what it has read so far
        for element, round_no in zip(record.elements, record.rounds, strict=True):
            line = base + element.line - 1
            where = locate(min(line, last_line), element.tag)
            attrs = element.attrs
            if ended is None and fmt.end_round and fmt.end_round in (
                    round_no, attrs.get(fmt.round_no) if element.tag == fmt.round else ""):
                ended = where  # its last round (an element of it, or the round, empty)
            if element.tag == fmt.time:
                time = element.text.strip()
                rows.add(h, where, -1)  # read with the header
            elif element.tag in fmt.ignored:
                rows.add(h, where, _OTHER)
            elif element.tag == fmt.button_holder:
                dealer = attrs.get(fmt.button, "")
                button = int(dealer) if dealer.isdigit() else button
                rows.add(h, where, -1)  # read with the header
            elif element.tag == fmt.player and (not attrs.get(fmt.name) or _empty(fmt, attrs)):
                rows.add(h, where, _OTHER)  # an empty seat
            elif element.tag == fmt.player:
                row = rows.add(h, where, _SEAT)
                stacks.setdefault(attrs.get(fmt.name, ""), amount_of(attrs.get(fmt.stack), comma,
                                                                     fmt))  # fmt: skip
                name = attrs.get(fmt.name, "")
                seat = int(attrs[fmt.seat]) if attrs.get(fmt.seat, "").isdigit() else NO_SEAT
                players.setdefault(name, (seat, row))
                hand.seated(fmt, attrs, name)
                if attrs.get(fmt.button) == fmt.button_value and button is None:
                    button = seat
                encoded = name.encode()
                stack = amount_of(attrs.get(fmt.stack), comma, fmt)
                seats.append({"hand": h, "idx": row, "seat": _or_none(seat), "player": name,
                              "player_start": names_at, "player_end": names_at + len(encoded),
                              "stack_h": stack,
                              "won_h": amount_of(attrs.get(fmt.won), comma, fmt) if fmt.won
                              else 0})  # fmt: skip
                if fmt.result:  # the stack after the hand: the player's result
                    after = amount_of(attrs.get(fmt.result), comma, fmt)
                    results.append(result_row(h, row, seat, stack, after))
                names.append(encoded)
                names_at += len(encoded)
            elif element.tag == fmt.cards:
                kind = attrs.get(fmt.card_type, "")
                owner = hand.who(fmt, attrs.get(fmt.card_player, ""))
                if kind == fmt.pocket:
                    pocket[owner] = card_text(_cards_of(element, fmt), fmt)
                    if not fmt.hero and hero is None:  # the player whose history it is
                        hero = owner
                    if owner != hero and pocket[owner]:  # shown: a show event, at showdown
                        shows.append({"where": where, "player": owner, "cards": pocket[owner]})
                    else:  # the hero's, read with its seat, or cards not shown
                        rows.add(h, where, _DEALT)
                elif kind in fmt.shown:
                    shows.append({"where": where, "player": owner, "kind": fmt.shown[kind],
                                  "cards": card_text(_cards_of(element, fmt), fmt)})
                elif kind in fmt.boards:
                    street = fmt.boards[kind]
                    if fmt.boards_so_far:  # dealt on its round's street
                        street = fmt.streets.get(round_no, -1)
                    board = card_text(_cards_of(element, fmt), fmt)
                    by_street.setdefault(street, []).append(
                        (-1, where, {"board": board or "", "kind": kind}, round_no, kind, ""))
                else:
                    unknown.append({"hand": h, "idx": rows.add(h, where, _OTHER)})
            elif element.tag == fmt.action and round_no in fmt.streets:
                order = attrs.get(fmt.order, "")
                by_street.setdefault(fmt.streets[round_no], []).append(
                    (int(order) if order.isdigit() else 1 << 30, where, attrs, round_no,
                     fmt.code_of(attrs), element.text))  # fmt: skip
            elif fmt.collect is not None and element.tag == fmt.collect.tag:
                winners.append((where, attrs))
                if fmt.collect.shows and element.parts:  # the cards its player shows
                    written = " ".join("".join(part.get(a, "") for a in fmt.card_attributes)
                                       for part in element.parts)  # fmt: skip
                    if card_text(written, fmt):
                        shows.append({"where": where, "cards": card_text(written, fmt),
                                      "player": hand.who(fmt, attrs.get(fmt.collect.player,
                                                                        ""))})  # fmt: skip
            elif (not fmt.type and element.tag in types) or (element.tag == fmt.action
                                                             and not fmt.round):  # fmt: skip
                # an action of a hand of no rounds, its type its tag or its attribute's
                code = fmt.code_of(attrs) if fmt.type else element.tag
                if flat.action(element, where, code, types, fmt, by_street):
                    rows.add(h, where, _DEALT)
            elif element.tag == fmt.total_tag:  # the last is the hand's total
                flat.total = (rows.add(h, where, _OTHER), element)
            elif element.tag in fmt.card_tags:
                if flat.cards(fmt.card_tags[element.tag], attrs.get(fmt.actor, ""),
                              element.text, where, element.tag, fmt, by_street):  # fmt: skip
                    rows.add(h, where, _DEALT)  # a player's cards
            else:
                unknown.append({"hand": h, "idx": rows.add(h, where, _OTHER)})
        if fmt.eras and not fmt.time.startswith("@"):  # the era of a time element's day
            types = fmt.types_of(day(time, fmt.time_formats), version)
        for owner, texts in flat.pocket.items():  # hole cards one element at a time
            owner = hand.who(fmt, owner)
            pocket[owner] = card_text(" ".join(texts), fmt)
            if not fmt.hero and hero is None and pocket[owner]:  # whose history it is
                hero = owner
        for column, name in room_fields(fmt, grammar):  # the room's take, a field's
            take = whole_hundredths(fmt.text_of(name, header, record.attrs))
            if take is not None:
                room_amounts.append({"hand": h, "idx": first, "label": column,
                                     "amount_h": take})  # fmt: skip
        if flat.total is not None:
            totals.append(total_row(h, *flat.total, comma, fmt))
        first_bb = first_sb = -1
        spent: dict[str, int] = {}  # each player's posts so far (``XmlFormat.posts_capped``)
        hand_events = len(events)  # this hand's events start here
        dealt = 0  # the board's cards so far
        last_street = 1
        for street in sorted(by_street):
            items = sorted(by_street[street], key=lambda item: item[0])
            for k, (number, where, attrs, round_no, code, cards) in enumerate(items):
                if number < 0:  # the street's cards
                    board = attrs["board"]
                    if fmt.boards_so_far:  # the cards after the board before it
                        board, dealt = " ".join(board.split()[dealt:]), len(board.split())
                    row = rows.add(h, where, _MARKER)
                    markers.append({"hand": h, "idx": row, "marker": attrs["kind"],
                                    "street": street, "run": 1})  # fmt: skip
                    boards.append({"hand": h, "idx": row, "cards": board})
                    continue
                action = type_of(fmt, types, round_no, code)
                if action is None:
                    unknown.append({"hand": h, "idx": rows.add(h, where, _OTHER)})
                    continue
                player = hand.who(fmt, str(attrs.get(fmt.actor, "")))
                if fmt.strays_ignored and hand.stray(player):
                    rows.add(h, where, _OTHER)  # the room writes it; it carries nothing
                    continue
                row = rows.add(h, where, _ACTION)
                kind = action.kind
                if action.bare and fmt.amount not in attrs:
                    kind = action.bare  # a mark, with no amount
                if kind == BLIND:
                    kind = blind(fmt, types, items[:k], items[k + 1 :], round_no)
                if kind not in KIND_CODE and kind != WAGER:
                    unknown.append({"hand": h, "idx": row})
                    continue
                raw_amount = str(attrs.get(fmt.amount, ""))
                value = -1
                if action.amount != NONE:
                    word = fmt.amount_words.get(raw_amount.strip())
                    value = word if word is not None else amount_of(raw_amount, comma, fmt)
                if action.zero and value == 0:
                    kind, value = action.zero, -1  # a bet of nothing: a check
                if kind == "post_bb":
                    if first_bb < 0:
                        first_bb = value
                    elif fmt.both_blinds_over_big and value > first_bb >= 0:
                        kind = "post_sb_bb"  # the big blind live, the rest dead
                if kind == "post_sb" and fmt.second_small_dead:
                    first_sb, kind = (value, kind) if first_sb < 0 else (first_sb, "post_dead")
                all_in = action.all_in
                if fmt.posts_capped and kind in _POSTS and value > 0:
                    value, all_in = _capped(value, stacks.get(player, -1), spent, player)
                if kind in NOT_EVENTS:
                    continue  # says who sat out, or nothing to the chips: no event
                if kind == "fold":
                    hand.folded.add(player)
                last_street = max(last_street, min(street, 4))
                shown = card_text(cards, fmt) if kind == "show" else None
                event = _event(h, row, _STREET_OF.get(kind, street), player, players, kind,
                               value, action.amount == ADDED, all_in, shown)
                event["to_total"] = kind in ("call", "bet", WAGER) and action.amount == TOTAL
                events.append(event)
                dead = amount_of(attrs.get(action.dead), comma, fmt) if action.dead else 0
                if dead > 0:  # chips posted dead beside it (a penalty)
                    events.append(_event(h, row, street, player, players, "post_dead", dead,
                                         False, False))  # fmt: skip
        if fmt.unwritten_antes[0] and re.search(fmt.unwritten_antes[1], fmt.text_of(
                fmt.unwritten_antes[0], header, record.attrs)):  # fmt: skip
            events += _antes(fmt, record, h, events[hand_events:], seats[hand_seats:],
                             [hand.who(fmt, p) for p in flat.pocket], players, first_bb,
                             comma)  # fmt: skip
        for show in shows:
            row = rows.add(h, show["where"], _DEALT)  # type: ignore[arg-type]
            events.append(_event(h, row, _SHOWDOWN, str(show["player"]), players,
                                 str(show.get("kind", "show")), -1, False, False,
                                 show["cards"]))  # type: ignore[arg-type]  # fmt: skip
        if fmt.collect is not None:
            events += _collected(fmt.collect, h, rows, winners, hand, players, comma,
                                 last_street, fmt)  # fmt: skip
        for seat_row in seats[hand_seats:] if fmt.collect is None else ():
            won = int(seat_row["won_h"])  # type: ignore[call-overload]
            if won != 0:
                row = rows.add(h, rows.where(int(seat_row["idx"])), _SEAT)  # type: ignore[call-overload]
                event = _event(h, row, SUMMARY, str(seat_row["player"]), players, "collect",
                               won, False, False)  # fmt: skip
                events.append(event | {"pot": PLAIN_POT})
        if ended is not None:  # the hand's end: its summary
            markers.append({"hand": h, "idx": rows.add(h, ended, _MARKER), "marker": "end",
                            "street": SUMMARY, "run": 1})  # fmt: skip
        for seat_row in seats[hand_seats:]:
            name = str(seat_row["player"])
            seat_row["is_hero"] = name == hero
            seat_row["dealt"] = pocket.get(name) if name == hero else None
        field = functools.partial(fmt.text_of, header=header, attrs=record.attrs)
        header_rows.append({
            "hand_id": record.hand_id,
            "template": " | ".join([fmt.room, *(field(t) for t in fmt.header_fields)]),
            "time": time, "table_name": field(fmt.table) or None, "button_seat": button,
            "max_seats": _number(field(fmt.max_seats)),
            "comma": comma, "uncalled_reading": fmt.uncalled_reading(header),
            "stamp": first_stamp(record, fmt.stamp) if fmt.stamp else None,
        })  # fmt: skip
    lines = _lines(text, rows, names, seats, events, markers, boards, unknown, starts,
                   _frame(totals, totals_schema(fmt)), _frame(results, _RESULTS),
                   _frame(room_amounts, _ROOM_AMOUNTS))
    info = _info(lines, header_rows, fmt, grammar)
    return lines, info


def _collected(collect: Collect, h: int, rows: _Rows,
               winners: list[tuple[tuple[int, int, int], dict[str, str]]], hand: Players,
               players: dict[str, tuple[int, int]], comma: bool, street: int, fmt: XmlFormat
               ) -> list[dict[str, object]]:  # fmt: skip
    """The events of a hand's elements of what the pots paid: collections of a pot (or of
    its half) and uncalled bets returned (on the hand's last betting ``street``)."""
    out = []
    name, flag = collect.returned
    # the returns first, as a text hand writes them: before the pots are paid
    for where, attrs in sorted(winners, key=lambda w: not name or w[1].get(name) != flag):
        value = amount_of(attrs.get(collect.amount), comma, fmt)
        if collect.paid_only and value == 0:
            continue  # a player paid nothing: no collection
        row = rows.add(h, where, _ACTION)
        player = hand.who(fmt, attrs.get(collect.player, ""))
        if name and attrs.get(name) == flag:
            out.append(_event(h, row, street, player, players, "return", value, False, False))
            continue
        pot = attrs.get(collect.pot, "")
        event = _event(h, row, SUMMARY, player, players, "collect", value, False, False)
        out.append(event | {
            "pot": int(pot) - collect.first_pot if pot.isdigit() else PLAIN_POT,
            "half": collect.halves.get(attrs.get(collect.half, ""), 0),
        })  # fmt: skip
    return out


_POSTS = ("post_sb", "post_bb", "post_sb_bb", "post_dead", "ante")


def _empty(fmt: XmlFormat, attrs: Mapping[str, str]) -> bool:
    """Whether a player element is an empty seat (``XmlFormat.empty_seat``)."""
    name, pattern = fmt.empty_seat
    return bool(name) and re.fullmatch(pattern, attrs.get(name, "")) is not None


def _capped(value: int, stack: int, spent: dict[str, int], player: str) -> tuple[int, bool]:
    """A post written in full (``XmlFormat.posts_capped``): what the player's ``stack``
    less his posts before it (``spent``) holds of it, and whether that puts him all in."""
    if stack < 0:
        return value, False  # an unreadable stack: the checks report it
    left = stack - spent.get(player, 0)
    put = min(value, max(left, 0))
    spent[player] = spent.get(player, 0) + put
    return put, put < value or put == left


def _antes(fmt: XmlFormat, record: HandRecord, h: int, events: list[dict[str, object]],
           seats: list[dict[str, object]], dealt: list[str],
           players: dict[str, tuple[int, int]], big_blind: int, comma: bool
           ) -> list[dict[str, object]]:  # fmt: skip
    """The antes a hand writing none paid (see :mod:`ingest.engine.xml_antes`): one event
    for each player dealt in, on his seat's row, his stack written after it."""
    if any(e["code"] == KIND_CODE["ante"] for e in events):
        return []
    pot = first_pot([e.attrs for e in record.elements], fmt.total_amount or fmt.amount,
                    list(fmt.room_attributes), lambda t: amount_of(t, comma, fmt))  # fmt: skip
    ante = unwritten_ante(events, len(dealt), pot, big_blind)
    out: list[dict[str, object]] = []
    for seat_row in seats if ante else ():
        player = str(seat_row["player"])
        if player in dealt:
            seat_row["stack_h"] = int(seat_row["stack_h"]) + ante  # type: ignore[call-overload]
            row = int(seat_row["idx"])  # type: ignore[call-overload]
            out.append(_event(h, row, 0, player, players, "ante", ante, False, False))
    return out


def _or_none(seat: int) -> int | None:
    """A seat number, None where none is (an unreadable one, or a player with no seat)."""
    return None if seat == NO_SEAT else seat


def _number(text: str) -> int | None:
    """A small count written as digits (None: none, or too large for a seat count)."""
    return int(text) if text.isdigit() and int(text) < 100 else None


def _event(hand: int, row: int, street: int, player: str, players: dict[str, tuple[int, int]],
           kind: str, value: int, added: bool, all_in: bool, cards: str | None = None
           ) -> dict[str, object]:  # fmt: skip
    """An event row (a wager: a call that says the chips it adds, its kind decided by the
    betting; a raise whose amount is what it adds says so)."""
    wager = kind == WAGER
    code = KIND_CODE["call" if wager else kind]
    seat = _or_none(players.get(player, (NO_SEAT, -1))[0])
    return {"hand": hand, "idx": row, "street": street, "run": 1, "player": player,
            "seat": seat, "code": code, "all_in": all_in, "cards": cards, "damaged": False,
            "pot": 1, "adds": wager or (added and kind == "raise"), "value_h": value,
            "fee_h": -1, "half": 0, "to_total": False}  # fmt: skip


_EVENTS = {"hand": pl.Int64, "idx": pl.Int64, "street": pl.Int8, "run": pl.Int8,
           "player": pl.String, "seat": pl.Int8, "code": pl.Int8, "all_in": pl.Boolean,
           "cards": pl.String, "damaged": pl.Boolean, "pot": pl.Int64, "adds": pl.Boolean,
           "value_h": pl.Int64, "fee_h": pl.Int64, "half": pl.Int8,
           "to_total": pl.Boolean}  # fmt: skip
# the players' results (see ``XmlFormat.result``), as a summary's seat lines give them
_RESULTS = {"hand": pl.Int64, "idx": pl.Int64, "seat": pl.Int8, "cards": pl.String,
            "won_h": pl.Int64, "says_won": pl.Boolean, "not_awarded": pl.Boolean,
            "result_h": pl.Int64}  # fmt: skip
_ROOM_AMOUNTS = {"hand": pl.Int64, "idx": pl.Int64, "label": pl.Int64, "amount_h": pl.Int64}
_SEATS = {"hand": pl.Int64, "idx": pl.Int64, "seat": pl.Int8, "player": pl.String,
          "player_start": pl.Int64, "player_end": pl.Int64, "stack_h": pl.Int64,
          "dealt": pl.String, "is_hero": pl.Boolean}  # fmt: skip


def _frame(rows: list[dict[str, object]], schema: Mapping[str, type[pl.DataType]]
           ) -> pl.DataFrame:  # fmt: skip
    if not rows:
        return pl.DataFrame(schema=schema)
    frame = pl.DataFrame(rows, schema_overrides=schema)
    return frame.select(list(schema)).cast(schema)  # type: ignore[arg-type]


def _lines(
    text: ChunkText, rows: _Rows, names: list[bytes],
    seats: list[dict[str, object]], events: list[dict[str, object]],
    markers: list[dict[str, object]], boards: list[dict[str, object]],
    unknown: list[dict[str, object]], starts: list[dict[str, object]], totals: pl.DataFrame,
    results: pl.DataFrame, room_amounts: pl.DataFrame,
) -> Lines:  # fmt: skip
    """The frames, over a text whose row ``i`` is the file line of row ``i``'s element
    (the players' names after the chunk's text, for the spans seat rows keep)."""
    line = np.array(rows.line, np.int64)
    data = np.concatenate([text.data, np.frombuffer(b"\n" + b"".join(names), np.uint8)])
    rows_text = ChunkText(data, pa.py_buffer(data.tobytes()), np.array(rows.start, np.int64),
                          np.array(rows.end, np.int64), text.file[line], text.offset[line],
                          text.line_no[line])  # fmt: skip
    hand = np.array(rows.hand, np.int64)
    start_rows = np.array([s["idx"] for s in starts], np.int64)
    starts_frame = _frame(starts, {"hand": pl.Int64, "idx": pl.Int64, "file": pl.Int64,
                                   "offset": pl.Int64, "line_no": pl.Int64}).with_columns(
        text=rows_text.strings(rows_text.starts[start_rows], rows_text.ends[start_rows], "text"))
    last = pl.DataFrame({"hand": hand, "idx": np.arange(hand.size)}).group_by(
        "hand", maintain_order=True).agg(last_idx=pl.col("idx").max())
    empty = {"hand": pl.Int64, "idx": pl.Int64}
    return Lines(
        starts=starts_frame,
        preamble=pl.DataFrame(schema={**empty, "file": pl.Int64, "offset": pl.Int64,
                                      "line_no": pl.Int64, "text": pl.String}),
        text=rows_text,
        last_lines=last,
        markers=_frame(markers, {**empty, "marker": pl.String, "street": pl.Int8,
                                 "run": pl.Int8}),
        tables=pl.DataFrame(schema={**empty, "table_name": pl.String, "max_seats": pl.Int8,
                                    "button_seat": pl.Int8, "currency": pl.String}),
        buttons=pl.DataFrame(schema={**empty, "button_seat": pl.Int8}),
        seats=_frame(seats, _SEATS),
        events=_frame(events, _EVENTS).sort("hand", "idx", maintain_order=True),
        totals=totals,
        boards=_boards(boards),
        summary_seats=results,
        cancelled=pl.DataFrame(schema=empty),
        room_money=pl.DataFrame(schema={**empty, "amount_h": pl.Int64}),
        summary_amounts=room_amounts,
        unknown=_frame(unknown, empty),
        line_hand=hand,
        line_kind=np.array(rows.kind, np.int64),
    )


def _boards(boards: list[dict[str, object]]) -> pl.DataFrame:
    """One board per hand (its streets' cards joined), at its flop's row."""
    frame = _frame(boards, {"hand": pl.Int64, "idx": pl.Int64, "cards": pl.String})
    joined = frame.group_by("hand", maintain_order=True).agg(
        pl.col("idx").first(), pl.col("cards").str.join(" "))
    return joined.select("hand", "idx", run=pl.lit(1, pl.Int8), cards="cards")


def _info(lines: Lines, header_rows: list[dict[str, object]], fmt: XmlFormat, grammar: Grammar
          ) -> pl.DataFrame:  # fmt: skip
    """Each hand's header row, as :func:`ingest.engine.header.hand_info` gives it: the
    session header's texts decoded by the grammar's header regexes, the stakes read in the
    hand's amount style, the start time in the format's implied zone."""
    heads = pl.DataFrame(header_rows, schema={
        "hand_id": pl.String, "template": pl.String, "time": pl.String,
        "table_name": pl.String, "button_seat": pl.Int8, "max_seats": pl.Int8,
        "comma": pl.Boolean, "uncalled_reading": pl.String, "stamp": pl.Int64})  # fmt: skip
    templates = heads.select("template").unique(maintain_order=True)
    fields = template_fields(templates, grammar).drop("game", "table", "max_seats").rename(
        {"game_name": "game"})
    fields = heads.select("template").join(fields, on="template", how="left",
                                           maintain_order="left").drop("template")

    def blind(column: str) -> pl.Series:
        texts, commas = fields[column].to_list(), heads["comma"].to_list()
        value = np.array([hundredths(t, c) if t is not None else -1
                          for t, c in zip(texts, commas, strict=True)], np.int64)  # fmt: skip
        chips, ok = units(value)
        return pl.Series(pa.array(chips, mask=~ok), dtype=pl.Int64)

    zone = grammar.implied_zone
    started = heads.select(naive=pl.coalesce(
        [pl.col("time").str.strptime(pl.Datetime("us"), f, strict=False)
         for f in fmt.time_formats if "%z" not in f and "%s" not in f]
        or [pl.lit(None, pl.Datetime("us"))])).select(
        started_at=to_utc(pl.col("naive"), pl.lit(zone), [zone]))
    if fmt.stamp or any("%z" in f or "%s" in f for f in fmt.time_formats):
        started = zoned_starts(heads, fmt, started["started_at"])
    info = pl.concat([
        lines.starts, heads.select("hand_id", "template"),
        fields.drop("small_blind", "big_blind"), started,
        heads.select("table_name", "max_seats", button_seat="button_seat",
                     uncalled_reading="uncalled_reading"),
    ], how="horizontal").with_columns(small_blind=blind("sb"), big_blind=blind("bb"))
    info = info.with_columns(small_blind=pl.when(pl.col("sb").is_null() & pl.col("bb")
                                                 .is_not_null()).then(0).otherwise("small_blind"))
    if not grammar.blinds_in_posts:
        return info
    return posted_blinds(lines, info, grammar.big_blind_twice_small, grammar.posts_decide_blinds)
