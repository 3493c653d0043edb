"""All-in equity of stored hands: each pot's and half's exact equity from the moment no
more betting was possible, each player's expected net from then on (``ev_net``) and luck.

A hand qualifies when, after its last betting action (a post, call, bet, raise, check or
fold) and before the board was complete, at least two players were still in, at least one
of them all-in, and at most one still had chips to bet. Its known board is then what was
dealt by that street (Courchevel's first card before the flop); the unseen cards, folded
players' included, are the deck. Every player still in must have shown (or be the one
whose cards were dealt face up to the history's owner), all of them: otherwise the hand is
recorded as not computable, with the reason (``cards not shown: Bob (seat 2)``, ``cards not
fully shown: Ann (seat 4)`` for a player who showed only some), and never guessed; a hand
whose cards cannot be dealt (a card seen twice) is not computable either, and the others
are computed all the same. The pots, their rake (spread as the room spreads it) and the
odd-chip rule are the audit's: the expected awards are the exact mean of what the rules pay
over every runout, so each hand's ``ev_net`` sums to minus the room's take.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import polars as pl
import pyarrow as pa

from analysis.audit import verify
from analysis.audit.core import Prepared
from analysis.audit.replay import net_pots
from ingest.rooms import rules_for
from omaha_core.cards import known_cards
from omaha_core.equity import Equity, awards_of, pot_equities
from omaha_core.games import GAMES
from omaha_core.pots import Pot, build_pots

STREETS = ("preflop", "flop", "turn", "river")
BETTING = ("post_sb", "post_bb", "post_dead", "post_sb_bb", "ante", "straddle", "call", "bet",
           "raise", "check", "fold")  # fmt: skip
_KNOWN_CARDS = {"preflop": 0, "flop": 3, "turn": 4}

ALLIN_HANDS = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("street", pa.string(), nullable=False),  # when no more betting was possible
        pa.field("computed", pa.bool_(), nullable=False),
        pa.field("reason", pa.string(), nullable=False),  # why not computable, "" when computed
        pa.field("runouts", pa.int64(), nullable=False),  # 0 when not computed
    ]
)
ALLIN_EQUITY = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("street", pa.string(), nullable=False),
        pa.field("pot", pa.int8(), nullable=False),  # 0 main pot, 1.. side pots
        pa.field("half", pa.string(), nullable=False),  # hi | lo (hi/lo games) | whole
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("player", pa.string(), nullable=False),
        pa.field("equity", pa.float64(), nullable=False),  # expected share of the pot's half
        pa.field("expected", pa.float64(), nullable=False),  # of the half after the rake
    ]
)
ALLIN_EV = pa.schema(
    [
        pa.field("site", pa.string(), nullable=False),
        pa.field("hand_id", pa.string(), nullable=False),
        pa.field("seat", pa.int8(), nullable=False),
        pa.field("player", pa.string(), nullable=False),
        pa.field("net", pa.int64(), nullable=False),  # as the history says
        pa.field("ev_net", pa.float64(), nullable=False),  # expected net from the all-in on
        pa.field("luck", pa.float64(), nullable=False),  # net - ev_net
    ]
)


@dataclass(frozen=True)
class AllInResult:
    """The qualifying hands (ALLIN_HANDS), and for the computed ones each pot-half-seat's
    equity (ALLIN_EQUITY) and each seat's expected net (ALLIN_EV)."""

    hands: pa.Table
    equity: pa.Table
    ev: pa.Table


@dataclass(frozen=True)
class _Spot:
    """One qualifying hand, ready for the enumeration."""

    h: int
    site: str
    hand_id: str
    street: str
    game: str
    board: list[int]
    holes: dict[int, list[int]]
    names: dict[int, str]
    unknown: str  # why the equities cannot be computed ("" when they can)


def all_in_spots(prepared: Prepared) -> pl.DataFrame:
    """Per qualifying hand: h and the street on which no more betting was possible."""
    last = (
        prepared.actions.filter(pl.col("kind").is_in(BETTING) & pl.col("street").is_in(STREETS))
        .group_by("h")
        .agg(pl.col("street").sort_by("seq").last().alias("street"))
    )
    live = prepared.seats.filter(~pl.col("folded") & (pl.col("flow_put_in") > 0))
    counts = live.group_by("h").agg(
        pl.len().alias("live"),
        pl.col("went_all_in").sum().alias("all_in"),
    )
    return (
        last.join(counts, on="h")
        .filter(
            (pl.col("street") != "river")
            & (pl.col("live") >= 2)
            & (pl.col("all_in") >= 1)
            & (pl.col("live") - pl.col("all_in") <= 1)
        )
        .select("h", "street")
        .sort("h")
    )


