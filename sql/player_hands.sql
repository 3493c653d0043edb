-- The player rows behind every report: one row per player dealt into a hand, with the
-- hand's facts, the player's stat flags and results. Definitions: docs/stats.md.
-- analysis.reports.queries stores these rows (player_hands_cache) and adds the rows of new hands
-- batch by batch; an edit to this file makes the stored rows be made again.
-- Every macro reads the tables through source_hands/players/actions: the rows of a rowid
-- range, only those of the hands in `report_batch` when `keyed` (when the range may hold
-- rows of other hands).
-- `hand_classes` (one row per distinct hole-card text, analysis/reports/handclass.py) is provided
-- by analysis.reports.queries before this file runs.

CREATE TEMP TABLE IF NOT EXISTS report_batch (site VARCHAR, hand_id VARCHAR);

CREATE OR REPLACE TEMP MACRO source_hands(first_row, last_row, keyed) AS TABLE
SELECT * FROM main.hands
WHERE rowid BETWEEN first_row AND last_row
    AND (NOT keyed OR (site, hand_id) IN (SELECT site, hand_id FROM report_batch));

CREATE OR REPLACE TEMP MACRO source_players(first_row, last_row, keyed) AS TABLE
SELECT * FROM main.players
WHERE rowid BETWEEN first_row AND last_row
    AND (NOT keyed OR (site, hand_id) IN (SELECT site, hand_id FROM report_batch));

CREATE OR REPLACE TEMP MACRO source_actions(first_row, last_row, keyed) AS TABLE
SELECT * FROM main.actions
WHERE rowid BETWEEN first_row AND last_row
    AND (NOT keyed OR (site, hand_id) IN (SELECT site, hand_id FROM report_batch));

-- Per hand, the order (seq) and authors of the aggressive actions that stats refer to:
-- preflop raises (open, 3-bet, 4-bet, last raiser) and flop bets/raises (c-bet); and how
-- many players folded and entered the pot preflop.
CREATE OR REPLACE TEMP MACRO landmarks_of(a_first, a_last, keyed) AS TABLE
WITH listed AS (
    SELECT
        site,
        hand_id,
        list(seq ORDER BY seq) FILTER (WHERE street = 'preflop' AND kind IN ('bet', 'raise'))
            AS preflop_raise_seqs,
        list(player ORDER BY seq) FILTER (WHERE street = 'preflop' AND kind IN ('bet', 'raise'))
            AS preflop_raisers,
        min(seq) FILTER (WHERE street = 'preflop' AND kind = 'call') AS preflop_first_call_seq,
        list(seq ORDER BY seq) FILTER (WHERE street = 'flop' AND kind IN ('bet', 'raise'))
            AS flop_aggr_seqs,
        arg_min(player, seq) FILTER (WHERE street = 'flop' AND kind IN ('bet', 'raise'))
            AS flop_first_aggressor,
        arg_min(kind, seq) FILTER (WHERE street = 'flop' AND kind IN ('bet', 'raise'))
            AS flop_first_aggr_kind,
        count(*) FILTER (WHERE kind = 'fold') AS folds,
        count(*) FILTER (WHERE street = 'preflop' AND kind IN ('call', 'bet', 'raise'))
            AS preflop_entries
    FROM source_actions(a_first, a_last, keyed)
    WHERE kind IN ('fold', 'call', 'bet', 'raise')
    GROUP BY site, hand_id
)
SELECT
    site,
    hand_id,
    preflop_raise_seqs[1] AS open_seq,
    preflop_raise_seqs[2] AS three_bet_seq,
    preflop_raise_seqs[3] AS four_bet_seq,
    preflop_raisers[1] AS opener,
    preflop_raisers[-1] AS preflop_aggressor,
    preflop_first_call_seq,
    flop_aggr_seqs[1] AS flop_first_aggr_seq,
    flop_aggr_seqs[2] AS flop_raise_seq,
    -- The c-bet: the first flop bet, made by the last preflop raiser.
    CASE WHEN flop_first_aggr_kind = 'bet' AND flop_first_aggressor = preflop_raisers[-1]
        THEN flop_aggr_seqs[1] END AS cbet_seq,
    folds,
    preflop_entries
