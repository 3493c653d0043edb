-- Views and macros of the reports, also usable from `omaha sql`. Definitions: docs/stats.md.
-- Temporary (they work on read-only databases too), created by analysis.reports.queries.create_views
-- once `player_hands`, `hand_classes` and `class_categories` point at the stored rows
-- (sql/player_hands.sql says how those rows are made).

-- Every statistic, defined once: per player-hand, its numerator (`_n`) and opportunity
-- (`_opp`; `_calls` for AF) as integers, and the money, in the smallest unit of the hand's
-- currency. A report sums them with stat_sums and turns the sums into percentages with
-- stat_values.
CREATE OR REPLACE TEMP VIEW stat_counts AS
SELECT
    site,
    hand_id,
    started_at,
    game,
    hi_lo,
    currency,
    is_tournament,
    tournament_id,
    table_name,
    small_blind,
    big_blind,
    units_per_currency,
    player,
    position,
    is_hero,
    sitting_out,
    class_key,
    1 AS hands,
    -- A player sitting out whose chips moved has his hand and money counted, and no
    -- statistic's opportunity (docs/stats.md).
    (vpip AND NOT sitting_out)::INTEGER AS vpip_n,
    (NOT walk AND NOT sitting_out)::INTEGER AS vpip_opp,
    (pfr AND NOT sitting_out)::INTEGER AS pfr_n,
    (NOT walk AND NOT sitting_out)::INTEGER AS pfr_opp,
    (three_bet AND NOT sitting_out)::INTEGER AS three_bet_n,
    (three_bet_opp AND NOT sitting_out)::INTEGER AS three_bet_opp,
    (fold_to_three_bet AND NOT sitting_out)::INTEGER AS fold_to_three_bet_n,
    (fold_to_three_bet_opp AND NOT sitting_out)::INTEGER AS fold_to_three_bet_opp,
    (cbet AND NOT sitting_out)::INTEGER AS cbet_n,
    (cbet_opp AND NOT sitting_out)::INTEGER AS cbet_opp,
    (fold_to_cbet AND NOT sitting_out)::INTEGER AS fold_to_cbet_n,
    (fold_to_cbet_opp AND NOT sitting_out)::INTEGER AS fold_to_cbet_opp,
    CASE WHEN sitting_out THEN 0 ELSE postflop_aggr END AS af_n,
    CASE WHEN sitting_out THEN 0 ELSE postflop_calls END AS af_calls,
    CASE WHEN sitting_out THEN 0 ELSE postflop_aggr END AS afq_n,
    CASE WHEN sitting_out THEN 0 ELSE postflop_aggr + postflop_calls + postflop_folds END
        AS afq_opp,
    (went_to_showdown AND NOT sitting_out)::INTEGER AS wtsd_n,
    (saw_flop AND NOT sitting_out)::INTEGER AS wtsd_opp,
    (won_at_showdown AND NOT sitting_out)::INTEGER AS wsd_n,
    (went_to_showdown AND NOT sitting_out)::INTEGER AS wsd_opp,
    (won_saw_flop AND NOT sitting_out)::INTEGER AS wwsf_n,
    (saw_flop AND NOT sitting_out)::INTEGER AS wwsf_opp,
    (steal AND NOT sitting_out)::INTEGER AS steal_n,
    (steal_opp AND NOT sitting_out)::INTEGER AS steal_opp,
    net,
    net_bb,
    rake_paid,
    CASE WHEN went_to_showdown THEN net ELSE 0 END AS net_showdown,
    CASE WHEN went_to_showdown THEN 0 ELSE net END AS net_no_showdown,
    -- all-in adjusted: the expected net from the all-in on where it was computed
    coalesce(ev.ev_net, net) AS net_adjusted,
    coalesce(ev.ev_net, net) / big_blind AS net_adjusted_bb,
    coalesce(ev.luck, 0) AS luck
FROM player_hands
LEFT JOIN (SELECT site, hand_id, player, ev_net, luck FROM allin_ev) AS ev
    USING (site, hand_id, player);

