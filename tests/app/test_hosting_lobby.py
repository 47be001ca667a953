"""The hosting player's lobby comes with their seat's welcome, not after the LAN's
advertisement: advertising probes the game's name on the LAN for about a second and a half,
and a Wordsy host's lobby waited for it ("Connecting to the game…" meanwhile)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.app.fixtures import FixedAdvisor
from tests.app.test_solo import until
from tests.session.test_lan import server
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.games.wordsy.seat import WordsySeat


class SlowAdvertisement:
    """An advertisement that goes up only once the test says so, as mDNS's probing takes
    its time."""

    ssh_port: int | None = None

    def __init__(self) -> None:
        self.up = asyncio.Event()
        self.started = False

    async def start(self, state: GameState, port: int) -> None:
        self.started = True
        await self.up.wait()

    async def update(self, state: GameState) -> None:
        pass

    async def stop(self) -> None:
        pass


async def test_the_hosting_players_lobby_does_not_wait_for_the_advertisement(
    tmp_path: Path,
) -> None:
    advertisement = SlowAdvertisement()
    host = server(tmp_path, captain="Ann", announce=advertisement)
    app = WordsyApp(WordsySeat.host("Ann", host), advisor=FixedAdvisor(), bell=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: advertisement.started)
        await until(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert not advertisement.up.is_set()
        advertisement.up.set()
        await pilot.pause()


class WatchedAdvertisement(SlowAdvertisement):
    """Notes what the hosting player's screen showed when the advertisement began."""

    def __init__(self) -> None:
        super().__init__()
        self.app: WordsyApp | None = None
        self.lobby_shown_first = False

    async def start(self, state: GameState, port: int) -> None:
        self.lobby_shown_first = self.app is not None and isinstance(self.app.screen, LobbyScreen)
        self.up.set()
        await super().start(state, port)


async def test_the_advertisement_begins_after_the_hosting_players_lobby(tmp_path: Path) -> None:
    # Starting it (mDNS's import and sockets) costs the loop tens of milliseconds, which
    # the lobby's first frame would wait for.
    advertisement = WatchedAdvertisement()
    host = server(tmp_path, captain="Ann", announce=advertisement)
    app = advertisement.app = WordsyApp(
        WordsySeat.host("Ann", host), advisor=FixedAdvisor(), bell=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: advertisement.started)
        assert advertisement.lobby_shown_first


async def test_a_table_stopped_before_its_advertisement_is_never_advertised(
    tmp_path: Path,
) -> None:
    advertisement = SlowAdvertisement()
    host = server(tmp_path, captain="Ann", announce=advertisement)
    await host.serve()
    doors = asyncio.create_task(host.open_doors(announced_after=0.2))
    await asyncio.sleep(0.05)
    await host.stop()
    await doors
    assert not advertisement.started
