"""Exact all-in equity (``omaha_core.equity``): the plain-Python reference on random flop,
turn, river and small-deck preflop spots in every game; pot and half properties; side pots
and expected awards; run it twice; pokerkit's sampled equities; under ``-m slow``, whole
preflop enumerations scored with the batched evaluator."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import Card, Deck, OmahaEightOrBetterLowHand, OmahaHoldemHand

from omaha_core.awards import award_pots
from omaha_core.cards import format_cards, parse_cards
from omaha_core.equity import Equity, equity, expected_awards, pot_equities
from omaha_core.evaluate import high_low_values
from omaha_core.games import GAMES
from omaha_core.pots import Pot
from tests.equity_reference import reference_equity

Spot = tuple[list[list[int]], list[int], list[int]]
SEED = 2026
COUNTS = ("win", "tie", "lo_win", "lo_tie", "scoop")


def random_spot(rng: random.Random, game: str, board_size: int, max_runouts: int) -> Spot:
    """2-6 players, ``board_size`` board cards and enough dead cards (at least 0-4 at
    random) to leave at most ``max_runouts`` runouts. Half the deals favour two suits, so
    that flushes and flush draws are common."""
    hole_cards = GAMES[game].hole_cards
    favoured = rng.sample(range(4), 2) if rng.random() < 0.5 else []
    deck = sorted(range(52), key=lambda card: rng.random() * (0.3 if card % 4 in favoured else 1))
    players = rng.randint(2, min(6, (47 - 4) // hole_cards))
    holes = [deck[i * hole_cards : (i + 1) * hole_cards] for i in range(players)]
    rest = deck[players * hole_cards :]
    board, rest = rest[:board_size], rest[board_size:]
    dead = rng.randint(0, 4)
    while math.comb(len(rest) - dead, 5 - board_size) > max_runouts:
        dead += 1
    return holes, board, rest[:dead]


def describe(holes: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int]) -> str:
    hands = " | ".join(format_cards(hole) for hole in holes)
    return f"{hands} board [{format_cards(board)}] dead [{format_cards(dead)}]"


def assert_matches_reference(
    game: str, holes: list[list[int]], board: list[int], dead: list[int]
) -> None:
    rules = GAMES[game]
    qualifier = rules.qualifier if rules.hi_lo else None
    runouts, expected = reference_equity(holes, board, dead, qualifier)
    result = equity(holes, board, dead, game)
    context = f"{game}: {describe(holes, board, dead)}"
    assert result.runouts == runouts, context
    for player, ref in enumerate(expected):
        got, where = result.players[player], f"{context}, player {player}"
        assert [getattr(got, n) for n in COUNTS] == [getattr(ref, n) for n in COUNTS], where
        assert (got.hi_fraction, got.lo_fraction, got.equity_fraction) == tuple(
            share / runouts for share in (ref.hi, ref.lo, ref.whole)
        ), where


@pytest.mark.parametrize("game", GAMES)
def test_matches_reference_on_turns_and_rivers(game: str) -> None:
    rng = random.Random(f"{SEED} turn {game}")
    for spot in range(250):
        assert_matches_reference(game, *random_spot(rng, game, 5 if spot % 10 == 0 else 4, 50))


@pytest.mark.parametrize("game", GAMES)
def test_matches_reference_on_flops(game: str) -> None:
    rng = random.Random(f"{SEED} flop {game}")
    for _ in range(12):
        assert_matches_reference(game, *random_spot(rng, game, 3, 1_000))


@pytest.mark.parametrize("game", GAMES)
def test_matches_reference_preflop_on_small_decks(game: str) -> None:
    """Preflop (Courchevel: one board card), dead cards leaving 8 to 12 unseen cards."""
    rng = random.Random(f"{SEED} preflop {game}")
    board_size = 1 if GAMES[game].courchevel else 0
    for _ in range(8):
        assert_matches_reference(game, *random_spot(rng, game, board_size, rng.choice([56, 495])))


def test_reference_follows_the_rules_examples() -> None:
    """The reference itself, on river spots from the rules (examples 3 and 10)."""
    board = parse_cards("Js Jd 9d 5h 9c")  # full house beats three jacks
    _, (full, trips) = reference_equity(
        [parse_cards("Jc 2c 9s Ts"), parse_cards("As 2s Jh Kd")], board, [], None
    )
    assert (full.win, trips.win) == (1, 0)
    board = parse_cards("2d 6h Ac 5c 8s")  # 6-5-3-2-A beats 6-5-4-2-A and 7-5-3-2-A
    holes = [parse_cards(text) for text in ("2h 4s 5s Kd", "3s 5s Th Jd", "3c 7d Qd Qs")]
    _, results = reference_equity(holes, board, [], 8)
    assert [result.lo_win for result in results] == [0, 1, 0]


def outcome_share(seat: int, hi_seats: Sequence[int], lo_seats: Sequence[int]) -> Fraction:
    """A seat's share of the whole pot on one runout with these winners."""
    takers = lo_seats or hi_seats
    hi = Fraction(seat in hi_seats, len(hi_seats))
    return (hi + Fraction(seat in takers, len(takers))) / 2


