"""Currencies: how rooms write them and the smallest unit each is counted in.

Amounts are stored as integers in the smallest unit of their currency: cents for money
(``USD``, ``EUR``, ...) and for play money (``play``: some rooms deal it in cents, as
Winamax's 0.05/0.10 tables), hundredths of a milli-bitcoin for ``mBTC`` (Seals With
Clubs writes at most two decimals: one unit is 1,000 satoshi), and hundredths of a chip for
tournaments (``chips``: iPoker, BetOnline and Winamax deal stacks such as ``9,376.25``).
This is the one place that says so; every table carries ``units_per_currency`` from here.
"""

from __future__ import annotations

import polars as pl

# Signs rooms print before or after amounts, as ISO codes.
CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY"}
# Currencies named by a word rather than an ISO code, as stored.
NAMED_CURRENCIES = ("chips", "play", "mBTC")
# How people see an amount of each currency: a sign before it, or a word after it.
_SIGN_OF = {code: sign for sign, code in CURRENCY_SIGNS.items()}
_WORD_OF = {name: name for name in NAMED_CURRENCIES}
CENTS = 100
# Smallest units per unit of a currency: cents but where it says (a chip and an mBTC hold 100
# of their smallest units too, said here so that no other count could creep in).
_UNITS = {"chips": CENTS, "mBTC": CENTS}


def units_per_currency(currency: str) -> int:
    """Smallest units per unit of ``currency``.

    >>> units_per_currency("USD"), units_per_currency("play"), units_per_currency("chips")
    (100, 100, 100)
    >>> units_per_currency("mBTC")  # 0.01 mBTC, the least amount Seals With Clubs writes
    100
    """
    return _UNITS.get(currency, CENTS)


def units_expr(currency: pl.Expr) -> pl.Expr:
    """:func:`units_per_currency` over a column of currencies."""
    return currency.replace_strict(_UNITS, default=CENTS, return_dtype=pl.Int32)


def show_money(amount: int, currency: str) -> str:
    """An amount in the smallest unit of ``currency`` as people read it: in the currency's
    unit, with its sign, thousands separated; whole chips without their hundredths.

    >>> show_money(93208, "USD"), show_money(-4979, "EUR"), show_money(766780000, "chips")
    ('$932.08', '-€49.79', '7,667,800 chips')
    >>> show_money(937625, "chips")
    '9,376.25 chips'
    >>> show_money(1250, "play"), show_money(-5, "mBTC")
    ('12.50 play', '-0.05 mBTC')
    """
    unit = units_per_currency(currency)
    sign = "-" if amount < 0 else ""
    whole, part = divmod(abs(amount), unit)
    whole_chips = currency == "chips" and part == 0
    number = f"{whole:,}" if whole_chips else f"{whole:,}.{part:0{len(str(unit)) - 1}d}"
    if currency in _SIGN_OF:
        return f"{sign}{_SIGN_OF[currency]}{number}"
    return f"{sign}{number} {_WORD_OF.get(currency, currency)}"


def money_text(amount: pl.Expr, currency: pl.Expr) -> pl.Expr:
    """:func:`show_money` over columns of amounts and currencies (null where the amount is);
    meant for the few rows of a reason, not for whole tables."""
    return pl.struct(amount.alias("amount"), currency.alias("currency")).map_elements(
        lambda row: None if row["amount"] is None else show_money(row["amount"], row["currency"]),
        return_dtype=pl.String,
    )
