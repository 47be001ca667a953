"""Fan-out: who gets which frame. Each recipient's view of each new event (one frame per
distinct view), frames for everyone, view hashes and a newcomer's catch-up; the frames a
crowd of spectators shares, written a slice at a time after the seats' frames; each view's
frames ready-made for a newcomer's catch-up."""

from __future__ import annotations

import asyncio
import bisect
from typing import TYPE_CHECKING, Any

from net import protocol as p
from net.framing import encode, pack_body

if TYPE_CHECKING:
    from net.config import HostConfig
    from net.peer import Outflow, Peer
    from net.seats import Recipient, Seating
    from net.sequencer import Packed, Sequencer


class Fanout:
    """Sends each peer what its view holds; the spectators' copies through `broadcast`."""

    def __init__(
        self, sequencer: Sequencer, seating: Seating, broadcast: Broadcast, config: HostConfig
    ) -> None:
        self.config = config
        self._sequencer = sequencer
        self._seating = seating
        self._broadcast = broadcast
        # The spectators' view as ready-made frames: every spectator's catch-up is the same.
        self._spectator_frames: ViewFrames | None = None

    def publish(self, seq: int, event: dict[str, Any], whole: bytes) -> None:
        """Event `seq` (on disk and applied) to every recipient that may see it, extending
        each view's hash chain. `whole` is the event packed: every view that is the event
        itself (most are) takes it as it is."""
        packed: Packed = {id(event): (event, whole)}
        frames: dict[bytes, bytes] = {}  # one frame per distinct view, shared by its peers
        cache = self._spectator_frames
        for recipient in self._seating.recipients():
            body = self._advance(recipient, seq, event, packed)
            spectators = recipient is self._seating.spectators
            if body is None or not (recipient.peers or (spectators and cache is not None)):
                continue
            frame = frames.get(body)
            if frame is None:
                frame = frames[body] = self._sequencer.event_frame(seq, body)
            if spectators:
                # The crowd's copy goes out after the command has answered (see Broadcast).
                self._broadcast.put(frame)
                if cache is not None:
                    cache.append(seq, frame)
            else:
                for peer in recipient.peers:
                    peer.send(frame)

    def _advance(
        self, recipient: Recipient, seq: int, event: dict[str, Any], packed: Packed
    ) -> bytes | None:
        """The recipient's view of one new event as body bytes, extending its hash chain."""
        body = self._sequencer.view_body(recipient.key, event, packed)
        if body is not None:
            recipient.extend(seq, body)
        return body

    def to_seats(self, frame: bytes) -> None:
        for recipient in self._seating.seats.values():
            for peer in recipient.peers:
                peer.send(frame)

    def to_everyone(self, frame: bytes) -> None:
        """One frame, encoded once, to every peer (the crowd's copy after the seats')."""
        self.to_seats(frame)
        self._broadcast.put(frame)

    def hash_frame(self, recipient: Recipient) -> bytes:
        return encode({"t": p.HASH, "seq": self._sequencer.seq, "hash": recipient.chain})

    def send_hash(self, peer: Peer) -> None:
        if peer.recipient is not None:
            peer.hashed_seq = self._sequencer.seq
            peer.send(self.hash_frame(peer.recipient))

    def send_hashes(self, only_stale: bool) -> None:
        """Send every peer (or, `only_stale`, each that has not heard of the latest event
        in a hash) its view hash, one frame per view for all its peers (a thousand
        spectators share one)."""
        seq = self._sequencer.seq

        def wanted(peer: Peer) -> bool:
            return not only_stale or peer.hashed_seq < seq

        for recipient in self._seating.seats.values():
            frame = None
            for peer in recipient.peers:
                if wanted(peer):
                    frame = frame or self.hash_frame(recipient)
                    peer.hashed_seq = seq
                    peer.send(frame)
        crowd = self._seating.spectators.peers
        if any(wanted(peer) for peer in crowd):
            # One shared frame: the spectators it was not meant for just hear it twice.
            for peer in crowd:
                peer.hashed_seq = seq
            self._broadcast.put(self.hash_frame(self._seating.spectators))

    def catch_up(self, peer: Peer, since: int) -> None:
        """Send what the peer missed after `since` (0: everything), or a snapshot if shorter."""
        recipient = peer.recipient
        assert recipient is not None
        if not peer.catching_up():
            return
        count, frames = self._view_frames(recipient, since)
        snapshot = self._sequencer.game.snapshot(recipient.key)
        packed = pack_body(snapshot) if snapshot is not None else None
        use_snapshot = (
            packed is not None
            and len(packed) < len(frames)
            and len(packed) < self.config.max_frame - 128
        )
        if since == 0 or use_snapshot:
            peer.send_message({"t": p.RESET})
        else:
            peer.send_message({"t": p.RESUME, "seq": since})
        if use_snapshot:
            seq = self._sequencer.seq
            peer.send_message(
                {"t": p.SNAPSHOT, "seq": seq, "body": packed, "hash": recipient.chain}
            )
        elif count:
            peer.send(frames, count)
        self.send_hash(peer)
        peer.caught_up()

    def restart(self) -> None:
        """Another game began: the views so far are gone."""
        self._spectator_frames = None

    def _view_frames(self, recipient: Recipient, since: int) -> tuple[int, bytes]:
        """The `ev` frames of a recipient's view after `since`: how many, and joined."""
        if recipient is self._seating.spectators:
            if self._spectator_frames is None:
                self._spectator_frames = ViewFrames(self._sequencer.view_frames(None, 0))
            return self._spectator_frames.after(since)
        frames = self._sequencer.view_frames(recipient.key, since)
        return len(frames), b"".join(frame for _, frame in frames)


