"""The fan-out on its own: each view of an event to its peers, encoded once; hashes to
whoever has not heard the latest; a catch-up that resumes or starts over. The crowd's shared
frames written after the command that put them, to every spectator in order, a spectator's
own frames behind the shared ones queued before them; a view's frames joined once for every
newcomer's catch-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgpack
import pytest

from net import protocol as p
from net.config import HostConfig
from net.fanout import Broadcast, ViewFrames
from net.framing import encode
from net.peer import Cork, Outflow, Peer
from net.seats import UNFOLDED, Recipient
from tests.net.helpers import FakeWriter, Parts, kinds, received, wait_until


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


# -- who gets which frame -----------------------------------------------------------------


async def test_each_view_of_an_event_goes_to_its_peers_once_encoded(tmp_path: Path) -> None:
    parts = Parts(tmp_path / "g.log")
    ada, ada2, bob = parts.connect("Ada"), FakeWriter(), parts.connect("Bob")
    second = Peer(ada2, HostConfig(), 0.0, parts.cork, parts.outflow)  # type: ignore[arg-type]
    parts.seating.seats["Ada"].peers.add(second)  # Ada on two screens
    fan = parts.connect("Fan", "spectator")
    parts.sequencer.run("Ada", "c1", {"op": "secret", "value": "hers"})
    parts.sequencer.run("Bob", "c1", {"op": "add", "n": 2})
    assert [f["seq"] for f in received(ada)] == [1, 2]
    assert received(ada2) == received(ada)
    assert [f["seq"] for f in received(bob)] == [2], "the secret is Ada's alone"
    assert ada.transport.writes[-1] is bob.transport.writes[-1], "one frame for one view"
    assert fan.transport.writes == [], "the crowd's copy waits for the command to end"
    await wait_until(lambda: [f["seq"] for f in received(fan)] == [2])
    for key, recipient in [*parts.seating.seats.items(), (None, parts.seating.spectators)]:
        assert recipient.chain == parts.sequencer.chain(key)


async def test_hashes_go_to_whoever_has_not_heard_the_latest(tmp_path: Path) -> None:
    parts = Parts(tmp_path / "g.log")
    ada, bob = parts.connect("Ada"), parts.connect("Bob")
    parts.sequencer.run("Ada", "c1", {"op": "add", "n": 1})
    parts.fanout.send_hash(parts.peer(ada))
    parts.fanout.send_hashes(only_stale=True)
    assert kinds(ada) == ["ev", "hash"], "Ada had heard it already"
    assert kinds(bob) == ["ev", "hash"]
    parts.fanout.send_hashes(only_stale=True)
    assert kinds(bob) == ["ev", "hash"], "nothing new since"
    parts.fanout.send_hashes(only_stale=False)
    assert kinds(ada) == kinds(bob) == ["ev", "hash", "hash"]
    assert received(bob)[-1] == {
        "t": "hash",
        "seq": 1,
        "hash": parts.seating.seats["Bob"].chain,
    }


async def test_a_catch_up_resumes_or_starts_over(tmp_path: Path) -> None:
    parts = Parts(tmp_path / "g.log")
    for i in range(3):
        parts.sequencer.run(None, f"h{i}", {"op": "reveal"})
    late = parts.connect("Fan", "spectator")
    parts.fanout.catch_up(parts.peer(late), 0)
    parts.fanout.catch_up(parts.peer(late), 2)
    await wait_until(lambda: kinds(late)[-1] == "hash")
    assert [(f["t"], f.get("seq")) for f in received(late)] == [
        ("reset", None),
        ("ev", 1),
        ("ev", 2),
        ("ev", 3),
        ("hash", 3),
        ("resume", 2),
        ("ev", 3),
        ("hash", 3),
    ]


async def test_an_event_seen_whole_is_packed_once_for_the_log_and_every_recipient(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = Parts(tmp_path / "g.log")
    ada, bob = parts.connect("Ada"), parts.connect("Bob")
    fan = parts.connect("Fan", "spectator")
    packings: list[object] = []
    packb = msgpack.packb

    def counted(obj: object, **options: Any) -> bytes:
        if isinstance(obj, dict) and obj.get("e") == "added":
            packings.append(obj)
        packed: bytes = packb(obj, **options)
        return packed

    monkeypatch.setattr(msgpack, "packb", counted)
    parts.sequencer.run("Ada", "c1", {"op": "add", "n": 1})
    await wait_until(lambda: "ev" in kinds(fan))
    assert kinds(ada) == kinds(bob) == ["ev"]
    # Its size checked before it was logged, and those very bytes went out: once in all
    # (the log's record packs it inside the record).
    assert len(packings) == 1


async def test_a_command_hashes_no_view_and_the_hash_read_later_is_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parts = Parts(tmp_path / "g.log")
    ada, bob = parts.connect("Ada"), parts.connect("Bob")
    hashed: list[int] = []
    chain = p.chain

    def counted(previous: bytes, seq: int, body: bytes) -> bytes:
        hashed.append(seq)
        return chain(previous, seq, body)

    monkeypatch.setattr(p, "chain", counted)
    parts.sequencer.run("Ada", "c1", {"op": "secret", "value": "hers"})
    parts.sequencer.run("Bob", "c1", {"op": "add", "n": 2})
    assert [f["seq"] for f in received(ada)] == [1, 2]
    assert hashed == [], "a view's hash is folded when it is read, off the command's path"
    parts.fanout.send_hash(parts.peer(bob))
    assert received(bob)[-1]["hash"] == parts.sequencer.chain("Bob")
    assert parts.seating.seats["Ada"].chain == parts.sequencer.chain("Ada")


def test_a_view_nobody_asks_the_hash_of_holds_a_bounded_number_of_links() -> None:
    recipient = Recipient("Ada")
    expected = p.HASH_SEED
    for seq in range(1, 3 * UNFOLDED):
        body = encode({"n": seq})
        recipient.extend(seq, body)
        expected = p.chain(expected, seq, body)
        assert len(recipient._links) < UNFOLDED
    assert recipient.chain == expected
