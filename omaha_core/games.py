"""The Omaha variants the project knows, as data: one registry that every module reads.

>>> GAMES["omaha5_8"]
Game(name='omaha5_8', label='5-Card Omaha Hi/Lo 8-or-better', hole_cards=5, hi_lo=True, \
courchevel=False, qualifier=8)
>>> [name for name, game in GAMES.items() if game.courchevel]
['courchevel', 'courchevel8']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Game:
    """One Omaha variant: hole cards dealt, whether the pot splits hi/lo, and the low qualifier.

    ``courchevel``: the first board card is dealt face up before the preflop betting.
    """

    name: str
    label: str
    hole_cards: int
    hi_lo: bool
    courchevel: bool
    qualifier: int = 8


GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        Game("omaha", "Omaha Hi", 4, hi_lo=False, courchevel=False),
        Game("omaha8", "Omaha Hi/Lo 8-or-better", 4, hi_lo=True, courchevel=False),
        Game("omaha5", "5-Card Omaha Hi", 5, hi_lo=False, courchevel=False),
        Game("omaha5_8", "5-Card Omaha Hi/Lo 8-or-better", 5, hi_lo=True, courchevel=False),
        Game("omaha6", "6-Card Omaha Hi", 6, hi_lo=False, courchevel=False),
        Game("omaha6_8", "6-Card Omaha Hi/Lo 8-or-better", 6, hi_lo=True, courchevel=False),
        Game("courchevel", "Courchevel Hi", 5, hi_lo=False, courchevel=True),
        Game("courchevel8", "Courchevel Hi/Lo 8-or-better", 5, hi_lo=True, courchevel=True),
    )
}
