"""Lines cut into fields by compiled scans, one pass per kind of line, as a grammar says.

Each function takes the chunk's bytes and the spans of one kind of line, and returns spans
of its fields (pairs of byte positions, ``NULL`` for none) and flags, as arrays. Each field
follows a regular expression, given in the docstrings, exactly; whitespace is Unicode
whitespace, as ``\\s`` in a regex. Events and dealt cards are matched to their seat by
comparing the player's name bytes within the hand.
"""

from __future__ import annotations

import numpy as np

from ingest.engine import scan
from ingest.engine.grammar import (
    EVENT_KINDS,
    NOT_EVENTS,
    OP_BRACKETED,
    OP_LITERAL,
    OP_TEXT,
    OP_WORD,
    SHAPED,
    SLOT_NONE,
    WITH_AMOUNT,
    Actions,
)
from ingest.engine.scan import NULL, at, ends_with, find, find_byte, lit, njit, njit_scalar
from ingest.engine.wording import (
    W_BOARD,
    W_BUTTON,
    W_CARDS_OPEN,
    W_CASH_OUT_FEE,
    W_CASHED_OUT,
    W_COLLECTED,
    W_DEALT,
    W_DEALT_UNSEEN,
    W_DEALT_VERB,
    W_FROM_POT,
    W_HAND_NUMBER,
    W_MAIN_POT,
    W_MAX_SEATS,
    W_MUCKED,
    W_NOT_AWARDED,
    W_POT,
    W_RETURNED,
    W_SEAT,
    W_SEAT_SEPARATOR,
    W_SHOWED,
    W_SHOWS,
    W_SIDE_POT,
    W_TABLE,
    W_TABLE_ID,
    W_TOTAL_POT,
    W_UNCALLED,
    W_UNKNOWN_CARD,
    W_WON,
)  # fmt: skip

# Per event kind code: its amount is read, it is read only to know who sat out, an event.
KIND_AMOUNT = np.array([kind in WITH_AMOUNT for kind in EVENT_KINDS])
KIND_EVENT = np.array([kind not in NOT_EVENTS for kind in EVENT_KINDS])
_KIND_CARDS = np.array([kind in ("show", "muck", "fold", "collect") for kind in EVENT_KINDS])
_COLLECT_KIND = EVENT_KINDS.index("collect")
_KIND_SHAPED = np.array([kind in SHAPED for kind in EVENT_KINDS])
NO_SEAT = -999  # a seat number that is not one
_BAR = lit(" |")  # ends a cash-out's amount
_NOT_PARENS, _NOT_SPACE_PARENS = lit("()"), lit(" ()")
_NOT_SPACE_BAR, _NOT_CLOSE_PAREN, _NOT_SPACE_CLOSE = lit(" |"), lit(")"), lit(" )")
_NOT_SPACE_BAR_CLOSE = lit(" |)")
_SPACE, _COLON_BYTE, _PERIOD = 32, 58, 46
_OPEN_SQUARE, _CLOSE_SQUARE, _OPEN_PAREN, _CLOSE_PAREN = 91, 93, 40, 41


@njit_scalar
def _bracketed(data: np.ndarray, start: int, end: int) -> tuple[int, int]:
    """``\\[([^\\]]*)\\]`` from ``start``: the text in the first brackets (or a null span)."""
    opening = find_byte(data, start, end, _OPEN_SQUARE)
    if opening < 0:
        return NULL, NULL
    closing = find_byte(data, opening + 1, end, _CLOSE_SQUARE)
    if closing < 0:
        return NULL, NULL
    return opening + 1, closing


@njit_scalar
def match_ops(
    data: np.ndarray, pos: int, end: int, template: int, op_bounds: np.ndarray,
    op_kind: np.ndarray, op_slot: np.ndarray, table: np.ndarray, bounds: np.ndarray,
    op_literal: np.ndarray, out: np.ndarray, tries: np.ndarray,
) -> bool:  # fmt: skip
    """Whether ``pos:end`` (the text after a template's verb) follows the template's ops to
    the end; the fields' spans go to ``out`` (amount at 0:2, raise-by at 2:4, chips a
    raise adds at 4:6, a second amount at 6:8, pot at 8:10, cards at 10:12). A text field
    ends at the first place the literal after it is found from which the rest follows too,
    as a regex's
    ``(.+?)`` does: when the rest does not, the last text field that can end further on
    does, the ones after it read again (``tries``: per text field, where its literal is
    looked for from and where it was found)."""
    begin = pos
    for k in range(tries.size):  # (no slices: a view costs reference counting per line)
        tries[k] = -1
    while True:
        for k in range(out.size):
            out[k] = NULL
        pos = begin
        matched = True
        text = 0  # the text fields read so far
        movable = -1  # the last of them that ended at a literal
        for k in range(op_bounds[template], op_bounds[template + 1]):
            kind = op_kind[k]
            if kind == OP_LITERAL:
                first, last = bounds[op_literal[k]], bounds[op_literal[k] + 1]
                if not scan.at_entry(data, pos, end, table, first, last):
                    matched = False
                    break
                pos += last - first
                continue
            first = pos
            if kind == OP_WORD:
                pos = scan.non_space_run(data, pos, end)
                if k + 1 < op_bounds[template + 1] and op_kind[k + 1] == OP_LITERAL:
                    # as a regex's \S+ gives back characters the literal after it needs
                    a, b = bounds[op_literal[k + 1]], bounds[op_literal[k + 1] + 1]
                    while pos > first and not scan.at_entry(data, pos, end, table, a, b):
                        pos -= 1
                if pos == first:
                    matched = False
                    break
            elif kind == OP_TEXT:
                if k + 1 < op_bounds[template + 1] and op_kind[k + 1] == OP_LITERAL:
                    a, b = bounds[op_literal[k + 1]], bounds[op_literal[k + 1] + 1]
                    pos = scan.find_entry(data, max(first + 1, tries[2 * text]), end, table, a, b)
                    if pos < 0:
                        matched = False
                        break
                    tries[2 * text + 1] = pos
                    movable = text
                elif pos < end:  # the last field: the rest of the line
                    pos = end
                else:
                    matched = False
                    break
                text += 1
            elif kind == OP_BRACKETED:
                pos = scan.find_byte(data, pos, end, 93)  # "]"
                if pos < 0:
                    matched = False
                    break
            else:
                pos = end
            slot = op_slot[k]
            if slot != SLOT_NONE:
                out[2 * slot - 2], out[2 * slot - 1] = first, pos
        if matched and pos == end:
            return True
        if movable < 0:
            return False
        tries[2 * movable] = tries[2 * movable + 1] + 1
        for k in range(2 * movable + 2, tries.size):
            tries[k] = -1


