-- The web app's own lookups (omaha serve): the dashboard's counts and the lists its pages
-- page through. The reports themselves are the report SQL files, run by the same library
-- functions as `omaha report`. Every value is a bound parameter.

-- name: hands_by_room
-- The dashboard's counts sum hand_counts (sql/summaries.sql): a few hundred rows.
SELECT room, site, sum(hands)::BIGINT AS hands FROM hand_counts GROUP BY room, site
ORDER BY hands DESC, room;

-- name: hands_by_game
SELECT game, limit_type, sum(hands)::BIGINT AS hands FROM hand_counts GROUP BY game, limit_type
ORDER BY hands DESC, game, limit_type;

-- name: hands_by_stakes
SELECT currency, small_blind, big_blind, is_tournament, sum(hands)::BIGINT AS hands
FROM hand_counts GROUP BY ALL ORDER BY currency, big_blind, small_blind LIMIT 50;

-- name: hands_by_month
SELECT month, sum(hands)::BIGINT AS hands FROM hand_counts GROUP BY month
ORDER BY month DESC LIMIT 36;

-- name: audit_statuses
SELECT status, count(*) AS hands FROM audit_hands GROUP BY status
ORDER BY list_position(['mismatch', 'illegal_bet', 'odd_chip', 'rake_spread', 'unverifiable',
    'ok'], status);

-- name: import_errors_by_reason
SELECT regexp_replace(reason, '[0-9][0-9,.]*', 'N', 'g') AS reason, count(*) AS hands
FROM import_errors GROUP BY 1 ORDER BY hands DESC LIMIT 20;

-- name: import_skips_by_reason
SELECT reason, count(*) AS hands FROM import_skips GROUP BY reason ORDER BY hands DESC
LIMIT 20;

-- name: problems
-- The audit's problem hands under the page's filters, newest first.
SELECT a.site, a.hand_id, a.room, a.game, a.limit_type, a.status, a.reason
FROM audit_hands AS a
WHERE a.status <> 'ok'
    AND ($status IS NULL OR a.status = $status)
    AND ($room IS NULL OR a.room = $room)
    AND ($reason IS NULL OR a.reason ILIKE '%' || $reason || '%')
ORDER BY a.status, a.site, a.hand_id
LIMIT $limit OFFSET $offset;

-- name: problem_count
SELECT count(*) FROM audit_hands AS a
WHERE a.status <> 'ok'
    AND ($status IS NULL OR a.status = $status)
    AND ($room IS NULL OR a.room = $room)
    AND ($reason IS NULL OR a.reason ILIKE '%' || $reason || '%');

-- name: played_range
-- One player's hands under the report filters (and a position) between `seq` $first and
-- $last: from played_hands (sql/summaries.sql), sorted by player and the order played, so
-- a range of `seq` reads a few row groups of the player's rows. Made on each cursor of
-- the pages (analysis.web.database).
CREATE OR REPLACE TEMP MACRO played_range(
    p_player, p_first, p_last, p_game, p_currency, p_tournament, p_small_blind, p_big_blind,
    p_since, p_until, p_position, p_room
) AS TABLE
SELECT *
FROM played_hands
WHERE player = p_player
    AND (p_first IS NULL OR seq >= p_first)
    AND (p_last IS NULL OR seq <= p_last)
    AND (p_position IS NULL OR position = p_position)
    AND report_filters(site, hand_id, game, currency, is_tournament, small_blind, big_blind,
        units_per_currency, started_at, p_game, p_currency, p_tournament, p_small_blind,
        p_big_blind, p_since, p_until, p_room);

