-- omaha graph: the net won of each hand of one player (or of the hero rows when no player is
-- named), in the order the hands were played; analysis/graph.py sums them cumulatively,
-- in total and split by whether the player went to showdown.
SELECT
    net,
    went_to_showdown,
    currency,
    units_per_currency
FROM report_hands($player, $game, $small_blind, $big_blind, $big_blind_units, $since, $until)
WHERE $player IS NOT NULL OR is_hero
ORDER BY started_at, site, hand_id;
