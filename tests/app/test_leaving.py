"""Who left is shown as such, and leaving goes back where the player came from."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Console

from tests.app.fixtures import FakeLan, over_state, writing_state
from tests.app.test_solo import until
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.browse import BrowseScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.results import standings_table
from wordsy_tui.games.wordsy.app.widgets.players import status


def test_a_player_who_left_reads_as_left_not_offline() -> None:
    state = replace(writing_state(), gone=frozenset({"Beth"}))
    assert status(state, "Beth", False) == "left"
    assert status(state, "Carl", False) == "offline"


def test_the_results_mark_who_left_the_game() -> None:
    state = replace(over_state(), gone=frozenset({"Beth"}))
    console = Console(width=100, record=True)
    console.print(standings_table(state.sheets, "Ann", state.config.ruleset, state.gone))
    text = console.export_text()
    assert "Beth (left the game)" in text
    assert "Carl (left" not in text


async def test_leaving_a_game_joined_from_the_lans_list_goes_back_to_the_list() -> None:
    launcher = Launcher(FakeLan(), name="Ann", place=Place.LAN)
    async with launcher.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(launcher.screen, BrowseScreen))
        await until(pilot, lambda: launcher.screen.query_one("#games").row_count == 2)
        await pilot.press("enter")
        await until(pilot, lambda: not launcher.is_running)
    app = launcher.chosen
    assert isinstance(app, WordsyApp)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.session is not None and app.state.players != ())
        await pilot.press("ctrl+q")
        await until(pilot, lambda: not app.is_running)
    assert app.comes_back
    again = launcher.again()
    async with again.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: isinstance(again.screen, BrowseScreen))
