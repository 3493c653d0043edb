"""Each room's action templates: the compiled scan reads a line as the template's plain regex does.

For every template of every room, lines that follow it (random player names, amounts in
each room's styles, an optional all-in suffix) and lines that break it (an extra word, a
missing amount) go through :func:`ingest.engine.fields.read_actions`; the code, the
player, amount (or raise-to), raise-by and added spans must be what ``re.match`` of
:meth:`Actions.regex` gives, the first template that matches winning. A line whose verb is
known but that follows no template of it has the kind of the verb's first template, its
last word as the amount, no raise-by nor added amount, and is damaged when it bets or
checks.

Those checks take their expected reading from the templates themselves; a table of real
action lines of every room's histories (``REAL_LINES``) pins what
each line must read as from outside them: its kind, player, amount, raise-by, chips added,
all-in flag and cards, written down from the line's text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ingest.engine.fields import read_actions
from ingest.engine.grammar import BETTING, EVENT_KINDS, Actions, compile_actions
from ingest.engine.scan import NULL
from ingest.reader import detect_encoding
from ingest.sites import (
    betonline,
    bovada,
    ggpoker,
    kingsclub,
    pacific,
    partypoker,
    pokerstars,
    pokertracker_everest,
    pokertracker_ipoker,
    pokertracker_merge,
    pokertracker_microgaming,
    seals,
    winamax,
    wpn,
    wpn_legacy,
)

ROOMS: dict[str, Actions] = {
    "pokerstars": pokerstars.GRAMMAR.actions,
    "ggpoker": ggpoker.GRAMMAR.actions,
    "winamax": winamax.GRAMMAR.actions,
    "wpn": wpn.GRAMMAR.actions,
    # words before the player ("Player ", "*Player "), a {text} before more of the template
    "wpn_legacy": wpn_legacy.LEGACY.actions,
    # both separators: "player: posts ante 5", "player folds"; collect lines as templates
    "kingsclub": kingsclub.GRAMMAR.actions,
    # amounts in brackets that may hold spaces, a second amount added ({more}), no all-in
    "pacific": pacific.GRAMMAR.actions,
    # collect lines naming their pot ("wins {pot} ({amount})"), returns as templates
    "seals": seals.GRAMMAR.actions,
    # " : " after the player (a position: "Small Blind", "UTG+1  [ME]"), no all-in suffix,
    # wagers ("All-in {added}"), returns and collect lines as templates
    "bovada": bovada.GRAMMAR.actions,
    "betonline": betonline.GRAMMAR.actions,
    "betonline skins": betonline.SKINS.actions,
    # amounts in brackets or parentheses with a unit after them and spaces around them, an
    # optional period ending a line, balance lines in the summary
    "partypoker": partypoker.GRAMMAR.actions,
    # ", and is all-in" (a comma), collect lines as templates
    "pokertracker everest": pokertracker_everest.GRAMMAR.actions,
    # a verb that is a prefix of another's ("Post BB " of "Post BB Allin "), wagers
    # ("Allin {added}"), shows followed by the hand made
    "pokertracker ipoker": pokertracker_ipoker.GRAMMAR.actions,
    # PokerTracker's exports: Merge's wager ("Post SB {added}") and collect lines, its 2014
    # return ("wins {amount} (uncalled)", of the collect's verb); Microgaming's player names
    # of several words, cards listed with no brackets ({listed}), pots named
    "pokertracker merge": pokertracker_merge.GRAMMAR.actions,
    "pokertracker merge 2014": pokertracker_merge.VERSION_2.actions,
    "pokertracker microgaming": pokertracker_microgaming.GRAMMAR.actions,
}
CASES = [(room, template) for room, actions in ROOMS.items() for template in actions.templates]
_TOKEN = re.compile(r"\{(\w+)\}")
# kinds whose lines are damaged when they follow no template
_SHAPED = {*BETTING, "check", "collect", "return", "button"}
_EXTRA_WORDS = ("now", "(timeout)", "x", "5", "$3", "[Ah]", "is")


@dataclass(frozen=True)
class Read:
    """What one line reads as: kind code, and byte spans of player, amount, raise-by, the
    chips a raise adds, a second amount and the pot a collect line names."""

    code: int
    player: tuple[int, int]
    amount: tuple[int, int]
    by: tuple[int, int]
    added: tuple[int, int]
    damaged: bool
    more: tuple[int, int] = (NULL, NULL)
    pot: tuple[int, int] = (NULL, NULL)


def _separators(actions: Actions) -> set[str]:
    return {Actions.separator_of(template) for template in actions.templates}


def _suffix(actions: Actions) -> str:
    return bytes(actions.all_in).decode()


def _end(actions: Actions) -> str:
    """The end some of the room's lines have and others not ("" for none)."""
    return bytes(actions.end).decode()


def _head(template: str) -> str:
    """The template's separator and verb: the text between the player and its first field."""
    return _TOKEN.split(_body(template))[0]


def _body(template: str) -> str:
    """The template after ``{player}``."""
    return template.partition("{player}")[2]


def _words(actions: Actions, line: str) -> str | None:
    """The longest of the templates' words before the player that ``line`` starts with (a
    line is read by the templates of those words only; None: it starts with none)."""
    found = [w for w in actions.prefix_texts if line.startswith(w)]
    return max(found, key=len) if found else None


def _byte(line: str, pos: int) -> int:
    return len(line[:pos].encode())


def _scan(actions: Actions, line: str) -> Read:
    data = np.frombuffer(line.encode(), np.uint8).copy()
    starts, ends = np.array([0], np.int64), np.array([data.size], np.int64)
    spans, code, _, damaged = read_actions(data, starts, ends, actions)
    row = [int(v) for v in spans[0]]
    return Read(
        int(code[0]), (row[0], row[1]), (row[2], row[3]), (row[6], row[7]), (row[8], row[9]),
        bool(damaged[0]), (row[10], row[11]), (row[12], row[13]),
    )  # fmt: skip


def _reference(actions: Actions, line: str, name: str) -> Read | None:
    """The line read by the templates' regexes (None: no verb follows the player): the
    templates of the longest words before the player the line starts with read it, the
    player being the text before the first verb of theirs (a template's separator and verb)
    after its first character (right after the words, where there are some), so a template
    counts only where its player ends there and its verb is the first template's there (a
    verb that ends with another's, ``Cashed out  balance`` with `` balance ``, is read as
    itself, and one that starts with another's as itself)."""
    words = _words(actions, line)
    chosen = [t for t, template in enumerate(actions.templates)
              if Actions.prefix_of(template) == words]  # fmt: skip
    before = len(words or "")
    heads = [_head(t) for t in actions.templates]
    first = next((p for p in range(before + (0 if before else 1), len(line))
                  if any(line.startswith(heads[t], p) for t in chosen)), None)  # fmt: skip
    # the verb is the first template's head the line has there (" raises [" before the
    # " raises " it starts with): only that verb's templates read the line
    verb = next((heads[t] for t in chosen
                 if first is not None and line.startswith(heads[t], first)), None)  # fmt: skip
    for t in chosen:
        template = actions.templates[t]
        match = re.match(actions.regex(template), line)
        mixed = _separators(actions) != {": "}
        if match is None or (mixed and (match.end(1) != first or heads[t] != verb)):
            continue
        fields = _TOKEN.findall(template)[1:]  # after {player}: group k + 2 is fields[k]
        amount = by = added = more = pot = (NULL, NULL)
        for k, field in enumerate(fields):
            span = (_byte(line, match.start(k + 2)), _byte(line, match.end(k + 2)))
            if field in ("amount", "to"):
                amount = span
            elif field == "by":
                by = span
            elif field == "added":
                added = span
            elif field == "more":
                more = span
            elif field == "pot":
                pot = span
        player = (_byte(line, match.start(1)), _byte(line, match.end(1)))
        return Read(int(actions.codes[t]), player, amount, by, added, False, more, pot)
    # no template matches: the first template whose separator and verb follow the player
    # names the kind
    suffix, end = _suffix(actions), _end(actions)
    for t in chosen:
        template = actions.templates[t]
        rest = before + len(name) + len(Actions.separator_of(template))
        if line.startswith(_head(template), before + len(name)):
            code = int(actions.codes[t])
            core = len(line) - len(end) if end and line[rest:].endswith(end) else len(line)
            core = core - len(suffix) if suffix and line[rest:core].endswith(suffix) else core
            space = line.rfind(" ", rest, core)
            amount = (NULL, NULL)
            if space >= 0 and space + 1 < core:
                amount = (_byte(line, space + 1), _byte(line, core))
            damaged = EVENT_KINDS[code] in _SHAPED
            return Read(code, (_byte(line, before), _byte(line, before + len(name))), amount,
                        (NULL, NULL), (NULL, NULL), damaged)  # fmt: skip
    return None


