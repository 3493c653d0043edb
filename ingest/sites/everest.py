"""Everest Poker XML histories, read by the engine's XML reader
(:class:`~ingest.engine.xml_site.XmlSite`). PokerTracker's text exports of Everest hands are
another format (:mod:`ingest.sites.pokertracker_everest`).

A file is a ``<SESSION/>`` element (the table, the game and limit, the money, the player
whose history it is, and ``type="tournament"`` with the tournament's id) followed by
``<HAND>`` elements (a tournament's last hand by a ``<PRIZE/>``). A hand has no rounds: its
elements follow each other, each named for what it does, the players by their seats
(``position``, from 0): ``SEAT``\\ s with their stacks, the ``ANTE``\\ s, the ``DEALER``, the
``BLIND``\\ s (which is the small blind is left to their order), the hole cards one card
an element (``--`` when hidden), then ``BET`` (the chips it adds; of nothing, a check),
``FOLD``, ``PUSH`` (an uncalled bet returned), ``COMMUNITY`` (the board's new cards),
``SHOW`` and ``WIN`` (a pot's share paid to a seat). Each betting round ends with a
``SWEEP``: the pot so far net of the rake and tax taken so far (its ``rake`` and ``tax``),
the last one the hand's. Every amount is a whole number of cents (of hundredths of a chip
in tournaments); times are seconds since 1970 (UTC); the header's ``blinds`` are a display
text (``0,01 €/0,02 €``, ``1 750/3 500``) that a tournament may not have updated at a new
level (``5/10`` with blinds of 10 and 20 posted): the posts decide there.
"""

from __future__ import annotations

from ingest.engine.grammar import Grammar, compile_actions
from ingest.engine.xml_format import ADDED, BLIND, BOARD, POCKET, ActionType, Collect, XmlFormat
from ingest.engine.xml_site import XmlSite

FORMAT = XmlFormat(
    site="everest",
    room="Everest",
    session="SESSION",
    header="",
    hand="HAND",
    hand_id="id",
    hand_header="",
    time="@time",
    time_formats=("%s",),  # seconds since 1970: an instant
    player="SEAT",
    seat="position",
    name="name",
    stack="balance",
    won="",
    button="position",  # the DEALER's
    button_value="",
    round="",
    round_no="",
    streets={},
    action="",
    order="",
    actor="position",
    type="",
    amount="amount",
    types={
        "ANTE": ActionType("ante", ADDED),
        "BLIND": ActionType(BLIND, ADDED, dead="penalty"),
        "XBLIND": ActionType("sits_out"),  # a blind not posted: out of the hand
        "BET": ActionType("wager", ADDED, zero="check"),
        "FOLD": ActionType("fold"),
        "PUSH": ActionType("return", ADDED),
        "SHOW": ActionType("show"),
        "XSHOW": ActionType("no_show"),
    },
    cards="",
    card_type="",
    card_player="",
    pocket="",
    boards={},
    hidden="--",
    suits_first=False,
    card_separator=",",
    # the session's game and limit, the hand's blinds, the session's type, money and id
    header_fields=("game", "gametype", "@blinds", "type", "money", "id"),
    table="tableName",
    hero="screenName",
    style_fields=("@blinds",),
    ignored=("CHAT",),
    hand_in_session=False,
    header_in_attributes=True,
    integer_amounts=True,
    actor_is_seat=True,
    button_holder="DEALER",
    card_tags={"HOLE": POCKET, "COMMUNITY": BOARD},
    total_tag="SWEEP",
    room_attributes={"rake": "rake", "tax": "tax"},
    collect=Collect("WIN", "position", "amount", pot="pot", first_pot=0),
    detect_attributes=("time", "blinds"),
)

_GAME = r"(?P<game>[^|]+) \| (?P<game_limit>[^|]+)"
_BLINDS = r"(?P<sb>[^/|]+)/(?P<bb>[^/|]+)"
_LIMIT = r"(?P<limit>no-limit|pot-limit|fixed-limit)"
GRAMMAR = Grammar(
    site="everest",
    header_starts=("<HAND",),
    hand_id_class="[0-9]",
    hand_id_end='"',
    # the room's name, the session's game and limit, the hand's blinds, the session's
    # type, money and id (a tournament's)
    header=(
        rf"^(?P<room>Everest) \| {_GAME} \| {_BLINDS} \| ring \| (?P<cur>[^| ]+)? \| [^|]*$",
        rf"^(?P<room>Everest) \| {_GAME} \| {_BLINDS} \| tournament \| [^|]* \| "
        r"(?P<tournament_id>[^| ]+)$",
    ),
    games=rf"^(?P<variant>omaha)-hi {_LIMIT}$",
    flop_games=(rf"^hold-em {_LIMIT}$",),
    limits={"no-limit": "NL", "pot-limit": "PL", "fixed-limit": "FL"},
    rooms={"Everest": "Everest"},
    money_names={"€": "EUR", "$": "USD", "£": "GBP"},
    # actions are elements, read by FORMAT's types: no line template is used
    actions=compile_actions({"{player} folds": "fold"}),
    totals={},
    # the last SWEEP: the pot net of the room's take, which its rake and tax say
    total_after_rake=True,
    summary=False,
    blinds_in_posts=True,
    posts_decide_blinds=True,
    implied_zone="UTC",
)

SITE = XmlSite(FORMAT, GRAMMAR, __file__)
