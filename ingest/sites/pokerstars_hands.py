"""PokerStars hand headers decoded: game, stakes, currency, tournament, start time in UTC."""

from __future__ import annotations

import polars as pl

from ingest.sites.pokerstars_lines import Lines
from ingest.text import amount, to_utc

# Game names as omaha_core.games names them, from the header's game text.
_OMAHA = (
    r"^(?:(?P<cards_n>[56]) Card )?(?P<variant>Omaha|Courchevel)(?P<hi_lo> Hi/Lo)? "
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)$"
)
_LIMITS = {"Pot Limit": "PL", "No Limit": "NL", "Fixed Limit": "FL", "Limit": "FL"}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}


def _game_fields(headers: pl.DataFrame) -> pl.DataFrame:
    """Game columns decoded once per distinct game text."""
    # Mixed games put the current game in parentheses: "8-Game (Omaha Hi/Lo Limit)".
    game_text = pl.coalesce(
        pl.col("inner"), pl.col("game").str.extract(r"\(([^()]*)\)$", 1), pl.col("game")
    )
    texts = headers.select(game_text=game_text).unique().drop_nulls()
    g = texts.with_columns(pl.col("game_text").str.extract_groups(_OMAHA).alias("g")).unnest("g")
    courchevel = pl.col("variant") == "Courchevel"
    hi_lo = pl.col("hi_lo").is_not_null()
    base = (
        pl.when(courchevel)
        .then(pl.lit("courchevel"))
        .otherwise(pl.lit("omaha") + pl.col("cards_n").fill_null(""))
    )
    suffix = (
        pl.when(~hi_lo)
        .then(pl.lit(""))
        .when(courchevel | pl.col("cards_n").is_null())
        .then(pl.lit("8"))
        .otherwise(pl.lit("_8"))
    )
    g = g.select(
        "game_text",
        is_omaha=pl.col("variant").is_not_null(),
        game_name=base + suffix,
        variant=pl.col("variant").str.to_lowercase(),
        hi_lo=hi_lo,
        hole_cards_count=pl.when(courchevel)
        .then(5)
        .otherwise(pl.col("cards_n").cast(pl.Int8, strict=False).fill_null(4))
        .cast(pl.Int8),
        limit_type=pl.col("limit").replace_strict(_LIMITS, default=None, return_dtype=pl.String),
    )
    return headers.with_columns(game_text=game_text).join(g, on="game_text", how="left")


def hand_info(lines: Lines) -> pl.DataFrame:
    """One row per hand, in hand order: header fields decoded, table line, flags."""
    h = pl.concat([lines.starts, lines.headers], how="horizontal")
    h = _game_fields(h).drop("game").rename({"game_name": "game"})
    tournament = pl.col("tournament_id").is_not_null()
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .when(pl.col("cur").is_not_null())
        .then(pl.col("cur"))
        .otherwise(pl.col("sb").str.slice(0, 1).replace_strict(_SYMBOLS, default="play"))
    )
    h = h.with_columns(
        is_tournament=tournament,
        currency=currency,
        is_omaha=pl.col("is_omaha").fill_null(False),
        is_rio=pl.col("room") == "Run It Once Poker",
    ).with_columns(in_cents=~pl.col("is_tournament") & (pl.col("currency") != "play"))
    h = h.with_columns(
        small_blind=amount(h["sb"], h["in_cents"]),
        big_blind=amount(h["bb"], h["in_cents"]),
    )
    # The ET time is preferred when given; a history with no zone at all (converted by a
    # third-party tool) is taken to be in ET, the zone PokerStars itself writes (see
    # pokerstars_lines._header_fields).
    zones = h["zone"].unique().drop_nulls().to_list()
    h = h.with_columns(started_at=to_utc(pl.col("naive"), pl.col("zone"), zones))
    tables = lines.tables.select(
        "hand",
        "table_name",
        pl.col("max_seats").cast(pl.Int8, strict=False),
        pl.col("button_seat").cast(pl.Int8, strict=False),
    ).unique("hand", keep="first")
    return h.join(tables, on="hand", how="left").sort("hand")