# Player names: letters (some not ASCII), digits, punctuation and spaces.
_NAME_CHARS = st.sampled_from(list("abcXYZ019_-.:'()é漢 "))
names = st.text(_NAME_CHARS, min_size=1, max_size=12)


@st.composite
def amounts(draw: st.DrawFn, spaced: bool = False) -> str:
    """``$1,234.5``, ``12€``, ``300``, ``0.05``; in a room whose amounts hold spaces also
    ``2 250 $``, ``$ 3.243``, ``5\u00a0000\u00a0$``."""
    whole = draw(st.integers(0, 10**7))
    text = f"{whole:,}" if draw(st.booleans()) else str(whole)
    if spaced and draw(st.booleans()):
        text = text.replace(",", draw(st.sampled_from([" ", "\u00a0", "."])))
    if draw(st.booleans()):
        text += "." + draw(st.text(st.sampled_from("0123456789"), min_size=1, max_size=2))
    style = draw(st.sampled_from(["$", "€", ""]))
    space = draw(st.sampled_from(["", " ", "\u00a0"])) if spaced else ""
    return f"${space}{text}" if style == "$" else f"{text}{space}€" if style == "€" else text


_ANY = st.one_of(
    st.just(""),
    st.sampled_from([" [Ah Kd 7c 2s]", " (timeout)", " hand", " [5s 5d] (a pair)"]),
    st.text(st.sampled_from(list("ab [] ()$€5")), max_size=10),
)
_CARDS = st.text(st.sampled_from(list("AKQJT98765432shdc ")), max_size=15)
# Pot names, some holding what follows them in a template (" (", ") with ")
_POTS = st.one_of(
    st.sampled_from(["Pot", "Main Pot", "Side Pot 1", "Side Pot 12", "a (b", "Pot (1) with x"]),
    st.text(st.sampled_from(list("ab ()15")), min_size=1, max_size=8),
)
# A {text}: any text but none (WPN's "Three Of Kind of 7s [Jd 7d Ad 5s]. Bets: 300. ").
_TEXTS = st.one_of(
    st.sampled_from(["cards.Bets: 0. ", "(does not show cards). Bets: 0.02. ",
                     "One pair of 7s [5c 4c]. Bets: 100. Collects: 0. ", "[5c 5d]. Bets: 0. "]),
    st.text(st.sampled_from(list("ab [] ().:$5C")), min_size=1, max_size=12),
)


@st.composite
def filled(draw: st.DrawFn, template: str, spaced: bool = False) -> str:
    """The template's text after ``{player}``, its fields filled (amounts with spaces in
    them where the room's are ``spaced``)."""
    parts = _TOKEN.split(_body(template))
    out = ""
    for k, part in enumerate(parts):
        if k % 2 == 0:
            out += part
        elif part in ("amount", "to", "by", "added", "more"):
            out += draw(amounts(spaced))
        elif part == "word":
            out += draw(amounts())
        elif part == "cards":
            out += draw(_CARDS)
        elif part == "pot":
            out += draw(_POTS)
        elif part == "text":
            out += draw(_TEXTS)
        else:
            out += draw(_ANY)
    return out


def _name_ok(actions: Actions, name: str, line: str) -> bool:
    """The player is the name: no separator in it when every template writes ": "; else
    (a space, or both) no separator followed by a verb after its first character; and the
    words before it are the longest of the templates' the line starts with."""
    words = _words(actions, line) or ""
    if not line.startswith(words + name):
        return False
    line = line[len(words) :]
    if _separators(actions) == {": "}:
        return ": " not in name and line.find(": ") in (len(name), -1)
    if name.startswith(" "):
        return False
    heads = [_head(t) for t in actions.templates if Actions.prefix_of(t) == words]
    return all(not any(line.startswith(h, p) for h in heads) for p in range(1, len(name)))


def _check(actions: Actions, line: str, name: str) -> None:
    assume(_name_ok(actions, name, line))
    expected = _reference(actions, line, name)
    got = _scan(actions, line)
    if expected is None:
        assert got.code == -1, line
        return
    assert got == expected, line


# 60 lines drawn per template of every room (some 300), in each of the two tests below
# (200 each took minutes of the suite's time on two cores)
_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)


@pytest.mark.parametrize(("room", "template"), CASES)
@_SETTINGS
@given(data=st.data())
def test_lines_that_follow_a_template_read_as_its_regex(
    room: str, template: str, data: st.DataObject
) -> None:
    actions = ROOMS[room]
    name = data.draw(names, "name")
    body = data.draw(filled(template, actions.spaced_amounts), "body")
    all_in = data.draw(st.booleans(), "all_in")
    ended = data.draw(st.booleans(), "ended")
    line = (Actions.prefix_of(template) + name + body + (_suffix(actions) if all_in else "")
            + (_end(actions) if ended else ""))  # fmt: skip
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
    parts = _TOKEN.split(_body(template))
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
        elif parts[k] in ("amount", "to", "by", "added", "more"):
            body += data.draw(amounts(actions.spaced_amounts))
        elif parts[k] == "cards":
            body += data.draw(_CARDS)
        elif parts[k] == "pot":
            body += data.draw(_POTS)
        elif parts[k] == "text":
            body += data.draw(_TEXTS)
        else:
            body += data.draw(_ANY)
    if how == "extra_end":
        body += " " + extra
    elif how == "no_space":
        body = body.replace(" ", "", 1) if body.count(" ") > 1 else body + extra
    all_in = data.draw(st.booleans(), "all_in")
    ended = data.draw(st.booleans(), "ended")
    line = (Actions.prefix_of(template) + name + body + (_suffix(actions) if all_in else "")
            + (_end(actions) if ended else ""))  # fmt: skip
    _check(actions, line, name)


def test_every_room_has_its_templates() -> None:
    assert len(CASES) == sum(len(a.templates) for a in ROOMS.values()) > 40
    for actions in ROOMS.values():
        for template in actions.templates:
            words = re.escape(Actions.prefix_of(template))
            assert actions.regex(template).pattern.startswith(f"^{words}(.*?)")