-- name: report_sums
-- The players report of every player narrowed by game, currency, kind or stakes (not by
-- dates or a room): the sums of player_sums (sql/summaries.sql) in place of the
-- player-hands of report_hands, with the same arguments; summed again, they give the same
-- report. Read by the web app's reports where the filters allow
-- (analysis.reports.summaries.summed_source).
CREATE OR REPLACE TEMP MACRO report_sums(
    p_player, p_game, p_currency, p_tournament, p_small_blind, p_big_blind, p_since, p_until,
    p_room := NULL
) AS TABLE
SELECT NULL::TIMESTAMPTZ AS started_at, *
FROM player_sums
WHERE CASE WHEN p_player IS NULL AND p_since IS NULL AND p_until IS NULL AND p_room IS NULL
        THEN true ELSE error('report_sums: sums of every player, over every date and room') END
    AND kind_filters(game, currency, is_tournament, small_blind, big_blind,
        units_per_currency, p_game, p_currency, p_tournament, p_small_blind, p_big_blind);

-- name: report_periods
-- The players report of every player between two dates (each a UTC midnight, or open), in a
-- currency or all: the sums of player_months (sql/summaries.sql) of the months inside the
-- dates and of player_days of the days outside those months, in place of the player-hands
-- of report_hands, with the same arguments.
CREATE OR REPLACE TEMP MACRO first_day(p_since) AS
    coalesce(timezone('UTC', p_since::TIMESTAMPTZ)::DATE, DATE '0001-01-01');
CREATE OR REPLACE TEMP MACRO end_day(p_until) AS
    coalesce(timezone('UTC', p_until::TIMESTAMPTZ)::DATE, DATE '9999-12-01');
-- the first month that starts on or after p_since, and the month p_until is in (its start)
CREATE OR REPLACE TEMP MACRO first_month(p_since) AS
    CASE WHEN day(first_day(p_since)) = 1 THEN first_day(p_since)
        ELSE (date_trunc('month', first_day(p_since)) + INTERVAL 1 MONTH)::DATE END;
CREATE OR REPLACE TEMP MACRO end_month(p_until) AS date_trunc('month', end_day(p_until))::DATE;
CREATE OR REPLACE TEMP MACRO report_periods(
    p_player, p_game, p_currency, p_tournament, p_small_blind, p_big_blind, p_since, p_until,
    p_room := NULL
) AS TABLE
SELECT NULL::TIMESTAMPTZ AS started_at, * EXCLUDE (starts)
FROM player_months
WHERE starts >= first_month(p_since) AND starts < end_month(p_until)
    AND (p_currency IS NULL OR currency = p_currency)
    AND CASE WHEN p_player IS NULL AND p_game IS NULL AND p_tournament IS NULL
        AND p_small_blind IS NULL AND p_big_blind IS NULL AND p_room IS NULL THEN true
        ELSE error('report_periods: sums of every player, in any game, kind, stakes and room')
        END
UNION ALL
SELECT NULL::TIMESTAMPTZ AS started_at, * EXCLUDE (starts)
FROM player_days
WHERE starts >= first_day(p_since) AND starts < least(first_month(p_since), end_day(p_until))
    AND (p_currency IS NULL OR currency = p_currency)
UNION ALL
SELECT NULL::TIMESTAMPTZ AS started_at, * EXCLUDE (starts)
FROM player_days
WHERE starts >= greatest(end_month(p_until), first_month(p_since)) AND starts < end_day(p_until)
    AND (p_currency IS NULL OR currency = p_currency);

-- name: player_hands
-- A page of those hands, newest first.
SELECT site, hand_id, started_at, game, currency, position, hole_cards, net, went_to_showdown
FROM played_range($player, $first, $last, $game, $currency, $tournament, $small_blind,
    $big_blind, $since, $until, $position, $room)
ORDER BY seq DESC
LIMIT $limit OFFSET $offset;

-- name: player_hands_count
-- How many of those hands there are.
SELECT count(*) AS hands
FROM played_range($player, $first, $last, $game, $currency, $tournament, $small_blind,
    $big_blind, $since, $until, $position, $room);

-- name: rooms
SELECT DISTINCT room FROM hand_counts ORDER BY room;

-- name: schema
SELECT table_name, string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position)
    AS columns
FROM information_schema.columns
WHERE table_schema = 'main'
GROUP BY table_name
ORDER BY table_name;
