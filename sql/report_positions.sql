-- omaha report positions: the statistics and results by table position (SB, BB, UTG, ...,
-- CO, BTN) and currency, over one player (--player) or everyone. Definitions: docs/stats.md.
WITH totals AS (
    SELECT coalesce(position, '?') AS position, currency, unnest(stat_sums(r))
    FROM report_hands($player, $game, $currency, $tournament, $small_blind, $big_blind,
        $since, $until, p_room := $room) AS r
    GROUP BY coalesce(position, '?'), currency
    HAVING sum(r.hands) >= $min_hands
)
SELECT
    position,
    currency,
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
ORDER BY
    currency,
    coalesce(list_position(
        ['SB', 'BB', 'UTG', 'UTG1', 'UTG2', 'UTG3', 'MP', 'MP1', 'MP2', 'HJ', 'CO', 'BTN'],
        position), 99),
    position;
