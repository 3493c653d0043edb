-- Views behind the reports, also usable from `omaha sql`. Definitions: docs/stats.md.
-- Temporary views (they work on read-only databases too), created by
-- analysis.reports.create_views before any report runs. It first provides `hand_classes`
-- (one row per distinct hole-card text, see analysis/handclass.py), and afterwards points
-- `player_hands` and `class_categories` at their stored copies when those are current
-- (see analysis.reports.refresh_cache).

-- Per hand, the order (seq) and authors of the aggressive actions that stats refer to:
-- preflop raises (open, 3-bet, 4-bet, last raiser) and flop bets/raises (c-bet); and how
-- many players folded and entered the pot preflop.
CREATE OR REPLACE TEMP VIEW hand_landmarks AS
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
    FROM actions
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
CREATE OR REPLACE TEMP VIEW player_action_flags AS
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
FROM actions AS a
LEFT JOIN hand_landmarks AS l USING (site, hand_id)
WHERE a.kind IN ('fold', 'check', 'call', 'bet', 'raise')
GROUP BY a.site, a.hand_id, a.player;

-- One row per player dealt into a hand: hand facts, stat flags and results.
CREATE OR REPLACE TEMP VIEW player_hands_live AS
WITH hand_players AS (
    SELECT site, hand_id, count(*) AS dealt
    FROM players
    WHERE NOT sitting_out
    GROUP BY site, hand_id
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
    FROM players
    WHERE collected > 0 AND NOT sitting_out
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
            AND f.first_preflop_kind = 'raise', false) AS steal,
        coalesce(f.cbet_opp, false) AS cbet_opp,
        coalesce(f.cbet, false) AS cbet,
        coalesce(f.fold_to_cbet_opp, false) AS fold_to_cbet_opp,
        coalesce(f.fold_to_cbet, false) AS fold_to_cbet,
        coalesce(f.postflop_aggr, 0) AS postflop_aggr,
        coalesce(f.postflop_calls, 0) AS postflop_calls,
        coalesce(f.postflop_folds, 0) AS postflop_folds,
        hp.dealt - coalesce(l.folds, 0) AS players_left,
        coalesce(l.preflop_entries, 0) AS preflop_entries,
        w.hand_collected,
        w.collected_through_seat
    FROM hands AS h
    JOIN players AS p USING (site, hand_id)
    JOIN hand_players AS hp USING (site, hand_id)
    LEFT JOIN hand_landmarks AS l USING (site, hand_id)
    LEFT JOIN player_action_flags AS f USING (site, hand_id, player)
    LEFT JOIN winners AS w USING (site, hand_id, seat)
    LEFT JOIN hand_classes AS c ON c.hole_cards = p.hole_cards
    WHERE NOT p.sitting_out
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
    small_blind,
    big_blind,
    units_per_currency,
    seat,
    player,
    position,
    is_hero,
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

-- One row per starting-hand class met in the database, with its category columns.
CREATE OR REPLACE TEMP VIEW class_categories AS
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

-- What the reports read; analysis.reports.create_views points it at the stored copy when
-- that copy is current.
CREATE OR REPLACE TEMP VIEW player_hands AS SELECT * FROM player_hands_live;

-- A percentage of an opportunity count, NULL when there was no opportunity.
CREATE OR REPLACE TEMP MACRO pct(numerator, opportunities) AS
    round(100.0 * numerator / nullif(opportunities, 0), 1);

-- The player-hands a report covers: every filter is a bound parameter, NULL for "any".
-- Stakes are matched in currency units (0.05/0.10 dollars, 50/100 chips) or, given
-- alone, as a big blind in the smallest unit (cents or chips).
CREATE OR REPLACE TEMP MACRO report_hands(
    p_player, p_game, p_small_blind, p_big_blind, p_big_blind_units, p_since, p_until
) AS TABLE
SELECT *
FROM player_hands
WHERE (p_player IS NULL OR player = p_player)
    AND (p_game IS NULL OR game = p_game)
    AND (p_small_blind IS NULL OR small_blind = round(p_small_blind * units_per_currency))
    AND (p_big_blind IS NULL OR big_blind = round(p_big_blind * units_per_currency))
    AND (p_big_blind_units IS NULL OR big_blind = p_big_blind_units)
    AND (p_since IS NULL OR started_at >= p_since)
    AND (p_until IS NULL OR started_at < p_until);

-- The starting-hand reports' sums per class (an integer key) and game kind, over the
-- player-hands a report covers whose hole cards are known.
CREATE OR REPLACE TEMP MACRO class_results(
    p_player, p_game, p_small_blind, p_big_blind, p_big_blind_units, p_since, p_until
) AS TABLE
SELECT
    class_key,
    hi_lo,
    count(*) AS dealt,
    count_if(vpip) AS vpip_n,
    count_if(NOT walk) AS vpip_opp,
    count_if(pfr) AS pfr_n,
    sum(net) AS net,
    sum(net_bb) AS net_bb,
    count_if(won_at_showdown) AS wsd_n,
    count_if(went_to_showdown) AS wsd_opp
FROM report_hands(p_player, p_game, p_small_blind, p_big_blind, p_big_blind_units, p_since,
    p_until)
WHERE class_key IS NOT NULL
GROUP BY class_key, hi_lo;
