"""The crowd's shared frames on their own: written after the command that put them, to every
spectator in order, a spectator's own frames behind the shared ones queued before them; and
a view's frames joined once for every newcomer's catch-up."""

from __future__ import annotations

from net.config import HostConfig
from net.fanout import Broadcast, ViewFrames
from net.framing import encode
from net.peer import Cork, Outflow, Peer
from tests.net.helpers import FakeWriter, wait_until


def _frame(n: int) -> bytes:
    return encode({"t": "x", "n": n})


def test_a_views_frames_are_joined_once_for_every_catch_up() -> None:
    frames = ViewFrames([(1, _frame(1)), (3, _frame(3))])
    count, whole = frames.after(0)
    assert (count, whole) == (2, _frame(1) + _frame(3))
    assert frames.after(0)[1] is whole, "the same bytes for the next newcomer"
    assert frames.after(1) == (1, _frame(3)), "seq 2 is not in this view"
    frames.append(5, _frame(5))
    assert frames.after(0) == (3, _frame(1) + _frame(3) + _frame(5))
    assert frames.after(5) == (0, b"")


async def test_the_crowd_hears_every_frame_in_order_after_the_command() -> None:
    crowd: set[Peer] = set()
    outflow, cork = Outflow(10**9), Cork()
    broadcast = Broadcast(crowd, outflow, slice_size=2, tick=0.0, crowd=10)
    writers = [FakeWriter() for _ in range(5)]
    for writer in writers:
        peer = Peer(writer, HostConfig(), 0.0, cork, outflow)  # type: ignore[arg-type]
        broadcast.join(peer)
        crowd.add(peer)
    for n in range(3):
        broadcast.put(_frame(n))
    assert all(not w.transport.writes for w in writers), "nothing written on the put's path"
    everything = _frame(0) + _frame(1) + _frame(2)
    await wait_until(lambda: all(w.transport.data == everything for w in writers))
    assert outflow.frames == 15
    await wait_until(lambda: not broadcast.frames)  # all written: nothing kept


async def test_a_spectators_own_frame_waits_behind_the_shared_ones() -> None:
    crowd: set[Peer] = set()
    outflow, cork = Outflow(10**9), Cork()
    broadcast = Broadcast(crowd, outflow, slice_size=32, tick=0.0, crowd=10)
    writer = FakeWriter()
    fan = Peer(writer, HostConfig(), 0.0, cork, outflow)  # type: ignore[arg-type]
    broadcast.put(_frame(0))  # nobody hears it: nobody was there
    broadcast.join(fan)
    crowd.add(fan)
    broadcast.put(_frame(1))
    fan.send(encode({"t": "pong"}))
    broadcast.put(_frame(2))
    await wait_until(lambda: broadcast.pending(fan) == 0)
    assert writer.transport.data == _frame(1) + encode({"t": "pong"}) + _frame(2)
