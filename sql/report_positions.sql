-- omaha report positions: the core stats and results by table position (SB, BB, UTG, ...,
-- CO, BTN), over one player (--player) or everyone. Definitions: docs/stats.md.
SELECT
    coalesce(position, '?') AS position,
    count(*) AS hands,
    pct(count_if(vpip), count_if(NOT walk)) AS vpip,
    pct(count_if(pfr), count_if(NOT walk)) AS pfr,
    pct(count_if(three_bet), count_if(three_bet_opp)) AS three_bet,
    pct(count_if(steal), count_if(steal_opp)) AS steal,
    pct(count_if(cbet), count_if(cbet_opp)) AS cbet,
    round(sum(postflop_aggr) / nullif(sum(postflop_calls), 0), 2) AS af,
    pct(count_if(went_to_showdown), count_if(saw_flop)) AS wtsd,
    pct(count_if(won_at_showdown), count_if(went_to_showdown)) AS wsd,
    sum(net)::BIGINT AS net,
    round(100 * sum(net_bb) / count(*), 2) AS bb_per_100,
    sum(rake_paid)::BIGINT AS rake_paid,
    coalesce(sum(net) FILTER (WHERE went_to_showdown), 0)::BIGINT AS net_showdown,
    coalesce(sum(net) FILTER (WHERE NOT went_to_showdown), 0)::BIGINT AS net_no_showdown,
    count_if(vpip)::BIGINT AS vpip_n,
    count_if(NOT walk)::BIGINT AS vpip_opp,
    count_if(pfr)::BIGINT AS pfr_n,
    count_if(NOT walk)::BIGINT AS pfr_opp,
    count_if(three_bet)::BIGINT AS three_bet_n,
    count_if(three_bet_opp)::BIGINT AS three_bet_opp,
    count_if(steal)::BIGINT AS steal_n,
    count_if(steal_opp)::BIGINT AS steal_opp,
    count_if(cbet)::BIGINT AS cbet_n,
    count_if(cbet_opp)::BIGINT AS cbet_opp,
    sum(postflop_aggr)::BIGINT AS af_n,
    sum(postflop_calls)::BIGINT AS af_calls,
    count_if(went_to_showdown)::BIGINT AS wtsd_n,
    count_if(saw_flop)::BIGINT AS wtsd_opp,
    count_if(won_at_showdown)::BIGINT AS wsd_n,
    count_if(went_to_showdown)::BIGINT AS wsd_opp
FROM report_hands($player, $game, $small_blind, $big_blind, $big_blind_units, $since, $until)
GROUP BY position
HAVING count(*) >= $min_hands
ORDER BY
    coalesce(list_position(
        ['SB', 'BB', 'UTG', 'UTG1', 'UTG2', 'UTG3', 'MP', 'MP1', 'MP2', 'HJ', 'CO', 'BTN'],
        position), 99),
    position;
