"""The authoritative host: sequences a game's events, keeps them on disk, fans out views."""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import dataclasses
import hashlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from net import protocol as p
from net.chat import Chat, SayPolicy, Talker
from net.doorway import Doorway
from net.framing import MAX_FRAME, FrameError, FrameReader, encode, pack_body
from net.limits import PinGuard, PinPolicy, SeatLimiter, SeatPolicy, address_key
from net.log import Damage, GameLog

_log = logging.getLogger("net.host")

_Packed = dict[int, tuple[object, bytes]]

MAX_NAME = 32
MAX_COMMAND_ID = 64
RESYNC_INTERVAL = 1.0  # seconds
CLOSING_GRACE = 1.0  # seconds stop() gives peers to receive its closing frame
# The kernel's queue of connections not yet accepted: a crowd of a thousand arriving within
# a second or so waits there rather than being refused.
LISTEN_BACKLOG = 1024


class HostedGame(Protocol):
    """What a game gives the host. All methods run on the host's event loop, one at a time."""

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        """Events for a command from `seat` (None: the host itself, e.g. its clock).

        Raise net.CommandRejected(code, message) when the command breaks a rule.
        """
        ...

    def evolve(self, event: dict[str, Any]) -> None:
        """Apply one event to the host's full state (also used to replay the log)."""
        ...

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        """What `recipient` (a seat; None: a spectator) may see of an event; None hides it.

        Must depend only on its arguments, never on the current state: the host recomputes
        views of past events for catch-up and hashing.
        """
        ...

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        """The recipient's view of the current state, or None if the game has no snapshots."""
        ...

    def admit(self, name: str, role: p.Role, seats: Sequence[str]) -> p.Refusal | None:
        """Whether a newcomer may take a seat (or watch), given the seats so far.

        Return e.g. Refusal.of(GAME_FULL) or Refusal.of(GAME_STARTED) to turn them away.
        """
        ...


@dataclass(frozen=True)
class HostConfig:
    bind: str = "127.0.0.1"
    port: int = 0
    pin: str | None = None
    # Things both sides must agree on (ruleset, word list hash...), with names for people.
    requirements: Mapping[str, str] = field(default_factory=dict)
    requirement_names: Mapping[str, str] = field(default_factory=dict)
    max_frame: int = MAX_FRAME
    heartbeat: float = 5.0
    timeout: float = 15.0
    handshake_timeout: float = 10.0
    rate: float = 200.0  # frames per second a peer may send, sustained
    burst: float = 400.0
    # Bytes queued to one peer (beyond its catch-up) before it is dropped as stuck, and to
    # all peers together before the most backed-up ones are dropped.
    send_buffer: int = 256 * 1024
    send_buffer_total: int = 64 * 1024 * 1024
    max_spectators: int = 1000
    presence_tick: float = 0.2  # seconds: presence changes within one tick go out as one
    # Spectators written per turn of the event loop when the crowd's frames go out, so that
    # a player's command never waits for more than one such slice; and the least time
    # between two rounds of such writes while the table keeps them coming, for a crowd of
    # `spectator_crowd` (a smaller crowd's in proportion), so that a busy table costs one
    # write per spectator per tick rather than per event: a tenth of a core or so whatever
    # the crowd, and a hundred spectators wait a hundredth of a second, not a tenth.
    spectator_slice: int = 32
    spectator_tick: float = 0.1  # seconds
    spectator_crowd: int = 1000
    # New connections set up per turn of the event loop (they are accepted on a thread of
    # their own, `net.doorway`): a crowd arriving together is taken in a few at a time, so
    # a player's command never waits behind a whole bunch of them.
    accepts_per_turn: int = 4
    pin_policy: PinPolicy = field(default_factory=PinPolicy)
    seat_policy: SeatPolicy = field(default_factory=SeatPolicy)
    # The host's own player and computer players join over loopback: new seats from there
    # are not rate-limited (wrong PINs are, from everywhere).
    seat_limit_exempt: tuple[str, ...] = ("127.0.0.1", "::1")
    remembered_commands: int = 1024  # per seat, for applying a re-sent command only once
    durable: bool = True  # fsync every append; only benchmarks and tests may turn this off
    reclaim_timeout: float = 120.0  # how long a `reclaim` hello waits for the host's answer
    say: SayPolicy = field(default_factory=SayPolicy)  # chat: length and pace of lines


@dataclass
class _Recipient:
    """One view of the game: a seat, or all spectators (key None), and its hash chain."""

    key: str | None
    chain: bytes = p.HASH_SEED
    peers: set[_Peer] = field(default_factory=set)


class _ViewFrames:
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


class _Bucket:
    def __init__(self, rate: float, burst: float, now: float) -> None:
        self._rate, self._burst, self._level, self._at = rate, burst, burst, now

    def take(self, now: float) -> bool:
        self._level = min(self._burst, self._level + (now - self._at) * self._rate)
        self._at = now
        self._level -= 1
        return self._level >= 0


class _Cork:
    """While held, peers buffer their frames; releasing it sends each peer's batch in one
    write. Fewer system calls is most of what fan-out latency is made of."""

    def __init__(self) -> None:
        self.held = False
        self.dirty: list[_Peer] = []

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        self.held = True
        try:
            yield
        finally:
            self.held = False
            dirty, self.dirty = self.dirty, []
            for peer in dirty:
                peer.flush()


