"""PokerStars text lines, classified with a handful of vectorised regexes.

:func:`classify` turns the lines of a chunk into one frame per kind of line (hand headers,
table lines, seats, actions and other chip movements, summary items), each row keeping
its hand number, its position in the chunk and its section of the hand (street, board).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

# First line of a hand. Run It Once Poker exported its hands in this format too.
HEADER = r"^\x{FEFF}?(?:PokerStars|Run It Once Poker)(?: Home Game| Zoom)? (?:Hand|Game) #\d"
_HEADER_FIELDS = (
    r"^\x{FEFF}?(?P<room>PokerStars|Run It Once Poker)(?: Home Game| Zoom)? (?:Hand|Game) "
    r"#(?P<hand_id>\d+):\s+(?:\{[^}]*\} )?"
    r"(?:(?:Zoom )?Tournament #(?P<tournament_id>\d+), (?:\S+(?: [A-Z]{3})? )?)?"
    r"(?P<game>.+?) (?:- (?:Match Round \w+, )?Level (?P<level>\S+) )?"
    r"\((?:(?P<inner>[^(),]+), )?(?P<sb>[^/(),]+)/(?P<bb>[^/() ]+)(?: (?P<cur>[A-Z]{3}))?\)"
    r" - (?P<date>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})?)(?: (?P<tz>[A-Z]+))?"
    r"(?: \[(?P<date_et>\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})?) ET\])?"
    r"(?: \[[^\]]*\])?$"
)
_TABLE = (
    r"^Table (?:ID )?'(?P<table_name>.*)' (?:(?P<max_seats>\d+)-[Mm]ax)?[^#]*"
    r"(?:Seat #(?P<button_seat>\d+) is the button)?$"
)
_SEAT = (
    r"^Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>[^ ()]+) in chips(?:[,;] [^()]*)?\)"
    r"(?P<rest>.*)$"
)
_STREET = (
    r"^\*\*\* (?:(?P<run>FIRST|SECOND|THIRD) )?"
    r"(?P<marker>HOLE CARDS|PRE-FLOP|FLOP|TURN|RIVER|SHOW ?DOWN|SUMMARY|[^*]+?) \*\*\*"
)
_ACTION = (
    r"^(?P<player>.+?): (?P<verb>posts small & big blinds|posts small blind|posts big blind"
    r"|posts the ante|posts straddle|folds|checks|calls|bets|raises|shows|mucks hand|mucks"
    r"|doesn't show hand|is sitting out|sits out)(?: (?P<amount>[^ \[(]+)(?: to (?P<to>\S+))?)?"
    r"(?: \[(?P<cards>[^\]]*)\])?(?P<all_in> and is all-in)?(?P<rest>.*)$"
)
_UNCALLED = r"^Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<player>.+)$"
_COLLECT = (
    r"^(?P<player>.+?) collected (?P<amount>\S+) from "
    r"(?P<pot>pot|main pot|side pot(?:[- ](?P<pot_no>\d+))?)$"
)
_CASH_OUT = (
    r"^(?P<player>.+?) cashed out the hand for (?P<amount>\S+) \| Cash Out Fee (?P<fee>\S+)$"
)
_SHOWS_NO_COLON = r"^(?P<player>.+?) shows \[(?P<cards>[^\]]*)\]"
_DEALT = r"^Dealt to (?P<player>.+?) \[(?P<cards>[^\]]*)\]$"
_CHAT = r"^.+? said, \".*\"$"
_BOARD = r"^(?:(?P<run>FIRST|SECOND|THIRD) )?Board \[(?P<cards>[^\]]*)\]$"
_SUMMARY_SEAT = (
    r"^Seat (?P<seat>\d+): .*?(?:(?:showed|mucked) \[(?P<cards>[^\]]*)\])?"
    r"(?:.*? won \(?(?P<won>[^ )]+)\)?)?(?P<not_awarded>.*\(pot not awarded[^)]*\))?"
)

_STREETS = {
    "HOLE CARDS": "preflop", "PRE-FLOP": "preflop", "FLOP": "flop", "TURN": "turn",
    "RIVER": "river", "SHOW DOWN": "showdown", "SHOWDOWN": "showdown", "SUMMARY": "summary",
}  # fmt: skip
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
VERBS = {
    "posts small & big blinds": "post_sb_bb", "posts small blind": "post_sb",
    "posts big blind": "post_bb", "posts the ante": "ante", "posts straddle": "straddle",
    "folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise",
    "shows": "show", "mucks hand": "muck", "mucks": "muck",
    "doesn't show hand": "no_show", "is sitting out": "sits_out", "sits out": "sits_out",
}  # fmt: skip


@dataclass(frozen=True)
class Lines:
    """The classified lines of one chunk; every frame has ``hand`` and ``idx`` columns."""

    starts: pl.DataFrame  # hand, idx, offset, line_no, text: first line of each hand
    preamble: pl.DataFrame  # non-blank lines before the first hand
    body: pl.DataFrame  # every non-blank line of a hand, with street, run, line_no, text
    headers: pl.DataFrame  # header fields (strings) per hand; null fields when unreadable
    tables: pl.DataFrame  # table_name, max_seats, button_seat
    seats: pl.DataFrame  # seat, player, stack (text), rest
    events: pl.DataFrame  # player, kind, amount/to/fee (text), all_in, cards, rest, pot_no...
    dealt: pl.DataFrame  # player, cards
    totals: pl.DataFrame  # the "Total pot" lines: total, rake, stp (text), side_pots
    boards: pl.DataFrame  # run, cards
    summary_seats: pl.DataFrame  # seat, cards, won (text), not_awarded


def _hand_numbers(lines: pl.DataFrame) -> pl.DataFrame:
    """Add ``hand``: a hand starts at a header line, or at the first non-blank line after a
    blank line that follows a summary (so a damaged header still separates two hands)."""
    text = pl.col("text")
    header = text.str.contains(HEADER)
    blank = text == ""
    last_header = pl.when(header).then(pl.col("idx")).forward_fill().fill_null(-1)
    last_summary = (
        pl.when(text == "*** SUMMARY ***").then(pl.col("idx")).forward_fill().fill_null(-1)
    )
    start = header | (
        ~blank
        & blank.shift(1, fill_value=False)
        & (last_summary > last_header)
        & (last_header >= 0)
    )
    return lines.with_columns(start=start).with_columns(
        hand=pl.col("start").cum_sum().cast(pl.Int64) - 1
    )


def _extract(frame: pl.DataFrame, pattern: str, keep: list[str]) -> pl.DataFrame:
    """Rows of ``frame`` matching ``pattern``, its named groups as columns."""
    fields = frame.select(*keep, pl.col("text").str.extract_groups(pattern).alias("m"))
    return fields.unnest("m").filter(pl.any_horizontal(pl.exclude(keep).is_not_null()))


def classify(lines: pl.DataFrame) -> Lines:
    """Split a chunk's lines into hands and classify them (see :class:`Lines`)."""
    lines = _hand_numbers(lines)
    text = pl.col("text")
    starts = lines.filter("start").select("hand", "idx", "offset", "line_no", "text")
    preamble = lines.filter((pl.col("hand") < 0) & (text != ""))
    street_fields = text.str.extract_groups(_STREET)
    body = (
        lines.filter((pl.col("hand") >= 0) & (text != "") & ~pl.col("start"))
        .with_columns(
            marker=pl.when(text.str.starts_with("*** ")).then(street_fields.struct.field("marker")),
            run=street_fields.struct.field("run").replace_strict(
                _RUNS, default=None, return_dtype=pl.Int8
            ),
        )
        .with_columns(
            street=pl.when(pl.col("marker").is_not_null())
            .then(
                pl.col("marker").replace_strict(_STREETS, default="other", return_dtype=pl.String)
            )
            .forward_fill()
            .over("hand")
            .fill_null("preflop"),
            run=pl.col("run").forward_fill().over("hand").fill_null(1),
        )
    )
    keep = ["hand", "idx"]
    in_summary = pl.col("street") == "summary"
    hand_part = body.filter(~in_summary & pl.col("marker").is_null())
    summary = body.filter(in_summary)
    first = hand_part.sort("idx").group_by("hand", maintain_order=True).first()
    tables = _extract(first.filter(text.str.starts_with("Table ")), _TABLE, keep)
    seats = _extract(hand_part.filter(text.str.starts_with("Seat ")), _SEAT, keep)
    dealt = _extract(hand_part.filter(text.str.starts_with("Dealt to ")), _DEALT, keep)
    rest = hand_part.filter(
        ~text.str.starts_with("Seat ")
        & ~text.str.starts_with("Dealt to ")
        & ~text.str.starts_with("Table ")
    )
    ekeep = ["hand", "idx", "street", "run"]
    actions = _extract(rest.filter(text.str.contains(": ", literal=True)), _ACTION, ekeep)
    actions = actions.with_columns(
        kind=pl.col("verb").replace_strict(VERBS, return_dtype=pl.String),
        all_in=pl.col("all_in").is_not_null(),
    ).drop("verb")
    others = rest.filter(~pl.col("idx").is_in(actions["idx"].implode()))
    uncalled = _extract(others, _UNCALLED, ekeep).with_columns(kind=pl.lit("return"))
    collect = _extract(others, _COLLECT, ekeep).with_columns(kind=pl.lit("collect"))
    cash_out = _extract(others, _CASH_OUT, ekeep).with_columns(kind=pl.lit("cash_out"))
    shows = _extract(others.filter(~text.str.contains(_CHAT)), _SHOWS_NO_COLON, ekeep).with_columns(
        kind=pl.lit("show")
    )
    events = pl.concat([actions, uncalled, collect, cash_out, shows], how="diagonal_relaxed").sort(
        "idx"
    )
    headers = _extract(starts, _HEADER_FIELDS, ["hand", "idx"])
    totals = summary.filter(text.str.starts_with("Total pot ")).select(
        "hand",
        "idx",
        total=text.str.extract(r"^Total pot ([^ |]+)"),
        rake=text.str.extract(r"\| Rake ([^ |]+)"),
        stp=text.str.extract(r"\| STP ([^ |]+)"),
        side_pots=text.str.contains("(?i)side pot"),
    )
    boards = _extract(summary, _BOARD, keep)
    summary_seats = _extract(
        summary.filter(text.str.starts_with("Seat ")), _SUMMARY_SEAT, keep
    ).with_columns(not_awarded=pl.col("not_awarded").is_not_null())
    return Lines(
        starts=starts,
        preamble=preamble,
        body=body,
        headers=headers,
        tables=tables,
        seats=seats,
        events=events,
        dealt=dealt,
        totals=totals,
        boards=boards,
        summary_seats=summary_seats,
    )