-- The sums of stat_counts' columns over a group of rows `t` (the rows' table alias), as a
-- struct to unnest into columns. Sums of sums give the same columns again. Fractional
-- columns are summed as decimals of 9 places: exactly, so that no total, nor its rounding,
-- depends on the order in which the rows arrive (a table read from Parquet, say).
CREATE OR REPLACE TEMP MACRO stat_sums(t) AS {
    'hands': sum(t.hands)::BIGINT,
    'vpip_n': sum(t.vpip_n)::BIGINT,
    'vpip_opp': sum(t.vpip_opp)::BIGINT,
    'pfr_n': sum(t.pfr_n)::BIGINT,
    'pfr_opp': sum(t.pfr_opp)::BIGINT,
    'three_bet_n': sum(t.three_bet_n)::BIGINT,
    'three_bet_opp': sum(t.three_bet_opp)::BIGINT,
    'fold_to_three_bet_n': sum(t.fold_to_three_bet_n)::BIGINT,
    'fold_to_three_bet_opp': sum(t.fold_to_three_bet_opp)::BIGINT,
    'cbet_n': sum(t.cbet_n)::BIGINT,
    'cbet_opp': sum(t.cbet_opp)::BIGINT,
    'fold_to_cbet_n': sum(t.fold_to_cbet_n)::BIGINT,
    'fold_to_cbet_opp': sum(t.fold_to_cbet_opp)::BIGINT,
    'af_n': sum(t.af_n)::BIGINT,
    'af_calls': sum(t.af_calls)::BIGINT,
    'afq_n': sum(t.afq_n)::BIGINT,
    'afq_opp': sum(t.afq_opp)::BIGINT,
    'wtsd_n': sum(t.wtsd_n)::BIGINT,
    'wtsd_opp': sum(t.wtsd_opp)::BIGINT,
    'wsd_n': sum(t.wsd_n)::BIGINT,
    'wsd_opp': sum(t.wsd_opp)::BIGINT,
    'wwsf_n': sum(t.wwsf_n)::BIGINT,
    'wwsf_opp': sum(t.wwsf_opp)::BIGINT,
    'steal_n': sum(t.steal_n)::BIGINT,
    'steal_opp': sum(t.steal_opp)::BIGINT,
    'net': sum(t.net)::BIGINT,
    'net_bb': sum(t.net_bb::DECIMAL(38, 9))::DOUBLE,
    'rake_paid': sum(t.rake_paid)::BIGINT,
    'net_showdown': sum(t.net_showdown)::BIGINT,
    'net_no_showdown': sum(t.net_no_showdown)::BIGINT,
    'net_adjusted': round(sum(t.net_adjusted::DECIMAL(38, 9)))::BIGINT,
    'net_adjusted_bb': sum(t.net_adjusted_bb::DECIMAL(38, 9))::DOUBLE,
    'luck': round(sum(t.luck::DECIMAL(38, 9)))::BIGINT
};

-- A percentage of an opportunity count, NULL when there was no opportunity.
CREATE OR REPLACE TEMP MACRO pct(numerator, opportunities) AS
    round(100.0 * numerator / nullif(opportunities, 0), 1);

-- The statistics of a row of stat_sums `t`: percentages 0-100 and AF.
CREATE OR REPLACE TEMP MACRO stat_values(t) AS {
    'vpip': pct(t.vpip_n, t.vpip_opp),
    'pfr': pct(t.pfr_n, t.pfr_opp),
    'three_bet': pct(t.three_bet_n, t.three_bet_opp),
    'fold_to_three_bet': pct(t.fold_to_three_bet_n, t.fold_to_three_bet_opp),
    'cbet': pct(t.cbet_n, t.cbet_opp),
    'fold_to_cbet': pct(t.fold_to_cbet_n, t.fold_to_cbet_opp),
    'af': round(t.af_n / nullif(t.af_calls, 0), 2),
    'afq': pct(t.afq_n, t.afq_opp),
    'wtsd': pct(t.wtsd_n, t.wtsd_opp),
    'wsd': pct(t.wsd_n, t.wsd_opp),
    'wwsf': pct(t.wwsf_n, t.wwsf_opp),
    'steal': pct(t.steal_n, t.steal_opp)
};

