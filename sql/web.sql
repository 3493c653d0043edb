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

-- name: player_hands
-- One player's hands under the report filters (and a position), newest first, between
-- `seq` $first and $last: from played_hands (sql/summaries.sql), sorted by player and
-- the order played, so a range of `seq` reads a few row groups of the player's rows.
SELECT site, hand_id, started_at, game, currency, position, hole_cards, net, went_to_showdown
FROM played_hands
WHERE player = $player
    AND ($first IS NULL OR seq >= $first)
    AND ($last IS NULL OR seq <= $last)
    AND ($game IS NULL OR game = $game)
    AND ($currency IS NULL OR currency = $currency)
    AND ($tournament IS NULL OR is_tournament = $tournament)
    AND ($small_blind IS NULL OR small_blind = round($small_blind * units_per_currency))
    AND ($big_blind IS NULL OR big_blind = round($big_blind * units_per_currency))
    AND ($since IS NULL OR started_at >= $since)
    AND ($until IS NULL OR started_at < $until)
    AND ($position IS NULL OR position = $position)
    AND ($room IS NULL OR (site, hand_id) IN (
        SELECT site, hand_id FROM hands WHERE room = $room OR site = $room))
ORDER BY seq DESC
LIMIT $limit OFFSET $offset;

-- name: player_hands_count
-- How many of those hands there are between `seq` $first and $last.
SELECT count(*) AS hands
FROM played_hands
WHERE player = $player
    AND ($first IS NULL OR seq >= $first)
    AND ($last IS NULL OR seq <= $last)
    AND ($game IS NULL OR game = $game)
    AND ($currency IS NULL OR currency = $currency)
    AND ($tournament IS NULL OR is_tournament = $tournament)
    AND ($small_blind IS NULL OR small_blind = round($small_blind * units_per_currency))
    AND ($big_blind IS NULL OR big_blind = round($big_blind * units_per_currency))
    AND ($since IS NULL OR started_at >= $since)
    AND ($until IS NULL OR started_at < $until)
    AND ($position IS NULL OR position = $position)
    AND ($room IS NULL OR (site, hand_id) IN (
        SELECT site, hand_id FROM hands WHERE room = $room OR site = $room));

-- name: rooms
SELECT DISTINCT room FROM hand_counts ORDER BY room;

-- name: schema
SELECT table_name, string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position)
    AS columns
FROM information_schema.columns
WHERE table_schema = 'main'
GROUP BY table_name
ORDER BY table_name;