@njit_scalar
def _verb_at(
    data: np.ndarray, start: int, end: int, separator: np.ndarray, verbs: np.ndarray,
    verb_bounds: np.ndarray, verb_pair: np.ndarray, next_pair: np.ndarray,
    prefix: np.ndarray, words: int, shortest: int,
) -> tuple[int, int]:  # fmt: skip
    """Where the player's name ends and which template's verb (its separator first) follows
    it (-1: none), among the templates whose words before the player are entry ``words``
    (``prefix``: each template's): the first separator when the templates all write ": ";
    else (a space, or both) the first place ``shortest`` bytes or more into the name where
    a separator and a verb start (``verb_pair``: per ``256 * first byte + second byte``,
    the first template whose verb starts so, ``next_pair`` the next one's, -1: none; a
    verb has two bytes at least, its separator's and its word's)."""
    if separator.size > 1:
        colon = find(data, start, end, separator)
        if colon < 0:
            return -1, -1
        return colon, _verb_of(data, colon, end, verbs, verb_bounds, prefix, words)
    for pos in range(start + shortest, end - 1):
        t = verb_pair[256 * data[pos] + data[pos + 1]]
        while t >= 0:  # the templates whose verb starts with these two bytes, in order
            if prefix[t] == words and scan.at_entry(data, pos, end, verbs, verb_bounds[t],
                                                    verb_bounds[t + 1]):
                return pos, t
            t = next_pair[t]
    return -1, -1


@njit_scalar
def _verb_of(
    data: np.ndarray, pos: int, end: int, verbs: np.ndarray, verb_bounds: np.ndarray,
    prefix: np.ndarray, words: int,
) -> int:  # fmt: skip
    """The first template of words ``words`` whose verb is at ``pos`` (-1: none)."""
    for t in range(verb_bounds.size - 1):
        if prefix[t] == words and scan.at_entry(data, pos, end, verbs, verb_bounds[t],
                                                verb_bounds[t + 1]):
            return t
    return -1


@njit
def action_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, separator: np.ndarray,
    prefixes: np.ndarray, prefix_bounds: np.ndarray, prefix: np.ndarray,
    verbs: np.ndarray, verb_bounds: np.ndarray, separator_size: np.ndarray,
    codes: np.ndarray, cardless: np.ndarray, next_same: np.ndarray, op_bounds: np.ndarray,
    op_kind: np.ndarray, op_slot: np.ndarray, literals: np.ndarray,
    literal_bounds: np.ndarray, op_literal: np.ndarray, all_in_suffix: np.ndarray,
    end_suffix: np.ndarray,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """Action lines read by the grammar's templates (see :mod:`ingest.engine.grammar`):
    spans of the player, the amount (or raise-to), the cards (a template's ``{cards}`` or
    ``{listed}``; else for shows, mucks, folds and collections the first brackets, before
    the amount in a collection; none for a template whose brackets are no hole cards:
    ``cardless``), a
    raise's first amount, the chips a raise adds (a template's ``{added}``), a second
    amount the line puts in (``{more}``) and the pot a collect line names (``{pot}``); the
    event kind code (-1: not an action); the all-in flag; and whether a betting or checking
    line follows no template of its verb (the first template with its verb gives the kind;
    the amount of such a line is its last word, less the all-in suffix). A line is read by
    the templates of the longest words before the player it starts with; after such words,
    the name may be empty (``Player  folds``), else it has a character at least. A line's
    optional end (``end_suffix``) is left out before the all-in suffix is looked for; a
    template that does not read the line without it may read it with it, in its last field
    (as ``(?:end)?$`` after a lazy last field reads it)."""
    n = starts.size
    # player, amount, cards, raise-by, added, a second amount, pot
    spans = np.full((n, 14), NULL, np.int64)
    code = np.full(n, -1, np.int64)
    all_in = np.zeros(n, np.bool_)
    damaged = np.zeros(n, np.bool_)
    fields = np.empty(12, np.int64)
    tries = np.empty(2 * max(np.sum(op_kind == OP_TEXT), 1), np.int64)
    verb_pair = np.full(65536, -1, np.int64)
    next_pair = np.full(verb_bounds.size - 1, -1, np.int64)
    for t in range(verb_bounds.size - 2, -1, -1):  # each pair's templates chained in order
        pair = 256 * verbs[verb_bounds[t]] + verbs[verb_bounds[t] + 1]
        next_pair[t] = verb_pair[pair]
        verb_pair[pair] = t
    for i in range(n):
        start, end = starts[i], ends[i]
        words = scan.prefix_of(data, start, end, prefixes, prefix_bounds)
        if words < 0:
            continue
        before = prefix_bounds[words + 1] - prefix_bounds[words]
        start += before
        player_end, found = _verb_at(data, start, end, separator, verbs, verb_bounds,
                                     verb_pair, next_pair, prefix, words,
                                     0 if before else 1)  # fmt: skip
        spans[i, 0], spans[i, 1] = start, player_end
        if found < 0:
            continue
        rest = player_end + separator_size[found]
        code[i] = codes[found]
        # a line that has the optional end is read without it, else (a last field ending
        # with it) with it
        ended = end_suffix.size > 0 and ends_with(data, rest, end, end_suffix)
        matched = False
        t = found
        while t >= 0:  # the templates with this verb, in order
            verb_size = verb_bounds[t + 1] - verb_bounds[t] - separator_size[t]
            for option in range(2 if ended else 1):
                line_end = end - end_suffix.size if ended and option == 0 else end
                all_in[i] = all_in_suffix.size > 0 and ends_with(data, rest, line_end,
                                                                 all_in_suffix)  # fmt: skip
                core_end = line_end - all_in_suffix.size if all_in[i] else line_end
                # the all-in suffix is no part of a field (a word has no space) ...
                matched = match_ops(data, rest + verb_size, core_end, t, op_bounds, op_kind,
                                    op_slot, literals, literal_bounds, op_literal, fields,
                                    tries)  # fmt: skip
                if not matched and core_end < line_end:
                    # ... unless the template reads the line only with it (" with (All-in)")
                    matched = match_ops(data, rest + verb_size, line_end, t, op_bounds,
                                        op_kind, op_slot, literals, literal_bounds, op_literal,
                                        fields, tries)  # fmt: skip
                    all_in[i] = not matched
                if matched:
                    break
            if matched:
                code[i] = codes[t]
                spans[i, 2], spans[i, 3] = fields[0], fields[1]
                spans[i, 6], spans[i, 7] = fields[2], fields[3]
                spans[i, 8], spans[i, 9] = fields[4], fields[5]
                spans[i, 10], spans[i, 11] = fields[6], fields[7]
                spans[i, 12], spans[i, 13] = fields[8], fields[9]
                break
            t = next_same[t]
        if not matched:  # damaged: the last word stands for the amount
            line_end = end - end_suffix.size if ended else end
            all_in[i] = all_in_suffix.size > 0 and ends_with(data, rest, line_end, all_in_suffix)
            core_end = line_end - all_in_suffix.size if all_in[i] else line_end
            for pos in range(core_end - 1, rest - 1, -1):
                if data[pos] == _SPACE:
                    if pos + 1 < core_end:
                        spans[i, 2], spans[i, 3] = pos + 1, core_end
                    break
        if cardless[t if matched else found]:
            pass  # its brackets hold no hole cards
        elif matched and fields[10] >= 0:  # the template says where its cards are
            spans[i, 4], spans[i, 5] = fields[10], fields[11]
        elif _KIND_CARDS[code[i]]:
            # a collection's cards are in brackets before its amount (which may be in some)
            last = spans[i, 2] if code[i] == _COLLECT_KIND and spans[i, 2] >= 0 else end
            spans[i, 4], spans[i, 5] = _bracketed(data, rest, last)
        damaged[i] = _KIND_SHAPED[code[i]] and not matched
    return spans, code, all_in, damaged


