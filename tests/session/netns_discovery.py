"""Wordsy's discovery for real over mDNS: only inside test_discovery.py's private namespace."""

from __future__ import annotations

import asyncio

import pytest

from tests.net.netns_discovery import in_private_namespace
from wordsy_tui.game.config import GameConfig
from wordsy_tui.session.discovery import Announcer, FoundGame, browse
from wordsy_tui.session.lan import LanHost, NetSession

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
    host = LanHost(
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
    guest = NetSession.join(game.address, game.port, "Bob", "d")
    await guest.start()
    listed = await until(games, lambda found: found and found[0].players == 1)
    await guest.stop()
    await host.stop()
    assert await until(games, lambda found: found == []) == []
    await games.aclose()
