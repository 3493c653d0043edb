"""Microgaming (MPN, the Prima network) XML histories, read by the engine's XML reader
(:class:`~ingest.engine.xml_site.XmlSite`). PokerTracker's text exports of Microgaming
hands are another format (:mod:`ingest.sites.pokertracker_microgaming`).

A file holds ``<Game>`` elements, one a hand, maybe after a ``----PRIMA.DAT----`` line and
with text after them (``ExtendedTableName: ...``); the bytes are UTF-8 or cp1252 with no
prolog. A hand's attributes are its header (``gametype``, ``betlimit``, ``stakes="SB|BB"``,
``tablename``, ``istournament``, ``currencysymbol``: the sign in UTF-16 and base64,
``rCA=`` for €; ``playerseat``: the seat whose history it is; ``rake`` in cents; its
version, ``hhversion``, absent in the first). ``<Seats>`` lists each ``<Seat num>`` with
its stack before the hand (``balance``) and after it (``endbalance``); ``<Gameplay>`` the
``<Action seq type seat value>``\\ s in order, the cards inside the actions that deal them
(``DealCards``: the hole cards; ``DealFlop``, ``DealTurn``, ``DealRiver``: the board's new
cards, opening their street; ``ShowCards``) and each pot's share inside ``Win``. In the
first version ``Call`` and ``Raise`` write the player's street total; from version 2 the
chips they add; ``Bet`` and ``AllIn`` always the chips they add. An uncalled bet is
returned by ``MoneyReturned`` (rarely), or written inside its bettor's ``Win``, or
returned with no record: only the stacks after the hand tell which, and they also say
when a player posting to play (``PostedToPlay``: his big blind, live) posted a small
blind dead beside it, which no element writes. The date is the client's wall time, of no
zone: read as UTC (as FPDB stores it), unless ``omaha import --timezone`` names the zone.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.xml_format import ADDED, BOARD, POCKET, TOTAL, ActionType, Collect, XmlFormat
from ingest.engine.xml_site import XmlSite

FORMAT = XmlFormat(
    site="microgaming",
    room="Microgaming",
    session="",
    header="",
    hand="Game",
    hand_id="id",
    hand_header="",
    time="@date",
    time_formats=("%Y-%m-%d %H:%M:%S",),
    player="Seat",
    seat="num",
    name="alias",
    stack="balance",
    won="",
    button="dealer",
    button_value="true",
    round="",
    round_no="",
    streets={},
    action="Action",
    order="seq",
    actor="seat",
    type="type",
    amount="value",
    types={
        "SmallBlind": ActionType("post_sb", ADDED),
        "BigBlind": ActionType("post_bb", ADDED),
        # a player's big blind posted to play (live; a small blind dead beside it unwritten)
        "PostedToPlay": ActionType("post_bb", ADDED),
        "Fold": ActionType("fold"),
        "Check": ActionType("check"),
        "Call": ActionType("call", ADDED),
        "Bet": ActionType("wager", ADDED),  # the big blind's "Bet" before the flop raises
        "Raise": ActionType("raise", ADDED),
        "AllIn": ActionType("wager", ADDED, all_in=True),
        "MoneyReturned": ActionType("return", ADDED),
        "DealCards": ActionType(POCKET),
        "DealFlop": ActionType(BOARD),
        "DealTurn": ActionType(BOARD),
        "DealRiver": ActionType(BOARD),
        "ShowCards": ActionType("show"),
        "MuckCards": ActionType("muck"),
        "Win": ActionType("collect", ADDED),
    },
    # the first version (no hhversion): calls and raises write the street total
    version_field="@hhversion",
    versions={"": {"Call": ActionType("call", TOTAL), "Raise": ActionType("raise", TOTAL)}},
    cards="",
    card_type="",
    card_player="",
    pocket="",
    boards={},
    suits_first=False,
    card_attributes=("value", "suit"),
    # each pot's share, inside its Win action (seats written by their number)
    collect=Collect("Seat", "num", "amount", pot="pot", first_pot=0),
    header_fields=("@gametype", "@betlimit", "@stakes", "@istournament", "@currencysymbol",
                   "@tablename"),
    table="@tablename",
    hero="",  # the player dealt the cards of DealCards (the file's playerseat)
    max_seats="@tablesize",
    result="endbalance",
    room_fields={"@rake": "rake"},
    actor_is_seat=True,
    detect_attributes=("date", "gametype", "stakes"),
)

_GAME = r"(?P<game>[^|]+) \| (?P<game_limit>[^| ]+)"
_STAKES = r"(?P<sb>[^| ]+)\|(?P<bb>[^| ]+)"
_LIMIT = r"(?P<limit>NL|PL|FL)"
GRAMMAR = Grammar(
    site="microgaming",
    header_starts=("<Game",),
    hand_id_class="[0-9]",
    hand_id_end='"',
    # the room's name, then the hand's game, limit, stakes, whether a tournament, money
    # and table (a tournament's: its name, [its id], its table)
    header=(
        rf"^(?P<room>Microgaming) \| {_GAME} \| {_STAKES} \| 0 \| (?P<cur>[^| ]+)? \| .*$",
        rf"^(?P<room>Microgaming) \| {_GAME} \| {_STAKES} \| 1 \| [^|]* \| "
        r".*\[(?P<tournament_id>[0-9]+)\].*$",
        rf"^(?P<room>Microgaming) \| {_GAME} \| {_STAKES} \| 1 \| [^|]* \| "
        r"(?P<tournament_id>.*\S)$",
    ),
    games=rf"^(?:Multi Table )?(?P<variant>Omaha)(?P<hi_lo> H/L)? {_LIMIT}$",
    flop_games=(rf"^(?:Multi Table )?Hold'em {_LIMIT}$",),
    limits={"NL": "NL", "PL": "PL", "FL": "FL"},
    rooms={"Microgaming": "Microgaming"},
    # the currency's sign, in UTF-16 and base64 ("rCA=": "€"; " $" in 2009-2010)
    money_names={"rCA=": "EUR", "IAAkAA==": "USD", "JAA=": "USD", "owA=": "GBP"},
    # actions are elements, read by FORMAT's types: no line template is used
    actions=compile_actions({"{player} folds": "fold"}),
    totals={},
    summary_amounts={"rake": "rake"},  # the hand's rake attribute
    total_line=False,
    summary=False,
    summary_results=True,  # each seat's endbalance less its balance
    unwritten_dead_small=True,
    both_blinds_live_part=True,
    rake_printed=False,  # a tournament writes none: it takes none
    implied_zone="UTC",
)

SITE = XmlSite(FORMAT, GRAMMAR, __file__)
