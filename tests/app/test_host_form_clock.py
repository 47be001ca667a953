"""The host form's game clock: on the turn limit's row for every tile game, read as
`host --clock MIN[+INC] --overtime MIN` reads them, off when left empty."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Select

from tests.app.test_host_form import FakeLan, form, open_the_form, until
from wordsy_tui.app.lan import TableSetup
from wordsy_tui.app.launcher import Launcher
from wordsy_tui.app.screens.host_form import FormProblem, HostChoice
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName


def test_an_empty_clock_is_no_clock() -> None:
    answer = form(game="scrabble", seats="4", **{"game-clock": "", "overtime": "10"})
    assert answer == HostChoice("Ann", TableSetup(TileGameConfig()))


@pytest.mark.parametrize("game", list(GameName))
def test_the_clock_reaches_every_tile_games_config(game: GameName) -> None:
    answer = form(game=game.value, seats="4", **{"game-clock": "25+5", "overtime": "3"})
    config = TileGameConfig(game, clock_minutes=25, clock_increment=5, overtime_minutes=3)
    assert answer == HostChoice("Ann", TableSetup(config))


@pytest.mark.parametrize(
    ("typed", "field", "words"),
    [
        ({"game-clock": "0"}, "game-clock", "MIN or MIN+INC"),
        ({"game-clock": "25+"}, "game-clock", "MIN or MIN+INC"),
        ({"game-clock": "+5"}, "game-clock", "MIN or MIN+INC"),
        ({"game-clock": "181"}, "game-clock", "The clock is 0 to 180 minutes"),
        ({"game-clock": "5+601"}, "game-clock", "The increment is 0 to 600 seconds"),
        ({"game-clock": "5", "overtime": "61"}, "overtime", "0 to 60 minutes over"),
        ({"game-clock": "5", "overtime": ""}, "overtime", "0 to 60 minutes over"),
    ],
)
def test_a_bad_clock_is_refused_at_its_field(typed: dict[str, str], field: str, words: str):
    answer = form(game="wwf", seats="4", **typed)
    assert isinstance(answer, FormProblem)
    assert answer.field == field
    assert words in answer.message


async def test_the_clock_is_typed_on_the_turn_limits_row_and_reaches_the_host() -> None:
    lan = FakeLan()
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        app.screen.query_one("#game", Select).value = "scrabble"
        await pilot.pause()
        clock = app.screen.query_one("#game-clock", Input)
        assert clock.region.y == app.screen.query_one("#turn", Input).region.y
        assert clock.display
        clock.focus()
        await pilot.press(*"25+5", "tab", "backspace", "backspace", "2", "enter")
        await until(pilot, lambda: not app.is_running)
    config = TileGameConfig(clock_minutes=25, clock_increment=5, overtime_minutes=2)
    assert lan.hosted == [("Ann", TableSetup(config))]
