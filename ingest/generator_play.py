"""The betting of one generated hand: legal actions with exact chips, driven by random numbers.

A small random policy (fold, check, call, bet, raise, with sizes between the legal minimum
and maximum) plays the hand street by street. The rules applied are the ones the audit
checks: pot-limit maximum (the pot after calling), no-limit and pot-limit minimum raise
(the last full raise, at least the big blind), fixed-limit bet sizes (small bet preflop
and on the flop, big bet on turn and river) with a cap of four bets per street, all-in
for less allowed, and an incomplete all-in raise does not reopen the betting for players
who already acted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from omaha_core.pots import uncalled_bet

PREFLOP, FLOP, TURN, RIVER = range(4)
FL_CAP = 4  # bets per street in fixed limit, the bet itself included
MAX_RAISES_PER_STREET = 6  # keeps the random policy from raising for ever in deep stacks
# The policy: chance of aggression (times the hand's aggression) with no bet to face and
# facing one; chance of folding to a bet per street, growing with the bet's share of the pot.
AGGRESSION_OPEN = 0.6
AGGRESSION_FACING = 0.5
FOLD_BASE = (0.5, 0.45, 0.45, 0.45)
FOLD_PRESSURE = 0.35
POT_SIZED = 0.35  # share of pot-limit bets and raises made for the maximum
NO_LIMIT_SHOVE = 0.15  # share of no-limit bets and raises that are all-in


@dataclass(slots=True)
class Setup:
    """What is known before the cards are dealt; players are listed in seat order."""

    limit_type: str  # PL, NL or FL
    small_blind: int
    big_blind: int
    ante: int
    names: list[str]
    stacks: list[int]
    button: int  # index into names of the button
    aggression: float  # 0..1, how often the policy bets and raises


@dataclass(slots=True)
class Play:
    """What happened: action lines per street, each player's chips and fate."""

    setup: Setup
    posts: list[str] = field(default_factory=list)
    streets: list[list[str]] = field(default_factory=lambda: [[], [], [], []])
    put_in: list[int] = field(default_factory=list)
    folded_on: list[int] = field(default_factory=list)  # street of the fold, -1 if never
    all_in: list[bool] = field(default_factory=list)
    bet_voluntarily: list[bool] = field(default_factory=list)
    last_street: int = PREFLOP  # last street whose cards were dealt before the end
    betting_ended_on: int = PREFLOP  # street of the last betting round that had actions
    uncalled: tuple[int, int] | None = None  # (player index, chips) returned

    def live(self) -> list[int]:
        return [i for i, street in enumerate(self.folded_on) if street < 0]


def small_blind_index(n: int, button: int) -> int:
    return button if n == 2 else (button + 1) % n


def play_hand(setup: Setup, money: Callable[[int], str], rand: list[float]) -> Play:
    """Play the hand with the random numbers in ``rand`` (consumed in order, cycling)."""
    return _Hand(setup, money, rand).run()


