-- omaha report hands (--by category): one row per value of each starting-hand category
-- (pairs, suitedness, connectedness, high cards; low start and low ranks for hi/lo games
-- only) and currency, over the player-hands whose hole cards are known.
-- Categories depend on the class only, so the hands are first summed per class (an
-- integer key) and the category texts joined to those sums.
WITH classified AS (
    SELECT
        p.*,
        k.pairs,
        k.suitedness,
        k.connectedness,
        k.high_cards,
        CASE WHEN p.hi_lo THEN k.low_start END AS low_start,
        CASE WHEN p.hi_lo THEN k.low_ranks END AS low_ranks
    FROM class_results($player, $game, $currency, $tournament, $small_blind, $big_blind,
        $since, $until, p_room := $room) AS p
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
        currency,
        sum(COLUMNS('^(hands|net|rake_paid)$|_(n|opp)$'))::BIGINT,
        sum(net_bb) AS net_bb
    FROM classified
    GROUP BY GROUPING SETS ((pairs, currency), (suitedness, currency),
        (connectedness, currency), (high_cards, currency), (low_start, currency),
        (low_ranks, currency))
),
shown AS (
    SELECT * FROM grouped WHERE value IS NOT NULL AND hands >= $min_hands
)
SELECT
    category,
    value,
    currency,
    hands AS dealt,
    pct(vpip_n, vpip_opp) AS vpip,
    pct(pfr_n, pfr_opp) AS pfr,
    net,
    bb_per_100(shown) AS bb_per_100,
    pct(wsd_n, wsd_opp) AS wsd,
    vpip_n,
    vpip_opp,
    pfr_n,
    pfr_opp,
    wsd_n,
    wsd_opp
FROM shown
ORDER BY
    currency,
    list_position(['pairs', 'suitedness', 'connectedness', 'high_cards', 'low_start',
        'low_ranks'], category),
    dealt DESC,
    value;