class _TableLock:
    """The host's one lock, with two queues: commands (a seated player's, the host's own)
    go before whoever waits at the door (handshakes, resyncs), and the door lets one
    newcomer in per turn of the event loop. So a crowd arriving together delays a command
    by at most the one handshake in progress, never by the whole queue, and never holds
    the loop for a whole batch of handshakes at once.
    `async with lock:` is a command; `async with lock.door():` the others."""

    def __init__(self) -> None:
        self._held = False
        self._commands: deque[asyncio.Future[None]] = deque()
        self._newcomers: deque[asyncio.Future[None]] = deque()
        self._door_open = True  # closed for the rest of a loop turn once someone came in

    @property
    def waiting(self) -> int:
        return sum(not w.done() for queue in (self._commands, self._newcomers) for w in queue)

    async def __aenter__(self) -> None:
        # Free means nobody waits either, or the door is merely closed for this turn.
        if self._held:
            await self._wait(self._commands)
        self._held = True

    async def __aexit__(self, *exc_info: object) -> None:
        self._release()

    @contextlib.asynccontextmanager
    async def door(self) -> AsyncIterator[None]:
        if self._held or not self._door_open:
            await self._wait(self._newcomers)
        self._held = True
        self._door_open = False
        asyncio.get_running_loop().call_soon(self._reopen)
        try:
            yield
        finally:
            self._release()

    async def _wait(self, queue: deque[asyncio.Future[None]]) -> None:
        waiter = asyncio.get_running_loop().create_future()
        queue.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release()  # handed the lock just as it was cancelled: pass it on
            with contextlib.suppress(ValueError):
                queue.remove(waiter)
            raise

    def _reopen(self) -> None:
        self._door_open = True
        if not self._held:
            self._release()

    def _release(self) -> None:
        """Hand the lock to the next command, else to the next newcomer, else free it."""
        for queue in (self._commands, self._newcomers):
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    self._held = True
                    waiter.set_result(None)
                    return
        self._held = False


class _Broadcast:
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
        self, peers: set[_Peer], outflow: _Outflow, slice_size: int, tick: float, crowd: int
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

    def join(self, peer: _Peer) -> None:
        """`peer` hears every frame put from now on."""
        peer.broadcast, peer.cursor, peer.behind = self, self.end, []

    def pending(self, peer: _Peer) -> int:
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

    def _deliver(self, peer: _Peer, shared: dict[tuple[int, int], bytes]) -> None:
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
        if peer._out:
            peer.flush()  # what the cork holds for it was sent before any of these
        peer._write(data)

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