def read_actions(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, actions: Actions
) -> tuple[np.ndarray, ...]:
    """:func:`action_fields` with a grammar's compiled templates."""
    return action_fields(
        data, starts, ends, actions.separator, *actions.prefixes, actions.prefix,
        *actions.verbs, actions.separator_size, actions.codes, actions.cardless,
        actions.next_same, actions.op_bounds, actions.op_kind, actions.op_slot,
        *actions.literals, actions.op_literal, actions.all_in, actions.end,
    )  # fmt: skip


@njit_scalar
def _collected_amount(
    data: np.ndarray, start: int, end: int, words: tuple[np.ndarray, ...]
) -> tuple[int, int]:
    """``<collected>(\\S+)<from pot>``: the leftmost such amount."""
    collected, from_pot = words[W_COLLECTED], words[W_FROM_POT]
    pos = find(data, start, end, collected)
    while pos >= 0:
        first = pos + collected.size
        last = scan.non_space_run(data, first, end)
        if last > first and at(data, last, end, from_pot):
            return first, last
        pos = find(data, pos + 1, end, collected)
    return NULL, NULL


@njit_scalar
def _pot_name(
    data: np.ndarray, start: int, end: int, words: tuple[np.ndarray, ...],
    pot_words: np.ndarray, pot_word_bounds: np.ndarray,
) -> tuple[int, int]:  # fmt: skip
    """``<from pot>((?:<pot word>)?<pot>(?:[- ]\\d+)?)$`` (`` from ((?:main |side
    )?pot(?:[- ]\\d+)?)$`` in PokerStars' words): the pot a collect line names."""
    from_pot, pot = words[W_FROM_POT], words[W_POT]
    pos = find(data, start, end, from_pot)
    while pos >= 0:
        first = pos + from_pot.size
        name = first
        word = scan.prefix_of(data, name, end, pot_words, pot_word_bounds)
        if word >= 0:
            name += pot_word_bounds[word + 1] - pot_word_bounds[word]
        if at(data, name, end, pot):
            name += pot.size
            if name == end:
                return first, end
            if data[name] == 45 or data[name] == _SPACE:  # "-" or " "
                digits = scan.digits_end(data, name + 1, end)
                if digits == end and digits > name + 1:
                    return first, end
        pos = find(data, pos + 1, end, from_pot)
    return NULL, NULL


PLAIN_POT = -2  # the pot number of a line naming just "pot"


@njit
def pot_numbers(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, words: tuple[np.ndarray, ...]
) -> np.ndarray:
    """Pot names (see :func:`_pot_name`; a null span: none) as numbers: "main pot" 0,
    "pot" ``PLAIN_POT`` (the main pot, unless the hand has side pots), else the number the
    name ends with, 1 when there is none or it is over 127 (so "side pot" is 1)."""
    out = np.ones(starts.size, np.int64)
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        if start < 0:
            continue
        if end - start == words[W_POT].size and at(data, start, end, words[W_POT]):
            out[i] = PLAIN_POT
        elif end - start == words[W_MAIN_POT].size and at(data, start, end, words[W_MAIN_POT]):
            out[i] = 0
        else:
            digits = end
            while digits > start and 48 <= data[digits - 1] <= 57:
                digits -= 1
            value = 0
            for k in range(digits, end):
                value = min(value * 10 + data[k] - 48, 1000)
            if digits < end and value <= 127:
                out[i] = value
    return out


