-- omaha report players: one row per player and currency (tournaments in chips), and per
-- month, week or day with --by ($period; NULL: no period). Statistics from
-- stat_sums/stat_values (sql/views.sql), money in the smallest unit. Definitions: docs/stats.md.
WITH totals AS (
    SELECT
        player,
        currency,
        date_trunc($period, started_at AT TIME ZONE 'UTC')::DATE AS period,
        unnest(stat_sums(r))
    FROM report_hands($player, $game, $currency, $tournament, $small_blind, $big_blind,
        $since, $until, p_room := $room) AS r
    GROUP BY player, currency, period
    HAVING sum(r.hands) >= $min_hands
)
SELECT
    player,
    currency,
    period,
    hands,
    unnest(stat_values(totals)),
    net,
    bb_per_100(totals) AS bb_per_100,
    rake_paid,
    net_showdown,
    net_no_showdown,
    net_adjusted,
    adjusted_bb_per_100(totals) AS adjusted_bb_per_100,
    luck,
    COLUMNS('_(n|opp|calls)$')
FROM totals
ORDER BY currency, period, hands DESC, player;