class _Outflow:
    """All peers' output together: frames sent, and the bytes waiting in every transport,
    kept under a global cap by dropping the most backed-up peers."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.frames = 0
        self.dropped = 0
        self.peers: set[_Peer] = set()
        self._queued = 0  # the sum of each peer's queue as last seen: never an underestimate
        self._written_since_count = 0

    def queued(self, peer: _Peer, size: int, written: int) -> None:
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

    def forget(self, peer: _Peer) -> None:
        if peer in self.peers:
            self.peers.discard(peer)
            self._queued -= peer.seen
            peer.seen = 0


class _Peer:
    def __init__(
        self,
        writer: asyncio.StreamWriter,
        config: HostConfig,
        now: float,
        cork: _Cork,
        outflow: _Outflow,
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
        self.bucket = _Bucket(config.rate, config.burst, now)
        self.last_heard = now
        self.hashed_seq = -1
        self.last_resync = -RESYNC_INTERVAL
        self.recipient: _Recipient | None = None
        self.role: p.Role = "player"
        self._out: list[bytes] = []
        self.broadcast: _Broadcast | None = None  # a spectator's shared frames
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


class Host:
    """Serves one game over TCP. Create, `await start()`, later `await stop()`."""

    def __init__(
        self,
        game: HostedGame,
        log_path: Path,
        config: HostConfig | None = None,
        on_presence: Callable[[Mapping[str, bool]], None] | None = None,
        on_notice: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_reclaim: Callable[[str], Awaitable[bool]] | None = None,
        welcome_note: Callable[[], object] | None = None,
        on_here: Callable[[str], None] | None = None,
    ) -> None:
        self._game = game
        self._welcome_note = welcome_note
        """The game's word for a newcomer beside its view (e.g. its clock); see PROTOCOL.md.
        `send_note` tells it again to everyone once it changed."""
        self._on_here = on_here
        """Called with a seat whose person did something (its `here` frame)."""
        self._log_path = log_path
        self.config = config or HostConfig()
        self._on_presence = on_presence
        self.on_notice = on_notice
        """Called with a sentence for the host's screen and log, e.g. on a wrong PIN."""
        self._clock = clock  # for the PIN and join limits; tests drive it
        self.game_id = log_path.stem
        self.damage: Damage | None = None
        self._events: list[dict[str, Any]] = []
        self._seats: dict[str, _Recipient] = {}
        self._spectators = _Recipient(None)
        self._tokens: dict[str, str] = {}  # sha256 of a seat token -> seat
        self._revoked: dict[str, str] = {}  # sha256 of a token that no longer opens its seat
        self._on_reclaim = on_reclaim
        """Asks the host's people whether a newcomer may take a seated name's seat."""
        self._reclaiming: set[str] = set()
        self._results: dict[str, OrderedDict[str, p.CommandResult]] = {}
        self._lock = _TableLock()
        self._cork = _Cork()
        self._outflow = _Outflow(self.config.send_buffer_total)
        self._broadcast = _Broadcast(
            self._spectators.peers,
            self._outflow,
            self.config.spectator_slice,
            self.config.spectator_tick,
            self.config.spectator_crowd,
        )
        self._pins = PinGuard(self.config.pin_policy, clock())
        self._new_seats = SeatLimiter(self.config.seat_policy)
        self._presence_timer: asyncio.TimerHandle | None = None
        self._presence_for_spectators = True  # seat presence changed since they last heard
        self._spectators_told = 0  # the spectator count spectators last heard
        # The spectators' view as ready-made frames: every spectator's catch-up is the same.
        self._spectator_frames: _ViewFrames | None = None
        self._log: GameLog | None = None
        self._server: asyncio.Server | None = None
        self._doorway: Doorway | None = None
        self._heartbeat_task: asyncio.Task[None] | None = None
        self._connections: dict[asyncio.Task[Any], asyncio.StreamWriter] = {}
        self._chat = Chat(self.config.say)
        self.on_said: Callable[[str, p.Role, str], None] | None = None
        """Called with each line of chat the host passed on (name, role, text), e.g. for the
        host's screen, where the person who mutes must see what was said."""

    # -- life cycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Replay the log (if any) into the game, then listen."""
        self._log, records, self.damage = GameLog.open(self._log_path, durable=self.config.durable)
        if self.damage:
            _log.warning("%s", self.damage.describe())
        self._replay(records)
        _allow_open_files(self.config.max_spectators + 256)
        # asyncio binds (every address `bind` names) and never serves: the doorway accepts,
        # off the loop, on descriptors of its own for the same sockets.
        self._server = await asyncio.start_server(
            self._serve,
            self.config.bind,
            self.config.port,
            reuse_address=True,
            start_serving=False,
        )
        listeners = [listener.dup() for listener in self._server.sockets]
        for listener in listeners:
            listener.listen(LISTEN_BACKLOG)
        self._doorway = Doorway(listeners, self._serve, self.config.accepts_per_turn)
        self._doorway.start()
        self._heartbeat_task = asyncio.get_running_loop().create_task(self._heartbeat())

    async def stop(
        self, message: str = "The host ended the game.", resumable: bool = True
    ) -> None:
        """Stop serving. Every peer is told first, with `message` (a sentence for people),
        so that none keeps reconnecting to a game that was ended on purpose; `resumable`
        says whether the host can resume it from its log. (A crash tells nobody: peers
        then reconnect by themselves until the host is back.)"""
        if self._doorway:
            await self._doorway.close()
        if self._server:
            self._server.close()
        if self._heartbeat_task:
            self._heartbeat_task.cancel()
        await self._say_closing(message, resumable)
        for writer in self._connections.values():
            writer.transport.abort()
        tasks: list[asyncio.Task[Any]] = [*self._connections]
        if self._heartbeat_task:
            tasks.append(self._heartbeat_task)
        if self._presence_timer:
            self._presence_timer.cancel()
        writing = self._broadcast.stop()
        if writing:
            tasks.append(writing)
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._server:
            await self._server.wait_closed()
        if self._log:
            # A command still in progress (e.g. a seat's token being written) lands first.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(CLOSING_GRACE), self._lock:
                    pass
            self._log.close()

    async def _say_closing(self, message: str, resumable: bool) -> None:
        """Send every peer a `closing` frame and hang up once it has left (a peer that does
        not read it within CLOSING_GRACE is cut off like any other)."""
        frame = encode({"t": p.CLOSING, "message": message, "resumable": resumable})
        told: set[asyncio.StreamWriter] = set()
        for peer in self._all_peers():
            _hang_up(peer, frame)
            told.add(peer.writer)
        waiting = [task for task, writer in self._connections.items() if writer in told]
        if waiting:
            await asyncio.wait(waiting, timeout=CLOSING_GRACE)

    @property
    def address(self) -> tuple[str, int]:
        assert self._server is not None, "start() the host first"
        host, port = self._server.sockets[0].getsockname()[:2]
        return host, port

    @property
    def seq(self) -> int:
        return len(self._events)

    @property
    def events(self) -> list[dict[str, Any]]:
        """The full, unredacted log (read-only by convention)."""
        return self._events

    @property
    def presence(self) -> dict[str, bool]:
        return {seat: bool(r.peers) for seat, r in self._seats.items()}

    @property
    def spectators(self) -> int:
        return len(self._spectators.peers)

    @property
    def frames_sent(self) -> int:
        return self._outflow.frames

    @property
    def peers_dropped(self) -> int:
        """Peers hung up on because they did not read what they were sent."""
        return self._outflow.dropped

    @property
    def pin_failures(self) -> int:
        return self._pins.failures

    async def submit(self, command: dict[str, Any]) -> p.CommandResult:
        """Run a command from the host itself (seat None), e.g. its clock's timer expiry."""
        return await self._run_command(None, "host-" + secrets.token_hex(8), command, None)

    def broadcast_hash(self) -> None:
        """Send every peer its view hash now (a game calls this e.g. at each round's end)."""
        self._send_hashes(lambda peer: True)

    def send_note(self) -> None:
        """Tell every peer the game's word beside its view again (what `welcome_note` says
        now, e.g. its clock changed): one frame, encoded once."""
        if self._welcome_note is None:
            return
        frame = encode({"t": p.NOTE, "note": self._welcome_note()}, self.config.max_frame)
        for recipient in self._seats.values():
            for peer in recipient.peers:
                peer.send(frame)
        self._broadcast.put(frame)

    async def next_game(
        self, game: HostedGame, log_path: Path, seats: Sequence[str], message: str = ""
    ) -> None:
        """Start another game on this server and its open connections (a rematch): a new
        game id and log (the old log is kept as it is), the `seats` carried over in that
        order with their tokens, and the spectators. Every peer of a carried seat and every
        spectator is sent `next` (with `message`, a sentence for people) and the new game's
        empty view; the peers of the other seats are told `closing` and hung up."""
        async with self._lock:
            log, records, _damage = GameLog.open(log_path, durable=self.config.durable)
            if records:
                log.close()
                raise FileExistsError(f"{log_path} already holds a game")
            carried = {h: s for h, s in self._tokens.items() if s in seats}
            old_log, self._log = self._log, log
            self._append([{"k": "seat", "seat": s, "token": h} for h, s in carried.items()])
            if old_log is not None:
                old_log.close()
            self._game, self._log_path, self.game_id = game, log_path, log_path.stem
            self._events, self._results, self._spectator_frames = [], {}, None
            self._tokens, self._revoked = carried, {}
            old_seats = self._seats
            self._seats = {s: _Recipient(s) for s in seats if s in carried.values()}
            self._spectators.chain = p.HASH_SEED
            nxt = encode({"t": p.NEXT, "game": self.game_id, "message": message})
            fresh = [nxt, encode({"t": p.RESET}), self._hash_frame(self._spectators)]
            goodbye = encode({"t": p.CLOSING, "message": message, "resumable": False})
            with self._cork.hold():
                for name, recipient in old_seats.items():
                    seat = self._seats.get(name)
                    for peer in recipient.peers:
                        if seat is None:
                            _hang_up(peer, goodbye)
                            continue
                        seat.peers.add(peer)
                        peer.recipient, peer.hashed_seq = seat, 0
                        for frame in fresh:
                            peer.send(frame)
                for peer in self._spectators.peers:
                    peer.hashed_seq = 0
                for frame in fresh:
                    self._broadcast.put(frame)
        self._presence_changed(seats=True)

    # -- replay and publication ------------------------------------------------------------

    def _replay(self, records: list[dict[str, Any]]) -> None:
        for record in records:
            if record.get("k") == "event":
                self._events.append(record["body"])
                self._game.evolve(record["body"])
                if record.get("cmd") is not None:
                    self._remember(
                        record["by"],
                        p.CommandResult(
                            record["cmd"], True, record["seq"] + record["n"] - 1, record["n"]
                        ),
                    )
            elif record.get("k") == "seat" and record.get("revoked"):
                self._revoke(record["token"], record["seat"])
            elif record.get("k") == "seat":
                self._tokens[record["token"]] = record["seat"]
                self._seats[record["seat"]] = _Recipient(record["seat"])
        # A seat whose every token was revoked was removed.
        for seat in set(self._seats) - set(self._tokens.values()):
            del self._seats[seat]
        for recipient in [*self._seats.values(), self._spectators]:
            self._rehash(recipient)

    def _body(
        self, key: str | None, event: dict[str, Any], packed: _Packed | None = None
    ) -> bytes | None:
        view = self._game.view(event, key)
        if view is None:
            return None
        if packed is None:
            return pack_body(view)
        # Most recipients get the very same object (the public event): pack it once.
        hit = packed.get(id(view))
        if hit is None:
            hit = packed[id(view)] = (view, pack_body(view))  # holding `view` pins its id
        return hit[1]

    def _advance(
        self, recipient: _Recipient, seq: int, event: dict[str, Any], packed: _Packed | None = None
    ) -> bytes | None:
        """The recipient's view of one new event as body bytes, extending its hash chain."""
        body = self._body(recipient.key, event, packed)
        if body is not None:
            recipient.chain = p.chain(recipient.chain, seq, body)
        return body

    def _rehash(self, recipient: _Recipient) -> None:
        recipient.chain = p.HASH_SEED
        for seq, event in enumerate(self._events, start=1):
            self._advance(recipient, seq, event)

    def _publish(self, event: dict[str, Any]) -> None:
        self._events.append(event)
        self._game.evolve(event)
        seq = self.seq
        packed: _Packed = {}
        frames: dict[bytes, bytes] = {}  # one frame per distinct view, shared by its peers
        cache = self._spectator_frames
        for recipient in [*self._seats.values(), self._spectators]:
            body = self._advance(recipient, seq, event, packed)
            spectators = recipient is self._spectators
            if body is None or not (recipient.peers or (spectators and cache is not None)):
                continue
            frame = frames.get(body)
            if frame is None:
                frame = frames[body] = self._event_frame(seq, body)
            if spectators:
                # The crowd's copy goes out after the command has answered (see _Broadcast).
                self._broadcast.put(frame)
                if cache is not None:
                    cache.append(seq, frame)
            else:
                for peer in recipient.peers:
                    peer.send(frame)

    def _event_frame(self, seq: int, body: bytes) -> bytes:
        return encode({"t": p.EVENT, "seq": seq, "body": body}, self.config.max_frame)

    def _all_peers(self) -> list[_Peer]:
        return [peer for r in [*self._seats.values(), self._spectators] for peer in r.peers]

    def _append(self, records: list[dict[str, Any]]) -> None:
        assert self._log is not None
        # On the loop, not in a thread: commands wait for each other's fsync anyway (one
        # lock), and handing each fsync to a thread and back costs a command more than the
        # fsync itself whenever the loop is busy (a crowd's writes hold the GIL).
        self._log.append(records)

    # -- commands ---------------------------------------------------------------------------

    def _remember(self, seat: str | None, result: p.CommandResult) -> None:
        if seat is None:
            return
        results = self._results.setdefault(seat, OrderedDict())
        results[result.id] = result
        while len(results) > self.config.remembered_commands:
            results.popitem(last=False)

    async def _run_command(
        self, seat: str | None, command_id: str, body: dict[str, Any], reply_to: _Peer | None
    ) -> p.CommandResult:
        # One lock serializes every command: six players acting in the same millisecond are
        # six consecutive, independent decisions, never a conflict.
        async with self._lock:
            with self._cork.hold():
                remembered = self._results.get(seat or "")
                result = None if remembered is None else remembered.get(command_id)
                if result is None:
                    result = self._decide_and_append(seat, command_id, body)
                    self._remember(seat, result)
                if reply_to is not None:
                    reply_to.send_message(result.to_wire())
                return result

    def _decide_and_append(
        self, seat: str | None, command_id: str, body: dict[str, Any]
    ) -> p.CommandResult:
        try:
            events = self._game.decide(seat, body)
            records = self._event_records(seat, command_id, events)
        except p.CommandRejected as exc:
            return p.CommandResult(command_id, False, code=exc.code, message=exc.message)
        except FrameError as exc:
            return p.CommandResult(command_id, False, code=p.EVENT_TOO_LARGE, message=str(exc))
        except Exception:
            _log.exception("the game failed on a command from %r", seat)
            return p.CommandResult(
                command_id, False, code=p.INTERNAL_ERROR, message="The host hit an internal error."
            )
        if records:
            # Durable before visible: nothing a client has seen can be lost by a crash.
            self._append(records)
            for event in events:
                self._publish(event)
        return p.CommandResult(command_id, True, self.seq, len(events))

    def _event_records(
        self, seat: str | None, command_id: str, events: list[dict[str, Any]]
    ) -> list[dict[str, Any]]:
        records = []
        for i, event in enumerate(events):
            if not isinstance(event, dict):
                raise TypeError(f"decide() returned a {type(event).__name__}, not a dict")
            encode(event, self.config.max_frame - 64)  # room for the event frame's envelope
            record: dict[str, Any] = {"k": "event", "seq": self.seq + 1 + i, "body": event}
            if i == 0:
                record.update(by=seat, cmd=command_id, n=len(events))
            records.append(record)
        return records

    # -- connections ------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        peer = _Peer(writer, self.config, loop.time(), self._cork, self._outflow)
        frames = FrameReader(reader, self.config.max_frame)
        task = asyncio.current_task()
        assert task is not None
        # stop() ends connections by aborting them, never by cancelling this task: asyncio's
        # stream server reports cancelled handler tasks as errors.
        self._connections[task] = writer
        try:
            async with asyncio.timeout(self.config.handshake_timeout):
                hello = await frames.read()
            if hello is None:
                return
            if hello["t"] != p.HELLO:
                peer.send_message(_error(p.BAD_MESSAGE, "the first frame must be a hello"))
                return
            refusal = await self._handshake(peer, hello, frames)
            if refusal:
                peer.send_message(refusal.to_wire())
                return
            while (message := await frames.read()) is not None:
                peer.last_heard = loop.time()
                if not peer.bucket.take(peer.last_heard):
                    peer.send_message(_error(p.RATE_LIMITED, "too many frames; slow down"))
                    return
                await self._handle(peer, message)
        except FrameError as exc:
            with contextlib.suppress(FrameError):
                peer.send_message(_error(exc.code, exc.message))
        except (ConnectionError, TimeoutError):
            pass
        finally:
            self._detach(peer)
            self._outflow.forget(peer)
            if peer.recipient is self._spectators:
                # A crowd leaving together is torn down one spectator per turn of the loop,
                # after any command waiting: each close costs the kernel and asyncio more
                # than anything else the host does for a spectator.
                async with self._lock.door():
                    pass
            with contextlib.suppress(Exception):
                await _close(writer)
            del self._connections[task]

    async def _handle(self, peer: _Peer, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == p.PING:
            peer.send_message({"t": p.PONG, "n": message.get("n")})
        elif kind == p.PONG:
            pass
        elif kind == p.COMMAND:
            await self._handle_command(peer, message)
        elif kind == p.CHECK:
            self._send_hash(peer)
        elif kind == p.RESYNC:
            # A full catch-up costs the host a pass over the log; one per second is plenty,
            # since a second request in that time can only come from a stale hash in flight.
            now = asyncio.get_running_loop().time()
            if now - peer.last_resync >= RESYNC_INTERVAL:
                peer.last_resync = now
                async with self._lock.door():
                    with self._cork.hold():
                        self._catch_up(peer, 0)
        elif kind == p.SAY:
            self._say(peer, message.get("text"))
        elif kind == p.HERE:
            # A spectator's keys hold nothing up: only a seat's person may be waited for.
            seat = peer.recipient.key if peer.recipient is not None else None
            if seat is not None and self._on_here is not None:
                self._on_here(seat)
        elif kind == p.HELLO:
            peer.send_message(_error(p.BAD_MESSAGE, "already greeted"))
        else:
            peer.send_message(_error(p.UNKNOWN_TYPE, f"unknown message type {kind!r}"))

    async def _handle_command(self, peer: _Peer, message: dict[str, Any]) -> None:
        command_id, body = message.get("id"), message.get("body")
        if not isinstance(command_id, str) or not 0 < len(command_id) <= MAX_COMMAND_ID:
            peer.send_message(_error(p.BAD_MESSAGE, "a command needs a string id (1-64 chars)"))
            return
        if not command_id.isprintable():  # ids are kept in the log: no control characters
            peer.send_message(_error(p.CONTROL_CHARACTERS, "a command id must be printable"))
            return
        if not isinstance(body, dict):
            peer.send_message(_error(p.BAD_MESSAGE, "a command body must be a map", command_id))
            return
        if peer.recipient is None or peer.recipient.key is None:
            peer.send_message(_error(p.READ_ONLY, "spectators cannot act", command_id))
            return
        await self._run_command(peer.recipient.key, command_id, body, peer)

    # -- chat: a side channel, never in the log nor in a view hash ---------------------------

    def _say(self, peer: _Peer, text: object) -> None:
        """A line of chat: refused to its sender, or stamped and sent to every peer (encoded
        once; the crowd's copy through the spectators' shared queue)."""
        if peer.talker is None:
            return
        frame = self._chat.hear(peer.talker, text, self._clock())
        if frame is None:
            return
        if frame["t"] != p.SAID:
            peer.send_message(frame)
            return
        said = encode(frame, self.config.max_frame)
        for recipient in self._seats.values():
            for listener in recipient.peers:
                listener.send(said)
        self._broadcast.put(said)
        if self.on_said is not None:
            self.on_said(frame["name"], frame["role"], frame["text"])

    def mute(self, name: str) -> bool:
        """Drop `name`'s chat lines from now on (a seat's or a spectator's name; the muted
        peer is told once). False when it was muted already."""
        return self._chat.mute(name)

    def unmute(self, name: str) -> bool:
        """Let `name` chat again; False when it was not muted."""
        return self._chat.unmute(name)

    @property
    def muted(self) -> frozenset[str]:
        return frozenset(self._chat.muted)

    @property
    def talkers(self) -> list[tuple[str, p.Role]]:
        """Who is connected and may chat: name and role, players first."""
        return [(peer.talker.name, peer.talker.role) for peer in self._all_peers() if peer.talker]

    def _send_hash(self, peer: _Peer) -> None:
        if peer.recipient is not None:
            peer.hashed_seq = self.seq
            peer.send(self._hash_frame(peer.recipient))

    def _hash_frame(self, recipient: _Recipient) -> bytes:
        return encode({"t": p.HASH, "seq": self.seq, "hash": recipient.chain})

    def _send_hashes(self, wanted: Callable[[_Peer], bool]) -> None:
        """Send the peers `wanted` picks their view hash, one frame per view for all its
        peers (a thousand spectators share one)."""
        for recipient in self._seats.values():
            frame = None
            for peer in recipient.peers:
                if wanted(peer):
                    frame = frame or self._hash_frame(recipient)
                    peer.hashed_seq = self.seq
                    peer.send(frame)
        crowd = self._spectators.peers
        if any(wanted(peer) for peer in crowd):
            # One shared frame: the spectators it was not meant for just hear it twice.
            for peer in crowd:
                peer.hashed_seq = self.seq
            self._broadcast.put(self._hash_frame(self._spectators))

    async def _handshake(
        self, peer: _Peer, hello: dict[str, Any], frames: FrameReader
    ) -> p.Refusal | None:
        version = hello.get("version")
        if version != p.PROTOCOL_VERSION:
            return p.Refusal.of(
                p.VERSION_MISMATCH, f"(host: {p.PROTOCOL_VERSION}, this client: {version})"
            )
        refusal = _hello_problem(hello)
        if refusal:
            return refusal
        theirs = hello.get("requirements") or {}
        for key, value in self.config.requirements.items():
            if theirs.get(key) != value:
                name = self.config.requirement_names.get(key, key)
                refusal = p.Refusal.of(
                    p.REQUIREMENTS_MISMATCH, f"The host uses a different {name}."
                )
                return dataclasses.replace(refusal, requirements=dict(self.config.requirements))
        refusal = self._pin_refusal(peer, hello)
        if refusal:
            return refusal
        if hello.get("reclaim") is True and not hello.get("token"):
            refusal = await self._reclaim(peer, frames, hello)
            if refusal:
                return refusal
        async with self._lock.door():
            refusal = self._crowd_refusal(peer, hello)
            if refusal:
                return refusal
            seat_or_refusal = self._seat_for(hello)
            if isinstance(seat_or_refusal, p.Refusal):
                return seat_or_refusal
            recipient, token = seat_or_refusal
            if _new_seat(hello):
                self._new_seats.took(peer.source, self._clock())
            for old in list(recipient.peers if recipient.key is not None else ()):
                old.abort()  # the same seat reconnected before we noticed its old link drop
                recipient.peers.discard(old)
            peer.role = hello["role"]
            peer.recipient = recipient
            peer.talker = self._chat.talker(hello["name"].strip(), peer.role, self._clock())
            if recipient is self._spectators:
                self._broadcast.join(peer)  # its catch-up covers what is queued there
            recipient.peers.add(peer)
            same_game = hello.get("game") == self.game_id
            since = hello["last_seq"] if same_game and hello["last_seq"] <= self.seq else 0
            with self._cork.hold():
                peer.send_message(
                    {
                        "t": p.WELCOME,
                        "version": p.PROTOCOL_VERSION,
                        "game": self.game_id,
                        "seat": recipient.key,
                        "token": token,
                        "role": peer.role,
                        "seq": self.seq,
                        "heartbeat": self.config.heartbeat,
                        "requirements": dict(self.config.requirements),
                        "note": self._welcome_note() if self._welcome_note else None,
                    }
                )
                self._catch_up(peer, since)
                peer.send(self._presence_frame())
        self._presence_changed(seats=recipient.key is not None)
        return None

    def _pin_refusal(self, peer: _Peer, hello: dict[str, Any]) -> p.Refusal | None:
        """The PIN of a newcomer (not of a seat coming back with its token), checked only
        when its source address has not guessed wrong too often lately."""
        pin = self.config.pin
        if pin is None or (hello["role"] == "player" and hello.get("token")):
            return None
        now = self._clock()
        wait = self._pins.wait(peer.source, now)
        if wait > 0:
            # Not even checked: an answer now would be one more guess.
            return p.Refusal.wait(p.PIN_BACKOFF, wait)
        if hmac.compare_digest(str(hello.get("pin") or "").encode(), pin.encode()):
            self._pins.succeeded(peer.source)
            return None
        wait = self._pins.failed(peer.source, now)
        total = self._pins.failures
        self._notice(
            f"Wrong PIN from {peer.source or 'an unknown address'} ({total} wrong in all)"
            + (f"; it must wait {wait:.0f} s before its next try." if wait >= 1 else ".")
        )
        refusal = p.Refusal.of(p.WRONG_PIN)
        return p.Refusal(refusal.reason, refusal.message, wait) if wait >= 1 else refusal

    def _crowd_refusal(self, peer: _Peer, hello: dict[str, Any]) -> p.Refusal | None:
        """The spectator cap, and the pace of new seats from one source address (a flood of
        joins must not fill the table faster than abandoned seats are freed)."""
        if hello["role"] == "spectator" and self.spectators >= self.config.max_spectators:
            return p.Refusal.of(p.TOO_MANY_SPECTATORS, f"(at most {self.config.max_spectators})")
        if _new_seat(hello) and peer.source not in self.config.seat_limit_exempt:
            wait = self._new_seats.wait(peer.source, self._clock())
            if wait > 0:
                _log.info("refusing a new seat from %s: too many lately", peer.source)
                return p.Refusal.wait(p.TOO_MANY_JOINS, wait)
        return None

    def _notice(self, line: str) -> None:
        _log.warning("%s", line)
        if self.on_notice is not None:
            self.on_notice(line)

    def _seat_for(self, hello: dict[str, Any]) -> tuple[_Recipient, str | None] | p.Refusal:
        token = hello.get("token")
        if hello["role"] == "player" and token:
            seat = self._tokens.get(_token_hash(token))
            if seat is None:
                revoked = _token_hash(token) in self._revoked
                return p.Refusal.of(p.SEAT_REMOVED if revoked else p.UNKNOWN_TOKEN)
            return self._seats[seat], token
        name: str = hello["name"].strip()
        if hello["role"] == "player" and name in self._seats:
            return p.Refusal.of(p.NAME_TAKEN)
        refusal = self._game.admit(name, hello["role"], list(self._seats))
        if refusal:
            return refusal
        if hello["role"] == "spectator":
            return self._spectators, None
        token = secrets.token_urlsafe(24)
        # The seat exists only once its token is on disk, so a resumed host still knows it.
        self._append([{"k": "seat", "seat": name, "token": _token_hash(token)}])
        self._tokens[_token_hash(token)] = name
        recipient = self._seats[name] = _Recipient(name)
        self._rehash(recipient)
        return recipient, token

    # -- taking seats away and handing them over ------------------------------------------

    async def remove_seat(self, seat: str) -> bool:
        """Take `seat` away: its tokens stop working, also after a restart, and its links close.

        The name is free again afterwards. False when there is no such seat.
        """
        async with self._lock:
            recipient = self._seats.get(seat)
            if recipient is None:
                return False
            self._revoke_tokens(seat)
            del self._seats[seat]
            self._results.pop(seat, None)
            for peer in list(recipient.peers):
                recipient.peers.discard(peer)
                peer.abort()
        self._presence_changed(seats=True)
        return True

    def _revoke_tokens(self, seat: str, *then: dict[str, Any]) -> None:
        """Revoke every token of `seat` on disk (with `then` in the same write), then here."""
        hashes = [h for h, s in self._tokens.items() if s == seat]
        revoked = [{"k": "seat", "seat": seat, "token": h, "revoked": True} for h in hashes]
        self._append([*revoked, *then])
        for token_hash in hashes:
            self._revoke(token_hash, seat)

    def _revoke(self, token_hash: str, seat: str) -> None:
        self._tokens.pop(token_hash, None)
        self._revoked[token_hash] = seat

    async def _reclaim(
        self, peer: _Peer, frames: FrameReader, hello: dict[str, Any]
    ) -> p.Refusal | None:
        """A newcomer asks for the seat of a seated name (its token lost with its machine).

        Only the host's people can say yes (`on_reclaim`); on a yes the seat's old tokens are
        revoked and a new one goes into `hello`, which then takes the seat back as usual.
        """
        name: str = hello["name"].strip()
        if hello["role"] != "player" or name not in self._seats:
            return None  # no seat of that name: an ordinary join
        # The PIN was checked (with its backoff) before: `_pin_refusal` runs first.
        if self._on_reclaim is None:
            return p.Refusal.of(p.RECLAIM_REFUSED, "This host cannot hand seats over.")
        if name in self._reclaiming:
            return p.Refusal.of(p.RECLAIM_REFUSED, "Someone else is asking for it already.")
        self._reclaiming.add(name)
        try:
            approved = await self._ask(self._on_reclaim(name), peer, frames)
        finally:
            self._reclaiming.discard(name)
        if not approved:
            return p.Refusal.of(p.RECLAIM_REFUSED)
        async with self._lock:
            if name in self._seats:  # else removed meanwhile: the name is free to take
                token = secrets.token_urlsafe(24)
                self._revoke_tokens(name, {"k": "seat", "seat": name, "token": _token_hash(token)})
                self._tokens[_token_hash(token)] = name
                hello["token"] = token
        return None

    async def _ask(self, question: Awaitable[bool], peer: _Peer, frames: FrameReader) -> bool:
        """The host's answer, unless the asker hangs up or the answer takes too long."""
        answer = asyncio.ensure_future(question)
        hangup = asyncio.ensure_future(self._hold_line(peer, frames))
        try:
            await asyncio.wait(
                {answer, hangup},
                timeout=self.config.reclaim_timeout,
                return_when=asyncio.FIRST_COMPLETED,
            )
        finally:
            hangup.cancel()
        if not answer.done():
            answer.cancel()  # the question is moot: its asker is gone, or it took too long
            return False
        if answer.cancelled() or answer.exception() is not None:
            _log.warning("no answer to a request for a seat: %r", answer)
            return False
        return answer.result() is True

    async def _hold_line(self, peer: _Peer, frames: FrameReader) -> None:
        """Keep a waiting peer's connection alive (pings it answers); return when it hangs up."""
        loop = asyncio.get_running_loop()
        with contextlib.suppress(FrameError, ConnectionError):
            while True:
                peer.send_message({"t": p.PING})
                until = loop.time() + self.config.heartbeat
                while (left := until - loop.time()) > 0:
                    try:
                        async with asyncio.timeout(left):
                            if await frames.read() is None:
                                return
                    except TimeoutError:
                        break
                    if not peer.bucket.take(loop.time()):
                        return

    def _catch_up(self, peer: _Peer, since: int) -> None:
        """Send what the peer missed after `since` (0: everything), or a snapshot if shorter."""
        recipient = peer.recipient
        assert recipient is not None
        if not peer.catching_up():
            return
        count, frames = self._view_frames(recipient, since)
        snapshot = self._game.snapshot(recipient.key)
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
            peer.send_message(
                {"t": p.SNAPSHOT, "seq": self.seq, "body": packed, "hash": recipient.chain}
            )
        elif count:
            peer.send(frames, count)
        self._send_hash(peer)
        peer.caught_up()

    def _view_frames(self, recipient: _Recipient, since: int) -> tuple[int, bytes]:
        """The `ev` frames of a recipient's view after `since`: how many, and joined."""
        if recipient is self._spectators:
            if self._spectator_frames is None:
                self._spectator_frames = _ViewFrames(self._build_view_frames(None, 0))
            return self._spectator_frames.after(since)
        frames = self._build_view_frames(recipient.key, since)
        return len(frames), b"".join(frame for _, frame in frames)

    def _build_view_frames(self, key: str | None, since: int) -> list[tuple[int, bytes]]:
        frames = []
        for seq in range(since + 1, self.seq + 1):
            body = self._body(key, self._events[seq - 1])
            if body is not None:
                frames.append((seq, self._event_frame(seq, body)))
        return frames

    def _detach(self, peer: _Peer) -> None:
        recipient = peer.recipient
        if recipient is not None and peer in recipient.peers:
            recipient.peers.discard(peer)
            self._presence_changed(seats=recipient.key is not None)

    def _presence_changed(self, seats: bool) -> None:
        """Presence goes out at most once per tick, whatever the crowd at the door: players
        hear every change, spectators only of seats (the count reaches them with the next
        heartbeat), so each join or leave costs the host a constant number of frames."""
        if seats and self._on_presence:
            self._on_presence(self.presence)
        self._presence_for_spectators |= seats
        if self._presence_timer is None:
            loop = asyncio.get_running_loop()
            self._presence_timer = loop.call_later(self.config.presence_tick, self._send_presence)

    def _send_presence(self) -> None:
        self._presence_timer = None
        frame = self._presence_frame()
        for recipient in self._seats.values():
            for peer in recipient.peers:
                peer.send(frame)
        if self._presence_for_spectators:
            self._tell_spectators(frame)

    def _tell_spectators(self, frame: bytes) -> None:
        self._presence_for_spectators = False
        self._spectators_told = self.spectators
        self._broadcast.put(frame)

    def _presence_frame(self) -> bytes:
        presence = {"t": p.PRESENCE, "seats": self.presence, "spectators": self.spectators}
        return encode(presence, self.config.max_frame)

    async def _heartbeat(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.config.heartbeat)
            now = loop.time()
            ping = encode({"t": p.PING})
            for peer in self._all_peers():
                if now - peer.last_heard > self.config.timeout:
                    _log.info("dropping a silent peer")
                    peer.abort()
                elif peer.broadcast is None:
                    peer.send(ping)
            self._ping_crowd(ping)
            self._send_hashes(lambda peer: peer.hashed_seq < self.seq)
            if self._spectators_told != self.spectators:
                self._tell_spectators(self._presence_frame())

    def _ping_crowd(self, ping: bytes) -> None:
        """Ping the spectators a slice at a time, spread over the heartbeat interval: a
        thousand pongs coming back at once would hold up the players' commands for tens of
        milliseconds, the same pongs spread out cost them nothing."""
        crowd = list(self._spectators.peers)
        size = self.config.spectator_slice
        slices = [crowd[start : start + size] for start in range(0, len(crowd), size)]
        loop = asyncio.get_running_loop()
        for i, group in enumerate(slices):
            loop.call_later(i * self.config.heartbeat / len(slices), self._ping_group, group, ping)

    def _ping_group(self, group: list[_Peer], ping: bytes) -> None:
        for peer in group:
            if peer in self._spectators.peers:  # not gone meanwhile
                peer.send(ping)


def _error(code: str, message: str, command_id: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"t": p.ERROR, "code": code, "message": message}
    if command_id is not None:
        error["id"] = command_id
    return error


def _new_seat(hello: dict[str, Any]) -> bool:
    """Whether a (well-formed) hello asks for a seat that does not exist yet."""
    return hello["role"] == "player" and not hello.get("token")


def _allow_open_files(wanted: int) -> None:
    """Raise the soft limit on open files towards `wanted` (a crowd is one socket each)."""
    try:
        import resource
    except ImportError:  # not on this platform: nothing to raise
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _hello_problem(hello: dict[str, Any]) -> p.Refusal | None:
    problem = _hello_shape(hello)
    if problem:
        return p.Refusal.of(p.BAD_HELLO, problem)
    # Any text a peer sends may end up on someone's terminal: the host takes none holding
    # control or format characters (str.isprintable, the test wordsy_tui.text uses too).
    requirements = hello.get("requirements") or {}
    texts = [
        ("name", hello["name"]),
        *((key, hello.get(key)) for key in ("token", "pin", "game")),
        *(("requirements", text) for pair in requirements.items() for text in pair),
    ]
    for where, text in texts:
        if isinstance(text, str) and not text.isprintable():
            return p.Refusal.of(p.CONTROL_CHARACTERS, f"(in the hello's {where})")
    return None


def _hello_shape(hello: dict[str, Any]) -> str:
    """What is missing or mistyped in a hello ("" when nothing is)."""
    name, role = hello.get("name"), hello.get("role")
    if role not in p.ROLES:
        return f"role must be one of {', '.join(p.ROLES)}"
    # A sanity cap only: the game's own name rule (its admit) has the real limit.
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_NAME:
        return f"a name needs 1 to {MAX_NAME} characters"
    last_seq = hello.get("last_seq", 0)
    if not isinstance(last_seq, int) or isinstance(last_seq, bool) or last_seq < 0:
        return "last_seq must be a non-negative integer"
    hello["last_seq"] = last_seq
    for key in ("token", "pin", "game"):
        if hello.get(key) is not None and not isinstance(hello[key], str):
            return f"{key} must be a string"
    requirements = hello.get("requirements")
    if requirements is not None and not isinstance(requirements, dict):
        return "requirements must be a map"
    return ""


def _hang_up(peer: _Peer, frame: bytes) -> None:
    """Send `peer` its last frame and close the connection once what is queued is written."""
    peer.send(frame)
    peer.flush()  # even while a command in flight holds the cork
    peer.writer.close()


async def _close(writer: asyncio.StreamWriter) -> None:
    writer.close()
    await writer.wait_closed()
