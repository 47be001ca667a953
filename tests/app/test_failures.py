"""A task that fails becomes a message on screen; the app and the game go on."""

from __future__ import annotations

from tests.app.fixtures import FixedAdvisor, lobby_host_session
from tests.app.test_solo import until
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.rules.errors import SeatingError


async def test_adding_a_bot_to_a_full_lobby_says_so_and_keeps_the_host_running() -> None:
    session = lobby_host_session()

    async def full(level: str) -> str:
        raise SeatingError("The game is full (6 players).")

    session.server.add_bot = full  # type: ignore[method-assign]
    app = WordsyApp(session, advisor=FixedAdvisor(), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen")
        await pilot.press("b")
        await until(pilot, lambda: bool(app._notifications))
        assert [n.message for n in app._notifications] == ["The game is full (6 players)."]
        assert app.is_running
        assert type(app.screen).__name__ == "LobbyScreen"
