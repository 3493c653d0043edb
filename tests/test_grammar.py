"""Each room's action templates: the compiled scan reads a line as the template's plain regex does.

For every template of every room, lines that follow it (random player names, amounts in
each room's styles, an optional all-in suffix) and lines that break it (an extra word, a
missing amount) go through :func:`ingest.engine.fields.read_actions`; the code, the
player, amount (or raise-to) and raise-by spans must be what ``re.match`` of
:meth:`Actions.regex` gives, the first template that matches winning. A line whose verb is
known but that follows no template of it has the kind of the verb's first template, its
last word as the amount, no raise-by, and is damaged when it bets or checks.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ingest.engine.fields import read_actions
from ingest.engine.grammar import BETTING, EVENT_KINDS, Actions
from ingest.engine.scan import NULL
from ingest.sites import ggpoker, pokerstars, winamax

ROOMS: dict[str, Actions] = {
    "pokerstars": pokerstars.GRAMMAR.actions,
    "ggpoker": ggpoker.GRAMMAR.actions,
    "winamax": winamax.GRAMMAR.actions,
}
CASES = [(room, template) for room, actions in ROOMS.items() for template in actions.templates]
_TOKEN = re.compile(r"\{(\w+)\}")
_SHAPED = {*BETTING, "check"}  # kinds whose lines are damaged when they follow no template
_EXTRA_WORDS = ("now", "(timeout)", "x", "5", "$3", "[Ah]", "is")


@dataclass(frozen=True)
class Read:
    """What one line reads as: kind code, and byte spans of player, amount and raise-by."""

    code: int
    player: tuple[int, int]
    amount: tuple[int, int]
    by: tuple[int, int]
    damaged: bool


def _separator(actions: Actions) -> str:
    return bytes(actions.separator).decode()


def _suffix(actions: Actions) -> str:
    return bytes(actions.all_in).decode()


def _verb(template: str, separator: str) -> str:
    return _TOKEN.split(template[len("{player}") + len(separator) :])[0]


def _byte(line: str, pos: int) -> int:
    return len(line[:pos].encode())


def _scan(actions: Actions, line: str) -> Read:
    data = np.frombuffer(line.encode(), np.uint8).copy()
    starts, ends = np.array([0], np.int64), np.array([data.size], np.int64)
    spans, code, _, damaged = read_actions(data, starts, ends, actions)
    row = [int(v) for v in spans[0]]
    return Read(
        int(code[0]), (row[0], row[1]), (row[2], row[3]), (row[6], row[7]), bool(damaged[0])
    )


def _reference(actions: Actions, line: str, name: str) -> Read | None:
    """The line read by the templates' regexes (None: no verb follows the player)."""
    for t, template in enumerate(actions.templates):
        match = re.match(actions.regex(template), line)
        if match is None:
            continue
        fields = _TOKEN.findall(template)[1:]  # after {player}: group k + 2 is fields[k]
        amount = by = (NULL, NULL)
        for k, field in enumerate(fields):
            span = (_byte(line, match.start(k + 2)), _byte(line, match.end(k + 2)))
            if field in ("amount", "to"):
                amount = span
            elif field == "by":
                by = span
        player = (0, _byte(line, match.end(1)))
        return Read(int(actions.codes[t]), player, amount, by, False)
    # no template matches: the first template whose verb follows the player names the kind
    separator, suffix = _separator(actions), _suffix(actions)
    rest = len(name) + len(separator)
    for t, template in enumerate(actions.templates):
        if line.startswith(_verb(template, separator), rest):
            code = int(actions.codes[t])
            core = len(line) - len(suffix) if suffix and line[rest:].endswith(suffix) else len(line)
            space = line.rfind(" ", rest, core)
            amount = (NULL, NULL)
            if space >= 0 and space + 1 < core:
                amount = (_byte(line, space + 1), _byte(line, core))
            damaged = EVENT_KINDS[code] in _SHAPED
            return Read(code, (0, _byte(line, len(name))), amount, (NULL, NULL), damaged)
    return None


# Player names: letters (some not ASCII), digits, punctuation and spaces.
_NAME_CHARS = st.sampled_from(list("abcXYZ019_-.:'()é漢 "))
names = st.text(_NAME_CHARS, min_size=1, max_size=12)


