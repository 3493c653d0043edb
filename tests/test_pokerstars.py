"""PokerStars parser on small hands: amounts, positions, times, skips, errors, encodings."""

from __future__ import annotations

import codecs
import datetime as dt
import re
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ingest.engine import fields, scan, site, summary
from ingest.engine.build import build
from ingest.engine.contract import concat_results
from ingest.engine.grammar import Grammar, byte_class
from ingest.engine.header import _NO_TIME, _ZONE_NAMES, _header_fields
from ingest.engine.scan import lit, literal_table
from ingest.engine.text import split_chunks
from ingest.engine.wording import Wording
from ingest.reader import iter_chunks
from ingest.sites import Chunk, ParseResult, detect_site, pokerstars

FIXTURE = Path(__file__).parent / "fixtures" / "stars_hands.txt"

HAND = """\
PokerStars Hand #100:  Omaha Pot Limit ($0.05/$0.10 USD) - 2024/07/01 12:00:00 ET
Table 'Test I' 6-max Seat #1 is the button
Seat 1: Alice ($10 in chips)
Seat 2: Bob ($1,000.50 in chips)
Seat 3: Carol ($5.40 in chips)
Seat 5: Dave ($3 in chips) is sitting out
Bob: posts small blind $0.05
Carol: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Alice [As Kd 7h 2c]
Alice: raises $0.20 to $0.30
Alice said, "gl: calls $5"
Bob: calls $0.25
Carol: raises $0.60 to $0.90
Alice: calls $0.60
Bob: folds
*** FLOP *** [2s 3h 4h]
Carol: bets $1.50
Alice: raises $3 to $4.50
Carol: calls $3 and is all-in
*** TURN *** [2s 3h 4h] [5c]
*** RIVER *** [2s 3h 4h 5c] [Qs]
*** SHOW DOWN ***
Carol: shows [Ac Ad 8s 9s] (a straight, Ace to Five)
Alice: shows [As Kd 7h 2c] (a straight, Ace to Five)
Alice collected $5.27 from pot
Carol collected $5.27 from pot
*** SUMMARY ***
Total pot $11.10 | Rake $0.56
Board [2s 3h 4h 5c Qs]
Seat 1: Alice (button) showed [As Kd 7h 2c] and won ($5.27) with a straight, Ace to Five
Seat 2: Bob (small blind) folded before Flop
Seat 3: Carol (big blind) showed [Ac Ad 8s 9s] and won ($5.27) with a straight, Ace to Five
"""


def parse_text(
    text: str, encoding: str = "utf-8", offset: int = 0, line_no: int = 1
) -> ParseResult:
    return pokerstars.SITE.parse(Chunk(text.encode(encoding), "t.txt", offset, line_no, encoding))


def rows(table: pa.Table) -> list[dict[str, Any]]:
    frame = pl.from_arrow(table)
    assert isinstance(frame, pl.DataFrame)
    return frame.drop("site", "source_file", strict=False).to_dicts()


def test_detect() -> None:
    assert pokerstars.SITE.detect(HAND.encode())
    assert pokerstars.SITE.detect(codecs.BOM_UTF8 + b"\r\n" + HAND.encode())
    assert not pokerstars.SITE.detect(b"Full Tilt Poker Game #1: ...")
    assert detect_site(HAND.encode()) is pokerstars.SITE


def test_hand_row() -> None:
    [hand] = rows(parse_text(HAND).hands)
    assert hand == {
        "room": "PokerStars", "hand_id": "100", "game": "omaha", "variant": "omaha",
        "hi_lo": False, "hole_cards_count": 4, "limit_type": "PL", "currency": "USD",
        "units_per_currency": 100, "small_blind": 5, "big_blind": 10, "ante": 0,
        "is_tournament": False, "tournament_id": None, "level": None, "table_name": "Test I",
        "max_seats": 6, "button_seat": 1,
        "started_at": dt.datetime(2024, 7, 1, 16, 0, tzinfo=dt.UTC),
        "boards": ["2s 3h 4h 5c Qs"], "total_pot": 1110, "rake": 56, "jackpot_fee": 0,
        "tax": 0, "room_money_in": 0, "cash_out_fee": 0, "raise_reading": "total",
        "inconsistencies": [], "uncalled_inferred": 0, "byte_offset": 0,
    }  # fmt: skip


def test_players_flows_and_positions() -> None:
    players = {p["player"]: p for p in rows(parse_text(HAND).players)}
    assert {
        n: (p["put_in"], p["returned"], p["collected"], p["net"]) for n, p in players.items()
    } == {
        "Alice": (540, 0, 527, -13),
        "Bob": (30, 0, 0, -30),
        "Carol": (540, 0, 527, -13),
        "Dave": (0, 0, 0, 0),
    }
    assert {n: p["position"] for n, p in players.items()} == {
        "Alice": "BTN", "Bob": "SB", "Carol": "BB", "Dave": None,
    }  # fmt: skip
    assert players["Bob"]["stack"] == 100050
    assert players["Dave"]["sitting_out"] and not players["Alice"]["sitting_out"]
    assert players["Alice"]["is_hero"] and not players["Carol"]["is_hero"]
    assert players["Carol"]["hole_cards"] == "Ac Ad 8s 9s"


def test_actions_amounts_are_chips_added() -> None:
    actions = rows(parse_text(HAND).actions)
    got = [
        (a["seq"], a["street"], a["player"], a["kind"], a["amount"], a["raise_to"]) for a in actions
    ]
    assert got == [
        (0, "preflop", "Bob", "post_sb", 5, None),
        (1, "preflop", "Carol", "post_bb", 10, None),
        (2, "preflop", "Alice", "raise", 30, 30),
        (3, "preflop", "Bob", "call", 25, None),
        (4, "preflop", "Carol", "raise", 80, 90),
        (5, "preflop", "Alice", "call", 60, None),
        (6, "preflop", "Bob", "fold", 0, None),
        (7, "flop", "Carol", "bet", 150, None),
        (8, "flop", "Alice", "raise", 450, 450),
        (9, "flop", "Carol", "call", 300, None),
        (10, "showdown", "Carol", "show", 0, None),
        (11, "showdown", "Alice", "show", 0, None),
        (12, "showdown", "Alice", "collect", 527, None),
        (13, "showdown", "Carol", "collect", 527, None),
    ]
    assert [a["all_in"] for a in actions].count(True) == 1
    assert actions[10]["cards"] == "Ac Ad 8s 9s" and actions[10]["board"] == 1


def test_collections() -> None:
    assert rows(parse_text(HAND).collections) == [
        {"hand_id": "100", "seat": 1, "player": "Alice", "board": 1, "pot": 0, "half": "whole",
         "amount": 527},
        {"hand_id": "100", "seat": 3, "player": "Carol", "board": 1, "pot": 0, "half": "whole",
         "amount": 527},
    ]  # fmt: skip