FROM listed;

-- Per player and hand, what the player did: one pass over the decisions (fold, check,
-- call, bet, raise).
CREATE OR REPLACE TEMP MACRO action_flags_of(a_first, a_last, keyed) AS TABLE
SELECT
    a.site,
    a.hand_id,
    a.player,
    bool_or(a.street = 'preflop' AND a.kind IN ('call', 'bet', 'raise')) AS vpip,
    bool_or(a.street = 'preflop' AND a.kind IN ('bet', 'raise')) AS pfr,
    bool_or(a.street = 'preflop' AND a.kind = 'fold') AS folded_preflop,
    bool_or(a.kind = 'fold') AS folded,
    bool_or(a.kind = 'fold' AND a.street IN ('preflop', 'flop')) AS folded_by_flop,
    bool_or(a.kind = 'fold' AND a.street IN ('preflop', 'flop', 'turn')) AS folded_by_turn,
    bool_or(a.street = 'flop' AND a.kind IN ('bet', 'raise')) AS flop_aggr,
    bool_or(a.street = 'turn' AND a.kind IN ('bet', 'raise')) AS turn_aggr,
    bool_or(a.street = 'river' AND a.kind IN ('bet', 'raise')) AS river_aggr,
    -- Facing exactly one raise (made by someone else) with a decision to make.
    bool_or(a.street = 'preflop' AND a.seq > l.open_seq
        AND (l.three_bet_seq IS NULL OR a.seq <= l.three_bet_seq) AND a.player <> l.opener)
        AS three_bet_opp,
    bool_or(a.street = 'preflop' AND a.seq = l.three_bet_seq) AS three_bet,
    -- The opener facing a 3-bet, before any 4-bet by someone else.
    bool_or(a.street = 'preflop' AND a.player = l.opener AND a.seq > l.three_bet_seq
        AND (l.four_bet_seq IS NULL OR a.seq <= l.four_bet_seq)) AS fold_to_three_bet_opp,
    bool_or(a.street = 'preflop' AND a.kind = 'fold' AND a.player = l.opener
        AND a.seq > l.three_bet_seq AND (l.four_bet_seq IS NULL OR a.seq <= l.four_bet_seq))
        AS fold_to_three_bet,
    -- First preflop decision, and whether anyone had called or raised before it.
    arg_min(a.kind, a.seq) FILTER (WHERE a.street = 'preflop') AS first_preflop_kind,
    bool_or(a.street = 'preflop' AND (l.open_seq IS NULL OR l.open_seq >= a.seq)
        AND (l.preflop_first_call_seq IS NULL OR l.preflop_first_call_seq >= a.seq))
        AS folded_to,
    -- The preflop aggressor with a flop decision before anyone bet.
    bool_or(a.street = 'flop' AND a.player = l.preflop_aggressor
        AND (l.flop_first_aggr_seq IS NULL OR l.flop_first_aggr_seq >= a.seq)) AS cbet_opp,
    bool_or(a.street = 'flop' AND a.seq = l.cbet_seq) AS cbet,
    -- Another player's decision facing the c-bet, before any raise.
    bool_or(a.street = 'flop' AND a.seq > l.cbet_seq
        AND (l.flop_raise_seq IS NULL OR a.seq <= l.flop_raise_seq)) AS fold_to_cbet_opp,
    bool_or(a.street = 'flop' AND a.kind = 'fold' AND a.seq > l.cbet_seq
        AND (l.flop_raise_seq IS NULL OR a.seq <= l.flop_raise_seq)) AS fold_to_cbet,
    count(*) FILTER (WHERE a.street IN ('flop', 'turn', 'river') AND a.kind IN ('bet', 'raise'))
        AS postflop_aggr,
    count(*) FILTER (WHERE a.street IN ('flop', 'turn', 'river') AND a.kind = 'call')
        AS postflop_calls,
    count(*) FILTER (WHERE a.street IN ('flop', 'turn', 'river') AND a.kind = 'fold')
        AS postflop_folds
