-- omaha report hands --by class: one row per suit-isomorphic starting-hand class
-- (canonical text, e.g. AsAhKsKh) over the player-hands whose hole cards are known.
-- Summed per integer class key first, then named: faster than grouping by the text.
WITH per_class AS (
    SELECT
        class_key,
        count(*) AS dealt,
        count_if(vpip) AS vpip_n,
        count_if(NOT walk) AS vpip_opp,
        count_if(pfr) AS pfr_n,
        sum(net) AS net,
        sum(net_bb) AS net_bb,
        count_if(won_at_showdown) AS wsd_n,
        count_if(went_to_showdown) AS wsd_opp
    FROM report_hands($player, $game, $small_blind, $big_blind, $big_blind_units, $since,
        $until)
    WHERE class_key IS NOT NULL
    GROUP BY class_key
    HAVING count(*) >= $min_hands
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
