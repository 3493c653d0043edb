"""PokerTracker's exports of Microgaming hands, 2011 to 2016: two shapes.

``** Game ID 4908778359 Version:3 starting - 2013-05-28 16:44:14`` (no version in 2011-12,
``Version:4`` in tournaments; dashes in the date, no zone), then the game on the next line:
``** Deal 252 (Deep) - €5 Min [Hold'em] (0.05|0.10 NL - € Cash Game) Real Money`` (the
table, its buy-in, the game, the blinds, the limit and the money), a tournament's ``**
Heads Up(10195133):Table 1 [Multi Table Hold'em] (10|20 NL - MTT seats:2 ) Real Money``
(its id in parentheses). Seat lines are written player first, the name maybe of several
words: ``- Player 1 sitting in seat 1 with €14785.00 at end €14585.00 [Dealer]`` (the
stack after the hand from 2012 on). Cards are ``A of c, 10 of h``; markers ``** Dealing
card to Hero: ...`` (the hole cards, opening the betting) and ``** Dealing the flop: ...``
(the cards each deals). Every betting line gives the chips it adds (``called - €50.00``,
``raised - €75.00``; a ``bet - X`` before the flop is a raise, ``went all-in - X`` before
the cards a blind); the 2011 export's calls and raises give the street total instead.
Pots are paid ``wins €649.00 from the main pot`` / ``from side pot 1`` with no summary, no
rake or total pot, the hand closed by ``End of game 4908778359``; an uncalled bet is in its
bettor's collect when the hand is won by a fold, left out when a short all-in leaves it.

The ``** Hand # 5029053937 starting - ...`` export (2013, 2016): ``Hero sitting in seat 1
with €49.50[Dealer]`` (no dash, the mark glued), cards ``Qh, 9c, 10h``, ``raised to €1.25``
(the chips added despite the "to"), a ``Rake: €0.15`` line after the pots; one file of it
is written double-spaced.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.wording import Wording

_AMOUNT = r"[0-9][0-9,]*(?:\.[0-9]+)?"
_NEXT = r"\s*\n"  # the header's first line ends (the game line is read with it)
# the game line: a cash table's name, buy-in and money, or a tournament's name, id and table
_TABLES = (
    r"\*\* (?P<table>.+?) - (?P<cur>[€$£])?[0-9.]+K? (?:Min|Max) ",
    r"\*\* .+\((?P<tournament_id>[0-9]+)\):(?P<table>Table [0-9]+) ",
)
_GAME_LINE = (
    r"\[(?:Multi Table |Single Table )?(?P<game>Omaha(?: Hi/Lo)?|Hold'em)\] "
    rf"\((?P<sb>{_AMOUNT})\|(?P<bb>{_AMOUNT}) (?P<game_limit>NL|PL|FL) - "
    r"(?:(?:[€$£] )?Cash Game|MTT|SNG|STT)(?: seats:(?P<max_seats>[0-9]+))?(?: badbeat)? ?\) "
    r"Real Money$"
)
_TEMPLATES = {
    "{player} posted the small blind - {amount}": "post_sb",
    "{player} posted the big blind - {amount}": "post_bb",
    "{player} posted ante - {amount}": "ante",
    # a small blind's worth, dead (#4416401541: "at end" 0.05 less than the stack)
    "{player} posted to play - {amount}": "post_sb_bb",
    "{player} folded": "fold",
    "{player} checked": "check",
    "{player} called - {amount}": "call",
    # before the flop a raise (#4962892238: the small blind "called - 10.00" to 20, then
    # "Hero bet - 60.00" from the big blind, to 80, and "Player0 called - 60.00")
    "{player} bet - {added}": "wager",
    "{player} raised - {added}": "raise",
    "{player} raised to {added}": "raise",  # the chips added (#5870377181)
    # before the cards a blind (#4969489282: "Player0 went all-in - 10.00" the big one)
    "{player} went all-in - {added}": "wager",
    "{player} shows: {listed}": "show",
    "{player} mucks: {listed}": "muck",
    "{player} mucks:": "note",  # a winner not showing
    "{player} wins {amount} from the {pot}": "collect",
    "{player} wins {amount} from {pot}": "collect",
}
_MARKERS = {"flop": "flop", "turn": "turn", "river": "river"}
_MONEY = {"€": "EUR", "$": "USD", "£": "GBP"}  # the sign before a cash table's buy-in


def _wording(number: str, dealt: str, button: str, rank_suit: str = "") -> Wording:
    """The words of both shapes: markers ``** Dealing the flop:``, the hole cards dealt by
    ``dealt``, the hand number after ``number``, the button's seat line ended by ``button``."""
    return Wording(marker_open="** Dealing the ", marker_close=":", streets=_MARKERS,
                   dealt=dealt, cards_open=": ", hand_number=number, time_separator=" - ",
                   date_separator="-", card_separator=", ", seated=" sitting in seat ",
                   seat_button=button, rank_suit=rank_suit)  # fmt: skip