@njit_scalar
def _word_then(data: np.ndarray, pos: int, end: int, suffix: np.ndarray) -> tuple[int, int]:
    """``(\\S+)suffix`` at ``pos``: the word's span, or a null span."""
    last = scan.non_space_run(data, pos, end)
    if last > pos and at(data, last, end, suffix):
        return pos, last
    return NULL, NULL


@njit
def other_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, words: tuple[np.ndarray, ...],
    pot_words: np.ndarray, pot_word_bounds: np.ndarray, halves: np.ndarray,
    half_bounds: np.ndarray,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """Chip-moving lines without "player: ": uncalled bets returned, collections, cash-outs
    and colon-less shows; one line can be several events. Per event: its line (row in the
    input), kind (0 return, 1 collect, 2 cash-out, 3 show), spans of player, amount, pot,
    fee and cards, whether a collect line is damaged (no amount or pot), and the half of a
    hi/lo pot a collect line names (0: none, 1: ``(HI)``, 2: ``(LO)`` after the pot, with
    or without a space before it). The words are the grammar's (see
    :class:`ingest.engine.wording.Wording`)."""
    uncalled, returned = words[W_UNCALLED], words[W_RETURNED]
    collected, cashed, fee_label = words[W_COLLECTED], words[W_CASHED_OUT], words[W_CASH_OUT_FEE]
    shows = words[W_SHOWS]
    n = starts.size
    rows = np.empty(4 * n, np.int64)
    kinds = np.empty(4 * n, np.int64)
    spans = np.full((4 * n, 10), NULL, np.int64)
    damaged = np.zeros(4 * n, np.bool_)
    half = np.zeros(4 * n, np.int8)
    count = 0
    for i in range(n):
        start, end = starts[i], ends[i]
        if at(data, start, end, uncalled):
            rows[count], kinds[count] = i, 0
            pos = find(data, start, end, returned)  # \) returned to (.+)$
            if pos >= 0 and pos + returned.size < end:
                spans[count, 0], spans[count, 1] = pos + returned.size, end
            first = start + uncalled.size  # ^Uncalled bet \(([^)]+)\)
            last = scan.run_without(data, first, end, _NOT_CLOSE_PAREN)
            if pos >= 0:  # "Uncalled bet of $7.00 returned to": the amount ends there
                last = min(last, pos)
            if last > first and last < end:
                spans[count, 2], spans[count, 3] = first, last
            count += 1
        pos = find(data, start, end, collected)
        if pos >= 0:
            rows[count], kinds[count] = i, 1
            spans[count, 0], spans[count, 1] = start, pos
            spans[count, 2], spans[count, 3] = _collected_amount(data, start, end, words)
            stop = end
            for k in range(2):  # "from pot (HI)" or "from pot(HI)": the half of a hi/lo pot
                size = half_bounds[k + 1] - half_bounds[k]
                if end - size >= start and scan.at_entry(data, end - size, end, halves,
                                                         half_bounds[k], half_bounds[k + 1]):
                    half[count], stop = k + 1, end - size
                    if stop > start and data[stop - 1] == _SPACE:
                        stop -= 1
            spans[count, 4], spans[count, 5] = _pot_name(data, start, stop, words, pot_words,
                                                         pot_word_bounds)  # fmt: skip
            damaged[count] = spans[count, 2] < 0 or spans[count, 4] < 0
            count += 1
        pos = find(data, start, end, cashed)
        if pos >= 0:
            rows[count], kinds[count] = i, 2
            spans[count, 0], spans[count, 1] = start, pos
            while pos >= 0:  # cashed out the hand for (\S+) \|
                spans[count, 2], spans[count, 3] = _word_then(data, pos + cashed.size, end, _BAR)
                if spans[count, 2] >= 0:
                    break
                pos = find(data, pos + 1, end, cashed)
            fee = find(data, start, end, fee_label)  # \| Cash Out Fee (\S+)$
            while fee >= 0:
                if scan.is_non_space(data, fee + fee_label.size, end):
                    spans[count, 6], spans[count, 7] = fee + fee_label.size, end
                    break
                fee = find(data, fee + 1, end, fee_label)
            count += 1
        pos = find(data, start, end, shows)
        if pos >= 0:
            rows[count], kinds[count] = i, 3
            spans[count, 0], spans[count, 1] = start, pos
            spans[count, 8], spans[count, 9] = _bracketed(data, pos + 1, end)
            count += 1
    return rows[:count], kinds[:count], spans[:count], damaged[:count], half[:count]


