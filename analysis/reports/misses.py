"""Why a report has no rows: the first filter that alone matches no hands, with the values
stored that it could have named (``no player 'hreo'; the closest name is 'Hero'``). Both
faces say it: the command line's one-line error and the web app's empty table."""

from __future__ import annotations

import difflib

import duckdb

from analysis.reports import queries
from analysis.reports.queries import Filters
from ingest.money import show_money

Connection = duckdb.DuckDBPyConnection


def _query(con: Connection, name: str, filters: Filters) -> list[tuple[object, ...]]:
    """Rows of statement ``name`` of ``sql/report_filters.sql`` under ``filters``."""
    sql = queries.statements("report_filters")[name]
    return con.execute(sql, queries.bound(sql, filters.parameters())).fetchall()


def _values(con: Connection, name: str) -> str:
    return ", ".join(str(value) for (value,) in _query(con, name, Filters()))


def _stakes_text(small: int, big: int, currency: str) -> str:
    """Blinds as people write them: ``$0.05/$0.10``, ``50/100 chips``."""
    small_text, big_text = show_money(small, currency), show_money(big, currency)
    return f"{small_text.split(' ')[0]}/{big_text}"


def _no_player(con: Connection, filters: Filters) -> str:
    name = str(filters.player)
    names = [str(player) for (player,) in _query(con, "players", Filters())]
    same = [player for player in names if player.casefold() == name.casefold()]
    close = same or difflib.get_close_matches(name, names, n=1)
    return f"no player {name!r}" + (f"; the closest name is {close[0]!r}" if close else "")


def _no_game(con: Connection, filters: Filters) -> str:
    return f"no {filters.game} hands; the games stored: {_values(con, 'games')}"


def _no_currency(con: Connection, filters: Filters) -> str:
    stored = _values(con, "currencies")
    return f"no hands in {filters.currency_named}; the currencies stored: {stored}"


def _no_kind(con: Connection, filters: Filters) -> str:
    return f"no {'tournament' if filters.tournament else 'cash-game'} hands"


def _no_stakes(con: Connection, filters: Filters) -> str:
    kind = Filters(currency=filters.currency_named, tournament=filters.tournament)
    stored = ", ".join(
        _stakes_text(int(str(small)), int(str(big)), str(currency))
        for small, big, currency in _query(con, "stakes", kind)
    )
    return f"no hands at stakes {filters.stakes and filters.stakes.text}; stored: {stored}"


def _no_room(con: Connection, filters: Filters) -> str:
    return f"no hands in room {filters.room!r}; the rooms stored: {_values(con, 'rooms')}"


def _no_time(con: Connection, filters: Filters) -> str:
    first, last = _query(con, "dates", Filters())[0]
    return f"no hands in that time; the hands stored are from {first} to {last}"


def filter_matching_nothing(con: Connection, filters: Filters) -> str | None:
    """What is wrong with the first of ``filters`` that alone matches no hands (with the
    values that would match), or None."""
    f = filters
    alone = [
        (Filters(player=f.player), _no_player),
        (Filters(game=f.game), _no_game),
        (Filters(currency=f.currency_named), _no_currency),
        (Filters(tournament=f.tournament), _no_kind),
        (Filters(stakes=f.stakes, currency=f.currency_named), _no_stakes),
        (Filters(since=f.since, until=f.until), _no_time),
        (Filters(room=f.room), _no_room),
    ]
    for one, why in alone:
        if one != Filters() and _query(con, "count", one)[0][0] == 0:
            return why(con, filters)
    return None


def explain_no_rows(con: Connection, filters: Filters, hero: bool = False) -> str:
    """Why a report (``hero``: the hero's graph) under ``filters`` has no rows: a filter
    that matches no hands, else the filters together or ``--min-hands``."""
    reason = filter_matching_nothing(con, filters)
    if reason is not None:
        return reason
    if hero:
        return "no hero rows under these filters (name a --player)"
    if _query(con, "count", filters)[0][0]:
        hands = "hand" if filters.min_hands == 1 else "hands"  # the number as it was typed
        return f"no row has {filters.min_hands} {hands} or more (--min-hands)"
    return "no hands match these filters together"
