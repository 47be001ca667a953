"""Discovery cases that really send mDNS. They run only inside the private network namespace
that test_discovery.py creates (loopback is its only interface), never on a real network."""

from __future__ import annotations

import asyncio
import os
import socket

import pytest

from net.discovery import Advertiser, Browser, Change

ENV = "NET_TESTS_IN_PRIVATE_NETNS"
TYPE = "_countertest._tcp.local."
LOOPBACK = ["127.0.0.1"]


def in_private_namespace() -> bool:
    return os.environ.get(ENV) == "1" and [n for _, n in socket.if_nameindex()] == ["lo"]


pytestmark = pytest.mark.skipif(
    not in_private_namespace(), reason="sends mDNS: only inside test_discovery.py's namespace"
)


async def next_change(changes, kind: str) -> Change:
    async with asyncio.timeout(20):  # a guard, not a timing assertion
        async for change in changes:
            if change.kind == kind:
                return change
    raise AssertionError("unreachable")


async def test_advertise_browse_update_and_withdraw():
    async with Browser(TYPE, interfaces=LOOPBACK) as browser:
        changes = browser.changes()
        ad = Advertiser(
            TYPE, "Ada's game", 4242, {"v": "1", "phase": "lobby"}, interfaces=LOOPBACK
        )
        await ad.start()
        added = await next_change(changes, "added")
        assert added.service.name == "Ada's game"
        assert added.service.port == 4242
        assert added.service.addresses == ("127.0.0.1",)
        assert added.service.properties == {"v": "1", "phase": "lobby"}

        await ad.update({"v": "1", "phase": "round 2", "players": "3/6"})
        updated = await next_change(changes, "updated")
        assert updated.service.properties == {"v": "1", "phase": "round 2", "players": "3/6"}
        assert browser.services["Ada's game"].properties["phase"] == "round 2"

        await ad.stop()
        removed = await next_change(changes, "removed")
        assert removed.service.name == "Ada's game"
        assert browser.services == {}


async def test_an_update_while_the_name_is_probed_keeps_one_listing():
    # A player who sits down in the second or so the host's name is probed: the host's
    # update must neither take its own name from under the probe nor list the game twice.
    async with Browser(TYPE, interfaces=LOOPBACK) as browser:
        changes = browser.changes()
        ad = Advertiser(TYPE, "Ada's game", 4242, {"players": "0/6"}, interfaces=LOOPBACK)
        starting = asyncio.create_task(ad.start())
        while ad._info is None:  # start() has made its service and is probing its name
            await asyncio.sleep(0)
        await ad.update({"players": "1/6"})
        await starting
        assert ad.name == "Ada's game", "the probe kept its name"
        await ad.update({"players": "2/6"})
        listed = set()
        async with asyncio.timeout(20):  # a guard, not a timing assertion
            async for change in changes:
                listed.add(change.service.name)
                if change.service.properties == {"players": "2/6"}:
                    break
        assert listed == {"Ada's game"}
        assert list(browser.services) == ["Ada's game"]
        await ad.stop()


async def test_two_games_are_listed_and_withdrawn_separately():
    async with Browser(TYPE, interfaces=LOOPBACK) as browser:
        changes = browser.changes()
        async with Advertiser(TYPE, "Ada", 1111, {}, interfaces=LOOPBACK):
            async with Advertiser(TYPE, "Bea", 2222, {}, interfaces=LOOPBACK):
                await next_change(changes, "added")
                await next_change(changes, "added")
                assert {n: s.port for n, s in browser.services.items()} == {
                    "Ada": 1111,
                    "Bea": 2222,
                }
            removed = await next_change(changes, "removed")
            assert removed.service.name == "Bea"
            assert list(browser.services) == ["Ada"]