@njit
def seat_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, suffix: np.ndarray,
    words: tuple[np.ndarray, ...], opening: np.ndarray, closing: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """``Seat N: player (stack in chips) ...`` lines: spans of the seat number (spaces after
    the seat word left out), the player (the text after ": " up to
    `` \\( *([^ ()]+)<suffix>[^()]*\\)``, the grammar's stack suffix
    being " in chips" or nothing) and the stack; all null past a line without ": ". What
    follows the stack ("is sitting out", "out of hand") says nothing of who is dealt in:
    that comes from what the player does in the hand. A grammar whose stack is all the
    text between ``opening`` and ``closing`` (``Grammar.stack_between``) has its player
    up to `` <opening>([^()]+)<closing>$``."""
    n = starts.size
    spans = np.full((n, 6), NULL, np.int64)  # seat, player, stack
    seat_word, separator = words[W_SEAT], words[W_SEAT_SEPARATOR]
    for i in range(n):
        start, end = starts[i], ends[i]
        colon = find(data, start, end, separator)
        seat_end = end if colon < 0 else colon
        seat = start + seat_word.size if start + seat_word.size <= seat_end else start
        while seat < seat_end and data[seat] == _SPACE:  # "seat 1:" after the word "seat"
            seat += 1
        spans[i, 0], spans[i, 1] = seat, seat_end
        if colon < 0:
            continue
        rest = colon + separator.size
        spans[i, 2], spans[i, 3] = rest, end
        if opening.size:
            _stack_between(data, rest, end, opening, closing, spans[i])
            continue
        pos = find_byte(data, rest, end, _OPEN_PAREN)
        while pos >= 0:
            if pos > rest and data[pos - 1] == _SPACE:
                first = pos + 1
                while first < end and data[first] == _SPACE:  # "( $200 USD )"
                    first += 1
                token = scan.run_without(data, first, end, _NOT_SPACE_PARENS)
                if token > first and at(data, token, end, suffix):
                    close = scan.run_without(data, token + suffix.size, end, _NOT_PARENS)
                    if close < end and data[close] == _CLOSE_PAREN:
                        spans[i, 3] = pos - 1
                        spans[i, 4], spans[i, 5] = first, token
                        break
            pos = find_byte(data, pos + 1, end, _OPEN_PAREN)
    return spans


@njit_scalar
def _stack_between(
    data: np.ndarray, rest: int, end: int, opening: np.ndarray, closing: np.ndarray,
    spans: np.ndarray,
) -> None:  # fmt: skip
    """The player's and the stack's spans (``spans[2:6]``) of a seat line's text ``rest:end``
    read as ``^(.*?) <opening>([^()]+)<closing>$``."""
    if not ends_with(data, rest, end, closing):
        return
    last = end - closing.size
    pos = rest
    while pos < last:
        if data[pos] == _SPACE and at(data, pos + 1, last, opening):
            first = pos + 1 + opening.size
            if first < last and scan.run_without(data, first, last, _NOT_PARENS) == last:
                spans[3] = pos
                spans[4], spans[5] = first, last
                return
        pos += 1


