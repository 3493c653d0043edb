-- Rows the web app's pages read, made once per version of the data (analysis/summaries.py)
-- instead of on every page: the hands counted by room, game, stakes and month; the player
-- hands in played order per player, with running sums; report results already asked for.
-- Stored in the database beside the player rows, each stamped with the version it was
-- made from (summary_marks). The sections named as a summary are its rows: stored as
-- `main.<name>` (sorted by its `-- sorted:` line), or, until they are, a temporary view
-- of that name over the tables (the same rows, made on each query).

-- name: create_marks
CREATE TABLE IF NOT EXISTS main.summary_marks (name VARCHAR, version VARCHAR);
CREATE TABLE IF NOT EXISTS main.report_results (
    version VARCHAR, key VARCHAR, ipc BLOB, made_at TIMESTAMPTZ
);

-- name: marks
SELECT name, version FROM main.summary_marks;

-- name: forget_mark
DELETE FROM main.summary_marks WHERE name = $name;

-- name: set_mark
INSERT INTO main.summary_marks VALUES ($name, $version);

-- name: hand_counts
-- The dashboard's counts: hands by room, game, stakes and month together (a few hundred
-- rows for a million hands), summed again by each table of the page.
SELECT room, site, game, limit_type, currency, small_blind, big_blind, is_tournament,
    strftime(started_at AT TIME ZONE 'UTC', '%Y-%m') AS month, count(*) AS hands
FROM main.hands
GROUP BY ALL;

-- name: played_hands
-- Each player's hands in the order played (`seq`, 1 the first; sql/graph.sql's order),
-- with, per player and currency, the hand's number in that order, the hands there and
-- the running sums the results graph draws (net, all-in adjusted, at and without showdown,
-- as stat_counts in sql/views.sql defines them); sorted by player and `seq`, so a page of
-- a player's hands or the points of a graph read that player's row groups only.
-- sorted: player, seq
WITH rows AS (
    SELECT p.player, p.site, p.hand_id, p.started_at, p.game, p.currency, p.is_tournament,
        p.small_blind, p.big_blind, p.units_per_currency, p.position, p.hole_cards, p.net,
        p.went_to_showdown, coalesce(ev.ev_net, p.net) AS adjusted
    FROM main.player_hands_cache AS p
    LEFT JOIN (SELECT site, hand_id, player, ev_net FROM allin_ev) AS ev
        USING (site, hand_id, player)
)
SELECT
    * EXCLUDE (adjusted),
    row_number() OVER (PARTITION BY player ORDER BY started_at, site, hand_id) AS seq,
    row_number() OVER played AS hand_number,
    count(*) OVER (PARTITION BY player, currency) AS currency_hands,
    sum(net) OVER played AS cum_net,
    sum(adjusted) OVER played AS cum_net_adjusted,
    sum(CASE WHEN went_to_showdown THEN net ELSE 0 END) OVER played AS cum_net_showdown,
    sum(CASE WHEN went_to_showdown THEN 0 ELSE net END) OVER played AS cum_net_no_showdown
FROM rows
WINDOW played AS (
    PARTITION BY player, currency ORDER BY started_at, site, hand_id ROWS UNBOUNDED PRECEDING
)

-- name: graph
-- The results graph of one player (sql/graph.sql's points, from the running sums stored):
-- about $max_points per currency, the first and last hands included.
SELECT currency, hand_number, currency_hands AS hands, cum_net::BIGINT AS net,
    round(cum_net_adjusted)::BIGINT AS net_adjusted,
    cum_net_showdown::BIGINT AS net_showdown, cum_net_no_showdown::BIGINT AS net_no_showdown
FROM played_hands
WHERE player = $player
    AND (hand_number % greatest(currency_hands // $max_points, 1) = 0
        OR hand_number IN (1, currency_hands))
ORDER BY currency, hand_number;

-- name: player_played
-- How many hands a player played (the last `seq`).
SELECT coalesce(max(seq), 0) FROM played_hands WHERE player = $player;

-- name: forget_results
DELETE FROM main.report_results WHERE version <> $version;

-- name: stored_result
SELECT ipc FROM main.report_results WHERE version = $version AND key = $key;

-- name: store_result
INSERT INTO main.report_results VALUES ($version, $key, $ipc, now());
