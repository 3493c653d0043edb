"""What a room writes in place of PokerStars' summary: amounts on lines of their own (a rake
alone, no total pot line), collect lines written as action templates, and boards read from
the street markers when the summary prints none (see ``Grammar.summary_amounts``,
``Grammar.boards_in_markers``). Each returns rows for :mod:`ingest.engine.lines`."""

from __future__ import annotations

import numpy as np
import polars as pl
import pyarrow as pa

from ingest.engine import fields
from ingest.engine.amounts import AmountStyle
from ingest.engine.columns import arrow
from ingest.engine.grammar import KIND_CODE, Grammar
from ingest.engine.scan import ends_with, njit
from ingest.engine.text import ChunkText
from ingest.engine.wording import STREET_CODES, W_MARKER_CLOSE, Wording

_COLLECT = KIND_CODE["collect"]
_SUMMARY_EVENTS = (KIND_CODE["collect"], KIND_CODE["return"], KIND_CODE["show"],
                   KIND_CODE["muck"])
_DEALING = (STREET_CODES["flop"], STREET_CODES["turn"], STREET_CODES["river"])


def amount_lines(
    text: ChunkText, hand: np.ndarray, rows: np.ndarray, labels: tuple[np.ndarray, np.ndarray],
    label_ends: tuple[np.ndarray, np.ndarray], style: AmountStyle,
) -> pl.DataFrame:  # fmt: skip
    """The ``rows`` that start with one of ``labels``: hand, idx, the label's index and the
    amount after it in hundredths, up to what ``label_ends`` says follows it (-1: not an
    amount of the room's ``style``, or the line does not end so)."""
    label = fields.prefix_index(text.data, text.starts[rows], text.ends[rows], *labels)
    rows, label = rows[label >= 0], label[label >= 0]
    first = text.starts[rows] + np.diff(labels[1])[label]
    last = text.ends[rows] - np.diff(label_ends[1])[label]
    closed = _end_with(text.data, first, text.ends[rows], label, *label_ends)
    amount = style.hundredths(text.data, first, np.maximum(last, first), -1)
    return pl.DataFrame(
        {"hand": hand[rows], "idx": rows, "label": label,
         "amount_h": np.where(closed & (last >= first), amount, -1)},
        schema={"hand": pl.Int64, "idx": pl.Int64, "label": pl.Int64, "amount_h": pl.Int64},
    )  # fmt: skip


@njit
def _end_with(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, entry: np.ndarray,
    table: np.ndarray, bounds: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Whether each span ends with its ``entry`` of a literal table."""
    out = np.zeros(starts.size, np.bool_)
    for i in range(starts.size):
        out[i] = ends_with(data, starts[i], ends[i], table[bounds[entry[i]] : bounds[entry[i] + 1]])
    return out


def collect_rows(text: ChunkText, rows: np.ndarray, grammar: Grammar) -> np.ndarray:
    """The summary ``rows`` that are collect lines of the grammar's templates (a room that
    writes who won what in its summary, as KingsClub's ``Hero wins (932.50) from pot``),
    and, in such a room, its return, show and muck lines there (888: ``Hero shows [ Tc, 9c
    ]``; WPN: ``Player Hero mucks (does not show: [8d 4s 10c 6c]). Bets: 300. ...``; Merge:
    ``Hero: wins $0.04 (uncalled)``)."""
    actions = grammar.actions
    if not rows.size or not (actions.codes == _COLLECT).any():
        return rows[:0]
    _, code, _, _ = fields.read_actions(text.data, text.starts[rows], text.ends[rows], actions)
    collects: np.ndarray = rows[np.isin(code, _SUMMARY_EVENTS)]
    return collects


def marker_boards(
    text: ChunkText, hand: np.ndarray, street: np.ndarray, board: np.ndarray,
    is_marker: np.ndarray, name_end: np.ndarray, wording: Wording, dealt_apart: bool = False,
) -> pl.DataFrame:  # fmt: skip
    """Each board's cards from the last marker of the flop, turn or river that deals it
    (``*** RIVER *** [3c 5c 7s Kc] [Jd]``: the cards of its brackets, in order), or with
    ``dealt_apart`` from all of them, each writing the cards it deals (``** Dealing turn **
    [ 5d ]``): hand, idx, run and cards, in hand and line order. ``name_end``: where each
    marker's name ends."""
    rows = np.flatnonzero(is_marker & (hand >= 0) & np.isin(street, _DEALING))
    if not dealt_apart:  # only each board's last marker is read
        key = hand[rows] * 256 + board[rows].astype(np.int64) % 256
        _, first_from_end = np.unique(key[::-1], return_index=True)
        rows = rows[np.sort(rows.size - 1 - first_from_end)]
    close = wording.words[W_MARKER_CLOSE].size
    ends = text.ends[rows]
    cards = text.strings(np.minimum(name_end[rows] + close, ends), ends, "cards")
    # the text outside the brackets is no card (``** Dealing Flop ** :  [ Jc, 7d, 6c ]``),
    # where the cards are in brackets (``** Dealing the flop: 6 of s, 10 of h`` has none)
    inside = cards.str.replace(r"^[^\[]*", "").str.replace(r"[^\]]*$", "")
    cards = pl.select(pl.when(cards.str.contains(r"\[")).then(inside).otherwise(cards)).to_series()
    frame = pl.DataFrame(
        {"hand": hand[rows], "idx": rows, "run": pl.Series(board[rows], dtype=pl.Int8),
         "cards": cards.str.replace_all(r"[\[\]]", "").str.replace_all(r"\s+", " ")
         .str.strip_chars()},
    )  # fmt: skip
    if dealt_apart:  # each marker writes the cards it deals: the board is all of them
        return _joined(frame, wording.card_separator).sort("hand", "idx")
    return frame.select("hand", "run", "idx", "cards")


def _joined(frame: pl.DataFrame, separator: str) -> pl.DataFrame:
    """Each board's markers (``frame``: hand, idx, run and cards, in line order) as one row:
    its hand, run, last idx and cards joined by ``separator``, boards in the order they
    are first dealt (a list column joined: a group-by joining strings costs twice more)."""
    hand, run = frame["hand"].to_numpy(), frame["run"].to_numpy()
    _, first, inverse = np.unique(hand * 256 + run.astype(np.int64) % 256, return_index=True,
                                  return_inverse=True)  # fmt: skip
    rank = np.empty(first.size, np.int64)
    rank[np.argsort(first, kind="stable")] = np.arange(first.size)
    board = rank[inverse.ravel()]
    order = np.argsort(board, kind="stable")
    offsets = np.zeros(first.size + 1, np.int32)
    np.cumsum(np.bincount(board, minlength=first.size), out=offsets[1:])
    cards = arrow(frame["cards"]).cast(pa.string()).take(pa.array(order))
    lists = pl.Series(pa.ListArray.from_arrays(pa.array(offsets), cards))
    return pl.DataFrame({
        "hand": hand[order][offsets[:-1]],
        "run": pl.Series(run[order][offsets[:-1]], dtype=pl.Int8),
        "idx": frame["idx"].to_numpy()[order][offsets[1:] - 1],
        "cards": lists.list.join(separator),
    })  # fmt: skip
