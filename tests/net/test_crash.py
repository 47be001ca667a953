"""A host killed with SIGKILL mid-game and restarted from its log loses nothing."""

from __future__ import annotations

import asyncio

from tests.net.helpers import state, wait_until


async def test_a_killed_host_resumes_from_its_log(host_process, make_client):
    port = await host_process.start()
    a = await make_client(port, "a")
    b = await make_client(port, "b")
    accepted: list[int] = []
    enough = asyncio.Event()

    async def keep_adding(client, n):
        while not enough.is_set():
            result = await client.command({"op": "add", "n": n})
            assert result.accepted, result
            accepted.append(n)

    players = [asyncio.ensure_future(keep_adding(a, 1)), asyncio.ensure_future(keep_adding(b, 2))]
    await wait_until(lambda: len(accepted) >= 10)
    await host_process.kill()  # commands are in flight right now
    assert not any(task.done() for task in players)
    await wait_until(lambda: not a.connected and not b.connected)
    await host_process.start()
    at_restart = len(accepted)
    await wait_until(lambda: len(accepted) >= at_restart + 10)
    enough.set()
    await asyncio.gather(*players)
    await wait_until(lambda: a.seq == b.seq and a.connected and b.connected)
    # Nothing acknowledged was lost and nothing applied twice: the total is exactly the sum
    # of the accepted adds, and every client saw seq 1..N once, in order.
    watcher = await make_client(port, "w", role="spectator")
    await wait_until(lambda: watcher.seq == a.seq)
    assert state(watcher)["total"] == sum(accepted)
    for client in (a, b):
        assert state(client)["total"] == sum(accepted)
        assert [e.seq for e in client.events] == list(range(1, client.seq + 1))
    assert a.seat == "a"
    assert b.seat == "b"
