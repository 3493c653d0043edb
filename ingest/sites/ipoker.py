"""iPoker XML histories (the network and its skins: bwin, Betclic, PMU, FDJ, William Hill,
...), read by the engine's XML reader (:class:`~ingest.engine.xml_site.XmlSite`).

A ``<session>`` writes the table's header (``gametype``: the game, limit and stakes;
``tablename``; ``nickname``: the player whose history it is), then one ``<game
gamecode>`` per hand: ``<player>`` elements with the stack before the hand (``chips``) and
what the pots paid (``win``, net of the rake), and ``<round no>`` elements of numbered
``<action>``s, written out of order (read by their number). No element writes the pot,
the rake or an uncalled bet: the rake is what the pots did not pay, and the uncalled bet
is in the bettor's ``win`` in older files, in neither ``win`` nor the pot in files with
``uncalled_bet_enabled`` or a client of version 20 or later. Action type 23 writes the
raise's street total, the others the chips they add. Amounts write decimal commas in some
skins (``€51,18``), grouped thousands with dots there; times are local, with no zone.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.xml_format import ADDED, TOTAL, ActionType, XmlFormat
from ingest.engine.xml_site import XmlSite

_CUR = r"(?P<cur>[A-Z]{3})?"

FORMAT = XmlFormat(
    site="ipoker",
    room="iPoker",
    session="session",
    header="general",
    hand="game",
    hand_id="gamecode",
    hand_header="general",
    time="startdate",
    # day first where the order is not written by a four-digit year first
    time_formats=("%Y-%m-%d %H:%M:%S", "%d-%b-%Y %H:%M:%S", "%Y/%m/%d %H:%M:%S",
                  "%d.%m.%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%Y-%m-%d %H:%M", "%d-%b-%Y %H:%M",
                  "%Y/%m/%d %H:%M", "%d.%m.%Y %H:%M", "%d/%m/%Y %H:%M"),
    player="player",
    seat="seat",
    name="name",
    stack="chips",
    won="win",
    button="dealer",
    button_value="1",
    round="round",
    round_no="no",
    streets={"0": 0, "1": 1, "2": 2, "3": 3, "4": 4},
    action="action",
    order="no",
    actor="player",
    type="type",
    amount="sum",
    types={
        "0": ActionType("fold"),
        "1": ActionType("post_sb", ADDED),
        "2": ActionType("post_bb", ADDED),
        "3": ActionType("call", ADDED),
        "4": ActionType("check"),
        "5": ActionType("bet", ADDED),
        "6": ActionType("raise", ADDED),
        "7": ActionType("wager", ADDED, all_in=True),
        "8": ActionType("sits_out"),  # joined, waiting for the big blind
        "9": ActionType("sits_out"),
        "15": ActionType("ante", ADDED),
        "23": ActionType("raise", TOTAL),
    },
    # "disconnect protection": all in for what the player already put in
    amount_words={"DP": 0},
    cards="cards",
    card_type="type",
    card_player="player",
    pocket="Pocket",
    boards={"Flop": 2, "Turn": 3, "River": 4},
    header_fields=("gametype", "tournamentname", "tablecurrency"),
    table="tablename",
    max_seats="tablesize",
    hero="nickname",
    style_fields=("gametype", "bets", "wins", "buyin", "win"),
    left_out_marks=(("uncalled_bet_enabled", r"^true$"),
                    ("client_version", r"^(?:[2-9]\d|\d{3,})\.")),
    both_blinds_over_big=True,
    ignored=("servername",),  # the game server's host name
)

_GAME = r"(?P<game>.+?)"
_LIMIT = r"(?P<limit>NL|SL|БЛ|LZ|PL|LP|L|No limit|Pot limit|Limit)"
_STAKES = r"(?P<sb>[^ /]+)/(?P<bb>[^ /]+)(?: Ante \S+)?"
GRAMMAR = Grammar(
    site="ipoker",
    header_starts=("<game",),
    hand_id_class="[0-9]",
    hand_id_end='"',
    # the room's name, then the session's gametype, tournament name and table currency
    header=(
        # fixed limit: the stakes are the small and big bets; the blinds are the posts'
        rf"^(?P<room>iPoker) \| (?P<game>(?:Holdem|Omaha(?: Hi-?Lo\w*)?) (?:L|Limit)|LH .*Limit) "
        rf"[^|]* \|  \| {_CUR}$",
        rf"^(?P<room>iPoker) \| {_GAME} {_STAKES} \|  \| {_CUR}$",
        rf"^(?P<room>iPoker) \| {_GAME} \| (?P<tournament_id>[^|]+) \| {_CUR}$",
    ),
    games=(
        rf"^(?P<variant>Omaha)(?P<hi_lo> Hi-?Lo\w*)? {_LIMIT}$",
        # a game of no name is five-card Omaha (the cards dealt say how many)
        r"^(?P<variant>)(?P<limit>PL|LP|Pot limit)$",
    ),
    flop_games=(rf"^(?:Six Plus )?Holdem {_LIMIT}$", r"^(?P<limit>LH) .*Limit$"),
    limits={"PL": "PL", "LP": "PL", "Pot limit": "PL", "NL": "NL", "SL": "NL", "БЛ": "NL",
            "LZ": "NL", "No limit": "NL", "L": "FL", "Limit": "FL", "LH": "FL"},
    rooms={"iPoker": "iPoker"},
    # actions are elements, read by FORMAT's types: no line template is used
    actions=compile_actions({"{player} folds": "fold"}),
    totals={},
    rake_printed=False,
    total_line=False,
    summary=False,
    blinds_in_posts=True,
    cards_decide=True,
    implied_zone="UTC",
)

SITE = XmlSite(FORMAT, GRAMMAR, __file__)
