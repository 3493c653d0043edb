"""A hand id met again: a plain duplicate when the copy says what the stored one says, a
conflicting duplicate, reported with both copies' places, when it does not."""

from __future__ import annotations

import re
from pathlib import Path

import fake_site
import pytest

from ingest import importer, store
from ingest.sites import Chunk, ParseResult, Site

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
_HAND = re.compile(rb"^PokerStars Hand #(\d+):", re.MULTILINE)
_SEAT = re.compile(rb"^Seat \d+: (\S+) \(", re.MULTILINE)
_TABLE = re.compile(rb"^Table '[^']+'", re.MULTILINE)


def _hands(text: bytes) -> list[tuple[str, int, int]]:
    """Each hand's id, start and end in ``text``."""
    found = list(_HAND.finditer(text))
    ends = [m.start() for m in found[1:]] + [len(text)]
    return [(m.group(1).decode(), m.start(), end) for m, end in zip(found, ends, strict=True)]


def _edited(text: bytes) -> tuple[bytes, dict[str, tuple[str, ...]]]:
    """``text`` with CRLF line ends, the table of its 5th hand renamed and a player of its
    10th hand renamed; and what differs in each edited hand."""
    crlf = text.replace(b"\n", b"\r\n")
    hands = _hands(crlf)
    table_id, start, end = hands[4]
    table = _TABLE.search(crlf, start, end)
    assert table is not None
    crlf = crlf[: table.start()] + b"Table 'Elsewhere'" + crlf[table.end() :]
    player_id, start, end = _hands(crlf)[9]
    seat = _SEAT.search(crlf, start, end)
    assert seat is not None
    renamed = crlf[start:end].replace(seat.group(1), b"Someone")
    edited = crlf[:start] + renamed + crlf[end:]
    return edited, {table_id: ("hand",), player_id: ("players", "actions")}


def _errors(db: Path) -> list[dict[str, object]]:
    with store.connect(db, read_only=True) as con:
        rows = store.query(con, "SELECT * FROM import_errors ORDER BY source_file, byte_offset")
    found: list[dict[str, object]] = rows.to_pylist()
    return found


_PARTS = {
    "hand": "header (room, game, stakes, table, time, boards, pot, rake)",
    "players": "players (seats, names, stacks, cards, nets)",
    "actions": "actions",
}


def _expected_errors(
    stored: Path, edited: Path, differs: dict[str, tuple[str, ...]]
) -> list[dict[str, object]]:
    """The error rows of the edited hands: at their place in ``edited``, naming their
    stored copy's place in ``stored``."""
    kept = {hand_id: start for hand_id, start, _ in _hands(stored.read_bytes())}
    text = edited.read_bytes()
    rows: list[dict[str, object]] = []
    for hand_id, start, _ in _hands(text):
        if hand_id in differs:
            parts = " and ".join(_PARTS[part] for part in differs[hand_id])
            rows.append({
                "source_file": str(edited), "byte_offset": start,
                "line_no": text[:start].count(b"\n") + 1, "hand_id": hand_id,
                "line": text[start:].split(b"\r\n", 1)[0].decode(),
                "reason": f"conflicting duplicate of {stored} at byte {kept[hand_id]}: "
                f"its {parts} differ",
            })  # fmt: skip
    return rows


@pytest.fixture
def exports(tmp_path: Path) -> tuple[Path, Path, Path, dict[str, tuple[str, ...]]]:
    """The same hands three times: as written, exported again (CRLF line ends, blank lines
    of spaces between hands), and edited (two hands with other content)."""
    text = (SAMPLES / "omaha8.txt").read_bytes()
    first = tmp_path / "a" / "omaha8.txt"
    again = tmp_path / "b" / "omaha8-again.txt"
    edited = tmp_path / "c" / "omaha8-edited.txt"
    for path in (first, again, edited):
        path.parent.mkdir()
    first.write_bytes(text)
    again.write_bytes(text.replace(b"\n\n", b"\n   \n\n").replace(b"\n", b"\r\n"))
    edited_text, differs = _edited(text)
    edited.write_bytes(edited_text)
    return first, again, edited, differs