def all_in_equity(prepared: Prepared) -> AllInResult:
    """Exact equities and expected nets of every qualifying hand of ``prepared``."""
    chosen = all_in_spots(prepared)
    spots = list(_spots(prepared, chosen))
    no_values = pl.DataFrame(schema={"h": pl.UInt32, "seat": pl.Int8, "board_no": pl.Int64,
                                     "hi": pl.Int32, "lo": pl.Int32})  # fmt: skip
    replays = {
        replay.h: replay
        for replay in verify.build_replays(
            prepared.seats.join(chosen, on="h"), no_values, prepared.hands.join(chosen, on="h")
        )
    }
    hand_rows: list[tuple[str, str, str, bool, str, int]] = []
    equity_rows: list[dict[str, object]] = []
    expected: dict[int, dict[int, Fraction]] = {}
    for spot in spots:
        if spot.unknown:
            hand_rows.append((spot.site, spot.hand_id, spot.street, False, spot.unknown, 0))
            continue
        replay = replays[spot.h]
        rules = rules_for(replay.room)
        try:
            pots = net_pots(build_pots(replay.put_in, replay.folded, replay.dead), replay.rake,
                            main_first=rules.rake_main_pot_first, unit=rules.rake_unit)  # fmt: skip
            equities = pot_equities(spot.holes, [pot.eligible for pot in pots], spot.board,
                                    game=spot.game)  # fmt: skip
            awards = awards_of(pots, equities, spot.holes, replay.button,
                               GAMES[spot.game].hi_lo, rules.odd_chip)  # fmt: skip
        except ValueError as exc:  # cards seen twice, pots that cannot be built: this hand only
            reason = f"not computable: {exc}"
            hand_rows.append((spot.site, spot.hand_id, spot.street, False, reason, 0))
            continue
        hand_rows.append((spot.site, spot.hand_id, spot.street, True, "",
                          equities[0].runouts if equities else 0))  # fmt: skip
        equity_rows += _equity_rows(spot, pots, equities)
        expected[spot.h] = awards
    return AllInResult(
        pa.Table.from_pylist(
            [dict(zip(ALLIN_HANDS.names, row, strict=True)) for row in hand_rows],
            schema=ALLIN_HANDS,
        ),
        pa.Table.from_pylist(equity_rows, schema=ALLIN_EQUITY),
        _ev_table(prepared, expected),
    )


def _spots(prepared: Prepared, spots: pl.DataFrame) -> Iterator[_Spot]:
    """Each qualifying hand with its known board and the cards of the players still in."""
    info = spots.join(prepared.hands.select("h", "site", "hand_id", "game", "boards"), on="h")
    live = (
        prepared.seats.join(spots.select("h"), on="h")
        .filter(~pl.col("folded") & (pl.col("flow_put_in") > 0))
        .select("h", "seat", "player", "cards")
    )
    by_hand: dict[int, list[tuple[int, str, str | None]]] = {}
    for h, seat, player, cards in live.iter_rows():
        by_hand.setdefault(h, []).append((seat, player, cards))
    for h, street, site, hand_id, game, boards in info.iter_rows():
        known = _KNOWN_CARDS[street] + (GAMES[game].courchevel and street == "preflop")
        seats = by_hand.get(h, [])
        holes: dict[int, list[int]] = {}
        unseen: dict[str, list[str]] = {}
        dealt = GAMES[game].hole_cards
        for seat, player, text in seats:
            cards = _readable(text)
            if cards is not None and len(cards) == dealt:
                holes[seat] = cards
                continue
            if cards is None or len(cards) > dealt:
                why = "cards unreadable"
            else:
                why = "cards not fully shown" if cards else "cards not shown"
            unseen.setdefault(why, []).append(f"{player} (seat {seat})")
        board = _readable(boards[0] if boards else "") or []
        if known and len(board) < known:
            unseen.setdefault("board unreadable", []).append(boards[0] if boards else "none")
        yield _Spot(
            h, site, hand_id, street, game, board[:known], holes,
            {seat: player for seat, player, _ in seats},
            "; ".join(f"{why}: {', '.join(who)}" for why, who in unseen.items()),
        )  # fmt: skip


def _readable(text: str | None) -> list[int] | None:
    """The cards a text shows (unshown ``XX`` left out); None when it cannot be read."""
    try:
        return known_cards(text or "")
    except ValueError:
        return None


def _equity_rows(spot: _Spot, pots: list[Pot], equities: list[Equity]) -> list[dict[str, object]]:
    """ALLIN_EQUITY rows: each pot's halves (the odd unit to the high) and seats."""
    hi_lo = GAMES[spot.game].hi_lo
    rows: list[dict[str, object]] = []
    for index, (pot, result) in enumerate(zip(pots, equities, strict=True)):
        halves = [("whole", pot.amount)]
        if hi_lo:
            halves = [("hi", pot.amount - pot.amount // 2), ("lo", pot.amount // 2)]
        for seat, player in result.players.items():
            for half, amount in halves:
                share = player.lo_share if half == "lo" else player.hi_share
                rows.append({"site": spot.site, "hand_id": spot.hand_id, "street": spot.street,
                             "pot": index, "half": half, "seat": seat,
                             "player": spot.names[seat], "equity": share,
                             "expected": share * amount})  # fmt: skip
    return rows


def _ev_table(prepared: Prepared, expected: dict[int, dict[int, Fraction]]) -> pa.Table:
    """ALLIN_EV rows for every seat of the computed hands."""
    seats = prepared.seats.join(
        pl.DataFrame({"h": list(expected)}, schema={"h": pl.UInt32}), on="h"
    ).join(prepared.hands.select("h", "site", "hand_id"), on="h")
    seats = seats.select("site", "hand_id", "seat", "player", "net", "h", "put_in", "returned")
    ev_net = []
    for h, seat, put_in, returned in seats.select("h", "seat", "put_in", "returned").iter_rows():
        award = expected[h].get(seat, Fraction(0))
        # the award less the chips in: one correctly rounded division, as float() of the
        # Fraction gives it
        ev_net.append((award.numerator + (returned - put_in) * award.denominator)
                      / award.denominator)  # fmt: skip
    table = seats.drop("h", "put_in", "returned").with_columns(
        ev_net=pl.Series(ev_net, dtype=pl.Float64)
    ).with_columns(luck=pl.col("net") - pl.col("ev_net"))
    return table.to_arrow().cast(ALLIN_EV)
