-- omaha graph: the cumulative net won of one player (or of the hero rows when no player is
-- named) per currency, over the hands in the order they were played: in total, all-in
-- adjusted, and split by whether the player went to showdown. Only the points drawn leave the database: about
-- $max_points per currency, the first and last hands included.
WITH running AS (
    SELECT
        currency,
        row_number() OVER played AS hand_number,
        count(*) OVER (PARTITION BY currency) AS hands,
        sum(net) OVER played AS net,
        sum(net_adjusted) OVER played AS net_adjusted,
        sum(net_showdown) OVER played AS net_showdown,
        sum(net_no_showdown) OVER played AS net_no_showdown
    FROM report_hands($player, $game, $currency, $tournament, $small_blind, $big_blind,
        $since, $until, p_room := $room)
    WHERE $player IS NOT NULL OR is_hero
    WINDOW played AS (
        PARTITION BY currency ORDER BY started_at, site, hand_id ROWS UNBOUNDED PRECEDING
    )
)
SELECT currency, hand_number, hands, net::BIGINT AS net,
    round(net_adjusted)::BIGINT AS net_adjusted, net_showdown::BIGINT AS net_showdown,
    net_no_showdown::BIGINT AS net_no_showdown
FROM running
WHERE hand_number % greatest(hands // $max_points, 1) = 0 OR hand_number IN (1, hands)
ORDER BY currency, hand_number;