def test_a_hand_met_again_with_other_content_is_reported_with_both_places(
    exports: tuple[Path, Path, Path, dict[str, tuple[str, ...]]], tmp_path: Path
) -> None:
    first, again, edited, differs = exports
    db = tmp_path / "omaha.duckdb"
    importer.import_paths([first], db, workers=1)
    with store.connect(db, read_only=True) as con:
        before = con.execute("SELECT * FROM hands ORDER BY hand_id").fetchall()
    same = importer.import_paths([again], db, workers=1)
    assert (same.duplicates, same.errors, same.conflicts) == (40, 0, 0)
    other = importer.import_paths([edited], db, workers=1)
    assert (other.imported, other.duplicates, other.errors, other.conflicts) == (0, 38, 2, 2)
    assert _errors(db) == _expected_errors(first, edited, differs)
    with store.connect(db, read_only=True) as con:  # the first copy stays as it was
        assert con.execute("SELECT * FROM hands ORDER BY hand_id").fetchall() == before
    # read again: unchanged, counted as before, nothing added
    unchanged = importer.import_paths([edited], db, workers=1)
    assert (unchanged.unchanged_files, unchanged.errors, unchanged.conflicts) == (1, 2, 2)
    reread = importer.import_paths([edited], db, workers=1, reread=True)
    assert (reread.duplicates, reread.errors, reread.conflicts) == (38, 2, 2)
    assert _errors(db) == _expected_errors(first, edited, differs)


def test_copies_in_one_import_are_compared_with_the_kept_copy(
    exports: tuple[Path, Path, Path, dict[str, tuple[str, ...]]], tmp_path: Path
) -> None:
    first, again, edited, differs = exports
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([first, again, edited], db, workers=2)
    assert (summary.imported, summary.duplicates, summary.errors) == (40, 78, 2)
    assert summary.conflicts == 2
    assert _errors(db) == _expected_errors(first, edited, differs)
    # copies repeated in one batch and stored before: compared with the stored copy
    db = tmp_path / "later.duckdb"
    importer.import_paths([first], db, workers=1)
    later = importer.import_paths([again, edited], db, workers=2)
    assert (later.imported, later.duplicates, later.errors, later.conflicts) == (0, 78, 2, 2)
    assert _errors(db) == _expected_errors(first, edited, differs)


def _fake_detect(head: bytes) -> Site | None:
    return fake_site if fake_site.detect(head) else None


def test_a_file_read_again_by_another_parser_is_not_compared_with_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importer, "detect_site", _fake_detect)
    (tmp_path / "a.txt").write_bytes(b"FAKE #1 ok\nFAKE #2 ok\n")
    db = tmp_path / "omaha.duckdb"
    importer.import_paths([tmp_path / "a.txt"], db, workers=1)
    parse = fake_site.parse

    def reads_other_nets(chunk: Chunk) -> ParseResult:
        result = parse(chunk).tables()
        players = result["players"]
        net = players.column("net").to_pylist()
        result["players"] = players.set_column(
            players.schema.get_field_index("net"), "net", [[n * 2 for n in net]]
        )
        return ParseResult(**result)

    monkeypatch.setattr(fake_site, "parse", reads_other_nets)
    monkeypatch.setattr(importer, "parser_version", lambda site: "fake:another")
    newer = importer.import_paths([tmp_path / "a.txt"], db, workers=1)
    assert (newer.files_read, newer.duplicates, newer.conflicts) == (1, 2, 0)
    (tmp_path / "b.txt").write_bytes(b"FAKE #2 ok\n")  # elsewhere: compared
    other = importer.import_paths([tmp_path / "b.txt"], db, workers=1)
    assert (other.duplicates, other.errors, other.conflicts) == (0, 1, 1)
    assert [row["reason"] for row in _errors(db)] == [
        f"conflicting duplicate of {tmp_path / 'a.txt'} at byte 11: its players (seats, names, "
        "stacks, cards, nets) differ"
    ]


def test_a_hand_repeated_with_other_content_in_the_same_file_is_reported(tmp_path: Path) -> None:
    text = (SAMPLES / "omaha.txt").read_bytes()
    hand_id, start, end = _hands(text)[2]
    again = text[start:end]  # the same hand, as it was: a plain duplicate
    table = _TABLE.search(text, start, end)
    assert table is not None
    other = text[start : table.start()] + b"Table 'Elsewhere'" + text[table.end() : end]
    path = tmp_path / "omaha.txt"
    path.write_bytes(text + again + other)
    db = tmp_path / "omaha.duckdb"
    summary = importer.import_paths([path], db, workers=1)
    assert (summary.imported, summary.duplicates, summary.errors, summary.conflicts) == (
        40, 1, 1, 1
    )  # fmt: skip
    (row,) = _errors(db)
    assert (row["byte_offset"], row["hand_id"]) == (len(text) + len(again), hand_id)
    assert row["reason"] == (
        f"conflicting duplicate of {path} at byte {start}: its {_PARTS['hand']} differ"
    )
