"""One stored hand as a replayer shows it: the seats, every action with the pot and each
seat's chips after it, the boards as they were dealt, each shown hand's value in words,
the audit's expected and reported award of every pot, board and half, the all-in
equities, and the history's own text.

The chips are replayed from the ``actions`` rows alone (a bet's or post's amount is the
chips it adds, a return gives an uncalled bet back, a collect takes from the pot), so
after the last step each seat holds its stack plus its net, as the history says, and the
pot before the first collect is the history's total pot.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa

from analysis.audit.core import audit
from analysis.batches import HAND_TABLES
from ingest.money import show_money
from omaha_core import GAMES, parse_cards
from omaha_core.describe import play_hand

BETS = ("post_sb", "post_bb", "post_dead", "post_sb_bb", "ante", "straddle", "call", "bet",
        "raise")  # fmt: skip
BOARD_CARDS = {"preflop": 0, "flop": 3, "turn": 4, "river": 5, "showdown": 5}
RAW_TEXT_LIMIT = 64 * 1024  # a hand's text is a few KB; more is a file cut wrongly
_WORDS = {
    "post_sb": "posts the small blind", "post_bb": "posts the big blind",
    "post_sb_bb": "posts both blinds", "post_dead": "posts dead", "ante": "posts an ante",
    "straddle": "straddles", "call": "calls", "bet": "bets", "raise": "raises",
    "check": "checks", "fold": "folds", "show": "shows", "muck": "mucks",
    "return": "takes back the uncalled", "collect": "collects", "cash_out": "cashes out",
    "insurance": "pays insurance",
}  # fmt: skip


class HandNotFound(LookupError):
    """No such hand in the database (or several, in different rooms, and none chosen)."""


@dataclass(frozen=True)
class Step:
    """The table after one action: the pot, each seat's chips behind and put in on this
    street, the seats folded, and how many cards of each board are out."""

    seq: int
    street: str
    seat: int | None
    player: str
    kind: str
    amount: int
    raise_to: int | None
    all_in: bool
    cards: str | None
    pot: int
    chips: dict[int, int]
    street_bets: dict[int, int]
    folded: frozenset[int]
    cards_out: int

    def words(self, currency: str) -> str:
        """The action as a sentence: ``raises $0.40 to $0.60 and is all-in``."""
        if self.seq < 0:
            return "the cards are dealt"
        text = f"{self.player} {_WORDS.get(self.kind, self.kind.replace('_', ' '))}"
        if self.raise_to is not None and self.kind == "raise":
            text += (f" to {show_money(self.raise_to, currency)} (puts in "
                     f"{show_money(self.amount, currency)})")  # fmt: skip
        elif self.amount and self.kind not in ("check", "fold", "show", "muck"):
            text += f" {show_money(self.amount, currency)}"
        if self.cards:
            text += f" [{self.cards}]"
        return text + (" and is all-in" if self.all_in else "")


@dataclass(frozen=True)
class ShownHand:
    """A player's best hand on one board, high and (hi/lo games) low, in words."""

    player: str
    board: int
    high: str
    low: str | None


@dataclass(frozen=True)
class HandView:
    """Everything the replayer draws of one hand (amounts in the currency's smallest unit)."""

    hand: dict[str, object]
    seats: list[dict[str, object]]
    steps: list[Step]
    shown: list[ShownHand]
    awards: list[dict[str, object]]
    audit: dict[str, object]
    equity: list[dict[str, object]]
    raw_text: str

    @property
    def currency(self) -> str:
        """The hand's currency (``USD``, ``chips``...)."""
        return str(self.hand["currency"])

    def money(self, amount: object) -> str:
        """An amount of this hand as people read it."""
        return show_money(int(str(amount)), self.currency) if amount is not None else "?"


