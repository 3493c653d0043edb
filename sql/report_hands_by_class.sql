-- omaha report hands --by class: one row per suit-isomorphic starting-hand class
-- (canonical text, e.g. AsAhKsKh) over the player-hands whose hole cards are known.
-- Summed per integer class key first, then named: faster than grouping by the text.
WITH per_class AS (
    SELECT
        class_key,
        sum(dealt) AS dealt,
        sum(vpip_n) AS vpip_n,
        sum(vpip_opp) AS vpip_opp,
        sum(pfr_n) AS pfr_n,
        sum(net) AS net,
        sum(net_bb) AS net_bb,
        sum(wsd_n) AS wsd_n,
        sum(wsd_opp) AS wsd_opp
    FROM class_results($player, $game, $small_blind, $big_blind, $big_blind_units, $since,
        $until)
    GROUP BY class_key
    HAVING sum(dealt) >= $min_hands
)
SELECT
    k.hand_class,
    k.hand_label,
    p.dealt,
    pct(p.vpip_n, p.vpip_opp) AS vpip,
    pct(p.pfr_n, p.vpip_opp) AS pfr,
    p.net::BIGINT AS net,
    round(100 * p.net_bb / p.dealt, 2) AS bb_per_100,
    pct(p.wsd_n, p.wsd_opp) AS wsd,
    p.vpip_n::BIGINT AS vpip_n,
    p.vpip_opp::BIGINT AS vpip_opp,
    p.pfr_n::BIGINT AS pfr_n,
    p.vpip_opp::BIGINT AS pfr_opp,
    p.wsd_n::BIGINT AS wsd_n,
    p.wsd_opp::BIGINT AS wsd_opp
FROM per_class AS p
JOIN class_categories AS k USING (class_key)
ORDER BY p.dealt DESC, p.class_key DESC;
