-- omaha graph: cumulative net won over the hands of one player (or of the hero rows when
-- no player is named), in hand order, split into showdown and non-showdown winnings.
SELECT
    row_number() OVER hand_order AS hand_number,
    started_at,
    hand_id,
    currency,
    units_per_currency,
    sum(net) OVER hand_order AS net,
    sum(CASE WHEN went_to_showdown THEN net ELSE 0 END) OVER hand_order AS net_showdown,
    sum(CASE WHEN went_to_showdown THEN 0 ELSE net END) OVER hand_order AS net_no_showdown
FROM report_hands($player, $game, $small_blind, $big_blind, $big_blind_units, $since, $until)
WHERE $player IS NOT NULL OR is_hero
WINDOW hand_order AS (ORDER BY started_at, site, hand_id ROWS UNBOUNDED PRECEDING)
ORDER BY hand_number;
