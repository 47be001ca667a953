"""The host's lobby says how to join over SSH (every address) and shows the key to check."""

from __future__ import annotations

from textual.widgets import Static

from tests.app.fixtures import FixedAdvisor, lobby_host_session
from tests.app.test_solo import until
from wordsy_tui.games.wordsy.app import WordsyApp

LINES = [
    "Join over SSH: ssh -p 2222 YOURNAME@192.0.2.10",
    "Join over SSH: ssh -p 2222 YOURNAME@198.51.100.4",
    "SSH host key: SHA256:q0cHV1tSgXoBDm7Ry6bIGfHHtD0M1QpzHwXMUzvI5Yk",
]


async def test_the_lobby_shows_the_ssh_lines_and_the_host_keys_fingerprint() -> None:
    session = lobby_host_session()
    session.server.front_lines = LINES  # type: ignore[attr-defined]
    app = WordsyApp(session, advisor=FixedAdvisor(), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen")
        where = str(app.screen.query_one("#lobby-where", Static).render())
        assert where.splitlines()[0].startswith("Join at 192.0.2.10:47474")
        assert where.splitlines()[1:] == LINES


async def test_a_lobby_without_fronts_shows_only_the_join_line() -> None:
    app = WordsyApp(lobby_host_session(), advisor=FixedAdvisor(), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: type(app.screen).__name__ == "LobbyScreen")
        where = str(app.screen.query_one("#lobby-where", Static).render())
        assert "ssh" not in where
