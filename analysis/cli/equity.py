"""``omaha equity``: exact all-in equities of hands given on the command line."""

from __future__ import annotations

from typing import Annotated

import pyarrow as pa
import typer

from analysis.cli.options import FormatOption, WideOption, ctrl_c, fail, fit
from analysis.output import Format, render
from omaha_core import GAMES, format_cards, parse_cards
from omaha_core.equity import Equity, equity

_BY_HOLES = {4: "omaha", 5: "omaha5", 6: "omaha6"}


def equity_table(result: Equity, hands: list[list[int]], hi_lo: bool) -> pa.Table:
    """One row per hand, in the order given: outcomes counted over every runout, the
    expected share of each half and of the whole pot."""
    rows = []
    for index, cards in enumerate(hands):
        player = result.players[index]
        row: dict[str, object] = {
            "hand": format_cards(cards), "runouts": result.runouts, "win": player.win,
            "tie": player.tie, "scoop": player.scoop, "hi_share": round(player.hi_share, 6),
        }  # fmt: skip
        if hi_lo:
            row |= {"lo_win": player.lo_win, "lo_tie": player.lo_tie,
                    "lo_share": round(player.lo_share, 6)}  # fmt: skip
        row["equity"] = round(player.equity, 6)
        rows.append(row)
    return pa.Table.from_pylist(rows)


def equity_command(
    hands: Annotated[
        list[str], typer.Argument(
            help='Two or more hands, e.g. "As Ks Qh Jh" "8c 7c 6d 5d".', metavar="HANDS..."
        )
    ],
    board: Annotated[str, typer.Option("--board", help="Board cards dealt so far.")] = "",
    dead: Annotated[str, typer.Option("--dead", help="Other cards out of the deck.")] = "",
    game: Annotated[
        str | None,
        typer.Option("--game", help="omaha, omaha8, omaha5, ... (default: by hole cards)."),
    ] = None,
    fmt: FormatOption = Format.table,
    wide: WideOption = False,
) -> None:
    """Exact equities of all-in hands, by enumerating every runout of the unseen cards:
    wins, ties and scoops, the share of each half and of the whole pot (0 to 1)."""
    with ctrl_c(lambda: "nothing was written"):
        try:
            holes = [parse_cards(text) for text in hands]
            name = game or _BY_HOLES.get(len(holes[0]), "omaha")
            if name not in GAMES:
                raise ValueError(f"unknown game {name!r}; the games are {', '.join(GAMES)}")
            if len(holes) < 2:
                raise ValueError("give at least two hands")
            result = equity(holes, parse_cards(board), parse_cards(dead), name)
        except ValueError as exc:
            fail(str(exc), 2)
        table = equity_table(result, holes, GAMES[name].hi_lo)
        typer.echo(render(table, fmt, fit=fit(wide, ("hand", "equity"))), nl=False)