class _Hand:
    def __init__(self, setup: Setup, money: Callable[[int], str], rand: list[float]) -> None:
        n = len(setup.names)
        self.s = setup
        self.n = n
        self.money = money
        self.rand = rand
        self.k = 0
        self.stack = list(setup.stacks)
        self.bet = [0] * n  # chips in front on the current street
        self.pot = 0
        self.live = n  # players who have not folded
        self.active = n  # live players with chips behind
        self.ring = list(range(n)) * 2  # ring[i : i + n]: everyone clockwise from i
        self.play = Play(
            setup,
            put_in=[0] * n,
            folded_on=[-1] * n,
            all_in=[False] * n,
            bet_voluntarily=[False] * n,
        )

    def r(self) -> float:
        value = self.rand[self.k % len(self.rand)]
        self.k += 1
        return value

    def put(self, i: int, chips: int) -> str:
        """Move chips from the stack to the pot; the all-in remark when that empties it."""
        self.stack[i] -= chips
        self.play.put_in[i] += chips
        self.pot += chips
        if self.stack[i] == 0 and not self.play.all_in[i]:
            self.play.all_in[i] = True
            self.active -= 1
            return " and is all-in"
        return ""

    def post(self, i: int, what: str, chips: int, street_bet: bool) -> None:
        chips = min(chips, self.stack[i])
        tail = self.put(i, chips)
        if street_bet:
            self.bet[i] += chips
        self.play.posts.append(f"{self.s.names[i]}: posts {what} {self.money(chips)}{tail}")

    def run(self) -> Play:
        s, n = self.s, self.n
        sb = small_blind_index(n, s.button)
        bb = (sb + 1) % n
        if s.ante:
            for i in range(n):
                self.post(i, "the ante", s.ante, street_bet=False)
        self.post(sb, "small blind", s.small_blind, street_bet=True)
        self.post(bb, "big blind", s.big_blind, street_bet=True)
        for street in range(4):
            self.play.last_street = street
            if street:
                self.bet = [0] * n
            first = (bb + 1) % n if street == PREFLOP else (s.button + 1) % n
            if self.betting_round(street, first):
                self.play.betting_ended_on = street
            if self.live == 1:
                break
        return self.play

    def betting_round(self, street: int, first: int) -> bool:
        """One round of betting; True when anybody acted."""
        s, n, play, bet, stack = self.s, self.n, self.play, self.bet, self.stack
        lines = play.streets[street]
        money = self.money
        limit_type = s.limit_type
        size = s.big_blind * (2 if street >= TURN else 1)  # fixed-limit bet on this street
        current = max(bet)
        last_raise = s.big_blind
        bets = 1 if street == PREFLOP else 0
        raises = 0
        folded_on, all_in = play.folded_on, play.all_in
        ring = self.ring
        pending = [i for i in ring[first : first + n] if folded_on[i] < 0 and not all_in[i]]
        may_raise = dict.fromkeys(pending, True)
        acted = False
        while pending and self.live > 1:
            i = pending.pop(0)
            to_call = current - bet[i]
            others_can_act = self.active > 1
            if to_call == 0 and not others_can_act:
                continue
            name = s.names[i]
            acted = True
            can_raise = (
                may_raise[i]
                and others_can_act
                and stack[i] > to_call
                and raises < MAX_RAISES_PER_STREET
                and not (limit_type == "FL" and bets >= FL_CAP)
            )
            aggressive = self.r() < s.aggression * (
                AGGRESSION_FACING if to_call else AGGRESSION_OPEN
            )
            if to_call and not aggressive and self.r() < self._fold_chance(street, to_call):
                folded_on[i] = street
                self.live -= 1
                self.active -= 1
                lines.append(f"{name}: folds")
                continue
            if not (aggressive and can_raise):
                if to_call == 0:
                    lines.append(f"{name}: checks")
                    continue
                chips = min(to_call, stack[i])
                bet[i] += chips
                tail = self.put(i, chips)
                play.bet_voluntarily[i] = True
                lines.append(f"{name}: calls {money(chips)}{tail}")
                continue
            target = self._target(i, current, to_call, last_raise, size)
            tail = self.put(i, target - bet[i])
            if current == 0:
                lines.append(f"{name}: bets {money(target)}{tail}")
            else:
                lines.append(f"{name}: raises {money(target - current)} to {money(target)}{tail}")
            bet[i] = target
            play.bet_voluntarily[i] = True
            full = target - current >= (size if limit_type == "FL" else last_raise)
            if full:
                last_raise = max(last_raise, target - current)
            bets += 1
            raises += 1
            current = target
            again = [j for j in ring[i + 1 : i + n] if folded_on[j] < 0 and not all_in[j]]
            for j in again:
                # an incomplete raise lets those who already acted call or fold only
                if full or j not in pending:
                    may_raise[j] = full
            pending = again
        if acted or street == PREFLOP:
            self._return_uncalled(street)
        return acted

    def _target(self, i: int, current: int, to_call: int, last_raise: int, size: int) -> int:
        """The street total a bet or raise brings player ``i`` to (all-in when short)."""
        most = self.bet[i] + self.stack[i]
        if self.s.limit_type == "FL":
            return min(current + size, most)
        least = current + last_raise
        cap = min(most, current + self.pot + to_call)  # the pot-limit maximum
        if self.s.limit_type == "NL" and self.r() < NO_LIMIT_SHOVE:
            cap = most
        if least >= cap:
            return cap
        v = self.r()
        return cap if v < POT_SIZED else least + int((cap - least) * v * v)

    def _fold_chance(self, street: int, to_call: int) -> float:
        pressure = to_call / max(self.pot, 1)
        return min(0.9, FOLD_BASE[street] + FOLD_PRESSURE * pressure)

    def _return_uncalled(self, street: int) -> None:
        """Give back the part of the top bet that nobody matched, once the betting stops."""
        play = self.play
        if self.live > 1 and self.active > 1:
            return
        folded = [i for i in range(self.n) if play.folded_on[i] >= 0]
        returned = uncalled_bet(dict(enumerate(play.put_in)), folded)
        if returned is None:
            return
        top, excess = returned
        self.stack[top] += excess
        self.pot -= excess
        play.put_in[top] -= excess
        if play.all_in[top]:
            play.all_in[top] = False
            self.active += 1
        play.uncalled = returned
        play.streets[street].append(
            f"Uncalled bet ({self.money(excess)}) returned to {self.s.names[top]}"
        )