def test_dead_blinds_antes_and_straddles() -> None:
    text = (
        HAND.replace(
            "Carol: posts big blind $0.10\n",
            "Carol: posts big blind $0.10\n"
            "Alice: posts small & big blinds $0.15\nBob: posts the ante $0.02\n",
        )
        .replace("Alice: raises $0.20 to $0.30", "Alice: raises $0.20 to $0.30")
        .replace("Total pot $11.10", "Total pot $11.17")
        .replace("Alice collected $5.27", "Alice collected $5.31")
        .replace("Carol collected $5.27", "Carol collected $5.30")
    )
    result = parse_text(text)
    assert result.import_errors.num_rows == 0, result.import_errors.to_pylist()
    posts = [a for a in rows(result.actions) if a["kind"] in ("post_sb_bb", "ante")]
    assert [(a["player"], a["amount"], a["dead"]) for a in posts] == [
        ("Alice", 15, 5),
        ("Bob", 2, 2),
    ]
    players = {p["player"]: p for p in rows(result.players)}
    # Alice's live 10 counts toward her raise to 30: 15 posted + 20 more.
    assert players["Alice"]["put_in"] == 15 + 20 + 60 + 450
    assert rows(result.hands)[0]["ante"] == 2


@pytest.mark.parametrize(
    ("when", "expected"),
    [
        ("2024/07/01 12:00:00 ET", dt.datetime(2024, 7, 1, 16, 0)),  # summer time
        ("2024/01/15 12:00:00 ET", dt.datetime(2024, 1, 15, 17, 0)),
        ("2024/01/15 18:00:00 CET [2024/01/15 12:00:00 ET]", dt.datetime(2024, 1, 15, 17, 0)),
        ("2024/01/15 18:00:00 CET", dt.datetime(2024, 1, 15, 17, 0)),
        ("2019/04/19 17:52 UTC [2019/04/19 18:52 CET]", dt.datetime(2019, 4, 19, 17, 52)),
        ("2024/01/15 12:00:00", dt.datetime(2024, 1, 15, 17, 0)),  # no zone: ET
        ("2024/11/03 1:30:00 ET", dt.datetime(2024, 11, 3, 5, 30)),  # repeated hour: earlier
    ],
)
def test_start_time_in_utc(when: str, expected: dt.datetime) -> None:
    text = HAND.replace("2024/07/01 12:00:00 ET", when)
    [hand] = rows(parse_text(text).hands)
    assert hand["started_at"] == expected.replace(tzinfo=dt.UTC)


def test_other_games_are_skipped_by_name() -> None:
    text = HAND.replace("Omaha Pot Limit", "Hold'em No Limit")
    result = parse_text(text)
    assert result.hands.num_rows == 0
    assert rows(result.import_skips) == [
        {"byte_offset": 0, "line_no": 1, "hand_id": "100", "reason": "other game: Hold'em No Limit"}
    ]


def test_games_from_headers() -> None:
    cases = {
        "5 Card Omaha Hi/Lo Pot Limit": ("omaha5_8", 5, True),
        "6 Card Omaha Pot Limit": ("omaha6", 6, False),
        "Omaha Hi/Lo Limit": ("omaha8", 4, True),
        "Courchevel Hi/Lo Pot Limit": ("courchevel8", 5, True),
        "Mixed PLO (Omaha Pot Limit": ("omaha", 4, False),
    }
    for text, (game, cards, hi_lo) in cases.items():
        header = HAND.replace("Omaha Pot Limit (", f"{text} (").replace(
            "PLO (Omaha Pot Limit (", "PLO (Omaha Pot Limit, "
        )
        [hand] = rows(parse_text(header).hands)
        assert (hand["game"], hand["hole_cards_count"], hand["hi_lo"]) == (game, cards, hi_lo), text


def test_cancelled_and_partial_hands_are_skips() -> None:
    cancelled = HAND.split("*** HOLE CARDS ***")[0] + "Hand cancelled\n*** SUMMARY ***\n"
    partial = HAND.split("*** FLOP ***")[0].replace("#100", "#101")
    result = parse_text(cancelled + "\n\n" + partial)
    assert [s["reason"] for s in rows(result.import_skips)] == [
        "cancelled",
        "partial: the hand ends before its summary",
    ]
    assert result.hands.num_rows == result.import_errors.num_rows == 0


def test_a_hand_whose_money_does_not_add_up_is_stored_as_printed_with_what_is_wrong() -> None:
    """Bob's call of $0.35 puts 10 cents more in than the total pot holds: the hand is kept
    as the text says (his put-in, the printed pot and collection) and names the imbalance."""
    result = parse_text(HAND.replace("Bob: calls $0.25", "Bob: calls $0.35"))
    assert result.import_errors.num_rows == 0
    [hand] = rows(result.hands)
    assert hand["total_pot"] == 1110
    assert hand["inconsistencies"] == [
        "players put in $11.20 and got $0.00 back, but the total pot is $11.10"
    ]
    players = {p["player"]: p for p in rows(result.players)}
    assert (players["Bob"]["put_in"], players["Bob"]["net"]) == (40, -40)
    clean = rows(parse_text(HAND).hands)[0]
    assert clean["inconsistencies"] == []


def test_collections_and_stack_inconsistencies_are_all_listed() -> None:
    """A collection 1 cent too big and a call beyond the stack: both kept with the hand."""
    text = HAND.replace("Alice collected $5.27", "Alice collected $5.28").replace(
        "Seat 2: Bob ($1,000.50 in chips)", "Seat 2: Bob ($0.20 in chips)"
    )
    [hand] = rows(parse_text(text).hands)
    assert hand["inconsistencies"] == [
        "players collected $10.55 from a total pot of $11.10 less $0.56 taken by the room",
        "Bob puts in $0.30 with a stack of $0.20",
    ]


def test_damage_is_reported_with_its_line_and_neighbours_survive() -> None:
    second = HAND.replace("#100", "#200").replace("Bob: calls $0.25", "Bob: calls $0.2x5")
    third = HAND.replace("#100", "#300")
    text = HAND + "\n\n" + second + "\n\n" + third
    result = parse_text(text, offset=1000, line_no=11)
    assert result.hands.column("hand_id").to_pylist() == ["100", "300"]
    [error] = rows(result.import_errors)
    assert error["hand_id"] == "200"
    assert error["line"] == "Bob: calls $0.2x5"
    assert error["line_no"] == 11 + HAND.count("\n") + 2 + 12
    assert error["byte_offset"] == 1000 + len(HAND) + 2


def test_damaged_header_still_separates_hands() -> None:
    damaged = HAND.replace("PokerStars Hand #100", "PokerStarz Hand #200")
    text = HAND + "\n\n" + damaged + "\n\n" + HAND.replace("#100", "#300")
    result = parse_text(text)
    assert result.hands.column("hand_id").to_pylist() == ["100", "300"]
    [error] = rows(result.import_errors)
    assert error["reason"] == "unrecognised hand header"
    assert error["line"].startswith("PokerStarz Hand #200")


def test_text_before_the_first_hand_is_an_error() -> None:
    result = parse_text("some junk\n\n" + HAND)
    assert result.hands.num_rows == 1
    [error] = rows(result.import_errors)
    assert (error["line_no"], error["line"], error["reason"]) == (
        1, "some junk", "text before the first hand header",
    )  # fmt: skip


