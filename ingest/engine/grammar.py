"""A room's line grammar as data, compiled once into the tables the compiled scans read.

Action lines are written as templates such as ``"{player}: raises {by} to {to}"``: the
player (after a word some rooms write before every player's name: ``"Player {player}
folds"``), a separator (``": "`` or a space, which a room may mix: ``"{player}: posts ante
{amount}"`` beside ``"{player} folds"``), then the verb and what follows it. Fields are
``{amount}`` and ``{to}`` (the chips of a bet, call or post; the "to" of a raise),
``{by}`` (the first amount of a raise), ``{added}`` (the chips a raise adds: its street
total is what the player had in plus them), ``{cards}`` (the text between brackets),
``{word}`` (a word read for nothing), ``{any}`` (the rest of the line, whatever it
is), ``{more}`` (a second amount the line puts in, added to its ``{amount}``: ``posts
dead blind [{amount} + {more}]``), ``{pot}`` (the name of the pot a collect line pays:
``"{player} wins {pot} ({amount})"``), ``{text}`` (a text read for nothing: ``"*Player
{player} shows: {text}Collects: {amount}. {any}"``) and ``{listed}`` (cards listed with no
brackets, the rest of the line: ``"{player} shows: {listed}"``). A template of kind
``"wager"`` (with ``{added}``) says the chips a line adds and nothing of its kind ("All-in
$190"): a post before the cards, then a bet, a call or a raise, as the betting decides;
one of kind ``"showdown"`` is a show whose brackets hold the hand the player makes, not the
hole cards (no cards are read from it). Amounts and other words are runs of
non-whitespace. ``{pot}``, ``{text}``, and an amount in a room whose amounts may hold
spaces (``[2 250 $]``), is a text: the shortest text before the literal after it from
which the rest of the line follows, as a regex's ``(.+?)`` (the rest of the line when
last). A line whose verb is known but whose rest does not follow any template of that verb
is damaged. Templates render to plain regexes (:meth:`Actions.regex`), which the tests pin
the compiled scan to.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from ingest.engine import scan
from ingest.engine.amounts import DEFAULT_STYLE, AmountStyle
from ingest.engine.wording import Wording

# Every kind of event, in code order: what actions and the other chip-moving lines become.
EVENT_KINDS = [
    "post_sb_bb", "post_sb", "post_bb", "ante", "straddle", "post_dead", "fold", "check",
    "call", "bet", "raise", "show", "muck", "insurance", "no_show", "sits_out", "note",
    "return", "collect", "cash_out", "show", "button",
]  # fmt: skip
# Kinds that are not events: read only to know who sat out, or nothing to the money, or
# who has the button (a room that names its player: "Player4 has the dealer button").
NOT_EVENTS = ["no_show", "sits_out", "note", "button"]
# Kinds whose amount is read: bets and posts, money paid outside the pots (an insurance
# premium or a cash-out's risk, paid by the player; a cash-out, paid to the player), and a
# pot collected or an uncalled bet returned, when a room writes those lines as templates.
BETTING = ["post_sb", "post_bb", "post_sb_bb", "ante", "straddle", "post_dead", "call", "bet",
           "raise"]  # fmt: skip
WITH_AMOUNT = [*BETTING, "insurance", "cash_out", "collect", "return"]
# Kinds whose line is damaged when it follows no template of its verb.
SHAPED = [*BETTING, "check", "collect", "return", "button"]
# A template's kind that is no event kind: the chips a line adds, its kind decided by the
# betting (``ingest.engine.betting``), read as a call with ``{added}`` until then.
WAGER = "wager"
# A template's kind that is a show whose brackets hold the hand the player makes (its best
# five cards), not its hole cards: a show of no cards.
SHOWDOWN = "showdown"
_ALIASES = {WAGER: "call", SHOWDOWN: "show"}
# The room's money on a hand besides the pots: what it takes, and what it adds.
ROOM_COLUMNS = ("rake", "jackpot_fee", "tax", "room_money_in")
OTHER_KIND = EVENT_KINDS.index("return")  # code of the first kind read from other lines
KIND_CODE = {kind: EVENT_KINDS.index(kind) for kind in EVENT_KINDS}  # an action's code

# Ops of a template after its verb: a literal, or a field (a word, the text up to "]", the
# rest of the line, or a text: the shortest text before the literal after it).
OP_LITERAL, OP_WORD, OP_BRACKETED, OP_ANY, OP_TEXT = 0, 1, 2, 3, 4
# Where a field's span goes: nowhere, the amount (or raise-to) slot, the raise-by slot, the
# slot of the chips a raise adds, the slot of a second amount added to the first, the pot's
# name, the cards' (in brackets, or listed with none).
SLOT_NONE, SLOT_AMOUNT, SLOT_BY, SLOT_ADDED, SLOT_MORE, SLOT_POT, SLOT_CARDS = 0, 1, 2, 3, 4, 5, 6
_FIELDS = {
    "amount": (OP_WORD, SLOT_AMOUNT), "to": (OP_WORD, SLOT_AMOUNT), "by": (OP_WORD, SLOT_BY),
    "added": (OP_WORD, SLOT_ADDED), "more": (OP_WORD, SLOT_MORE),
    "cards": (OP_BRACKETED, SLOT_CARDS), "any": (OP_ANY, SLOT_NONE), "word": (OP_WORD, SLOT_NONE),
    "pot": (OP_TEXT, SLOT_POT), "text": (OP_TEXT, SLOT_NONE), "listed": (OP_ANY, SLOT_CARDS),
}  # fmt: skip
_AMOUNT_FIELDS = ("amount", "to", "by", "added", "more")
_FIELD_REGEX = {OP_WORD: r"(\S+)", OP_BRACKETED: r"([^\]]*)", OP_ANY: r"(.*)", OP_TEXT: r"(.+?)"}
_TOKEN = re.compile(r"\{(\w+)\}")
_PLAYER = "{player}"
_AMOUNT = "{amount}"


@dataclass(frozen=True, eq=False)
class Actions:
    """Action templates compiled: the words before the player (a literal table, longest
    first, and each template's entry), the verbs (the literal each template has after the
    player, its separator included, as a literal table), each template's event kind code,
    and its ops."""

    templates: tuple[str, ...]
    separator: np.ndarray  # ": " or " " (" " when the templates mix them)
    prefixes: tuple[np.ndarray, np.ndarray]  # the words before the player ("" for none)
    prefix: np.ndarray  # each template's entry in ``prefixes``
    verbs: tuple[np.ndarray, np.ndarray]  # separator and verb, one entry per template
    separator_size: np.ndarray  # bytes of each template's separator
    codes: np.ndarray  # event kind code per template
    next_same: np.ndarray  # the next template with the same words and verb (-1: none)
    op_bounds: np.ndarray  # template t's ops are op_kind[op_bounds[t]:op_bounds[t + 1]]
    op_kind: np.ndarray
    op_slot: np.ndarray
    literals: tuple[np.ndarray, np.ndarray]  # literal table indexed by op_literal
    op_literal: np.ndarray
    all_in: np.ndarray  # the suffix that marks an all-in ("" for none)
    cardless: np.ndarray  # per template: its brackets hold no hole cards (a "showdown")
    spaced_amounts: bool = False  # amount fields may hold spaces (run to the next literal)
    end: np.ndarray = field(default_factory=lambda: scan.lit(""))  # an optional end (".")

    @property
    def prefix_texts(self) -> tuple[str, ...]:
        """The words written before the player, as text."""
        table, bounds = self.prefixes
        return tuple(bytes(table[a:b]).decode() for a, b in itertools.pairwise(bounds))

    def regex(self, template: str) -> re.Pattern[str]:
        """The plain regex a template stands for (the player is the shortest text before the
        separator), with the all-in suffix and the end optional (where lines may end so,
        the last field is the shortest that leaves the end out)."""
        prefix, _, body = template.partition(_PLAYER)
        parts = _TOKEN.split(body)
        end = bytes(self.end).decode()
        pattern = "^" + re.escape(prefix) + "(.*?)"
        for k, part in enumerate(parts):
            if k % 2 == 0:
                pattern += re.escape(part)
                continue
            if self.spaced_amounts and part in _AMOUNT_FIELDS:
                group = _FIELD_REGEX[OP_TEXT]
            else:
                group = _FIELD_REGEX[_FIELDS[part][0]]
            if end and k == len(parts) - 2 and not parts[-1]:
                group = group.replace("+)", "+?)").replace("*)", "*?)")
            pattern += group
        suffix = bytes(self.all_in).decode()
        pattern += f"(?:{re.escape(suffix)})?" if suffix else ""
        return re.compile(pattern + (f"(?:{re.escape(end)})?$" if end else "$"))

    @staticmethod
    def separator_of(template: str) -> str:
        """The separator a template writes after the player."""
        return ": " if template.partition(_PLAYER)[2].startswith(": ") else " "

    @staticmethod
    def prefix_of(template: str) -> str:
        """The words a template writes before the player ("" for none)."""
        return template.partition(_PLAYER)[0]


def compile_actions(
    templates: Mapping[str, str], all_in: str = " and is all-in", spaced_amounts: bool = False,
    end: str = "",
) -> Actions:  # fmt: skip
    """Compile ``template -> event kind``; templates of a verb that is a prefix of another's
    must come after it (the first verb that matches wins). With ``spaced_amounts`` (a room
    whose amount style puts spaces in amounts, see ``AmountStyle.spaced``) an amount field
    is a text, as ``{pot}`` is: followed by a literal or last. ``end``: an end some of the
    room's lines have and others not (a period), read as nothing (no template ends with
    it)."""
    separators = set()
    verbs, codes, bounds, sizes, prefixes = [], [], [0], [], []
    kinds, slots, literal_ids = [], [], []
    literals: list[str] = []
    for template, kind in templates.items():
        prefix, player, body = template.partition(_PLAYER)
        if not player or _TOKEN.search(prefix):
            raise ValueError(f"a template names {_PLAYER} before any field: {template!r}")
        if end and template.endswith(end):
            raise ValueError(f"a template ends with the lines' optional end: {template!r}")
        prefixes.append(prefix)
        separator = ": " if body.startswith(": ") else " "
        separators.add(separator)
        sizes.append(len(separator.encode()))
        parts = _TOKEN.split(body[len(separator) :])
        if not parts[0]:
            raise ValueError(f"a template names its verb before any field: {template!r}")
        verbs.append(separator + parts[0])
        if kind == WAGER and "{added}" not in template:
            raise ValueError(f"a wager says the chips it adds: {template!r}")
        codes.append(KIND_CODE[_ALIASES.get(kind, kind)])
        for k, part in enumerate(parts[1:], start=1):
            if k % 2 == 0:
                if part:
                    kinds.append(OP_LITERAL)
                    slots.append(SLOT_NONE)
                    literal_ids.append(len(literals))
                    literals.append(part)
            else:
                op, slot = _FIELDS[part]
                if spaced_amounts and part in _AMOUNT_FIELDS:
                    op = OP_TEXT
                if op == OP_TEXT and k + 2 < len(parts) and not parts[k + 1]:
                    raise ValueError(f"{{{part}}} must be followed by a literal or end the "
                                     f"template: {template!r}")  # fmt: skip
                if slot == SLOT_POT and SLOT_POT in slots[bounds[-1] :]:
                    raise ValueError(f"a template has one {{{part}}} at most: {template!r}")
                kinds.append(op)
                slots.append(slot)
                literal_ids.append(-1)
        bounds.append(len(kinds))
    if not separators:
        raise ValueError("no templates")
    next_same = [
        next((u for u in range(t + 1, len(verbs))
              if verbs[u] == verbs[t] and prefixes[u] == prefixes[t]), -1)
        for t in range(len(verbs))
    ]  # fmt: skip
    # a line's words before the player are the longest of the templates' that it starts with
    words = sorted(set(prefixes), key=lambda text: (-len(text.encode()), text))
    return Actions(
        templates=tuple(templates),
        # a line is an action when it has its separator; mixed, ": " ends with the space
        separator=scan.lit(separators.pop() if len(separators) == 1 else " "),
        prefixes=scan.literal_table(words),
        prefix=np.array([words.index(prefix) for prefix in prefixes], np.int64),
        verbs=scan.literal_table(verbs),
        separator_size=np.array(sizes, np.int64),
        codes=np.array(codes, np.int64),
        next_same=np.array(next_same, np.int64),
        op_bounds=np.array(bounds, np.int64),
        op_kind=np.array(kinds, np.int64),
        op_slot=np.array(slots, np.int64),
        literals=scan.literal_table(literals or [""]),
        op_literal=np.array(literal_ids, np.int64),
        all_in=scan.lit(all_in),
        cardless=np.array([kind == SHOWDOWN for kind in templates.values()], np.bool_),
        spaced_amounts=spaced_amounts,
        end=scan.lit(end),
    )


def _first_pairs(starts: tuple[str, ...]) -> np.ndarray:
    """Flags indexed by ``256 * first byte + second byte`` of the texts ``starts`` (a text of
    one byte flags it before any byte)."""
    pairs = np.zeros(65536, np.bool_)
    for text in starts:
        encoded = text.encode("utf-8")
        if len(encoded) == 1:
            pairs[256 * encoded[0] : 256 * encoded[0] + 256] = True
        else:
            pairs[256 * encoded[0] + encoded[1]] = True
    return pairs


def byte_class(pattern: str) -> np.ndarray:
    """The ASCII bytes a one-character regex class matches, as a 256-entry mask."""
    compiled = re.compile(pattern)
    return np.array([bool(compiled.fullmatch(chr(b))) if b < 128 else False for b in range(256)])


@dataclass(frozen=True, eq=False)
class Grammar:
    """What is particular to one text format, as data the engine reads.

    ``header_starts``: a hand's first line begins with one of these (after an optional
    byte-order mark), then a character of the regex class ``header_follow`` (by default
    ``hand_id_class``); the hand number is the run of such characters after the first
    "#", ended by ``hand_id_end``. ``header``: a regex over the header with its hand
    number and time taken out, with the groups ``room``, ``tournament_id``, ``level``,
    ``game``, ``inner`` (a mixed game's current game), ``sb``, ``bb`` and ``cur``, and
    ``game_limit``, a limit written apart from the game (read after it).
    ``games``: a regex over the game text with the groups ``cards_n`` (5 or 6),
    ``variant`` (Omaha or Courchevel), ``hi_lo`` and ``limit``; ``limits`` maps the
    limit text to PL, NL or FL. ``mixed_game_parentheses``: a game text no game regex
    reads that ends in parentheses is a mixed game's, the current game in them
    (``8-Game (Omaha Hi/Lo Limit)``; a room whose parentheses hold the limit,
    ``Holdem(No Limit)``, says no). ``flop_games``: regexes over the game text of the
    room's other flop games (Hold'em and its short-deck forms), with an optional group
    ``limit``: their hands are skipped by the importer, and read in full when every flop
    game is asked for (to prove a reading on all the room writes). ``rooms``: the
    header's room text to the room's name. ``stack_suffix``: what follows the stack in a
    seat line. ``board_label``: what precedes a board's cards in the summary.
    ``totals``: labels on the summary's "Total pot" line and the column each amount goes
    to (``rake``, ``jackpot_fee``, ``tax``, ``room_money_in``). ``room_money_lines``:
    lines that start with one of these and end with an amount the room added to the pot
    (a cash drop). ``total_after_rake``: the printed total pot is what was left after
    the room's take. ``main_pot_only``: the total pot line writes the main pot alone, less
    the rake and a bet returned (``Main Pot: $38.50 Rake: $2.0``): it is read for its
    labels, and with ``total_line`` off every hand's total is what the players put in less
    what came back. ``pots_named``: collect lines name their pot (else "from pot" is
    any pot). ``button_draw``: cards dealt by name before the first street marker are
    a draw for the button (one card each), not hole cards. ``ignored_lines``: regexes of
    the lines that carry nothing to the hand (table and connection notes, tournament
    results, bounties won outside the pots), nor before a file's first hand: any other
    line of a hand that the grammar does not read is an error. ``wording``: the words the
    room writes around the values of its other lines (markers, seat, dealt, table,
    collect, return and summary lines; PokerStars' by default). ``implied_zone``: the IANA
    zone of a header time written with no zone (ET by default: the zone PokerStars writes,
    which converters copy without saying so); ``omaha import --timezone`` replaces it
    (:meth:`ingest.engine.site.TextSite.with_zone`).

    Rooms unlike PokerStars say so with the rest. ``time_line``: the hand's time stands
    alone on the line after its first (whose text then holds none). ``currency``: the
    money of a cash game whose header names none. ``game_names``: the room's names of
    games the game regexes know by another name, replaced in the game text before it is
    read. ``dealt_opens_preflop``: a dealt line starts the betting before the flop where no
    marker does. ``total_line``: the summary prints a total pot line (a hand without one
    is partial); when not, a hand without one has the total of what the players put in
    less what came back.
    ``summary_amounts``: summary lines made of a label and an amount, and the column each
    goes to (``"Rake "``: ``rake``), added to any on the total pot line; a label may
    write where the amount stands, and the text after it (``"Rake ({amount})"``).
    ``summary_results``: the summary's seat lines end with each player's result for the
    hand (signed, after the stack; none written for 0): what a player collected beyond
    the collect lines (a pot they leave out) is read from it, and a result the hand's
    lines do not give is an inconsistency. ``boards_in_markers``: the boards are read
    from the street markers (the last of each board) in hands whose summary prints none;
    with ``markers_deal_cards`` each marker writes only the cards it deals (``** Dealing turn
    ** [ 5d ]``), a board being all of its markers' cards. ``pot_lines``: each "Total pot"
    line is one pot's (side pots maybe before the show-down, the main pot's last); the
    hand's pots are their sum, a line the same as the hand's one before it being that pot
    printed again.

    ``amounts``: how the room writes amounts (PokerStars' style by default; see
    :class:`ingest.engine.amounts.AmountStyle`). ``header_lines``: a hand's header is its
    first line and the lines after it, read as one text (joined by their line ends): the
    hand number is taken out of it wherever it is written, and the time, after the time
    separator of the first line that writes one, which runs to its line's end
    (or to the wording's ``time_end``). The header
    regexes may then name the table (group ``table``) and its seats (``max_seats``), which
    a table line gives otherwise. ``info_lines``: regexes of the lines before the first
    street marker that say what the header does not, in another shape than PokerStars'
    table line (an unquoted name; the table, its seats and button on lines of their own; a
    tournament's level and blinds after the seats), with the groups ``table_name``,
    ``max_seats`` (the number of seats, maybe with a word after it: ``9max``),
    ``button_seat``, ``money``, ``tournament_id``, ``level``, ``sb`` and ``bb``: each line
    is read by the first that matches it, and the last line that gives a field wins, over
    the header's too; ``seat_counts`` gives the number of a ``max_seats`` text written in
    words (``HU``: 2), ``money_names`` the currency a ``money`` text names (the hand's,
    where its header names none). ``stack_between``: the text that
    opens and closes a seat line's stack, when the stack is all the text between them,
    spaces and all (``( $ 3.243 )``; by default a word in parentheses).
    ``card_words``: the room's words for ranks and suits in other languages, to the rank
    or suit they stand for (a word mapped to one of ``23456789TJQKA`` is a rank, one
    mapped to ``cdhs`` a suit: ``Kn`` -> ``J``, ``Pik`` -> ``s``); cards are then read as a
    rank then a suit, separated as ``Wording.card_separator`` says. ``rake_printed``: the
    room prints its rake (on the total pot line or a line of its own) in every hand; when
    not, a hand that writes none has the rake the pots did not pay: what the players left
    in them less what the pots paid out (the printed totals, where the room prints them
    after its take, else the collect lines), where the room's rules allow so much
    (``ingest.rooms.RoomRules.unprinted_rake_percent``; none in a tournament). A room whose
    printed rake is not the one it took has its cash hands' rake read so too
    (``ingest.rooms.RoomRules.printed_rake_taken``: BetOnline).
    ``encodings``: the one-byte encodings the room's clients write files in besides UTF-8,
    in order: a file not in UTF-8 is read in the one under which most of its characters
    outside ASCII are ones the room writes (its card words, currency signs and amount
    marks), the first on a tie. ``summary``: the room writes a summary section (in every
    hand); when not, a hand ends at the next header, the end of its file or a blank line
    (hands are written without one; a line the room writes that carries nothing,
    ``ignored_lines``, starts none), the lines of ``summary_amounts`` are read wherever
    they are in it, and a hand whose lines pay no pot is partial. ``glued_after``: texts
    after which a room may write the next statement on the same line (see
    :mod:`ingest.engine.glued`). ``unprinted_blinds``: a tournament hand with no post line
    posted its blinds all the same (see :func:`ingest.engine.unprinted.tournament_blinds`).

    Rooms that name players by their place at the table say so too.
    ``blinds_in_posts``: a header that writes no blinds (or none its regexes read: BetOnline's
    tournament stakes are not the blinds in play) takes them from the hand's first
    small-blind and big-blind posts; with ``posts_decide_blinds`` so does one whose first
    big blind posted is not the header's big blind (the header's amounts are then not the
    blinds in play). ``seats_in_order``: the seat lines' numbers are no
    places at the table (ids, or places listed out of order): a hand's seats are numbered
    1, 2, ... in the order listed, which is the table's. ``repeats_once``: a line that
    moves chips, written again right after itself, is one line written twice.
    ``streets_from_betting``: a hand that marks no street after the hole cards has its
    streets from its betting: a round closes when every player neither folded nor all-in
    has acted since its last bet or raise and matched it, and the next betting line opens
    the next street.

    ``summary_winnings``: a hand with no collect line is paid as its summary says: each
    seat line's amount after "won" (or after "collected", on a line without "won") is
    collected by that seat (``Seat 2: X did not show and won $9.00``; rooms that print
    collect lines only at a showdown, or none). With ``one_pot_each`` that amount is one
    pot's (the first the player won, main pot first): the pots it leaves out are completed
    from the betting (:mod:`ingest.engine.winners`). ``summary_best_hand``: the cards a
    winner's summary line shows are the best five, not the hole cards.
    ``both_blinds_live_part``: a post of both blinds prints only its live part, the hand's
    small blind, dead, coming on top. ``cards_decide``: a hand of a flop game whose players
    hold 4, 5 or 6 cards is Omaha of that many cards. ``stacks_after_posts``: a tournament
    hand's seat lines print the stacks left after the antes and blinds (its stacks are
    those plus the player's posts). ``stacks_may_follow_posts``: so do some of its tournament
    hands, told by their chips: those where a player puts in more than the stack printed
    and nobody more than it plus his posts. ``big_blind_twice_small``: a hand whose header writes
    no blinds has a big blind twice the small blind it posts (where one is posted), its big
    blind's post maybe short (all in for less). ``seat_line``: a regex over seat lines
    written player first (``Wording.seated``), with the groups ``seat``, ``player`` and
    ``stack``. ``blank_lines_inside``: the most blank lines in a row a
    hand may hold (sections apart, a file written double-spaced): more end it, where no
    header starts the next; none counts as a header line.

    ``time_first``: a hand's first line is its time (the text after the header start:
    ``Game started at: 2015/4/28 1:1:3``), the header with the hand number on its next
    non-blank line (``time_line`` the other way round). ``money_names``: a money text as
    a currency: the header's (group ``cur``) where it is no ISO code (``PM``: ``play``),
    an info line's ``money`` (``Real Money``: ``USD``; one it does not name: none).
    ``unwritten_limits``: the limit a hand whose header writes none (its ``limit_type``
    null once decoded) is dealt at, by its game's text, unless its betting proves another:
    no-limit where a bet or raise goes above the pot, in the hand or in another of its
    tournament (the same tournament in the same file of the chunk: a tournament has one
    limit); with ``fixed_by_header_bets`` a hand whose big blind (the first posted, not
    all-in) is the header's first amount is fixed-limit (the header gives the small and
    big bets). A hand whose game the rule does not name keeps no limit (an error).
    ``unwritten_dead_small``: a big blind posted after the hand's first (a player posting
    to play) may come with a small blind posted dead that no line writes: it did where the
    player's written result (``summary_results``) is his net less the hand's small blind
    (the post is then one of both blinds, see ``both_blinds_live_part``).
    """

    site: str
    header_starts: tuple[str, ...]
    hand_id_class: str
    hand_id_end: str
    header: str | tuple[str, ...]
    games: str | tuple[str, ...]
    limits: Mapping[str, str]
    rooms: Mapping[str, str]
    actions: Actions
    totals: Mapping[str, str]
    stack_suffix: str = " in chips"
    board_label: str = "Board ["
    room_money_lines: tuple[str, ...] = ()
    total_after_rake: bool = False
    main_pot_only: bool = False
    header_follow: str = ""
    pots_named: bool = True
    flop_games: tuple[str, ...] = ()
    mixed_game_parentheses: bool = True
    button_draw: bool = False
    ignored_lines: tuple[str, ...] = ()
    wording: Wording = field(default_factory=Wording)
    implied_zone: str = "America/New_York"
    time_line: bool = False
    currency: str = "play"
    game_names: Mapping[str, str] = field(default_factory=dict)
    dealt_opens_preflop: bool = False
    total_line: bool = True
    summary_amounts: Mapping[str, str] = field(default_factory=dict)
    summary_results: bool = False
    boards_in_markers: bool = False
    pot_lines: bool = False
    markers_deal_cards: bool = False
    amounts: AmountStyle = DEFAULT_STYLE
    header_lines: int = 1
    seat_counts: Mapping[str, int] = field(default_factory=dict)
    stack_between: tuple[str, str] | tuple[()] = ()
    card_words: Mapping[str, str] = field(default_factory=dict)
    rake_printed: bool = True
    encodings: tuple[str, ...] = ()
    summary: bool = True
    blinds_in_posts: bool = False
    posts_decide_blinds: bool = False
    seats_in_order: bool = False
    repeats_once: bool = False
    streets_from_betting: bool = False
    summary_winnings: bool = False
    one_pot_each: bool = False
    summary_best_hand: bool = False
    both_blinds_live_part: bool = False
    cards_decide: bool = False
    stacks_after_posts: bool = False
    stacks_may_follow_posts: bool = False
    big_blind_twice_small: bool = False
    seat_line: str = ""
    blank_lines_inside: int = 0
    info_lines: tuple[str, ...] = ()
    glued_after: tuple[str, ...] = ()
    unprinted_blinds: bool = False
    time_first: bool = False
    money_names: Mapping[str, str] = field(default_factory=dict)
    unwritten_limits: Mapping[str, str] = field(default_factory=dict)
    fixed_by_header_bets: bool = False
    unwritten_dead_small: bool = False

    @property
    def time_apart(self) -> bool:
        """Whether the hand's time is on another line than its header's hand number."""
        return self.time_line or self.time_first

    @functools.cached_property
    def tables(self) -> Tables:
        """The grammar's literals as the arrays the compiled scans take."""
        return Tables(
            header_starts=scan.literal_table(list(self.header_starts)),
            hand_id=byte_class(self.hand_id_class),
            header_follow=byte_class(self.header_follow or self.hand_id_class),
            header_pairs=_first_pairs(self.header_starts),
            hand_id_end=scan.lit(self.hand_id_end),
            stack_suffix=scan.lit(self.stack_suffix),
            board_label=scan.lit(self.board_label),
            total_labels=scan.literal_table(list(self.totals)),
            room_money_lines=scan.literal_table(list(self.room_money_lines)),
            summary_amounts=scan.literal_table(
                [label.partition(_AMOUNT)[0] for label in self.summary_amounts]
            ),
            summary_amount_ends=scan.literal_table(
                [label.partition(_AMOUNT)[2] for label in self.summary_amounts]
            ),
            stack_between=tuple(scan.lit(text) for text in self.stack_between or ("", "")),
        )

    @property
    def header_patterns(self) -> tuple[str, ...]:
        """The header regexes, tried in order (the first that matches decodes the header)."""
        return (self.header,) if isinstance(self.header, str) else self.header

    @property
    def game_patterns(self) -> tuple[str, ...]:
        """The game regexes, tried in order."""
        return (self.games,) if isinstance(self.games, str) else self.games

    @functools.cached_property
    def hand_start(self) -> re.Pattern[bytes]:
        """The first line of a hand (maybe indented, or after NUL bytes), as a bytes regex for
        cutting files into chunks."""
        starts = b"|".join(re.escape(s.encode()) for s in self.header_starts)
        return re.compile(
            rb"^[ \t\x00]*(?:\xef\xbb\xbf)?(?:" + starts + rb")"
            + (self.header_follow or self.hand_id_class).encode(),
            re.MULTILINE,
        )


@dataclass(frozen=True, eq=False)
class Tables:
    """A grammar's literals as arrays (see :class:`Grammar`)."""

    header_starts: tuple[np.ndarray, np.ndarray]
    hand_id: np.ndarray
    header_follow: np.ndarray
    header_pairs: np.ndarray  # 65,536 flags: the first two bytes a header can start with
    hand_id_end: np.ndarray
    stack_suffix: np.ndarray
    board_label: np.ndarray
    total_labels: tuple[np.ndarray, np.ndarray]
    room_money_lines: tuple[np.ndarray, np.ndarray]
    summary_amounts: tuple[np.ndarray, np.ndarray]  # what precedes each label's amount
    summary_amount_ends: tuple[np.ndarray, np.ndarray]  # and what follows it
    stack_between: tuple[np.ndarray, ...]  # what opens and closes a stack (empty: a word)
