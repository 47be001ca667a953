"""Wordsmith from the start menu and the LAN's list: played solo (the menu's dialog), a
saved game picked to replay, a game picked in the LAN's list, hosted from the form; each
is Wordsmith's own app, through Wordsmith's kit, for the launcher to run once it closes."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, Select

from tests.app.fixtures import FakeLan, settle
from tests.app.smith_fixtures import played
from tests.app.test_host_form import form, open_the_form, shown_rows
from tests.app.test_replay_and_menu import saved_log
from tests.app.test_solo import until
from tests.net.helpers import wait_until
from wordsy_tui.app.lan import LanPlay, TableSetup
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.company import CompanyScreen
from wordsy_tui.app.screens.host_form import FormProblem, HostChoice
from wordsy_tui.app.screens.menu import MenuScreen
from wordsy_tui.app.screens.saved import SavedGamesScreen
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.games.wordsmith.app.app import ReplaySheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.host import wordsmith_host
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.saved import saved_game_list


async def test_solo_from_the_menu_asks_how_many_and_opens_wordsmiths_app() -> None:
    app = Launcher(name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("s", "end", "enter")  # the last game listed: Wordsmith
        await until(pilot, lambda: isinstance(app.screen, CompanyScreen))
        await pilot.press("enter")  # three computer players of medium level
        await until(pilot, lambda: not app.is_running)
    smith = app.chosen
    assert isinstance(smith, WordsmithApp)
    seat = smith.session
    assert seat.me == "Ann"
    assert list(seat.door.company.names) == [f"Bot {n} (medium)" for n in (1, 2, 3)]


async def test_a_saved_game_picked_in_the_list_replays_on_the_sheet(tmp_path: Path) -> None:
    _state, log = played(12)
    saved_log(tmp_path / "wordsmith.log", log)
    app = Launcher(
        name="Ann",
        place=Place.SAVED,
        only_saved=True,
        saved_games=lambda: saved_game_list(tmp_path),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        row = app.screen.query_one("#saved-games").get_row_at(0)  # type: ignore[attr-defined]
        assert "Wordsmith" in str(row)
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    smith = app.chosen
    assert isinstance(smith, WordsmithApp)
    assert isinstance(smith.session.door, Replaying)
    assert isinstance(smith.table_screen, ReplaySheetScreen)
    again = app.again()  # the list of saved games again, where it was picked
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: isinstance(again.screen, SavedGamesScreen))


async def test_a_game_picked_in_the_lan_list_sits_down_at_its_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordsy_tui.words.digest import dictionary_hash

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # where the seat's keys are kept

    server = wordsmith_host(
        WordsmithConfig(),
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "wordsmith.log",
    )
    await server.start()
    try:
        lan = LanPlay(HostOptions(GameConfig(), None))
        smith = lan.join("wordsmith", "127.0.0.1", server.port, "Bob", None)
        assert isinstance(smith, WordsmithApp)
        seat = smith.session
        assert isinstance(seat, WordsmithSeat)
        await seat.start()
        await wait_until(lambda: "Bob" in server.state.players)
        await seat.stop()
    finally:
        await server.stop()


def test_wordsmith_reads_its_own_rows_on_the_host_form() -> None:
    typed = {"smith-round": "45", "smith-goals": "on", "smith-hidden": "on"}
    answer = form(game="wordsmith", seats="10", bots="7", timer="4", **typed)
    config = WordsmithConfig(max_players=10, goals=False, open_sheets=False, round_seconds=45)
    assert answer == HostChoice("Ann", TableSetup(config, bots=7))
    # Its defaults when its rows are left as they are (and Wordsy's timer is not its own).
    assert form(game="wordsmith", seats="10") == HostChoice("Ann", TableSetup(WordsmithConfig()))


@pytest.mark.parametrize(
    ("typed", "field"),
    [
        ({"smith-round": "14"}, "smith-round"),
        ({"smith-round": ""}, "smith-round"),
        ({"smith-goals": "maybe"}, "smith-goals"),
        ({"smith-hidden": "maybe"}, "smith-hidden"),
        ({"seats": "11"}, "seats"),
    ],
)
def test_wordsmith_refuses_on_the_form_what_its_host_refuses(
    typed: dict[str, str], field: str
) -> None:
    answer = form(**({"game": "wordsmith", "seats": "4"} | typed))
    assert isinstance(answer, FormProblem)
    assert answer.field == field


async def test_choosing_wordsmith_on_the_host_form_shows_its_rows_and_hosts_it() -> None:
    lan = FakeLan()
    app = Launcher(lan, name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        assert "row-smith-round" not in shown_rows(app.screen)  # Wordsy
        app.screen.query_one("#game", Select).value = "wordsmith"
        await pilot.pause()
        rows = set(shown_rows(app.screen))
        assert {"row-smith-round", "row-smith-goals", "row-smith-hidden"} <= rows
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    assert lan.hosted == [("Ann", TableSetup(WordsmithConfig()))]


async def test_the_seats_follow_the_game_unless_the_player_chose_them() -> None:
    app = Launcher(FakeLan(), name="Ann")
    async with app.run_test(size=(80, 24)) as pilot:
        await open_the_form(pilot, app)
        seats = app.screen.query_one("#seats", Input)
        game = app.screen.query_one("#game", Select)
        assert seats.value == "6"  # Wordsy's full table
        game.value = "wordsmith"
        await until(pilot, lambda: seats.value == "10")
        game.value = "scrabble"
        await until(pilot, lambda: seats.value == "4")
        seats.value = "3"
        game.value = "wordsmith"
        await pilot.pause()
        await until(pilot, lambda: "row-smith-round" in shown_rows(app.screen))
        assert seats.value == "3"  # what the player typed stays