@njit
def seat_numbers(data: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """Seat number texts as integers (an optional sign and digits, -128..127, as a cast to
    a one-byte integer reads them); ``NO_SEAT`` where the text is anything else."""
    out = np.full(starts.size, NO_SEAT, np.int16)
    for i in range(starts.size):
        pos, end = starts[i], ends[i]
        if pos < 0:
            continue
        sign = 1
        if pos < end and (data[pos] == 43 or data[pos] == 45):  # "+" or "-"
            sign = -1 if data[pos] == 45 else 1
            pos += 1
        value = 0
        digits = pos
        while pos < end and 48 <= data[pos] <= 57 and value <= 128:
            value = value * 10 + (data[pos] - 48)
            pos += 1
        if pos == end and pos > digits and -128 <= sign * value <= 127:
            out[i] = sign * value
    return out


@njit
def event_seats(
    data: np.ndarray,
    event_hand: np.ndarray,
    event_player: np.ndarray,
    seat_hand: np.ndarray,
    seat_player: np.ndarray,
    seat_number: np.ndarray,
) -> np.ndarray:
    """Each event's seat: the number of its hand's first seat line naming the same player,
    ``NO_SEAT`` when none does. Events and seat lines are both in hand order."""
    out = np.full(event_hand.size, NO_SEAT, np.int16)
    first = 0
    for i in range(event_hand.size):
        hand = event_hand[i]
        while first < seat_hand.size and seat_hand[first] < hand:
            first += 1
        k = first
        while k < seat_hand.size and seat_hand[k] == hand:
            if scan.same(
                data, event_player[i, 0], event_player[i, 1], seat_player[k, 0], seat_player[k, 1]
            ):
                out[i] = seat_number[k]
                break
            k += 1
    return out


@njit
def dealt_to_seats(
    data: np.ndarray,
    seat_hand: np.ndarray,
    seat_player: np.ndarray,
    dealt_hand: np.ndarray,
    dealt_player: np.ndarray,
    dealt_cards: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each seat line, the first "Dealt to" line of its hand naming its player (-1:
    none), and whether that player is the hand's hero: the history's owner is the only
    player dealt cards by name (some rooms name every player dealt in, without cards);
    and for each dealt line, the seat line naming its player (-1: none). Seat and dealt
    lines are both in hand order."""
    first_dealt = np.full(seat_hand.size, -1, np.int64)
    owner = np.full(dealt_hand.size, -1, np.int64)
    hero = np.zeros(seat_hand.size, np.bool_)
    names = np.zeros(dealt_hand.size, np.int64)  # distinct names dealt cards in the hand
    begin = 0
    for j in range(dealt_hand.size):
        if j > 0 and dealt_hand[j] != dealt_hand[j - 1]:
            begin = j
        new = dealt_cards[j]
        for k in range(begin, j):
            if dealt_cards[k] and scan.same(
                data, dealt_player[j, 0], dealt_player[j, 1], dealt_player[k, 0], dealt_player[k, 1]
            ):
                new = False
                break
        names[j] = (names[j - 1] if j > begin else 0) + new
    first = 0
    for i in range(seat_hand.size):
        hand = seat_hand[i]
        while first < dealt_hand.size and dealt_hand[first] < hand:
            first += 1
        last = first
        while last < dealt_hand.size and dealt_hand[last] == hand:
            last += 1
        for k in range(first, last):
            if scan.same(
                data, seat_player[i, 0], seat_player[i, 1], dealt_player[k, 0], dealt_player[k, 1]
            ):
                if owner[k] < 0:
                    owner[k] = i
                if first_dealt[i] < 0:
                    first_dealt[i] = k
                    hero[i] = names[last - 1] == 1 and dealt_cards[k]
    return first_dealt, hero, owner


@njit
def hero_names(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, mark: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Names that may end with the hero's mark (``^(.*?) *<mark>$``, spaces before it):
    where each name ends without it, and whether it had it (no mark: as they are)."""
    out = ends.copy()
    hero = np.zeros(starts.size, np.bool_)
    if mark.size == 0:
        return out, hero
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        if start < 0 or not scan.ends_with(data, start, end, mark):
            continue
        last = end - mark.size
        while last > start and data[last - 1] == _SPACE:
            last -= 1
        out[i], hero[i] = last, True
    return out, hero


@njit_scalar
def _won(data: np.ndarray, start: int, end: int, won: np.ndarray) -> tuple[int, int]:
    """``<won>\\(?([^ )]+)\\)?``: the leftmost amount won."""
    pos = find(data, start, end, won)
    while pos >= 0:
        first = pos + won.size
        if first < end and data[first] == _OPEN_PAREN:
            last = scan.run_without(data, first + 1, end, _NOT_SPACE_CLOSE)
            if last > first + 1:
                return first + 1, last
        last = scan.run_without(data, first, end, _NOT_SPACE_CLOSE)
        if last > first:
            return first, last
        pos = find(data, pos + 1, end, won)
    return NULL, NULL


@njit_scalar
def _result(data: np.ndarray, start: int, end: int) -> tuple[int, int, int]:
    r"""A summary seat line's result after its stack, ``\) ([+-])(\S+)$``: its sign and the
    amount's span; sign 2 (and a null span) for a line ending ``\)``, a result of 0 not
    written; sign 0 for neither."""
    if end > start and data[end - 1] == _CLOSE_PAREN:
        return 2, NULL, NULL
    space = end - 1
    while space > start and data[space] != _SPACE:
        space -= 1
    if space <= start or data[space - 1] != _CLOSE_PAREN or space + 2 >= end:
        return 0, NULL, NULL
    sign = data[space + 1]
    if sign != 43 and sign != 45:  # "+" or "-"
        return 0, NULL, NULL
    return (1 if sign == 43 else -1), space + 2, end


@njit
def summary_seat_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, words: tuple[np.ndarray, ...],
    collected: bool, best_hand: bool, results: bool,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    """Summary ``Seat N: ...`` lines: whether the line matters (cards, winnings, or with
    ``results`` a result), spans of the seat number (``^Seat ([0-9]+):``), the cards shown
    or mucked (none on a line that wins where ``best_hand``: they are a best hand, not the
    hole cards), the amount won (after the first "won", or, where ``collected`` and the
    line has none, the first "collected") and the result (see :func:`_result`), whether
    the pot was not awarded, and the result's sign (0: none)."""
    n = starts.size
    spans = np.full((n, 8), NULL, np.int64)  # seat, cards, won, result
    useful = np.zeros(n, np.bool_)
    not_awarded = np.zeros(n, np.bool_)
    sign = np.zeros(n, np.int8)
    seat_word, separator = words[W_SEAT], words[W_SEAT_SEPARATOR]
    for i in range(n):
        start, end = starts[i], ends[i]
        won = words[W_WON]
        if collected and find(data, start, end, won) < 0:
            won = words[W_COLLECTED]
        wins = find(data, start, end, won) >= 0
        if results:
            sign[i], spans[i, 6], spans[i, 7] = _result(data, start, end)
        useful[i] = wins or find_byte(data, start, end, _OPEN_SQUARE) >= 0 or sign[i] != 0
        if not useful[i]:
            continue
        digits = scan.digits_end(data, start + seat_word.size, end)
        if digits > start + seat_word.size and at(data, digits, end, separator[:1]):
            spans[i, 0], spans[i, 1] = start + seat_word.size, digits
        showed = find(data, start, end, words[W_SHOWED])
        mucked = find(data, start, end, words[W_MUCKED])
        first = showed if mucked < 0 or (0 <= showed < mucked) else mucked
        if first >= 0 and not (best_hand and wins):
            spans[i, 2], spans[i, 3] = _bracketed(data, first + 1, end)
        if wins:
            spans[i, 4], spans[i, 5] = _won(data, start, end, won)
        not_awarded[i] = find(data, start, end, words[W_NOT_AWARDED]) >= 0
    return spans, useful, not_awarded, sign


@njit_scalar
def _only(data: np.ndarray, start: int, end: int, word: np.ndarray) -> bool:
    """Whether ``start:end`` is ``word`` once or more, single spaces between
    (``^word(?: word)*$``)."""
    pos = start
    while at(data, pos, end, word):
        pos += word.size
        if pos == end:
            return True
        if data[pos] != _SPACE:
            return False
        pos += 1
    return False


@njit
def dealt_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, words: tuple[np.ndarray, ...]
) -> np.ndarray:
    """``Dealt to player [cards]`` lines: spans of the player (text before the first " [",
    less "Dealt to ", or before the words that end a dealt line of a card not shown) and
    the cards (the rest, less one closing bracket; null without " [", or when every card is
    the grammar's unknown card: no card is shown). A line written player first (the
    grammar's dealt verb after the player: ``player : Card dealt to a spot [cards]``) has
    the player before the verb and the cards after it."""
    spans = np.full((starts.size, 4), NULL, np.int64)
    dealt, bracket, unknown = words[W_DEALT], words[W_CARDS_OPEN], words[W_UNKNOWN_CARD]
    verb, unseen = words[W_DEALT_VERB], words[W_DEALT_UNSEEN]
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        verb_at = find(data, start, end, verb) if verb.size else -1
        if verb_at >= 0 and not at(data, start, end, dealt):
            cut = find(data, verb_at + verb.size, end, bracket)
            spans[i, 0], spans[i, 1] = start, verb_at
        else:
            cut = find(data, start, end, bracket)
            player_end = end if cut < 0 else cut
            hidden = cut < 0 and unseen.size > 0 and ends_with(data, start, end, unseen)
            if hidden:
                player_end = end - unseen.size
            while cut < 0 and not hidden and player_end > start and data[player_end - 1] == _SPACE:
                player_end -= 1  # "Dealt to name " without cards
            spans[i, 0] = start + dealt.size if start + dealt.size <= player_end else start
            spans[i, 1] = player_end
        if cut >= 0:
            first = cut + bracket.size
            last = end - 1 if end > first and data[end - 1] == _CLOSE_SQUARE else end
            if unknown.size == 0 or not _only(data, first, last, unknown):
                spans[i, 2], spans[i, 3] = first, last
    return spans


@njit_scalar
def _value_end(data: np.ndarray, first: int, end: int, label: np.ndarray) -> int:
    """Where a value after ``label`` ends: ``[^ |]+``, or ``[^ |)]+`` after a label that
    opens a parenthesis (``Total Pot($20)``); less a period ending it (a sentence's: ``Pot:
    612. Rake 2.76. JP fee 0.24``)."""
    stops = _NOT_SPACE_BAR_CLOSE if label.size and label[label.size - 1] == _OPEN_PAREN \
        else _NOT_SPACE_BAR  # fmt: skip
    last = scan.run_without(data, first, end, stops)
    return last - 1 if last > first + 1 and data[last - 1] == _PERIOD else last


@njit_scalar
def _labelled(data: np.ndarray, start: int, end: int, label: np.ndarray) -> tuple[int, int]:
    r"""``label([^ |]+?)\.?(?:[ |]|$)`` (see :func:`_value_end`): the leftmost value after
    ``label``."""
    pos = find(data, start, end, label)
    while pos >= 0:
        first = pos + label.size
        last = _value_end(data, first, end, label)
        if last > first:
            return first, last
        pos = find(data, pos + 1, end, label)
    return NULL, NULL


@njit
def summary_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, board_label: np.ndarray,
    labels: np.ndarray, label_bounds: np.ndarray, words: tuple[np.ndarray, ...],
    run_words: np.ndarray, run_bounds: np.ndarray,
) -> tuple[np.ndarray, ...]:  # fmt: skip
    r"""Summary lines: ``Total pot`` lines (spans of ``^Total pot ([^ |]+)`` and, for each
    of the grammar's ``labels``, of ``label([^ |]+)``, ``)`` ending the value too after a
    word or label that opens a parenthesis, less a period ending either; side pots named)
    and board lines
    (board number from ``^(FIRST|SECOND|THIRD) Board``, else 1; cards span from
    ``^(?:(?:FIRST|SECOND|THIRD) )?<board label>([^\]]*)\]$``). Spans: total, board
    cards, then one per label. The words are the grammar's."""
    total_pot, side_pot, board_word = words[W_TOTAL_POT], words[W_SIDE_POT], words[W_BOARD]
    n = starts.size
    is_total = np.zeros(n, np.bool_)
    spans = np.full((n, 4 + 2 * (label_bounds.size - 1)), NULL, np.int64)
    side_pots = np.zeros(n, np.bool_)
    is_board = np.zeros(n, np.bool_)
    board = np.ones(n, np.int8)
    for i in range(n):
        start, end = starts[i], ends[i]
        bare = end - start == total_pot.size - 1  # "Total pot" with nothing after it
        if at(data, start, end, total_pot) or (bare and at(data, start, end, total_pot[:-1])):
            is_total[i] = True
            first = min(start + total_pot.size, end)
            last = _value_end(data, first, end, total_pot)
            if last > first:
                spans[i, 0], spans[i, 1] = first, last
            for k in range(label_bounds.size - 1):
                label = labels[label_bounds[k] : label_bounds[k + 1]]
                spans[i, 4 + 2 * k], spans[i, 5 + 2 * k] = _labelled(data, start, end, label)
            side_pots[i] = find(data, start, end, side_pot) >= 0
        if find(data, start, end, board_label) >= 0:
            is_board[i] = True
            word = scan.prefix_of(data, start, end, run_words, run_bounds)
            after = start + run_bounds[word + 1] - run_bounds[word] if word >= 0 else start
            if word >= 0 and at(data, after, end, board_word):
                board[i] = word + 1
            first = after if word >= 0 and at(data, after, end, board_label) else start
            if at(data, first, end, board_label):
                closing = find_byte(data, first + board_label.size, end, _CLOSE_SQUARE)
                if closing == end - 1:
                    spans[i, 2], spans[i, 3] = first + board_label.size, closing
    return is_total, spans, side_pots, is_board, board