def test_a_pot_name_is_read_up_to_the_literal_after_it() -> None:
    """``{pot}`` is the shortest text before the literal that follows it (the rest of the
    line when last, no field right after it); a template names one pot at most."""
    with pytest.raises(ValueError, match="must be followed by a literal"):
        compile_actions({"{player} wins {pot}{amount}": "collect"})
    with pytest.raises(ValueError, match=r"one \{pot\} at most"):
        compile_actions({"{player} wins {pot} and {pot} ({amount})": "collect"})
    actions = compile_actions({"{player} wins {pot} ({amount})": "collect"})
    read = _scan(actions, "Bo wins Side (pot) (2) (5)")
    line = b"Bo wins Side (pot) (2) (5)"
    assert line[read.pot[0] : read.pot[1]] == b"Side (pot) (2)"
    assert line[read.amount[0] : read.amount[1]] == b"5"


@dataclass(frozen=True)
class RealLine:
    """An action line of a real history, with the file it is in (under ``../shared``) and
    what it says: its kind (None: no action line), player, amount (a raise's "to"), a
    raise's first amount, whether it says all-in, the cards in its first brackets (a
    show's or a fold's), the chips a raise written by them adds, a second amount the line
    puts in, and the pot a collect line names."""

    room: str
    source: str
    line: str
    kind: str | None
    player: str | None = None
    amount: str | None = None
    by: str | None = None
    all_in: bool = False
    cards: str | None = None
    added: str | None = None
    more: str | None = None
    pot: str | None = None


_STARS_CONVERTED = "corpus/Stars/cash/PLO-6max-USD-5-10-201509.converted.format.txt"
_POKERMASTER = "formats/Stars/cash/NLHE-9-max-USD-2.00-4.00-201901.PokerMaster.w.Straddle.txt"
_GG = "corpus/GGPoker/cash/PLO-6max-USD-0.50-1.00-202004.txt"
_GG_STP = "corpus/GGPoker/cash/PLO-6max-USD-0.01-0.02-202104.STP.txt"
_GG_STRADDLE = "corpus/GGPoker/cash/PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt"
_WMX_OOP = "corpus/Winamax/cash/PLO-5max-EUR-2.00-4.00-201412.sb.oop.txt"
_WMX_5 = "corpus/Winamax/cash/5-Card-PLO-6max-EUR-5.00-10.00-201703.format2.txt"
_WMX_NO_COLON = "corpus/Winamax/cash/PLO-5max-EUR-2-4-202104.no.colon.txt"
_WMX_PLAY = "corpus/Winamax/cash/PLO8-2max-play-0.05-0.10-201610.export.txt"
_WMX_MTT = "formats/Winamax/tour/NLHE-Free-MTT-201103.Full.History.txt"
_WPN_FL = "corpus/Winning/cash/LO8-6max-USD-20-40-201907.CASHID-TN-St_FULLSTOP__Lucie_GAMETYPE.txt"
_WPN_SNG = ("corpus/Winning/tour/PLO8-9max-USD-15-201906.SITGOID-TN-_15_PLO_Hi_BACKSLASH_Lo_Turbo"
            "_-_On_Demand_GAMETYPE.txt")
_WPN_CAP = ("formats/Winning/cash/NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar__Cap__"
            "GAMETYPE.txt")
_WPN_DEAD = "formats/Winning/cash/NLHE-9max-USD-0.02-0.05-202104.post.dead.txt"
_WPN_MTT = ("formats/Winning/tour/NLHE-9max-NA-0-0-201907.SCHEDULEDID-TN-The_Venom_-__5_000_000_"
            "GTD_-_Day_1C_GAMETYPE.txt")
_OLD_CAP = "corpus/Winning/cash/PLO-6max-USD-5.00-10.00-201504.capped.HH00000000_G0.txt"
_OLD_SHORT = "corpus/Winning/cash/PLO8-6max-USD-3-6-201701.short.HH20170115_G31084891.txt"
_OLD_FLOP = "corpus/Winning/cash/PLO8-6max-USD-20-40-201609.no.flop.HH20160913_G31116857.txt"
_OLD_UNKNOWN = ("formats/Winning/cash/NLHE-9max-USD-1.00-2.00-201612.Unknown.Player.Acts."
                "HH20160621_G30997753.txt")
_OLD_ANTE = "formats/Winning/tour/NLHE-9max-FREE-HH20160914_T6106397-G34835015-201609.ante.txt"
_OLD_MINED = "formats/Winning/tour/NLHE-NA-0-0_HH00000000_T2-G0-201801.data.mined.format.txt"
_KC_BIG_O = "corpus/KingsClub/cash/5-Card-PLO8-USD-11-22-202010.txt"
_KC_SPLIT = "corpus/KingsClub/cash/LO-Split-USD-60-120-202108.txt"
_KC_PLO5 = "corpus/KingsClub/cash/5-Card-PLO-USD-5-10-202010.txt"
_PP_LO8 = "corpus/PartyPoker/cash/LO8-USD-20-40.201201.limit3format.txt"
_PP_DIFF = "corpus/PartyPoker/cash/PLO-6max-USD-5-10-201202.diff.format.txt"
_PP_PLO8 = "corpus/PartyPoker/tour/PLO8-10max-USD-20-2-201310.chat.fix.txt"
_PP_CASH_OUT = "corpus/PartyPoker/cash/PLO-6max-USD-0.10-0.25-202602.cash.out.txt"
_PP_SPLIT = "corpus/PartyPoker/cash/PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt"
_PP_MAC = "formats/PartyPoker/cash/NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt"
_PP_EUR = "formats/PartyPoker/cash/NLHE-EUR-6max-0.10-0.25-201112.post.both.txt"
_PP_PERIOD = "formats/PartyPoker/cash/NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt"
_888_FLO = "corpus/PacificPoker/cash/888-FLO-PM-30-60.txt"
_888_SWEDISH = "corpus/PacificPoker/cash/PLO-6max-USD-25-50-201604.Swedish.txt"
_888_DUTCH = "corpus/PacificPoker/cash/888-PLO-USD-10.00-20.00-201405.dutch.txt"
_888_RO = "formats/PacificPoker/tour/NLHE-6max-MTT-40-4-201901.ro.MM.fix.txt"
_888_GERMAN = "formats/PacificPoker/cash/888-NLHE-USD-0.01-0.02-201107.non.english.post.both.txt"
_SWC_PLO = "corpus/SealsWithClubs/cash/PLO-9max-mBTC-1.00-1.00-201304.txt"
_SWC_SIDE = "formats/SealsWithClubs/cash/NLHE-9max-mBTC-1.00-1.00-201304.side.pot.txt"
_SWC_LIMIT = "formats/SealsWithClubs/cash/LHE-6max-mBTC-2.00-4.00-201305.txt"
_SWC_BOTH = "formats/SealsWithClubs/cash/NLHE-6max-mBTC-0.50-1.00-201304.post.both.txt"
_BOV_PLO = "corpus/Bovada/cash/PLO-USD-5-10-201204.new.format.txt"
_BOV_FL8 = "corpus/Bovada/tour/PLO8-USD-MTT_-__10-_1_-_201207.allin.call.pf.txt"
_BOV_MVS = "formats/Bovada/cash/NLHE-USD_-__0.25-_0.50_-_202103.MVS.version.txt"
_BOV_MTT = ("formats/Bovada/tour/NLHE-9max-USD-MTT_-__2.000_Guaranteed__10.000_Chips__-__3-"
            "_0.30_-_201606.MTT.max.seats.txt")