@pytest.mark.parametrize("encoding", ["utf-8", "cp1252", "utf-16-le"])
def test_encodings_and_line_ends(encoding: str) -> None:
    text = (HAND.replace("Alice", "Zoë €") + "\n\n" + HAND.replace("#100", "#101")).replace(
        "\n", "\r\n"
    )
    result = parse_text(text, encoding=encoding)
    assert result.import_errors.num_rows == 0, result.import_errors.to_pylist()
    assert "Zoë €" in result.players.column("player").to_pylist()
    offsets = result.hands.column("byte_offset").to_pylist()
    second = text.index("PokerStars Hand #101")
    assert offsets == [0, len(text[:second].encode(encoding))]


def test_names_with_colons_parentheses_and_accents() -> None:
    text = HAND.replace("Alice", "Jo (UK) é")
    result = parse_text(text)
    assert result.import_errors.num_rows == 0, result.import_errors.to_pylist()
    players = rows(result.players)
    assert players[0]["player"] == "Jo (UK) é" and players[0]["stack"] == 1000


def test_parse_file_reads_the_fixture_in_small_chunks(tmp_path: Path) -> None:
    whole = pokerstars.SITE.parse_file(FIXTURE)
    chunks = list(iter_chunks(FIXTURE, pokerstars.SITE.hand_start, target_bytes=600))
    assert len(chunks) == 3
    pieces = [pokerstars.SITE.parse(c) for c in chunks]
    assert [p.hands.num_rows for p in pieces] == [1, 1, 1]
    assert whole.hands.column("byte_offset").to_pylist() == [c.byte_offset for c in chunks]
    assert whole.hands.column("game").to_pylist() == ["omaha6", "omaha8", "courchevel8"]


def test_unreadable_total_is_an_error() -> None:
    result = parse_text(HAND.replace("Total pot $11.10 | Rake $0.56", "Total pot "))
    [error] = rows(result.import_errors)
    assert error["reason"] == "unreadable total pot, rake or other room amount in the summary"


def test_a_failing_hand_does_not_take_its_chunk_with_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def fragile_build(
        lines: Any, source_files: list[str], grammar: Grammar, every_flop_game: bool
    ) -> ParseResult:
        if (lines.starts["text"].str.contains("#200:")).any():
            raise ValueError("cannot build hand 200")
        return build(lines, source_files, grammar, every_flop_game)

    monkeypatch.setattr(site, "build", fragile_build)
    text = HAND + "\n\n" + HAND.replace("#100", "#200") + "\n\n" + HAND.replace("#100", "#300")
    result = parse_text(text, offset=10, line_no=5)
    assert result.hands.column("hand_id").to_pylist() == ["100", "300"]
    [error] = rows(result.import_errors)
    assert error["hand_id"] == "200"
    assert error["reason"].startswith("parser failure (ValueError: cannot build hand 200")
    assert (error["byte_offset"], error["line_no"]) == (
        10 + len(HAND) + 2,
        5 + HAND.count("\n") + 2,
    )


def _files_for_parse_many() -> list[Chunk]:
    """Small files with the awkward cases at their edges: junk before the first hand, a
    hand cut off at the end of a file, a damaged hand, another encoding and line ends."""
    texts = [
        ("a.txt", HAND + "\n\n" + HAND.replace("#100", "#101"), "utf-8"),
        ("b.txt", "junk line\n\n" + HAND.replace("#100", "#102"), "utf-8"),
        ("c.txt", HAND.replace("#100", "#103").split("*** SUMMARY ***")[0], "utf-8"),
        ("d.txt", HAND.replace("#100", "#104").replace("calls $0.25", "calls $0.2x5"), "utf-8"),
        ("e.txt", HAND.replace("#100", "#105").replace("Alice", "Zoë €").replace("\n", "\r\n"),
         "cp1252"),
        ("f.txt", "", "utf-8"),
        ("g.txt", HAND.replace("#100", "#106"), "utf-8"),
    ]  # fmt: skip
    return [Chunk(text.encode(enc), name, 0, 1, enc) for name, text, enc in texts]


def test_parse_many_gives_what_each_file_gives_alone() -> None:
    chunks = _files_for_parse_many()
    together = pokerstars.SITE.parse_many(chunks)
    alone = concat_results([pokerstars.SITE.parse(chunk) for chunk in chunks])
    for name, table in together.tables().items():
        assert table.to_pylist() == alone.tables()[name].to_pylist(), name
    assert together.hands.column("source_file").to_pylist() == [
        "a.txt", "a.txt", "b.txt", "e.txt", "g.txt",
    ]  # fmt: skip
    assert [(e["source_file"], e["line_no"]) for e in together.import_errors.to_pylist()] == [
        ("b.txt", 1), ("d.txt", 13),
    ]  # fmt: skip
    assert together.import_skips.column("source_file").to_pylist() == ["c.txt"]


