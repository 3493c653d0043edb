"""What a room writes in place of PokerStars' summary: amounts on lines of their own (a rake
alone, no total pot line), collect lines written as action templates, and boards read from
the street markers when the summary prints none (see ``Grammar.summary_amounts``,
``Grammar.boards_in_markers``). Each returns rows for :mod:`ingest.engine.lines`."""

from __future__ import annotations

import numpy as np
import polars as pl

from ingest.engine import fields, scan
from ingest.engine.grammar import KIND_CODE, Grammar
from ingest.engine.text import ChunkText
from ingest.engine.wording import STREET_CODES, W_MARKER_CLOSE, Wording

_COLLECT = KIND_CODE["collect"]
_DEALING = (STREET_CODES["flop"], STREET_CODES["turn"], STREET_CODES["river"])


def amount_lines(
    text: ChunkText, hand: np.ndarray, rows: np.ndarray, labels: tuple[np.ndarray, np.ndarray]
) -> pl.DataFrame:
    """The ``rows`` that start with one of ``labels``: hand, idx, the label's index and the
    amount after it in hundredths (-1: not an amount)."""
    label = fields.prefix_index(text.data, text.starts[rows], text.ends[rows], *labels)
    rows, label = rows[label >= 0], label[label >= 0]
    first = text.starts[rows] + np.diff(labels[1])[label]
    return pl.DataFrame(
        {"hand": hand[rows], "idx": rows, "label": label,
         "amount_h": scan.hundredths(text.data, first, text.ends[rows], -1)},
        schema={"hand": pl.Int64, "idx": pl.Int64, "label": pl.Int64, "amount_h": pl.Int64},
    )  # fmt: skip


def collect_rows(text: ChunkText, rows: np.ndarray, grammar: Grammar) -> np.ndarray:
    """The summary ``rows`` that are events of the grammar's templates, in a room that
    writes who won what in its summary as templates (KingsClub's ``Hero wins (932.50) from
    pot``): its collect lines, and the cards shown or mucked beside them (WPN's ``Player
    Hero mucks (does not show: [8d 4s 10c 6c]). Bets: 300. Collects: 0. Loses: 300.``)."""
    actions = grammar.actions
    if not rows.size or not (actions.codes == _COLLECT).any():
        return rows[:0]
    _, code, _, _ = fields.read_actions(text.data, text.starts[rows], text.ends[rows], actions)
    events: np.ndarray = rows[(code >= 0) & fields.KIND_EVENT[np.maximum(code, 0)]]
    return events


def marker_boards(
    text: ChunkText, hand: np.ndarray, street: np.ndarray, board: np.ndarray,
    is_marker: np.ndarray, name_end: np.ndarray, wording: Wording,
) -> pl.DataFrame:  # fmt: skip
    """Each board's cards from the last marker of the flop, turn or river that deals it
    (``*** RIVER *** [3c 5c 7s Kc] [Jd]``: the cards of its brackets, in order): hand, idx,
    run and cards, in hand and line order. ``name_end``: where each marker's name ends."""
    rows = np.flatnonzero(is_marker & (hand >= 0) & np.isin(street, _DEALING))
    close = wording.words[W_MARKER_CLOSE].size
    ends = text.ends[rows]
    cards = text.strings(np.minimum(name_end[rows] + close, ends), ends, "cards")
    frame = pl.DataFrame(
        {"hand": hand[rows], "idx": rows, "run": pl.Series(board[rows], dtype=pl.Int8),
         "cards": cards.str.replace_all(r"[\[\]]", "").str.replace_all(r"\s+", " ")
         .str.strip_chars()},
    )  # fmt: skip
    return frame.group_by("hand", "run", maintain_order=True).last().sort("hand", "idx")
