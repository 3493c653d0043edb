-- Rows the web app's pages read, made once per version of the data (analysis/reports/summaries.py)
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
-- with, per player and currency, the hand's number in that order and the running sums the
-- results graph draws (net, all-in adjusted, at and without showdown, as stat_counts in
-- sql/views.sql defines them); sorted by player and `seq`, so a page of a player's hands
-- or the points of a graph read that player's row groups only. The hands of a later
-- import, played after the player's last hand stored, are appended (append_played).
-- Every column of the player rows is kept: the pages' reports read their rows here
-- (analysis.reports.summaries.use), so that a report of one player reads his row groups only.
-- sorted: player, seq
WITH rows AS (FROM played_rows(-1))
SELECT
    * EXCLUDE (adjusted),
    row_number() OVER (PARTITION BY player ORDER BY started_at, site, hand_id) AS seq,
    row_number() OVER played AS hand_number,
    sum(net) OVER played AS cum_net,
    sum(adjusted) OVER played AS cum_net_adjusted,
    sum(CASE WHEN went_to_showdown THEN net ELSE 0 END) OVER played AS cum_net_showdown,
    sum(CASE WHEN went_to_showdown THEN 0 ELSE net END) OVER played AS cum_net_no_showdown
FROM rows
WINDOW played AS (
    PARTITION BY player, currency ORDER BY started_at, site, hand_id ROWS UNBOUNDED PRECEDING
)

