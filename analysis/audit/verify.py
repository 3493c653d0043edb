"""Expected awards of every hand and their comparison with what the history pays.

Hands that end without a showdown go whole (less rake) to the last live seat: that is one
vectorised expression. Showdown hands have their shown cards evaluated in one batched call
per hole-card count, then a short plain-int loop per hand builds the pots, takes the rake
off (see :mod:`analysis.audit.replay`) and divides them with :func:`omaha_core.awards.award_pots`.

The comparison is made at the detail the history gives: per board always, per pot when
every collection line names its pot, per half when every line says hi or lo; otherwise the
amounts are summed over pots or halves before comparing. A difference that another
odd-chip placement (the other half, the other boards, another first seat for ties) makes
vanish is an ``odd_chip``; any other difference is a ``mismatch``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import polars as pl
from numpy.typing import NDArray

from analysis.audit.replay import net_pots, spread_rake
from ingest.money import show_money
from ingest.rooms import rules_for
from omaha_core.awards import Award, Half, OddChipRule, award_pots
from omaha_core.evaluate import high_low_values
from omaha_core.games import GAMES
from omaha_core.pots import Pot, build_pots

CompareKey = tuple[int, int | None, str, int]  # board, pot (None: summed), half, seat

_RANKS = np.full(256, 255, np.uint8)
_SUITS = np.full(256, 255, np.uint8)
for _i, _c in enumerate("23456789TJQKA"):
    _RANKS[ord(_c)] = _RANKS[ord(_c.lower())] = _i
for _i, _c in enumerate("cdhs"):
    _SUITS[ord(_c)] = _SUITS[ord(_c.upper())] = _i


def card_matrix(texts: Sequence[str], per_row: int) -> NDArray[np.uint8] | None:
    """Card ids (n, per_row) of texts like ``"As Kd 7h 2c"``; None if any text is malformed."""
    joined = "".join(texts).replace("10", "T").replace(" ", "")
    raw = np.frombuffer(joined.encode("ascii", "replace"), np.uint8)
    if raw.size != len(texts) * per_row * 2:
        return None
    pairs = raw.reshape(len(texts), per_row, 2)
    ranks, suits = _RANKS[pairs[:, :, 0]], _SUITS[pairs[:, :, 1]]
    if (ranks == 255).any() or (suits == 255).any():
        return None
    return (ranks * 4 + suits).astype(np.uint8)


def evaluate_contenders(contenders: pl.DataFrame) -> pl.DataFrame:
    """Add ``hi`` and ``lo`` to rows (h, seat, board_no, cards, board_cards, holes, qualifier).

    All rows with the same hole-card count go through the evaluator in one call; rows
    whose cards cannot be read get hi = -1 (the caller reports them as unverifiable).
    """
    parts: list[pl.DataFrame] = []
    letters = pl.col("cards").str.replace_all("10", "T").str.replace_all(" ", "").str.len_bytes()
    for (holes_count, qualifier), rows in contenders.group_by(["holes", "qualifier"]):
        assert isinstance(holes_count, int)
        assert qualifier is None or isinstance(qualifier, int)
        # a text with too few or too many cards (a partial show) goes row by row, so that
        # it cannot shift the cards of the texts after it
        sized = letters == 2 * holes_count
        if not rows.select(sized.all()).item():
            parts.append(_evaluate_rowwise(rows.filter(~sized), holes_count, qualifier))
        group = rows.filter(sized)
        if group.is_empty():
            continue
        holes = card_matrix(group["cards"].to_list(), holes_count)
        boards = card_matrix(group["board_cards"].to_list(), 5)
        if holes is None or boards is None:
            parts.append(_evaluate_rowwise(group, holes_count, qualifier))
            continue
        high, low = high_low_values(holes, boards, qualifier=qualifier)
        parts.append(group.with_columns(hi=pl.Series(high, dtype=pl.Int32),
                                        lo=pl.Series(low, dtype=pl.Int32)))
    if not parts:
        return contenders.with_columns(hi=pl.lit(0, pl.Int32), lo=pl.lit(0, pl.Int32))
    return pl.concat(parts)


def _evaluate_rowwise(
    group: pl.DataFrame, holes_count: int, qualifier: int | None
) -> pl.DataFrame:
    """The slow path for a group holding a malformed card text: row by row, -1 when bad."""
    high: list[int] = []
    low: list[int] = []
    for cards, board in zip(group["cards"], group["board_cards"], strict=True):
        hole = card_matrix([cards], holes_count)
        deal = card_matrix([board], 5)
        if hole is None or deal is None or len(set(hole[0]) | set(deal[0])) != holes_count + 5:
            high.append(-1)
            low.append(0)
            continue
        h, lo = high_low_values(hole, deal, qualifier=qualifier)
        high.append(int(h[0]))
        low.append(int(lo[0]))
    return group.with_columns(hi=pl.Series(high, dtype=pl.Int32), lo=pl.Series(low, dtype=pl.Int32))


@dataclass
class HandReplay:
    """One showdown hand's inputs for the award split, all plain ints."""

    h: int
    room: str
    button: int
    rake: int
    hi_lo: bool
    boards: int
    put_in: dict[int, int] = field(default_factory=dict)
    dead: int = 0
    folded: set[int] = field(default_factory=set)
    mucked: set[int] = field(default_factory=set)
    hi: list[dict[int, int]] = field(default_factory=list)
    lo: list[dict[int, int]] = field(default_factory=list)
    partial: set[int] = field(default_factory=set)  # seats that showed some cards, not all
    fees: int = 0  # the room's drops other than its rake (jackpot, tax), counted in rake
    unit: int = 1  # the least amount the hand is dealt in (see ``analysis.audit.core.deal_unit``)


