-- omaha report hands (--by category): one row per value of each starting-hand category
-- (pairs, suitedness, connectedness, high cards; low start and low ranks for hi/lo games
-- only) over the player-hands whose hole cards are known.
WITH classified AS (
    SELECT
        ph.*,
        c.pairs,
        c.suitedness,
        c.connectedness,
        c.high_cards,
        CASE WHEN ph.hi_lo THEN c.low_start END AS low_start,
        CASE WHEN ph.hi_lo THEN c.low_ranks END AS low_ranks
    FROM report_hands($player, $game, $small_blind, $big_blind, $big_blind_units, $since,
        $until) AS ph
    JOIN hand_classes AS c USING (hole_cards)
),
grouped AS (
    SELECT
        CASE
            WHEN GROUPING(pairs) = 0 THEN 'pairs'
            WHEN GROUPING(suitedness) = 0 THEN 'suitedness'
            WHEN GROUPING(connectedness) = 0 THEN 'connectedness'
            WHEN GROUPING(high_cards) = 0 THEN 'high_cards'
            WHEN GROUPING(low_start) = 0 THEN 'low_start'
            ELSE 'low_ranks'
        END AS category,
        coalesce(pairs, suitedness, connectedness, high_cards, low_start,
            CAST(low_ranks AS VARCHAR)) AS value,
        count(*) AS dealt,
        pct(count_if(vpip), count_if(NOT walk)) AS vpip,
        pct(count_if(pfr), count_if(NOT walk)) AS pfr,
        sum(net)::BIGINT AS net,
        round(100 * sum(net_bb) / count(*), 2) AS bb_per_100,
        pct(count_if(won_at_showdown), count_if(went_to_showdown)) AS wsd,
        count_if(vpip)::BIGINT AS vpip_n,
        count_if(NOT walk)::BIGINT AS vpip_opp,
        count_if(pfr)::BIGINT AS pfr_n,
        count_if(NOT walk)::BIGINT AS pfr_opp,
        count_if(won_at_showdown)::BIGINT AS wsd_n,
        count_if(went_to_showdown)::BIGINT AS wsd_opp
    FROM classified
    GROUP BY GROUPING SETS ((pairs), (suitedness), (connectedness), (high_cards),
        (low_start), (low_ranks))
)
SELECT *
FROM grouped
WHERE value IS NOT NULL AND dealt >= $min_hands
ORDER BY
    list_position(['pairs', 'suitedness', 'connectedness', 'high_cards', 'low_start',
        'low_ranks'], category),
    dealt DESC,
    value;
