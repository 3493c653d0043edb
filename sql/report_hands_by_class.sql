-- omaha report hands --by class: one row per suit-isomorphic starting-hand class
-- (canonical text, e.g. AsAhKsKh) over the player-hands whose hole cards are known.
SELECT
    c.hand_class,
    c.hand_label,
    count(*) AS dealt,
    pct(count_if(ph.vpip), count_if(NOT ph.walk)) AS vpip,
    pct(count_if(ph.pfr), count_if(NOT ph.walk)) AS pfr,
    sum(ph.net)::BIGINT AS net,
    round(100 * sum(ph.net_bb) / count(*), 2) AS bb_per_100,
    pct(count_if(ph.won_at_showdown), count_if(ph.went_to_showdown)) AS wsd,
    count_if(ph.vpip)::BIGINT AS vpip_n,
    count_if(NOT ph.walk)::BIGINT AS vpip_opp,
    count_if(ph.pfr)::BIGINT AS pfr_n,
    count_if(NOT ph.walk)::BIGINT AS pfr_opp,
    count_if(ph.won_at_showdown)::BIGINT AS wsd_n,
    count_if(ph.went_to_showdown)::BIGINT AS wsd_opp
FROM report_hands($player, $game, $small_blind, $big_blind, $big_blind_units, $since, $until)
    AS ph
JOIN hand_classes AS c USING (hole_cards)
GROUP BY c.hand_class, c.hand_label
HAVING count(*) >= $min_hands
ORDER BY dealt DESC, c.hand_class;
