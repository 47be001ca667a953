"""A peer's output on its own: the cork's one write per peer, the bounded queue that drops a
peer that does not read (but not for its catch-up), the cap on all peers together, and the
pace of a peer's frames."""

from __future__ import annotations

from typing import Any

from net.config import HostConfig
from net.framing import decode_body, encode
from net.peer import Bucket, Cork, Outflow, Peer
from tests.net.helpers import FakeWriter


def _peer(cork: Cork, outflow: Outflow, **config: Any) -> tuple[Peer, FakeWriter]:
    writer = FakeWriter()
    return Peer(writer, HostConfig(**config), 0.0, cork, outflow), writer  # type: ignore[arg-type]


def test_the_cork_sends_each_peers_frames_in_one_write() -> None:
    cork, outflow = Cork(), Outflow(10**9)
    (ada, ada_out), (bob, bob_out) = _peer(cork, outflow), _peer(cork, outflow)
    with cork.hold():
        for n in range(3):
            ada.send_message({"t": "x", "n": n})
        bob.send_message({"t": "y"})
        assert ada_out.transport.writes == [], "nothing leaves while the cork is held"
    assert len(ada_out.transport.writes) == 1
    assert len(bob_out.transport.writes) == 1
    assert outflow.frames == 4
    ada.send_message({"t": "z"})
    assert len(ada_out.transport.writes) == 2, "uncorked, a frame is written at once"


def test_a_peer_that_does_not_read_is_dropped_but_not_for_its_catch_up() -> None:
    outflow = Outflow(10**9)
    peer, writer = _peer(Cork(), outflow, send_buffer=1000)
    big = b"x" * 3000
    assert peer.catching_up()
    peer.send(big)  # a catch-up larger than the limit
    peer.caught_up()
    peer.send(b"y" * 500)
    assert not writer.transport.closing, "the catch-up does not count against the limit"
    peer.send(b"z" * 600)  # 1100 bytes unread beyond the catch-up
    peer.send(b"!")
    assert writer.transport.closing
    assert outflow.dropped == 1
    assert not peer.catching_up(), "a peer that far behind gets no second catch-up"


def test_all_peers_together_are_capped_by_dropping_the_most_backed_up() -> None:
    outflow = Outflow(10_000)
    peers = [_peer(Cork(), outflow, send_buffer=10**9) for _ in range(3)]
    for size, (peer, _) in zip((1000, 6000, 3000), peers, strict=True):
        peer.send(b"x" * size)
    peers[0][0].send(b"x" * 1000)  # 11,000 in all
    closed = [writer.transport.closing for _, writer in peers]
    assert closed == [False, True, False], "the one with most unsent output goes"
    assert outflow.dropped == 1


def test_a_broadcast_write_follows_what_the_cork_holds() -> None:
    cork = Cork()
    peer, writer = _peer(cork, Outflow(10**9))
    with cork.hold():
        peer.send_message({"t": "own"})
        peer.write_now(encode({"t": "shared"}))
    assert [decode_body(data)["t"] for data in writer.transport.writes] == ["own", "shared"]


def test_a_peer_may_send_a_burst_then_its_rate() -> None:
    bucket = Bucket(rate=10.0, burst=3.0, now=0.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    # A quarter second later two and a half frames' worth came back, after a debt of one.
    assert bucket.take(0.25)
    assert not bucket.take(0.25)