@dataclass
class HandAwards:
    """The outcome of one showdown hand: pots (net of rake), awards and what was unclear."""

    pots: list[Pot]
    gross: list[Pot]
    awards: list[Award]
    unverifiable: list[str]
    skipped_pots: set[int]


def split_hand(replay: HandReplay, rule: OddChipRule | None = None,
               button: int | None = None, charges: Sequence[int] | None = None) -> HandAwards:
    """Pots, rake and awards of one showdown hand (ValueError when the pots cannot be
    built), by the rules of the hand's room (``rule``: another odd-chip rule to try;
    ``charges``: the rake taken from each pot, another spread to try)."""
    rules = rules_for(replay.room)
    rule = rules.odd_chip if rule is None else rule
    gross = build_pots(replay.put_in, replay.folded, replay.dead)
    if charges is None:
        pots = net_pots(gross, replay.rake, main_first=rules.rake_main_pot_first,
                        unit=rules.rake_unit)  # fmt: skip
    else:
        pots = [Pot(pot.amount - charge, pot.eligible)
                for pot, charge in zip(gross, charges, strict=True)]  # fmt: skip
    unclear: list[str] = []
    skipped: set[int] = set()
    usable: list[Pot] = []
    known = replay.hi[0] if replay.hi else {}
    for index, pot in enumerate(pots):
        claims = tuple(seat for seat in pot.eligible if seat not in replay.mucked)
        unknown = [seat for seat in claims if seat not in known]
        if len(claims) == 1:
            usable.append(Pot(pot.amount, claims))
        elif not claims or unknown:
            unclear.append(f"{_pot_name(index)}: {unshown(unknown, replay.partial)}")
            skipped.add(index)
            usable.append(Pot(0, pot.eligible))
        else:
            usable.append(Pot(pot.amount, claims))
    awards = award_pots(
        usable,
        replay.hi or [{}],
        (replay.lo or [{}]) if replay.hi_lo else None,
        replay.button if button is None else button,
        rule,
        replay.unit,
    )
    return HandAwards(pots, gross, awards, unclear, skipped)


def unshown(seats: Sequence[int], partial: set[int]) -> str:
    """Why a pot cannot be checked: ``cards not shown (seats 1, 2)``, and the seats that
    showed only some of their cards: ``cards not fully shown (seats 3)``."""
    hidden = ", ".join(str(seat) for seat in seats if seat not in partial)
    some = ", ".join(str(seat) for seat in seats if seat in partial)
    texts = [f"cards not shown (seats {hidden or 'none'})"] if hidden or not some else []
    return "; ".join([*texts, *([f"cards not fully shown (seats {some})"] if some else [])])


def only_rake_moved(
    replay: HandReplay, rows: Sequence[tuple[int, int | None, str, int, str, int | None, int]]
) -> bool:
    """Whether an award difference is only in where the rake was taken: every seat gets
    from the hand in all what the rules give, and what each pot pays lies between nothing
    and its chips, the pots' shortfalls adding up to the rake.

    rows: (board, pot, half, seat, player, expected, reported) of one hand, paid by pot.
    """
    expected: dict[int, int] = {}
    reported: dict[int, int] = {}
    paid: dict[int, int] = {}
    for _board, pot, _half, seat, _player, due, got in rows:
        if due is None or pot is None:
            return False
        expected[seat] = expected.get(seat, 0) + due
        reported[seat] = reported.get(seat, 0) + got
        paid[pot] = paid.get(pot, 0) + got
    if expected != reported:
        return False
    try:
        gross = build_pots(replay.put_in, replay.folded, replay.dead)
    except ValueError:
        return False
    taken = [pot.amount - paid.get(index, 0) for index, pot in enumerate(gross)]
    return len(gross) > 1 and min(taken) >= 0 and sum(taken) == replay.rake


