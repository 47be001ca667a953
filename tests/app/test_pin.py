"""A game with a PIN joined without it (`join --connect` without `--pin`): the app asks for
the PIN, as the LAN's list does, asks again after a wrong one, tries only once the host's
back-off lets it, and gives up with the host's word on Esc. Wordsy's app and the board's."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot

from tests.app.fixtures import FixedAdvisor
from tests.app.test_solo import until
from tests.session.test_lan import DICTIONARY, server
from tests.session.test_tile_lan import DICTIONARY as TILE_DICTIONARY
from tests.session.test_tile_lan import tile_host
from wordsy_tui.app.screens.prompt import PromptScreen
from wordsy_tui.app.screens.waiting import WaitingScreen
from wordsy_tui.app.table import SeatAgain
from wordsy_tui.games.tiles.app.app import BoardScreen, TileApp
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.host import WordsyHost
from wordsy_tui.games.wordsy.seat import WordsySeat

PIN = "2468"


def asked(app: App[Any], words: str) -> bool:
    """The app asks for the PIN now, saying `words`."""
    screen = app.screen
    return isinstance(screen, PromptScreen) and words in screen.question


async def answer(pilot: Pilot[None], pin: str) -> None:
    await pilot.press(*pin, "enter")


@contextlib.asynccontextmanager
async def joined_without_the_pin(
    tmp_path: Path,
) -> AsyncIterator[tuple[WordsyHost, WordsyApp, Pilot[None]]]:
    """A host with a PIN, and Bob's app as `join --connect` opens it without `--pin`, which
    asks for it."""
    host = server(tmp_path, pin=PIN)
    await host.start()
    try:
        again = SeatAgain(
            lambda pin: WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY, pin=pin), None
        )
        bob = WordsyApp(again.seat(None), advisor=FixedAdvisor(), bell=False, again=again)
        async with bob.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: asked(bob, "This game has a PIN."), timeout=30)
            yield host, bob, pilot
    finally:
        await host.stop()


async def test_a_guest_without_the_pin_is_asked_for_it_until_it_is_right(tmp_path: Path) -> None:
    async with joined_without_the_pin(tmp_path) as (host, bob, pilot):
        # Over the screen that says the app is connecting, not a blank one.
        assert isinstance(bob.screen_stack[-2], WaitingScreen)
        await answer(pilot, "1111")
        await until(pilot, lambda: asked(bob, "Wrong PIN."), timeout=30)
        await answer(pilot, PIN)
        await until(pilot, lambda: isinstance(bob.screen, LobbyScreen), timeout=30)
        assert host.state.players == ("Bob",)
        assert host.host.pin_failures == 1, "the PIN not sent was no guess; the wrong one was"


async def test_after_wrong_pins_the_app_waits_for_the_hosts_next_try(tmp_path: Path) -> None:
    async with joined_without_the_pin(tmp_path) as (host, bob, pilot):
        for _ in range(3):  # three typos back to back; after the third the host waits
            await answer(pilot, "1111")
            await until(pilot, lambda: asked(bob, "Wrong PIN."), timeout=30)
        assert asked(bob, "The host checks the next one in 1 s.")
        await answer(pilot, PIN)
        await until(pilot, lambda: isinstance(bob.screen, LobbyScreen), timeout=30)
        # Sent at once, the PIN would have been refused unchecked (pin_backoff).
        assert host.host.pin_failures == 3
        assert host.state.players == ("Bob",)


async def test_esc_at_the_pin_question_leaves_with_the_hosts_word(tmp_path: Path) -> None:
    async with joined_without_the_pin(tmp_path) as (host, bob, pilot):
        await pilot.press("escape")
        await until(pilot, lambda: bob.return_code is not None, timeout=30)
        assert bob.return_code == 1
        assert host.state.players == ()


async def test_a_tile_games_board_asks_for_the_pin_too(tmp_path: Path) -> None:
    host = tile_host(tmp_path)
    host.host.config = dataclasses.replace(host.host.config, pin=PIN)
    await host.start()
    try:

        def seat(pin: str | None) -> TileSeat:
            return TileSeat.join(
                "127.0.0.1", host.port, "Bob", GameName.SCRABBLE, TILE_DICTIONARY, pin=pin
            )

        bob = TileApp(seat(None), again=SeatAgain(seat, None))
        async with bob.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: asked(bob, "This game has a PIN."), timeout=30)
            # Over the wait, as at every game's table: no board before the game's first state.
            assert isinstance(bob.screen_stack[-2], WaitingScreen)
            assert not [s for s in bob.screen_stack if isinstance(s, BoardScreen)]
            await answer(pilot, "1111")
            await until(pilot, lambda: asked(bob, "Wrong PIN."), timeout=30)
            await answer(pilot, PIN)
            await until(pilot, lambda: "Bob" in host.state.players, timeout=30)
            assert bob.session.me == "Bob"
            assert bob.screen is bob.board_screen
            assert not [s for s in bob.screen_stack if isinstance(s, WaitingScreen)]
    finally:
        await host.stop()
