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

_COLLECT, _SHOW = KIND_CODE["collect"], KIND_CODE["show"]
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
    """The summary ``rows`` that are collect lines of the grammar's templates (a room that
    writes who won what in its summary, as KingsClub's ``Hero wins (932.50) from pot``), or
    shows (a room that writes the cards shown only there)."""
    actions = grammar.actions
    if not rows.size or not (actions.codes == _COLLECT).any():
        return rows[:0]
    _, code, _, _ = fields.read_actions(text.data, text.starts[rows], text.ends[rows], actions)
    collects: np.ndarray = rows[(code == _COLLECT) | (code == _SHOW)]
    return collects


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
         "cards": cards_text(cards.str.replace_all(r"[\[\]:]", ""))},
    )  # fmt: skip
    # a marker that deals only the new cards (``** Dealing Turn ** [ Qs ]``) adds them to
    # those of the board's markers before it; one that starts with them repeats them
    boards = frame.group_by("hand", "run", maintain_order=True).agg(
        pl.col("idx").last(), pl.col("cards")
    )
    dealt = pl.Series("cards", [_dealt_so_far(m) for m in boards["cards"].to_list()], pl.String)
    return boards.with_columns(dealt).sort("hand", "idx").select("hand", "idx", "run", "cards")


def _dealt_so_far(markers: list[str | None]) -> str:
    """A board's cards from the cards of its markers, in order (see :func:`marker_boards`)."""
    board: list[str] = []
    for cards in markers:
        new = cards.split() if cards else []
        board = new if new[: len(board)] == board else [*board, *new]
    return " ".join(board)


def cards_text(cards: pl.Series) -> pl.Series:
    """Card texts written one way: separated by single spaces, with no commas around them
    (``[ Jc, 7d, 6c ]`` is ``Jc 7d 6c``)."""
    return cards.str.replace_all(r"[\s,]+", " ").str.strip_chars()