_BOL_PLO = "corpus/BetOnline/cash/PLO-10max-USD-0.05-0.10-201209.txt"
_PT_EV = "formats/PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt"
_PT_IP = "formats/PokerTracker/cash/NLHE-USD-0.05-0.10-201110.iPoker.txt"
_BOL_AP = "formats/BetOnline/cash/NLHE-10max-USD-1.00-2.00-201204.ActionPoker.txt"
_BOL_GEAR = "formats/BetOnline/cash/NLHE-10max-play-10-20-201204.GearPoker.txt"
_PT_MERGE_PLO = "corpus/PokerTracker/tour/PLO-USD-5-201202.Merge.all.in.blind.txt"
_PT_MERGE_BOTH = "formats/PokerTracker/cash/NLHE-USD-0.10-0.25-201201.Merge-post-both.txt"
_PT_MERGE_V2 = "formats/PokerTracker/cash/NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt"
_PT_MG_EXPORT = "corpus/PokerTracker/cash/PLO-EUR-0.25-0.50-201601.all.in.call.txt"
_PT_MG_2011 = "formats/PokerTracker/cash/NLHE-EUR-0.05-0.10-201111.Microgaming.txt"
_PT_MG_2013 = "formats/PokerTracker/cash/NLHE-2max-EUR-25.00-50.00-201305.new.format.txt"

