-- omaha report hands (--by category): one row per value of each starting-hand category
-- (pairs, suitedness, connectedness, high cards; low start and low ranks for hi/lo games
-- only) over the player-hands whose hole cards are known.
-- Categories depend on the class only, so the hands are first summed per class (an
-- integer key) and the category texts joined to those sums.
WITH per_class AS (
    SELECT *
    FROM class_results($player, $game, $small_blind, $big_blind, $big_blind_units, $since,
        $until)
),
classified AS (
    SELECT
        p.*,
        k.pairs,
        k.suitedness,
        k.connectedness,
        k.high_cards,
        CASE WHEN p.hi_lo THEN k.low_start END AS low_start,
        CASE WHEN p.hi_lo THEN k.low_ranks END AS low_ranks
    FROM per_class AS p
    JOIN class_categories AS k USING (class_key)
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
        sum(dealt)::BIGINT AS dealt,
        pct(sum(vpip_n), sum(vpip_opp)) AS vpip,
        pct(sum(pfr_n), sum(vpip_opp)) AS pfr,
        sum(net)::BIGINT AS net,
        round(100 * sum(net_bb) / sum(dealt), 2) AS bb_per_100,
        pct(sum(wsd_n), sum(wsd_opp)) AS wsd,
        sum(vpip_n)::BIGINT AS vpip_n,
        sum(vpip_opp)::BIGINT AS vpip_opp,
        sum(pfr_n)::BIGINT AS pfr_n,
        sum(vpip_opp)::BIGINT AS pfr_opp,
        sum(wsd_n)::BIGINT AS wsd_n,
        sum(wsd_opp)::BIGINT AS wsd_opp
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