@st.composite
def amounts(draw: st.DrawFn) -> str:
    """``$1,234.5``, ``12€``, ``300``, ``0.05``."""
    whole = draw(st.integers(0, 10**7))
    text = f"{whole:,}" if draw(st.booleans()) else str(whole)
    if draw(st.booleans()):
        text += "." + draw(st.text(st.sampled_from("0123456789"), min_size=1, max_size=2))
    style = draw(st.sampled_from(["$", "€", ""]))
    return f"${text}" if style == "$" else f"{text}€" if style == "€" else text


_ANY = st.one_of(
    st.just(""),
    st.sampled_from([" [Ah Kd 7c 2s]", " (timeout)", " hand", " [5s 5d] (a pair)"]),
    st.text(st.sampled_from(list("ab [] ()$€5")), max_size=10),
)
_CARDS = st.text(st.sampled_from(list("AKQJT98765432shdc ")), max_size=15)


@st.composite
def filled(draw: st.DrawFn, template: str) -> str:
    """The template's text after ``{player}``, its fields filled."""
    parts = _TOKEN.split(template[len("{player}") :])
    out = ""
    for k, part in enumerate(parts):
        if k % 2 == 0:
            out += part
        elif part in ("amount", "to", "by", "word"):
            out += draw(amounts())
        elif part == "cards":
            out += draw(_CARDS)
        else:
            out += draw(_ANY)
    return out


def _name_ok(actions: Actions, name: str, line: str) -> bool:
    """The player is the name: no separator (nor, after a space separator, a verb) in it."""
    separator = _separator(actions)
    if separator == ": ":
        return separator not in name and line.find(separator) in (len(name), -1)
    if name.startswith(" "):
        return False
    verbs = [_verb(t, separator) for t in actions.templates]
    return all(
        not any(line.startswith(v, p + 1) for v in verbs)
        for p in range(1, len(name))
        if line[p] == " "
    )


def _check(actions: Actions, line: str, name: str) -> None:
    assume(_name_ok(actions, name, line))
    expected = _reference(actions, line, name)
    got = _scan(actions, line)
    if expected is None:
        assert got.code == -1, line
        return
    assert got == expected, line


_SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@pytest.mark.parametrize(("room", "template"), CASES)
@_SETTINGS
@given(data=st.data())
def test_lines_that_follow_a_template_read_as_its_regex(
    room: str, template: str, data: st.DataObject
) -> None:
    actions = ROOMS[room]
    name = data.draw(names, "name")
    body = data.draw(filled(template), "body")
    all_in = data.draw(st.booleans(), "all_in")
    line = name + body + (_suffix(actions) if all_in else "")
    regex = actions.regex(template)
    if _name_ok(actions, name, line):
        # the template's own regex reads it (another, earlier template may read it first)
        assert re.match(regex, line), (regex.pattern, line)
    _check(actions, line, name)


@pytest.mark.parametrize(("room", "template"), CASES)
@_SETTINGS
@given(data=st.data())
def test_lines_that_break_a_template_read_as_the_regexes(
    room: str, template: str, data: st.DataObject
) -> None:
    actions = ROOMS[room]
    name = data.draw(names, "name")
    parts = _TOKEN.split(template[len("{player}") :])
    fields = [k for k in range(1, len(parts), 2)]
    how = data.draw(st.sampled_from(["extra_end", "extra_after_verb", "no_amount", "no_space"]))
    body = ""
    drop = data.draw(st.sampled_from(fields)) if fields else -1
    extra = data.draw(st.sampled_from(_EXTRA_WORDS), "extra")
    for k, part in enumerate(parts):
        if k % 2 == 0:
            body += part
            if k == 0 and how == "extra_after_verb":
                body += extra + " "
        elif how == "no_amount" and k == drop:
            continue
        elif parts[k] in ("amount", "to", "by"):
            body += data.draw(amounts())
        elif parts[k] == "cards":
            body += data.draw(_CARDS)
        else:
            body += data.draw(_ANY)
    if how == "extra_end":
        body += " " + extra
    elif how == "no_space":
        body = body.replace(" ", "", 1) if body.count(" ") > 1 else body + extra
    all_in = data.draw(st.booleans(), "all_in")
    line = name + body + (_suffix(actions) if all_in else "")
    _check(actions, line, name)


def test_every_room_has_its_templates() -> None:
    assert len(CASES) == sum(len(a.templates) for a in ROOMS.values()) > 40
    for actions in ROOMS.values():
        for template in actions.templates:
            assert actions.regex(template).pattern.startswith("^(.*?)")
