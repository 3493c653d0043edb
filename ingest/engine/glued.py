"""Statements a room writes on one line, the line break between them left out (the Mac
client of PartyPoker: ``Player3 is sitting outPlayer4 posts big blind [$0,25 USD].``): the
line is cut where one of the grammar's glue texts (``Grammar.glued_after``) is followed by
the name of a player seated in the hand and a space, each piece read as a line of its own.
"""

from __future__ import annotations

import numpy as np

from ingest.engine import fields, scan
from ingest.engine.scan import njit
from ingest.engine.text import ChunkText


@njit
def _cuts(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, rows: np.ndarray,
    hand: np.ndarray, seat_hand: np.ndarray, names: np.ndarray, glue: np.ndarray,
    glue_bounds: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """The ``rows`` (lines, in order) that hold a glue text followed by a seated player's
    name (``names``: spans of the seat lines' players, ``seat_hand`` their hands, in
    order) and a space, and where the first such name starts in each."""
    out_rows = np.empty(rows.size, np.int64)
    out_cuts = np.empty(rows.size, np.int64)
    count, first = 0, 0
    for i in rows:
        while first < seat_hand.size and seat_hand[first] < hand[i]:
            first += 1
        cut = -1
        for g in range(glue_bounds.size - 1):
            # (entries compared in place: a slice costs reference counting per line)
            text_first, text_last = glue_bounds[g], glue_bounds[g + 1]
            pos = scan.find_entry(data, starts[i] + 1, ends[i], glue, text_first, text_last)
            while pos >= 0 and (cut < 0 or pos + text_last - text_first < cut):
                after = pos + text_last - text_first
                k = first
                while k < seat_hand.size and seat_hand[k] == hand[i]:
                    size = names[k, 1] - names[k, 0]
                    if size > 0 and after + size < ends[i] and data[after + size] == 32 and (
                        scan.at_entry(data, after, ends[i], data, names[k, 0], names[k, 1])
                    ):
                        cut = after if cut < 0 else min(cut, after)
                        break
                    k += 1
                pos = scan.find_entry(data, pos + 1, ends[i], glue, text_first, text_last)
        if cut > starts[i]:
            out_rows[count], out_cuts[count] = i, cut
            count += 1
    return out_rows[:count], out_cuts[:count]


def unglue(
    text: ChunkText, hand: np.ndarray, rows: np.ndarray, seat_rows: np.ndarray,
    glue: tuple[str, ...], words: tuple[np.ndarray, ...], stack_suffix: np.ndarray,
    stack_between: tuple[np.ndarray, ...],
) -> ChunkText:  # fmt: skip
    """The lines with each of ``rows`` that holds statements glued together cut before the
    second (see the module's docstring); ``seat_rows`` are the hand's seat lines. A piece
    keeps its line's number, and its offset is where it starts (the text is not
    rewritten: a cut line is two spans of it)."""
    spans = fields.seat_fields(text.data, text.starts[seat_rows], text.ends[seat_rows],
                               stack_suffix, words, *stack_between)  # fmt: skip
    names = np.ascontiguousarray(spans[:, 2:4])
    table, bounds = scan.literal_table(list(glue))
    for _ in range(8):  # a line of several statements is cut once per pass
        cut_rows, cuts = _cuts(text.data, text.starts, text.ends, rows, hand, hand[seat_rows],
                               names, table, bounds)  # fmt: skip
        if not cut_rows.size:
            return text
        after = cut_rows + 1
        ends = text.ends.copy()
        ends[cut_rows] = cuts
        text = ChunkText(
            text.data, text.buffer, np.insert(text.starts, after, cuts),
            np.insert(ends, after, text.ends[cut_rows]),
            np.insert(text.file, after, text.file[cut_rows]),
            np.insert(text.offset, after, text.offset[cut_rows] + cuts - text.starts[cut_rows]),
            np.insert(text.line_no, after, text.line_no[cut_rows]),
        )  # fmt: skip
        # the rows and seat lines after each cut move down by the cuts before them
        rows = np.sort(np.concatenate([rows + np.searchsorted(cut_rows, rows, "left"),
                                       after + np.arange(after.size)]))
        seat_rows = seat_rows + np.searchsorted(cut_rows, seat_rows, "left")
        hand = np.insert(hand, after, hand[cut_rows])
    return text
