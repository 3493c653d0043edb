"""The XML reader's check for start tags spanning lines, against its definition as a regex."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from ingest.engine.xml_read import _spans_lines

# markup running over a line's end, or a quoted value after "=" holding a ">"
SPANNING = re.compile(rb"<[^<>]*\n|=\s*\"[^\"]*>|=\s*'[^']*>")
PIECES = [b"<", b">", b"\n", b"\r", b"=", b'"', b"'", b" ", b"\t", b"/", b"a", b"<a b=\"1\"/>"]


@given(st.lists(st.sampled_from(PIECES), max_size=24))
def test_a_spanning_tag_is_found_as_the_regex_finds_it(pieces: list[bytes]) -> None:
    doc = b"".join(pieces)
    assert _spans_lines(doc) == (SPANNING.search(doc) is not None)


def test_tags_on_their_lines_do_not_span() -> None:
    assert not _spans_lines(b'<game id="1">\n<player seat="1" name="a"/>\n</game>\n')
    assert _spans_lines(b'<game id="1"\n seat="2">\n</game>\n')
    assert _spans_lines(b'<game id="1" name="a>b">\n</game>\n')