@settings(max_examples=300, deadline=None)
@given(
    separator=st.sampled_from("/-"),
    day=st.from_regex(r"[0-9]{1,5}([/-])[0-9]{1,3}[/-][0-9]{1,3}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
    zone=st.sampled_from(["ET", "CET", "XYZ", ""]),
    et=st.booleans(),
)
def test_header_times_read_as_polars_reads_them(
    separator: str, day: str, time: str, zone: str, et: bool
) -> None:
    """Dates with the grammar's date separator, slashes or, as ISO writes them, dashes
    (``Wording.date_separator``): the template is the line less its number and its time,
    `` - [0-9/]*[^-]*$`` (the date's separator in the class), the time as polars reads it."""
    when = f"{day} {time} {zone}".rstrip() + (f" [{day} {time} ET]" if et else "")
    line = f"PokerStars Hand #1: Omaha Pot Limit ($0.01/$0.02 USD) - {when}"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    tables = pokerstars.GRAMMAR.tables
    none = np.full(1, -1, np.int64)
    spans, zone_index, et_given, local = _header_fields(
        text.data, text.starts, text.ends, tables.hand_id, tables.hand_id_end,
        Wording(date_separator=separator).words, False, none, none,
        pokerstars.GRAMMAR.wording.date_fields,
    )
    raw = text.data.tobytes()
    template = (raw[spans[0, 2] : spans[0, 3]] + raw[spans[0, 4] : spans[0, 5]]).decode()
    cut = re.match(rf"^(.*) - [0-9{re.escape(separator)}]*[^-]*$", line)
    assert template == re.sub(r"#[0-9]+", "#", cut.group(1) if cut else line, count=1)
    assert [None if t == _NO_TIME else t for t in local] == _polars_times(day, time, separator)
    zones = {"ET": "America/New_York", "CET": "Europe/Paris"}
    read = "America/New_York" if et_given[0] or zone_index[0] < 0 else _ZONE_NAMES[zone_index[0]]
    assert read == ("America/New_York" if et else zones.get(zone, "America/New_York"))
    assert text.data[spans[0, 0] : spans[0, 1]].tobytes() == b"1"


@settings(max_examples=200, deadline=None)
@given(
    head=st.sampled_from([
        "Hand #7 - Holdem(No Limit) - $0.05/$0.10 ",
        "Game Hand #7 - $5,000 GTD Tournament #2 - Omaha H/L(Pot Limit) - Level 1 (25.00/50.00)",
    ]),
    day=st.from_regex(r"[0-9]{1,5}/[0-9]{1,3}/[0-9]{1,3}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
    zone=st.sampled_from(["UTC", "ET", ""]),
)  # fmt: skip
def test_header_times_after_a_dash_read_as_the_regex_reads_them(
    head: str, day: str, time: str, zone: str
) -> None:
    """A room whose time follows "- " (WPN: "... Level 1 (25.00/50.00)- 2019/07/25 ...",
    hand numbers ended by " - "): the template is the line less its number and
    ``- [^-]*$``, the time as polars reads it."""
    line = f"{head}- {day} {time} {zone}".rstrip()
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    spans, zone_index, _, local = _header_fields(
        text.data, text.starts, text.ends, byte_class("[0-9]"), lit(" - "),
        Wording(time_separator="- ").words, False, text.starts, text.ends,
        Wording().date_fields,
    )  # fmt: skip
    raw = text.data.tobytes()
    template = (raw[spans[0, 2] : spans[0, 3]] + raw[spans[0, 4] : spans[0, 5]]).decode()
    cut = re.match(r"^(.*)- [^-]*$", line)
    assert cut is not None
    assert template == re.sub(r"#[0-9]+", "#", cut.group(1), count=1)
    expected = pl.Series([f"{day} {time}"]).str.to_datetime("%Y/%m/%d %H:%M:%S", strict=False)
    expected = expected.fill_null(
        pl.Series([f"{day} {time}"]).str.to_datetime("%Y/%m/%d %H:%M", strict=False)
    )
    assert [None if t == _NO_TIME else t for t in local] == expected.cast(pl.Int64).to_list()
    read = _ZONE_NAMES[zone_index[0]] if zone_index[0] >= 0 else None
    assert read == {"UTC": "UTC", "ET": "America/New_York"}.get(zone)


@settings(max_examples=200, deadline=None)
@given(
    day=st.from_regex(r"[0-9]{1,5}/[0-9]{1,3}/[0-9]{1,3}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
)
def test_header_times_written_before_their_date_read_as_polars_reads_them(
    day: str, time: str
) -> None:
    """A room that writes the time before the date (Everest: ``... - No Limit Hold'em -
    22:33:12 - 2011/01/02``; ``Wording.time_before_date``): the template is the line less
    its number and `` - [0-9:]* - [^-]*$``, the time as polars reads ``day time``."""
    line = f"EverestPoker Game #1: Table T - $0.50/$1 - No Limit Hold'em - {time} - {day}"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    none = np.full(1, -1, np.int64)
    spans, zone_index, _, local = _header_fields(
        text.data, text.starts, text.ends, byte_class("[0-9]"), lit(":"), Wording().words,
        False, none, none, Wording().date_fields, True,
    )  # fmt: skip
    raw = text.data.tobytes()
    template = (raw[spans[0, 2] : spans[0, 3]] + raw[spans[0, 4] : spans[0, 5]]).decode()
    cut = re.match(r"^(.*) - [0-9:]* - [^-]*$", line)
    assert cut is not None
    assert template == re.sub(r"#[0-9]+", "#", cut.group(1), count=1)
    assert [None if t == _NO_TIME else t for t in local] == _polars_times(day, time, "/")
    assert zone_index[0] < 0


@settings(max_examples=200, deadline=None)
@given(
    day=st.from_regex(r"[0-9]{1,5}[/-][0-9]{1,3}[/-][0-9]{1,3}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
    zone=st.sampled_from(["", "/GMT", "/CET"]),
)
def test_header_times_after_a_space_with_a_glued_zone_read_as_polars_reads_them(
    day: str, time: str, zone: str
) -> None:
    """A room that writes no " - " before its time, its date with either of two marks and
    its zone glued to the time (iPoker: ``NL $0.05/$0.10 2011-10-12 02:52:19``, ``NL
    €0.01/€0.02 2018-12-26 22:40:05/GMT``; a time separator " ", ``date_separator="-/"``,
    ``zone_mark="/"``): the template is the line less its number and `` [0-9/-]* [^ ]*$``
    (the date, then the time), the time as polars reads it with the date's marks as one."""
    line = f"GAME #1: Texas Hold'em  NL $0.05/$0.10 {day} {time}{zone}"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    none = np.full(1, -1, np.int64)
    wording = Wording(time_separator=" ", date_separator="-/", zone_mark="/")
    spans, zone_index, _, local = _header_fields(
        text.data, text.starts, text.ends, byte_class("[0-9]"), lit(""), wording.words,
        False, none, none, wording.date_fields,
    )  # fmt: skip
    raw = text.data.tobytes()
    template = (raw[spans[0, 2] : spans[0, 3]] + raw[spans[0, 4] : spans[0, 5]]).decode()
    cut = re.match(r"^(.*) [0-9/-]* [^ ]*$", line)
    assert cut is not None
    assert template == re.sub(r"#[0-9]+", "#", cut.group(1), count=1)
    expected = _polars_times(re.sub("[/-]", "-", day), time, "-")
    assert [None if t == _NO_TIME else t for t in local] == expected
    read = _ZONE_NAMES[zone_index[0]] if zone_index[0] >= 0 else None
    assert read == {"/GMT": "Europe/London", "/CET": "Europe/Paris"}.get(zone)


def _polars_times(day: str, time: str, separator: str) -> list[int | None]:
    """``day time`` as polars reads it (with or without seconds), in microseconds."""
    formats = [f"%Y{separator}%m{separator}%d %H:%M:%S", f"%Y{separator}%m{separator}%d %H:%M"]
    when = pl.Series([f"{day} {time}"])
    expected = when.str.to_datetime(formats[0], strict=False)
    expected = expected.fill_null(when.str.to_datetime(formats[1], strict=False))
    return expected.cast(pl.Int64).to_list()


@settings(max_examples=200, deadline=None)
@given(
    day=st.from_regex(r"[0-9]{1,5}-[0-9]{1,3}-[0-9]{1,3}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
    stakes=st.sampled_from(["5/10", "1 - 2", "500/1,000"]),
)
def test_times_on_a_line_of_their_own_read_as_polars_reads_them(
    day: str, time: str, stakes: str
) -> None:
    """A grammar whose time stands on the line after the header (as KingsClub's does, with
    dashes in the date): the header keeps all its text but the hand number, however many
    " - " it has, and the time line reads as polars reads it."""
    header = f"#7: Limit Omaha - {stakes}"
    text = split_chunks([Chunk(f"{header}\n{day} {time}".encode(), "f.txt", 0, 1, "utf-8")])
    tables, words = pokerstars.GRAMMAR.tables, Wording(date_separator="-").words
    order = Wording().date_fields
    first = np.array([0], np.int64)
    spans, zone_index, et_given, local = _header_fields(
        text.data, text.starts[:1], text.ends[:1], tables.hand_id, tables.hand_id_end, words,
        True, text.starts[1:2], text.ends[1:2], order,
    )
    assert [None if t == _NO_TIME else t for t in local] == _polars_times(day, time, "-")
    assert (zone_index[0], et_given[0]) == (-1, False)
    raw = text.data.tobytes()
    template = raw[spans[0, 2] : spans[0, 3]] + raw[spans[0, 4] : spans[0, 5]]
    assert raw[spans[0, 0] : spans[0, 1]] == b"7"
    assert template == f"#: Limit Omaha - {stakes}".encode()
    # no time line: no time
    local = _header_fields(text.data, text.starts[:1], text.ends[:1], tables.hand_id,
                           tables.hand_id_end, words, True, first - 1, first - 1,
                           order)[3]  # fmt: skip
    assert list(local) == [_NO_TIME]


@settings(max_examples=200, deadline=None)
@given(
    number=st.from_regex(r"[0-9]{1,7}(?:-[0-9]{1,4})?", fullmatch=True),
    middle=st.sampled_from(["", " - PL Omaha", " - 5-max"]),
    day=st.from_regex(r"[0-9]{1,5}-[0-9]{1,3}-[0-9]{1,3}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
)
def test_header_times_with_dashed_dates_read_as_the_regex_reads_them(
    number: str, middle: str, day: str, time: str
) -> None:
    """A header whose date has dashes (Seals With Clubs: ``Hand #5297786-137 - 2013-04-11
    02:08:55``): the time is ``- [0-9-]*[^-]*$``, the date's dashes being the only ones
    it holds; a hand number of digits and dashes ends at the first " - ", whether the
    time's separator or another; the time reads as polars reads it."""
    line = f"Hand #{number}{middle} - {day} {time}"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    none = np.full(1, -1, np.int64)
    spans, zone_index, _, local = _header_fields(
        text.data, text.starts, text.ends, byte_class("[0-9-]"), lit(" - "),
        Wording(date_separator="-").words, False, none, none, Wording().date_fields,
    )  # fmt: skip
    raw = text.data.tobytes()
    cut = re.match(r"^(.*) - [0-9-]*[^-]*$", line)
    assert cut is not None
    template = (raw[spans[0, 2] : spans[0, 3]] + raw[spans[0, 4] : spans[0, 5]]).decode()
    assert template == re.sub(r"#[0-9-]+(?= - )", "#", cut.group(1) + " - ", count=1)[:-3]
    assert template == f"Hand #{middle}"
    assert raw[spans[0, 0] : spans[0, 1]].decode() == number
    assert [None if t == _NO_TIME else t for t in local] == _polars_times(day, time, "-")
    assert zone_index[0] == -1


_AMOUNT_LABELS = {"Rake ({amount})": "rake", "Rake ": "rake", "Jackpot {amount} mBTC": "x"}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Rake (", "Rake ", "Jackpot ", "0.30", "1,000", ")", "(",
                                 " ", "x", "0.001", " mBTC", "5"]), max_size=5))  # fmt: skip
def test_amount_lines_read_as_the_regexes_read_them(pieces: list[str]) -> None:
    """Lines of a label and an amount (``Grammar.summary_amounts``), the amount maybe closed
    by more text (``Rake (0.30)``): the first label whose opening starts the line reads it,
    its amount the text up to the closing, as ``^opening(.*)closing$``, and none when the
    line does not end so."""
    line = "".join(pieces)
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    grammar = Grammar(
        site="t", header_starts=("T #",), hand_id_class="[0-9]", hand_id_end=":", header="",
        games="", limits={}, rooms={}, actions=pokerstars.ACTIONS, totals={},
        summary_amounts=_AMOUNT_LABELS,
    )  # fmt: skip
    rows = np.array([0], np.int64)
    read = summary.amount_lines(text, np.zeros(1, np.int64), rows,
                                grammar.tables.summary_amounts,
                                grammar.tables.summary_amount_ends, grammar.amounts)  # fmt: skip
    read_line = line.strip(" \t")
    expected: tuple[int, int] | None = None
    for k, label in enumerate(_AMOUNT_LABELS):
        opening, _, closing = label.partition("{amount}")
        if read_line.startswith(opening):
            match = re.fullmatch(re.escape(opening) + "(.*)" + re.escape(closing), read_line,
                                 re.S)  # fmt: skip
            amount = -1
            if match and match.group(1):
                data = np.frombuffer(match.group(1).encode(), np.uint8)
                ends = np.array([data.size], np.int64)
                amount = int(scan.hundredths(data, np.zeros(1, np.int64), ends, -1)[0])
            expected = (k, amount)
            break
    got = None if not read.height else (read["label"][0], read["amount_h"][0])
    assert got == expected, line


# The regex the table-line scan follows (with ASCII digits).
TABLE_LINE = (
    r"^Table (?:ID )?'(?P<table_name>.*)' (?:(?P<max_seats>[0-9]+)-[Mm]ax)?[^#]*"
    r"(?:Seat #(?P<button_seat>[0-9]+) is the button)?$"
)


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["Table '", "Table ID '", "Table ", "Table ID", "Tab"]),
    st.lists(
        st.sampled_from(["ID ", "'", "' ", " ", "6-max", "10-Max", "-max", "#", "3", "Seat #",
                         "Seat #4 is the button", " is the button", "300", "é", "a"]),
        max_size=10,
    ),
)  # fmt: skip
def test_table_lines_read_as_the_regex_reads_them(start: str, pieces: list[str]) -> None:
    line = start + "".join(pieces)
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = pokerstars.GRAMMAR.wording.words
    [found] = fields.table_fields(text.data, text.starts, text.ends, words, False)
    read = line.lstrip(" \t").rstrip(" \t\r")  # a line is read without its indent and end
    name = text.data[found[0] : found[1]].tobytes().decode() if found[0] >= 0 else None
    numbers = tuple(None if value < 0 else int(value) for value in found[2:])
    assert (name, *numbers) == _table_read(read, TABLE_LINE)


def _table_read(line: str, pattern: str) -> tuple[str | None, int | None, int | None]:
    """Table name, seats and button as the regex ``pattern`` reads them from ``line``."""
    return (
        pl.DataFrame({"line": [line]})
        .select(pl.col("line").str.extract_groups(pattern))
        .unnest("line")
        .select(
            "table_name",
            pl.col("max_seats").cast(pl.Int8, strict=False),
            pl.col("button_seat").cast(pl.Int8, strict=False),
        )
        .row(0)
    )


# A table line that is the table's name alone (WPN's cash tables: ``Wording.bare_table_name``),
# read when a line does not follow ``TABLE_LINE``.
BARE_TABLE_LINE = (
    r"^(?P<table_name>.+) (?P<max_seats>[0-9]+)-[Mm]ax[^#]*"
    r"(?:Seat #(?P<button_seat>[0-9]+) is the button)?$"
)


# A line of the button alone (888, WPN before 2019: ``Seat 9 is the button``), read by any
# grammar.
BUTTON_LINE = r"^Seat #?([0-9]+) is the button$"


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["Table '", "Table ", "St. Lucie", "Miramar (Cap)", "Gorham", "a", ""]),
    st.lists(
        st.sampled_from(["'", "' ", " ", "6", " 6-max", "-max", "10-Max", " 9-max", "#", "3",
                         "Seat #", " Seat #4 is the button", " is the button", "300", "é"]),
        max_size=10,
    ),
)  # fmt: skip
def test_bare_table_lines_read_as_the_regexes_read_them(start: str, pieces: list[str]) -> None:
    line = start + "".join(pieces)
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = Wording(bare_table_name=True).words
    [found] = fields.table_fields(text.data, text.starts, text.ends, words, True)
    read = line.lstrip(" \t").rstrip(" \t\r")
    expected = _table_read(read, TABLE_LINE)
    if expected[0] is None:
        expected = _table_read(read, BARE_TABLE_LINE)
    button = re.match(BUTTON_LINE, read)
    if expected[0] is None and button and int(button.group(1)) <= 127:
        expected = (None, None, int(button.group(1)))  # a line of the button alone
    name = text.data[found[0] : found[1]].tobytes().decode() if found[0] >= 0 else None
    numbers = tuple(None if value < 0 else int(value) for value in found[2:])
    assert (name, *numbers) == expected
    # the line scan takes as a table line before the first marker what either form reads
    bare = fields.bare_table(text.data, int(text.starts[0]), int(text.ends[0]), words)[0] >= 0
    assert bare == (_table_read(read, BARE_TABLE_LINE)[0] is not None)


