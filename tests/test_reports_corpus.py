"""Reports on real PokerStars hands: numbers counted by reading the histories, and FPDB's flags.

The corpus (FPDB regression files, AGPL) is read in place; each expectation says which
lines of the history it comes from.
"""

from __future__ import annotations

import ast
from pathlib import Path

import duckdb

from analysis.reports.queries import Filters, Report, create_views, run_report
from ingest import store
from ingest.importer import import_paths

SIDEPOTS = "Stars/cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt"
PLO8_SIX_MAX = "Stars/cash/PLO8-6max-USD-0.01-0.02-200911.txt"
NOT_VPIP = "Stars/cash/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt"
KNOCKOUT = "Stars/tour/NLO8-USD-STT-201109.Knockout.sample.txt"


def imported(corpus: Path, tmp_path: Path, relative: str) -> duckdb.DuckDBPyConnection:
    db = tmp_path / "corpus.duckdb"
    summary = import_paths([corpus / relative], db, workers=1)
    assert summary.errors == 0
    return store.connect(db, read_only=True)


def flags(con: duckdb.DuckDBPyConnection, hand_id: str) -> dict[str, dict[str, object]]:
    create_views(con)
    rows = con.sql("SELECT * FROM player_hands WHERE hand_id = $id", params={"id": hand_id})
    table = rows.to_arrow_table().to_pylist()
    return {str(row["player"]): row for row in table}


def test_three_side_pot_hands_counted_by_hand(corpus: Path, tmp_path: Path) -> None:
    con = imported(corpus, tmp_path, SIDEPOTS)
    rows = {row["player"]: row for row in run_report(con, Report.players, Filters()).to_pylist()}

    def stat(player: str, name: str) -> tuple[object, object]:
        return rows[player][f"{name}_n"], rows[player][f"{name}_opp"]

    hero = rows["Hero"]
    # Hand 1: Hero re-raises Player5's raise ($0.04 -> $0.06). Hand 2: Hero limps, then
    # re-raises Player0's raise to $0.14. Hand 3: limps, then raises twice on the flop.
    assert stat("Hero", "vpip") == (3, 3) and stat("Hero", "pfr") == (2, 3)
    assert stat("Hero", "three_bet") == (2, 2)
    # Hand 1: Player2 bets the flop before Hero (the preflop raiser) acts: no c-bet chance.
    assert stat("Hero", "cbet") == (0, 0)
    # Flop seen in all three hands; showdown in hands 2 and 3, won in hand 3 (full house).
    assert stat("Hero", "wtsd") == (2, 3) and stat("Hero", "wsd") == (1, 2)
    assert stat("Hero", "wwsf") == (1, 3)
    # Postflop: fold (hand 1); raise, raise all-in (hand 3): AF undefined (no call).
    assert stat("Hero", "afq") == (2, 3) and hero["af"] is None
    # -$0.06, -$0.59 (all-in), +$2.42 - $0.80 = +$1.62; hand 3's $0.12 rake is all Hero's.
    assert (hero["net"], hero["net_showdown"], hero["net_no_showdown"]) == (97, 103, -6)
    assert hero["rake_paid"] == 12
    # Hand 2: Player0 opened to $0.08, faced Hero's 3-bet and 4-bet to $0.69; collected
    # $0.88 + $2.35 for $0.90 in. Rake $0.18 split 323 : 29 with Player2 -> 16 and 2.
    assert stat("Player0", "fold_to_three_bet") == (0, 1)
    assert (rows["Player0"]["net"], rows["Player0"]["rake_paid"]) == (153, 16)
    # Hand 1: two players who posted big blinds only checked before Player5 (CO) raised.
    assert stat("Player5", "steal") == (1, 1)
    # Player5: flop bet and two calls in hand 3, fold in hand 1.
    assert (rows["Player5"]["af"], stat("Player5", "afq")) == (0.5, (1, 4))
    # Player2: VPIP in hands 1 and 2, checked his big blind in hand 3; won hand 1's pot
    # ($0.31 for $0.06) and side pot 2 in hand 2.
    assert stat("Player2", "vpip") == (2, 3) and stat("Player2", "wwsf") == (2, 3)
    assert (rows["Player2"]["net"], rows["Player2"]["rake_paid"]) == (25 - 76 - 29, 1 + 2)
    assert sum(row["net"] for row in rows.values()) == -(1 + 18 + 12)


