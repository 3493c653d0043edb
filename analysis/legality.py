"""Betting legality, vectorised over the actions table with window functions.

For every betting action the running state is rebuilt with cumulative sums and maxima
over (hand, street): the seat's chips in this street before the action, the level to call,
the pot before the action and the size of the largest bet or raise so far. The rules
(rules.md section 4) then become plain column comparisons:

- pot limit: a bet at most the pot; a raise at most to ``level + pot + (level - mine)``
  (pot 100, facing 100: raise to at most 400); bets at least the big blind and raises at
  least the last bet or raise, unless all-in;
- no limit: the same minimums, no maximum;
- fixed limit: bets and raises of exactly the small bet (preflop, flop) or big bet (turn,
  river) unless all-in, at most a bet and three raises per round unless two players are
  left at the start of the round;
- every limit: a call no larger than the amount to call (smaller only all-in), a check
  only when nothing is to call, and every voluntary action in turn: between two actions
  of a round, every seat skipped clockwise must have folded or gone all-in already.
"""

from __future__ import annotations

import polars as pl

from analysis.replay import money_text

BETTING_STREETS = ("preflop", "flop", "turn", "river")
VOLUNTARY = ("fold", "check", "call", "bet", "raise")
FIXED_LIMIT_BETS = 4  # a bet and three raises
_HS = ["h", "street"]


def _state(hands: pl.DataFrame, actions: pl.DataFrame) -> pl.DataFrame:
    """Every betting action with the running state before it."""
    kind = pl.col("kind")
    chips = kind.is_in(("post_sb", "post_bb", "post_dead", "post_sb_bb", "ante", "straddle",
                        "call", "bet", "raise"))  # fmt: skip
    street_chips = (
        pl.when(chips & (kind != "ante")).then(pl.col("amount") - pl.col("dead")).otherwise(0)
    )
    rows = (
        actions.filter(pl.col("street").is_in(BETTING_STREETS) & pl.col("seat").is_not_null())
        .join(
            hands.select(
                "h", "limit_type", "big_blind",
                pl.when(pl.col("currency").is_in(["chips", "play"])).then(1).otherwise(100)
                .alias("unit"),
            ),
            on="h",
        )
        .with_columns(
            pl.col("amount").filter(kind == "post_bb").first().over("h")
            .fill_null(pl.col("big_blind")).alias("posted_bb"),
            street_chips.alias("street_chips"),
            pl.when(chips).then(pl.col("amount")).otherwise(0).alias("pot_chips"),
        )
        .with_columns(
            pl.col("street_chips").cum_sum().over([*_HS, "seat"]).alias("mine_after"),
            pl.col("pot_chips").cum_sum().over("h").alias("pot_after"),
        )
        .with_columns(
            (pl.col("mine_after") - pl.col("street_chips")).alias("mine"),
            (pl.col("pot_after") - pl.col("pot_chips")).alias("pot"),
            pl.col("mine_after").cum_max().over(_HS).alias("level_after"),
        )
        .with_columns(
            pl.col("level_after").shift(1).over(_HS).fill_null(0).alias("level"),
        )
        .with_columns(
            pl.when(kind.is_in(("bet", "raise", "post_bb", "straddle")))
            .then(pl.col("level_after") - pl.col("level"))
            .otherwise(0)
            .alias("increment"),
        )
        .with_columns(
            pl.max_horizontal(
                pl.col("increment").cum_max().shift(1).over(_HS).fill_null(0),
                pl.col("big_blind"),
            ).alias("min_increment"),
            # the small bet is the big blind actually posted (headers differ: stakes or blinds)
            pl.when(pl.col("street").is_in(["preflop", "flop"]))
            .then(pl.col("posted_bb"))
            .otherwise(2 * pl.col("posted_bb"))
            .alias("limit_bet"),
            (kind.is_in(("bet", "raise")) | ((kind == "post_bb") & (pl.col("street") == "preflop")
                                             & (pl.col("level") == 0)))
            .cast(pl.Int32).cum_sum().over(_HS).alias("bets_made"),
        )
    )
    return rows.with_columns(
        (pl.col("level") + pl.col("pot") + pl.col("level") - pl.col("mine")).alias("pot_max")
    )


def betting_problems(
    hands: pl.DataFrame, actions: pl.DataFrame, seats: pl.DataFrame
) -> pl.DataFrame:
    """Rows (h, reason) for every illegal action; ``actions`` sorted by hand and seq."""
    rows = _state(hands, actions)
    kind = pl.col("kind")
    all_in = pl.col("all_in")
    to = pl.col("level_after")
    limit = pl.col("limit_type")
    street = pl.col("street")
    checks: list[tuple[pl.Expr, pl.Expr]] = [
        (
            (limit == "PL") & kind.is_in(("bet", "raise")) & (to > pl.col("pot_max")),
            _say(kind, " to ", money_text("level_after"), " on the ", street,
                 ", above the pot-limit maximum ", money_text("pot_max")),
        ),
        (
            limit.is_in(("PL", "NL")) & (kind == "raise") & ~all_in
            & (pl.col("increment") < pl.col("min_increment")),
            _say(kind, " to ", money_text("level_after"), " on the ", street,
                 ", below the minimum raise of ", money_text("min_increment")),
        ),
        (
            limit.is_in(("PL", "NL")) & (kind == "bet") & ~all_in
            & (pl.col("amount") < pl.col("big_blind")),
            _say(kind, " ", money_text("amount"), " on the ", street,
                 ", below the minimum bet of ", money_text("big_blind")),
        ),
        (
            (limit == "FL") & kind.is_in(("bet", "raise")) & ~all_in
            & (pl.col("increment") != pl.col("limit_bet")),
            _say(kind, " by ", money_text("increment"), " on the ", street,
                 ", the fixed-limit bet is ", money_text("limit_bet")),
        ),
        (
            (kind == "call")
            & ((pl.col("amount") > pl.col("level") - pl.col("mine"))
               | ((pl.col("amount") < pl.col("level") - pl.col("mine")) & ~all_in)),
            _say(kind, " ", money_text("amount"), " on the ", street, " facing ",
                 money_text("level"), " with ", money_text("mine"), " in"),
        ),
        (
            (kind == "check") & (pl.col("level") > pl.col("mine")),
            _say(kind, " on the ", street, " facing ", money_text("level")),
        ),
    ]
    found = [rows.filter(condition).select("h", "seq", reason.alias("reason"))
             for condition, reason in checks]
    found.append(_capped(rows))
    found.append(_out_of_turn(hands, actions, seats))
    return pl.concat(found).sort("h", "seq").select("h", "reason")