# FPDB regression files (AGPL-3.0; see tests/fixtures/README.md), one line each.
REAL_LINES = [
    # PokerStars format: "player: verb ...", amounts with their currency sign
    RealLine("pokerstars", "corpus/Stars/cash/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt",
             "Shaun J: posts small blind €0.10", "post_sb", "Shaun J", "€0.10"),
    RealLine("pokerstars", _STARS_CONVERTED, "PLR_4509439ZS: posts big blind $10", "post_bb",
             "PLR_4509439ZS", "$10"),
    RealLine("pokerstars", "corpus/Stars/cash/PLO-6max-USD-200-400-201510.partial.observed.txt",
             "Isildur1: posts the ante $80", "ante", "Isildur1", "$80"),
    RealLine("pokerstars", "formats/Stars/cash/6+Holdem-6max-USD-2.00-2.00-201904.walk.txt",
             "Hero: posts button blind $2", "post_bb", "Hero", "$2"),
    RealLine("pokerstars", _STARS_CONVERTED, "PLR_8776433RL: folds", "fold", "PLR_8776433RL"),
    RealLine("pokerstars", "formats/Stars/tour/NLHE-USD-STT-201109.ShowsOneCard.txt",
             "Player6: folds [Ks]", "fold", "Player6", cards="Ks"),
    RealLine("pokerstars", _STARS_CONVERTED, "bodogJS: checks", "check", "bodogJS"),
    RealLine("pokerstars", _STARS_CONVERTED, "bodogJS: calls $25", "call", "bodogJS", "$25"),
    RealLine("pokerstars", _STARS_CONVERTED, "PLR_4509439ZS: calls $273.42 and is all-in",
             "call", "PLR_4509439ZS", "$273.42", all_in=True),
    RealLine("pokerstars", _STARS_CONVERTED, "PLR_4509439ZS: bets $90", "bet", "PLR_4509439ZS",
             "$90"),
    RealLine("pokerstars", "corpus/Stars/cash/6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt",
             "Hero: bets $5.10 and is all-in", "bet", "Hero", "$5.10", all_in=True),
    RealLine("pokerstars", _STARS_CONVERTED, "bodogJS: raises $675 to $675", "raise",
             "bodogJS", "$675", "$675"),
    RealLine("pokerstars",
             "corpus/Stars/cash/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt",
             "Rusty I: raises €7.34 to €39.09 and is all-in", "raise", "Rusty I", "€39.09",
             "€7.34", all_in=True),
    RealLine("pokerstars",
             "formats/Stars/cash/NLHE-CAP-9max-USD-0.25-0.50-201011.Capped.preflop.txt",
             "Villain: raises $6.50 to $10 and has reached the $10 cap", "raise", "Villain",
             "$10", "$6.50"),
    RealLine("pokerstars", _STARS_CONVERTED,
             "bodogJS: shows [6d 3c 5s 3d] (a straight, Nine to Six)", "show", "bodogJS",
             cards="6d 3c 5s 3d"),
    RealLine("pokerstars", "formats/Stars/tour/NLHE-USD-MTT-1-KO.201008.txt",
             "tanker175: mucks hand", "muck", "tanker175"),
    RealLine("pokerstars",
             "corpus/Stars/cash/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt",
             "toxic7: doesn't show hand", "no_show", "toxic7"),
    RealLine("pokerstars", "corpus/Stars/cash/PL-Courchevel-6max-USD-3.00-6.00-201303.txt",
             "Player3: sits out", "sits_out", "Player3"),
    RealLine("pokerstars", _POKERMASTER, "身轻如燕: posts small blind $2", "post_sb", "身轻如燕",
             "$2"),
    RealLine("pokerstars", _POKERMASTER, "赤兔丶: raises $86 to $150", "raise", "赤兔丶", "$150",
             "$86"),
    RealLine("pokerstars", "corpus/Stars/cash/PLO8-6max-USD-0.01-0.02-200911.txt",
             "EricSteph261 is sitting out", None),  # no ": ": no action line
    # GGPoker: the same lines, and its own
    RealLine("ggpoker", _GG, "b84ff923: posts small blind $0.5", "post_sb", "b84ff923", "$0.5"),
    RealLine("ggpoker", _GG, "Hero: posts big blind $1", "post_bb", "Hero", "$1"),
    RealLine("ggpoker", "corpus/GGPoker/tour/PLO-NLO-6max-MTT-USD-8.40-202104.KO.txt",
             "f9bda738: posts the ante 350", "ante", "f9bda738", "350"),
    RealLine("ggpoker", "corpus/GGPoker/cash/PLO-6max-USD-5-10-202101.missed.txt",
             "d379b979: posts missed blind $5", "post_dead", "d379b979", "$5"),
    RealLine("ggpoker", _GG_STRADDLE, "9e7f64d4: straddle $0.5", "straddle", "9e7f64d4", "$0.5"),
    RealLine("ggpoker", _GG_STRADDLE, "9e7f64d4: straddle $15.35 and is all-in", "straddle",
             "9e7f64d4", "$15.35", all_in=True),
    RealLine("ggpoker", _GG, "b673c93c: folds", "fold", "b673c93c"),
    RealLine("ggpoker", _GG, "b84ff923: raises $2 to $3", "raise", "b84ff923", "$3", "$2"),
    RealLine("ggpoker", _GG, "Hero: calls $2", "call", "Hero", "$2"),
    RealLine("ggpoker", _GG, "b84ff923: bets $4", "bet", "b84ff923", "$4"),
    RealLine("ggpoker", _GG_STP, "291a0936: bets $0.88 and is all-in", "bet", "291a0936",
             "$0.88", all_in=True),
    RealLine("ggpoker", _GG_STP, "291a0936: shows [Ah Ac As 7h] (Pair of Aces)", "show",
             "291a0936", cards="Ah Ac As 7h"),
    RealLine("ggpoker", _GG, "23aca38f: pay premium of all-in insurance ($4)", "insurance",
             "23aca38f", "$4"),
    RealLine("ggpoker", _GG, "23aca38f: get an all-in insurance (premium ($0/$4/$0) for "
             "($0/$10.8/$0) - (Mandatory/Main/Sub))", "note", "23aca38f"),
    # Winamax: no colon (names with spaces), amounts with the euro sign after them
    RealLine("winamax", _WMX_OOP, "Incognito 2 posts small blind 2€ out of position",
             "post_sb_bb", "Incognito 2", "2€"),
    RealLine("winamax", "corpus/Winamax/cash/PLO-5max-EUR-1.00-2.00-201611.post.both.txt",
             "Player4 posts big blind 0€ out of position", "post_bb", "Player4", "0€"),
    RealLine("winamax", _WMX_OOP, "Incognito 4 posts small blind 2€", "post_sb", "Incognito 4",
             "2€"),
    RealLine("winamax", _WMX_5, "vilou_12 posts big blind 10€", "post_bb", "vilou_12", "10€"),
    RealLine("winamax", "formats/Winamax/tour/NLHE-MTT-EUR-22.5-22.5-5-202208.bounty.ticket.txt",
             "Hero posts ante 140", "ante", "Hero", "140"),
    RealLine("winamax", _WMX_MTT, "dies irae 76 folds", "fold", "dies irae 76"),
    RealLine("winamax", _WMX_MTT, "x Razhiel checks", "check", "x Razhiel"),
    RealLine("winamax", "corpus/Winamax/cash/5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt",
             "Player0 calls 24€ and is all-in", "call", "Player0", "24€", all_in=True),
    RealLine("winamax", _WMX_5, "LeChangement calls 160€", "call", "LeChangement", "160€"),
    RealLine("winamax", _WMX_NO_COLON, "Player0 bets 25.50€", "bet", "Player0", "25.50€"),
    RealLine("winamax", _WMX_5, "vilou_12 bets 160€ and is all-in", "bet", "vilou_12", "160€",
             all_in=True),
    RealLine("winamax", _WMX_PLAY, "Hero bets 0.30", "bet", "Hero", "0.30"),
    RealLine("winamax", _WMX_NO_COLON, "Player1 raises 85€ to 110.50€", "raise", "Player1",
             "110.50€", "85€"),
    RealLine("winamax", _WMX_OOP, "Incognito 3 raises 8€ to 12€", "raise", "Incognito 3", "12€",
             "8€"),
    RealLine("winamax",
             "formats/Winamax/cash/NLHE-FR-EUR-0.02-0.05-201010.Side.pot.Biggest.stack.loses.main.txt",
             "Hero raises 4.72€ to 5.96€ and is all-in", "raise", "Hero", "5.96€", "4.72€",
             all_in=True),
    RealLine("winamax", _WMX_PLAY, "Hero shows [5s Qd 2s 3s] (HI : Two pairs : 5 and 4)", "show",
             "Hero", cards="5s Qd 2s 3s"),
    # WPN: no colon, "raises X to Y" (Y the street total), "caps X" (X the chips added)
    RealLine("wpn", _WPN_FL, "Hero posts the small blind $10.00", "post_sb", "Hero", "$10.00"),
    RealLine("wpn", _WPN_FL, "Player0 posts the big blind $20.00", "post_bb", "Player0",
             "$20.00"),
    RealLine("wpn", _WPN_DEAD, "Player8 posts dead $0.07", "post_sb_bb", "Player8", "$0.07"),
    RealLine("wpn", _WPN_SNG, "Hero posts ante 25.00", "ante", "Hero", "25.00"),
    RealLine("wpn", _WPN_FL, "Hero raises $30.00 to $40.00", "raise", "Hero", "$40.00",
             "$30.00"),
    RealLine("wpn", _WPN_MTT, "Player7 raises 4055.00 to 4305.00 and is all-in", "raise",
             "Player7", "4305.00", "4055.00", all_in=True),
    RealLine("wpn", _WPN_CAP, "IrishPimp2233 caps $0.55", "raise", "IrishPimp2233",
             added="$0.55"),
    RealLine("wpn", _WPN_SNG, "Player1 calls 16950.00 and is all-in", "call", "Player1",
             "16950.00", all_in=True),
    RealLine("wpn", _WPN_SNG, "Player3 bets 16950.00 and is all-in", "bet", "Player3",
             "16950.00", all_in=True),
    RealLine("wpn", _WPN_FL, "Player0 checks", "check", "Player0"),
    RealLine("wpn", _WPN_FL, "Hero mucks hand", "muck", "Hero"),
    RealLine("wpn", _WPN_FL, "Player0 shows [Tc 4s 3h Qd] (HI - a straight, Five high "
             "[5d 4s 3h 2h As] | LO - [5,4,3,2,1])", "show", "Player0", cards="Tc 4s 3h Qd"),
    RealLine("wpn", _WPN_MTT, "Player7 does not show", "no_show", "Player7"),
    RealLine("wpn", _WPN_FL, "Main pot $79.20 | Rake $0.80", None),  # no verb: no action
    # WPN before 2019: "Player " before the name (which may be empty), amounts in
    # parentheses, raises by the chips they add; the summary's line per player, "*" before
    # a winner's, with the cards shown or mucked and what the player collects
    RealLine("wpn_legacy", _OLD_CAP, "Player Player0 has small blind (5)", "post_sb", "Player0",
             "5"),
    RealLine("wpn_legacy", _OLD_UNKNOWN, "Player  has big blind (2)", "post_bb", "", "2"),
    RealLine("wpn_legacy", _OLD_ANTE, "Player Player7 posts ante (10)", "ante", "Player7", "10"),
    RealLine("wpn_legacy", _OLD_MINED, "Player 794927806 ante (10)", "ante", "794927806", "10"),
    RealLine("wpn_legacy", _OLD_MINED, "Player 808485503 straddle (40)", "straddle",
             "808485503", "40"),
    RealLine("wpn_legacy", _OLD_CAP, "Player Player4 bets (26.12)", "bet", "Player4", "26.12"),
    RealLine("wpn_legacy", _OLD_CAP, "Player Hero calls (190)", "call", "Hero", "190"),
    RealLine("wpn_legacy", _OLD_CAP, "Player Hero raises (90)", "raise", "Hero", added="90"),
    RealLine("wpn_legacy", _OLD_CAP, "Player Player4 caps (253.88)", "raise", "Player4",
             added="253.88"),
    # a wager: a call of the chips it adds until the betting decides (here a raise)
    RealLine("wpn_legacy", _OLD_SHORT, "Player Player2 allin (402.40)", "call", "Player2",
             added="402.40"),
    RealLine("wpn_legacy", _OLD_CAP, "Player Player2 folds", "fold", "Player2"),
    RealLine("wpn_legacy", _OLD_CAP, "Player Hero mucks cards", "muck", "Hero"),
    RealLine("wpn_legacy", _OLD_FLOP, "Player Player1 is timed out.", "note", "Player1"),
    RealLine("wpn_legacy", _OLD_UNKNOWN, "Player Player2 sitting out", "sits_out", "Player2"),
    RealLine("wpn_legacy", _OLD_CAP, "Player Hero received card: [8d]", None),  # a dealt line
    RealLine("wpn_legacy", _OLD_CAP,
             "*Player Player4 shows: Three Of Kind of 7s [Jd 7d Ad 5s]. Bets: 300. Collects: 612."
             " Wins: 312.", "collect", "Player4", "612", cards="Jd 7d Ad 5s"),
    RealLine("wpn_legacy", _OLD_MINED,
             "*Player 2444345496 shows: [5c 5d]. Bets: 0. Collects: 580. Wins: 0", "collect",
             "2444345496", "580", cards="5c 5d"),
    RealLine("wpn_legacy", _OLD_SHORT,
             "*Player Player2 mucks (does not show cards). Bets: 12. Collects: 42. Wins: 30.",
             "collect", "Player2", "42"),
    RealLine("wpn_legacy", _OLD_CAP,
             "Player Hero mucks (does not show: [8d 4s 10c 6c]). Bets: 300. Collects: 0. "
             "Loses: 300.", "muck", "Hero", cards="8d 4s 10c 6c"),
    RealLine("wpn_legacy", _OLD_CAP,
             "Player Player0 does not show cards.Bets: 5. Collects: 0. Loses: 5.", "no_show",
             "Player0"),
    RealLine("wpn_legacy", _OLD_MINED,
             "Player 794927806 doesn't show cards. Bets: 0. Collects: 0. Wins: 0", "no_show",
             "794927806"),
    # KingsClub: a colon after the name on posts, a space on the rest; calls and bets are
    # street totals (ingest.rooms), all-in after a comma; collect lines in the summary
    RealLine("kingsclub", _KC_BIG_O, "Player0: posts ante 22", "ante", "Player0", "22"),
    RealLine("kingsclub", _KC_SPLIT, "Player3: posts the small blind 30", "post_sb", "Player3",
             "30"),
    RealLine("kingsclub", _KC_SPLIT, "Player0: posts the big blind 60", "post_bb", "Player0",
             "60"),
    RealLine("kingsclub", _KC_SPLIT, "Player2 folds", "fold", "Player2"),
    RealLine("kingsclub", _KC_SPLIT, "Player3 checks", "check", "Player3"),
    RealLine("kingsclub", _KC_SPLIT, "Player3 calls 120", "call", "Player3", "120"),
    RealLine("kingsclub", _KC_BIG_O, "Hero calls 836, and is all in", "call", "Hero", "836",
             all_in=True),
    RealLine("kingsclub", _KC_PLO5, "Player0 bets 56.43", "bet", "Player0", "56.43"),
    RealLine("kingsclub", _KC_BIG_O, "Hero raises to 627.25", "raise", "Hero", "627.25"),
    RealLine("kingsclub", _KC_BIG_O, "Player2 raises to 836, and is all in", "raise",
             "Player2", "836", all_in=True),
    RealLine("kingsclub", _KC_BIG_O, "Player2 shows [Qh 8h 7d 3d Qc]", "show", "Player2",
             cards="Qh 8h 7d 3d Qc"),
    RealLine("kingsclub", _KC_PLO5, "Player0 wins pot (85.50)", "collect", "Player0", "85.50"),
    RealLine("kingsclub", _KC_BIG_O, "Hero wins (932.50) from pot", "collect", "Hero", "932.50"),
    RealLine("kingsclub", _KC_SPLIT, "Dealt to Player0: [X X X X]", None),  # a dealt line
    # 888: amounts in brackets, in many styles and with spaces; raises by the chips they add
    RealLine("pacific", _888_FLO, "rolirs301 posts small blind [15]", "post_sb", "rolirs301",
             "15"),
    RealLine("pacific", _888_FLO, "jamiemaxey raises [60]", "raise", "jamiemaxey",
             added="60"),
    RealLine("pacific", _888_SWEDISH, "Hero bets [2\u00a0250\u00a0$]", "bet", "Hero",
             "2\u00a0250\u00a0$"),
    RealLine("pacific", _888_DUTCH, "Player2 raises [$ 40]", "raise", "Player2", added="$ 40"),
    RealLine("pacific", _888_DUTCH, "Player0 collected [ $ 176 ]", "collect", "Player0",
             "$ 176"),
    RealLine("pacific", _888_RO, "Grazietutti collected [ 1.183.764 $ ]", "collect",
             "Grazietutti", "1.183.764 $"),
    RealLine("pacific", _888_GERMAN, "Player1 posts dead blind [0,01 $ + 0,02 $]", "post_sb_bb",
             "Player1", "0,01 $", more="0,02 $"),
    RealLine("pacific", _888_FLO, "physco30 checks", "check", "physco30"),
    RealLine("pacific", _888_FLO, "jamiemaxey shows [ 7s, Jc, 5s, 4s ]", "show", "jamiemaxey",
             cards=" 7s, Jc, 5s, 4s "),
    RealLine("pacific", _888_FLO, "Total number of players : 5", None),
    # Seals With Clubs: no colon, "raises to X", "(All-in)" at the end; the button named by
    # its player; uncalled bets and the pots paid as templates, each pot named
    RealLine("seals", _SWC_PLO, "Player4 has the dealer button", "button", "Player4"),
    RealLine("seals", _SWC_PLO, "Player5 posts small blind 1", "post_sb", "Player5", "1"),
    RealLine("seals", _SWC_PLO, "Hero posts big blind 1", "post_bb", "Hero", "1"),
    RealLine("seals", _SWC_BOTH, "Player4 posts small & big blind 1.50", "post_sb_bb",
             "Player4", "1.50"),
    RealLine("seals", _SWC_PLO, "Player0 folds", "fold", "Player0"),
    RealLine("seals", _SWC_PLO, "Hero checks", "check", "Hero"),
    RealLine("seals", _SWC_PLO, "Hero calls 2", "call", "Hero", "2"),
    RealLine("seals", _SWC_SIDE, "Hero calls 1 (All-in)", "call", "Hero", "1", all_in=True),
    RealLine("seals", _SWC_PLO, "Hero bets 6", "bet", "Hero", "6"),
    RealLine("seals", _SWC_PLO, "Player3 raises to 3", "raise", "Player3", "3"),
    RealLine("seals", _SWC_LIMIT, "Player0 shows [5s Ts] (a Pair of Deuces +QT6)", "show",
             "Player0", cards="5s Ts"),
    RealLine("seals", _SWC_PLO, "Hero refunded 6", "return", "Hero", "6"),
    RealLine("seals", _SWC_PLO, "Hero wins Pot (10)", "collect", "Hero", "10", pot="Pot"),
    RealLine("seals", _SWC_LIMIT, "Hero wins Pot (11.70) with a Pair", "collect", "Hero",
             "11.70", pot="Pot"),
    RealLine("seals", _SWC_SIDE, "Player2 wins Side Pot 1 (2)", "collect", "Player2", "2",
             pot="Side Pot 1"),
    RealLine("seals", _SWC_SIDE, "Hero wins Main Pot (6) with Two Pair", "collect", "Hero",
             "6", pot="Main Pot"),
    RealLine("seals", _SWC_SIDE, "Hero adds 94 chips", None),  # a top-up: no verb
    RealLine("seals", _SWC_SIDE, "Rake (0)", None),  # the pot's rake: no player
    # Bovada: " : " after a position, the hero marked (read apart from the name); raises
    # as street totals ("X to Y": X added), "All-in X" a wager of X chips (read as a call
    # until the betting decides); the showdown's brackets hold no hole cards
    RealLine("bovada", _BOV_PLO, "Small Blind : Ante/Small Blind $5", "post_sb", "Small Blind",
             "$5"),
    RealLine("bovada", _BOV_PLO, "Big Blind  [ME] : Big blind/Bring in $10", "post_bb",
             "Big Blind  [ME]", "$10"),
    RealLine("bovada", _BOV_PLO, "UTG+1 : Posts dead chip $15", "post_sb_bb", "UTG+1", "$15"),
    RealLine("bovada", _BOV_PLO, "UTG : Posts chip $5", "post_bb", "UTG", "$5"),
    RealLine("bovada", _BOV_MTT, "Dealer : Ante chip 100", "ante", "Dealer", "100"),
    RealLine("bovada", _BOV_PLO, "UTG : Raises $35", "raise", "UTG", "$35"),
    RealLine("bovada", _BOV_MVS, "UTG+1 [ME] : Raises $33.92 to $35.42", "raise", "UTG+1 [ME]",
             "$35.42", "$33.92"),
    RealLine("bovada", _BOV_PLO, "UTG : All-in(raise) $170", "raise", "UTG", "$170"),
    RealLine("bovada", _BOV_PLO, "Small Blind  [ME] : All-in $190", "call", "Small Blind  [ME]",
             added="$190"),
    RealLine("bovada", _BOV_FL8, "UTG+1 : Call 150", "call", "UTG+1", "150"),
    RealLine("bovada", _BOV_PLO, "Small Blind : Calls $5", "call", "Small Blind", "$5"),
    RealLine("bovada", _BOV_PLO, "Small Blind : Bets $175", "bet", "Small Blind", "$175"),
    RealLine("bovada", _BOV_FL8, "Dealer : Folds(timeout)", "fold", "Dealer"),
    RealLine("bovada", _BOV_MTT, "UTG+5 : Fold(Blind Disconnected)", "fold", "UTG+5"),
    RealLine("bovada", _BOV_PLO, "Big Blind : Checks", "check", "Big Blind"),
    RealLine("bovada", _BOV_PLO, "Small Blind : Showdown [9c 9h Td Ah Ad] (Two pair)", "show",
             "Small Blind"),
    RealLine("bovada", _BOV_PLO, "Big Blind : Mucks [5d 6c 4s Qh] (Two pair)", "muck",
             "Big Blind", cards="5d 6c 4s Qh"),
    RealLine("bovada", _BOV_PLO, "Small Blind : Return uncalled portion of bet $175", "return",
             "Small Blind", "$175"),
    RealLine("bovada", _BOV_PLO, "Small Blind : Hand result $19", "collect", "Small Blind",
             "$19"),
    RealLine("bovada", _BOV_FL8, "Big Blind : Hand Result-Side Pot 2190", "collect",
             "Big Blind", "2190"),
    RealLine("bovada", _BOV_PLO, "Dealer : Set dealer/Bring in spot [5]", "button", "Dealer"),
    # BetOnline: "raises X to Y" with X the chips the line adds; the skins' capitalised verbs
    RealLine("betonline", _BOL_PLO, "Player8: post now 0.10", "post_bb", "Player8", "0.10"),
    RealLine("betonline", "formats/BetOnline/cash/NLHE-10max-0.25-0.50-201204.post.dead.txt",
             "Player0: post dead 0.50", "post_sb_bb", "Player0", "0.50"),
    RealLine("betonline", "formats/BetOnline/tour/NLHE-10max-USD-MTT-201603.post.ante.txt",
             "Player0: ante processed 10.00", "ante", "Player0", "10.00"),
    RealLine("betonline", _BOL_PLO, "Player2: raises 0.75 to 0.75", "raise", "Player2", "0.75",
             "0.75"),
    RealLine("betonline", _BOL_PLO, "Player8: raises 0.64 to 0.74 and is all in", "raise",
             "Player8", "0.74", "0.64", all_in=True),
    RealLine("betonline", _BOL_PLO, "Player4: bets 6.68", "bet", "Player4", "6.68"),
    RealLine("betonline skins", _BOL_AP, "Player0: Posts small blind 1.00.", "post_sb",
             "Player0", "1.00"),
    RealLine("betonline skins", _BOL_AP, "Player8: Folds.", "fold", "Player8"),
    RealLine("betonline skins", _BOL_AP, "Player5: Calls 2.00.", "call", "Player5", "2.00"),
    RealLine("betonline skins", _BOL_GEAR, "Player4: Calls 900.00 and is All In.", "call",
             "Player4", "900.00", all_in=True),
    RealLine("betonline skins", _BOL_GEAR, "Hero: Raises 1000.00 and is All In.", "raise",
             "Hero", "1000.00", all_in=True),
    # PartyPoker, classic: amounts in brackets with their unit (a space before them or not,
    # a decimal comma), "raises [X]" and "is all-In  [X]" the chips added, a period ending
    # some lines; summary format: "raises X to Y", amounts in parentheses, balance lines
    RealLine("partypoker", _PP_LO8, "Player1 posts small blind [$10 USD].", "post_sb",
             "Player1", "$10 USD"),
    RealLine("partypoker", _PP_LO8, "Player1 raises [$30 USD]", "raise", "Player1",
             added="$30 USD"),
    RealLine("partypoker", _PP_LO8, "Player0 calls [$20 USD]", "call", "Player0", "$20 USD"),
    RealLine("partypoker", _PP_LO8, "Player1 wins $239 USD", "collect", "Player1", "$239 USD"),
    RealLine("partypoker", _PP_DIFF, "Player3 raises[ $25 USD ]", "raise", "Player3",
             added=" $25 USD "),
    RealLine("partypoker", _PP_DIFF, "Hero wins $364 USD from the main pot with two pairs, "
             "Aces and Threes.", "collect", "Hero", "$364 USD"),
    RealLine("partypoker", _PP_MAC, "Player3 is all-In  [ $20,90 USD ]", "raise", "Player3",
             added=" $20,90 USD "),
    RealLine("partypoker", _PP_EUR, "Player5 posts big blind + dead [0,35 €].", "post_sb_bb",
             "Player5", "0,35 €"),
    RealLine("partypoker", _PP_PERIOD, "Player0 folds.", "fold", "Player0"),
    RealLine("partypoker", _PP_PLO8, "Player2 shows [ 2d, Jd, Qs, Ah ]a pair of Queens.",
             "show", "Player2", cards=" 2d, Jd, Qs, Ah "),
    RealLine("partypoker", _PP_PLO8, "Player2 wins Lo (640 chips) from the main pot with "
             "6,5,3,2,A.", "collect", "Player2", "640 chips"),
    RealLine("partypoker", _PP_CASH_OUT, "Hero raises 0.85 to 0.85", "raise", "Hero", "0.85",
             "0.85"),
    RealLine("partypoker", _PP_CASH_OUT, "Hero calls (1.80)", "call", "Hero", "1.80"),
    RealLine("partypoker", _PP_CASH_OUT, "Player2 is all-In.", "note", "Player2"),
    RealLine("partypoker", _PP_CASH_OUT, "Player2 Cashout Amount is 23.01", "cash_out",
             "Player2", "23.01"),
    RealLine("partypoker", _PP_SPLIT, "Player1 balance $13.12, bet $0.57, collected $1.09, "
             "net +$0.52[ 9s, 4d, 8s, Jc ] [ three of a kind, eights -- Jc,8s,8d,8h,6s ]",
             "collect", "Player1", "$1.09", cards=" 9s, 4d, 8s, Jc "),
    RealLine("partypoker", _PP_SPLIT, "Hero balance $50.99, lost $0.57[ 7s, Tc, 5c, Jh ] "
             "[ two pairs, eights and fives -- Jh,8d,8h,5c,5s ]", "show", "Hero",
             cards=" 7s, Tc, 5c, Jh "),
    RealLine("partypoker", _PP_SPLIT, "Player3 balance $85.96, didn't bet (folded)", "note",
             "Player3"),
    # PokerTracker's exports: Everest's words; iPoker's capitalised verbs after a colon
    RealLine("pokertracker everest", _PT_EV, "Player25 posts the dead blind of $1.00",
             "post_sb_bb", "Player25", "$1.00"),
    RealLine("pokertracker everest", _PT_EV, "Player5 posts $1.00", "post_bb", "Player5",
             "$1.00"),
    RealLine("pokertracker everest", _PT_EV, "Player22 raises to $93.50, and is all-in",
             "raise", "Player22", "$93.50", all_in=True),
    RealLine("pokertracker everest", _PT_EV, "Player28 collects $12.85", "collect",
             "Player28", "$12.85"),
    RealLine("pokertracker everest", _PT_EV, "Player14 mucked [8d 8s]", "muck", "Player14",
             cards="8d 8s"),
    RealLine("pokertracker ipoker", _PT_IP, "Player2: Post BB $0.15", "post_sb_bb", "Player2",
             "$0.15"),
    RealLine("pokertracker ipoker", "formats/PokerTracker/cash/NLHE-EUR-10-20-202104.iPoker."
             "all.in.blind.txt", "Player0: Post BB Allin €20.00", "post_bb", "Player0",
             "€20.00"),
    RealLine("pokertracker ipoker", _PT_IP, "Player17: Allin $7.09", "call", "Player17",
             added="$7.09"),
    RealLine("pokertracker ipoker", "formats/PokerTracker/cash/NLHE-EUR-0.01-0.02-201901."
             "iPoker.Uncalled.txt", "johnny20015: Raise (NF) €0.06", "raise", "johnny20015",
             "€0.06"),
    RealLine("pokertracker ipoker", "formats/PokerTracker/cash/NLHE-USD-0.50-1.00-201101."
             "iPoker.post.both.txt", "Player3: Raise $31.10", "raise", "Player3", "$31.10"),
    RealLine("pokertracker ipoker", _PT_IP, "Player2: wins $0.24", "collect", "Player2",
             "$0.24"),
    RealLine("pokertracker ipoker", _PT_IP, "Player2: Shows [H8 C9]", "show", "Player2",
             cards="H8 C9"),
    # a blind the betting decides: the second one here the big blind, short
    RealLine("pokertracker merge", _PT_MERGE_PLO, "Dispicable: Post SB $135.00", "call",
             "Dispicable", added="$135.00"),
    RealLine("pokertracker merge", _PT_MERGE_PLO, "JustJay4Reals: Call $100.00", "call",
             "JustJay4Reals", "$100.00"),
    RealLine("pokertracker merge", _PT_MERGE_PLO, "JustJay4Reals: Shows [Kh 5s 4d 3c]", "show",
             "JustJay4Reals", cards="Kh 5s 4d 3c"),
    RealLine("pokertracker merge", _PT_MERGE_PLO, "JustJay4Reals: wins $65.00", "collect",
             "JustJay4Reals", "$65.00"),
    RealLine("pokertracker merge", _PT_MERGE_BOTH, "DontTapTheGlass0: Post DB $0.35",
             "post_sb_bb", "DontTapTheGlass0", "$0.35"),
    RealLine("pokertracker merge 2014", _PT_MERGE_V2, "Hero: Post DB $0.02", "post_sb", "Hero",
             "$0.02"),
    RealLine("pokertracker merge 2014", _PT_MERGE_V2, "Hero: wins $0.04 (uncalled)", "return",
             "Hero", "$0.04"),
    RealLine("pokertracker merge 2014", _PT_MERGE_V2, "Hero: wins $0.10", "collect", "Hero",
             "$0.10"),
    RealLine("pokertracker microgaming", _PT_MG_EXPORT, "Player0 raised to €16.75", "raise",
             "Player0", added="€16.75"),
    RealLine("pokertracker microgaming", _PT_MG_EXPORT, "Player2 went all-in - €21.26", "call",
             "Player2", added="€21.26"),
    RealLine("pokertracker microgaming", _PT_MG_EXPORT, "Player2 shows: 2d, Qh, Qs, 10h", "show",
             "Player2", cards="2d, Qh, Qs, 10h"),
    RealLine("pokertracker microgaming", _PT_MG_EXPORT, "Player0 wins €96.77 from the main pot",
             "collect", "Player0", "€96.77", pot="main pot"),
    RealLine("pokertracker microgaming", _PT_MG_2013, "Player 1 raised - €75.00", "raise",
             "Player 1", added="€75.00"),
    RealLine("pokertracker microgaming", _PT_MG_2013, "Hero called - €50.00", "call", "Hero",
             "€50.00"),
    RealLine("pokertracker microgaming", _PT_MG_2011, "player5 mucks: K of d, A of c", "muck",
             "player5", cards="K of d, A of c"),
    RealLine("pokertracker microgaming", _PT_MG_2011, "player8 wins €0.40 from side pot 1",
             "collect", "player8", "€0.40", pot="side pot 1"),
    RealLine("pokertracker microgaming", _PT_MG_2013, "Hero mucks:", "note", "Hero"),
]  # fmt: skip


