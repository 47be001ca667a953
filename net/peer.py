"""One connection's output: a bounded queue per peer, the cork that batches a command's
frames into one write per peer, and the cap on all peers' unsent output together."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from net import protocol as p
from net.chat import Talker
from net.config import HostConfig
from net.framing import encode
from net.limits import address_key

if TYPE_CHECKING:
    from net.fanout import Broadcast
    from net.seats import Recipient

# The host's parts log as the host: whoever reads its log knows it by that name.
_log = logging.getLogger("net.host")

RESYNC_INTERVAL = 1.0  # seconds


class Bucket:
    """The pace of one peer's frames: `rate` a second sustained, `burst` at once."""

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self._rate, self._burst, self._level, self._at = rate, burst, burst, now

    def take(self, now: float) -> bool:
        self._level = min(self._burst, self._level + (now - self._at) * self._rate)
        self._at = now
        self._level -= 1
        return self._level >= 0


class Cork:
    """While held, peers buffer their frames; releasing it sends each peer's batch in one
    write. Fewer system calls is most of what fan-out latency is made of."""

    def __init__(self) -> None:
        self.held = False
        self.dirty: list[Peer] = []

    def hold(self) -> Cork:
        """`with cork.hold():`. A plain context manager, not a generator's: every command
        takes the cork, and a generator's costs it four times as much."""
        return self

    def __enter__(self) -> None:
        self.held = True

    def __exit__(self, *exc_info: object) -> None:
        self.held = False
        dirty, self.dirty = self.dirty, []
        for peer in dirty:
            peer.flush()


class Outflow:
    """All peers' output together: frames sent, and the bytes waiting in every transport,
    kept under a global cap by dropping the most backed-up peers."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.frames = 0
        self.dropped = 0
        self.peers: set[Peer] = set()
        self._queued = 0  # the sum of each peer's queue as last seen: never an underestimate
        self._written_since_count = 0

    def queued(self, peer: Peer, size: int, written: int) -> None:
        """`peer` now has `size` bytes waiting, after `written` more bytes were queued."""
        self._queued += size - peer.seen
        peer.seen = size
        self._written_since_count += written
        # Counting every transport costs a pass over all peers: do it only when the estimate
        # is over the cap, and at most once per sixteenth of the cap written.
        if self._queued > self.cap and self._written_since_count * 16 >= self.cap:
            self._enforce()

    def _enforce(self) -> None:
        self._written_since_count = 0
        for peer in self.peers:
            peer.seen = peer.writer.transport.get_write_buffer_size()
        self._queued = sum(peer.seen for peer in self.peers)
        for peer in sorted(self.peers, key=lambda peer: peer.seen, reverse=True):
            if self._queued <= self.cap:
                break
            _log.warning("dropping a peer: all peers together hold too much unsent output")
            peer.drop()

    def forget(self, peer: Peer) -> None:
        if peer in self.peers:
            self.peers.discard(peer)
            self._queued -= peer.seen
            peer.seen = 0


class Peer:
    def __init__(
        self,
        writer: asyncio.StreamWriter,
        config: HostConfig,
        now: float,
        cork: Cork,
        outflow: Outflow,
    ) -> None:
        self.writer = writer
        self.cork = cork
        self.outflow = outflow
        outflow.peers.add(self)
        self.seen = 0  # bytes waiting in the transport when the outflow last looked
        self.written = 0  # bytes handed to the transport, in all
        self.catch_up_end = 0  # `written` at the end of the last catch-up
        peername = writer.get_extra_info("peername")
        self.source = address_key(str(peername[0])) if peername else ""
        self.limit = config.send_buffer
        self.max_frame = config.max_frame
        self.bucket = Bucket(config.rate, config.burst, now)
        self.last_heard = now
        self.hashed_seq = -1
        self.last_resync = -RESYNC_INTERVAL
        self.recipient: Recipient | None = None
        self.role: p.Role = "player"
        self._out: list[bytes] = []
        self.broadcast: Broadcast | None = None  # a spectator's shared frames
        self.cursor = 0  # how far into `broadcast` this peer has been written
        self.behind: list[tuple[int, bytes]] = []  # own frames, each after a broadcast position
        self.talker: Talker | None = None  # its chat voice, once welcomed

    def send(self, frame: bytes, count: int = 1) -> None:
        """Queue `frame` (or `count` frames joined into one piece) for this peer."""
        self.outflow.frames += count
        broadcast = self.broadcast
        if broadcast is not None and self.cursor < broadcast.end:
            # Shared frames queued before this one are still on their way to this peer.
            self.behind.append((broadcast.end, frame))
        elif self.cork.held:
            if not self._out:
                self.cork.dirty.append(self)
            self._out.append(frame)
        else:
            self._write(frame)

    def flush(self) -> None:
        data, self._out = b"".join(self._out), []
        if data:
            self._write(data)

    def write_now(self, data: bytes) -> None:
        """Write `data` at once, after what the cork holds for this peer (sent before it)."""
        if self._out:
            self.flush()
        self._write(data)

    def _write(self, data: bytes) -> None:
        transport = self.writer.transport
        if transport.is_closing():
            return
        # The transport is the bounded per-peer queue: a peer that stops reading is dropped
        # (it can resume later) instead of growing the host's memory or slowing the others.
        if self._backlog(transport.get_write_buffer_size()) > self.limit:
            _log.warning("dropping a peer that does not keep up")
            self.drop()
            return
        transport.write(data)
        self.written += len(data)
        self.outflow.queued(self, transport.get_write_buffer_size(), len(data))

    def _backlog(self, queued: int) -> int:
        """What waits for the peer beyond its catch-up, which may well be larger than the
        limit in a long game and leaves first (the queue is first in, first out)."""
        catch_up_left = max(0, self.catch_up_end - (self.written - queued))
        return queued - catch_up_left

    def catching_up(self) -> bool:
        """Call before queueing a catch-up; False (and the peer dropped) if it is already
        behind, so that repeated resyncs cannot pile catch-ups up in the host's memory."""
        if self.writer.transport.get_write_buffer_size() > self.limit:
            _log.warning("dropping a peer that asks for a catch-up it cannot take")
            self.drop()
            return False
        return True

    def caught_up(self) -> None:
        """The frames queued so far are a catch-up: they do not count against the limit."""
        shared = self.broadcast.pending(self) if self.broadcast is not None else 0
        self.catch_up_end = self.written + sum(len(frame) for frame in self._out) + shared

    def send_message(self, message: dict[str, Any]) -> None:
        self.send(encode(message, self.max_frame))

    def abort(self) -> None:
        self.writer.transport.abort()
        self.outflow.forget(self)

    def drop(self) -> None:
        """Hang up on a peer that does not read what it is sent; it may come back."""
        self.outflow.dropped += 1
        self.abort()


def hang_up(peer: Peer, frame: bytes) -> None:
    """Send `peer` its last frame and close the connection once what is queued is written."""
    peer.send(frame)
    peer.flush()  # even while a command in flight holds the cork
    peer.writer.close()
