"""After a tile game (its own app) played from this program's menu or the LAN's list, the
program comes back where the game was picked; one that could not start ends it, its
reason left on the terminal."""

from __future__ import annotations

import pytest

from tests.app.fixtures import FakeLan, FixedAdvisor, settle
from tests.app.test_solo import until
from wordsy_tui.app.screens.browse import BrowseScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.app import JoinedTiles
from wordsy_tui.table.discovery import FoundGame

WWF_GAME = FoundGame(
    "Cat's game", "cat", "192.168.1.40", 47474, 1, 4, "lobby", False, "-", True, game="wwf"
)


class RefusingLan(FakeLan):
    async def play_tiles(
        self, address: str, port: int, name: str, pin: str | None, game: str
    ) -> int:
        await super().play_tiles(address, port, name, pin, game)
        return 1  # e.g. the host refused the PIN: the tile app printed why


async def pick_the_tile_game(lan: FakeLan) -> WordsyApp:
    app = WordsyApp(None, lan=lan, name="Ann", advisor=FixedAdvisor(), browse=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await until(pilot, lambda: len(getattr(app.screen, "games", ())) == 1)
        await pilot.press("enter")
        await until(pilot, lambda: not app.is_running)
    return app


async def test_after_a_tile_game_picked_in_the_list_the_list_comes_back() -> None:
    lan = FakeLan(games=(WWF_GAME,))
    app = await pick_the_tile_game(lan)
    assert await app.afterwards() == 0
    assert lan.tile_tables == [("192.168.1.40", 47474, "Ann", None, "wwf")]
    again = app.comeback(0)
    assert again is not None
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, BrowseScreen)
        assert again.player_name == "Ann"


async def test_a_tile_game_that_could_not_start_ends_the_program_with_its_reason() -> None:
    lan = RefusingLan(games=(WWF_GAME,))
    app = await pick_the_tile_game(lan)
    assert await app.afterwards() == 1
    assert app.comeback(1) is None


async def test_nothing_comes_back_after_an_app_that_played_no_tile_game() -> None:
    app = WordsyApp(None, lan=FakeLan(), name="Ann", advisor=FixedAdvisor())
    assert await app.afterwards() == 0
    assert app.comeback(0) is None


async def test_the_program_runs_one_app_after_another_until_one_ends_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[WordsyApp] = []

    async def run_async(self: WordsyApp, **_options: object) -> None:
        """In place of the terminal: the first app's player picks a tile game in the list,
        the second's quits."""
        ran.append(self)
        if len(ran) == 1:
            self.tile_table = JoinedTiles("192.168.1.40", 47474, "Ann", None, "wwf")

    monkeypatch.setattr(WordsyApp, "run_async", run_async)
    lan = FakeLan(games=(WWF_GAME,))
    app = WordsyApp(None, lan=lan, name="Ann", advisor=FixedAdvisor(), browse=True)
    assert await app._run_to_end() == 0
    assert len(ran) == 2
    assert ran[1]._browse_first
    assert lan.tile_tables == [("192.168.1.40", 47474, "Ann", None, "wwf")]
