"""After a game (its own app) played from the launcher (the start menu, the LAN's list,
the saved games), the program comes back where the game was picked, for every game the
same way; one that could not start comes back saying why; one whose hosting player left
it running ends the program once it is served."""

from __future__ import annotations

import pytest

from tests.app.fixtures import FakeLan, ScriptedSession, game_app, new_table, settle
from tests.app.test_solo import until
from wordsy_tui.app.launcher import Launcher, Place
from wordsy_tui.app.screens.browse import BrowseScreen
from wordsy_tui.app.table import TableApp
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.table.discovery import FoundGame

WWF_GAME = FoundGame(
    "Cat's game", "cat", "192.168.1.40", 47474, 1, 4, "lobby", False, "-", True, game="wwf"
)


async def pick_the_listed_game(lan: FakeLan) -> Launcher:
    app = Launcher(lan, name="Ann", place=Place.LAN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: len(getattr(app.screen, "games", ())) == 1)
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    return app


async def test_after_a_game_picked_in_the_list_the_list_comes_back() -> None:
    lan = FakeLan(games=(WWF_GAME,))
    app = await pick_the_listed_game(lan)
    assert lan.joined == [("192.168.1.40", 47474, "Ann", None, "wwf")]
    assert isinstance(app.chosen, TableApp)
    again = app.again()
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, BrowseScreen)
        assert again.player_name == "Ann"
        assert again.lan is lan


async def test_nothing_comes_back_after_a_launcher_that_picked_no_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def run_async(self: Launcher, **_options: object) -> None:
        """In place of the terminal: the player quits at once."""

    monkeypatch.setattr(Launcher, "run_async", run_async)
    assert await Launcher(FakeLan(), name="Ann").run_to_end_async() == 0


async def test_the_program_runs_the_launcher_and_each_game_until_the_launcher_ends_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[object] = []
    lan = FakeLan(games=(WWF_GAME,))

    async def launcher_runs(self: Launcher, **_options: object) -> None:
        """In place of the terminal: the first launcher's player picks the listed game,
        the second's quits."""
        ran.append(self)
        if len(ran) == 1:
            self.chosen, self.back = lan.join("wwf", "192.168.1.40", 47474, "Ann", None), Place.LAN

    async def game_runs(self: WordsyApp, **_options: object) -> None:
        """The game could not start: the host turned the player away."""
        ran.append(self)
        self.problem = "Cannot join: the game is full (4 players)"
        self._return_code = 1
        assert self.launched, "the game's app knows a launcher will say why"

    monkeypatch.setattr(Launcher, "run_async", launcher_runs)
    monkeypatch.setattr(WordsyApp, "run_async", game_runs)
    first = Launcher(lan, name="Ann", place=Place.LAN)
    assert await first.run_to_end_async() == 0
    assert len(ran) == 3
    assert ran[0] is first
    assert isinstance(ran[1], WordsyApp)
    again = ran[2]
    assert isinstance(again, Launcher)
    assert again.place is Place.LAN
    assert again.notice == "Cannot join: the game is full (4 players)"


async def test_a_game_served_on_without_its_hosting_player_ends_the_program(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    launchers: list[Launcher] = []
    lan = FakeLan()
    hosted = game_app(ScriptedSession("Ann", new_table(("Ann",)).state))
    hosted.serve_on = lan.keep_hosting

    async def launcher_runs(self: Launcher, **_options: object) -> None:
        launchers.append(self)
        self.chosen, self.back = hosted, Place.MENU

    async def game_runs(self: WordsyApp, **_options: object) -> None:
        """The hosting player leaves the game running for the others."""
        self._left_running = self.session

    monkeypatch.setattr(Launcher, "run_async", launcher_runs)
    monkeypatch.setattr(WordsyApp, "run_async", game_runs)
    assert await Launcher(lan, name="Ann").run_to_end_async() == 0
    assert lan.kept is hosted.session
    assert len(launchers) == 1, "no menu over the headless host's lines"


@pytest.mark.parametrize("launched", [False, True])
async def test_a_tile_game_turned_away_says_why_where_it_was_started(
    launched: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """The same for every game: the launcher says why (back where the game was picked), or
    the terminal keeps it (`join --connect`)."""
    from net import Refused
    from wordsy_tui.engine.levels import Level
    from wordsy_tui.games.tiles.app.app import TileApp
    from wordsy_tui.games.tiles.rules.config import TileGameConfig
    from wordsy_tui.games.tiles.rules.rulesets import GameName
    from wordsy_tui.games.tiles.seat import TileSeat

    seat = TileSeat.solo("Bob", TileGameConfig(GameName.WORDFEUD), [Level.EASY])

    async def turned_away() -> None:
        raise Refused("game-started", "The game has already started")

    seat.start = turned_away  # type: ignore[method-assign]
    app = TileApp(seat)
    app.launched = launched
    async with app.run_test(size=(80, 24)):
        pass  # the app ends by itself
    assert app.return_code == 1
    assert app.problem == "Cannot join: The game has already started"
    printed = capsys.readouterr().err
    assert ("Cannot join: The game has already started" in printed) is not launched
