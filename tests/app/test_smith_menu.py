"""Wordsmith from the start menu and the LAN's list: played solo (the menu's dialog), a
saved game picked to replay, a game picked in the LAN's list; each opens Wordsmith's own
app once the menu's has closed, through Wordsmith's kit."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.fixtures import FixedAdvisor, settle
from tests.app.smith_fixtures import played
from tests.app.test_replay_and_menu import saved_log
from tests.app.test_solo import until
from tests.net.helpers import wait_until
from wordsy_tui.app.screens.menu import MenuScreen
from wordsy_tui.app.screens.saved import SavedGamesScreen
from wordsy_tui.cli.serve import HostOptions, LanPlay
from wordsy_tui.games.wordsmith.app.app import ReplaySheetScreen, WordsmithApp
from wordsy_tui.games.wordsmith.app.solo import WordsmithSoloScreen
from wordsy_tui.games.wordsmith.host import wordsmith_host
from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.saved import saved_game_list


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[WordsmithApp]:
    """Wordsmith's apps opened (not run: what they would show is their seat)."""
    apps: list[WordsmithApp] = []

    async def run_async(self: WordsmithApp, **_options: object) -> None:
        apps.append(self)

    monkeypatch.setattr(WordsmithApp, "run_async", run_async)
    return apps


async def test_solo_from_the_menu_asks_how_many_and_opens_wordsmiths_app(
    opened: list[WordsmithApp],
) -> None:
    app = WordsyApp(name="Ann", advisor=FixedAdvisor(), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("s", "end", "enter")  # the last game listed: Wordsmith
        await until(pilot, lambda: isinstance(app.screen, WordsmithSoloScreen))
        await pilot.press("enter")  # three computer players of medium level
        await until(pilot, lambda: not app.is_running)
    assert await app.afterwards() == 0
    (smith,) = opened
    seat = smith.session
    assert seat.me == "Ann"
    assert list(seat.door.company.names) == [f"Bot {n} (medium)" for n in (1, 2, 3)]


async def test_a_saved_game_picked_in_the_list_replays_on_the_sheet(
    tmp_path: Path, opened: list[WordsmithApp]
) -> None:
    _state, log = played(12)
    saved_log(tmp_path / "wordsmith.log", log)
    app = WordsyApp(
        name="Ann",
        replays=True,
        saved_games=lambda: saved_game_list(tmp_path),
        advisor=FixedAdvisor(),
        bell=False,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: isinstance(app.screen, SavedGamesScreen))
        row = app.screen.query_one("#saved-games").get_row_at(0)  # type: ignore[attr-defined]
        assert "Wordsmith" in str(row)
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    assert await app.afterwards() == 0
    (smith,) = opened
    assert isinstance(smith.session.door, Replaying)
    assert isinstance(smith.sheet_screen, ReplaySheetScreen)
    comeback = app.comeback(0)
    assert comeback is not None  # the list of saved games again, where it was picked
    assert comeback._replays_first


async def test_a_game_picked_in_the_lan_list_sits_down_at_its_host(
    tmp_path: Path, opened: list[WordsmithApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    from wordsy_tui.words.lexicon import dictionary_hash

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
        assert await lan.play_tiles("127.0.0.1", server.port, "Bob", None, "wordsmith") == 0
        (smith,) = opened
        seat = smith.session
        assert isinstance(seat, WordsmithSeat)
        await seat.start()
        await wait_until(lambda: "Bob" in server.state.players)
        await seat.stop()
    finally:
        await server.stop()