def _say(kind: pl.Expr, *parts: str | pl.Expr) -> pl.Expr:
    pieces = [pl.col("player"), pl.lit(" "), kind.cast(pl.String) + "s"]
    pieces += [pl.lit(part) if isinstance(part, str) else part.cast(pl.String) for part in parts]
    return pl.concat_str(pieces)


def _capped(rows: pl.DataFrame) -> pl.DataFrame:
    """Fixed-limit raises beyond the cap, unless the round began heads-up."""
    starting = rows.group_by(_HS).agg(pl.col("seat").n_unique().alias("in_round"))
    over = rows.join(starting, on=_HS).filter(
        (pl.col("limit_type") == "FL") & (pl.col("kind") == "raise")
        & (pl.col("bets_made") > FIXED_LIMIT_BETS) & (pl.col("in_round") > 2)
    )
    return over.select(
        "h", "seq",
        pl.concat_str(pl.col("player"), pl.lit(" makes bet number "),
                      pl.col("bets_made").cast(pl.String), pl.lit(" on the "), pl.col("street"),
                      pl.lit(f"; the cap is {FIXED_LIMIT_BETS}")).alias("reason"),
    )


def _out_of_turn(hands: pl.DataFrame, actions: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Voluntary actions taken while a seat clockwise before the actor was still to act.

    Each round's chain starts at the big blind preflop (or the last straddle)
    and at the button on later streets; for each action, every seat strictly between the
    previous link and the actor must have folded or gone all-in before.
    """
    betting = actions.filter(pl.col("street").is_in(BETTING_STREETS) & pl.col("seat").is_not_null())
    # The first big blind posted is the real one (later ones are players coming in).
    big_blind = betting.filter(pl.col("kind") == "post_bb").group_by("h").agg(
        pl.col("seat").first().alias("bb_seat")
    )
    straddle = betting.filter(pl.col("kind") == "straddle").group_by("h").agg(
        pl.col("seat").last().alias("straddle_seat")
    )
    opener = (
        big_blind.join(straddle, on="h", how="left")
        .select("h", pl.coalesce("straddle_seat", "bb_seat").alias("opener_pre"))
        .join(hands.select("h", "button_seat"), on="h", how="right")
    )
    voluntary = betting.filter(pl.col("kind").is_in(VOLUNTARY)).select(
        "h", "street", "seq", "seat", "player", "kind", "all_in"
    )
    chain = voluntary.join(opener, on="h", how="left").with_columns(
        pl.col("seat").shift(1).over(_HS).alias("previous"),
    ).with_columns(
        pl.coalesce(
            "previous",
            pl.when(pl.col("street") == "preflop").then(pl.col("opener_pre"))
            .otherwise(pl.col("button_seat")),
        ).cast(pl.Int16).alias("previous"),
    ).filter(pl.col("previous").is_not_null())
    # A seat leaves the rotation at its fold or its all-in action.
    gone = betting.filter((pl.col("kind") == "fold") | pl.col("all_in")).group_by("h", "seat").agg(
        pl.col("seq").min().alias("gone_at")
    )
    table = seats.select("h", pl.col("seat").alias("other"))
    size = 256
    pairs = (
        chain.join(table, on="h")
        .with_columns(
            ((pl.col("other").cast(pl.Int16) - pl.col("previous")) % size).alias("d_other"),
            # the actor's own seat is a full turn away when it acts again
            ((pl.col("seat").cast(pl.Int16) - pl.col("previous") - 1) % size + 1).alias("d_actor"),
        )
        .filter((pl.col("d_other") > 0) & (pl.col("d_other") < pl.col("d_actor")))
        .join(gone.rename({"seat": "other"}), on=["h", "other"], how="left")
        .filter(pl.col("gone_at").is_null() | (pl.col("gone_at") > pl.col("seq")))
    )
    first = pairs.group_by("h", "seq").agg(pl.col("player").first(), pl.col("kind").first(),
                                          pl.col("street").first(), pl.col("other").first())
    return first.select(
        "h", "seq",
        pl.concat_str(pl.col("player"), pl.lit(" "), pl.col("kind") + "s", pl.lit(" on the "),
                      pl.col("street"), pl.lit(" out of turn (seat "),
                      pl.col("other").cast(pl.String), pl.lit(" was still to act)"),
                      ).alias("reason"),
    )