GRAMMAR = Grammar(
    site="pokertracker",
    header_starts=("** Game ID ",),
    hand_id_class="[0-9]",
    hand_id_end=" ",
    header=tuple(rf"^(?P<room>\*\* Game ID) +(?:Version:[0-9]+ )?starting{_NEXT}{table}{_GAME_LINE}"
                 for table in _TABLES),
    header_lines=2,
    games=r"^(?P<variant>Omaha)(?P<hi_lo> Hi/Lo)? (?P<limit>NL|PL|FL)$",
    flop_games=(r"^Hold'em (?P<limit>NL|PL|FL)$",),
    limits={"NL": "NL", "PL": "PL", "FL": "FL"},
    rooms={"** Game ID": "Microgaming"},
    money_names=_MONEY,
    actions=compile_actions(_TEMPLATES, all_in=""),  # no all-in mark
    totals={},
    seat_line=r"- (?P<player>.+) sitting in seat (?P<seat>[0-9]+) with (?P<stack>[^ \[]+)",
    wording=_wording("Game ID ", "** Dealing card to ", " [Dealer]", " of "),
    dealt_opens_preflop=True,
    total_line=False,
    summary=False,
    rake_printed=False,
    boards_in_markers=True,
    markers_deal_cards=True,
    blank_lines_inside=1,  # the header, the seats and the rest apart; two between hands
    ignored_lines=(r"^End of game [0-9]+$",),
    # No zone is written. FPDB's importer reads every PokerTracker export as Eastern time
    # (it converts from ET to UTC), and nothing in these files says otherwise: ET.
    implied_zone="America/New_York",
)

EXPORT = Grammar(
    site="pokertracker",
    header_starts=("** Hand # ",),
    hand_id_class="[0-9]",
    hand_id_end=" ",
    header=rf"^(?P<room>\*\* Hand #) +starting{_NEXT}{_TABLES[0]}{_GAME_LINE}",
    header_lines=2,
    games=GRAMMAR.games,
    flop_games=GRAMMAR.flop_games,
    limits=GRAMMAR.limits,
    rooms={"** Hand #": "Microgaming"},
    money_names=_MONEY,
    actions=compile_actions(_TEMPLATES, all_in=""),  # no all-in mark
    totals={},
    seat_line=r"(?P<player>.+) sitting in seat (?P<seat>[0-9]+) with (?P<stack>[^ \[]+)",
    wording=_wording("Hand # ", "** Dealing cards to ", "[Dealer]"),
    dealt_opens_preflop=True,
    total_line=False,
    summary=False,
    summary_amounts={"Rake: ": "rake"},
    boards_in_markers=True,
    markers_deal_cards=True,
    # a file written double-spaced, three blank lines after the game line (#5870377181)
    blank_lines_inside=3,
    implied_zone="America/New_York",  # no zone written: ET, as above
)