FROM source_actions(a_first, a_last, keyed) AS a
LEFT JOIN landmarks_of(a_first, a_last, keyed) AS l USING (site, hand_id)
WHERE a.kind IN ('fold', 'check', 'call', 'bet', 'raise')
GROUP BY a.site, a.hand_id, a.player;

-- One row per player in a hand: every player dealt in, and every player sitting out whose
-- chips moved (blinds or antes posted, a pot won): no chip is left out of the money. Hand
-- facts, stat flags and results.
CREATE OR REPLACE TEMP MACRO player_hands_of(
    h_first, h_last, p_first, p_last, a_first, a_last, keyed
) AS TABLE
WITH in_hand AS (
    SELECT * FROM source_players(p_first, p_last, keyed)
    WHERE NOT sitting_out OR put_in <> 0 OR collected <> 0 OR cashed_out <> 0
        OR insurance <> 0 OR net <> 0
),
-- The players who collected, with running totals in seat order for the rake split.
winners AS (
    SELECT
        site,
        hand_id,
        seat,
        sum(collected) OVER (PARTITION BY site, hand_id) AS hand_collected,
        sum(collected) OVER (PARTITION BY site, hand_id ORDER BY seat
            ROWS UNBOUNDED PRECEDING) AS collected_through_seat
    FROM in_hand
    WHERE collected > 0
),
dealt AS (
    SELECT
        h.site,
        h.hand_id,
        h.started_at,
        h.game,
        h.hi_lo,
        h.limit_type,
        h.currency,
        h.is_tournament,
        h.tournament_id,
        h.table_name,
        h.small_blind,
        h.big_blind,
        h.units_per_currency,
        h.rake,
        coalesce(length(h.boards[1]) >= 8, false) AS reached_flop,
        coalesce(length(h.boards[1]) >= 11, false) AS reached_turn,
        coalesce(length(h.boards[1]) >= 14, false) AS reached_river,
        p.seat,
        p.player,
        p.position,
        p.is_hero,
        p.sitting_out,
        p.hole_cards,
        c.class_key,
        p.collected,
        p.net,
        coalesce(f.vpip, false) AS vpip,
        coalesce(f.pfr, false) AS pfr,
        coalesce(f.folded_preflop, false) AS folded_preflop,
        coalesce(f.folded, false) AS folded,
        coalesce(f.folded_by_flop, false) AS folded_by_flop,
        coalesce(f.folded_by_turn, false) AS folded_by_turn,
        coalesce(f.flop_aggr, false) AS flop_aggr,
        coalesce(f.turn_aggr, false) AS turn_aggr,
        coalesce(f.river_aggr, false) AS river_aggr,
        coalesce(f.three_bet_opp, false) AS three_bet_opp,
        coalesce(f.three_bet, false) AS three_bet,
        coalesce(f.fold_to_three_bet_opp, false) AS fold_to_three_bet_opp,
        coalesce(f.fold_to_three_bet, false) AS fold_to_three_bet,
        coalesce(f.folded_to AND p.position IN ('CO', 'BTN', 'SB'), false) AS steal_opp,
        coalesce(f.folded_to AND p.position IN ('CO', 'BTN', 'SB')
            AND f.first_preflop_kind IN ('bet', 'raise'), false) AS steal,
        coalesce(f.cbet_opp, false) AS cbet_opp,
        coalesce(f.cbet, false) AS cbet,
        coalesce(f.fold_to_cbet_opp, false) AS fold_to_cbet_opp,
        coalesce(f.fold_to_cbet, false) AS fold_to_cbet,
        coalesce(f.postflop_aggr, 0) AS postflop_aggr,
        coalesce(f.postflop_calls, 0) AS postflop_calls,
        coalesce(f.postflop_folds, 0) AS postflop_folds,
        -- the players still in at the end: those of these rows who never folded (a
        -- sitting-out player's automatic fold is counted only when his row is here)
        count(*) FILTER (WHERE NOT coalesce(f.folded, false))
            OVER (PARTITION BY h.site, h.hand_id) AS players_left,
        coalesce(l.preflop_entries, 0) AS preflop_entries,
        w.hand_collected,
        w.collected_through_seat
    FROM source_hands(h_first, h_last, keyed) AS h
    JOIN in_hand AS p USING (site, hand_id)
    LEFT JOIN landmarks_of(a_first, a_last, keyed) AS l USING (site, hand_id)
    LEFT JOIN action_flags_of(a_first, a_last, keyed) AS f USING (site, hand_id, player)
    LEFT JOIN winners AS w USING (site, hand_id, seat)
    -- a class only for the whole hand the game deals (a partial show has none)
    LEFT JOIN hand_classes AS c
        ON c.hole_cards = p.hole_cards AND c.cards_dealt = h.hole_cards_count
)
SELECT
    site,
    hand_id,
    started_at,
    game,
    hi_lo,
    limit_type,
    currency,
    is_tournament,
    tournament_id,
    table_name,
    small_blind,
    big_blind,
    units_per_currency,
    seat,
    player,
    position,
    is_hero,
    sitting_out,
    hole_cards,
    class_key,
    collected,
    net,
    net / big_blind AS net_bb,
    -- The rake split over the winners in proportion to what they collected; the
    -- cumulative form makes the integer shares add up to the rake exactly.
    CASE WHEN hand_collected > 0
        THEN rake * collected_through_seat // hand_collected
            - rake * (collected_through_seat - collected) // hand_collected
        ELSE 0 END AS rake_paid,
    -- A walk: nobody called or raised and the hand ended before the flop; the player
    -- left in it (the big blind) had no decision to make.
    preflop_entries = 0 AND NOT reached_flop AND NOT folded_preflop AS walk,
    vpip,
    pfr,
    three_bet_opp,
    three_bet,
    fold_to_three_bet_opp,
    fold_to_three_bet,
    steal_opp,
    steal,
    reached_flop AND NOT folded_preflop AS saw_flop,
    reached_turn AND NOT folded_by_flop AS saw_turn,
    reached_river AND NOT folded_by_turn AS saw_river,
    flop_aggr,
    turn_aggr,
    river_aggr,
    cbet_opp,
    cbet,
    fold_to_cbet_opp,
    fold_to_cbet,
    postflop_aggr,
    postflop_calls,
    postflop_folds,
    NOT folded AND players_left >= 2 AS went_to_showdown,
    NOT folded AND players_left >= 2 AND collected > 0 AS won_at_showdown,
    reached_flop AND NOT folded_preflop AND collected > 0 AS won_saw_flop
FROM dealt;

-- Every hand's landmarks, from all rows of `actions`.
CREATE OR REPLACE TEMP VIEW hand_landmarks AS
SELECT * FROM landmarks_of(0, 9223372036854775807, false);

-- One row per starting-hand class met, with its category columns.
CREATE OR REPLACE TEMP VIEW class_categories_live AS
SELECT
    class_key,
    any_value(hand_class) AS hand_class,
    any_value(hand_label) AS hand_label,
    any_value(cards_dealt) AS cards_dealt,
    any_value(pairs) AS pairs,
    any_value(suitedness) AS suitedness,
    any_value(connectedness) AS connectedness,
    any_value(high_cards) AS high_cards,
    any_value(low_start) AS low_start,
    any_value(low_ranks) AS low_ranks
FROM hand_classes
GROUP BY class_key;