def find_hand(con: duckdb.DuckDBPyConnection, hand_id: str, site: str | None = None) -> str:
    """The site of hand ``hand_id``; :class:`HandNotFound` when no room has it, or when two
    do and ``site`` does not say which."""
    rows = con.execute(
        "SELECT DISTINCT site FROM hands WHERE hand_id = $hand_id AND "
        "($site IS NULL OR site = $site) ORDER BY site",
        {"hand_id": hand_id, "site": site},
    ).fetchall()
    if not rows:
        where = f" in {site}" if site else ""
        raise HandNotFound(f"no hand {hand_id}{where} in the database")
    if len(rows) > 1:
        sites = ", ".join(str(row[0]) for row in rows)
        raise HandNotFound(f"hand {hand_id} is in several rooms ({sites}): add ?site=")
    return str(rows[0][0])


def hand_tables(con: duckdb.DuckDBPyConnection, site: str, hand_id: str) -> dict[str, pa.Table]:
    """The hand's rows of each hand table, actions in their order."""
    order = {"players": " ORDER BY seat", "actions": " ORDER BY seq"}
    return {
        name: con.sql(
            f"SELECT * FROM {name} WHERE site = $site AND hand_id = $hand_id{order.get(name, '')}",
            params={"site": site, "hand_id": hand_id},
        ).to_arrow_table()
        for name in HAND_TABLES
    }


def replay_steps(players: list[dict[str, object]], actions: list[dict[str, object]]) -> list[Step]:
    """The table after each action (the first step: the seats before any)."""
    chips = {int(str(p["seat"])): int(str(p["stack"])) for p in players}
    bets = dict.fromkeys(chips, 0)
    folded: set[int] = set()
    pot, street = 0, "preflop"
    steps = [Step(-1, street, None, "", "deal", 0, None, False, None, 0, dict(chips),
                  dict(bets), frozenset(), 0)]  # fmt: skip
    for action in actions:
        kind, amount = str(action["kind"]), int(str(action["amount"]))
        seat = None if action["seat"] is None else int(str(action["seat"]))
        if action["street"] != street and action["street"] in BOARD_CARDS:
            street = str(action["street"])
            bets = dict.fromkeys(chips, 0)
        moved = amount if kind in BETS else -amount if kind in ("return", "collect") else 0
        if seat is not None and seat in chips:
            chips[seat] -= moved
            bets[seat] += moved if kind != "collect" else 0
            if kind == "fold":
                folded.add(seat)
        pot += moved
        raise_to = action.get("raise_to")
        steps.append(Step(
            int(str(action["seq"])), street, seat, str(action["player"]), kind, amount,
            None if raise_to is None else int(str(raise_to)), bool(action["all_in"]),
            None if action["cards"] is None else str(action["cards"]), pot, dict(chips),
            dict(bets), frozenset(folded), BOARD_CARDS.get(street, 5),
        ))  # fmt: skip
    return steps


def shown_hands(hand: dict[str, object], players: list[dict[str, object]],
                actions: list[dict[str, object]]) -> list[ShownHand]:  # fmt: skip
    """Each player whose cards are known at the end, on each complete board: the value of
    the best high (and low) hand in words."""
    game = GAMES.get(str(hand["game"]))
    if game is None:
        return []
    cards = {str(p["player"]): str(p["hole_cards"]) for p in players if p["hole_cards"]}
    cards |= {str(a["player"]): str(a["cards"]) for a in actions
              if a["kind"] == "show" and a["cards"]}  # fmt: skip
    folded = {str(a["player"]) for a in actions if a["kind"] == "fold"}
    shown: list[ShownHand] = []
    boards: list[str] = list(hand["boards"] or [])  # type: ignore[call-overload]
    for number, board in enumerate(boards, start=1):
        if len(str(board).split()) != 5:
            continue
        for player, hole in cards.items():
            if player in folded:
                continue
            try:
                played = play_hand(parse_cards(hole), parse_cards(str(board)), game)
            except ValueError:  # partly shown cards: no value to say
                continue
            words = {item.half: item.words for item in played}
            shown.append(ShownHand(player, number, words.get("high", ""), words.get("low")))
    return shown