-- name: played_ends
-- Per player and currency: the hands played, the last `seq`, the last hand's key and the
-- running sums there (what an append goes on from; the graph's count of hands).
SELECT player, currency, max(hand_number) AS hands, max(seq) AS last_seq,
    arg_max(started_at, hand_number) AS last_started_at,
    arg_max(site, hand_number) AS last_site, arg_max(hand_id, hand_number) AS last_hand_id,
    arg_max(cum_net, hand_number) AS cum_net,
    arg_max(cum_net_adjusted, hand_number) AS cum_net_adjusted,
    arg_max(cum_net_showdown, hand_number) AS cum_net_showdown,
    arg_max(cum_net_no_showdown, hand_number) AS cum_net_no_showdown
FROM played_hands
GROUP BY player, currency

-- name: sources
-- What the summaries are made of. The player rows past rowid p_after, each with its all-in
-- adjusted net (the expected net where an all-in's was computed): all of them make
-- played_hands, those stored since it was made are appended to it (summary_new).
CREATE OR REPLACE TEMP MACRO played_rows(p_after) AS TABLE
SELECT p.*, coalesce(ev.ev_net, p.net) AS adjusted
FROM main.player_hands_cache AS p
LEFT JOIN (SELECT site, hand_id, player, ev_net FROM allin_ev) AS ev
    USING (site, hand_id, player)
WHERE p.rowid > p_after;
-- The player-hands the sums below are made of (stat_counts of sql/views.sql): all of them,
CREATE OR REPLACE TEMP VIEW summed_rows AS SELECT * FROM stat_counts;

-- name: summed_rows_new
-- or, as an import's rows are appended to played_hands, those rows (summary_new), whose
-- sums are appended to the sums.
CREATE OR REPLACE TEMP VIEW summed_rows AS
SELECT * FROM stat_counts
WHERE (site, hand_id, player) IN (SELECT site, hand_id, player FROM temp.summary_new);

-- name: player_sums
-- The sums of stat_counts' columns (sql/views.sql) per player, currency, game, kind, stakes
-- and site: what the web app's reports of every player, narrowed by those filters and not by
-- dates or a room, sum in place of the player-hands (report_sums, sql/web.sql). Fractional
-- columns are kept as exact decimal sums, so that summing them again gives what summing
-- the player-hands gives, to the last digit; a key may have several rows once the sums of
-- an import's rows are appended (a report sums them again).
-- sorted: big_blind, small_blind, game
SELECT player, currency, game, hi_lo, is_tournament, small_blind, big_blind,
    units_per_currency, site,
    sum(COLUMNS('^(hands|.*_(n|opp|calls)|net|rake_paid|net_showdown|net_no_showdown)$'))::BIGINT,
    sum(COLUMNS('^(net_bb|net_adjusted|net_adjusted_bb|luck)$')::DECIMAL(38, 9))
FROM summed_rows
GROUP BY ALL

-- name: player_months
-- The same sums per player, currency and month of the hands' UTC dates (`starts`: its
-- first day), and in player_days per day: the web app's reports of every player between two
-- dates sum the months inside them and the days at either end (report_periods,
-- sql/web.sql).
-- sorted: starts
SELECT date_trunc('month', started_at AT TIME ZONE 'UTC')::DATE AS starts, player, currency,
    sum(COLUMNS('^(hands|.*_(n|opp|calls)|net|rake_paid|net_showdown|net_no_showdown)$'))::BIGINT,
    sum(COLUMNS('^(net_bb|net_adjusted|net_adjusted_bb|luck)$')::DECIMAL(38, 9))
FROM summed_rows
GROUP BY ALL

-- name: player_days
-- sorted: starts
SELECT (started_at AT TIME ZONE 'UTC')::DATE AS starts, player, currency,
    sum(COLUMNS('^(hands|.*_(n|opp|calls)|net|rake_paid|net_showdown|net_no_showdown)$'))::BIGINT,
    sum(COLUMNS('^(net_bb|net_adjusted|net_adjusted_bb|luck)$')::DECIMAL(38, 9))
FROM summed_rows
GROUP BY ALL

-- name: new_player_rows
-- The player rows stored since played_hands was made (past rowid $last_row).
CREATE OR REPLACE TEMP TABLE summary_new AS FROM played_rows($last_row);

-- name: appendable
-- Whether the new rows can be appended: every one played after its player's last hand
-- stored, and no all-in result added since but of a new hand.
SELECT
    (SELECT count(*) FROM summary_new AS n JOIN main.played_ends AS e USING (player)
     WHERE n.started_at < e.last_started_at
        OR (n.started_at = e.last_started_at AND (n.site < e.last_site
            OR (n.site = e.last_site AND n.hand_id <= e.last_hand_id)))) = 0
    AND (SELECT count(*) FROM allin_ev WHERE rowid > $allin_last
         AND (site, hand_id) NOT IN (SELECT site, hand_id FROM summary_new)) = 0
    AND (SELECT count(*) FROM allin_ev WHERE rowid <= $allin_last) = $allin_rows;

-- name: append_played
INSERT INTO main.played_hands BY NAME
WITH last AS (SELECT player, max(last_seq) AS seq FROM main.played_ends GROUP BY player)
SELECT
    n.* EXCLUDE (adjusted),
    coalesce(l.seq, 0)
        + row_number() OVER (PARTITION BY n.player ORDER BY n.started_at, n.site, n.hand_id)
        AS seq,
    coalesce(e.hands, 0) + row_number() OVER played AS hand_number,
    coalesce(e.cum_net, 0) + sum(n.net) OVER played AS cum_net,
    coalesce(e.cum_net_adjusted, 0) + sum(n.adjusted) OVER played AS cum_net_adjusted,
    coalesce(e.cum_net_showdown, 0)
        + sum(CASE WHEN n.went_to_showdown THEN n.net ELSE 0 END) OVER played
        AS cum_net_showdown,
    coalesce(e.cum_net_no_showdown, 0)
        + sum(CASE WHEN n.went_to_showdown THEN 0 ELSE n.net END) OVER played
        AS cum_net_no_showdown
FROM summary_new AS n
LEFT JOIN last AS l USING (player)
LEFT JOIN main.played_ends AS e USING (player, currency)
WINDOW played AS (
    PARTITION BY n.player, n.currency ORDER BY n.started_at, n.site, n.hand_id
    ROWS UNBOUNDED PRECEDING
);

-- name: graph
-- The results graph of one player (sql/graph.sql's points, from the running sums stored):
-- about $max_points per currency, the first and last hands included.
SELECT p.currency, p.hand_number, e.hands, p.cum_net::BIGINT AS net,
    round(p.cum_net_adjusted)::BIGINT AS net_adjusted,
    p.cum_net_showdown::BIGINT AS net_showdown,
    p.cum_net_no_showdown::BIGINT AS net_no_showdown
FROM played_hands AS p
JOIN played_ends AS e USING (player, currency)
WHERE p.player = $player AND e.player = $player
    AND (p.hand_number % greatest(e.hands // $max_points, 1) = 0
        OR p.hand_number IN (1, e.hands))
ORDER BY p.currency, p.hand_number;

-- name: player_played
-- How many hands a player played (the last `seq`).
SELECT coalesce(max(last_seq), 0) FROM played_ends WHERE player = $player;

-- name: player_rows_end
SELECT count(*), coalesce(max(rowid), -1) FROM main.player_hands_cache;

-- name: allin_end
SELECT count(*), coalesce(max(rowid), -1) FROM allin_ev;

-- name: rows_up_to
SELECT count(*) FROM main.player_hands_cache WHERE rowid <= $last_row;

-- name: point_played
-- The player rows the pages' reports read: those of played_hands, sorted by player.
CREATE OR REPLACE TEMP VIEW player_hands AS
SELECT * EXCLUDE (seq, hand_number, cum_net, cum_net_adjusted, cum_net_showdown,
    cum_net_no_showdown)
FROM main.played_hands;

-- name: forget_results
DELETE FROM main.report_results WHERE version <> $version;

-- name: stored_result
SELECT ipc FROM main.report_results WHERE version = $version AND key = $key;

-- name: store_result
INSERT INTO main.report_results VALUES ($version, $key, $ipc, now());
