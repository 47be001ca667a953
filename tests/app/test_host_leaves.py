"""The hosting player leaves a game in play: the guests' screens say that the host ended
it (and how it goes on) and let them leave, or the game goes on without the host."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static

from tests.app.fixtures import FixedAdvisor
from tests.app.test_solo import until
from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, playing, secret
from tests.session.test_lan import server as lan_server
from tests.session.test_table_waits import SLOW
from wordsy_tui.app.screens.confirm import GameClosedScreen, HostLeavesScreen
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.game import GameScreen
from wordsy_tui.games.wordsy.app.widgets.banner import LinkBanner
from wordsy_tui.games.wordsy.host import WordsyHost
from wordsy_tui.games.wordsy.kit import serve_on
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.games.wordsy.seat import WordsySeat


def hosting(tmp_path: Path) -> tuple[WordsyHost, WordsySeat]:
    """Ann's server, and Ann's own session at it (neither started yet)."""
    server = lan_server(tmp_path, captain="Ann", absent_grace=0.2)
    server.config = SLOW  # no clock ends a round here: only the players do
    return server, WordsySeat.host("Ann", server)


async def begin(server: WordsyHost, ann: WordsySeat, players: int) -> None:
    """Ann starts the game once `players` are seated."""
    await wait_until(lambda: len(server.state.players) == players)
    assert await ann.start_game() is None
    await wait_until(lambda: server.state.phase is Phase.WRITING)


async def guests(server: WordsyHost, *names: str) -> list[WordsySeat]:
    sessions = [WordsySeat.join("127.0.0.1", server.port, name, DICTIONARY) for name in names]
    for session in sessions:
        await session.start()
    return sessions


def banner(app: WordsyApp) -> str:
    return str(app.screen_stack[1].query_one(LinkBanner).render())


async def test_a_guest_is_told_the_host_ended_the_game_and_leaves_with_status_0(tmp_path):
    server, ann = hosting(tmp_path)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", server.port, "Bob", DICTIONARY)
    app = WordsyApp(bob, advisor=FixedAdvisor(), bell=False)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await begin(server, ann, 2)
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await ann.stop()  # Ann quits her app: the game ends for everyone
            await until(pilot, lambda: isinstance(app.screen, GameClosedScreen))
            said = str(app.screen.query_one("#question", Static).render())
            assert said.startswith("Ann ended the game. It is saved")
            assert "wordsy-tui host --resume" in said
            assert "Reconnecting" not in banner(app)
            assert "Ann ended the game" in banner(app)
            await pilot.press("enter")
            await until(pilot, lambda: not app.is_running)
        assert app.return_code == 0
    finally:
        await ann.stop()


async def test_a_guest_from_the_menu_looks_first_then_goes_back_to_it(tmp_path):
    server, ann = hosting(tmp_path)
    await ann.start()
    bob = WordsySeat.join("127.0.0.1", server.port, "Bob", DICTIONARY)
    app = WordsyApp(bob, advisor=FixedAdvisor(), bell=False)
    app.launched = True  # from the launcher's menu
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await begin(server, ann, 2)
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await ann.stop()
            await until(pilot, lambda: isinstance(app.screen, GameClosedScreen))
            await pilot.press("escape")  # a last look at the table
            assert isinstance(app.screen, GameScreen)
            assert "Ann ended the game" in banner(app)
            await pilot.press("ctrl+q")  # no "it goes on without you": it does not
            await until(pilot, lambda: not app.is_running)  # the launcher's menu comes back
        assert app.return_code == 0
        assert app.comes_back
    finally:
        await ann.stop()


async def test_the_hosting_player_ends_the_game_for_everyone(tmp_path):
    server, ann = hosting(tmp_path)
    app = WordsyApp(ann, advisor=FixedAdvisor(), bell=False, serve_on=serve_on)
    bob: WordsySeat | None = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Ann" in server.state.players)
            (bob,) = await guests(server, "Bob")
            await begin(server, ann, 2)
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, HostLeavesScreen))
            await pilot.press("escape")  # on second thought, she stays
            assert isinstance(app.screen, GameScreen)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, HostLeavesScreen))
            await pilot.press("e")
            await until(pilot, lambda: not app.is_running)
        assert await app.afterwards() == 0
        await wait_until(lambda: bob.door.client.closed is not None)
        assert bob.door.client.closed is not None
        assert bob.door.client.closed.message.startswith("Ann ended the game.")
    finally:
        if bob is not None:
            await bob.stop()


async def test_the_game_goes_on_when_the_hosting_player_keeps_it_running(tmp_path, capsys):
    server, ann = hosting(tmp_path)
    app = WordsyApp(ann, advisor=FixedAdvisor(), bell=False, serve_on=serve_on)
    serving: asyncio.Task[int] | None = None
    seated: list[WordsySeat] = []
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Ann" in server.state.players)
            bob, cat = seated[:] = await guests(server, "Bob", "Cat")
            await begin(server, ann, 3)
            await until(pilot, lambda: isinstance(app.screen, GameScreen))
            await pilot.press("ctrl+q")
            await until(pilot, lambda: isinstance(app.screen, HostLeavesScreen))
            await pilot.press("k")
            await until(pilot, lambda: not app.is_running)
        # What `run_to_end` does once the app has closed: serve on, in the same process.
        serving = asyncio.create_task(app.afterwards())
        await wait_until(lambda: server.host.presence.get("Ann") is False)
        assert "Ann" in server.state.gone, "her seat left the game: nobody waits for it"
        async with playing(bob, cat):
            await wait_until(lambda: server.state.round == 2, timeout=30)
        assert server.state.sheets["Bob"].rows[0].word == secret("Bob", 1)
        assert server.state.sheets["Cat"].rows[0].word == secret("Cat", 1)
        assert bob.door.client.connected, "the guests' links never dropped"
        assert bob.door.client.resyncs == 0
        said = capsys.readouterr().out
        assert "Ann left the table; the game goes on without them." in said
        assert "Round 2" in said, said
        serving.cancel()  # Ctrl-C: the game ends for everyone, and they are told
        await wait_until(lambda: bob.door.client.closed is not None)
        assert bob.door.client.closed is not None
        assert bob.door.client.closed.message.startswith("The host ended the game.")
    finally:
        if serving is not None and not serving.done():
            serving.cancel()
        for session in seated:
            await session.stop()
        await server.stop()