def warm() -> None:
    """Load the hand evaluator (compiled code, loaded on its first use: over a second) so
    that the first hand a replayer shows does not wait for it."""
    for game in ("omaha", "omaha8"):
        play_hand(parse_cards("As Ks Qh Jh"), parse_cards("Kd 7s 2h 3c 4d"), GAMES[game])


def raw_text(con: duckdb.DuckDBPyConnection, hand: dict[str, object]) -> str:
    """The hand's text as its file holds it: from its byte offset to the next hand's (or
    anything the import read at a later offset of the file), at most RAW_TEXT_LIMIT bytes;
    a note instead when the file is in an archive or gone."""
    source, offset = str(hand["source_file"]), int(str(hand["byte_offset"]))
    if "!" in source and not Path(source).exists():
        return f"(the text is in the archive member {source}: not shown)"
    (after,) = con.execute(
        "SELECT min(byte_offset) FROM (SELECT byte_offset FROM hands WHERE source_file = $f "
        "UNION ALL SELECT byte_offset FROM import_skips WHERE source_file = $f "
        "UNION ALL SELECT byte_offset FROM import_errors WHERE source_file = $f) "
        "WHERE byte_offset > $offset",
        {"f": source, "offset": offset},
    ).fetchall()[0]
    size = RAW_TEXT_LIMIT if after is None else min(int(after) - offset, RAW_TEXT_LIMIT)
    try:
        with open(source, "rb") as stream:
            stream.seek(offset)
            data = stream.read(size)
    except OSError as exc:
        return f"(the file {source} cannot be read: {exc.strerror or exc})"
    encoding = "utf-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\0" in data[:64] else None
    try:
        return data.decode(encoding or "utf-8").strip()
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace").strip()


def load_hand(con: duckdb.DuckDBPyConnection, hand_id: str, site: str | None = None) -> HandView:
    """Hand ``hand_id`` (of ``site`` when two rooms share the number) as the replayer shows it."""
    site = find_hand(con, hand_id, site)
    tables = hand_tables(con, site, hand_id)
    hand = tables["hands"].to_pylist()[0]
    players = tables["players"].to_pylist()
    actions = tables["actions"].to_pylist()
    key = {"site": site, "hand_id": hand_id}
    try:
        awards = con.sql(
            "SELECT * FROM audit_awards WHERE site = $site AND hand_id = $hand_id "
            "ORDER BY board, pot NULLS LAST, half, seat", params=key).to_arrow_table().to_pylist()
        audited = con.sql(
            "SELECT * FROM audit_hands WHERE site = $site AND hand_id = $hand_id", params=key
        ).to_arrow_table().to_pylist()  # fmt: skip
    except duckdb.CatalogException:  # never audited
        audited = []
    if not audited:  # not audited yet: the audit of this one hand, not stored
        result = audit(*(tables[name] for name in HAND_TABLES))
        audited, awards = result.audit_hands.to_pylist(), result.audit_awards.to_pylist()
    equity = _equity_rows(con, key)
    return HandView(hand, players, replay_steps(players, actions),
                    shown_hands(hand, players, actions), awards, audited[0], equity,
                    raw_text(con, hand))  # fmt: skip


def _equity_rows(con: duckdb.DuckDBPyConnection, key: dict[str, str]) -> list[dict[str, object]]:
    """The hand's stored all-in equities (none when it was not all-in, or not computed)."""
    try:
        rows: list[dict[str, object]] = con.sql(
            "SELECT street, pot, half, seat, player, equity, expected FROM allin_equity "
            "WHERE site = $site AND hand_id = $hand_id ORDER BY pot, half, seat", params=key
        ).to_arrow_table().to_pylist()  # fmt: skip
        return rows
    except duckdb.CatalogException:  # never computed in this database
        return []