# The summary's total and labelled amounts (``Wording.total_pot``, ``Grammar.totals``): the
# text up to a space or a bar, less a period that ends it (WPN before 2019: ``Pot: 612.
# Rake 2.76. JP fee 0.24``).
def _summary_value(label: str) -> str:
    return re.escape(label) + r"(?P<value>[^ |]+?)\.?(?:[ |]|$)"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Pot: ", "612", "0.24", ".", " ", "|", ". Rake ", "Rake ",
                                 ". JP fee ", "2.76.", "$5", "é"]), max_size=8))  # fmt: skip
def test_summary_values_read_as_the_regexes_read_them(pieces: list[str]) -> None:
    line = "Pot: " + "".join(pieces)
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    read = line.rstrip(" \t\r")
    labels = [". Rake ", ". JP fee "]
    words = Wording(total_pot="Pot: ").words
    is_total, spans, *_ = fields.summary_fields(
        text.data, text.starts, text.ends, lit("Board: ["), *literal_table(labels), words,
        *literal_table(["FIRST "]),
    )  # fmt: skip
    assert is_total[0]

    def value(first: int, last: int) -> str | None:
        return None if first < 0 else text.data[first:last].tobytes().decode()

    total = re.match(_summary_value("Pot: "), read)
    assert value(spans[0, 0], spans[0, 1]) == (total["value"] if total else None)
    for k, label in enumerate(labels):
        found = re.search(_summary_value(label), read)
        assert value(spans[0, 4 + 2 * k], spans[0, 5 + 2 * k]) == (
            found["value"] if found else None)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list("ab 1[]")), max_size=6),
       st.sampled_from([" received a card.", " received card: [7d]", " received card: [",
                        " received a card", ""]))  # fmt: skip
