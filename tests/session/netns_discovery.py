"""Discovery for real over mDNS (Wordsy's and a tile game's): only inside test_discovery.py's
private namespace."""

from __future__ import annotations

import asyncio

import pytest

from tests.net.netns_discovery import in_private_namespace
from wordsy_tui.app.lan import LanPlay
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.games.tiles.app.app import TileApp
from wordsy_tui.games.tiles.host import tile_game_host
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.wordsy.host import wordsy_host
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.discovery import Announcer, FoundGame, browse
from wordsy_tui.words.digest import dictionary_hash

LOOPBACK = ["127.0.0.1"]

pytestmark = pytest.mark.skipif(
    not in_private_namespace(), reason="sends mDNS: only inside test_discovery.py's namespace"
)


async def until(games, wanted) -> list[FoundGame]:
    async with asyncio.timeout(20):  # a guard, not a timing assertion
        async for found in games:
            if wanted(found):
                return found
    raise AssertionError("unreachable")


async def test_a_hosted_game_is_listed_updated_and_withdrawn(tmp_path):
    announce = Announcer("Ann's table", "Ann", pin_required=True, interfaces=LOOPBACK)
    host = wordsy_host(
        GameConfig(max_players=4),
        dictionary="d",
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "g.log",
        announce=announce,
    )
    games = browse(interfaces=LOOPBACK)
    await host.start()
    listed = await until(games, lambda found: len(found) == 1)
    game = listed[0]
    assert (game.name, game.host, game.port) == ("Ann's table", "Ann", host.port)
    assert (game.players, game.seats, game.phase, game.pin_required) == (0, 4, "lobby", True)
    assert game.compatible
    guest = WordsySeat.join(game.address, game.port, "Bob", "d")
    await guest.start()
    listed = await until(games, lambda found: found and found[0].players == 1)
    await guest.stop()
    await host.stop()
    assert await until(games, lambda found: found == []) == []
    await games.aclose()


async def test_a_tile_game_is_listed_with_its_game_and_its_seat_taken_from_the_list(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    announce = Announcer("Cat's Words with Friends", "Cat", False, interfaces=LOOPBACK)
    host = tile_game_host(
        TileGameConfig(GameName.WWF),
        dictionary=dictionary_hash(),
        bind="127.0.0.1",
        port=0,
        log_path=tmp_path / "wwf.log",
        announce=announce,
    )
    games = browse(interfaces=LOOPBACK)
    await host.start()
    try:
        (game,) = await until(games, lambda found: len(found) == 1)
        assert (game.name, game.game, game.compatible) == ("Cat's Words with Friends", "wwf", True)
        # What the list's Enter does once the launcher has closed: the board, seated here.
        lan = LanPlay(HostOptions(None, "Dan"))
        board = lan.join(game.game, game.address, game.port, "Dan", None)
        assert isinstance(board, TileApp)
        dan = board.session
        await dan.start()
        listed = await until(games, lambda found: found and found[0].players == 1)
        assert listed[0].players == 1
        assert dan.state.players == ("Dan",)
        await dan.stop()
    finally:
        await host.stop()
    await games.aclose()
