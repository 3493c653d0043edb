"""Classified lines to the Arrow tables of :mod:`ingest.schemas`, with checks.

Hands are numbered 0..n-1 within a chunk, so per-hand values are arrays indexed by hand
and gathered by position. The betting (:mod:`ingest.engine.betting`) and the seats
(:mod:`ingest.engine.seats`) are single compiled passes over rows in hand order; the
checks live in :mod:`ingest.engine.problems`; only hands that pass them reach the output
tables, which Arrow assembles from the arrays (polars is left for the rare paths: players
sitting out, failed hands).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from ingest import schemas
from ingest.engine import grouped, unprinted
from ingest.engine.betting import (
    IS_BETTING,
    KIND_CODES,
    RAISE_READINGS,
    above_pot_limit,
    events,
    hand_sums,
    overspent,
)
from ingest.engine.columns import Column, arrow, numbers, take
from ingest.engine.contract import ParseResult
from ingest.engine.fields import PLAIN_POT
from ingest.engine.grammar import EVENT_KINDS, KIND_CODE, ROOM_COLUMNS, Grammar
from ingest.engine.header import hand_info
from ingest.engine.lines import STREET_NAMES, Lines
from ingest.engine.problems import problems
from ingest.engine.results import as_both_blinds, dead_small_posts, written_results
from ingest.engine.returns import infer_returns, possible_rake, room_readings, written_readings
from ingest.engine.scan import units
from ingest.engine.seats import HandArrays, all_in_by_stack, one_pot, player_rows, read_seats
from ingest.engine.streets import read_streets
from ingest.engine.winners import complete_winnings
from ingest.rooms import (
    CALLS_ARE_TOTALS,
    CALLS_MAY_BE_TOTALS,
    RAISE_MAY_ADD,
    RAKE_NOT_TAKEN,
    SHORT_RAISE_ADDS,
    WINNINGS_IN_SUMMARY,
    unprinted_rake_percents,
)

_COLLECT_CODE, _RETURN_CODE = KIND_CODES["collect"], KIND_CODES["return"]
_BIG_BLIND_CODE = KIND_CODES["post_bb"]
# Event kinds whose board number is kept (the others happen before the boards split).
_ON_A_BOARD = np.array([kind in ("show", "muck", "collect", "cash_out") for kind in EVENT_KINDS])
_STREET_NAMES = pa.array(STREET_NAMES, pa.string())
_KIND_NAMES = pa.array(EVENT_KINDS, pa.string())
_HALF_NAMES = pa.array(["whole", "hi", "lo"], pa.string())


def _collections(
    lines: Lines, info: HandArrays, ev: pl.DataFrame, players: pl.DataFrame, pots_named: bool,
    from_summary: np.ndarray,
) -> tuple[dict[str, Column], np.ndarray]:
    """Collect lines as rows (the summary's winnings for hands ``from_summary``): the
    columns hand, seat, player, board, pot, half and amount, and the rows in hand order. A
    collection "from pot" is from the main pot when the hand has no side pot (in a room
    that never names its pots: when its chips make one pot), else its pot is unknown."""
    n = info.button_seat.size
    has_side_pots = grouped.counts(lines.totals.filter("side_pots")["hand"].to_numpy(), n) > 0
    ev_hand = ev["hand"].to_numpy()
    rows = np.flatnonzero((ev["code"].to_numpy() == _COLLECT_CODE) & ~from_summary[ev_hand])
    hand = ev_hand[rows]
    if not pots_named:
        seat_hand, seat = players["hand"].to_numpy(), numbers(players["seat"])
        in_pot = players["put_in"].to_numpy() - players["returned"].to_numpy()
        has_side_pots |= ~one_pot(seat_hand, seat, in_pot, ev_hand, numbers(ev["seat"]),
                                   ev["code"].to_numpy(), n)  # fmt: skip
    pot = ev["pot"].to_numpy()[rows]
    pot = np.where(pot == PLAIN_POT, np.where(has_side_pots[hand], -1, 0), pot)
    picked = pa.array(rows)
    columns: dict[str, Column] = {
        "hand": hand,
        "seat": arrow(ev["seat"]).take(picked),
        "player": take(ev["player"], rows),
        "board": arrow(ev["run"]).take(picked),
        "pot": pa.array(pot, pa.int8(), mask=pot < 0),
        "half": pa.array(ev["half"].to_numpy()[rows]),
        "amount": arrow(ev["chips"]).take(picked),
    }
    unprinted = players["unprinted"].to_numpy()
    if not from_summary.any() and not unprinted.any():
        return columns, np.arange(rows.size)
    # the summary's winnings, and what was collected from pots no line pays (``unprinted``:
    # a summary's results, or the pots a summary leaves out): a row each, of no pot named
    player_hand = players["hand"].to_numpy()
    won = np.flatnonzero(from_summary[player_hand] & (players["collected"].to_numpy() > 0))
    more = np.flatnonzero(unprinted > 0)
    picked = pa.array(np.concatenate([won, more]))
    amount = np.concatenate([players["collected"].to_numpy()[won], unprinted[more]])
    summary_columns: dict[str, Column] = {
        "hand": player_hand[np.concatenate([won, more])],
        "seat": arrow(players["seat"]).take(picked),
        "player": take(players["player"], np.concatenate([won, more])),
        "board": pa.array(np.ones(amount.size, np.int8)),
        "pot": pa.nulls(amount.size, pa.int8()),
        "half": pa.array(np.zeros(amount.size, np.int8)),
        "amount": pa.array(amount),
    }
    both: dict[str, Column] = {"hand": np.concatenate([hand, summary_columns["hand"]])}
    for name in ("seat", "player", "board", "pot", "half", "amount"):
        both[name] = pa.concat_arrays([columns[name], summary_columns[name]])
    return both, np.argsort(both["hand"], kind="stable")


def _pot_lines(totals: pl.DataFrame) -> pl.DataFrame:
    """The "Total pot" lines less each that is the same as its hand's one before it (the
    same pot printed again)."""
    values = [c for c in totals.columns if c.endswith("_h") and c != "total_step_h"]
    same = pl.all_horizontal(pl.col(c).eq_missing(pl.col(c).shift(1)) for c in [*values, "hand"])
    return totals.filter(~same.fill_null(False))


def _totals(lines: Lines, n: int, grammar: Grammar) -> pl.DataFrame:
    """One row per hand: how many "Total pot" lines it has, and the first one's line, total
    pot (and ``total_step``, what its last digit stands for when it is rounded, else 0)
    and the room's amounts on it (rake, other fees, money the room added; null:
    unreadable, or no such line), plus the room's money from lines of its own (a cash
    drop, a summary's rake line). ``total_pot`` is what the players put in: money the
    room added to the printed total is taken off it. In a room that prints no total pot
    (``Grammar.total_line``) the room's amounts are those of its own lines and the total
    is left null, to be read from the betting. With ``Grammar.pot_lines`` the total is the
    sum of the hand's pot lines; ``pots_paid`` is the printed total before the room's
    amounts are added to it (what the pots paid out, where the total is printed after the
    room's take). ``n``: how many hands."""
    totals = _pot_lines(lines.totals) if grammar.pot_lines else lines.totals
    rows = grouped.first_rows(totals["hand"].to_numpy(), n, np.ones(totals.height, np.bool_))
    found = rows >= 0 if grammar.total_line else np.ones(n, np.bool_)

    def first_amount(column: str) -> tuple[np.ndarray, np.ndarray]:
        if column not in totals.columns:  # the room writes no such amount
            return np.zeros(n, np.int64), np.ones(n, np.bool_)
        # A missing label is none taken; one that is there but unreadable is not. (A
        # hand with no total pot line, where it may have none, takes nothing on it.)
        absent = -1 if column == "total_h" else 0
        return units(grouped.gather(totals[column].to_numpy(), rows, absent))

    total, total_ok = first_amount("total_h")
    if grammar.pot_lines:
        hand = totals["hand"].to_numpy()
        each, each_ok = units(totals["total_h"].to_numpy())
        total = grouped.sums(hand, n, each)
        total_ok = grouped.counts(hand, n, ~each_ok) == 0
    paid = total.copy()
    step, _ = first_amount("total_step_h")
    amounts = {column: first_amount(f"{column}_h") for column in ROOM_COLUMNS}
    if not grammar.total_line:  # a hand without the line writes none of its labels: none
        none = rows < 0
        amounts = {column: (np.where(none, 0, value), ok | none)
                   for column, (value, ok) in amounts.items()}  # fmt: skip
    if grammar.total_after_rake:  # the room prints the pot less what it took
        for column in ("rake", "jackpot_fee", "tax"):
            value, ok = amounts[column]
            total, total_ok = total + value, total_ok & ok
    own = lines.summary_amounts
    for k, column in enumerate(grammar.summary_amounts.values()):
        rows_k = own.filter(pl.col("label") == k)
        hand = rows_k["hand"].to_numpy()
        value, ok = units(rows_k["amount_h"].to_numpy())
        amounts[column] = (amounts[column][0] + grouped.sums(hand, n, value),
                           amounts[column][1] & (grouped.counts(hand, n, ~ok) == 0))
    room_lines = lines.room_money
    money_in, money_ok = units(room_lines["amount_h"].to_numpy())
    hand = room_lines["hand"].to_numpy()
    drop = grouped.sums(hand, n, money_in)
    drop_bad = grouped.counts(hand, n, ~money_ok) > 0
    room_in, room_ok = amounts["room_money_in"]
    room_in = room_in + drop
    columns = {column: pa.array(value, mask=~(found & ok))
               for column, (value, ok) in amounts.items()}  # fmt: skip
    columns["room_money_in"] = pa.array(room_in, mask=~(found & room_ok) | drop_bad)
    # the line an unreadable amount is reported at: the total pot line, else the first
    # unreadable line of the room's own
    idx = grouped.gather(totals["idx"].to_numpy(), rows, -1)
    bad_own = grouped.first_rows(own["hand"].to_numpy(), n, own["amount_h"].to_numpy() < 0)
    idx = np.where(idx < 0, grouped.gather(own["idx"].to_numpy(), bad_own, -1), idx)
    # whether the hand writes its rake, on its total pot line or a line of its own
    written = grouped.gather(totals["rake_written"].to_numpy().astype(np.int64), rows, 0) > 0
    for k, column in enumerate(grammar.summary_amounts.values()):
        if column == "rake":
            written |= grouped.counts(own.filter(pl.col("label") == k)["hand"].to_numpy(), n) > 0
    return pl.DataFrame(
        {
            "rake_written": written,
            "n_totals": grouped.counts(totals["hand"].to_numpy(), n),
            "total_line": np.full(n, grammar.total_line),
            "total_idx": pa.array(idx, mask=idx < 0),
            "total_pot": pa.array(total - room_in,
                                  mask=~(found & total_ok & room_ok) | drop_bad),
            "total_step": step,
            "pots_paid": pa.array(paid, mask=~(found & total_ok)),
            **columns,
        },
        schema={"rake_written": pl.Boolean, "n_totals": pl.Int64, "total_line": pl.Boolean,
                "total_idx": pl.Int64, "total_pot": pl.Int64, "total_step": pl.Int64,
                "pots_paid": pl.Int64,
                **dict.fromkeys(ROOM_COLUMNS, pl.Int64)},
    )  # fmt: skip


def _table(frame: pl.DataFrame, schema: pa.Schema) -> pa.Table:
    """The frame as an Arrow table of ``schema``: strings leave polars as views (no copy)
    and are copied once, into the schema's plain strings."""
    arrow = frame.select(schema.names).to_arrow(compat_level=pl.CompatLevel.newest())
    return arrow.cast(schema)


def _assemble(columns: dict[str, Column], schema: pa.Schema, rows: np.ndarray | None) -> pa.Table:
    """A table of ``schema`` from columns of one row per item, keeping ``rows`` (all when
    None), in that order. Strings leave polars as views and are copied into the schema's
    plain strings."""
    picked = None
    if rows is not None and not np.array_equal(rows, np.arange(rows.size)):
        picked = pa.array(rows)
    elif rows is not None:
        columns = {name: column[: rows.size] for name, column in columns.items()}
    arrays = []
    for field in schema:
        column = columns[field.name]
        if isinstance(column, pl.Series):
            column = arrow(column)
        elif isinstance(column, np.ndarray):
            column = pa.array(column)
        column = column.cast(field.type)
        arrays.append(column if picked is None else column.take(picked))
    return pa.Table.from_arrays(arrays, schema=schema)


def _boards(lines: Lines, hands: int, shared: str) -> pa.Array:
    """Each hand's boards (one string per board, by board number), empty when none."""
    boards = lines.boards
    hand = boards["hand"].to_numpy()
    order = np.lexsort((boards["idx"].to_numpy(), boards["run"].to_numpy(), hand))
    offsets = np.zeros(hands + 1, np.int32)
    np.cumsum(grouped.counts(hand, hands), out=offsets[1:])
    cards = arrow(boards["cards"]).cast(pa.string()).take(pa.array(order))
    return pa.ListArray.from_arrays(pa.array(offsets), _completed(cards, hand[order], shared))


def _completed(cards: pa.Array, hand: np.ndarray, shared: str = "") -> pa.Array:
    """Boards in hand order, a later board that prints only the cards dealt again (GGPoker:
    "SECOND Board [2c Kc]") completed with the first board's cards before them, and one
    that writes ``shared`` for a card of the first board (KingsClub: "- - - 5d 3h") given
    that card."""
    words = pc.utf8_length(cards).to_numpy(zero_copy_only=False) // 3 + 1
    first = np.ones(hand.size, np.bool_)
    first[1:] = hand[1:] != hand[:-1]
    first_row = np.maximum.accumulate(np.where(first, np.arange(hand.size), 0))
    marked = np.zeros(hand.size, np.bool_)
    if shared:
        word = rf"(?:^| ){re.escape(shared)}(?: |$)"
        found = pc.fill_null(pc.match_substring_regex(cards, word), False)
        marked = ~first & found.to_numpy(zero_copy_only=False)
    short = np.flatnonzero(~first & ~marked & (words < words[first_row]))
    if not short.size and not marked.any():
        return cards
    texts = cards.to_pylist()
    for row in short:
        head = texts[first_row[row]].split()[: words[first_row[row]] - words[row]]
        texts[row] = " ".join([*head, texts[row]])
    for row in np.flatnonzero(marked):
        own, base = texts[row].split(), texts[first_row[row]].split()
        texts[row] = " ".join(
            base[k] if card == shared and k < len(base) else card for k, card in enumerate(own)
        )
    return pa.array(texts, pa.string())


def _game_from_cards(info: pl.DataFrame, players: pl.DataFrame, cards_decide: bool
                     ) -> pl.DataFrame:  # fmt: skip
    """The cards dealt decide the game: an Omaha hand whose header names fewer hole cards
    than a player holds (PokerMaster's "Omaha" tables dealing five) is the Omaha of that
    many cards; where the room's grammar says so (``cards_decide``), a hand of a flop
    game whose players hold 4, 5 or 6 cards (BetOnline's "Hold'em Pot Limit" dealing
    four) is Omaha of that many."""
    words = players["hole_cards"].str.count_matches(r"\S+").fill_null(0).to_numpy()
    dealt = np.zeros(info.height, np.int64)
    np.maximum.at(dealt, players["hand"].to_numpy(), words.astype(np.int64))
    omaha = info["is_omaha"].fill_null(False).to_numpy()
    more = omaha & (info["variant"] == "omaha").fill_null(False).to_numpy() & (
        dealt > info["hole_cards_count"].fill_null(4).to_numpy()
    ) & np.isin(dealt, (5, 6))
    flop = cards_decide & ~omaha & np.isin(dealt, (4, 5, 6))
    flop &= info["is_flop_game"].fill_null(False).to_numpy()
    if not (more | flop).any():
        return info
    changed = pl.Series(more | flop)
    count = pl.Series(dealt, dtype=pl.Int8)
    name = pl.lit("omaha") + pl.when(count == 4).then(pl.lit("")).otherwise(count.cast(pl.String))
    suffix = pl.when(pl.col("hi_lo")).then(pl.lit("_8")).otherwise(pl.lit(""))
    return info.with_columns(
        game=pl.when(changed).then(name + suffix).otherwise(pl.col("game")),
        hole_cards_count=pl.when(changed).then(count).otherwise(pl.col("hole_cards_count")),
        is_omaha=pl.col("is_omaha") | changed,
        variant=pl.when(changed).then(pl.lit("omaha")).otherwise(pl.col("variant")),
    )


_POSTS = [KIND_CODE[k] for k in ("post_sb", "post_bb", "post_sb_bb", "ante", "straddle",
                                  "post_dead")]  # fmt: skip


def _stacks_before_posts(seats: pl.DataFrame, ev: pl.DataFrame, tournament: pl.Series
                         ) -> pl.DataFrame:  # fmt: skip
    """The seats of tournament hands with their stacks before the antes and blinds, which
    their seat lines print after (``Grammar.stacks_after_posts``): the player's posts
    added back."""
    hands = pl.Series(np.flatnonzero(tournament.fill_null(False).to_numpy()))
    posted = (
        ev.filter(pl.col("code").is_in(_POSTS) & pl.col("hand").is_in(hands.implode()))
        .group_by("hand", "seat")
        .agg(posted=pl.col("chips").sum())
    )
    return (
        seats.join(posted, on=["hand", "seat"], how="left", maintain_order="left")
        .with_columns(stack=pl.col("stack") + pl.col("posted").fill_null(0))
        .drop("posted")
    )


def _stacks_follow_posts(seats: pl.DataFrame, ev: pl.DataFrame, info: pl.DataFrame
                         ) -> pl.Series:  # fmt: skip
    """Per hand, whether its seat lines print the stacks left after the posts
    (``Grammar.stacks_may_follow_posts``): a tournament hand where a player puts in more
    than his printed stack, and nobody more than it plus his posts."""
    n = info.height
    tournament = info["is_tournament"].fill_null(False)
    flow = (ev["hand"].to_numpy(), numbers(ev["seat"], -1).astype(np.int64),
            ev["code"].to_numpy(), numbers(ev["chips"], 0))  # fmt: skip
    over = overspent(*flow, seats, n)
    lifted = _stacks_before_posts(seats, ev, tournament & pl.Series(over))
    return tournament & pl.Series(over & ~overspent(*flow, lifted, n))


def _kept(hand: np.ndarray, ok: np.ndarray | None) -> np.ndarray | None:
    """The rows of hands that passed the checks (None: all)."""
    return None if ok is None else np.flatnonzero(ok[hand])


def build(
    lines: Lines, source_files: Sequence[str], grammar: Grammar, every_flop_game: bool = False,
    info: pl.DataFrame | None = None,
) -> ParseResult:
    """The tables of one chunk (or of several small files parsed together) from its
    classified lines; ``source_files`` names each ``file`` number of the lines. Hands of
    other games than Omaha are skipped, but for the room's other flop games when
    ``every_flop_game`` (read to prove a reading on all the room writes, never stored).
    ``info``: the hands' header rows, where the format's reader decoded them (XML: from
    elements, not lines), else :func:`~ingest.engine.header.hand_info` reads them; a
    ``uncalled_reading`` column there names, per hand, how its file writes an uncalled
    bet (null: as its room's rules say)."""
    site = grammar.site
    if info is None:
        info = hand_info(lines, grammar)
    n = info.height
    arrays = HandArrays.of(info)
    seats = read_seats(lines)
    if grammar.unprinted_blinds:
        lines = unprinted.tournament_blinds(lines, info, seats)
    if grammar.streets_from_betting:
        lines = read_streets(lines, seats, arrays.big_blind)
    totals = _totals(lines, n, grammar)
    printed_total = numbers(totals["total_pot"], -1)
    may_add = info["room"].is_in(list(RAISE_MAY_ADD)).fill_null(False).to_numpy()
    calls_total = info["room"].is_in(list(CALLS_ARE_TOTALS)).fill_null(False).to_numpy()
    # what a post of both blinds leaves out of its amount (see ``Grammar``)
    dead_small = np.maximum(numbers(info["small_blind"], 0), 0) * grammar.both_blinds_live_part
    short_adds = info["room"].is_in(list(SHORT_RAISE_ADDS)).fill_null(False).to_numpy()
    may_total = info["room"].is_in(list(CALLS_MAY_BE_TOTALS)).fill_null(False).to_numpy()
    ev, reading = events(lines, arrays.big_blind, printed_total, may_add,
                         calls_total, dead_small, short_adds, may_total, seats)  # fmt: skip
    if grammar.stacks_after_posts:
        seats = _stacks_before_posts(seats, ev, info["is_tournament"])
    elif grammar.stacks_may_follow_posts:
        seats = _stacks_before_posts(seats, ev, _stacks_follow_posts(seats, ev, info))
    rake_percent = None
    if not grammar.rake_printed:  # the rake is what the pots did not pay, as the room may
        rake_percent = np.where(info["is_tournament"].to_numpy(), 0,
                                unprinted_rake_percents(info["room"]))  # fmt: skip
    readings = room_readings(info["room"])
    if "uncalled_reading" in info.columns:
        readings = written_readings(readings, info["uncalled_reading"])
    # a hand with its rake written but no total pot: the pots paid what was left less it
    taken = np.where((totals["rake_written"] & (totals["n_totals"] == 0)).to_numpy(), numbers(
        totals["rake"] + totals["jackpot_fee"] + totals["tax"] - totals["room_money_in"], -1
    ), -1)  # fmt: skip
    ev, inferred, in_pot = infer_returns(ev, printed_total, readings, rake_percent, taken)
    if grammar.unwritten_dead_small and grammar.summary_results:
        posts = dead_small_posts(ev, written_results(lines), info["small_blind"])
        if posts.size:  # read again, those posts of both blinds (a dead small blind beside)
            lines = as_both_blinds(lines, posts)
            ev, reading = events(lines, arrays.big_blind, printed_total, may_add,
                                 calls_total, dead_small, short_adds, may_total, seats)  # fmt: skip
            ev, inferred, in_pot = infer_returns(ev, printed_total, readings, rake_percent,
                                                 taken)  # fmt: skip
    all_in = all_in_by_stack(
        seats["hand"].to_numpy(), numbers(seats["seat"]), numbers(seats["stack"]),
        ev["hand"].to_numpy(), numbers(ev["seat"]), ev["code"].to_numpy(), numbers(ev["chips"]),
    )
    ev = ev.with_columns(all_in=pl.col("all_in") | all_in)
    totals = _rake_taken(totals, ev, info, grammar, rake_percent)
    if grammar.unwritten_limits:
        info = info.with_columns(limit_type=_limit_by_betting(info, ev, grammar))
    totals = totals.with_columns(
        total_pot=pl.col("total_pot") - in_pot,
        printed_total=pl.col("total_pot"),
        # all the room takes off the pots, less what it put in
        room_take=pl.col("rake") + pl.col("jackpot_fee") + pl.col("tax")
        - pl.col("room_money_in"),
    )
    totals = totals.with_columns(total_pot=_total_read(totals, ev))
    if not grammar.total_line:  # none printed: what the players left in the pots
        left_in, none = pl.Series(_in_pots(ev, n)), totals["n_totals"] == 0
        if grammar.main_pot_only:  # the line's pot is no hand's total
            none = pl.Series(np.ones(n, np.bool_))
        totals = totals.with_columns(
            total_pot=pl.when(none).then(left_in).otherwise("total_pot"),
            printed_total=pl.when(none).then(left_in).otherwise("printed_total"),
        )
    due = numbers(totals["total_pot"] - totals["room_take"], -1)
    players, from_summary = player_rows(
        lines, arrays, seats, ev, due, _summary_excess(info, ev, totals), grammar.summary_results
    )
    if grammar.one_pot_each:
        players = complete_winnings(players, ev, _pot_lines(lines.totals), n)
    info = _game_from_cards(info, players, grammar.cards_decide)
    bad, inconsistent = problems(lines, info, seats, ev, players, totals, every_flop_game,
                                 grammar.summary)
    ok = None  # most chunks have no failed hand: then every row is kept without a lookup
    if bad.height:
        ok = np.ones(n, np.bool_)
        ok[bad["hand"].to_numpy()] = False
    files = pa.array(source_files, pa.string())
    hand_id = arrow(info["hand_id"]).cast(pa.string())

    def hand_ids(hand: np.ndarray) -> pa.Array:
        return hand_id.take(pa.array(hand))

    ev_hand = ev["hand"].to_numpy()
    ante, cash_out_fee = hand_sums(
        n, ev_hand, ev["code"].to_numpy(), numbers(ev["x"]), numbers(ev["fee_x"])
    )
    hands = _assemble(
        {
            **{name: info[name] for name in info.columns if name in schemas.HANDS.names},
            "site": pa.repeat(site, n),
            "ante": ante,
            "cash_out_fee": cash_out_fee,
            **{name: totals[name] for name in ("total_pot", *ROOM_COLUMNS)},
            "raise_reading": pa.array(RAISE_READINGS).take(pa.array(reading)),
            "inconsistencies": _lists(n, inconsistent),
            "uncalled_inferred": inferred,
            "boards": _boards(lines, n, grammar.wording.shared_card),
            "source_file": files.take(pa.array(info["file"].to_numpy())),
            "byte_offset": info["offset"],
        },
        schemas.HANDS,
        _kept(np.arange(n), ok),
    )
    seat_hand = players["hand"].to_numpy()
    order = np.lexsort((numbers(players["seat"]), seat_hand))
    if ok is not None:
        order = order[ok[seat_hand[order]]]
    players_out = _assemble(
        {
            **{name: players[name] for name in players.columns if name in schemas.PLAYERS.names},
            "site": pa.repeat(site, players.height),
            "hand_id": hand_ids(seat_hand),
        },
        schemas.PLAYERS,
        order,
    )
    code = ev["code"].to_numpy()
    run = numbers(ev["run"])
    actions = _assemble(
        {
            **{name: ev[name] for name in ev.columns if name in schemas.ACTIONS.names},
            "site": pa.repeat(site, ev.height),
            "hand_id": hand_ids(ev_hand),
            "street": _STREET_NAMES.take(pa.array(ev["street"].to_numpy())),
            "kind": _KIND_NAMES.take(pa.array(code)),
            "amount": ev["chips"],
            "board": pa.array(run, mask=~_ON_A_BOARD[code] | (run < 0)),
        },
        schemas.ACTIONS,
        _kept(ev_hand, ok),
    )
    collections, collect_order = _collections(
        lines, arrays, ev, players, grammar.pots_named, from_summary
    )
    collect_hand = collections["hand"]
    assert isinstance(collect_hand, np.ndarray)
    if ok is not None:
        collect_order = collect_order[ok[collect_hand[collect_order]]]
    collections_out = _assemble(
        {
            **collections,
            "site": pa.repeat(site, collect_hand.size),
            "hand_id": hand_ids(collect_hand),
            "half": _HALF_NAMES.take(collections["half"]),
        },
        schemas.COLLECTIONS,
        collect_order,
    )
    if bad.height or lines.preamble.height:
        errors, skips = _bad_rows(lines, info, bad, pl.Series(files), site)
        import_errors = _table(errors, schemas.IMPORT_ERRORS)
        import_skips = _table(skips, schemas.IMPORT_SKIPS)
    else:
        import_errors = schemas.IMPORT_ERRORS.empty_table()
        import_skips = schemas.IMPORT_SKIPS.empty_table()
    return ParseResult(
        hands=hands,
        players=players_out,
        actions=actions,
        collections=collections_out,
        import_errors=import_errors,
        import_skips=import_skips,
    )


def _limit_by_betting(info: pl.DataFrame, ev: pl.DataFrame, grammar: Grammar) -> pl.Series:
    """Each hand's limit where its header writes none (``Grammar.unwritten_limits``):
    fixed-limit where the header gives the bets (``Grammar.fixed_by_header_bets``) and its
    first big blind, posted in full, is the header's first amount (the small bet);
    no-limit where a bet or raise goes above the pot, in it or in another hand of no
    written limit of its tournament in its file; else the limit the room's rule gives its
    game. A hand whose header writes its limit keeps it."""
    n = info.height
    hand, code = ev["hand"].to_numpy(), ev["code"].to_numpy()
    chips = numbers(ev["chips"], 0)
    unwritten = info["limit_type"].is_null().to_numpy()
    fixed = np.zeros(n, np.bool_)
    if grammar.fixed_by_header_bets:
        first = grouped.first_rows(hand, n, code == _BIG_BLIND_CODE)
        blind = grouped.gather(numbers(ev["chips"], -1), first, -1)
        full = ~grouped.gather(ev["all_in"].to_numpy(), first, True)
        fixed = full & (blind >= 0) & (blind == numbers(info["small_blind"], -2))
    above = unwritten & above_pot_limit(hand, ev["key"].to_numpy(), code, chips,
                                        numbers(ev["after"], 0), n)  # fmt: skip
    # a tournament has one limit: a hand above the pot proves it for every hand of it
    in_tournament = info["tournament_id"].is_not_null().to_numpy()
    if (above & in_tournament).any():
        proof = info.select("file", "tournament_id", above=pl.Series(above))
        proven = proof.select(pl.col("above").any().over("file", "tournament_id")).to_series()
        above |= unwritten & in_tournament & proven.to_numpy()
    rule = info["game_text"].replace_strict(dict(grammar.unwritten_limits), default=None,
                                            return_dtype=pl.String)  # fmt: skip
    return info.select(
        pl.when(pl.Series(~unwritten)).then(pl.col("limit_type"))
        .when(pl.Series(fixed)).then(pl.lit("FL"))
        .when(pl.Series(above)).then(pl.lit("NL"))
        .otherwise(rule)
    ).to_series()


def _in_pots(ev: pl.DataFrame, n: int) -> np.ndarray:
    """Per hand, what the betting puts in the pots, less what comes back."""
    code = ev["code"].to_numpy()
    chips = numbers(ev["chips"], 0)
    return grouped.sums(ev["hand"].to_numpy(), n, np.where(
        IS_BETTING[code], chips, np.where(code == _RETURN_CODE, -chips, 0)))  # fmt: skip


def _total_read(totals: pl.DataFrame, ev: pl.DataFrame) -> pl.Series:
    """The total pot as the hand's chips read it, where the printed total is one of two
    other readings: a total rounded (``total_step``: "Total pot 17.68k" for 17,685 chips)
    is what the players left in the pots when that rounds to it; a total printed less the
    room's take is read so where only that reading balances: what the players left in the
    pots is the printed total plus the take, and the collect lines pay the printed total
    (exports by tracking programs: "Total pot $12.35 | Rake $0.65" of a $13 pot, $12.35
    collected)."""
    n = totals.height
    hand, code = ev["hand"].to_numpy(), ev["code"].to_numpy()
    chips = numbers(ev["chips"], 0)
    in_pots = _in_pots(ev, n)
    collected = grouped.sums(hand, n, np.where(code == _COLLECT_CODE, chips, 0))
    total, take = numbers(totals["total_pot"], -1), numbers(totals["room_take"], -1)
    less_take = (take > 0) & (total >= 0) & (total != in_pots) & (total + take == in_pots) & (
        collected == total
    )
    step = totals["total_step"].to_numpy()
    rounded = (step > 0) & (total >= 0) & (np.abs(total - in_pots) < step)
    read = np.where(rounded, in_pots, np.where(less_take, total + take, total))
    return pl.Series(read).set(totals["total_pot"].is_null(), None)


def _rake_taken(
    totals: pl.DataFrame, ev: pl.DataFrame, info: pl.DataFrame, grammar: Grammar,
    percent: np.ndarray | None,
) -> pl.DataFrame:  # fmt: skip
    """``totals`` with the rake of the hands whose rake is what the pots did not pay: those
    that write none, in a room that may write none (``Grammar.rake_printed``; ``percent``:
    the most its rake may take of a pot, None where it always writes one), and the cash
    hands of a room whose printed rake is not the one it took
    (``ingest.rooms.RoomRules.printed_rake_taken``). That rake is the chips the players
    left in the pots less what the pots paid out (the printed totals where they are what
    the pots paid, ``Grammar.total_after_rake``, else the collect lines), where the room
    may take so much; else the rake printed stands (none, where none is). Where the
    printed totals are what the pots paid, the total pot is them plus the rake."""
    n = totals.height
    not_taken = info["room"].is_in(list(RAKE_NOT_TAKEN)).fill_null(False)
    derive = (not_taken & ~info["is_tournament"].fill_null(True)).to_numpy()
    if percent is None:
        percent = np.full(n, -1, np.int64)
    else:
        derive |= ~totals["rake_written"].to_numpy()
    if not derive.any():
        return totals
    percent = np.where(not_taken.to_numpy(), unprinted_rake_percents(info["room"]), percent)
    in_pots = _in_pots(ev, n)
    if grammar.total_after_rake:
        paid = numbers(totals["pots_paid"], -1)
    else:
        code = ev["code"].to_numpy()
        paid = grouped.sums(ev["hand"].to_numpy(), n,
                            np.where(code == _COLLECT_CODE, numbers(ev["chips"], 0), 0))
    taken = derive & (paid >= 0) & possible_rake(in_pots - paid, in_pots, percent)
    rake = np.where(taken, in_pots - paid, numbers(totals["rake"], -1))
    rake = np.where(derive & ~taken & ~totals["rake_written"].to_numpy(), 0, rake)
    total = pl.when(pl.Series(taken & grammar.total_after_rake)).then(pl.Series(in_pots))
    return totals.with_columns(
        total_pot=total.otherwise("total_pot"),
        rake=pl.Series(rake).set(pl.Series(rake < 0), None),
    )


def _summary_excess(info: pl.DataFrame, ev: pl.DataFrame, totals: pl.DataFrame) -> np.ndarray:
    """Per hand, what its collect lines pay beyond the pot less the room's take when they
    count the room's money (a splash) in every pot's line, in a room whose summary then
    says what the players won (see ``ingest.rooms``); -1 where that is never so."""
    summary_pays = info["room"].is_in(list(WINNINGS_IN_SUMMARY)).fill_null(False).to_numpy()
    lines = grouped.counts(ev["hand"].to_numpy(), info.height,
                           ev["code"].to_numpy() == _COLLECT_CODE)  # fmt: skip
    splash = numbers(totals["room_money_in"], 0)
    return np.where(summary_pays, splash * np.maximum(lines - 1, 0), -1)


def _lists(n: int, inconsistent: pl.DataFrame) -> pa.Array:
    """Each hand's list of inconsistencies (empty for most), from rows (hand, inconsistencies)
    in hand order."""
    counts = np.zeros(n, np.int32)
    counts[inconsistent["hand"].to_numpy()] = inconsistent["inconsistencies"].list.len().to_numpy()
    offsets = pa.array(np.concatenate([[0], np.cumsum(counts)]).astype(np.int32))
    values = inconsistent["inconsistencies"].explode().to_arrow().cast(pa.string())
    return pa.ListArray.from_arrays(offsets, values)


def _bad_rows(
    lines: Lines, info: pl.DataFrame, bad: pl.DataFrame, files: pl.Series, site: str
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Error and skip rows for the hands that failed a check, and for a junk preamble (one
    row per file), in file order."""

    def per_hand(column: str, hands: pl.Series) -> pl.Series:
        return info[column].gather(hands)

    bad = bad.with_columns(
        file=per_hand("file", bad["hand"]),
        hand_id=per_hand("hand_id", bad["hand"]),
        byte_offset=per_hand("offset", bad["hand"]),
        start_line=per_hand("line_no", bad["hand"]),
        idx=pl.coalesce("idx", per_hand("idx", bad["hand"])),
    )
    rows = bad["idx"].to_numpy()  # ``idx`` numbers the chunk's lines
    bad = bad.with_columns(
        line_no=pl.Series(lines.text.line_no[rows]),
        text=lines.text.strings(lines.text.starts[rows], lines.text.ends[rows], "text"),
        source_file=files.gather(bad["file"]),
        site=pl.lit(site),
    )
    errors = bad.filter(pl.col("outcome") == "error").rename({"text": "line"})
    preamble = lines.preamble.unique("file", keep="first", maintain_order=True)
    preamble = preamble.select(
        "file",
        source_file=files.gather(preamble["file"]),
        byte_offset="offset",
        line_no="line_no",
        hand_id=pl.lit(None, dtype=pl.String),
        line="text",
        reason=pl.lit("text before the first hand header"),
    )
    errors = pl.concat([errors, preamble], how="diagonal_relaxed").sort("file", "byte_offset")
    skips = bad.filter(pl.col("outcome") == "skip").with_columns(line_no="start_line")
    return errors, skips.sort("file", "byte_offset")