def test_dealt_lines_of_a_card_not_shown_name_their_player(name: str, rest: str) -> None:
    r"""``Player X received a card.`` (``Wording.dealt_unseen``) names X and no card; a line
    that opens its cards names the text before the opening: ``^Player (.*?)(?: received
    card: \[(.*?)\]?| received a card\.)$``, the opening first."""
    line = f"Player {name}{rest}"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = Wording(dealt="Player ", cards_open=" received card: [",
                    dealt_unseen=" received a card.").words  # fmt: skip
    [row] = fields.dealt_fields(text.data, text.starts, text.ends, words)
    read = line.rstrip(" \t")
    player = text.data[row[0] : row[1]].tobytes().decode()
    cards = None if row[2] < 0 else text.data[row[2] : row[3]].tobytes().decode()
    opened = re.match(r"^Player (.*?) received card: \[(.*?)\]?$", read)
    unseen = re.match(r"^Player (.*) received a card\.$", read)
    if opened:
        assert (player, cards) == (opened[1], opened[2])
    elif unseen:
        assert (player, cards) == (unseen[1], None)
    else:
        assert cards is None


# The regex of a summary seat line's result (see ``Grammar.summary_results``): a signed
# amount after the stack's parenthesis, or the line ending at it (a result of 0).
RESULT = r"^(?:.*\)$|.*\) (?P<sign>[+-])(?P<amount>[^ ]+)$)"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Seat 1: ", "P", " ", "(", ")", "3,037.50", "+", "-", "42",
                                 ") ", " +", "é"]), max_size=8))  # fmt: skip
def test_summary_results_read_as_the_regex_reads_them(pieces: list[str]) -> None:
    line = "".join(pieces).strip(" ")
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = Wording().words
    spans, _, _, sign = fields.summary_seat_fields(text.data, text.starts, text.ends, words,
                                                   False, False, True)  # fmt: skip
    match = re.match(RESULT, line)
    amount = None if spans[0, 6] < 0 else text.data[spans[0, 6] : spans[0, 7]].tobytes()
    if match is None:
        assert sign[0] == 0
    elif match["sign"] is None:
        assert (sign[0], amount) == (2, None)
    else:
        assert (sign[0], amount) == (1 if match["sign"] == "+" else -1,
                                     match["amount"].encode())  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["X", " ", "Xs", "XX", "As", "x"]), max_size=6))
def test_dealt_cards_all_unknown_are_no_cards(cards: list[str]) -> None:
    """``Dealt to P: [X X X X]`` (KingsClub's unknown card ``X``) shows no card:
    ``^X(?: X)*$`` between the brackets reads as none."""
    shown = "".join(cards)
    line = f"Dealt to P: [{shown}]"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = Wording(cards_open=": [", unknown_card="X").words
    [row] = fields.dealt_fields(text.data, text.starts, text.ends, words)
    read = None if row[2] < 0 else text.data[row[2] : row[3]].tobytes().decode()
    player = text.data[row[0] : row[1]].tobytes().decode()
    assert player == "P"
    assert read == (None if re.fullmatch(r"X(?: X)*", shown) else shown)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["3", ": ", "Bo", " won ", " collected ", "(", ")", "12.50", " ", "$1",
                         " showed [", " mucked [", "Ah Kd", "]", "from the Pot."]),
        max_size=10,
    ),
    st.booleans(),
    st.booleans(),
)  # fmt: skip
def test_summary_seat_lines_read_as_the_regexes_read_them(
    pieces: list[str], collected: bool, best_hand: bool
) -> None:
    """The amount after the first " won " (or, where a room's summary also says what was
    ``collected``, after the first " collected " of a line without " won "), in
    parentheses or not; the cards in the first brackets after " showed " or " mucked ",
    but a winner's where the room shows a best hand there."""
    line = "Seat " + "".join(pieces)
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = pokerstars.GRAMMAR.wording.words
    spans, useful, _, _ = fields.summary_seat_fields(
        text.data, text.starts, text.ends, words, collected, best_hand, False
    )
    read = line.rstrip(" \t")  # a line is read without its trailing blanks

    def span(first: int) -> str | None:
        if not useful[0] or spans[0, first] < 0:
            return None
        return text.data[spans[0, first] : spans[0, first + 1]].tobytes().decode()

    word = " collected " if collected and " won " not in read else " won "
    won = re.search(re.escape(word) + r"(?:\(([^ )]+)|([^ )]+))", read)
    marks = [read.find(mark) for mark in (" showed [", " mucked [") if mark in read]
    cards = re.search(r"\[([^\]]*)\]", read[min(marks) + 1 :]) if marks else None
    if best_hand and word in read:
        cards = None
    assert span(4) == (won and (won.group(1) or won.group(2)))
    assert span(2) == (cards and cards.group(1))


