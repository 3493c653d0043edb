"""Chip flow of every hand, vectorised over the actions table, and each hand's pots.

The flow is one polars group-by over the actions: per hand and seat the chips put in
(dead money apart), the uncalled bet returned, whether the seat folded, mucked or showed.
The hand-level checks compare it with the history's own figures: each player's put-in,
returned and collected amounts, the stack, the total pot, the rake, and the uncalled bet.

How PokerStars spreads the rake (measured on the corpus, see README "Audit"): the rake is
taken from the pots before they are divided, main pot first, so that the rake charged on
the pots up to and including pot k is ``round(R * C_k / T)``, where R is the hand's rake,
T the total pot and C_k the chips in pots 0..k (round half up). In the corpus hand
#22865231671 (total $3.70, rake $0.18, pots $2.47, $0.93, $0.30) this gives 12, 5 and 1
cents, exactly the history's pot figures; a plain proportional split with largest
remainders would give 12, 4, 2 and fails. Each pot's remainder is then divided among the
boards (run it twice: #134782498345 pays $8,385.36 per board of $16,772.72 less $2) and
the high and low halves as the awards module does. The one raked hi/lo pot paid in halves
in the corpus (#35875159084, $4.85, rake $0.20: $2.33 and $2.32) fits halving after the
rake and raking each half alike; a one-cent difference between the two ways would show as
an ``odd_chip``, not a misaward. Run It Once Poker, which writes the same format, takes its
capped rake from the main pot alone (hand #34011543): see ``ingest.rooms``.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import polars as pl

from ingest import money
from omaha_core.pots import Pot

KEY = ["site", "hand_id"]
BET_KINDS = ("post_sb", "post_bb", "post_dead", "post_sb_bb", "ante", "straddle", "call", "bet",
             "raise")  # fmt: skip


def spread_rake(
    gross: Sequence[int], rake: int, main_first: bool = False, unit: int = 1
) -> list[int]:
    """The rake charged on each pot (main first), summing to ``rake``: in proportion to
    the cumulative pot counted in whole ``unit``s (BetOnline: whole dollars), else from
    the main pot first.

    >>> spread_rake([247, 93, 30], 18)
    [12, 5, 1]
    >>> spread_rake([6260, 2098], 200, main_first=True)
    [200, 0]
    >>> spread_rake([1260, 1150], 120, unit=100)
    [60, 60]
    """
    if unit > 1 and not main_first and sum(gross) >= unit:
        whole = [cumulative // unit for cumulative in itertools.accumulate(gross)]
        return spread_rake([b - a for a, b in itertools.pairwise([0, *whole])], rake)
    total = sum(gross)
    if not total or not rake:
        return [0] * len(gross)
    if main_first:
        charged: list[int] = []
        left = rake
        for amount in gross:
            charged.append(min(left, amount))
            left -= charged[-1]
        charged[-1] += left
        return charged
    charged = []
    before = 0
    cumulative = 0
    for amount in gross:
        cumulative += amount
        # round half up in integers: floor((2 R C + T) / 2T)
        through = (2 * rake * cumulative + total) // (2 * total)
        charged.append(through - before)
        before = through
    return charged


def net_pots(
    pots: Sequence[Pot], rake: int, main_first: bool = False, unit: int = 1
) -> list[Pot]:
    """The pots after the rake, as the winners divide them (see :func:`spread_rake`)."""
    charged = spread_rake([pot.amount for pot in pots], rake, main_first, unit)
    return [Pot(pot.amount - cut, pot.eligible) for pot, cut in zip(pots, charged, strict=True)]


def seat_flow(actions: pl.DataFrame) -> pl.DataFrame:
    """Per hand and seat: put_in (dead included), dead, returned, folded, mucked, shown cards.

    Plain sums and maxima over one integer key (hand * 256 + seat): filtered aggregations
    per (hand, seat) group cost several times more.
    """
    bet = pl.col("kind").is_in(BET_KINDS)
    seated = actions.filter(pl.col("seat").is_not_null())
    flow = (
        seated.select(
            (pl.col("h").cast(pl.Int64) * 256 + pl.col("seat")).alias("_key"),
            pl.when(bet).then(pl.col("amount")).otherwise(0).alias("flow_put_in"),
            pl.when(bet).then(pl.col("dead")).otherwise(0).alias("flow_dead"),
            pl.when(pl.col("kind") == "return").then(pl.col("amount")).otherwise(0)
            .alias("flow_returned"),
            (pl.col("kind") == "fold").alias("folded"),
            (pl.col("kind") == "muck").alias("mucked"),
            pl.col("all_in").alias("went_all_in"),
        )
        .group_by("_key")
        .agg(
            pl.col("flow_put_in", "flow_dead", "flow_returned").sum(),
            pl.col("folded", "mucked", "went_all_in").max(),
        )
    )
    shown = (
        seated.filter(pl.col("kind") == "show")
        .group_by("h", "seat")
        .agg(pl.col("cards").first().alias("shown"))
    )
    return (
        flow.with_columns(
            (pl.col("_key") // 256).cast(pl.UInt32).alias("h"),
            (pl.col("_key") % 256).cast(pl.Int8).alias("seat"),
        )
        .drop("_key")
        .join(shown, on=["h", "seat"], how="left")
    )


def flow_table(
    hands: pl.DataFrame, players: pl.DataFrame, actions: pl.DataFrame, collections: pl.DataFrame
) -> pl.DataFrame:
    """One row per hand and seat: the players table joined with the replayed flow."""
    flow = seat_flow(actions)
    collected = collections.group_by(["h", "seat"]).agg(
        pl.col("amount").sum().alias("flow_collected")
    )
    seats = (
        players.filter(~pl.col("sitting_out") | pl.col("put_in").gt(0))
        .join(flow, on=["h", "seat"], how="left")
        .join(collected, on=["h", "seat"], how="left")
        .with_columns(
            pl.col("flow_put_in", "flow_dead", "flow_returned", "flow_collected").fill_null(0),
            pl.col("folded", "mucked", "went_all_in").fill_null(False),
        )
        .with_columns(
            (pl.col("flow_put_in") - pl.col("flow_dead")).alias("live"),
            known_cards("shown", "hole_cards").alias("cards"),
        )
    )
    return seats.join(hands.select("h", "button_seat"), on="h", how="left")


# One card in a hole-card text (``10h`` or ``Th``); ``XX``, an unshown card, is not one.
_CARD = r"(?i)(?:10|[2-9tjqka])[cdhs]"


def card_count(column: str) -> pl.Expr:
    """How many cards the text in ``column`` names (0 when null)."""
    return pl.col(column).str.count_matches(_CARD).fill_null(0)


def known_cards(shown: str, dealt: str) -> pl.Expr:
    """The text naming more of a seat's cards: those shown, or those dealt to the history's
    owner (who may show only some of them: ``Hero: shows [Ad]``); null when neither."""
    return (
        pl.when(card_count(shown) >= card_count(dealt))
        .then(pl.col(shown))
        .otherwise(pl.col(dealt))
    )


def uncalled_expected(seats: pl.DataFrame) -> pl.DataFrame:
    """Per hand: the seat whose top live contribution nobody matched, and by how much."""
    ranked = seats.sort(["h", "live"], descending=[False, True])
    return (
        ranked.group_by("h", maintain_order=True)
        .agg(
            pl.col("seat").first().alias("top_seat"),
            pl.col("live").first().alias("top"),
            pl.col("live").get(1, null_on_oob=True).fill_null(0).alias("second"),
            pl.col("folded").first().alias("top_folded"),
        )
        .with_columns(
            pl.when(pl.col("top_folded"))
            .then(0)
            .otherwise(pl.col("top") - pl.col("second"))
            .alias("uncalled")
        )
    )


def flow_problems(hands: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Rows (h, reason) for every chip-flow disagreement; all checks are vectorised."""
    money = _money_expr(hands)
    seat_rows = seats.join(money, on="h", how="left")
    checks: list[pl.DataFrame] = []

    def add(frame: pl.DataFrame, reason: pl.Expr) -> None:
        checks.append(frame.select("h", reason.alias("reason")))

    over = seat_rows.filter(pl.col("flow_put_in") > pl.col("stack"))
    add(over, _fmt("{} puts in {} with a stack of {}", "player", "flow_put_in", "stack"))
    # the end stack is the start plus net: net must be what the replayed flow gives
    seat_rows = seat_rows.with_columns(
        (pl.col("flow_collected") + pl.col("cashed_out") + pl.col("insurance")
         - pl.col("flow_put_in") + pl.col("flow_returned")).alias("flow_net")
    )
    for ours, theirs, what in (
        ("flow_put_in", "put_in", "put in"),
        ("flow_returned", "returned", "returned"),
        ("flow_collected", "collected", "collected"),
        ("flow_net", "net", "net result"),
    ):
        differ = seat_rows.filter(pl.col(ours) != pl.col(theirs))
        template = "{} " + what + ": actions say {}, history says {}"
        add(differ, _fmt(template, "player", ours, theirs))
    totals = seats.group_by("h").agg(
        (pl.col("flow_put_in").sum() - pl.col("flow_returned").sum()).alias("flow_pot"),
        (pl.col("flow_collected").sum() + pl.col("not_awarded").sum()).alias("paid"),
    )
    hand_rows = hands.join(totals, on="h", how="left").join(money, on="h", how="left")
    wrong_pot = hand_rows.filter(pl.col("flow_pot") != pl.col("total_pot"))
    add(wrong_pot, _fmt("total pot {} but the actions put in {}", "total_pot", "flow_pot"))
    wrong_paid = hand_rows.filter(
        pl.col("paid") + pl.col("rake") != pl.col("total_pot")
    ).with_columns((pl.col("total_pot") - pl.col("rake")).alias("due"))
    add(wrong_paid, _fmt("pot less rake is {} but the history pays {}", "due", "paid"))
    uncalled = uncalled_expected(seats).join(money, on="h", how="left")
    returned = seats.filter(pl.col("flow_returned") > 0).select(
        "h", pl.col("seat").alias("ret_seat"), "flow_returned", "player"
    )
    joined = uncalled.join(returned, on="h", how="left").filter(
        (pl.col("uncalled") > 0) | pl.col("ret_seat").is_not_null()
    )
    wrong_return = joined.filter(
        (pl.col("uncalled").fill_null(0) != pl.col("flow_returned").fill_null(0))
        | (pl.col("ret_seat").is_not_null() & (pl.col("ret_seat") != pl.col("top_seat")))
    ).with_columns(pl.col("flow_returned").fill_null(0))
    add(wrong_return, _fmt("uncalled bet is {}, history returns {}", "uncalled", "flow_returned"))
    return pl.concat(checks) if checks else pl.DataFrame({"h": [], "reason": []})


def _money_expr(hands: pl.DataFrame) -> pl.DataFrame:
    """Per hand the divisor used to print amounts (100 for currencies, 1 for chips)."""
    return hands.select("h", "currency")


def money_text(column: str) -> pl.Expr:
    """An amount column as people read it: $12.50, 1,250 chips (needs ``currency``)."""
    return money.money_text(pl.col(column), pl.col("currency"))


def _fmt(template: str, *columns: str) -> pl.Expr:
    """A reason text from a template whose ``{}`` are filled with columns (money formatted)."""
    parts = template.split("{}")
    pieces: list[pl.Expr] = [pl.lit(parts[0])]
    for column, tail in zip(columns, parts[1:], strict=True):
        pieces.append(pl.col(column).cast(pl.String) if column == "player" else money_text(column))
        pieces.append(pl.lit(tail))
    return pl.concat_str(pieces)
