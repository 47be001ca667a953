"""A host that ends the game on purpose tells every peer, and nobody keeps knocking."""

from __future__ import annotations

import pytest

from net import Client, Link
from net.client import Closed, Update
from tests.net.helpers import wait_until

ENDED = "Ada ended the game. It is saved."


def links(updates: list[Update]) -> list[Link]:
    return [update for update in updates if isinstance(update, Link)]


async def test_a_stopped_host_says_so_and_clients_stop_reconnecting(make_host, make_client):
    host = await make_host()
    port = host.address[1]
    heard: dict[str, list[Update]] = {"a": [], "w": []}
    a = await make_client(port, "a", on_update=heard["a"].append)
    watcher = await make_client(port, "w", role="spectator", on_update=heard["w"].append)
    assert (await a.command({"op": "add", "n": 3})).accepted

    await host.stop(ENDED, resumable=True)

    for client, updates in ((a, heard["a"]), (watcher, heard["w"])):
        await wait_until(lambda c=client: c.closed is not None)
        assert links(updates)[-1] == Link(False, ENDED, final=True)
        assert client.closed is not None
        assert client.closed.resumable
        assert not client.connected
        # The client gave up: its connection loop is over, and acting says why at once.
        await wait_until(lambda c=client: c._task is not None and c._task.done())
        with pytest.raises(Closed, match="Ada ended the game"):
            await client.command({"op": "add", "n": 1})


async def test_a_game_that_cannot_go_on_says_so(make_host, make_client):
    host = await make_host()
    a = await make_client(host.address[1], "a")
    await host.stop("The game is over.", resumable=False)
    await wait_until(lambda: a.closed is not None)
    assert a.closed is not None
    assert (a.closed.message, a.closed.resumable) == ("The game is over.", False)


async def test_a_closing_frame_without_a_sentence_still_ends_the_link(make_host, make_client):
    host = await make_host()
    a: Client = await make_client(host.address[1], "a")
    await host.stop("")
    await wait_until(lambda: a.closed is not None)
    assert a.closed is not None
    assert a.closed.message == "The host ended the game."