def seat_totals_agree(
    rows: Sequence[tuple[int, int | None, str, int, str, int | None, int]],
) -> bool:
    """Whether every seat receives in all what the rules give, whatever pots, boards and
    halves the history's collect lines name (a room may collect all one player wins in
    one line named after one pot).

    rows: (board, pot, half, seat, player, expected, reported) of one hand.
    """
    expected: dict[int, int] = {}
    reported: dict[int, int] = {}
    for _board, _pot, _half, seat, _player, due, got in rows:
        if due is None:
            return False
        expected[seat] = expected.get(seat, 0) + due
        reported[seat] = reported.get(seat, 0) + got
    return {s: a for s, a in expected.items() if a} == {s: a for s, a in reported.items() if a}


def _in_proportion(gross: Sequence[int], take: int, rest_to_main: bool) -> list[int]:
    """``take`` spread in proportion to each pot, rounded down, the rest from the main pot
    (else from the last)."""
    total = sum(gross)
    floors = [take * amount // total for amount in gross] if total else [0] * len(gross)
    floors[0 if rest_to_main else -1] += take - sum(floors)
    return floors


def _rake_spreads(gross: Sequence[int], rake: int, fees: int) -> dict[str, list[int]]:
    """The ways rooms spread a hand's take (``rake``, of which ``fees`` are drops other than
    the rake) over its pots (main pot first), by name."""
    spreads = {
        "in proportion to the pots, cumulatively": spread_rake(gross, rake),
        "from the main pot first": spread_rake(gross, rake, main_first=True),
        "from the last side pot first": spread_rake(gross[::-1], rake, main_first=True)[::-1],
        "in proportion to each pot, the rest from the main pot": _in_proportion(gross, rake, True),
        "in proportion to each pot, the rest from the last": _in_proportion(gross, rake, False),
    }
    if 0 < fees < rake:  # the rake from the main pot, the other drops from every pot
        main = spread_rake(gross, rake - fees, main_first=True)
        spreads["the rake from the main pot first, the other drops in proportion to each pot"] = [
            a + b for a, b in zip(main, _in_proportion(gross, fees, True), strict=True)
        ]
    return spreads


def rake_placed_otherwise(
    replay: HandReplay, rows: Sequence[tuple[int, int | None, str, int, str, int | None, int]]
) -> str | None:
    """How the rake was spread over the pots when the history's payments are, seat by seat,
    those of the pots with the rake taken from them in another of the ways rooms take it
    than the room's rule, in a room whose spread varies (``ingest.rooms``); None when no
    way gives them, or the room's spread never varies.

    rows: (board, pot, half, seat, player, expected, reported) of one hand.
    """
    if not rules_for(replay.room).rake_spread_varies or replay.rake <= 0:
        return None
    if any(due is None for *_, due, _got in rows):
        return None
    reported: dict[int, int] = {}
    for *_, seat, _player, _due, got in rows:
        if got:
            reported[seat] = reported.get(seat, 0) + got
    try:
        gross = build_pots(replay.put_in, replay.folded, replay.dead)
    except ValueError:
        return None
    if len(gross) < 2:
        return None
    amounts = [pot.amount for pot in gross]
    for name, charges in _rake_spreads(amounts, replay.rake, replay.fees).items():
        if min(charges) < 0 or any(c > pot.amount for c, pot in zip(charges, gross, strict=True)):
            continue
        result = split_hand(replay, charges=charges)
        if result.unverifiable:
            return None
        paid: dict[int, int] = {}
        for award in result.awards:
            if award.amount:
                paid[award.seat] = paid.get(award.seat, 0) + award.amount
        if paid == reported:
            return name
    return None


ROWS_SCHEMA = {"h": pl.UInt32, "board": pl.Int8, "pot": pl.Int8, "half": pl.String,
               "seat": pl.Int8, "amount": pl.Int64}  # fmt: skip


@dataclass(frozen=True)
class SplitOutcome:
    """The general path's results, as frames keyed by the hand index ``h``."""

    replays: list[HandReplay]
    rows: pl.DataFrame  # expected awards: ROWS_SCHEMA
    unclear: pl.DataFrame  # h, reason: pots whose cards were not all shown
    claimants: pl.DataFrame  # h, pot, seat: who had a claim to each of those pots
    failures: pl.DataFrame  # h, reason: pots that cannot be built
    pots: pl.DataFrame  # h, pots: how many pots each hand had


def split_hands(replays: list[HandReplay]) -> SplitOutcome:
    """Split every hand's pots (the per-hand loop: side pots, several boards)."""
    rows: list[tuple[int, int, int, str, int, int]] = []
    unclear: list[tuple[int, str]] = []
    claimants: list[tuple[int, int, int]] = []
    failures: list[tuple[int, str]] = []
    pots: list[tuple[int, int]] = []
    for hand in replays:
        try:
            result = split_hand(hand)
        except ValueError as exc:
            failures.append((hand.h, f"pots cannot be built: {exc}"))
            continue
        rows.extend(award_rows(result.awards, hand.h))
        unclear.extend((hand.h, text) for text in result.unverifiable)
        claimants.extend(
            (hand.h, pot, seat)
            for pot in result.skipped_pots
            for seat in result.pots[pot].eligible
            if seat not in hand.mucked
        )
        pots.append((hand.h, len(result.pots)))
    reasons = {"h": pl.UInt32, "reason": pl.String}
    return SplitOutcome(
        replays,
        pl.DataFrame(rows, schema=ROWS_SCHEMA, orient="row"),
        pl.DataFrame(unclear, schema=reasons, orient="row"),
        pl.DataFrame(claimants, schema={"h": pl.UInt32, "pot": pl.Int8, "seat": pl.Int8},
                     orient="row"),
        pl.DataFrame(failures, schema=reasons, orient="row"),
        pl.DataFrame(pots, schema={"h": pl.UInt32, "pots": pl.Int64}, orient="row"),
    )


def build_replays(
    seats: pl.DataFrame, values: pl.DataFrame, hands: pl.DataFrame
) -> list[HandReplay]:
    """One :class:`HandReplay` per showdown hand from the flow rows and the evaluated values."""
    info = hands.select("h", "room", "button_seat", "rake", "hi_lo", "board_count")
    replays: dict[int, HandReplay] = {}
    fees = (pl.col("jackpot_fee") + pl.col("tax")) if "tax" in hands.columns else pl.lit(0)
    for h, room, button, rake, hi_lo, boards, fee, least in info.with_columns(
        hands.select(fees.alias("fees"), "deal_unit")
    ).iter_rows():
        replays[h] = HandReplay(h, room, button or 0, rake, hi_lo, max(boards, 1), fees=fee,
                                unit=least)  # fmt: skip
    columns = seats.select("h", "seat", "live", "flow_returned", "flow_dead", "folded", "mucked")
    for h, seat, live, returned, dead, folded, mucked in columns.iter_rows():
        replay = replays[h]
        if live or returned:
            replay.put_in[seat] = live - returned
        replay.dead += dead
        if folded:
            replay.folded.add(seat)
        if mucked:
            replay.mucked.add(seat)
    for replay in replays.values():
        replay.hi = [{} for _ in range(replay.boards)]
        replay.lo = [{} for _ in range(replay.boards)]
    partial = pl.col("partial") if "partial" in values.columns else pl.lit(False)
    mine = values.join(info.select("h"), on="h").select(
        "h", "seat", "board_no", "hi", "lo", partial.fill_null(False).alias("partial")
    )
    for h, seat, board_no, hi, lo, some in mine.iter_rows():
        replay = replays[h]
        if hi >= 0 and board_no <= replay.boards:
            replay.hi[board_no - 1][seat] = hi
            replay.lo[board_no - 1][seat] = lo
        elif some:
            replay.partial.add(seat)
    return list(replays.values())


def award_rows(awards: Iterable[Award], h: int) -> list[tuple[int, int, int, str, int, int]]:
    """Expected rows (h, board, pot, half, seat, amount)."""
    return [(h, a.board, a.pot, a.half.value, a.seat, a.amount) for a in awards]


def normalise(
    rows: Iterable[tuple[int, int | None, str, int, int]], by_pot: bool, by_half: bool
) -> dict[CompareKey, int]:
    """Sum (board, pot, half, seat, amount) rows at the detail the history gives."""
    out: dict[CompareKey, int] = {}
    for board, pot, half, seat, amount in rows:
        key = (board, pot if by_pot else None, half if by_half else Half.WHOLE.value, seat)
        out[key] = out.get(key, 0) + amount
    return out


def odd_chip_alternative(
    replay: HandReplay, reported: Mapping[CompareKey, int], by_pot: bool, by_half: bool
) -> str | None:
    """The odd-chip placement that reproduces the history exactly, if one does.

    Each variant moves the odd units another way (to the low half, to the last boards,
    ties counted from another seat). When the history names its pots, each pot may follow
    its own variant; otherwise one variant must reproduce the whole hand.
    """
    seats = sorted(set(replay.put_in))
    variants: list[tuple[str, dict[CompareKey, int]]] = []
    for odd_to_high in (True, False):
        for odd_to_first_board in (True, False):
            rule = OddChipRule(odd_to_high, odd_to_first_board)
            for button in (replay.button, *(s for s in seats if s != replay.button), 0):
                try:
                    result = split_hand(replay, rule, button)
                except ValueError:
                    return None
                rows = [(a.board, a.pot, a.half.value, a.seat, a.amount) for a in result.awards
                        if a.pot not in result.skipped_pots]
                described = _describe_rule(rule, button, replay.button)
                variants.append((described, normalise(rows, by_pot, by_half)))
    wanted = {key: amount for key, amount in reported.items() if amount}
    groups = {key[1] for key in wanted} | {key[1] for _, got in variants for key in got}
    found: list[str] = []
    for pot in sorted(groups, key=lambda p: -1 if p is None else p) if by_pot else [None]:

        def part(rows: Mapping[CompareKey, int], pot: int | None = pot) -> dict[CompareKey, int]:
            return {key: amount for key, amount in rows.items() if not by_pot or key[1] == pot}

        if part(variants[0][1]) == part(wanted):
            continue
        match = next((text for text, got in variants[1:] if part(got) == part(wanted)), None)
        if match is None:
            return None
        found.append(f"{_pot_name(pot)}: {match}" if by_pot else match)
    return "; ".join(found) or None


def _describe_rule(rule: OddChipRule, button: int, real_button: int) -> str:
    parts = []
    if not rule.odd_to_high:
        parts.append("odd chip to the low half")
    if not rule.odd_to_first_board:
        parts.append("odd chip to the last board")
    if button != real_button:
        parts.append(f"ties' odd chip counted from seat {button} instead of the button")
    return ", ".join(parts) or "the room's odd-chip rule"


def _pot_name(index: int | None) -> str:
    if index is None:
        return "pot"
    return "main pot" if index == 0 else f"side pot {index}"


def where_text(board: int, pot: int | None, half: str, boards: int) -> str:
    """``board 2 side pot 1 low half`` and the like, for reasons."""
    text = _pot_name(pot)
    if half == Half.HI.value:
        text += " high half"
    elif half == Half.LO.value:
        text += " low half"
    return f"board {board} {text}" if boards > 1 else text


def describe_difference(
    rows: Sequence[tuple[int, int | None, str, int, str, int, int]], currency: str, boards: int
) -> str:
    """One line for the first differing place: expected winners vs what the history pays.

    rows: (board, pot, half, seat, player, expected, reported) of one hand, ok or not.
    """
    groups: dict[tuple[int, int | None, str], list[tuple[str, int, int]]] = {}
    for board, pot, half, _seat, player, expected, reported in rows:
        groups.setdefault((board, pot, half), []).append((player, expected, reported))
    bad = [key for key, items in groups.items() if any(e != r for _, e, r in items)]
    if not bad:
        return ""
    board, pot, half = bad[0]
    items = groups[bad[0]]

    def who(pairs: Iterable[tuple[str, int]]) -> str:
        named = [f"{name} {show_money(amount, currency)}" for name, amount in pairs if amount]
        return " and ".join(named) or "nobody"

    text = (
        f"{where_text(board, pot, half, boards)}: expected {who((p, e) for p, e, _ in items)}, "
        f"history pays {who((p, r) for p, _, r in items)}"
    )
    return text + (f" (and {len(bad) - 1} more)" if len(bad) > 1 else "")


def game_holes(game: str) -> tuple[int, int | None]:
    """Hole cards and low qualifier (None: no low half) of a game name; (4, None) for an
    unknown name."""
    known = GAMES.get(game)
    if known is None:
        return 4, None
    return known.hole_cards, known.qualifier if known.hi_lo else None
