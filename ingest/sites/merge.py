"""Merge Gaming's XML histories (Carbon Poker and the network's other skins, 2008 to 2015),
read by the engine's XML reader (:class:`~ingest.engine.xml_site.XmlSite`). PokerTracker's
text exports of Merge hands are another format, read by the ``pokertracker`` site.

A file is never one XML document: a ``<description type stakes/>`` (the game, and the
stakes of a cash game) stands before its ``<game>``s, or before each, and may be wrong
for them (a file says "No Limit ($10/$20)" of a fixed-limit $0.02/$0.04 hand). A ``<game
id>`` writes its seats (``<player seat nickname balance dealtin>``, seats numbered from 0,
the button ``<players dealer>``), then ``<round id>``s of ``<event type player amount>``
naming players by seat, ``<cards>`` (the hero's ``HOLE``, the board so far in each
street's ``COMMUNITY``, ``SHOWN`` and ``MUCKED``) and ``<winner amount player potnumber
pottype uncalled>`` rows: one per pot and half paid, or the uncalled bet given back
(``uncalled="true"``; otherwise it is inside its bettor's row). No rake is written: it is
what the pots did not pay. Mixed games name the hand's game by ``multigametype`` (HORSE:
the stud games are skipped).

``RAISE`` gave the chips it added until 2010-09-07 and the street total from 2011-04-16
on (the first hand of either kind the files hold on each side); calls, bets and all-ins
give the chips they add. A tournament's ``balance`` is the stack after the hand's own
antes and blinds. An all-in among the blinds names no blind. Players not dealt in and
players who folded write events that move nothing (a river ``CALL`` after a fold; a
``CHECK`` by a seat not dealt in). ``starttime`` is the player's local time with no zone
(or with its offset, from 2012-06), but every event has a UTC ``timestamp``: the start is
read in the offset those show; a hand with none is in the implied zone (US Eastern, as
FPDB assumes it), which ``omaha import --timezone`` replaces.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.xml_format import ADDED, BLIND, TOTAL, ActionType, Collect, XmlFormat
from ingest.engine.xml_site import XmlSite

_MONEY = {"SMALL_BLIND": "post_sb", "BIG_BLIND": "post_bb", "ANTE": "ante", "CALL": "call",
          "BET": "bet", "INITIAL_BLIND": "post_bb"}  # fmt: skip
# the cards elements say what these say, and more: who shows or mucks which cards
_MARKS = ("MUCK", "SHOW", "CHAT", "PLAYER_OUT", "LEAVE", "DISCONNECTED", "RECONNECTED",
          "SIT_OUT", "SIT_IN")  # fmt: skip

FORMAT = XmlFormat(
    site="merge",
    room="Merge",
    session="description",
    header="",
    hand="game",
    hand_id="id",
    hand_header="",
    time="@starttime",
    time_formats=("%Y%m%d%H%M%S", "%Y/%m/%d %H:%M:%S %z"),
    player="player",
    seat="seat",
    name="nickname",
    stack="balance",
    won="",
    button="dealer",
    button_value="",
    round="round",
    round_no="id",
    streets={"BLINDS": 0, "PREFLOP": 1, "POSTFLOP": 2, "POSTTURN": 3, "POSTRIVER": 4,
             "SHOWDOWN": 5, "END_OF_FOLDED_GAME": 5, "END_OF_GAME": 5},
    action="event",
    order="sequence",
    actor="player",
    type="type",
    amount="amount",
    types={
        **{code: ActionType(kind, ADDED) for code, kind in _MONEY.items()},
        "RAISE": ActionType("raise", TOTAL),
        "ALL_IN": ActionType("wager", ADDED, all_in=True, bare="note"),
        "FOLD": ActionType("fold"),
        "CHECK": ActionType("check"),
        **{code: ActionType("note") for code in _MARKS},
    },
    # an all-in among the blinds is the small or the big blind
    round_types={"BLINDS": {"ALL_IN": ActionType(BLIND, ADDED, all_in=True)}},
    eras=(("2010-09-08", {"RAISE": ActionType("raise", ADDED)}),),
    cards="cards",
    card_type="type",
    card_player="player",
    card_list="cards",
    card_separator=",",
    suits_first=False,
    pocket="HOLE",
    shown={"SHOWN": "show", "MUCKED": "muck"},
    boards={"COMMUNITY": -1},
    boards_so_far=True,
    # the game (a mixed game's by its code), the stakes (a game's own where written),
    # whether the description says a tournament, and the tournament's number (in cash
    # games the table's)
    header_fields=("@multigametype|type", "@stakes|stakes", "tournament", "number"),
    codes={"@multigametype": {"2": "Holdem", "9": "Omaha", "23": "Holdem", "35": "Omaha H/L8",
                              "37": "Omaha H/L8", "41": "7 Card Stud", "43": "7 Card Stud Hi/Lo",
                              "45": "7 Card Stud Hi/Lo", "49": "Razz"}},
    # data="20100907:Ganges River (27618225):27618225:27618225-108:false" (or with |)
    derived={"tournament": ("type", r"(Tournament)$"),
             "table": ("@data", r"^[^|:]*[|:]([^|:]+)"),
             "number": ("@data", r"^(?:[^|:]*[|:]){2}(\d+)"),
             "table_id": ("@id", r"^(\d+)-")},
    table="table|table_id",
    hero="",
    max_seats="@seats",
    hand_in_session=False,
    header_in_attributes=True,
    button_holder="players",
    actor_is_seat=True,
    dealt_in="dealtin",
    strays_ignored=True,
    collect=Collect("winner", "player", "amount", pot="potnumber", half="pottype",
                    halves={"h": 1, "l": 2}, returned=("uncalled", "true")),
    stamp="timestamp",
    end_round="END_OF_GAME",
    ignored=("round",),  # a round of no element (END_OF_GAME after a fold)
)

_LIMIT = r"(?P<game_limit>No Limit|Pot Limit|Limit)"
_BLINDS = r"\(?(?P<sb>\$[\d.,]+)/(?P<bb>\$[\d.,]+)\)?"
_CASH = r" \|  \| \d*$"  # no tournament; the table's number
GRAMMAR = Grammar(
    site="merge",
    header_starts=("<game",),
    hand_id_class="[0-9-]",
    hand_id_end='"',
    # "Merge | Omaha | Pot Limit ($0.50/$1) |  | 27618225", "Merge | Omaha H/L8 | Limit |
    # Tournament | 36447024" (a HORSE tournament's Omaha hand)
    header=(
        rf"^(?P<room>Merge) \| (?P<game>[^|]+?)(?: Tournament)? \| {_LIMIT}[^|]* \| "
        r"Tournament \| (?P<tournament_id>\d+)$",
        # fixed limit: the stakes are the small and big bets; the blinds are the posts'
        rf"^(?P<room>Merge) \| (?P<game>[^|]+?) \| (?P<game_limit>Limit)[^|]*{_CASH}",
        rf"^(?P<room>Merge) \| (?P<game>[^|]+?) \| {_LIMIT} {_BLINDS}{_CASH}",
    ),
    games=r"^(?P<variant>Omaha)(?P<hi_lo> H/L8?)? (?P<limit>No Limit|Pot Limit|Limit)$",
    flop_games=(r"^Holdem (?P<limit>No Limit|Pot Limit|Limit)$",),
    limits={"No Limit": "NL", "Pot Limit": "PL", "Limit": "FL"},
    rooms={"Merge": "Merge"},
    # actions are elements, read by FORMAT's types: no line template is used
    actions=compile_actions({"{player} folds": "fold"}),
    totals={},
    currency="USD",
    rake_printed=False,
    total_line=False,
    summary=True,  # a hand's END_OF_GAME round
    blinds_in_posts=True,
    posts_decide_blinds=True,
    stacks_after_posts=True,
    implied_zone="America/New_York",
)

SITE = XmlSite(FORMAT, GRAMMAR, __file__)
