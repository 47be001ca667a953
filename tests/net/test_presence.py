"""Presence and the heartbeat on their own: changes within a tick go out as one frame, the
host hears each as it happens, spectators only of seats; every heartbeat pings the peers,
drops a silent one, sends a hash to whoever has not heard the latest and tells the crowd
its new size."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tests.net.helpers import Parts, kinds, received, wait_until


@asynccontextmanager
async def _beating(parts: Parts) -> AsyncIterator[None]:
    heartbeat = asyncio.create_task(parts.presence.heartbeat())
    try:
        yield
    finally:
        heartbeat.cancel()
        await asyncio.gather(heartbeat, return_exceptions=True)
        parts.presence.stop()


async def test_changes_within_a_tick_go_out_as_one_frame(tmp_path: Path) -> None:
    parts = Parts(tmp_path / "g.log", presence_tick=0.05)
    ada, bob = parts.connect("Ada"), parts.connect("Bob")
    fan = parts.connect("Fan", "spectator")
    parts.presence.changed(seats=True)  # Ada came
    parts.presence.changed(seats=True)  # Bob came
    parts.presence.changed(seats=False)  # a spectator came
    assert parts.heard == [{"Ada": True, "Bob": True}] * 2, "the host hears each seat's"
    await wait_until(lambda: "presence" in kinds(ada) and "presence" in kinds(fan))
    assert kinds(ada) == kinds(bob) == kinds(fan) == ["presence"]
    assert received(ada)[0] == {
        "t": "presence",
        "seats": {"Ada": True, "Bob": True},
        "spectators": 1,
    }
    parts.connect("Fan2", "spectator")
    parts.presence.changed(seats=False)
    await wait_until(lambda: kinds(ada) == ["presence"] * 2)
    assert received(ada)[-1]["spectators"] == 2
    assert kinds(fan) == ["presence"], "spectators hear only of seats, at once"
    assert len(parts.heard) == 2


async def test_the_heartbeat_pings_drops_the_silent_and_hashes_the_stale(
    tmp_path: Path,
) -> None:
    parts = Parts(tmp_path / "g.log", heartbeat=0.05, timeout=30.0, presence_tick=60.0)
    ada, bob = parts.connect("Ada"), parts.connect("Bob")
    fans = [parts.connect(f"Fan{i}", "spectator") for i in range(3)]
    parts.peer(bob).last_heard -= 31  # silent for longer than the timeout
    parts.sequencer.run("Ada", "c1", {"op": "add", "n": 1})
    parts.fanout.send_hash(parts.peer(ada))
    async with _beating(parts):
        await wait_until(lambda: all("ping" in kinds(fan) for fan in fans))
        await wait_until(lambda: "ping" in kinds(ada))
    assert bob.transport.closing, "dropped as silent"
    assert "ping" not in kinds(bob)
    assert kinds(ada)[:3] == ["ev", "hash", "ping"]
    assert kinds(ada).count("hash") == 1, "Ada had heard the latest: no other hash"
    for fan in fans:
        # Each heard the event and its hash once the heartbeat came, and their number,
        # which they had not heard yet.
        assert {"ev", "hash", "presence", "ping"} <= set(kinds(fan))
        counts = [f["spectators"] for f in received(fan) if f["t"] == "presence"]
        assert counts[-1] == 3