@njit
def prefixed(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, table: np.ndarray,
    bounds: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """Where the text after the first entry of a literal table that each line starts with
    begins (-1: the line starts with none)."""
    out = np.full(starts.size, -1, np.int64)
    for i in range(starts.size):
        found = scan.prefix_of(data, starts[i], ends[i], table, bounds)
        if found >= 0:
            out[i] = starts[i] + bounds[found + 1] - bounds[found]
    return out


@njit
def prefix_index(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, table: np.ndarray,
    bounds: np.ndarray,
) -> np.ndarray:  # fmt: skip
    """The first entry of a literal table that each line starts with (-1: none)."""
    out = np.full(starts.size, -1, np.int64)
    for i in range(starts.size):
        out[i] = scan.prefix_of(data, starts[i], ends[i], table, bounds)
    return out


@njit
def equal_rows(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, literal: np.ndarray
) -> np.ndarray:
    """Which spans are exactly ``literal``."""
    equal = np.zeros(starts.size, np.bool_)
    for i in range(starts.size):
        equal[i] = ends[i] - starts[i] == literal.size and at(data, starts[i], ends[i], literal)
    return equal


_APOSTROPHE = 39


@njit_scalar
def at_either_case(data: np.ndarray, pos: int, end: int, literal: np.ndarray) -> bool:
    """Whether ``literal`` is at ``pos``, its ASCII letters in either case."""
    if pos + literal.size > end:
        return False
    for k in range(literal.size):
        a, b = data[pos + k], literal[k]
        upper = a & 0xDF
        if a != b and not (65 <= upper <= 90 and upper == b & 0xDF):
            return False
    return True


@njit_scalar
def _small_number(data: np.ndarray, start: int, end: int) -> int:
    """ASCII digits as a number, -1 when over 127 (the seat numbers' Int8)."""
    value = 0
    for k in range(start, end):
        value = min(value * 10 + data[k] - 48, 1000)
    return value if value <= 127 else -1


@njit_scalar
def _button(
    data: np.ndarray, start: int, end: int, words: tuple[np.ndarray, ...]
) -> tuple[bool, int]:
    r"""``[^#]*(?:Seat #?(\d+) is the button)?$`` on ``start:end``, in the grammar's words
    (Winamax once wrote "Seat 0000005 is the button"): whether it matches, and the
    button's seat number (-1: none, or over 127)."""
    mark, button, seat_word = words[W_HAND_NUMBER][0], words[W_BUTTON], words[W_SEAT]
    hash_at = find_byte(data, start, end, mark)
    if not ends_with(data, start, end, button):
        return hash_at < 0, -1
    digits_end = end - button.size
    digits = digits_end
    while digits > start and 48 <= data[digits - 1] <= 57:
        digits -= 1
    if digits == digits_end:
        return hash_at < 0, -1
    word_end = digits - 1 if digits > start and data[digits - 1] == mark else digits
    word_start = word_end - seat_word.size
    if word_start < start or not at(data, word_start, end, seat_word):
        return hash_at < 0, -1
    if find_byte(data, start, word_start, mark) >= 0:
        return False, -1
    return True, _small_number(data, digits, digits_end)


@njit_scalar
def bare_table(
    data: np.ndarray, start: int, end: int, words: tuple[np.ndarray, ...]
) -> tuple[int, int, int]:
    r"""A table line of the table's name alone, as ``^(.+) ([0-9]+)-[Mm]ax[^#]*(?:Seat
    #([0-9]+) is the button)?$`` reads it in PokerStars' words (see :func:`table_fields`):
    where the name ends (-1: no match), the number of seats and the button seat (-1:
    none, or over 127). The name runs to the last " N-max" after which the rest of the
    line matches."""
    max_seats = words[W_MAX_SEATS]
    for pos in range(end - 1, start, -1):
        if data[pos] != _SPACE:
            continue
        digits = scan.digits_end(data, pos + 1, end)
        if digits == pos + 1 or not at_either_case(data, digits, end, max_seats):
            continue
        matches, button = _button(data, digits + max_seats.size, end, words)
        if matches:
            return pos, _small_number(data, pos + 1, digits), button
    return -1, -1, -1


@njit
def table_fields(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, words: tuple[np.ndarray, ...],
    bare_name: bool,
) -> np.ndarray:  # fmt: skip
    r"""Table lines, as ``^Table:? (?:ID )?'(.*)' (?:(\d+)-[Mm]ax)?[^#]*(?:Seat #(\d+) is
    the button)?$`` reads them in PokerStars' words (digits are ASCII; the grammar's words
    stand for "Table", "ID ", "-max", "Seat ", "#" and " is the button"; the first letter
    after the dash in either case): the table name's span (null: no match), the number
    of seats and the button seat (-1: none, or over 127). The name runs to the last "' "
    after which the rest of the line matches. With ``bare_name``, a line that does not
    match is read as :func:`bare_table` reads it. A line of the button alone, ``^Seat
    #?([0-9]+) is the button$``, gives the button and no name."""
    out = np.full((starts.size, 4), -1, np.int64)
    table, table_id, max_seats = words[W_TABLE], words[W_TABLE_ID], words[W_MAX_SEATS]
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        if not at(data, start, end, table):
            continue
        pos = start + table.size
        if pos + 1 < end and data[pos] == _COLON_BYTE and data[pos + 1] == _SPACE:
            pos += 2
        elif pos < end and data[pos] == _SPACE:
            pos += 1
        else:
            continue
        if at(data, pos, end, table_id):
            pos += table_id.size
        if pos >= end or data[pos] != _APOSTROPHE:
            continue
        for quote in range(end - 2, pos, -1):
            if data[quote] != _APOSTROPHE or data[quote + 1] != _SPACE:
                continue
            matches, button = _button(data, quote + 2, end, words)
            if not matches:
                continue
            out[i, 0], out[i, 1], out[i, 3] = pos + 1, quote, button
            digits = scan.digits_end(data, quote + 2, end)
            if digits > quote + 2 and at_either_case(data, digits, end, max_seats):
                out[i, 2] = _small_number(data, quote + 2, digits)
            break
    for i in range(starts.size if bare_name else 0):
        if out[i, 0] < 0:
            name_end, seats, button = bare_table(data, starts[i], ends[i], words)
            if name_end >= 0:
                out[i, 0], out[i, 1], out[i, 2], out[i, 3] = starts[i], name_end, seats, button
    seat_word = words[W_SEAT]
    for i in range(starts.size):  # a line of the button alone: ^Seat #?(\d+) is the button$
        if out[i, 0] < 0 and at(data, starts[i], ends[i], seat_word):
            matches, button = _button(data, starts[i], ends[i], words)
            if matches and button >= 0 and _button_start(data, starts[i], ends[i], words):
                out[i, 3] = button
    return out


@njit_scalar
def _button_start(
    data: np.ndarray, start: int, end: int, words: tuple[np.ndarray, ...]
) -> bool:
    """Whether ``start:end`` is the button's words and seat number alone: the seat word,
    digits (maybe after the hand-number mark), the button word."""
    pos = start + words[W_SEAT].size
    if pos < end and data[pos] == words[W_HAND_NUMBER][0]:
        pos += 1
    digits = scan.digits_end(data, pos, end)
    return digits > pos and digits + words[W_BUTTON].size == end
