"""Classified PokerStars lines to the Arrow tables of :mod:`ingest.schemas`, with checks.

Hands are numbered 0..n-1 within a chunk, so per-hand values are gathered by position and
per-player values keyed by one integer (hand, seat). Events, seats and summary lines are
all in hand order, so the running street totals and each seat's sums are single compiled
passes over them. The checks live in :mod:`ingest.sites.pokerstars_problems`; only hands
that pass them reach the output tables.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
import pyarrow as pa

from ingest import grouped, schemas
from ingest.scan import njit, units
from ingest.sites import ParseResult
from ingest.sites.pokerstars_fields import BETTING, EVENT_KINDS
from ingest.sites.pokerstars_hands import hand_info
from ingest.sites.pokerstars_lines import STREET_NAMES, Lines
from ingest.sites.pokerstars_problems import problems
from ingest.text import one_of, to_units

# Seat labels after the blinds and before the button, by how many players sit there.
_MIDDLE = {
    0: [], 1: ["CO"], 2: ["UTG", "CO"], 3: ["UTG", "HJ", "CO"], 4: ["UTG", "MP", "HJ", "CO"],
    5: ["UTG", "UTG1", "MP", "HJ", "CO"], 6: ["UTG", "UTG1", "MP", "MP1", "HJ", "CO"],
    7: ["UTG", "UTG1", "UTG2", "MP", "MP1", "HJ", "CO"],
}  # fmt: skip


_LABELS = ["SB", "BB", "BTN", "UTG", "UTG1", "UTG2", "MP", "MP1", "HJ", "CO"]


def _position_table() -> np.ndarray:
    """Label codes (in ``_LABELS``) by number of players dealt in and order from the seat
    after the button; -1 where there is no label."""
    table = np.full((11, 10), -1, np.int64)
    table[2, 0], table[2, 1] = _LABELS.index("BB"), _LABELS.index("BTN")
    for middle, labels in _MIDDLE.items():
        n = middle + 3
        table[n, 0], table[n, 1] = _LABELS.index("SB"), _LABELS.index("BB")
        table[n, n - 1] = _LABELS.index("BTN")
        for k, label in enumerate(labels):
            table[n, 2 + k] = _LABELS.index(label)
    return table


_POSITIONS = _position_table()


def per_hand(info: pl.DataFrame, column: str, hands: pl.Series) -> pl.Series:
    """``info[column]`` for each hand number in ``hands`` (info has one row per hand, in order)."""
    return info[column].gather(hands)


def _seat_key(seat: pl.Expr) -> pl.Expr:
    """One integer per (hand, seat); seats are 1..10 (15 stands for "no seat")."""
    return pl.col("hand") * 16 + seat.fill_null(15).cast(pl.Int64)


def _seats(lines: Lines, info: pl.DataFrame) -> pl.DataFrame:
    """Seat lines with numbers, stacks and sitting-out flags."""
    seats = lines.seats
    seats = seats.with_columns(
        stack=to_units(seats["stack_h"], per_hand(info, "in_cents", seats["hand"]))
    )
    if not lines.sat_out.height:
        return seats
    # "sits out" before the hole cards are dealt: not dealt in
    hole = lines.markers.filter(one_of(pl.col("marker"), ["HOLE CARDS", "PRE-FLOP"]))
    hole = hole.group_by("hand").agg(hole_idx=pl.col("idx").min())
    sat_out = (
        lines.sat_out.join(hole, on="hand", how="left")
        .filter(pl.col("idx") < pl.col("hole_idx").fill_null(1 << 62))
        .select("hand", "player", sat_out=pl.lit(True))
        .unique()
    )
    return (
        seats.join(sat_out, on=["hand", "player"], how="left", maintain_order="left")
        .with_columns(sitting_out=pl.col("sitting_out") | pl.col("sat_out").fill_null(False))
        .drop("sat_out")
    )


def _events(lines: Lines, info: pl.DataFrame) -> pl.DataFrame:
    """Events in line order, with amounts in the smallest unit; betting rows get ``chips``
    (what the action adds to the pot), ``live`` (what counts toward the street's bet),
    ``dead``, ``raise_to`` and ``after`` (the player's street total after the action)."""
    ev = lines.events
    cents = per_hand(info, "in_cents", ev["hand"])
    value = to_units(ev["value_h"], cents)
    is_raise = pl.col("kind") == "raise"
    ev = ev.with_columns(
        x=pl.when(~is_raise).then(value),
        y=pl.when(is_raise).then(value),
        fee_x=pl.when(pl.col("kind") == "cash_out").then(to_units(ev["fee_h"], cents)),
        pkey=_seat_key(pl.col("seat")),
        all_in=pl.col("all_in").fill_null(False),
    ).with_columns(
        # Posts before the first marker belong to the pre-flop betting.
        key=pl.col("pkey") * 8 + pl.col("street").clip(lower_bound=1).cast(pl.Int64)
    )
    return pl.concat([ev, _street_totals(ev, per_hand(info, "big_blind", ev["hand"]))],
                     how="horizontal")  # fmt: skip


_KIND_CODES = {kind: code for code, kind in enumerate(EVENT_KINDS)}
_IS_BETTING = np.array([kind in BETTING for kind in EVENT_KINDS])
_NO_CHIPS = np.array([kind in ("fold", "check", "show", "muck") for kind in EVENT_KINDS])
# Which chip flow (0 returned, 1 collected, 2 cashed out) an event kind is, -1: none.
_FLOW_OF = np.array([["return", "collect", "cash_out"].index(k) if k in ("return", "collect",
                     "cash_out") else -1 for k in EVENT_KINDS])  # fmt: skip
_RAISE_CODE, _ANTE_CODE, _BOTH_BLINDS_CODE, _CASH_OUT_CODE = (
    _KIND_CODES["raise"],
    _KIND_CODES["ante"],
    _KIND_CODES["post_sb_bb"],
    _KIND_CODES["cash_out"],
)


@njit
def _betting(
    hand: np.ndarray, key: np.ndarray, code: np.ndarray, x: np.ndarray, y: np.ndarray,
    big_blind: np.ndarray,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """The street totals, one pass over the events in line order: per (hand, seat, street)
    ``key``, what each betting row adds live (a post of both blinds counts the big blind
    live, the rest is dead; antes are dead; a raise sets the total to its "to" amount, and
    later calls add to it), the total after it, and what a raise adds; then the chips each
    event moves and its dead part. Null amounts (-1 in ``x``, ``y``, ``big_blind``) count
    as 0: their hands fail the checks. Returns the values and a validity flag for each."""
    n = hand.size
    live, after = np.zeros(n, np.int64), np.zeros(n, np.int64)
    chips, dead = np.zeros(n, np.int64), np.zeros(n, np.int64)
    betting_valid, chips_valid = np.zeros(n, np.bool_), np.ones(n, np.bool_)
    seq = np.zeros(n, np.int32)
    # running state per key of the current hand (keys are hand * 128 + seat * 8 + street)
    total, since_raise = np.zeros(128, np.int64), np.zeros(128, np.int64)
    base, last = np.zeros(128, np.int64), np.zeros(128, np.int64)
    seen = np.zeros(128, np.bool_)
    first_row = 0
    for i in range(n):
        if i == 0 or hand[i] != hand[i - 1]:
            first_row = i
            seen[:] = False
        seq[i] = i - first_row
        c = code[i]
        xi = max(x[i], 0)
        if _NO_CHIPS[c]:
            continue
        if not _IS_BETTING[c]:
            chips[i] = xi
            chips_valid[i] = x[i] >= 0
            continue
        g = key[i] % 128
        if not seen[g]:
            seen[g] = True
            total[g] = since_raise[g] = base[g] = last[g] = 0
        if c == _BOTH_BLINDS_CODE:
            adds = xi if big_blind[i] < 0 else (big_blind[i] if x[i] < 0 else min(xi, big_blind[i]))
        elif c in (_ANTE_CODE, _RAISE_CODE):
            adds = 0
        else:
            adds = xi
        total[g] += adds
        if c == _RAISE_CODE:
            since_raise[g] = total[g]
            base[g] = max(y[i], 0)
        live[i] = adds
        after[i] = base[g] + total[g] - since_raise[g]
        betting_valid[i] = True
        if c == _RAISE_CODE:
            chips[i] = max(y[i], 0) - last[g]
            chips_valid[i] = y[i] >= 0
        else:
            chips[i] = xi
            chips_valid[i] = x[i] >= 0
        if c == _ANTE_CODE:
            dead[i] = xi
        elif c == _BOTH_BLINDS_CODE:
            dead[i] = xi - adds
        last[g] = after[i]
    return live, after, chips, dead, seq, betting_valid, chips_valid


@njit
def _hand_sums(
    hands: int, hand: np.ndarray, code: np.ndarray, x: np.ndarray, fee: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Per hand: the largest ante posted and the cash-out fees (-1 amounts: none)."""
    ante, fees = np.zeros(hands, np.int64), np.zeros(hands, np.int64)
    for i in range(hand.size):
        if code[i] == _ANTE_CODE:
            ante[hand[i]] = max(ante[hand[i]], x[i])
        elif code[i] == _CASH_OUT_CODE:
            fees[hand[i]] += max(fee[i], 0)
    return ante, fees


def _street_totals(ev: pl.DataFrame, big_blind: pl.Series) -> pl.DataFrame:
    """live, after, chips, dead, raise_to and seq for each event, in the same row order
    (see :func:`_betting`)."""

    def filled(column: pl.Series) -> np.ndarray:
        return column.fill_null(-1).to_numpy()

    live, after, chips, dead, seq, betting, chips_valid = _betting(
        ev["hand"].to_numpy(), (ev["key"] % 128).to_numpy(),
        ev["code"].to_numpy(), filled(ev["x"]), filled(ev["y"]), filled(big_blind),
    )  # fmt: skip
    no_bet = pl.Series(~betting)
    return pl.DataFrame(
        {
            "live": pl.Series(live).set(no_bet, None),
            "after": pl.Series(after).set(no_bet, None),
            "chips": pl.Series(chips).set(pl.Series(~chips_valid), None),
            "dead": dead,
            "raise_to": ev["y"],
            "seq": seq,
        }
    )


def _computed_returns(ev: pl.DataFrame) -> pl.DataFrame:
    """Uncalled bets from the betting itself: on each street, what the biggest bettor put in
    beyond the next biggest. Used where the history's own return lines are unreliable."""
    totals = (
        ev.filter(pl.col("after").is_not_null())
        .group_by("key")
        .agg(pl.col("hand").first(), pl.col("pkey").first(), total=pl.col("after").max())
        .with_columns(street_key=pl.col("key") % 8 + pl.col("hand") * 8)
        .sort(["street_key", "total"], descending=[False, True])
        .with_columns(
            second=pl.col("total").shift(-1).over("street_key"),
            rank=pl.int_range(pl.len()).over("street_key"),
        )
    )
    return (
        totals.filter(pl.col("rank") == 0)
        .group_by("pkey")
        .agg(computed_return=(pl.col("total") - pl.col("second").fill_null(0)).sum())
    )


@njit
def _seat_rows(
    seat_hand: np.ndarray, seat: np.ndarray, hand: np.ndarray, number: np.ndarray
) -> np.ndarray:
    """For each (hand, seat number) row, the first seat line of that hand with that number
    (-1: none; null numbers, -1, match each other). Both sides are in hand order."""
    out = np.full(hand.size, -1, np.int64)
    begin = 0
    for i in range(hand.size):
        while begin < seat_hand.size and seat_hand[begin] < hand[i]:
            begin += 1
        k = begin
        while k < seat_hand.size and seat_hand[k] == hand[i]:
            if seat[k] == number[i]:
                out[i] = k
                break
            k += 1
    return out


@njit
def _seat_sums(
    seat_hand: np.ndarray, seat: np.ndarray, event_hand: np.ndarray, event_seat: np.ndarray,
    code: np.ndarray, chips: np.ndarray, fee: np.ndarray, event_cards: np.ndarray,
    summary_hand: np.ndarray, summary_seat: np.ndarray, summary_cards: np.ndarray,
    won: np.ndarray, not_awarded: np.ndarray,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """Per seat line, from the events and summary lines of its hand with its seat number
    (see :func:`_seat_rows`; null amounts, -1, count 0): chips put in, returned, collected
    and cashed out, cash-out fees, winnings and pots not awarded written in the summary, and
    the first event and summary line showing its cards (-1: none)."""
    n = seat_hand.size
    sums = np.zeros((n, 7), np.int64)
    first_shown = np.full(n, -1, np.int64)
    first_summary = np.full(n, -1, np.int64)
    for i, k in enumerate(_seat_rows(seat_hand, seat, event_hand, event_seat)):
        if k < 0:
            continue
        c = code[i]
        column = 0 if _IS_BETTING[c] else (1 + _FLOW_OF[c] if _FLOW_OF[c] >= 0 else -1)
        if column >= 0:
            sums[k, column] += max(chips[i], 0)
        sums[k, 4] += max(fee[i], 0)
        if event_cards[i] and first_shown[k] < 0:
            first_shown[k] = i
    for j, k in enumerate(_seat_rows(seat_hand, seat, summary_hand, summary_seat)):
        if k < 0:
            continue
        sums[k, 6 if not_awarded[j] else 5] += max(won[j], 0)
        if summary_cards[j] and first_summary[k] < 0:
            first_summary[k] = j
    return sums, first_shown, first_summary


def _players(
    lines: Lines, info: pl.DataFrame, seats: pl.DataFrame, ev: pl.DataFrame
) -> pl.DataFrame:
    """One row per seat line, with the player's chip flows, cards and position."""
    summary = lines.summary_seats
    summary_won = to_units(summary["won_h"], per_hand(info, "in_cents", summary["hand"]))

    def numbers(column: pl.Series) -> np.ndarray:
        return column.fill_null(-1).to_numpy()

    sums, first_shown, first_summary = _seat_sums(
        numbers(seats["hand"]), numbers(seats["seat"]), numbers(ev["hand"]), numbers(ev["seat"]),
        numbers(ev["code"]), numbers(ev["chips"]), numbers(ev["fee_x"]),
        ev["cards"].is_not_null().to_numpy(), numbers(summary["hand"]),
        numbers(summary["seat"]), summary["cards"].is_not_null().to_numpy(),
        numbers(summary_won), summary["not_awarded"].to_numpy(),
    )  # fmt: skip

    def gathered(column: pl.Series, rows: np.ndarray) -> pl.Series:
        return column.gather(pl.Series(rows).replace(-1, None))

    flows = pl.DataFrame(
        sums, schema=["put_in", "returned_lines", "collected_lines", "cashed_out",
                      "cash_out_fee", "won", "not_awarded"], orient="row",
    )  # fmt: skip
    rio_hands = info.filter("is_rio")["hand"]
    p = pl.concat(
        [
            seats.with_columns(
                pkey=_seat_key(pl.col("seat")),
                hand_id=per_hand(info, "hand_id", seats["hand"]),
                is_rio=per_hand(info, "is_rio", seats["hand"]),
                button_seat=per_hand(info, "button_seat", seats["hand"]),
                shown=gathered(ev["cards"], first_shown),
                summary_cards=gathered(summary["cards"], first_summary),
            ),
            flows,
        ],
        how="horizontal",
    )
    if rio_hands.len():
        returns = _computed_returns(ev.filter(pl.col("hand").is_in(rio_hands.implode())))
        p = p.join(returns, on="pkey", how="left")
    else:
        p = p.with_columns(computed_return=pl.lit(None, pl.Int64))
    # Run It Once exports print return and collect amounts that contradict their own pot
    # totals; their returns are recomputed from the betting and winnings read from the
    # summary, which agrees with the totals.
    rio = pl.col("is_rio")
    p = p.with_columns(
        returned=pl.when(rio)
        .then(pl.col("computed_return").fill_null(0))
        .otherwise("returned_lines"),
        collected=pl.when(rio).then("won").otherwise("collected_lines"),
        hole_cards=pl.coalesce("dealt", "shown", "summary_cards"),
    ).with_columns(
        net=pl.col("collected") + pl.col("cashed_out") - pl.col("put_in") + pl.col("returned")
    )
    return _with_positions(p)


@njit
def _positions(
    hand: np.ndarray, seat: np.ndarray, button: np.ndarray, dealt_in: np.ndarray
) -> np.ndarray:
    """Each seat line's position code (-1: none): among the players dealt in of its hand,
    ordered clockwise from the seat after the button, by how many they are."""
    out = np.full(hand.size, -1, np.int64)
    begin = 0
    while begin < hand.size:
        end = begin
        while end < hand.size and hand[end] == hand[begin]:
            end += 1
        rows = np.array([i for i in range(begin, end) if dealt_in[i]], np.int64)
        # seats after the button come first; 100 exceeds any seat number, so the modulo
        # only rotates the table
        order = np.argsort((seat[rows] - button[rows] - 1) % 100, kind="mergesort")
        n = rows.size
        if 2 <= n <= 10:
            for k in range(n):
                out[rows[order[k]]] = _POSITIONS[n, k]
        begin = end
    return out


def _with_positions(p: pl.DataFrame) -> pl.DataFrame:
    """Positions of the players dealt in, clockwise from the button (see the README)."""
    dealt_in = ~p["sitting_out"].fill_null(True) & p["button_seat"].is_not_null()
    codes = _positions(
        p["hand"].to_numpy(),
        p["seat"].cast(pl.Int64).fill_null(0).to_numpy(),
        p["button_seat"].cast(pl.Int64).fill_null(0).to_numpy(),
        dealt_in.to_numpy(),
    )
    labels = pl.Series("position", _LABELS, dtype=pl.String)
    return p.with_columns(labels.gather(pl.Series(codes).replace(-1, None)))


def _collections(
    lines: Lines, info: pl.DataFrame, ev: pl.DataFrame, p: pl.DataFrame
) -> pl.DataFrame:
    """Collect lines as rows (summary winnings for Run It Once exports, see _players)."""
    side = lines.totals.group_by("hand").agg(side_pots=pl.col("side_pots").any())
    collect = ev.filter(
        (pl.col("kind") == "collect")
        & ~pl.col("hand").is_in(info.filter("is_rio")["hand"].implode())
    ).join(side, on="hand", how="left")
    pot = pl.col("pot")
    stars = collect.select(
        "hand",
        "seat",
        "player",
        board=pl.col("run"),
        pot=pl.when(pot == "main pot")
        .then(0)
        .when(pot == "pot")
        .then(pl.when(pl.col("side_pots").fill_null(False)).then(None).otherwise(0))
        .otherwise(pot.str.extract(r"(\d+)$", 1).cast(pl.Int8, strict=False).fill_null(1)),
        amount=pl.col("chips"),
    )
    rio = p.filter(pl.col("is_rio") & (pl.col("collected") > 0)).select(
        "hand", "seat", "player", board=pl.lit(1), pot=pl.lit(None), amount=pl.col("collected")
    )
    return pl.concat([stars, rio], how="diagonal_relaxed").with_columns(half=pl.lit("whole"))


def _totals(lines: Lines, info: pl.DataFrame) -> pl.DataFrame:
    """One row per hand: how many "Total pot" lines it has, and the first one's line, total
    pot and rake (null: unreadable, or no such line). Money a room adds to the pot (Run It
    Once's "STP" splash) is taken off both, so that the pot is what the players put in and
    the rake is the room's net take."""
    n = info.height
    totals = lines.totals
    rows = grouped.first_rows(totals["hand"].to_numpy(), n, np.ones(totals.height, np.bool_))
    in_cents = info["in_cents"].fill_null(False).to_numpy()
    found = rows >= 0

    def first_amount(column: str) -> tuple[np.ndarray, np.ndarray]:
        # A missing rake or splash is none; one that is there but unreadable is not.
        hundredths = grouped.gather(totals[column].to_numpy(), rows, -1)
        return units(hundredths, in_cents)

    (total, total_ok), (rake, rake_ok), (stp, stp_ok) = map(
        first_amount, ("total_h", "rake_h", "stp_h")
    )
    idx = grouped.gather(totals["idx"].to_numpy(), rows, -1)
    return pl.DataFrame(
        {
            "n_totals": grouped.counts(totals["hand"].to_numpy(), n),
            "total_idx": pa.array(idx, mask=~found),
            "total_pot": pa.array(total - stp, mask=~(found & total_ok & stp_ok)),
            "rake": pa.array(rake - stp, mask=~(found & rake_ok & stp_ok)),
        },
        schema={"n_totals": pl.Int64, "total_idx": pl.Int64, "total_pot": pl.Int64,
                "rake": pl.Int64},
    )  # fmt: skip


def _table(frame: pl.DataFrame, schema: pa.Schema) -> pa.Table:
    """The frame as an Arrow table of ``schema``: strings leave polars as views (no copy)
    and are copied once, into the schema's plain strings."""
    arrow = frame.select(schema.names).to_arrow(compat_level=pl.CompatLevel.newest())
    return arrow.cast(schema)


def build(lines: Lines, source_files: Sequence[str], site: str) -> ParseResult:
    """The tables of one chunk (or of several small files parsed together) from its
    classified lines; ``source_files`` names each ``file`` number of the lines."""
    files = pl.Series("source_file", source_files, dtype=pl.String)
    info = hand_info(lines)
    seats = _seats(lines, info)
    ev = _events(lines, info)
    players = _players(lines, info, seats, ev)
    totals = _totals(lines, info)
    bad = problems(lines, info, seats, ev, players, totals)
    # Most chunks have no failed hand: then every row is kept without a lookup.
    ok_hands = info.join(bad, on="hand", how="anti")["hand"].implode()
    errors, skips = _bad_rows(lines, info, bad, files, site)
    is_ok = pl.col("hand").is_in(ok_hands) if bad.height else pl.lit(True)

    boards = lines.boards.sort("run", "idx").group_by("hand").agg(boards=pl.col("cards"))
    ante, cash_out_fee = _hand_sums(
        info.height, ev["hand"].to_numpy(), ev["code"].to_numpy(),
        ev["x"].fill_null(-1).to_numpy(), ev["fee_x"].fill_null(-1).to_numpy(),
    )  # fmt: skip
    hands = (
        pl.concat([info, totals.select("total_pot", "rake")], how="horizontal")
        .with_columns(ante=ante, cash_out_fee=cash_out_fee)
        .filter(is_ok)
        .join(boards, on="hand", how="left")
        .sort("hand")
        .with_columns(
            site=pl.lit(site),
            byte_offset="offset",
            boards=pl.col("boards").fill_null([]),
        )
    )
    hands = hands.with_columns(source_file=files.gather(hands["file"]))
    players_out = players.filter(is_ok)
    order = (players_out["hand"] * 256 + players_out["seat"].cast(pl.Int64)).to_numpy()
    if (np.diff(order) < 0).any():  # seat lines are almost always in seat order already
        players_out = players_out.sort("hand", "seat")
    players_out = players_out.with_columns(site=pl.lit(site))
    actions = ev.filter(is_ok)
    actions = actions.with_columns(
        site=pl.lit(site),
        hand_id=per_hand(info, "hand_id", actions["hand"]),
        street=pl.col("street").replace_strict(
            list(range(len(STREET_NAMES))), STREET_NAMES, return_dtype=pl.String
        ),
        amount="chips",
        board=pl.when(one_of(pl.col("kind"), ["show", "muck", "collect", "cash_out"])).then(
            pl.col("run")
        ),
    )
    collections = _collections(lines, info, ev, players).filter(is_ok).sort("hand")
    collections = collections.with_columns(
        site=pl.lit(site), hand_id=per_hand(info, "hand_id", collections["hand"])
    )
    return ParseResult(
        hands=_table(hands, schemas.HANDS),
        players=_table(players_out, schemas.PLAYERS),
        actions=_table(actions, schemas.ACTIONS),
        collections=_table(collections, schemas.COLLECTIONS),
        import_errors=_table(errors, schemas.IMPORT_ERRORS),
        import_skips=_table(skips, schemas.IMPORT_SKIPS),
    )


def _bad_rows(
    lines: Lines, info: pl.DataFrame, bad: pl.DataFrame, files: pl.Series, site: str
) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Error and skip rows for the hands that failed a check, and for a junk preamble (one
    row per file), in file order."""
    bad = bad.with_columns(
        file=per_hand(info, "file", bad["hand"]),
        hand_id=per_hand(info, "hand_id", bad["hand"]),
        byte_offset=per_hand(info, "offset", bad["hand"]),
        start_line=per_hand(info, "line_no", bad["hand"]),
        idx=pl.coalesce("idx", per_hand(info, "idx", bad["hand"])),
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
