"""Currencies: how rooms write them and the smallest unit each is counted in.

Amounts are stored as integers in the smallest unit of their currency: cents for money
(``USD``, ``EUR``, ...) and for play money (``play``: some rooms deal it in cents, as
Winamax's 0.05/0.10 tables), whole chips for tournaments (``chips``).
This is the one place that says so; every table carries ``units_per_currency`` from here.
"""

from __future__ import annotations

import polars as pl

# Signs rooms print before or after amounts, as ISO codes.
CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR"}
# Smallest units per unit of a currency, where it is not 100 (cents).
_UNITS = {"chips": 1}
CENTS = 100


def units_per_currency(currency: str) -> int:
    """Smallest units per unit of ``currency``.

    >>> units_per_currency("USD"), units_per_currency("play"), units_per_currency("chips")
    (100, 100, 1)
    """
    return _UNITS.get(currency, CENTS)


def units_expr(currency: pl.Expr) -> pl.Expr:
    """:func:`units_per_currency` over a column of currencies."""
    return currency.replace_strict(_UNITS, default=CENTS, return_dtype=pl.Int32)
