"""How a room writes its amounts, as data compiled into the amount scan.

Most rooms write amounts as PokerStars does (``$1,234.50``, ``12€``): that is the default
style, read by :func:`ingest.engine.scan.hundredths`. A room that writes otherwise says
which marks group its thousands and which mark its decimals, whether a space may stand
between the sign and the number, and whether its marks are told apart by the digits after
them (888: ``$ 3.243`` is 3,243, ``0,38 $`` is 0.38, ``5 000 $`` is 5,000, ``42.797,60 $``
is 42,797.60); its amounts may then hold spaces, and its templates' amount fields run to
the literal after them (see :func:`ingest.engine.grammar.compile_actions`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import numpy as np

from ingest.engine import scan
from ingest.engine.scan import njit

# Signs an amount may carry (as ``scan.hundredths`` reads them), and the spaces a style may
# put between the sign and the number.
SIGNS = "$€£₹¥"
_SIGN_SPACES = (" ", "\u00a0")


@dataclass(frozen=True, eq=False)
class AmountStyle:
    """A room's amounts: ``group_marks`` separate thousands and ``decimal_marks`` come before
    one or two decimals; with ``sign_space`` a space or a no-break space may stand between
    the currency sign (before or after the number) and the number. With ``groups_of_three``
    a mark followed by exactly three digits (then another mark, or the end) groups
    thousands, and any other mark is the decimal mark (so ``.`` and ``,`` may each be
    either); without it (the default, PokerStars' style) the group marks may stand anywhere
    among the digits and the decimal mark is ``.``. ``units``: words a room writes after an
    amount, after white space (its currency's code, ``chips``: ``[$0.02  USD]``), read with
    it; a room that writes them may also write spaces around an amount (``[ $0,25 USD ]``),
    no part of it."""

    decimal_marks: str = "."
    group_marks: str = ","
    sign_space: bool = False
    groups_of_three: bool = False
    units: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.groups_of_three and set(self.decimal_marks) & set(self.group_marks):
            raise ValueError("a mark both groups and ends digits only where three digits "
                             "after it tell which")

    @property
    def is_default(self) -> bool:
        """Whether this is PokerStars' style (read by ``scan.hundredths``)."""
        return (self.decimal_marks, self.group_marks, self.sign_space, self.groups_of_three,
                self.units) == (".", ",", False, False, ())  # fmt: skip

    @property
    def spaced(self) -> bool:
        """Whether an amount may hold white space (a space as a mark or after the sign, a
        unit after it)."""
        return (self.sign_space or any(mark.isspace() for mark in self.group_marks)
                or bool(self.units))  # fmt: skip

    @functools.cached_property
    def tables(self) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """The group marks, decimal marks and spaces after a sign as literal tables for
        :func:`_styled_hundredths`."""
        return (scan.literal_table(list(self.group_marks)),
                scan.literal_table(list(self.decimal_marks)),
                scan.literal_table(list(_SIGN_SPACES) if self.sign_space else []),
                scan.literal_table(list(self.units)))  # fmt: skip

    def hundredths(
        self, data: np.ndarray, starts: np.ndarray, ends: np.ndarray, absent: int
    ) -> np.ndarray:
        """Amount texts as integers in hundredths of their unit, -1 where a text is not an
        amount of this style (see :meth:`regex`), ``absent`` where a span is null."""
        if self.is_default:
            return scan.hundredths(data, starts, ends, absent)
        (groups, group_bounds), (decimals, decimal_bounds), (spaces, space_bounds), units = (
            self.tables
        )
        if self.units:  # white space around the amount and a unit after it are no part of it
            starts, ends = _without_unit(data, starts, ends, *units)
        return _styled_hundredths(data, starts, ends, absent, groups, group_bounds, decimals,
                                  decimal_bounds, spaces, space_bounds, self.groups_of_three)

    def regex(self) -> str:
        """The plain regex of an amount of this style (the default style's "k" for
        thousands left out)."""
        groups = "[" + re.escape(self.group_marks) + "]"
        decimals = "[" + re.escape(self.decimal_marks) + "]"
        if self.groups_of_three:
            number = rf"[0-9]+(?:{groups}[0-9]{{3}})*(?:{decimals}[0-9]{{1,2}})?"
        else:
            number = rf"[0-9](?:[0-9]|{groups})*(?:{decimals}[0-9]{{1,2}})?"
        sign = f"[{SIGNS}]"
        space = "[ \u00a0]?" if self.sign_space else ""
        if self.units:
            unit = "|".join(re.escape(unit) for unit in self.units)
            amount = rf"(?:{sign}{space})?{number}|{number}{space}{sign}"
            return rf"^ *(?:{amount})(?: +(?:{unit}))? *$"
        return rf"^(?:{sign}{space})?{number}$|^{number}{space}{sign}$"

    def value(self, text: str) -> int | None:
        """The hundredths of an amount text of this style (None: not one): the plain
        reading the scan is pinned to."""
        if not re.match(self.regex(), text):
            return None
        if self.units:
            units = "|".join(map(re.escape, self.units))
            text = re.sub(rf" +(?:{units}) *$", "", text.strip(" ")).strip(" ")
        number = text.strip(SIGNS).strip(" \u00a0")
        marks = re.escape(self.group_marks + self.decimal_marks)
        pieces = re.split(f"([{marks}])", number)
        whole, part = pieces[0], ""
        for k in range(1, len(pieces), 2):
            mark, digits = pieces[k], pieces[k + 1]
            grouping = len(digits) == 3 if self.groups_of_three else mark in self.group_marks
            if grouping and mark in self.group_marks:
                whole += digits
            else:
                part = digits
        if len(whole) > 16:
            return None
        return int(whole) * 100 + int((part + "00")[:2])


DEFAULT_STYLE = AmountStyle()


@njit
def _without_unit(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, units: np.ndarray,
    unit_bounds: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """The spans less the spaces around them and a unit after spaces at their end (``^ *(.*?)(?:
    +(?:<units>))? *$``, the unit the first that ends the text)."""
    out_starts, out_ends = starts.copy(), ends.copy()
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        if start < 0:
            continue
        while start < end and data[start] == 32:
            start += 1
        while end > start and data[end - 1] == 32:
            end -= 1
        for u in range(unit_bounds.size - 1):
            size = unit_bounds[u + 1] - unit_bounds[u]
            cut = end - size
            if cut > start and data[cut - 1] == 32 and scan.at_entry(
                data, cut, end, units, unit_bounds[u], unit_bounds[u + 1]
            ):
                end = cut
                while end > start and data[end - 1] == 32:
                    end -= 1
                break
        out_starts[i], out_ends[i] = start, end
    return out_starts, out_ends


@njit
def _styled_hundredths(
    data: np.ndarray, starts: np.ndarray, ends: np.ndarray, absent: int,
    groups: np.ndarray, group_bounds: np.ndarray, decimals: np.ndarray,
    decimal_bounds: np.ndarray, spaces: np.ndarray, space_bounds: np.ndarray,
    threes: bool,
) -> np.ndarray:  # fmt: skip
    """:meth:`AmountStyle.hundredths` for a style that is not the default: an optional sign
    before (then maybe a space) or after (maybe after a space) the number; the number's
    marks read as the style says; at most 16 digits before the decimals."""
    out = np.empty(starts.size, np.int64)
    for i in range(starts.size):
        start, end = starts[i], ends[i]
        if start < 0:
            out[i] = absent
            continue
        out[i] = -1
        pos = start + (scan.currency_width(data, start, end) if end > start else 0)
        if pos > start:
            space = scan.prefix_of(data, pos, end, spaces, space_bounds)
            if space >= 0:
                pos += space_bounds[space + 1] - space_bounds[space]
        else:  # a sign after the number, maybe after a space
            for width in (1, 2, 3):
                if end - width > start and scan.currency_width(data, end - width, end) == width:
                    end -= width
                    for k in range(space_bounds.size - 1):
                        size = space_bounds[k + 1] - space_bounds[k]
                        if end - size > start and scan.at_entry(
                            data, end - size, end, spaces, space_bounds[k], space_bounds[k + 1]
                        ):
                            end -= size
                            break
                    break
        if pos >= end or not 48 <= data[pos] <= 57:
            continue
        value, digits, fraction, ok = 0, 0, False, True
        while pos < end:
            b = data[pos]
            if 48 <= b <= 57:
                value = value * 10 + (b - 48)
                digits += 1
                pos += 1
                continue
            group = scan.prefix_of(data, pos, end, groups, group_bounds)
            if group >= 0:
                after = pos + group_bounds[group + 1] - group_bounds[group]
                if not threes or scan.digits_end(data, after, end) == after + 3:
                    pos = after
                    continue
            decimal = scan.prefix_of(data, pos, end, decimals, decimal_bounds)
            first = pos + decimal_bounds[decimal + 1] - decimal_bounds[decimal]
            last = scan.digits_end(data, first, end) if decimal >= 0 else first
            if decimal < 0 or last != end or not 1 <= last - first <= 2:
                ok = False
                break
            value = value * 100 + (data[first] - 48) * 10
            if last - first == 2:
                value += data[first + 1] - 48
            fraction = True
            pos = end
        if ok and digits <= 16:
            out[i] = value if fraction else value * 100
    return out
