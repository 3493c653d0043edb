"""``omaha explain``: each line of a real hand with what was read from it, then the seats,
pots, nets, what does not add up and the audit (the real ``omaha`` script)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

OMAHA = Path(sys.executable).with_name("omaha")
# the checkout's code, wherever the script was installed from (a worktree's tests run it)
CHECKOUT = str(Path(__file__).resolve().parents[1])


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (CHECKOUT, os.environ.get("PYTHONPATH", "")) if p)}
    return subprocess.run([str(OMAHA), "explain", *args], capture_output=True, text=True,
                          check=False, env=env)  # fmt: skip


def test_a_hand_line_by_line_and_what_came_out(corpus: Path) -> None:
    path = corpus / "Stars/cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt"
    done = run(str(path), "--hand", "22865231671")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "hand #22865231671 (pokerstars): stored"
    assert "  65  action       Player0: raises $0.06 to $0.08" in out
    assert out[out.index("  65  action       Player0: raises $0.06 to $0.08") + 1].strip() == (
        "-> raise by Player0 0.08"
    )
    assert "                   -> collect by Player2 0.29 (pot 2)" in out
    assert (
        "  seat 5 Player0 (CO): stack $0.90, put in $0.90, returned $0.00, collected $3.23, "
        "net $2.33, cards Ks Ad 7s Tc"
    ) in out
    assert (
        "pots (before the room's take): main $2.47 (seats 3, 5, 6, 9), side 1 $0.93 "
        "(seats 5, 6, 9), side 2 $0.30 (seats 6, 9)"
    ) in out
    assert out[-2:] == ["does not add up: nothing", "audit: ok"]


def test_what_does_not_add_up_and_a_line_the_grammar_does_not_know(
    formats: Path, tmp_path: Path
) -> None:
    path = formats / "Stars/cash/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.txt"
    done = run(str(path), "--hand", "30266126")
    assert done.returncode == 0, done.stderr
    assert (
        "does not add up: players put in €0.46 and got €0.71 back, but the total pot is €0.25"
    ) in done.stdout.splitlines()
    text = path.read_text(encoding="utf-8").replace("Galen U: bets €0.21", "Galen U juggles")
    damaged = tmp_path / "damaged.txt"
    damaged.write_text(text, encoding="utf-8")
    out = run(str(damaged), "--hand", "30266126").stdout.splitlines()
    assert out[0].startswith("hand #30266126 (pokerstars): error at line 23: a line of no kind")
    assert "  23  UNKNOWN      Galen U juggles" in out


def test_no_such_hand_or_file(corpus: Path) -> None:
    path = corpus / "Stars/cash/PLO-FR-USD-0.01-0.02-201006.sidepots.txt"
    missing = run(str(path), "--hand", "1")
    assert (missing.returncode, missing.stderr.strip()) == (1, f"error: {path}: no hand #1")
    assert run(str(path.parent / "nothing.txt")).returncode == 2


def test_a_boss_hand_element_by_element(corpus: Path) -> None:
    """An XML hand: each element's line with what was read from it (Boss's all-in to the
    street total a call, its result showing cards and paying the pot), then the nets."""
    path = corpus / "Boss/cash/PLO-EUR-0.05-0.10-201207.all.in.call.txt"
    done = run(str(path), "--hand", "2907049756")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "hand #2907049756 (boss): stored"
    allin = '  41  action       <ACTION TYPE="ACTION_ALLIN" PLAYER="Player3" VALUE="3.31"></ACTION>'
    assert out[out.index(allin) + 1].strip() == "-> call by Player3 3.31"
    assert "                   -> collect by Player3 8.57" in out
    assert (
        "  seat 3 Player1 (CO): stack €11.36, put in €5.95, returned €1.49, collected €0.00, "
        "net -€4.46, cards Tc Qd 5d Ac"
    ) in out
    assert out[-2] == "does not add up: nothing"
    assert out[-1].startswith("audit: ok")
