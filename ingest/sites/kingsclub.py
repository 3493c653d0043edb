"""KingsClub text histories (cash games: Omaha of 4 and 5 cards, hi and hi/lo, Big O,
double board; Hold'em; 2-7 Drawmaha, a draw game, skipped as another game).

A hand's header is three lines: ``#45395871: Limit Omaha - 60/120`` (no room name, the
limit before the game, the stakes after the last " - "; in fixed-limit games they are the
small and the big bet), the time alone on the next line (``2021-08-04 23:55:21``: dashes,
no zone), then ``Table 'The Zoo 2' Seat 6 is the button``. Amounts have thousands commas
and no currency. Posts and dealt lines have a colon after the name, every other action a
space; "calls X" and "bets X" give the street total, as "raises to X" does (see
``ingest.rooms``). Every player is dealt by name, the unseen cards written ``X``; the
5-card games and Drawmaha print no ``*** HOLE CARDS ***``. A double-board hand deals
``*** BOARD 1 - FLOP ***`` and ``*** BOARD 2 - FLOP ***``; a hand run twice after an
all-in only ``*** BOARD n - RIVER ***``, a ``-`` standing for a card of the first board.
The summary prints no total pot and no board: each seat's stack after the hand and its
result (``Seat 4: Hero (858) -42``, none written for 0), the rake alone (``Rake 4.50``,
none when 0), then who won (``Player0 wins pot (85.50)``, ``Hero wins (932.50) from
pot``): the main pot only, one line per player over boards and halves. A side pot, and the
uncalled bet (never printed), are read from the results and the betting.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.site import TextSite
from ingest.engine.wording import Wording

_LIMIT = r"(?P<limit>No Limit|Pot Limit|Limit)"
_AMOUNT = r"[0-9][0-9,]*(?:\.[0-9]+)?"

GRAMMAR = Grammar(
    site="kingsclub",
    header_starts=("#",),
    hand_id_class="[0-9]",
    hand_id_end=":",
    # no room words: the whole header is the hand number, the game and the stakes
    header=rf"^#: (?P<room>)(?P<game>(?:No Limit|Pot Limit|Limit) .+) - "
    rf"(?P<sb>{_AMOUNT})/(?P<bb>{_AMOUNT})$",
    games=rf"^{_LIMIT} (?P<variant>Omaha)(?: (?P<cards_n>[56]) Card)?(?P<hi_lo> Hi-Lo)?$",
    flop_games=(rf"^{_LIMIT} (?:Short Deck )?Holdem$",),
    # Big O is 5-card Omaha hi/lo (#37580598 deals five cards and splits the pot hi and lo)
    game_names={"Big O": "Omaha 5 Card Hi-Lo"},
    limits={"No Limit": "NL", "Pot Limit": "PL", "Limit": "FL"},
    rooms={"": "KingsClub"},
    actions=compile_actions(
        {
            "{player}: posts ante {amount}": "ante",
            "{player}: posts the small blind {amount}": "post_sb",
            "{player}: posts the big blind {amount}": "post_bb",
            "{player} folds": "fold",
            "{player} checks": "check",
            "{player} calls {amount}": "call",  # the street total (ingest.rooms)
            "{player} bets {amount}": "bet",
            "{player} raises to {to}": "raise",
            "{player} shows [{cards}]": "show",
            # the summary's collect lines: one winner, or each of several
            "{player} wins pot ({amount})": "collect",
            "{player} wins ({amount}) from pot": "collect",
        },
        all_in=", and is all in",
    ),
    totals={},
    stack_suffix="",
    wording=Wording(
        run_words=("BOARD 1 - ", "BOARD 2 - "),
        cards_open=": [",
        date_separator="-",
        unknown_card="X",
        shared_card="-",
    ),
    time_line=True,
    # No zone is written. FPDB's KingsClub importer reads these times as Eastern time: ET
    # is assumed, as for other rooms that write none (omaha import --timezone says
    # otherwise).
    implied_zone="America/New_York",
    # No currency is written. The tables are cash games for money (a rake is taken), and
    # FPDB files them as USD ring games, as the corpus manifest names these files.
    currency="USD",
    dealt_opens_preflop=True,
    total_line=False,
    summary_amounts={"Rake ": "rake"},
    summary_results=True,
    boards_in_markers=True,
    pots_named=False,
)

SITE = TextSite(GRAMMAR, __file__)