def deals(min_players: int = 1) -> st.SearchStrategy[tuple[str, Spot]]:
    """Any game, 1-6 players, any street, 0-6 dead cards."""

    def build(game: str, deck: list[int], players: int, street: int, dead: int) -> tuple[str, Spot]:
        rules = GAMES[game]
        k = rules.hole_cards
        players = min(players, (52 - 5 - dead) // k)
        board_size = ((1 if rules.courchevel else 0), 3, 4, 5)[street]
        holes = [deck[i * k : (i + 1) * k] for i in range(players)]
        rest = deck[players * k :]
        return game, (holes, rest[:board_size], rest[board_size : board_size + dead])

    return st.builds(
        build,
        st.sampled_from(sorted(GAMES)),
        st.permutations(range(52)),
        st.integers(min_players, 6),
        st.integers(0, 3),
        st.integers(0, 6),
    )


@settings(max_examples=60, deadline=None)
@given(deals())
def test_each_half_and_the_pot_sum_to_one(deal: tuple[str, Spot]) -> None:
    game, (holes, board, dead) = deal
    result = equity(holes, board, dead, game)
    players = list(result.players.values())
    assert result.runouts == math.comb(
        52 - len([*board, *dead]) - sum(map(len, holes)), 5 - len(board)
    )
    for name in ("hi_fraction", "lo_fraction", "equity_fraction"):
        assert sum(getattr(player, name) for player in players) == 1, name
    outcomes = result.outcomes()
    assert sum(outcomes.values()) == result.runouts
    assert sum(count for (_, lo), count in outcomes.items() if lo) == result.low_runouts
    for seat, player in result.players.items():
        assert (player.hi_share, player.lo_share, player.equity) == (
            float(player.hi_fraction), float(player.lo_fraction), float(player.equity_fraction)
        )
        assert player.scoop <= player.win <= player.win + player.tie <= result.runouts
        assert (
            player.equity_fraction
            == sum(count * outcome_share(seat, hi, lo) for (hi, lo), count in outcomes.items())
            / result.runouts
        )
        if not GAMES[game].hi_lo:
            assert (player.lo_win, player.lo_tie, player.scoop) == (0, 0, player.win)
            assert player.lo_fraction == player.hi_fraction


@settings(max_examples=30, deadline=None)
@given(deals(min_players=3), st.integers(1, 999), st.integers(1, 999))
def test_side_pots_are_the_eligible_players_equities(
    deal: tuple[str, Spot], main: int, side: int
) -> None:
    """Each pot equals ``equity`` among its players, the other hands being dead cards; the
    expected awards sum to the pots, and equal amount times equity when no chip is odd."""
    game, (holes, board, dead) = deal
    seats = dict(zip((2, 5, 7, 9, 1, 3)[: len(holes)], holes, strict=True))
    side_seats = sorted(seats)[-2:]
    pots = [Pot(main, tuple(sorted(seats))), Pot(side, tuple(side_seats))]
    results = pot_equities(seats, [pot.eligible for pot in pots], board, dead, game)
    for pot, result in zip(pots, results, strict=True):
        out = [card for seat in seats if seat not in pot.eligible for card in seats[seat]]
        alone = equity([seats[seat] for seat in pot.eligible], board, [*dead, *out], game)
        assert [p.equity_fraction for p in result.players.values()] == [
            p.equity_fraction for p in alone.players.values()
        ]
    awards = expected_awards(pots, seats, button_seat=9, board=board, dead=dead, game=game)
    assert sum(awards.values()) == main + side
    even = [Pot(2 * 60, pot.eligible) for pot in pots]  # 2 halves * lcm(1..6): no odd chip
    awards = expected_awards(even, seats, button_seat=9, board=board, dead=dead, game=game)
    for seat in seats:
        assert awards[seat] == sum(
            pot.amount * result.players[seat].equity_fraction
            for pot, result in zip(even, results, strict=True)
            if seat in result.players
        )


@settings(max_examples=40, deadline=None)
@given(deals(min_players=2), st.integers(1, 999), st.integers(1, 999), st.integers(1, 10))
def test_expected_awards_pay_each_outcome_as_award_pots_does(
    deal: tuple[str, Spot], main: int, side: int, button_seat: int
) -> None:
    """The expected awards are, exactly, the mean over the outcomes of what ``award_pots``
    pays on each (odd chips, split highs and quartered lows included)."""
    game, (holes, board, dead) = deal
    seats = dict(zip((2, 5, 7, 9, 1, 3)[: len(holes)], holes, strict=True))
    pots = [Pot(main, tuple(sorted(seats))), Pot(side, tuple(sorted(seats)[-2:]))]
    results = pot_equities(seats, [pot.eligible for pot in pots], board, dead, game)
    paid = dict.fromkeys(seats, 0)
    for pot, result in zip(pots, results, strict=True):
        for (hi, lo), count in result.outcomes().items():
            highs = [{seat: 1 + (seat in hi) for seat in pot.eligible}]
            lows = [{seat: int(seat in lo) for seat in pot.eligible}] if GAMES[game].hi_lo else None
            for award in award_pots([pot], highs, lows, button_seat):
                paid[award.seat] += award.amount * count
    awards = expected_awards(pots, seats, button_seat, board, dead, game)
    assert awards == {seat: Fraction(chips, results[0].runouts) for seat, chips in paid.items()}


def test_run_it_twice_expects_the_one_runout_equity() -> None:
    """Every ordered pair of distinct rivers, each board awarding half the pot by
    ``award_pots``: the mean award is exactly the one-runout equity times the pot."""
    holes = [parse_cards(text) for text in ("As Ah 2c 3d", "Ks Kh Qc Jd", "5c 6c 7h 8h")]
    turn = parse_cards("Kd 7s 2h 4c")
    result = equity(holes, turn, game="omaha8")
    rivers = [card for card in range(52) if card not in {*turn, *itertools.chain(*holes)}]
    values = {}
    for river in rivers:
        board = np.array([[*turn, river]] * 3, np.uint8)
        high, low = high_low_values(np.array(holes, np.uint8), board)
        values[river] = dict(enumerate(high.tolist())), dict(enumerate(low.tolist()))
    pot = Pot(2 * 2 * 6, (0, 1, 2))  # two boards, two halves, any tie: no odd chip
    totals = dict.fromkeys(range(3), 0)
    for first, second in itertools.permutations(rivers, 2):
        (hi1, lo1), (hi2, lo2) = values[first], values[second]
        for award in award_pots([pot], [hi1, hi2], [lo1, lo2], button_seat=2):
            totals[award.seat] += award.amount
    pairs = len(rivers) * (len(rivers) - 1)
    assert [Fraction(totals[seat], pairs * pot.amount) for seat in range(3)] == [
        player.equity_fraction for player in result.players.values()
    ]


def variance(result: Equity, seat: int) -> float:
    """Variance of the seat's share of the pot on one runout, from the exact outcomes."""
    mean = result.players[seat].equity_fraction
    squares = sum(
        count * outcome_share(seat, hi, lo) ** 2 for (hi, lo), count in result.outcomes().items()
    )
    return float(squares / result.runouts - mean**2)


@pytest.mark.parametrize(
    ("game", "texts", "board", "samples"),
    [
        ("omaha8", ["As Ah 2c 3d", "Ks Kh Qc Jd"], "", 600),
        ("omaha5", ["As Ks Qs 7h 7d", "9c 9d Tc Jd 2h", "8s 6s 5h 4h 3c"], "", 300),
        ("courchevel8", ["Ad 2d 5c Kh Qs", "Tc Ts 9h 8h 7c"], "3c", 400),
    ],
)
def test_pokerkit_samples_agree_within_three_standard_errors(
    game: str, texts: list[str], board: str, samples: int
) -> None:
    """Runouts drawn with a seeded generator (pokerkit's own sampler draws differently from
    run to run), each scored by pokerkit's Omaha hand classes: the mean share of every
    player lies within three standard errors of the exact equity."""
    rules = GAMES[game]
    holes = [list(Card.parse(text.replace(" ", ""))) for text in texts]
    known = list(Card.parse(board))
    dealt = set(known) | {card for hole in holes for card in hole}
    deck = [card for card in Deck.STANDARD if card not in dealt]
    generator = random.Random(SEED)
    totals = [Fraction(0)] * len(holes)
    for _ in range(samples):
        runout = known + generator.sample(deck, 5 - len(known))
        high = [OmahaHoldemHand.from_game(hole, runout) for hole in holes]
        lows = [_pokerkit_low(hole, runout) if rules.hi_lo else None for hole in holes]
        hi_seats = [seat for seat, hand in enumerate(high) if hand == max(high)]
        made = [low for low in lows if low is not None]
        lo_seats = [seat for seat, low in enumerate(lows) if made and low == max(made)]
        for seat in range(len(holes)):
            totals[seat] += outcome_share(seat, hi_seats, lo_seats)
    result = equity([parse_cards(text) for text in texts], parse_cards(board), game=game)
    for seat, total in enumerate(totals):
        share = float(total / samples)
        error = math.sqrt(variance(result, seat) / samples)
        assert abs(share - result.players[seat].equity) <= 3 * error, (seat, share, error)


def _pokerkit_low(hole: list[Card], board: list[Card]) -> OmahaEightOrBetterLowHand | None:
    """pokerkit's best 8-or-better low of the hole and board, None without one."""
    try:
        return OmahaEightOrBetterLowHand.from_game(hole, board)
    except ValueError:
        return None


HANDS = parse_cards("As Ah 2c 3d Ks Kh Qc Jd")


@pytest.mark.parametrize(
    ("problem", "message"),
    [
        ({"holes": [parse_cards("As Ah 2c")]}, "have 4 cards"),
        ({"board": parse_cards("2d 3d")}, "board has"),
        ({"board": parse_cards("As 3d 4d")}, "duplicate card: As"),
        ({"game": "razz"}, "unknown game"),
        ({"dead": [c for c in range(52) if c not in HANDS][3:]}, "cannot complete the board"),
    ],
)
def test_rejects_impossible_deals(problem: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"holes": [HANDS[:4], HANDS[4:]], **problem}
    with pytest.raises(ValueError, match=message):
        equity(**arguments)  # type: ignore[arg-type]


def test_rejects_an_eligible_seat_without_cards() -> None:
    with pytest.raises(ValueError, match="known holes"):
        pot_equities({1: parse_cards("As Ah 2c 3d"), 2: parse_cards("Ks Kh Qc Jd")}, [(1, 3)])


def brute_force(
    game: str, holes: list[list[int]], board: list[int], pot: Sequence[int] | None = None
) -> list[tuple[int, ...]]:
    """(win, tie, lo_win, lo_tie, scoop, hi_units, lo_units) per player, unit 6, scoring
    every runout with the batched evaluator; among the players of ``pot`` (indexes into
    ``holes``) alone when given, every hand's cards out of the deck."""
    rules = GAMES[game]
    seen = {*board, *itertools.chain(*holes)}
    deck = [card for card in range(52) if card not in seen]
    holes = [holes[p] for p in pot] if pot is not None else holes
    size = 5 - len(board)
    drawn = np.fromiter(itertools.chain(*itertools.combinations(deck, size)), np.uint8)
    drawn = drawn.reshape(-1, size)
    boards = np.hstack([np.broadcast_to(np.array(board, np.uint8), (len(drawn), 5 - size)), drawn])
    qualifier = rules.qualifier if rules.hi_lo else None
    values = [high_low_values(np.tile(hole, (len(boards), 1)), boards, qualifier) for hole in holes]
    high = np.array([hi for hi, _ in values])
    low = np.array([lo for _, lo in values])
    hi_win = high == high.max(axis=0)
    lo_win = (low == low.max(axis=0)) & (low > 0)
    takers = np.where(lo_win.any(axis=0), lo_win, hi_win)
    alone = hi_win & (hi_win.sum(axis=0) == 1)
    scoop = alone & (~lo_win.any(axis=0) | (lo_win == hi_win).all(axis=0))
    return [
        (
            int(alone[p].sum()),
            int((hi_win[p] & ~alone[p]).sum()),
            int((lo_win[p] & (lo_win.sum(axis=0) == 1)).sum()),
            int((lo_win[p] & (lo_win.sum(axis=0) > 1)).sum()),
            int(scoop[p].sum()),
            int((hi_win[p] * 6 // hi_win.sum(axis=0)).sum()),
            int((takers[p] * 6 // takers.sum(axis=0)).sum()),
        )
        for p in range(len(holes))
    ]


def scaled_counts(result: Equity) -> list[tuple[int, ...]]:
    """A pot's counts per player as ``brute_force`` gives them (units of 6)."""
    return [
        (p.win, p.tie, p.lo_win, p.lo_tie, p.scoop, p.hi_units * 6 // p.unit,
         p.lo_units * 6 // p.unit)
        for p in result.players.values()
    ]  # fmt: skip


@pytest.mark.parametrize("game", ["omaha", "omaha8"])
def test_preflop_main_and_side_pot_match_brute_force(game: str) -> None:
    """Three players preflop, a full deck: flushes in two suits held by two and by one
    player, sets and full houses on paired boards, a side pot with one flush holder only.
    Each pot is scored among its own players over the same 1,086,008 runouts."""
    holes = [parse_cards(text) for text in ("Ah Kh Qd Jd", "Th 9h 8d 8c", "As 2s 3c 4c")]
    pots = [(0, 1, 2), (1, 2)]
    results = pot_equities(dict(enumerate(holes)), pots, game=game)
    for pot, result in zip(pots, results, strict=True):
        assert scaled_counts(result) == brute_force(game, holes, [], pot), pot


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_preflop_matches_brute_force(game: str) -> None:
    """Heads-up and 3-way preflop (Courchevel: one board card), every runout scored."""
    rules = GAMES[game]
    rng = random.Random(f"{SEED} brute {game}")
    for players in (2, 3):
        deck = rng.sample(range(52), players * rules.hole_cards + 1)
        holes = [deck[i * rules.hole_cards : (i + 1) * rules.hole_cards] for i in range(players)]
        board = deck[-1:] if rules.courchevel else []
        result = equity(holes, board, game=game)
        assert scaled_counts(result) == brute_force(game, holes, board), describe(holes, board, [])