class ViewFrames:
    """One view's `ev` frames, ready-made, with the whole of them joined once: every
    spectator's catch-up is the same bytes, and a crowd arriving together must not cost the
    host a frame at a time per newcomer (a thousand spectators times a long game's events)."""

    def __init__(self, frames: list[tuple[int, bytes]]) -> None:
        self._seqs = [seq for seq, _ in frames]
        self._frames = [frame for _, frame in frames]
        self._whole: bytes | None = None

    def append(self, seq: int, frame: bytes) -> None:
        self._seqs.append(seq)
        self._frames.append(frame)
        self._whole = None

    def after(self, since: int) -> tuple[int, bytes]:
        """How many frames follow `since`, and those frames as one piece of bytes."""
        start = bisect.bisect_right(self._seqs, since)
        if start:
            return len(self._frames) - start, b"".join(self._frames[start:])
        if self._whole is None:
            self._whole = b"".join(self._frames)
        return len(self._frames), self._whole


class Broadcast:
    """The frames every spectator gets (events, hashes, presence, pings), kept once for the
    whole crowd and written by a background task, a slice of peers per turn of the event
    loop, after the seats' frames have gone out: a crowd adds no writes to a command's path.
    Spectators may lag a little, never lose or reorder a frame: a spectator's own frames (a
    pong, a resync's catch-up) wait behind the shared frames queued before them.

    A round of writes starts at once on a quiet table, and at most once per tick on a busy
    one (`tick` for a crowd of `crowd`, a smaller crowd's tick in proportion: the same share
    of the host's time), so that the events of a tick reach each spectator in one write;
    unless `batch`
    bytes are waiting: big frames gain nothing by waiting, and must not pile up."""

    # A ready-made write of 16 KiB costs about what a small one does: no reason to wait.
    BATCH = 16 * 1024
    # Slices in a round beyond which it is spread over half a tick.
    SPREAD_FROM = 4

    def __init__(
        self, peers: set[Peer], outflow: Outflow, slice_size: int, tick: float, crowd: int
    ) -> None:
        self.peers = peers
        self.outflow = outflow
        self.slice_size = max(1, slice_size)
        self.full_tick = tick
        self.crowd = max(1, crowd)
        self.frames: list[bytes] = []
        self.base = 0  # the position of frames[0] in the stream of every frame ever put
        self._offsets = [0]  # bytes before each frame of `frames`, and after the last
        self._task: asyncio.Task[None] | None = None
        self._round_at = -tick  # loop time at which the last round of writes began
        self._nap: asyncio.Future[None] | None = None  # the writer waiting out the tick

    @property
    def tick(self) -> float:
        return self.full_tick * min(1.0, len(self.peers) / self.crowd)

    @property
    def end(self) -> int:
        return self.base + len(self.frames)

    def put(self, frame: bytes) -> None:
        if not self.peers:
            # Nobody to write to; a newcomer's catch-up starts after whatever is here.
            self._forget(self.end)
            return
        self.frames.append(frame)
        self._offsets.append(self._offsets[-1] + len(frame))
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._write_all())
        elif self._nap is not None and self._offsets[-1] >= self.BATCH:
            _wake(self._nap)

    def gap(self, late: int) -> float:
        """Seconds between two slices of a round of writes to `late` spectators.

        A big round's slices are spread over half a tick: a thousand writes all at once
        keep every core of a small host busy for milliseconds (the host writing, the kernel
        delivering), and the players' commands would wait. A small one goes out a slice per
        turn of the loop, without waiting more (a hundred spectators had waited 4 ms more
        for no gain)."""
        slices = -(-late // self.slice_size)
        return self.tick / 2 / slices if slices > self.SPREAD_FROM else 0.0

    def join(self, peer: Peer) -> None:
        """`peer` hears every frame put from now on."""
        peer.broadcast, peer.cursor, peer.behind = self, self.end, []

    def pending(self, peer: Peer) -> int:
        """Bytes queued for `peer` here, its own frames included."""
        start = min(max(peer.cursor - self.base, 0), len(self.frames))
        own = sum(len(frame) for _, frame in peer.behind)
        return self._offsets[-1] - self._offsets[start] + own

    def stop(self) -> asyncio.Task[None] | None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
        return task

    async def _write_all(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                # One turn of the loop at least: the command that put the frame answers its
                # player, and the next player's command gets in, before the crowd is written.
                wait = self._round_at + self.tick - loop.time()
                if wait > 0 and self._offsets[-1] < self.BATCH:
                    self._nap = loop.create_future()
                    alarm = loop.call_later(wait, _wake, self._nap)
                    try:
                        await self._nap
                    finally:
                        alarm.cancel()
                        self._nap = None
                else:
                    await asyncio.sleep(0)
                self._round_at = loop.time()
                self._forget(min((peer.cursor for peer in self.peers), default=self.end))
                late = [peer for peer in self.peers if peer.cursor < self.end]
                if not late:
                    return
                shared: dict[tuple[int, int], bytes] = {}  # peers at one cursor share a write
                gap = self.gap(len(late))
                for i, peer in enumerate(late):
                    if i and i % self.slice_size == 0:
                        await asyncio.sleep(gap)
                    self._deliver(peer, shared)
        finally:
            if self._task is asyncio.current_task():
                self._task = None

    def _deliver(self, peer: Peer, shared: dict[tuple[int, int], bytes]) -> None:
        end = self.end
        if peer not in self.peers or peer.cursor >= end:
            return  # gone, or written since this pass began
        if peer.behind:
            parts, at = [], peer.cursor
            for position, frame in peer.behind:
                parts += self.frames[at - self.base : position - self.base]
                parts.append(frame)
                at = position
            parts += self.frames[at - self.base :]
            data = b"".join(parts)
        else:
            key = (peer.cursor, end)
            data = shared.get(key) or shared.setdefault(
                key, b"".join(self.frames[peer.cursor - self.base :])
            )
        self.outflow.frames += end - peer.cursor  # counted per recipient, as sent
        peer.cursor, peer.behind = end, []
        peer.write_now(data)

    def _forget(self, upto: int) -> None:
        """Drop the frames every peer has been written (all before `upto`)."""
        drop = upto - self.base
        if drop > 0:
            del self.frames[:drop]
            self._offsets = [offset - self._offsets[drop] for offset in self._offsets[drop:]]
            self.base = upto


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