def test_comment_lines_between_hands_are_skipped_not_errors() -> None:
    second = HAND.replace("#100", "#101")
    text = "# exported 2024-07-01\n\n" + HAND + "\n\n# next table\n\n" + second
    result = parse_text(text)
    assert [h["hand_id"] for h in rows(result.hands)] == ["100", "101"]
    assert not result.import_errors.num_rows
    assert [s["reason"] for s in rows(result.import_skips)] == ["not a hand: text between hands"]
    # text that is no comment before the first hand stays an error
    damaged = parse_text("garbage\n\n" + HAND)
    assert [e["reason"] for e in rows(damaged.import_errors)] == [
        "text before the first hand header"
    ]


def test_five_cards_dealt_under_an_omaha_header_make_five_card_omaha() -> None:
    five = HAND.replace("Dealt to Alice [As Kd 7h 2c]", "Dealt to Alice [As Kd 7h 2c 3d]")
    [hand] = rows(parse_text(five.replace("PokerStars Hand", "PokerMaster Hand")).hands)
    assert (hand["room"], hand["game"], hand["hole_cards_count"]) == ("PokerMaster", "omaha5", 5)
    [four] = rows(parse_text(HAND).hands)
    assert (four["room"], four["game"], four["hole_cards_count"]) == ("PokerStars", "omaha", 4)


def test_a_street_marker_before_the_first_hand_is_text_before_it() -> None:
    result = parse_text("*** SUMMARY ***\n" + HAND)
    assert [h["hand_id"] for h in rows(result.hands)] == ["100"]
    assert [e["reason"] for e in rows(result.import_errors)] == [
        "text before the first hand header"
    ]


@settings(max_examples=200, deadline=None)
@given(
    head=st.sampled_from([
        "Bovada Hand #7 TBL#1090318 OMAHA Pot Limit ",
        "Ignition Hand #7  Zone Poker ID#1205 HOLDEMZonePoker No Limit ",
        "Bovada Hand #7: OMAHA HiLo Tournament #1 TBL#19, Pot Limit- Level 5 (50/100) ",
        "Bovada Hand #7: HOLDEM Tournament #616027 TBL#5, Normal- Level 5 (75/150) ",
    ]),
    day=st.from_regex(r"[0-9]{1,5}-[0-9]{1,3}-[0-9]{1,3}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
    zone=st.sampled_from(["UTC", ""]),
)  # fmt: skip
def test_header_times_of_dashed_dates_and_a_zone_read_as_the_regex_reads_them(
    head: str, day: str, time: str, zone: str
) -> None:
    """A room whose dates are written with dashes after the last " - " and maybe a zone
    after the time (Bovada: "... Pot Limit - 2012-04-24 02:55:07", "... [MVS] - 2021-03-11
    22:58:57 UTC"), its hand numbers ended by whatever follows the digits: the template is
    the line less its number and `` - .*$``, the time as polars reads it."""
    line = f"{head}- {day} {time} {zone}".rstrip()
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    wording = Wording(date_separator="-")
    spans, zone_index, _, local = _header_fields(
        text.data, text.starts, text.ends, byte_class("[0-9]"), lit(""), wording.words, False,
        text.starts, text.ends, wording.date_fields,
    )  # fmt: skip
    raw = text.data.tobytes()
    template = (raw[spans[0, 2] : spans[0, 3]] + raw[spans[0, 4] : spans[0, 5]]).decode()
    cut = re.match(r"^(.*) - .*$", line)
    assert cut is not None
    assert template == re.sub(r"#[0-9]+", "#", cut.group(1), count=1)
    assert [None if t == _NO_TIME else t for t in local] == _polars_times(day, time, "-")
    assert (_ZONE_NAMES[zone_index[0]] if zone_index[0] >= 0 else None) == (zone or None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["UTG+1", " ", "[ME]", "[ME", "Big Blind", "é", "]"]),
                min_size=1, max_size=6))  # fmt: skip
def test_names_read_apart_from_the_hero_mark_as_the_regex_reads_them(pieces: list[str]) -> None:
    """``Big Blind  [ME]`` is the hero ``Big Blind``: ``^(.*?) *\\[ME\\]$``; other names stay
    whole."""
    name = "".join(pieces)
    data = np.frombuffer(name.encode(), np.uint8).copy()
    starts, ends = np.array([0], np.int64), np.array([data.size], np.int64)
    end, hero = fields.hero_names(data, starts, ends, lit("[ME]"))
    match = re.fullmatch(r"(.*?) *\[ME\]", name, re.DOTALL)
    assert bool(hero[0]) == (match is not None)
    assert data[: end[0]].tobytes().decode() == (match.group(1) if match else name)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["UTG", " ", " : Card dealt to a spot", " [", "]", "7h 2s",
                                 "[ME]", "Dealt to "]), min_size=1, max_size=7))  # fmt: skip
def test_dealt_lines_written_player_first_read_as_the_regex_reads_them(pieces: list[str]) -> None:
    """``UTG : Card dealt to a spot [7h 2s]``: the player before the grammar's dealt verb,
    the cards in the brackets after it (``^(.*?) : Card dealt to a spot.*? \\[(.*?)\\]?$``),
    where the line does not start as a ``Dealt to`` line does."""
    line = "".join(pieces).strip(" ")  # a line is read without its indent
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = Wording(dealt_verb=" : Card dealt to a spot").words
    [row] = fields.dealt_fields(text.data, text.starts, text.ends, words)
    match = re.match(r"^(.*?) : Card dealt to a spot(?:.*? \[(.*?)\]?$)?", line, re.DOTALL)
    if match is None or line.startswith("Dealt to "):
        return  # a line of the "Dealt to" form, read as other rooms' are
    player = text.data[row[0] : row[1]].tobytes().decode()
    cards = None if row[2] < 0 else text.data[row[2] : row[3]].tobytes().decode()
    assert (player, cards) == (match.group(1), match.group(2))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["Total Pot(", "$20", ")", " | Rake (", "$1", " ", "|", "1,228",
                                 "("]), min_size=1, max_size=6))  # fmt: skip
