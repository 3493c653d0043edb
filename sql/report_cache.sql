-- The stored player rows (sql/player_hands.sql) and how analysis.reports.queries keeps them up to
-- date: one statement per `-- name:` section, parameters bound.
--
-- Stored: player_hands_cache (the rows), class_categories_cache (one row per starting-hand
-- class met), report_cache_hands (the hands whose rows are stored) and report_cache (per
-- table the rows come from: rows read, the last rowid read and the key of that row, and
-- the version of the definitions; a row 'pending' while an update runs). The hands to add
-- are listed in report_todo, numbered into batches, and each batch's keys put in
-- report_batch. A writable connection adds the rows of a batch to the stored tables; a
-- read-only one keeps them in temporary tables beside them (report_new_rows,
-- report_new_categories; report_gone: stored hands deleted since).

-- name: drop_stored
DROP TABLE IF EXISTS main.report_cache;
DROP TABLE IF EXISTS main.report_cache_hands;
DROP TABLE IF EXISTS main.player_hands_cache;
DROP TABLE IF EXISTS main.class_categories_cache;
DROP TABLE IF EXISTS main.hand_classes_cache;  -- stored by earlier versions

-- name: create_stored
CREATE TABLE IF NOT EXISTS main.report_cache (
    source VARCHAR, rows BIGINT, last_row BIGINT, last_key VARCHAR, version VARCHAR,
    updated_at TIMESTAMPTZ
);
CREATE TABLE IF NOT EXISTS main.report_cache_hands (site VARCHAR, hand_id VARCHAR);
CREATE TABLE IF NOT EXISTS main.player_hands_cache AS
SELECT * FROM report_new_rows WHERE false;
CREATE TABLE IF NOT EXISTS main.class_categories_cache AS
SELECT * FROM report_new_categories WHERE false;

-- name: stored_columns
SELECT table_name, list(column_name ORDER BY ordinal_position) AS columns
FROM information_schema.columns
WHERE table_catalog = current_database() AND table_schema = 'main'
    AND table_name IN ('report_cache', 'player_hands_cache', 'class_categories_cache',
        'report_cache_hands')
GROUP BY table_name;

-- name: scratch
CREATE OR REPLACE TEMP TABLE report_new_rows AS
SELECT * FROM player_hands_of(0, -1, 0, -1, 0, -1, false);
CREATE OR REPLACE TEMP TABLE report_new_categories AS
SELECT * FROM class_categories_live WHERE false;
CREATE OR REPLACE TEMP TABLE report_gone (site VARCHAR, hand_id VARCHAR);
CREATE OR REPLACE TEMP TABLE report_todo (
    site VARCHAR, hand_id VARCHAR, hand_row BIGINT, batch BIGINT
);

-- name: use_stored
CREATE OR REPLACE TEMP VIEW report_stored_rows AS SELECT * FROM main.player_hands_cache;
CREATE OR REPLACE TEMP VIEW report_stored_categories AS
SELECT * FROM main.class_categories_cache;
CREATE OR REPLACE TEMP VIEW report_stored_hands AS SELECT * FROM main.report_cache_hands;

-- name: use_nothing_stored
CREATE OR REPLACE TEMP VIEW report_stored_rows AS SELECT * FROM report_new_rows WHERE false;
CREATE OR REPLACE TEMP VIEW report_stored_categories AS
SELECT * FROM report_new_categories WHERE false;
CREATE OR REPLACE TEMP VIEW report_stored_hands AS
SELECT site, hand_id FROM report_gone WHERE false;

-- name: marks
SELECT source, rows, last_row, last_key, version FROM main.report_cache;

-- name: table_ends
SELECT 'hands' AS source, count(*) AS rows, coalesce(max(rowid), -1) AS last_row
FROM main.hands
UNION ALL
SELECT 'players', count(*), coalesce(max(rowid), -1) FROM main.players
UNION ALL
SELECT 'actions', count(*), coalesce(max(rowid), -1) FROM main.actions;

-- name: keys_at
SELECT
    (SELECT concat_ws('|', site, hand_id) FROM main.hands WHERE rowid = $hands) AS hands,
    (SELECT concat_ws('|', site, hand_id, seat) FROM main.players WHERE rowid = $players)
        AS players,
    (SELECT concat_ws('|', site, hand_id, seq) FROM main.actions WHERE rowid = $actions)
        AS actions;