def _text(line: str, span: tuple[int, int]) -> str | None:
    return None if span[0] < 0 else line.encode()[span[0] : span[1]].decode()


@pytest.mark.parametrize("real", REAL_LINES, ids=lambda real: f"{real.room}: {real.line[:40]}")
def test_real_lines_read_as_their_text_says(real: RealLine) -> None:
    actions = ROOMS[real.room]
    data = np.frombuffer(real.line.encode(), np.uint8).copy()
    starts, ends = np.array([0], np.int64), np.array([data.size], np.int64)
    spans, code, all_in, damaged = read_actions(data, starts, ends, actions)
    kind = None if code[0] < 0 else EVENT_KINDS[int(code[0])]
    assert kind == real.kind
    if real.kind is None:
        return
    row = [int(v) for v in spans[0]]
    got = (
        _text(real.line, (row[0], row[1])), _text(real.line, (row[2], row[3])),
        _text(real.line, (row[6], row[7])), bool(all_in[0]), _text(real.line, (row[4], row[5])),
        _text(real.line, (row[8], row[9])), _text(real.line, (row[10], row[11])),
    )  # fmt: skip
    assert got == (real.player, real.amount, real.by, real.all_in, real.cards, real.added,
                   real.more)  # fmt: skip
    assert _text(real.line, (row[12], row[13])) == real.pot
    assert not damaged[0]
    # and the templates' plain regexes read it the same way
    assert real.player is not None
    assert _scan(actions, real.line) == _reference(actions, real.line, real.player)


def test_real_lines_are_lines_of_their_files(corpus: Path, formats: Path) -> None:
    roots = {"corpus": corpus, "formats": formats}
    by_file: dict[str, list[str]] = {}
    for real in REAL_LINES:
        by_file.setdefault(real.source, []).append(real.line)
    for source, lines in by_file.items():
        root, path = source.split("/", 1)
        raw = (roots[root] / path).read_bytes()
        text = raw.decode(detect_encoding(raw[:4096])).replace("\r\n", "\n").replace("\r", "\n")
        file_lines = set(text.lstrip("\ufeff").split("\n"))
        assert [line for line in lines if line not in file_lines] == [], source
