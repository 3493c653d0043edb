"""Classified PokerStars lines to the Arrow tables of :mod:`ingest.schemas`, with checks.

Every hand is checked before it is emitted: a readable header, a table and seats, readable
amounts, actions by seated players, and chip balance (what players put in, less what was
returned, is the total pot; the total pot less the rake is what was collected or kept after
a cash-out; nobody puts in more than their stack). A hand failing a check becomes one
``import_errors`` row naming the offending line; cancelled, truncated and other-game hands
become ``import_skips`` rows.
"""

from __future__ import annotations

import polars as pl
import pyarrow as pa

from ingest import schemas
from ingest.sites import ParseResult
from ingest.sites.pokerstars_lines import Lines
from ingest.sites.pokerstars_problems import problems
from ingest.text import TIME_ZONES, amount, to_utc

_OMAHA = (
    r"^(?:(?P<cards_n>[56]) Card )?(?P<variant>Omaha|Courchevel)(?P<hi_lo> Hi/Lo)? "
    r"(?P<limit>Pot Limit|No Limit|Fixed Limit|Limit)$"
)
_LIMITS = {"Pot Limit": "PL", "No Limit": "NL", "Fixed Limit": "FL", "Limit": "FL"}
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_BETTING = ["post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "call", "bet", "raise"]
_ACTION_KINDS = [*_BETTING, "fold", "check", "return", "show", "muck", "collect", "cash_out"]
# Seat labels after the blinds and before the button, by how many players sit there.
_MIDDLE = {
    0: [], 1: ["CO"], 2: ["UTG", "CO"], 3: ["UTG", "HJ", "CO"], 4: ["UTG", "MP", "HJ", "CO"],
    5: ["UTG", "UTG1", "MP", "HJ", "CO"], 6: ["UTG", "UTG1", "MP", "MP1", "HJ", "CO"],
    7: ["UTG", "UTG1", "UTG2", "MP", "MP1", "HJ", "CO"],
}  # fmt: skip


def _position_table() -> pl.DataFrame:
    rows = [(2, 0, "BB"), (2, 1, "BTN")]
    for middle, labels in _MIDDLE.items():
        n = middle + 3
        rows += [(n, 0, "SB"), (n, 1, "BB"), (n, n - 1, "BTN")]
        rows += [(n, 2 + k, label) for k, label in enumerate(labels)]
    return pl.DataFrame(
        rows, schema={"n": pl.UInt32, "order": pl.UInt32, "position": pl.String}, orient="row"
    )


_POSITIONS = _position_table()


def _hand_info(lines: Lines) -> pl.DataFrame:
    """One row per hand: header fields decoded, table line, hand-level flags."""
    h = lines.starts.join(lines.headers.drop("idx"), on="hand", how="left")
    game_text = pl.coalesce(
        pl.col("inner"), pl.col("game").str.extract(r"\(([^()]*)\)$"), pl.col("game")
    )
    h = h.with_columns(game_text=game_text).with_columns(
        pl.col("game_text").str.extract_groups(_OMAHA).alias("g")
    )
    h = h.unnest("g")
    tournament = pl.col("tournament_id").is_not_null()
    currency = (
        pl.when(tournament)
        .then(pl.lit("chips"))
        .when(pl.col("cur").is_not_null())
        .then(pl.col("cur"))
        .otherwise(pl.col("sb").str.slice(0, 1).replace_strict(_SYMBOLS, default="play"))
    )
    courchevel = pl.col("variant") == "Courchevel"
    hi_lo = pl.col("hi_lo").is_not_null()
    cards_n = pl.when(courchevel).then(5).otherwise(pl.col("cards_n").cast(pl.Int8).fill_null(4))
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
    game = base + suffix
    h = h.with_columns(
        is_tournament=tournament,
        currency=currency,
        is_omaha=pl.col("variant").is_not_null(),
        game=game,
        variant=pl.col("variant").str.to_lowercase(),
        hi_lo=hi_lo,
        hole_cards_count=cards_n.cast(pl.Int8),
        limit_type=pl.col("limit").replace_strict(_LIMITS, default=None),
        is_rio=pl.col("room") == "Run It Once Poker",
    ).with_columns(in_cents=~pl.col("is_tournament") & (pl.col("currency") != "play"))
    h = h.with_columns(
        small_blind=amount(pl.col("sb"), pl.col("in_cents")),
        big_blind=amount(pl.col("bb"), pl.col("in_cents")),
    )
    # The ET time is preferred when given; a history with no zone at all (converted by a
    # third-party tool) is taken to be in ET, the zone PokerStars itself writes.
    zone = (
        pl.when(pl.col("date_et").is_not_null())
        .then(pl.lit("America/New_York"))
        .otherwise(pl.col("tz").replace_strict(TIME_ZONES, default="America/New_York"))
    )
    when = pl.coalesce(pl.col("date_et"), pl.col("date"))
    naive = pl.coalesce(
        when.str.to_datetime("%Y/%m/%d %H:%M:%S", strict=False),
        when.str.to_datetime("%Y/%m/%d %H:%M", strict=False),
    )
    h = h.with_columns(zone=zone, naive=naive)
    zones = h["zone"].unique().drop_nulls().to_list()
    h = h.with_columns(started_at=to_utc(pl.col("naive"), pl.col("zone"), zones))
    tables = lines.tables.select(
        "hand",
        "table_name",
        pl.col("max_seats").cast(pl.Int8, strict=False),
        pl.col("button_seat").cast(pl.Int8, strict=False),
    ).unique("hand", keep="first")
    return h.join(tables, on="hand", how="left")


def _seats(lines: Lines, info: pl.DataFrame) -> pl.DataFrame:
    """Seat lines with numbers, stacks and sitting-out flags."""
    sits_out = (
        lines.events.filter(pl.col("kind") == "sits_out")
        .join(_hole_cards_line(lines), on="hand", how="left")
        .filter(pl.col("idx") < pl.col("hole_idx").fill_null(1 << 62))
        .select("hand", "player", sat_out=pl.lit(True))
        .unique()
    )
    return (
        lines.seats.join(info.select("hand", "in_cents"), on="hand", how="left")
        .with_columns(
            seat=pl.col("seat").cast(pl.Int8, strict=False),
            stack=amount(pl.col("stack"), pl.col("in_cents")),
        )
        .join(sits_out, on=["hand", "player"], how="left")
        .with_columns(
            sitting_out=pl.col("rest").str.contains("sitting out|out of hand")
            | pl.col("sat_out").fill_null(False)
        )
        .drop("sat_out")
    )


def _hole_cards_line(lines: Lines) -> pl.DataFrame:
    return (
        lines.body.filter(pl.col("marker").is_in(["HOLE CARDS", "PRE-FLOP"]))
        .group_by("hand")
        .agg(hole_idx=pl.col("idx").min())
    )


def _events(lines: Lines, info: pl.DataFrame, seats: pl.DataFrame) -> pl.DataFrame:
    """Events with seats and amounts in the smallest unit; betting rows get ``chips`` (what
    the action adds to the pot), ``live`` (what counts toward the street's bet), ``dead``,
    ``raise_to`` and ``after`` (the player's street total after the action)."""
    kind = pl.col("kind")
    ev = (
        lines.events.filter(kind.is_in(_ACTION_KINDS))
        .join(info.select("hand", "in_cents", "big_blind"), on="hand", how="left")
        .join(seats.select("hand", "player", "seat"), on=["hand", "player"], how="left")
        .with_columns(
            x=amount(pl.col("amount"), pl.col("in_cents")),
            y=amount(pl.col("to"), pl.col("in_cents")),
            fee_x=amount(pl.col("fee"), pl.col("in_cents")),
        )
    )
    is_raise = kind == "raise"
    live = (
        pl.when(kind.is_in(["post_sb", "post_bb", "straddle", "call", "bet"]))
        .then(pl.col("x"))
        .when(kind == "post_sb_bb")
        .then(pl.min_horizontal("x", "big_blind"))
        .otherwise(0)
    )
    keys = ["hand", "street", "player"]
    betting = kind.is_in(_BETTING)
    ev = ev.with_columns(live=pl.when(betting).then(live)).with_columns(
        c=pl.when(betting & ~is_raise).then(pl.col("live")).otherwise(0).cum_sum().over(keys)
    )
    raise_base = pl.when(is_raise).then(pl.col("y")).forward_fill().over(keys).fill_null(0)
    c_at_raise = pl.when(is_raise).then(pl.col("c")).forward_fill().over(keys).fill_null(0)
    ev = ev.with_columns(after=pl.when(betting).then(raise_base + pl.col("c") - c_at_raise))
    before = pl.col("after").shift(1).over(keys).fill_null(0)
    return ev.with_columns(
        chips=pl.when(is_raise)
        .then(pl.col("y") - before)
        .when(kind.is_in(["fold", "check", "show", "muck"]))
        .then(0)
        .otherwise(pl.col("x")),
        dead=pl.when(kind == "ante")
        .then(pl.col("x"))
        .when(kind == "post_sb_bb")
        .then(pl.col("x") - pl.col("live"))
        .otherwise(0),
        raise_to=pl.when(is_raise).then(pl.col("y")),
        all_in=pl.col("all_in").fill_null(False),
    )


def _computed_returns(ev: pl.DataFrame) -> pl.DataFrame:
    """Uncalled bets from the betting itself: on each street, what the biggest bettor put in
    beyond the next biggest. Used where the history's own return lines are unreliable."""
    totals = (
        ev.filter(pl.col("after").is_not_null())
        .group_by("hand", "street", "player")
        .agg(total=pl.col("after").max())
        .sort(["hand", "street", "total"], descending=[False, False, True])
        .with_columns(
            second=pl.col("total").shift(-1).over("hand", "street"),
            rank=pl.int_range(pl.len()).over("hand", "street"),
        )
    )
    return (
        totals.filter(pl.col("rank") == 0)
        .with_columns(returned=pl.col("total") - pl.col("second").fill_null(0))
        .group_by("hand", "player")
        .agg(pl.col("returned").sum())
    )


def _players(
    lines: Lines, info: pl.DataFrame, seats: pl.DataFrame, ev: pl.DataFrame
) -> pl.DataFrame:
    """One row per seat line, with the player's chip flows, cards and position."""
    kind = pl.col("kind")
    flows = ev.group_by("hand", "player").agg(
        put_in=pl.col("chips").filter(kind.is_in(_BETTING)).sum(),
        returned_lines=pl.col("chips").filter(kind == "return").sum(),
        collected_lines=pl.col("chips").filter(kind == "collect").sum(),
        cashed_out=pl.col("chips").filter(kind == "cash_out").sum(),
        cash_out_fee=pl.col("fee_x").filter(kind == "cash_out").sum(),
        shown=pl.col("cards").filter(kind.is_in(["show", "muck"])).drop_nulls().first(),
    )
    summary = (
        lines.summary_seats.join(info.select("hand", "in_cents"), on="hand", how="left")
        .with_columns(
            seat=pl.col("seat").cast(pl.Int8, strict=False),
            won=amount(pl.col("won"), pl.col("in_cents")),
        )
        .group_by("hand", "seat")
        .agg(
            summary_cards=pl.col("cards").drop_nulls().first(),
            won=pl.col("won").filter(~pl.col("not_awarded")).sum(),
            not_awarded=pl.col("won").filter(pl.col("not_awarded")).sum(),
        )
    )
    dealt = lines.dealt.group_by("hand", "player").agg(dealt=pl.col("cards").first())
    hero = dealt.filter(pl.len().over("hand") == 1).select("hand", "player", is_hero=pl.lit(True))
    returns = _computed_returns(ev.join(info.filter("is_rio").select("hand"), on="hand"))
    p = (
        seats.join(info.select("hand", "hand_id", "is_rio", "button_seat"), on="hand", how="left")
        .join(flows, on=["hand", "player"], how="left")
        .join(summary, on=["hand", "seat"], how="left")
        .join(dealt, on=["hand", "player"], how="left")
        .join(hero, on=["hand", "player"], how="left")
        .join(returns, on=["hand", "player"], how="left")
    )
    # Run It Once exports print return and collect amounts that contradict their own pot
    # totals; their returns are recomputed from the betting and winnings read from the
    # summary, which agrees with the totals.
    rio = pl.col("is_rio")
    zero = pl.lit(0, dtype=pl.Int64)
    p = p.with_columns(
        put_in=pl.col("put_in").fill_null(zero),
        returned=pl.when(rio)
        .then(pl.col("returned"))
        .otherwise(pl.col("returned_lines"))
        .fill_null(zero),
        collected=pl.when(rio)
        .then(pl.col("won"))
        .otherwise(pl.col("collected_lines"))
        .fill_null(zero),
        cashed_out=pl.col("cashed_out").fill_null(zero),
        cash_out_fee=pl.col("cash_out_fee").fill_null(zero),
        not_awarded=pl.col("not_awarded").fill_null(zero),
        hole_cards=pl.coalesce("dealt", "shown", "summary_cards"),
        is_hero=pl.col("is_hero").fill_null(False),
    ).with_columns(
        net=pl.col("collected") + pl.col("cashed_out") - pl.col("put_in") + pl.col("returned")
    )
    return _with_positions(p)


def _with_positions(p: pl.DataFrame) -> pl.DataFrame:
    """Positions of the players dealt in, clockwise from the button (see the README)."""
    dealt_in = p.filter(~pl.col("sitting_out") & pl.col("button_seat").is_not_null())
    # Seats after the button come first; 100 exceeds any seat number, so the modulo only
    # rotates the table.
    rel = (pl.col("seat").cast(pl.Int32) - pl.col("button_seat").cast(pl.Int32) - 1) % 100
    ranked = dealt_in.select(
        "hand",
        "seat",
        order=(rel.rank("ordinal").over("hand") - 1).cast(pl.UInt32),
        n=pl.len().over("hand").cast(pl.UInt32),
    ).join(_POSITIONS, on=["n", "order"], how="left")
    return p.join(ranked.select("hand", "seat", "position"), on=["hand", "seat"], how="left")


def _collections(
    lines: Lines, info: pl.DataFrame, ev: pl.DataFrame, p: pl.DataFrame
) -> pl.DataFrame:
    """Collect lines as rows (summary winnings for Run It Once exports, see _players)."""
    side_pots = lines.totals.group_by("hand").agg(side_pots=pl.col("side_pots").any())
    stars = (
        ev.filter(pl.col("kind") == "collect")
        .join(info.filter(~pl.col("is_rio")).select("hand"), on="hand")
        .join(side_pots, on="hand", how="left")
        .select(
            "hand",
            "seat",
            "player",
            board=pl.col("run"),
            pot=pl.when(pl.col("pot") == "main pot")
            .then(0)
            .when(pl.col("pot") == "pot")
            .then(pl.when(pl.col("side_pots").fill_null(False)).then(None).otherwise(0))
            .otherwise(pl.col("pot_no").cast(pl.Int8, strict=False).fill_null(1)),
            amount=pl.col("chips"),
        )
    )
    rio = p.filter(pl.col("is_rio") & (pl.col("collected") > 0)).select(
        "hand", "seat", "player", board=pl.lit(1), pot=pl.lit(None), amount=pl.col("collected")
    )
    return pl.concat([stars, rio], how="diagonal_relaxed").with_columns(half=pl.lit("whole"))


def _totals(lines: Lines, info: pl.DataFrame) -> pl.DataFrame:
    """The summary's total pot and rake per hand. Money a room adds to the pot (Run It
    Once's "STP" splash) is taken off both, so that the pot is what the players put in and
    the rake is the room's net take."""
    cents = pl.col("in_cents")
    return (
        lines.totals.join(info.select("hand", "in_cents"), on="hand", how="left")
        .with_columns(
            total=amount(pl.col("total"), cents),
            rake=amount(pl.col("rake"), cents).fill_null(0),
            stp=amount(pl.col("stp"), cents).fill_null(0),
        )
        .group_by("hand")
        .agg(
            n_totals=pl.len(),
            total_idx=pl.col("idx").first(),
            total_pot=(pl.col("total") - pl.col("stp")).first(),
            rake=(pl.col("rake") - pl.col("stp")).first(),
        )
    )


def _table(frame: pl.DataFrame, schema: pa.Schema) -> pa.Table:
    return frame.select(schema.names).to_arrow().cast(schema)


def build(lines: Lines, source_file: str, site: str) -> ParseResult:
    """The tables of one chunk from its classified lines."""
    info = _hand_info(lines)
    seats = _seats(lines, info)
    ev = _events(lines, info, seats)
    players = _players(lines, info, seats, ev)
    totals = _totals(lines, info)
    bad = problems(lines, info, seats, ev, players, totals)
    ok = info.join(bad, on="hand", how="anti").select("hand")
    where = lines.body.select("idx", "line_no", "text")
    bad = (
        bad.join(info.select("hand", "hand_id", "offset", header_idx="idx"), on="hand", how="left")
        .with_columns(idx=pl.coalesce("idx", "header_idx"))
        .join(
            pl.concat([where, lines.starts.select("idx", "line_no", "text")]), on="idx", how="left"
        )
        .with_columns(source_file=pl.lit(source_file), site=pl.lit(site), byte_offset="offset")
    )
    errors = bad.filter(pl.col("outcome") == "error").rename({"text": "line"})
    skips = (
        bad.filter(pl.col("outcome") == "skip")
        .join(info.select("hand", start_line="line_no"), on="hand")
        .with_columns(line_no="start_line")
    )
    errors = pl.concat([errors, _preamble_error(lines, source_file)], how="diagonal_relaxed")

    boards = lines.boards.sort("run", "idx").group_by("hand").agg(boards=pl.col("cards"))
    per_hand = ev.group_by("hand").agg(
        ante=pl.col("x").filter(pl.col("kind") == "ante").max(),
        cash_out_fee=pl.col("fee_x").filter(pl.col("kind") == "cash_out").sum(),
    )
    hands = (
        info.join(ok, on="hand")
        .join(totals, on="hand", how="left")
        .join(boards, on="hand", how="left")
        .join(per_hand, on="hand", how="left")
        .sort("hand")
        .with_columns(
            site=pl.lit(site),
            source_file=pl.lit(source_file),
            byte_offset="offset",
            level=pl.col("level"),
            boards=pl.col("boards").fill_null([]),
            ante=pl.col("ante").fill_null(0),
            cash_out_fee=pl.col("cash_out_fee").fill_null(0),
        )
    )
    ids = info.select("hand", "hand_id")
    players_out = players.join(ok, on="hand").sort("hand", "seat").with_columns(site=pl.lit(site))
    actions = (
        ev.join(ok, on="hand")
        .join(ids, on="hand")
        .sort("idx")
        .with_columns(
            site=pl.lit(site),
            seq=pl.int_range(pl.len()).over("hand"),
            amount="chips",
            board=pl.when(pl.col("kind").is_in(["show", "muck", "collect", "cash_out"])).then(
                pl.col("run")
            ),
        )
    )
    collections = (
        _collections(lines, info, ev, players)
        .join(ok, on="hand")
        .join(ids, on="hand")
        .sort("hand")
        .with_columns(site=pl.lit(site))
    )
    return ParseResult(
        hands=_table(hands, schemas.HANDS),
        players=_table(players_out, schemas.PLAYERS),
        actions=_table(actions, schemas.ACTIONS),
        collections=_table(collections, schemas.COLLECTIONS),
        import_errors=_table(errors, schemas.IMPORT_ERRORS),
        import_skips=_table(skips, schemas.IMPORT_SKIPS),
    )


def _preamble_error(lines: Lines, source_file: str) -> pl.DataFrame:
    """Non-blank text before the first hand of a chunk: one error row, never dropped."""
    return lines.preamble.head(1).select(
        source_file=pl.lit(source_file),
        byte_offset="offset",
        line_no="line_no",
        hand_id=pl.lit(None, dtype=pl.String),
        line="text",
        reason=pl.lit("text before the first hand header"),
    )
