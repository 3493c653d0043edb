-- omaha report sessions: per player, one row per session at a table. A session is a run of
-- the player's hands at one table (site, tournament, table name; one currency) with no gap
-- between two hands over $gap_minutes; it lasts from its first hand's start to its last's.
-- Only the columns the report shows are carried through the windows.
WITH gaps AS (
    SELECT
        player, currency, site, tournament_id, table_name, started_at, hands, net, net_bb,
        rake_paid, vpip_n, vpip_opp, pfr_n, pfr_opp,
        started_at - lag(started_at) OVER (
            PARTITION BY player, site, tournament_id, table_name, currency
            ORDER BY started_at, hand_id
        ) AS gap,
        hand_id
    FROM report_hands($player, $game, $currency, $tournament, $small_blind, $big_blind,
        $since, $until, p_room := $room)
),
numbered AS (
    SELECT
        * EXCLUDE (gap, hand_id),
        count(*) FILTER (WHERE gap IS NULL OR gap > to_minutes($gap_minutes)) OVER (
            PARTITION BY player, site, tournament_id, table_name, currency
            ORDER BY started_at, hand_id ROWS UNBOUNDED PRECEDING
        ) AS session
    FROM gaps
),
totals AS (
    SELECT
        player,
        currency,
        table_name,
        min(started_at) AS start,
        max(started_at) AS finish,
        sum(COLUMNS('^(hands|net|rake_paid)$|_(n|opp)$'))::BIGINT,
        sum(net_bb) AS net_bb
    FROM numbered
    GROUP BY player, currency, site, tournament_id, table_name, session
    HAVING sum(hands) >= $min_hands
)
SELECT
    player,
    currency,
    table_name AS "table",
    start,
    (epoch(finish - start) // 60)::BIGINT AS minutes,
    hands,
    net,
    bb_per_100(totals) AS bb_per_100,
    pct(vpip_n, vpip_opp) AS vpip,
    pct(pfr_n, pfr_opp) AS pfr,
    rake_paid,
    vpip_n,
    vpip_opp,
    pfr_n,
    pfr_opp
FROM totals
ORDER BY player, currency, start, "table";