-- Big blinds won per 100 hands over the rows of stat_sums `t`: each hand counted in its own
-- big blinds, over exactly the hands whose net the row shows.
CREATE OR REPLACE TEMP MACRO bb_per_100(t) AS round(100 * t.net_bb / t.hands, 2);
CREATE OR REPLACE TEMP MACRO adjusted_bb_per_100(t) AS round(100 * t.net_adjusted_bb / t.hands, 2);

-- Whether a row's game, currency, kind and stakes (its columns, by name) pass those report
-- filters: every filter is a bound parameter, NULL for "any". Stakes are matched in currency
-- units (0.05/0.10 dollars, 50/100 chips). Read by report_filters, and by the web app's
-- reports over sums stored per player and stakes (report_sums in sql/web.sql).
CREATE OR REPLACE TEMP MACRO kind_filters(
    game, currency, is_tournament, small_blind, big_blind, units_per_currency, p_game,
    p_currency, p_tournament, p_small_blind, p_big_blind
) AS
    (p_game IS NULL OR game = p_game)
    AND (p_currency IS NULL OR currency = p_currency)
    AND (p_tournament IS NULL OR is_tournament = p_tournament)
    AND (p_small_blind IS NULL OR small_blind = round(p_small_blind * units_per_currency))
    AND (p_big_blind IS NULL OR big_blind = round(p_big_blind * units_per_currency));

-- Whether a player-hand (its columns, by name) passes the report filters: kind_filters, the
-- dates, and a room by its name or its site's (the player rows name the site: the hands
-- name the room or skin).
CREATE OR REPLACE TEMP MACRO report_filters(
    site, hand_id, game, currency, is_tournament, small_blind, big_blind, units_per_currency,
    started_at, p_game, p_currency, p_tournament, p_small_blind, p_big_blind, p_since,
    p_until, p_room
) AS
    kind_filters(game, currency, is_tournament, small_blind, big_blind, units_per_currency,
        p_game, p_currency, p_tournament, p_small_blind, p_big_blind)
    AND (p_since IS NULL OR started_at >= p_since)
    AND (p_until IS NULL OR started_at < p_until)
    AND (p_room IS NULL OR (site, hand_id) IN (
        SELECT site, hand_id FROM main.hands WHERE room = p_room OR site = p_room));

-- The player-hands a report covers (see report_filters).
CREATE OR REPLACE TEMP MACRO report_hands(
    p_player, p_game, p_currency, p_tournament, p_small_blind, p_big_blind, p_since, p_until,
    p_room := NULL
) AS TABLE
SELECT *
FROM stat_counts
WHERE (p_player IS NULL OR player = p_player)
    AND report_filters(site, hand_id, game, currency, is_tournament, small_blind, big_blind,
        units_per_currency, started_at, p_game, p_currency, p_tournament, p_small_blind,
        p_big_blind, p_since, p_until, p_room);

-- The starting-hand reports' sums per class (an integer key), game kind and currency, over
-- the player-hands a report covers whose hole cards are known: the columns of stat_counts
-- those reports show.
CREATE OR REPLACE TEMP MACRO class_results(
    p_player, p_game, p_currency, p_tournament, p_small_blind, p_big_blind, p_since, p_until,
    p_room := NULL
) AS TABLE
SELECT
    class_key,
    hi_lo,
    currency,
    sum(COLUMNS('^(hands|net|rake_paid)$|^(vpip|pfr|wsd)_(n|opp)$'))::BIGINT,
    sum(net_bb) AS net_bb
FROM report_hands(p_player, p_game, p_currency, p_tournament, p_small_blind, p_big_blind,
    p_since, p_until, p_room := p_room)
WHERE class_key IS NOT NULL
GROUP BY class_key, hi_lo, currency;
