-- What analysis.reports.misses.explain_no_rows looks up when a report has no rows: whether filters
-- match any player-hand, and the values stored that they could have named.

-- name: count
SELECT count(*)
FROM report_hands($player, $game, $currency, $tournament, $small_blind, $big_blind, $since,
    $until, p_room := $room);

-- name: players
SELECT DISTINCT player FROM player_hands;

-- name: games
SELECT game FROM player_hands GROUP BY game ORDER BY count(*) DESC, game;

-- name: currencies
SELECT currency FROM player_hands GROUP BY currency ORDER BY count(*) DESC, currency;

-- name: stakes
SELECT small_blind, big_blind, currency
FROM report_hands(NULL, NULL, $currency, $tournament, NULL, NULL, NULL, NULL)
GROUP BY ALL
ORDER BY currency, big_blind, small_blind
LIMIT 20;

-- name: rooms
SELECT room FROM main.hands GROUP BY room ORDER BY count(*) DESC, room;

-- name: dates
SELECT min(started_at), max(started_at) FROM player_hands;
