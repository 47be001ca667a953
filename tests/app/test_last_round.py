"""The end of a Wordsy game as the screens say it: the last round's Enter names what it
does (the final scores, not a next round), and the results have a tie-break column only
where a tie was broken or shared."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console

from tests.app.fixtures import (
    ScriptedSession,
    finish_round,
    game_app,
    new_table,
    over_state,
    settle,
)
from tests.app.test_fit import on_screen
from wordsy_tui.games.wordsy.app.screens.results import standings_table
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import ROUNDS
from wordsy_tui.games.wordsy.rules.scoresheet import Scoresheet
from wordsy_tui.games.wordsy.rules.state import GameState


def revealed(round_no: int) -> GameState:
    table = new_table().do(cmd.StartGame())
    for _ in range(round_no - 1):
        finish_round(table.play_round())
    state = table.play_round().state
    assert state.round == round_no
    return state


async def key_bar_at(state: GameState) -> str:
    app = game_app(ScriptedSession("Ann", state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        return on_screen(pilot).splitlines()[-1]


async def test_the_last_rounds_enter_offers_the_final_scores() -> None:
    last = await key_bar_at(revealed(ROUNDS))
    assert "Final scores" in last
    assert "Next round" not in last
    earlier = await key_bar_at(revealed(ROUNDS - 1))
    assert "Next round" in earlier
    assert "Final scores" not in earlier


def table_text(sheets: dict[str, Scoresheet]) -> str:
    console = Console(width=80, record=True)
    console.print(standings_table(sheets, "Ann"))
    return console.export_text()


def test_the_results_show_a_tie_break_column_only_for_a_tie() -> None:
    sheets = over_state().sheets
    assert len({sheet.total for sheet in sheets.values()}) == len(sheets)  # no tie
    assert "Tie-break" not in table_text(dict(sheets))
    tied = dict(sheets)
    first, second = sorted(sheets, key=lambda p: -sheets[p].total)[:2]
    tied[second] = replace(sheets[first])  # the same sheet: the same total
    assert "Tie-break" in table_text(tied)
