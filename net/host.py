"""The authoritative host: serves one game over TCP to its players and spectators.

`Host` holds the connections and puts its parts together, each a job of its own:
`net.sequencer` (each command decided once, its events on disk before anyone sees them),
`net.seats` (the seats and their tokens), `net.handshake` (who may come in: the hello, the
PIN and its back-off, a seat handed over), `net.fanout` (who gets which frame, the crowd's
through one shared queue), `net.peer` (one connection's bounded output), `net.presence`
(who is connected, and the heartbeat), `net.lock` (commands before newcomers) and
`net.chat` (a side channel, never in the log).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from net import protocol as p
from net.chat import Chat
from net.config import HostConfig
from net.doorway import Doorway
from net.fanout import Broadcast, Fanout
from net.framing import FrameError, FrameReader, encode
from net.handshake import MAX_NAME, Gate, Reclaims
from net.lock import TableLock
from net.log import Damage
from net.peer import RESYNC_INTERVAL, Cork, Outflow, Peer, hang_up
from net.presence import Presence
from net.seats import Seating
from net.sequencer import HostedGame, Sequencer

__all__ = ["MAX_NAME", "Host", "HostConfig", "HostedGame"]

_log = logging.getLogger("net.host")

MAX_COMMAND_ID = 64
CLOSING_GRACE = 1.0  # seconds stop() gives peers to receive its closing frame
# The kernel's queue of connections not yet accepted: a crowd of a thousand arriving within
# a second or so waits there rather than being refused.
LISTEN_BACKLOG = 1024


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
        after_sent: Callable[[], None] | None = None,
    ) -> None:
        self._config = config or HostConfig()
        self.game_id = log_path.stem
        self.damage: Damage | None = None
        self.on_notice = on_notice
        """Called with a sentence for the host's screen and log, e.g. on a wrong PIN."""
        self.on_said: Callable[[str, p.Role, str], None] | None = None
        """Called with each line of chat the host passed on (name, role, text), e.g. for the
        host's screen, where the person who mutes must see what was said."""
        self._welcome_note = welcome_note
        """The game's word for a newcomer beside its view (e.g. its clock); see PROTOCOL.md.
        `send_note` tells it again to everyone once it changed."""
        self._on_here = on_here
        """Called with a seat whose person did something (its `here` frame)."""
        self._after_sent = after_sent
        """Called after each command once its frames are written to every peer, before any
        other command: the game's own bookkeeping of its events, which no peer waits for."""
        self._log_path = log_path
        self._clock = clock  # for the PIN, join and chat limits; tests drive it
        # The parts, one job each. Each event goes out once it is on disk and applied:
        # the sequencer hands it to the fan-out, built below.
        self._lock = TableLock()
        self._sequencer = Sequencer(game, self.config, lambda *event: self._fanout.publish(*event))
        self._seating = Seating(self._sequencer)
        self._cork = Cork()
        self._outflow = Outflow(self.config.send_buffer_total)
        self._broadcast = Broadcast(
            self._seating.spectators.peers,
            self._outflow,
            self.config.spectator_slice,
            self.config.spectator_tick,
            self.config.spectator_crowd,
        )
        self._fanout = Fanout(self._sequencer, self._seating, self._broadcast, self.config)
        self._presence = Presence(
            self._seating, self._fanout, self._broadcast, self.config, on_presence
        )
        self._gate = Gate(self.config, clock, self._notice)
        # on_reclaim asks the host's people whether a newcomer may take a seated name's seat.
        self._reclaims = Reclaims(on_reclaim, self._seating, self._lock, self.config)
        self._chat = Chat(self.config.say)
        self._server: asyncio.Server | None = None
        self._doorway: Doorway | None = None
        self._heartbeat_task: asyncio.Task[None] | None = None
        self._connections: dict[asyncio.Task[Any], asyncio.StreamWriter] = {}

    # -- life cycle -------------------------------------------------------------------------

    async def start(self) -> None:
        """Replay the log (if any) into the game, then listen."""
        records, self.damage = self._sequencer.open(self._log_path)
        if self.damage:
            _log.warning("%s", self.damage.describe())
        self._seating.replay(records)
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
        self._heartbeat_task = asyncio.get_running_loop().create_task(self._presence.heartbeat())

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
        self._presence.stop()
        writing = self._broadcast.stop()
        if writing:
            tasks.append(writing)
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._server:
            await self._server.wait_closed()
        if self._sequencer.log is not None:
            # A command still in progress (e.g. a seat's token being written) lands first.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(CLOSING_GRACE), self._lock:
                    pass
            self._sequencer.close()

    async def _say_closing(self, message: str, resumable: bool) -> None:
        """Send every peer a `closing` frame and hang up once it has left (a peer that does
        not read it within CLOSING_GRACE is cut off like any other)."""
        frame = encode({"t": p.CLOSING, "message": message, "resumable": resumable})
        told: set[asyncio.StreamWriter] = set()
        for peer in self._seating.peers():
            hang_up(peer, frame)
            told.add(peer.writer)
        waiting = [task for task, writer in self._connections.items() if writer in told]
        if waiting:
            await asyncio.wait(waiting, timeout=CLOSING_GRACE)

    @property
    def config(self) -> HostConfig:
        return self._config

    @config.setter
    def config(self, config: HostConfig) -> None:
        """A config set after the host was made (e.g. by a game's own host before it starts)
        counts from then on, in every part that reads it. The limits' policies, the chat's
        and the spectators' write pace keep what they were made with."""
        self._config = config
        for part in (self._sequencer, self._fanout, self._presence, self._gate, self._reclaims):
            part.config = config

    @property
    def address(self) -> tuple[str, int]:
        assert self._server is not None, "start() the host first"
        host, port = self._server.sockets[0].getsockname()[:2]
        return host, port

    @property
    def seq(self) -> int:
        return self._sequencer.seq

    @property
    def events(self) -> list[dict[str, Any]]:
        """The full, unredacted log (read-only by convention)."""
        return self._sequencer.events

    @property
    def presence(self) -> dict[str, bool]:
        return self._seating.presence

    @property
    def spectators(self) -> int:
        return len(self._seating.spectators.peers)

    @property
    def frames_sent(self) -> int:
        return self._outflow.frames

    @property
    def peers_dropped(self) -> int:
        """Peers hung up on because they did not read what they were sent."""
        return self._outflow.dropped

    @property
    def pin_failures(self) -> int:
        return self._gate.pins.failures

    async def submit(self, command: dict[str, Any]) -> p.CommandResult:
        """Run a command from the host itself (seat None), e.g. its clock's timer expiry."""
        return await self._run_command(None, "host-" + secrets.token_hex(8), command, None)

    def broadcast_hash(self) -> None:
        """Send every peer its view hash now (a game calls this e.g. at each round's end)."""
        self._fanout.send_hashes(only_stale=False)

    def send_note(self) -> None:
        """Tell every peer the game's word beside its view again (what `welcome_note` says
        now, e.g. its clock changed): one frame, encoded once."""
        if self._welcome_note is None:
            return
        frame = encode({"t": p.NOTE, "note": self._welcome_note()}, self.config.max_frame)
        self._fanout.to_everyone(frame)

    async def next_game(
        self, game: HostedGame, log_path: Path, seats: Sequence[str], message: str = ""
    ) -> None:
        """Start another game on this server and its open connections (a rematch): a new
        game id and log (the old log is kept as it is), the `seats` carried over in that
        order with their tokens, and the spectators. Every peer of a carried seat and every
        spectator is sent `next` (with `message`, a sentence for people) and the new game's
        empty view; the peers of the other seats are told `closing` and hung up."""
        async with self._lock:
            self._sequencer.begin(game, log_path)
            self._log_path, self.game_id = log_path, log_path.stem
            self._fanout.restart()
            old_seats = self._seating.carry(seats)
            nxt = encode({"t": p.NEXT, "game": self.game_id, "message": message})
            fresh = [
                nxt,
                encode({"t": p.RESET}),
                self._fanout.hash_frame(self._seating.spectators),
            ]
            goodbye = encode({"t": p.CLOSING, "message": message, "resumable": False})
            with self._cork.hold():
                for name, recipient in old_seats.items():
                    seat = self._seating.seats.get(name)
                    for peer in recipient.peers:
                        if seat is None:
                            hang_up(peer, goodbye)
                            continue
                        seat.peers.add(peer)
                        peer.recipient, peer.hashed_seq = seat, 0
                        for frame in fresh:
                            peer.send(frame)
                for peer in self._seating.spectators.peers:
                    peer.hashed_seq = 0
                for frame in fresh:
                    self._broadcast.put(frame)
        self._presence.changed(seats=True)

    # -- commands ---------------------------------------------------------------------------

    async def _run_command(
        self, seat: str | None, command_id: str, body: dict[str, Any], reply_to: Peer | None
    ) -> p.CommandResult:
        # One lock serializes every command: six players acting in the same millisecond are
        # six consecutive, independent decisions, never a conflict.
        async with self._lock:
            with _collector_waits(), self._cork.hold():
                result = self._sequencer.run(seat, command_id, body)
                if reply_to is not None:
                    reply_to.send_message(result.to_wire())
            if self._after_sent is not None:
                self._after_sent()
            return result

    # -- connections ------------------------------------------------------------------------

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        peer = Peer(writer, self.config, loop.time(), self._cork, self._outflow)
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
            if peer.recipient is self._seating.spectators:
                # A crowd leaving together is torn down one spectator per turn of the loop,
                # after any command waiting: each close costs the kernel and asyncio more
                # than anything else the host does for a spectator.
                async with self._lock.door():
                    pass
            with contextlib.suppress(Exception):
                await _close(writer)
            del self._connections[task]

    async def _handle(self, peer: Peer, message: dict[str, Any]) -> None:
        kind = message["t"]
        if kind == p.PING:
            peer.send_message({"t": p.PONG, "n": message.get("n")})
        elif kind == p.PONG:
            pass
        elif kind == p.COMMAND:
            await self._handle_command(peer, message)
        elif kind == p.CHECK:
            self._fanout.send_hash(peer)
        elif kind == p.RESYNC:
            # A full catch-up costs the host a pass over the log; one per second is plenty,
            # since a second request in that time can only come from a stale hash in flight.
            now = asyncio.get_running_loop().time()
            if now - peer.last_resync >= RESYNC_INTERVAL:
                peer.last_resync = now
                async with self._lock.door():
                    with self._cork.hold():
                        self._fanout.catch_up(peer, 0)
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

    async def _handle_command(self, peer: Peer, message: dict[str, Any]) -> None:
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

    def _say(self, peer: Peer, text: object) -> None:
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
        self._fanout.to_everyone(encode(frame, self.config.max_frame))
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
        return [
            (peer.talker.name, peer.talker.role) for peer in self._seating.peers() if peer.talker
        ]

    async def _handshake(
        self, peer: Peer, hello: dict[str, Any], frames: FrameReader
    ) -> p.Refusal | None:
        refusal = self._gate.check(peer.source, hello)
        if refusal:
            return refusal
        if hello.get("reclaim") is True and not hello.get("token"):
            refusal = await self._reclaims.reclaim(peer, frames, hello)
            if refusal:
                return refusal
        async with self._lock.door():
            refusal = self._gate.crowd_refusal(peer.source, hello, self.spectators)
            if refusal:
                return refusal
            seat_or_refusal = self._seating.seat_for(
                hello["role"], hello["name"].strip(), hello.get("token")
            )
            if isinstance(seat_or_refusal, p.Refusal):
                return seat_or_refusal
            recipient, token = seat_or_refusal
            self._gate.took_seat(peer.source, hello)
            for old in list(recipient.peers if recipient.key is not None else ()):
                old.abort()  # the same seat reconnected before we noticed its old link drop
                recipient.peers.discard(old)
            peer.role = hello["role"]
            peer.recipient = recipient
            peer.talker = self._chat.talker(hello["name"].strip(), peer.role, self._clock())
            if recipient is self._seating.spectators:
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
                self._fanout.catch_up(peer, since)
                peer.send(self._presence.frame())
        self._presence.changed(seats=recipient.key is not None)
        return None

    def _notice(self, line: str) -> None:
        _log.warning("%s", line)
        if self.on_notice is not None:
            self.on_notice(line)

    # -- taking seats away and handing them over ------------------------------------------

    async def remove_seat(self, seat: str) -> bool:
        """Take `seat` away: its tokens stop working, also after a restart, and its links close.

        The name is free again afterwards. False when there is no such seat.
        """
        async with self._lock:
            recipient = self._seating.remove(seat)
            if recipient is None:
                return False
            self._sequencer.forget(seat)
            for peer in list(recipient.peers):
                recipient.peers.discard(peer)
                peer.abort()
        self._presence.changed(seats=True)
        return True

    def _detach(self, peer: Peer) -> None:
        recipient = peer.recipient
        if recipient is not None and peer in recipient.peers:
            recipient.peers.discard(peer)
            self._presence.changed(seats=recipient.key is not None)


@contextlib.contextmanager
def _collector_waits() -> Iterator[None]:
    """Keep Python's cyclic garbage collector off a command's path until its frames are out.

    A decision allocates enough that a young generation's round fell on one command in six
    (0.08 ms a round in the Scrabble bench) and an older one's now and then (about 1 ms,
    the p99); with the collector paused the round runs at the first allocation after the
    frames have gone, while nobody waits on it. Only the collector's timing moves: what it
    collects is the same, and a program that turned it off keeps it off."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _error(code: str, message: str, command_id: str | None = None) -> dict[str, Any]:
    error: dict[str, Any] = {"t": p.ERROR, "code": code, "message": message}
    if command_id is not None:
        error["id"] = command_id
    return error


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


async def _close(writer: asyncio.StreamWriter) -> None:
    writer.close()
    await writer.wait_closed()
