"""PokerStars text lines, classified with vectorised string operations.

:func:`classify` turns the lines of a chunk into one frame per kind of line (hand headers,
table lines, seats, actions and other chip movements, summary items). Every frame keeps
``hand`` (0-based hand number in the chunk) and ``idx`` (line number in the chunk); action
frames also keep ``street`` and ``run`` (board number in run-it-twice sections).

Speed matters here: lines are told apart by literal prefixes and substrings, and fields
are cut with ``splitn`` and one-group regexes (not ``find``/``slice``: the first counts
bytes, the second characters). Multi-group regex captures cost about twenty times more
per line, so they only run on small sets of distinct strings (headers, table lines).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from ingest.text import one_of

# First line of a hand. Run It Once Poker exported its hands in this format too.
HEADER = r"^\x{FEFF}?(?:PokerStars|Run It Once Poker)(?: Home Game| Zoom)? (?:Hand|Game) #\d"
# Header with the hand number and the time taken out (so distinct headers are few).
_HEADER_FIELDS = (
    r"^\x{FEFF}?(?P<room>PokerStars|Run It Once Poker)(?: Home Game| Zoom)? (?:Hand|Game) "
    r"#:\s+(?:\{[^}]*\} )?"
    r"(?:(?:Zoom )?Tournament #(?P<tournament_id>\d+), (?:\S+(?: [A-Z]{3})? )?)?"
    r"(?P<game>.+?) (?:- (?:Match Round \w+, )?Level (?P<level>\S+) )?"
    r"\((?:(?P<inner>[^(),]+), )?(?P<sb>[^/(),]+)/(?P<bb>[^/() ]+)(?: (?P<cur>[A-Z]{3}))?\)$"
)
_TABLE = (
    r"^Table (?:ID )?'(?P<table_name>.*)' (?:(?P<max_seats>\d+)-[Mm]ax)?[^#]*"
    r"(?:Seat #(?P<button_seat>\d+) is the button)?$"
)
# Street markers, coded in chunk order; 0 is the part of a hand before its first marker.
_STREETS = {
    "HOLE CARDS": 1, "DEALING HANDS": 1, "PRE-FLOP": 1, "FLOP": 2, "TURN": 3, "RIVER": 4,
    "SHOW DOWN": 5, "SHOWDOWN": 5, "SUMMARY": 6,
}  # fmt: skip
STREET_NAMES = ["preflop", "preflop", "flop", "turn", "river", "showdown", "summary", "other"]
SUMMARY, OTHER_STREET = 6, 7
_RUNS = {"FIRST": 1, "SECOND": 2, "THIRD": 3}
# Action verbs as the text after "player: " starts; order matters (longest first).
VERBS: list[tuple[str, str]] = [
    ("posts small & big blinds ", "post_sb_bb"), ("posts small blind ", "post_sb"),
    ("posts big blind ", "post_bb"), ("posts the ante ", "ante"),
    ("posts straddle ", "straddle"), ("folds", "fold"), ("checks", "check"),
    ("calls ", "call"), ("bets ", "bet"), ("raises ", "raise"), ("shows [", "show"),
    ("mucks", "muck"), ("doesn't show", "no_show"), ("is sitting out", "sits_out"),
    ("sits out", "sits_out"),
]  # fmt: skip
_VERB = "^(" + "|".join(p.strip().replace("[", r"\[") for p, _ in VERBS) + ")"
_VERB_KINDS = {p.strip(): kind for p, kind in VERBS}
BETTING = ["post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "call", "bet", "raise"]
# The whole shape of a betting line after "player: "; anything else there is damage.
_BETTING_SHAPE = (
    r"^(?:posts (?:small & big blinds|small blind|big blind|the ante|straddle)|calls|bets"
    r"|raises \S+ to) \S+(?: and is all-in)?$"
)
_ALL_IN = " and is all-in"


@dataclass(frozen=True)
class Lines:
    """The classified lines of one chunk; every frame has ``hand`` and ``idx`` columns."""

    starts: pl.DataFrame  # first line of each hand: file, offset, line_no, text
    preamble: pl.DataFrame  # non-blank lines of a file before its first hand
    where: pl.DataFrame  # hand, idx, line_no, text of every line, row i = line i (error rows)
    markers: pl.DataFrame  # street markers: street code, marker text
    headers: pl.DataFrame  # header fields (strings) per hand; null fields when unreadable
    tables: pl.DataFrame  # table_name, max_seats, button_seat
    seats: pl.DataFrame  # seat, player, stack (text), sitting_out
    events: pl.DataFrame  # street, run, player, kind, amount/to/fee (text), all_in, cards...
    dealt: pl.DataFrame  # player, cards
    totals: pl.DataFrame  # "Total pot" lines: total, rake, stp (text), side_pots
    boards: pl.DataFrame  # run, cards
    summary_seats: pl.DataFrame  # seat, cards, won (text), not_awarded
    cancelled: pl.DataFrame  # "Hand cancelled" lines
    sat_out: pl.DataFrame  # "player: sits out" and "player: is sitting out" lines


def _hand_numbers(lines: pl.DataFrame) -> pl.DataFrame:
    """Add ``hand`` and ``start``: a hand starts at a header line, or at the first non-blank
    line after a blank line that follows a summary (so a damaged header still separates
    two hands). Lines of a file before its first header have hand -1 (the preamble)."""
    text = pl.col("text")
    maybe = (
        text.str.starts_with("PokerStars ")
        | text.str.starts_with("Run It Once Poker ")
        | text.str.starts_with("\ufeff")
    )
    # The header pattern runs on the few candidate lines only; ``idx`` is the row number.
    found = lines.filter(maybe).filter(text.str.contains(HEADER))["idx"]
    is_header = pl.repeat(False, lines.height, eager=True).scatter(found, True)
    # Sub-expressions are materialised as columns first: eager polars does not share them.
    flags = lines.with_columns(
        header=is_header,
        blank=text.str.len_bytes() == 0,
        summary=text == "*** SUMMARY ***",
    )
    header, blank, idx, file = pl.col("header"), pl.col("blank"), pl.col("idx"), pl.col("file")
    flags = flags.with_columns(
        last_header=pl.when(header).then(idx).forward_fill().fill_null(-1),
        last_summary=pl.when("summary").then(idx).forward_fill().fill_null(-1),
        file_first=pl.when(file != file.shift(1, fill_value=-1)).then(idx).forward_fill(),
    )
    last_header, file_first = pl.col("last_header"), pl.col("file_first")
    start = header | (
        ~blank
        & blank.shift(1, fill_value=False)
        & (pl.col("last_summary") > last_header)
        & (last_header >= file_first)
    )
    in_hand = last_header >= file_first
    return (
        flags.with_columns(start=start)
        .with_columns(
            hand=pl.when(in_hand).then(pl.col("start").cum_sum().cast(pl.Int64) - 1).otherwise(-1)
        )
        .drop("header", "summary", "last_header", "last_summary", "file_first")
    )


def _markers(lines: pl.DataFrame) -> pl.DataFrame:
    """Street markers and hand starts with their street code and board number (``run``)."""
    text = pl.col("text")
    stars = lines.filter(text.str.starts_with("*** ") & ~pl.col("start")).select(
        "hand",
        "idx",
        marker=text.str.splitn(" ***", 2).struct.field("field_0").str.strip_prefix("*** "),
    )
    # Marker names are few: decoded through dictionaries rather than regexes.
    names = {
        f"{run} {name}" if run else name: (street, _RUNS.get(run))
        for name, street in _STREETS.items()
        for run in ["", *_RUNS]
    }
    marker = pl.col("marker")
    stars = stars.with_columns(
        street=marker.replace_strict(
            {n: v[0] for n, v in names.items()}, default=OTHER_STREET, return_dtype=pl.Int8
        ),
        run=marker.replace_strict(
            {n: v[1] for n, v in names.items() if v[1]}, default=None, return_dtype=pl.Int8
        ),
    )
    starts = lines.filter("start").select(
        "hand",
        "idx",
        marker=pl.lit(None, pl.String),
        street=pl.lit(0, pl.Int8),
        run=pl.lit(1, pl.Int8),
    )
    return pl.concat([starts, stars]).sort("idx").with_columns(pl.col("run").forward_fill())


def _actions(frame: pl.DataFrame) -> pl.DataFrame:
    """``player: verb ...`` lines to events (player, kind, amount, to, all_in, cards)."""
    text = pl.col("text")
    # str.find counts bytes and str.slice characters: split instead, names may be non-ASCII.
    parts = text.str.splitn(": ", 2)
    frame = frame.with_columns(parts.alias("p")).with_columns(
        player=pl.col("p").struct.field("field_0"), rest=pl.col("p").struct.field("field_1")
    )
    rest = pl.col("rest")
    kind = rest.str.extract(_VERB, 1).replace_strict(_VERB_KINDS, return_dtype=pl.String)
    frame = frame.with_columns(kind=kind, all_in=rest.str.ends_with(_ALL_IN)).filter(
        pl.col("kind").is_not_null()
    )
    core = rest.str.strip_suffix(_ALL_IN)
    frame = frame.with_columns(
        last=core.str.extract(r" ([^ ]+)$", 1),
        betting=one_of(pl.col("kind"), BETTING),
        is_raise=pl.col("kind") == "raise",
    )
    betting, is_raise = pl.col("betting"), pl.col("is_raise")
    return frame.select(
        "hand",
        "idx",
        "street",
        "run",
        "player",
        "kind",
        "all_in",
        amount=pl.when(betting & ~is_raise).then("last"),
        to=pl.when(is_raise).then("last"),
        cards=pl.when(one_of(pl.col("kind"), ["show", "muck", "fold"])).then(
            rest.str.extract(r"\[([^\]]*)\]", 1)
        ),
        damaged=(betting & ~rest.str.contains(_BETTING_SHAPE))
        | ((pl.col("kind") == "check") & (rest != "checks")),
    )


def _other_events(frame: pl.DataFrame) -> pl.DataFrame:
    """Uncalled bets, collections, cash-outs and colon-less ``shows`` lines as events."""
    text = pl.col("text")
    keep = ["hand", "idx", "street", "run"]
    uncalled = frame.filter(text.str.starts_with("Uncalled bet (")).select(
        *keep,
        player=text.str.extract(r"\) returned to (.+)$", 1),
        kind=pl.lit("return"),
        amount=text.str.extract(r"^Uncalled bet \(([^)]+)\)", 1),
    )
    collect = frame.filter(text.str.contains(" collected ", literal=True)).select(
        *keep,
        player=text.str.splitn(" collected ", 2).struct.field("field_0"),
        kind=pl.lit("collect"),
        amount=text.str.extract(r" collected (\S+) from ", 1),
        pot=text.str.extract(r" from ((?:main |side )?pot(?:[- ]\d+)?)$", 1),
    )
    cash_out = frame.filter(text.str.contains(" cashed out the hand for ", literal=True)).select(
        *keep,
        player=text.str.splitn(" cashed out the hand for ", 2).struct.field("field_0"),
        kind=pl.lit("cash_out"),
        amount=text.str.extract(r" cashed out the hand for (\S+) \|", 1),
        fee=text.str.extract(r"\| Cash Out Fee (\S+)$", 1),
    )
    shows = frame.filter(text.str.contains(" shows [", literal=True)).select(
        *keep,
        player=text.str.splitn(" shows [", 2).struct.field("field_0"),
        kind=pl.lit("show"),
        cards=text.str.extract(r" shows \[([^\]]*)\]", 1),
    )
    # A collect line whose pot is not one of the known forms is damaged, not ignored.
    collect = collect.with_columns(damaged=pl.col("pot").is_null() | pl.col("amount").is_null())
    return pl.concat([uncalled, collect, cash_out, shows], how="diagonal_relaxed")


def _seats(frame: pl.DataFrame) -> pl.DataFrame:
    text = pl.col("text")
    frame = frame.with_columns(text.str.splitn(": ", 2).alias("p")).with_columns(
        seat=pl.col("p").struct.field("field_0").str.strip_prefix("Seat "),
        rest=pl.col("p").struct.field("field_1"),
    )
    rest = pl.col("rest")
    return frame.select(
        "hand",
        "idx",
        "seat",
        player=rest.str.replace(r" \([^ ()]+ in chips[^()]*\).*$", ""),
        stack=rest.str.extract(r" \(([^ ()]+) in chips[^()]*\)", 1),
        sitting_out=rest.str.ends_with(" is sitting out")
        | rest.str.contains("out of hand", literal=True),
    )


def _summary_seats(frame: pl.DataFrame) -> pl.DataFrame:
    text = pl.col("text")
    useful = text.str.contains("[", literal=True) | text.str.contains(" won ", literal=True)
    return frame.filter(useful).select(
        "hand",
        "idx",
        seat=text.str.extract(r"^Seat ([0-9]+):", 1),
        cards=text.str.extract(r" (?:showed|mucked) \[([^\]]*)\]", 1),
        won=text.str.extract(r" won \(?([^ )]+)\)?", 1),
        not_awarded=text.str.contains("(pot not awarded", literal=True),
    )


def _headers(starts: pl.DataFrame) -> pl.DataFrame:
    """Header fields per hand. The part after the last " - " is the time (unique per hand,
    cut with splits); the rest, without the hand number, repeats from hand to hand and is
    decoded once per distinct text."""
    text = pl.col("text")
    when = text.str.split(" - ").list.last()
    per_hand = starts.select(
        "hand",
        template=text.str.replace(r" - [^-]*$", "").str.replace(r"#[0-9]+:", "#:"),
        hand_id=text.str.extract(r"#([0-9]+):", 1),
        t=when.str.replace_all("[", "", literal=True).str.split_exact(" ", 5),
    ).unnest("t")
    et_given = pl.col("field_5") == "ET]"
    per_hand = per_hand.select(
        "hand",
        "template",
        "hand_id",
        date=pl.col("field_0") + pl.lit(" ") + pl.col("field_1"),
        tz=pl.col("field_2"),
        date_et=pl.when(et_given).then(pl.col("field_3") + pl.lit(" ") + pl.col("field_4")),
    )
    distinct = per_hand.select("template").unique()
    fields = distinct.with_columns(
        pl.col("template").str.extract_groups(_HEADER_FIELDS).alias("f")
    ).unnest("f")
    return per_hand.join(fields, on="template", how="left").drop("template")


def classify(lines: pl.DataFrame) -> Lines:
    """Split a chunk's lines into hands and classify them (see :class:`Lines`)."""
    lines = _hand_numbers(lines)
    text = pl.col("text")
    markers = _markers(lines)
    starts = lines.filter("start").select("hand", "idx", "file", "offset", "line_no", "text")
    body = (
        lines.filter((pl.col("hand") >= 0) & (text != "") & ~pl.col("start"))
        .select("hand", "idx", "text")
        .join_asof(markers.select("idx", "street", "run"), on="idx", strategy="backward")
    )
    body = body.with_columns(
        seat=text.str.starts_with("Seat "), in_summary=pl.col("street") == SUMMARY
    )
    seat, in_summary = pl.col("seat"), pl.col("in_summary")
    kinds = [
        ("marker", text.str.starts_with("*** ")),
        ("summary_seat", seat & in_summary),
        ("seat", seat),
        ("summary", in_summary),
        ("chat", text.str.ends_with('"')),  # 'name said, "..."'
        ("dealt", text.str.starts_with("Dealt to ")),
        ("table", (pl.col("street") == 0) & text.str.starts_with("Table ")),
        ("action", text.str.contains(": ", literal=True)),
    ]
    code: pl.Expr = pl.lit(len(kinds), pl.Int8)  # "other"
    for number, (_, condition) in reversed(list(enumerate(kinds))):
        code = pl.when(condition).then(pl.lit(number, pl.Int8)).otherwise(code)
    body = body.with_columns(kind=code).drop("seat", "in_summary")
    codes = {name: number for number, (name, _) in enumerate(kinds)} | {"other": len(kinds)}

    # One pass splits the lines by kind; a kind with no lines gets an empty frame.
    parts = body.partition_by("kind", as_dict=True, include_key=False)
    empty = body.clear().drop("kind")

    def part(name: str) -> pl.DataFrame:
        return parts.get((codes[name],), empty)

    dealt = part("dealt").with_columns(p=text.str.splitn(" [", 2)).select(
        "hand",
        "idx",
        player=pl.col("p").struct.field("field_0").str.strip_prefix("Dealt to "),
        cards=pl.col("p").struct.field("field_1").str.strip_suffix("]"),
    )
    table_lines = part("table").select("hand", "idx", "text")
    table_fields = (
        table_lines.select("text")
        .unique()
        .with_columns(text.str.extract_groups(_TABLE).alias("f"))
        .unnest("f")
    )
    tables = (
        table_lines.join(table_fields, on="text", how="left")
        .filter(pl.col("table_name").is_not_null())
        .select("hand", "idx", "table_name", "max_seats", "button_seat")
    )
    actions, others = _actions(part("action")), _other_events(part("other"))
    kind = pl.col("kind")
    sat_out = actions.filter(kind == "sits_out").select("hand", "idx", "player")
    actions = actions.filter((kind != "sits_out") & (kind != "no_show"))
    # In line order; a line that is two events (a collect that also shows) keeps both.
    events = pl.concat([actions, others], how="diagonal_relaxed").sort("idx", maintain_order=True)
    summary = part("summary")
    totals = summary.filter(text.str.starts_with("Total pot ")).select(
        "hand",
        "idx",
        total=text.str.extract(r"^Total pot ([^ |]+)", 1),
        rake=text.str.extract(r"\| Rake ([^ |]+)", 1),
        stp=text.str.extract(r"\| STP ([^ |]+)", 1),
        side_pots=text.str.contains("Side pot", literal=True),
    )
    boards = summary.filter(text.str.contains("Board [", literal=True)).select(
        "hand",
        "idx",
        run=text.str.extract(r"^(FIRST|SECOND|THIRD) Board", 1)
        .replace_strict(_RUNS, default=1, return_dtype=pl.Int8)
        .fill_null(1),
        cards=text.str.extract(r"^(?:(?:FIRST|SECOND|THIRD) )?Board \[([^\]]*)\]$", 1),
    )
    return Lines(
        starts=starts,
        preamble=lines.filter((pl.col("hand") < 0) & (text != "")),
        where=lines.select("hand", "idx", "line_no", "text"),
        markers=markers,
        headers=_headers(starts),
        tables=tables,
        seats=_seats(part("seat")),
        events=events,
        dealt=dealt,
        totals=totals,
        boards=boards.filter(pl.col("cards").is_not_null()),
        summary_seats=_summary_seats(part("summary_seat")),
        cancelled=part("other").filter(text == "Hand cancelled").select("hand", "idx"),
        sat_out=sat_out,
    )
