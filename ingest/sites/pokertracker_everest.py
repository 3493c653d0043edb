"""Everest Poker hands as PokerTracker exports them (2011: cash and Limit sit-and-gos).

PokerStars' words, with Everest's own: the header writes the time before the date, no zone
(``- 22:33:12 - 2011/01/02``), a tournament its id before the table (``Tourney ID:
49630157, Table 49630157-0 - 100/200 - Limit Hold'em``: the stakes of a fixed-limit game
are its bets). Seat stacks have no "in chips"; the button has a line of its own after the
blinds (``The button is in seat #7``). ``posts the dead blind of X`` is a big blind posted
out of position when X is the big blind (live), a dead small blind when less (the live big
blind follows as ``posts $1.00``); ``raises to X`` gives the street total; all-in is
``, and is all-in``. Uncalled bets are returned by line (``Uncalled bet of $7.00 returned
to Player28``), each pot share collected after the summary (``Player28 collects $12.85``);
no total pot and no rake are printed (the rake is what the pots did not pay).
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.wording import Wording

_GAME = r"(?P<game>(?:No Limit|Pot Limit|Limit) (?:Hold'em|Omaha(?: Hi/Lo)?))"
_LIMIT = r"(?P<limit>No Limit|Pot Limit|Limit)"

GRAMMAR = Grammar(
    site="pokertracker",
    header_starts=("EverestPoker Game #",),
    hand_id_class="[0-9]",
    hand_id_end=":",
    # the header less its number and its time (cut before the time, which the date follows)
    header=(
        r"^(?P<room>EverestPoker) Game #: Table (?P<table>.+?) - (?P<sb>[$€£]?[0-9.,]+)/"
        rf"(?P<bb>[$€£]?[0-9.,]+) - {_GAME}$",
        r"^(?P<room>EverestPoker) Game #: Tourney ID: (?P<tournament_id>[0-9]+), Table "
        rf"(?P<table>\S+) - (?P<sb>[0-9.,]+)/(?P<bb>[0-9.,]+) - {_GAME}$",
    ),
    games=rf"^{_LIMIT} (?P<variant>Omaha)(?P<hi_lo> Hi/Lo)?$",
    flop_games=(rf"^{_LIMIT} Hold'em$",),
    limits={"No Limit": "NL", "Pot Limit": "PL", "Limit": "FL"},
    rooms={"EverestPoker": "Everest"},
    actions=compile_actions(
        {
            "{player} posts the small blind of {amount}": "post_sb",
            "{player} posts the big blind of {amount}": "post_bb",
            # the big blind live where it is the big blind ("posts the dead blind of $1.00",
            # then checks: #6450848903), a dead small blind where less (#6474531197)
            "{player} posts the dead blind of {amount}": "post_sb_bb",
            "{player} posts the ante of {amount}": "ante",
            # the live big blind after a dead small blind (#6474531197); its verb is a
            # prefix of the others': last of the posts
            "{player} posts {amount}": "post_bb",
            "{player} folds": "fold",
            "{player} checks": "check",
            "{player} calls {amount}": "call",
            "{player} bets {amount}": "bet",
            "{player} raises to {to}": "raise",
            "{player} shows [{cards}]": "show",
            "{player} mucked [{cards}]": "muck",
            "{player} collects {amount}": "collect",  # one line per pot share, after the rake
        },
        all_in=", and is all-in",
    ),
    totals={},
    stack_suffix="",
    total_line=False,
    rake_printed=False,
    pots_named=False,
    boards_in_markers=True,  # no board in the summary; the turn's marker gives its card
    markers_deal_cards=True,
    info_lines=(r"^The button is in seat #(?P<button_seat>[0-9]+)$",),
    ignored_lines=(
        r" has been disconnected, and is allin$",  # no chips move (#6474563829)
        r" finished in place [0-9]+ and won .+$",  # a tournament's prize ("$$0", "0,02 €")
    ),
    wording=Wording(
        uncalled="Uncalled bet of ",
        returned=" returned to ",
        time_before_date=True,
    ),
    # No zone is written. FPDB's PokerTracker importer reads every export's time as Eastern
    # time: ET is assumed (omaha import --timezone says otherwise).
    implied_zone="America/New_York",
)
