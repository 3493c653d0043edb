"""What the XML reader works out of a hand beyond what one element says: who is who (a
format naming players by seat number, players not dealt in, folded), which type an action
reads (by its round, and by the era of the hand's date), the blind an all-in post among
the blinds stands for, and the start time in the zone its hand's own clock shows."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

import polars as pl

from ingest.engine.xml_format import BLIND, ActionType, XmlFormat
from ingest.engine.xml_read import HandRecord

# an action as the reader sorts a street's: its number (-1: the street's cards), where it
# is, its attributes, its round, its type (the board's kind, for cards) and its text
Item = tuple[int, tuple[int, int, int], dict[str, str], str, str, str]


class Players:
    """Who is who in a hand: its players by seat number (for a format naming them so),
    those not dealt in and those who folded."""

    def __init__(self) -> None:
        self.by_seat: dict[str, str] = {}
        self.out: set[str] = set()
        self.dealt = False  # whether a player is written dealt in
        self.folded: set[str] = set()

    def seated(self, fmt: XmlFormat, attrs: Mapping[str, str], name: str) -> None:
        """A player element read: its seat number, and whether it is dealt in."""
        self.by_seat.setdefault(attrs.get(fmt.seat, ""), name)
        if fmt.dealt_in and attrs.get(fmt.dealt_in) == "false":
            self.out.add(name)
        self.dealt |= bool(fmt.dealt_in) and attrs.get(fmt.dealt_in) == "true"

    def who(self, fmt: XmlFormat, text: str) -> str:
        """The player an element names (by seat number where the format says so; a number
        of no seat stays as written, to be reported)."""
        return self.by_seat.get(text, text) if fmt.actor_is_seat else text

    def stray(self, player: str) -> bool:
        """Whether the player folded before, or is not dealt in (where the hand says so of
        some player: a hand writing every player not dealt in says it of none)."""
        return player in self.folded or (self.dealt and player in self.out)


def type_of(fmt: XmlFormat, types: Mapping[str, ActionType], round_no: str,
            code: str) -> ActionType | None:  # fmt: skip
    """An action's type (``code``), as its round reads it."""
    own = fmt.round_types.get(round_no)
    return (own.get(code) if own else None) or types.get(code)


def blind(fmt: XmlFormat, types: Mapping[str, ActionType], before: Sequence[Item],
          after: Sequence[Item], round_no: str) -> str:  # fmt: skip
    """A blind that names none (``BLIND``): the small one where it is the first blind of
    its round and a big blind, or another blind that names none, is posted after it in its
    round; else the big one (a hand's only blind, Everest's, is its big blind)."""

    def kind(item: Item) -> str:
        number, _, _, other, code, _ = item
        action = type_of(fmt, types, other, code) if number >= 0 else None
        return action.kind if action is not None and other == round_no else ""

    if any(kind(item) in ("post_sb", "post_bb", "post_sb_bb", BLIND) for item in before):
        return "post_bb"
    return "post_sb" if any(kind(item) in ("post_bb", BLIND) for item in after) else "post_bb"


def first_stamp(record: HandRecord, stamp: str) -> int | None:
    """The earliest of a hand's action times (epoch milliseconds; None: none written)."""
    found = [int(t) for e in record.elements if (t := e.attrs.get(stamp, "")).isdigit()]
    return min(found) if found else None


def day(time: str | None, formats: Sequence[str]) -> str:
    """The day (``YYYY-MM-DD``) of a start time as written ("" unreadable)."""
    for form in formats:
        if form == "%s":  # seconds since 1970: the day in UTC
            if (time or "").isdigit():
                return dt.datetime.fromtimestamp(int(time or ""), dt.UTC).strftime("%Y-%m-%d")
            continue
        try:
            return dt.datetime.strptime(time or "", form).strftime("%Y-%m-%d")
        except ValueError:
            continue
    return ""


def zoned_starts(heads: pl.DataFrame, fmt: XmlFormat, implied: pl.Series) -> pl.DataFrame:
    """Start times where the hand says its zone: a time written with its offset (formats
    with ``%z``) or as an instant (``%s``, seconds since 1970), else one written with none
    in the offset its first action's UTC time (``stamp``) shows, to the quarter hour; else
    as ``implied`` (in the implied zone)."""
    zoned = [pl.col("time").str.strptime(pl.Datetime("us", "UTC"), f, strict=False)
             for f in fmt.time_formats if "%z" in f or "%s" in f]  # fmt: skip
    naive = pl.coalesce([pl.col("time").str.strptime(pl.Datetime("us"), f, strict=False)
                         for f in fmt.time_formats if "%z" not in f and "%s" not in f]
                        or [pl.lit(None, pl.Datetime("us"))])  # fmt: skip
    utc = pl.from_epoch(pl.col("stamp"), time_unit="ms").cast(pl.Datetime("us"))
    quarters = ((naive - utc).dt.total_seconds() / 900).round(0).cast(pl.Int64)
    stamped = (naive - pl.duration(seconds=quarters * 900)).dt.replace_time_zone("UTC")
    return heads.select(started_at=pl.coalesce(*zoned, stamped, pl.lit(implied)))
