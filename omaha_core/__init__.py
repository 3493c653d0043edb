"""omaha_core: cards, the Omaha hand evaluator, pots and awards.

Depends on nothing else in the project: ingest and analysis build on it.
"""

from omaha_core.awards import AWARD_SCHEMA, Award, Half, OddChipRule, award_pots, awards_to_arrow
from omaha_core.cards import format_cards, parse_cards
from omaha_core.describe import best_high, best_low, describe_high, describe_low, high_categories
from omaha_core.evaluate import (
    five_card_values,
    high_low_values,
    high_value,
    high_values,
    low_value,
    low_values,
)
from omaha_core.games import GAMES, Game
from omaha_core.pots import Pot, build_pots, uncalled_bet

__all__ = [
    "AWARD_SCHEMA",
    "GAMES",
    "Award",
    "Game",
    "Half",
    "OddChipRule",
    "Pot",
    "award_pots",
    "awards_to_arrow",
    "best_high",
    "best_low",
    "build_pots",
    "describe_high",
    "describe_low",
    "five_card_values",
    "format_cards",
    "high_categories",
    "high_low_values",
    "high_value",
    "high_values",
    "low_value",
    "low_values",
    "parse_cards",
    "uncalled_bet",
]