def test_continuation_bets_counted_by_hand(corpus: Path, tmp_path: Path) -> None:
    con = imported(corpus, tmp_path, PLO8_SIX_MAX)
    # #35875034981: supermeXXX raises, Hero and UnderMeSensi call; flop: UnderMeSensi
    # checks, supermeXXX bets $0.10, Hero folds, UnderMeSensi calls; showdown, both win.
    hand = flags(con, "35875034981")
    assert (hand["supermeXXX"]["cbet_opp"], hand["supermeXXX"]["cbet"]) == (True, True)
    assert (hand["Hero"]["fold_to_cbet_opp"], hand["Hero"]["fold_to_cbet"]) == (True, True)
    sensi = hand["UnderMeSensi"]
    assert (sensi["fold_to_cbet_opp"], sensi["fold_to_cbet"]) == (True, False)
    assert (sensi["went_to_showdown"], sensi["won_at_showdown"]) == (True, True)
    assert hand["tiger48475"]["saw_flop"] is False
    # #35875059163: Hero raises, UnderMeSensi calls; flop checked through: a c-bet chance
    # not taken.
    hand = flags(con, "35875059163")
    assert (hand["Hero"]["cbet_opp"], hand["Hero"]["cbet"]) == (True, False)
    assert hand["UnderMeSensi"]["fold_to_cbet_opp"] is False


def test_walks_leave_vpip_out(corpus: Path, tmp_path: Path) -> None:
    con = imported(corpus, tmp_path, KNOCKOUT)
    # #68174519047: folded round to APTEM-89's big blind; StaKuGorPS on the button and
    # Hero in the small blind were folded to and folded.
    hand = flags(con, "68174519047")
    assert hand["APTEM-89"]["walk"] is True and hand["APTEM-89"]["vpip"] is False
    assert [name for name, row in hand.items() if row["walk"]] == ["APTEM-89"]
    assert (hand["StaKuGorPS"]["steal_opp"], hand["StaKuGorPS"]["steal"]) == (True, False)
    assert hand["Hero"]["steal_opp"] is True
    # Four players: barlowdog1, first to act, sits right of the button: the cutoff.
    assert (hand["barlowdog1"]["position"], hand["barlowdog1"]["steal_opp"]) == ("CO", True)
    rows = run_report(con, Report.players, Filters(player="APTEM-89")).to_pylist()
    assert rows[0]["vpip_opp"] == rows[0]["hands"] - 2  # the file holds two walks for APTEM-89


# FPDB's per-player flags (.hp companion) and the player_hands column each one matches.
FPDB_FLAGS = {
    "street0VPI": "vpip",
    "street0Aggr": "pfr",
    "street1Aggr": "flop_aggr",
    "street2Aggr": "turn_aggr",
    "street3Aggr": "river_aggr",
    "street1Seen": "saw_flop",
    "street2Seen": "saw_turn",
    "street3Seen": "saw_river",
    "sawShowdown": "went_to_showdown",
    "street0_3BChance": "three_bet_opp",
    "street0_3BDone": "three_bet",
    "raiseToStealChance": "steal_opp",
    "raiseToStealDone": "steal",
    "street1CBChance": "cbet_opp",
    "street1CBDone": "cbet",
    "foldToStreet1CBChance": "fold_to_cbet_opp",
    "foldToStreet1CBDone": "fold_to_cbet",
    "totalProfit": "net",
    "rake": "rake_paid",
}


def test_agrees_with_fpdb_companion_flags(corpus: Path, tmp_path: Path) -> None:
    con = imported(corpus, tmp_path, NOT_VPIP)
    expected = ast.literal_eval((corpus / f"{NOT_VPIP}.hp").read_text())
    hand = flags(con, "48850962136")
    assert set(hand) == set(expected)
    for player, fpdb in expected.items():
        ours = {fpdb_name: hand[player][column] for fpdb_name, column in FPDB_FLAGS.items()}
        assert ours == {name: fpdb[name] for name in FPDB_FLAGS}, player
        assert hand[player]["won_saw_flop"] == (fpdb["wonWhenSeenStreet1"] > 0)
    # The point of this file: Hero posted a big blind out of turn and only checked.
    assert hand["Hero"]["vpip"] is False
