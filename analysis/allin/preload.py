"""Imported by the all-in stage's fork server (``Stage.preload``): an equity of a high and
of a high-low game loads the compiled enumeration and the shared tables of both, so that
every worker forked from the server has them, instead of loading them (some 0.2 to 0.5 s)
on its first batch."""

from __future__ import annotations

from omaha_core.cards import parse_cards
from omaha_core.equity import equity

for _game in ("omaha", "omaha8"):
    equity([parse_cards("As Ah 2c 3d"), parse_cards("Ks Kh Qc Jd")], game=_game)
