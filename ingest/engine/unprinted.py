"""What some rooms leave out of a hand's lines and the engine reads from the rest: the blinds
of tournament hands that print no post (posted by the seats after the button), a grammar's
choice (``Grammar.unprinted_blinds``)."""

from __future__ import annotations

import dataclasses

import numpy as np
import polars as pl

from ingest.engine import grouped
from ingest.engine.columns import numbers
from ingest.engine.grammar import KIND_CODE
from ingest.engine.lines import Lines

_POSTS = (KIND_CODE["post_sb"], KIND_CODE["post_bb"], KIND_CODE["post_sb_bb"])
_ANTE = KIND_CODE["ante"]


def tournament_blinds(lines: Lines, info: pl.DataFrame, seats: pl.DataFrame) -> Lines:
    """The lines with the blinds of each tournament hand that prints no post: the small
    blind posted by the first player dealt in after the button (the button, heads-up) and
    the big blind by the next, each at most what the player has left after the ante, of
    the hand's blinds (fixed limit: its stakes are the bets, the blinds half the small bet
    and the small bet). Dealt in are the players with a line in the hand. The posts come
    before the hand's first line that is no ante."""
    ev = lines.events
    n = info.height
    hand, code = ev["hand"].to_numpy(), ev["code"].to_numpy()
    posted = grouped.counts(hand, n, np.isin(code, _POSTS)) > 0
    wanted = (
        info["is_tournament"].fill_null(False).to_numpy() & ~posted
        & (numbers(info["button_seat"], -1) >= 0) & (numbers(info["big_blind"], -1) > 0)
    )  # fmt: skip
    if not wanted.any():
        return lines
    seat_rows = seats.filter(pl.Series(wanted[seats["hand"].to_numpy()]))
    events = ev.filter(pl.Series(wanted[hand]))
    added = []
    for h in np.flatnonzero(wanted).tolist():
        mine = events.filter(pl.col("hand") == h)
        acting = set(mine["seat"].drop_nulls().to_list())
        table = seat_rows.filter(pl.col("hand") == h).select("seat", "player", "stack", "dealt")
        dealt = sorted(s for s, _, _, cards in table.iter_rows() if s in acting or cards)
        blinds = _blind_seats(dealt, int(info["button_seat"][h]))
        not_ante = mine.filter(pl.col("code") != _ANTE)
        if blinds is None or not not_ante.height:
            continue
        small, big = int(info["small_blind"][h]), int(info["big_blind"][h])
        if info["limit_type"][h] == "FL":
            small, big = small // 2, small
        antes = mine.filter(pl.col("code") == _ANTE).group_by("seat").agg(pl.col("value_h").sum())
        ante_of = dict(antes.iter_rows())
        by_seat = {s: (p, stack) for s, p, stack, _ in table.iter_rows()}
        for seat, amount, kind in ((blinds[0], small, _POSTS[0]), (blinds[1], big, _POSTS[1])):
            player, stack = by_seat[seat]
            left = (stack or 0) - ante_of.get(seat, 0)  # hundredths, as the stack is stored
            added.append({"hand": h, "idx": not_ante["idx"][0], "seat": seat, "player": player,
                          "code": kind, "value_h": max(min(amount, left), 0)})  # fmt: skip
    if not added:
        return lines
    rows = pl.DataFrame(added).with_columns(
        street=pl.lit(0), run=pl.lit(1), all_in=pl.lit(False), cards=pl.lit(None, pl.String),
        damaged=pl.lit(False), pot=pl.lit(None, pl.Int64), adds=pl.lit(False),
        fee_h=pl.lit(-1), half=pl.lit(0),
    ).select(ev.columns).cast(ev.schema)  # fmt: skip
    # each post before the line it was added at: keys 2 idx (added) and 2 idx + 1 (read)
    both = pl.concat([ev.with_columns(_key=pl.col("idx") * 2 + 1),
                      rows.with_columns(_key=pl.col("idx") * 2)])
    return dataclasses.replace(lines, events=both.sort("hand", "_key", maintain_order=True)
                               .drop("_key"))


def _blind_seats(dealt: list[int], button: int) -> tuple[int, int] | None:
    """The small and big blinds' seats among the seats dealt in (sorted), clockwise from
    the button: heads-up the button posts the small blind."""
    if len(dealt) < 2:
        return None
    after = [s for s in dealt if s > button] + [s for s in dealt if s <= button]
    small = button if len(dealt) == 2 and button in dealt else after[0]
    return small, after[(after.index(small) + 1) % len(after)]