def test_amounts_in_parentheses_read_as_the_regex_reads_them(pieces: list[str]) -> None:
    """``Total Pot($20) | Rake ($1)``: after a word or label that opens a parenthesis the
    value ends at the closing one too: ``^Total Pot\\(([^ |)]+)`` and ``\\| Rake \\(([^
    |)]+)``, the leftmost with a value."""
    line = "".join(pieces).strip(" ")  # a line is read without its indent
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    words = Wording(total_pot="Total Pot(").words
    labels, bounds = scan.literal_table(["| Rake ("])
    run, run_bounds = scan.literal_table(["FIRST "])
    is_total, spans, *_ = fields.summary_fields(
        text.data, text.starts, text.ends, lit("Board ["), labels, bounds, words, run, run_bounds
    )
    total = re.match(r"^Total Pot\(([^ |)]+)", line)
    rake = re.search(r"\| Rake \(([^ |)]+)", line)

    def read(column: int) -> str | None:
        first, last = spans[0, column], spans[0, column + 1]
        return None if first < 0 else text.data[first:last].tobytes().decode()

    assert bool(is_total[0]) == line.startswith("Total Pot")
    if is_total[0]:
        assert read(0) == (total.group(1) if total else None)
        assert read(4) == (rake.group(1) if rake else None)


@settings(max_examples=200, deadline=None)
@given(
    wording=st.sampled_from(
        [Wording(), Wording(uncalled="Uncalled bet of ", returned=" returned to ")]
    ),
    amount=st.from_regex(r"[$€]?[0-9][0-9,]*(\.[0-9]{2})?", fullmatch=True),
    # a name never ends in a blank (a line's trailing blanks are no part of it)
    player=st.from_regex(r"[A-Za-z0-9_]([A-Za-z0-9_ ]{0,10}[A-Za-z0-9_])?", fullmatch=True),
)
def test_uncalled_lines_read_as_their_regex_reads_them(
    wording: Wording, amount: str, player: str
) -> None:
    """PokerStars' ``Uncalled bet ($7.00) returned to P`` and Everest's ``Uncalled bet of
    $7.00 returned to P`` (no parentheses: the amount ends at the returned words): the
    amount and the player as ``^<uncalled>(.*?)<returned>(.+)$`` reads them."""
    line = f"{wording.uncalled}{amount}{wording.returned}{player}"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    _, kinds, spans, _, _ = fields.other_fields(
        text.data, text.starts, text.ends, wording.words, *wording.pot_word_table,
        *wording.half_table,
    )
    expected = re.match(rf"^{re.escape(wording.uncalled)}(.*?){re.escape(wording.returned)}(.+)$",
                        line)  # fmt: skip
    assert expected is not None and kinds[0] == 0
    raw = text.data.tobytes()
    assert raw[spans[0, 2] : spans[0, 3]].decode() == expected.group(1)
    assert raw[spans[0, 0] : spans[0, 1]].decode() == expected.group(2)


@settings(max_examples=200, deadline=None)
@given(
    number=st.from_regex(r"[0-9]{1,8}(?:-[0-9]{1,3})?", fullmatch=True),
    middle=st.sampled_from(["Holdem NL ($0.02/$0.04)", "Omaha PL | x", "a|b"]),
    day=st.from_regex(r"[0-9]{1,3}/[0-9]{1,3}/[0-9]{1,5}", fullmatch=True),
    time=st.from_regex(r"[0-9]{1,3}:[0-9]{1,3}(:[0-9]{1,3})?", fullmatch=True),
    after=st.sampled_from([" | Version:2", " | Version:", ""]),
)  # fmt: skip
def test_header_times_before_more_header_read_as_the_regex_reads_them(
    number: str, middle: str, day: str, time: str, after: str
) -> None:
    """A header whose time is followed by more of it on its line (Merge 2014: ``Merge Game
    #80256693-236 | Holdem NL ($0.02/$0.04) | 12/05/2014 17:08:49 EST | Version:2``; the
    wording's time end ``" | Version:"``): the time is the text after the last separator
    before it (or before the line's end), read month first; the template keeps what
    follows it."""
    line = f"Merge Game #{number} | {middle} | {day} {time} EST{after}"
    text = split_chunks([Chunk(line.encode(), "f.txt", 0, 1, "utf-8")])
    wording = Wording(time_separator=" | ", time_end=" | Version:", date_order="mdy")
    none = np.full(1, -1, np.int64)
    spans, zone_index, _, local = _header_fields(
        text.data, text.starts, text.ends, byte_class("[0-9-]"), lit(" | "), wording.words,
        False, none, none, wording.date_fields,
    )  # fmt: skip
    raw = text.data.tobytes()
    head, end, rest = line.partition(" | Version:")  # the time ends before it ...
    before, _, when = head.rpartition(" | ")  # ... after the last separator
    template = b"".join(raw[spans[0, k] : spans[0, k + 1]] for k in range(2, 10, 2)).decode()
    assert template == re.sub(r"#[0-9-]+", "#", before, count=1) + end + rest
    assert raw[spans[0, 0] : spans[0, 1]].decode() == number
    assert when == f"{day} {time} EST"
    month, day_of_month, year = day.split("/")
    expected = _polars_times(f"{year}/{month}/{day_of_month}", time, "/")
    assert [None if t == _NO_TIME else t for t in local] == expected
    assert _ZONE_NAMES[zone_index[0]] == "America/New_York"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["- ", "Player 1", "Hero", " sitting in seat ", "3", "12",
                                 " with ", "€49.50", "1500.00", "[Dealer]", " [Sitting out]",
                                 " at end €4.00", " ", "x"]), min_size=1, max_size=8))  # fmt: skip
def test_seat_lines_written_player_first_read_as_the_regex_reads_them(pieces: list[str]) -> None:
    """A seat line written player first (Microgaming: ``- Player 1 sitting in seat 1 with
    €14785.00 at end €14585.00 [Dealer]``): a line before the first marker holding the
    wording's ``seated`` words is a seat line, its seat, player and stack the groups of the
    grammar's ``seat_line`` regex (none where it does not match)."""
    from ingest.engine.lines import classify
    from ingest.sites.pokertracker_microgaming import GRAMMAR

    line = "".join(pieces).strip(" ")
    header = ("** Game ID 7 starting - 2013-05-28 16:44:14\n** T - €5 Min [Hold'em] (0.05|0.10"
              " NL - € Cash Game) Real Money\n")  # fmt: skip
    text = split_chunks([Chunk(f"{header}{line}\n".encode(), "f.txt", 0, 1, "utf-8")])
    seats = classify(text, GRAMMAR).seats
    if " sitting in seat " not in line:
        assert seats.height == 0
        return
    assert seats.height == 1
    match = re.match(GRAMMAR.seat_line, line)
    row = seats.row(0, named=True)
    if match is None:
        assert not row["player"] and row["seat"] is None
        return
    assert (row["player"], row["seat"]) == (match.group("player"), int(match.group("seat")))
    assert row["stack_h"] == round(float(match.group("stack").lstrip("€")) * 100)
