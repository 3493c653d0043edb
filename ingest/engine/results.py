"""What a room's written results decide: each player's result for the hand (a summary's
signed amount, or an XML seat's stack after the hand less its stack before,
``Grammar.summary_results``) tells readings apart that the chips alone cannot.

A player posting to play (a big blind after the hand's first) may have posted a
small blind dead beside it that no line writes (Microgaming's ``PostedToPlay``,
``Grammar.unwritten_dead_small``): his written result is then his net less the hand's
small blind.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import polars as pl

from ingest.engine.betting import IS_BETTING
from ingest.engine.grammar import KIND_CODE
from ingest.engine.lines import Lines
from ingest.engine.scan import units

_COLLECT, _RETURN = KIND_CODE["collect"], KIND_CODE["return"]
_BIG_BLIND, _BOTH_BLINDS = KIND_CODE["post_bb"], KIND_CODE["post_sb_bb"]


def written_results(lines: Lines) -> pl.DataFrame:
    """Each written result in the smallest unit: hand, seat, result (readable ones only)."""
    summary = lines.summary_seats.filter(pl.col("result_h").is_not_null())
    result_h = summary["result_h"].to_numpy()
    amount, ok = units(np.abs(result_h))
    return pl.DataFrame({"hand": summary["hand"].cast(pl.Int64),
                         "seat": summary["seat"].cast(pl.Int64),
                         "result": np.sign(result_h) * amount}).filter(pl.Series(ok))  # fmt: skip


def _flows(ev: pl.DataFrame) -> pl.DataFrame:
    """Per (hand, seat): chips put in, returned and collected."""
    code = ev["code"].to_numpy()
    chips = ev["chips"].fill_null(0).to_numpy()
    return (
        pl.DataFrame({"hand": ev["hand"], "seat": ev["seat"].cast(pl.Int64),
                      "put": np.where(IS_BETTING[code], chips, 0),
                      "back": np.where(code == _RETURN, chips, 0),
                      "got": np.where(code == _COLLECT, chips, 0)})
        .group_by("hand", "seat")
        .agg(pl.col("put", "back", "got").sum())
    )


def dead_small_posts(ev: pl.DataFrame, results: pl.DataFrame, small_blind: pl.Series
                     ) -> np.ndarray:  # fmt: skip
    """The lines (``idx``) of the big blinds posted after their hand's first whose player's
    written result is his net less the hand's small blind: posts of both blinds whose dead
    small blind is not written."""
    big = pl.col("code") == _BIG_BLIND
    later = ev.select(big & (big.cum_sum().over("hand") > 1)).to_series()
    if not later.any():
        return np.zeros(0, np.int64)
    posts = (
        ev.filter(later).select("hand", "idx", seat=pl.col("seat").cast(pl.Int64))
        .join(_flows(ev), on=["hand", "seat"], how="left")
        .join(results, on=["hand", "seat"], how="inner")
    )
    posts = posts.with_columns(small=small_blind.gather(posts["hand"]).fill_null(0))
    net = posts["got"] - posts["put"] + posts["back"]
    hit = (posts["small"] > 0) & (posts["result"] == net - posts["small"])
    idx: np.ndarray = posts.filter(hit.fill_null(False))["idx"].to_numpy()
    return idx


def as_both_blinds(lines: Lines, idx: np.ndarray) -> Lines:
    """``lines`` with the events of lines ``idx`` posts of both blinds."""
    posts = pl.col("idx").is_in(idx.tolist()) & (pl.col("code") == _BIG_BLIND)
    events = lines.events.with_columns(
        code=pl.when(posts).then(pl.lit(_BOTH_BLINDS, pl.Int8)).otherwise(pl.col("code")))
    return dataclasses.replace(lines, events=events)
