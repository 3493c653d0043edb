-- omaha report hands --by class: one row per suit-isomorphic starting-hand class
-- (canonical text, e.g. AsAhKsKh) and currency, over the player-hands whose hole cards are
-- known. Summed per integer class key first, then named: faster than grouping by the text.
WITH per_class AS (
    SELECT
        class_key,
        currency,
        sum(COLUMNS('^(hands|net|rake_paid)$|_(n|opp)$'))::BIGINT,
        sum(net_bb) AS net_bb
    FROM class_results($player, $game, $currency, $tournament, $small_blind, $big_blind,
        $since, $until, p_room := $room)
    GROUP BY class_key, currency
    HAVING sum(hands) >= $min_hands
)
SELECT
    k.hand_class,
    k.hand_label,
    p.currency,
    p.hands AS dealt,
    pct(p.vpip_n, p.vpip_opp) AS vpip,
    pct(p.pfr_n, p.pfr_opp) AS pfr,
    p.net,
    bb_per_100(p) AS bb_per_100,
    pct(p.wsd_n, p.wsd_opp) AS wsd,
    p.vpip_n,
    p.vpip_opp,
    p.pfr_n,
    p.pfr_opp,
    p.wsd_n,
    p.wsd_opp
FROM per_class AS p
JOIN class_categories AS k USING (class_key)
ORDER BY p.currency, p.hands DESC, p.class_key DESC;