-- name: rows_up_to
SELECT
    (SELECT count(*) FROM main.hands WHERE rowid <= $hands) AS hands,
    (SELECT count(*) FROM main.players WHERE rowid <= $players) AS players,
    (SELECT count(*) FROM main.actions WHERE rowid <= $actions) AS actions;

-- name: todo_after
INSERT INTO report_todo
SELECT site, hand_id, rowid, (row_number() OVER (ORDER BY rowid) - 1) // $batch_hands
FROM main.hands
WHERE rowid > $hands;

-- name: gone
INSERT INTO report_gone
SELECT site, hand_id FROM report_stored_hands ANTI JOIN main.hands USING (site, hand_id);

-- name: todo_missing
INSERT INTO report_todo
SELECT h.site, h.hand_id, h.rowid, (row_number() OVER (ORDER BY h.rowid) - 1) // $batch_hands
FROM main.hands AS h
ANTI JOIN report_stored_hands AS s USING (site, hand_id);

-- name: spans
SELECT batch, 'hands' AS source, min(hand_row) AS first_row, max(hand_row) AS last_row,
    count(*) AS rows
FROM report_todo
GROUP BY batch
UNION ALL
SELECT t.batch, 'players', min(x.rowid), max(x.rowid), count(*)
FROM main.players AS x
JOIN report_todo AS t USING (site, hand_id)
WHERE x.rowid > $players
GROUP BY t.batch
UNION ALL
SELECT t.batch, 'actions', min(x.rowid), max(x.rowid), count(*)
FROM main.actions AS x
JOIN report_todo AS t USING (site, hand_id)
WHERE x.rowid > $actions
GROUP BY t.batch;

-- name: batch_keys
CREATE OR REPLACE TEMP TABLE report_batch AS
SELECT site, hand_id FROM report_todo WHERE batch = $batch;

-- name: batch_texts
SELECT DISTINCT hole_cards
FROM source_players($players_first, $players_last, $keyed)
WHERE hole_cards IS NOT NULL AND hole_cards <> '';

-- name: batch_rows_stored
INSERT INTO main.player_hands_cache
SELECT * FROM player_hands_of($hands_first, $hands_last, $players_first, $players_last,
    $actions_first, $actions_last, $keyed);

-- name: batch_rows_beside
INSERT INTO report_new_rows
SELECT * FROM player_hands_of($hands_first, $hands_last, $players_first, $players_last,
    $actions_first, $actions_last, $keyed);

-- name: batch_categories
INSERT INTO report_new_categories
SELECT * FROM class_categories_live
WHERE class_key NOT IN (SELECT class_key FROM report_stored_categories)
    AND class_key NOT IN (SELECT class_key FROM report_new_categories);

-- name: delete_gone
DELETE FROM main.player_hands_cache
WHERE (site, hand_id) IN (SELECT site, hand_id FROM report_gone);
DELETE FROM main.report_cache_hands
WHERE (site, hand_id) IN (SELECT site, hand_id FROM report_gone);
DELETE FROM report_gone;

-- name: move_new
INSERT INTO main.class_categories_cache SELECT * FROM report_new_categories;
DELETE FROM report_new_categories;

-- name: store_batch_hands
INSERT INTO main.report_cache_hands SELECT site, hand_id FROM report_batch;

-- name: mark_pending
INSERT INTO main.report_cache VALUES ('pending', 0, -1, NULL, $version, now());

-- name: clear_marks
DELETE FROM main.report_cache;

-- name: store_mark
INSERT INTO main.report_cache VALUES ($source, $rows, $last_row, $last_key, $version, now());

-- name: point_stored
CREATE OR REPLACE TEMP VIEW player_hands AS SELECT * FROM main.player_hands_cache;
CREATE OR REPLACE TEMP VIEW class_categories AS SELECT * FROM main.class_categories_cache;

-- name: point_beside
CREATE OR REPLACE TEMP VIEW player_hands AS
SELECT * FROM report_stored_rows
WHERE (site, hand_id) NOT IN (SELECT site, hand_id FROM report_gone)
UNION ALL
SELECT * FROM report_new_rows;
CREATE OR REPLACE TEMP VIEW class_categories AS
SELECT * FROM report_stored_categories
UNION ALL
SELECT * FROM report_new_categories;

-- name: point_hand_classes
CREATE OR REPLACE TEMP VIEW hand_classes AS
SELECT DISTINCT p.hole_cards, k.*
FROM player_hands AS p
JOIN class_categories AS k USING (class_key);
