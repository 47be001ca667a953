"""A guest who leaves a lobby with Ctrl+Q gives the seat up on the way out: the host frees
it at once (the name too), not after the grace a dropped link is given. Wordsy's app and
the board's, the table's two ways of leaving."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.fixtures import FixedAdvisor
from tests.app.test_solo import until
from tests.net.helpers import wait_until
from tests.session.test_lan import DICTIONARY, server
from tests.session.test_tile_lan import DICTIONARY as TILE_DICTIONARY
from tests.session.test_tile_lan import tile_host
from wordsy_tui.app.screens.host_form import FormProblem
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.rules import commands as tcmd
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.wordsy.app import WordsyApp
from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen
from wordsy_tui.games.wordsy.rules import commands as wcmd
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.kit import kit_for
from wordsy_tui.words.digest import dictionary_hash

GUARD_SECONDS = 30.0  # against a hang only


async def test_a_wordsy_guest_who_leaves_the_lobby_frees_the_seat_at_once(tmp_path: Path) -> None:
    host = server(tmp_path)
    await host.start()
    try:
        assert await host.submit(wcmd.JoinGame("Ann")) is None
        bob = WordsyApp(
            WordsySeat.join("127.0.0.1", host.port, "Bob", DICTIONARY),
            advisor=FixedAdvisor(),
            bell=False,
        )
        async with bob.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: isinstance(bob.screen, LobbyScreen), timeout=GUARD_SECONDS)
            await until(pilot, lambda: host.state.players == ("Ann", "Bob"))
            await pilot.press("ctrl+q")
            await until(pilot, lambda: not bob.is_running, timeout=GUARD_SECONDS)
        # Freed by Bob's farewell: the lobby's grace for a dropped link is a minute.
        assert host.state.players == ("Ann",)
    finally:
        await host.stop()


async def test_a_tile_guest_who_leaves_the_lobby_frees_the_seat_at_once(tmp_path: Path) -> None:
    host = tile_host(tmp_path)
    await host.start()
    try:
        assert await host.submit(tcmd.JoinGame(), "Ann") is None
        seat = TileSeat.join("127.0.0.1", host.port, "Bob", GameName.SCRABBLE, TILE_DICTIONARY)
        bob = TileApp(seat)
        async with bob.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Bob" in host.state.players, timeout=GUARD_SECONDS)
            await pilot.press("ctrl+q")
            await until(pilot, lambda: not bob.is_running, timeout=GUARD_SECONDS)
        await wait_until(lambda: host.state.players == ("Ann",))
    finally:
        await host.stop()


@pytest.mark.parametrize("game", ["wordnerds", "wordsmith"])
async def test_a_guest_who_leaves_the_lobby_of_a_game_with_its_own_app_frees_the_seat(
    tmp_path: Path, game: str
) -> None:
    kit = kit_for(game)
    config = kit.host_fields().config(game, {}, 4)  # the form's defaults
    assert not isinstance(config, FormProblem)
    host = kit.hosted(game).table(
        config,
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / f"{game}.log",
    )
    await host.start()
    try:
        bob = kit.app(game, kit.seat(game, ("127.0.0.1", host.port), "Bob", None))
        async with bob.run_test(size=(80, 24)) as pilot:
            await until(pilot, lambda: "Bob" in host.state.players, timeout=GUARD_SECONDS)
            await pilot.press("ctrl+q")  # nothing is lost: no question
            await until(pilot, lambda: not bob.is_running, timeout=GUARD_SECONDS)
        await wait_until(lambda: "Bob" not in host.state.players)
    finally:
        await host.stop()
