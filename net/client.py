"""A client: keeps one recipient's view of a hosted game in sync, across drops and restarts."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import socket
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from net import protocol as p
from net.framing import MAX_FRAME, FrameError, FrameReader, decode_body, encode
from net.keys import SeatKeys

_log = logging.getLogger("net.client")

LAST_GAME = "That was meant for the game that has ended."
# What a first connection hears when nobody is there at all: nothing to wait for.
_NOBODY_THERE = (ConnectionRefusedError, socket.gaierror)


@dataclass(frozen=True)
class Event:
    """One event of this client's view, with the host's sequence number."""

    seq: int
    body: dict[str, Any]


@dataclass(frozen=True)
class Reset:
    """Forget the view so far; start again from `snapshot` (None: from nothing) at `seq`."""

    seq: int
    snapshot: dict[str, Any] | None


@dataclass(frozen=True)
class Presence:
    seats: dict[str, bool]
    spectators: int


@dataclass(frozen=True)
class Link:
    """The connection came up (after a welcome) or went down; `detail` says why, for people."""

    connected: bool
    detail: str = ""
    final: bool = False
    """The host turned us away for good (e.g. our seat was removed) or ended the game (its
    `closing` frame; `Client.closed` is set): no more reconnecting."""


@dataclass(frozen=True)
class Said:
    """A line of chat, as the host stamped it: `name` said `text` (`role`: its role)."""

    name: str
    role: str
    text: str


@dataclass(frozen=True)
class SayRefused:
    """The host refused a line of ours (`code`, e.g. say_too_fast); `message` is for people."""

    code: str
    message: str
    retry_after: float | None = None


@dataclass(frozen=True)
class Next:
    """The host started another game (a rematch) and our seat, if any, is in it: a `Reset`
    and the new game's events follow. `message` is the host's sentence for people."""

    game: str
    message: str = ""


@dataclass(frozen=True)
class Note:
    """The host's game said its word beside our view again (as at the welcome): `note` is
    the game's, untrusted, and `Client.note` holds it too."""

    note: object


Update = Event | Reset | Presence | Link | Said | SayRefused | Next | Note


class Refused(Exception):
    def __init__(
        self,
        reason: str,
        message: str,
        retry_after: float | None = None,
        requirements: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.retry_after = retry_after  # seconds, when the refusal ends by itself
        self.requirements = requirements
        """The host's requirements, when they differ from ours (e.g. which game it plays)."""


class Unreachable(ConnectionError):
    """Nothing answers at the address on the first try: nothing listens on that port (the
    connection was refused) or there is no such host. Known at once, so `start()` raises it
    instead of retrying; a client that was welcomed once retries, its host restarting."""


class Closed(Exception):
    """The host ended the game and said so; `resumable`: it can resume it from its log."""

    def __init__(self, message: str, resumable: bool) -> None:
        super().__init__(message)
        self.message = message
        self.resumable = resumable


@dataclass(frozen=True)
class ClientConfig:
    max_frame: int = MAX_FRAME
    timeout: float = 15.0  # silence after which the host is presumed gone
    connect_timeout: float = 5.0
    backoff_min: float = 0.1
    backoff_max: float = 5.0
    source: str | None = None  # the local address to connect from (None: the system's pick)
    here_every: float = 5.0  # `here` frames go at most this often (seconds): no flood


@dataclass
class _Pending:
    body: dict[str, Any]
    result: asyncio.Future[p.CommandResult] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class _Watchdog:
    """Hangs up a connection that stays silent for too long.

    One timer per silence period, re-armed lazily, instead of a timer per frame: on a busy
    connection that is most of the cost of noticing a dead host."""

    def __init__(self, writer: asyncio.StreamWriter, silence: Callable[[], float]) -> None:
        self._loop = asyncio.get_running_loop()
        self._writer = writer
        self._silence = silence
        self._last = self._loop.time()
        self.fired = False
        self._timer = self._loop.call_later(silence(), self._check)

    def heard(self) -> None:
        self._last = self._loop.time()

    def _check(self) -> None:
        idle = self._loop.time() - self._last
        if idle >= self._silence():
            self.fired = True
            self._writer.transport.abort()  # ends the pending read
        else:
            self._timer = self._loop.call_later(self._silence() - idle, self._check)

    def stop(self) -> None:
        self._timer.cancel()


class Client:
    """Connect with `await start()`; read `updates()`; act with `await command(body)`."""

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        *,
        role: p.Role = "player",
        token: str | None = None,
        pin: str | None = None,
        requirements: Mapping[str, str] | None = None,
        config: ClientConfig | None = None,
        on_update: Callable[[Update], None] | None = None,
        keys: SeatKeys | None = None,
        reclaim: bool = False,
    ) -> None:
        self.address = (host, port)
        self.name = name
        self.role = role
        self.token = token
        self.keys = keys if role == "player" else None
        """Where our seat tokens outlive this program: a restart takes the seat back."""
        self.reclaim = reclaim
        """Ask the host to hand us the seat of our name when we hold no token for it."""
        self._kept_tokens: list[str] = []  # remembered tokens not tried yet, newest first
        self._token_kept = False  # self.token came from `keys`, not from our caller
        self.pin = pin
        self.requirements = dict(requirements or {})
        self.config = config or ClientConfig()
        self.seat: str | None = None
        self.game: str | None = None
        self.seq = 0  # every event of our view up to here has been applied
        self.hash = p.HASH_SEED
        self.snapshot: dict[str, Any] | None = None
        self.events: list[Event] = []  # the view since the last reset (after `snapshot`)
        self.presence = Presence({}, 0)
        self.connected = False
        self.refusal: Refused | None = None
        self.closed: Closed | None = None
        """Set once the host has said it ended the game: no more reconnecting."""
        self.last_problem = ""
        """Why the last attempt to connect (or the last connection) failed, for people."""
        self.resyncs = 0
        self._heartbeat = 0.0
        self.note: object = None
        self._here_at: float | None = None
        """When our last `here` frame went (the event loop's time)."""
        self._session = secrets.token_hex(6)
        self._counter = 0
        self._outbox: dict[str, _Pending] = {}
        # Either a callback (called on our task, must not block) or a queue for updates().
        self._on_update = on_update
        self._updates: asyncio.Queue[Update] = asyncio.Queue()
        self._writer: asyncio.StreamWriter | None = None
        self._first_welcome: asyncio.Future[None] | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Connect (retrying until the host answers); raise Refused if it turns us away."""
        self._first_welcome = asyncio.get_running_loop().create_future()
        if self.keys is not None and self.token is None:
            self._kept_tokens = self.keys.tokens(self.address, self.name)
            self._next_kept_token()
        self._task = asyncio.get_running_loop().create_task(self._run())
        await self._first_welcome

    async def close(self) -> None:
        if self._first_welcome and not self._first_welcome.done():
            self._first_welcome.cancel()  # a start() still waiting for the host gives up
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for pending in self._outbox.values():
            pending.result.cancel()

    async def updates(self) -> AsyncIterator[Update]:
        """Every update in order (only when no `on_update` callback was given)."""
        while True:
            yield await self._updates.get()

    async def command(self, body: dict[str, Any]) -> p.CommandResult:
        """Queue a command (sent now, or as soon as we are connected) and await its result."""
        ended = self.refusal or self.closed
        if ended:
            raise ended
        self._counter += 1
        command_id = f"{self._session}-{self._counter}"
        pending = self._outbox[command_id] = _Pending(body)
        if self.connected:
            self._send({"t": p.COMMAND, "id": command_id, "body": body})
        return await pending.result

    def say(self, text: str) -> bool:
        """Send a line of chat; False when not connected (it is not kept for later: chat
        is of the moment). Every peer, us included, hears it back as a `Said`, unless the
        host refuses it (a `SayRefused`)."""
        if not self.connected:
            return False
        self._send({"t": p.SAY, "text": text})
        return True

    def here(self) -> None:
        """Tell the host that the person at our seat did something (a key, a click): a sign
        of life, with nothing of what they did. At most one frame per `here_every`; the
        first after a quiet spell goes at once. Nothing while not connected, nor as a
        spectator (nobody waits for one)."""
        if not self.connected or self.role != "player":
            return
        now = asyncio.get_running_loop().time()
        if self._here_at is None or now - self._here_at >= self.config.here_every:
            self._here_at = now
            self._send({"t": p.HERE})

    def check(self) -> None:
        """Ask the host for our view hash now; a mismatch makes us resync."""
        if self.connected:
            self._send({"t": p.CHECK})

    # -- connection loop ----------------------------------------------------------------------

    async def _run(self) -> None:
        delay = self.config.backoff_min
        while True:
            try:
                async with asyncio.timeout(self.config.connect_timeout):
                    reader, writer = await asyncio.open_connection(
                        *self.address,
                        local_addr=(self.config.source, 0) if self.config.source else None,
                    )
            except (OSError, TimeoutError) as exc:
                detail = f"cannot reach {self.address[0]}:{self.address[1]} ({exc})"
                first = self._first_welcome
                if first is not None and not first.done() and isinstance(exc, _NOBODY_THERE):
                    first.set_exception(self._unreachable(exc))
                    return
            else:
                detail = await self._converse(reader, writer)
                if self.connected:
                    delay = self.config.backoff_min
                if self.closed:
                    self.connected = False  # said once, for good, as we give up
                else:
                    self._link_down(detail)
                if self.refusal and self._stale_kept_token():
                    continue
                ended = self.refusal or self.closed
                if ended:
                    self._give_up(ended)
                    return
            self.last_problem = detail
            _log.info("%s; retrying in %.1fs", detail, delay)
            # Jitter keeps six clients of a restarted host from knocking in lockstep.
            await asyncio.sleep(delay * random.uniform(0.8, 1.2))
            delay = min(delay * 2, self.config.backoff_max)

    async def _converse(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> str:
        """One connection's life; returns why it ended."""
        self._writer = writer
        frames = FrameReader(reader, self.config.max_frame)
        try:
            self._send(
                {
                    "t": p.HELLO,
                    "version": p.PROTOCOL_VERSION,
                    "name": self.name,
                    "role": self.role,
                    "token": self.token,
                    "reclaim": self.reclaim and not self.token,
                    "pin": self.pin,
                    "game": self.game,
                    "last_seq": self.seq,
                    "requirements": self.requirements,
                }
            )
            watchdog = _Watchdog(writer, lambda: max(self.config.timeout, 3 * self._heartbeat))
            try:
                while (message := await frames.read()) is not None:
                    watchdog.heard()
                    self._dispatch(message)
            finally:
                watchdog.stop()
            return "the host went silent" if watchdog.fired else "the host closed the connection"
        except Refused as refused:
            self.refusal = refused
            return refused.message
        except Closed as closed:
            self.closed = closed
            return closed.message
        except (ConnectionError, FrameError) as exc:
            return f"connection lost ({exc})"
        finally:
            self._writer = None
            writer.close()
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    def _unreachable(self, error: OSError) -> Unreachable:
        host, port = self.address
        why = (
            "no such host" if isinstance(error, socket.gaierror) else "the connection was refused"
        )
        return Unreachable(
            f"Nothing answers at {host}:{port} ({why}): is the game's host running there, "
            "and is that its port?"
        )

    def _next_kept_token(self) -> None:
        self.token = self._kept_tokens.pop(0) if self._kept_tokens else None
        self._token_kept = self.token is not None

    def _stale_kept_token(self) -> bool:
        """Whether the host refused a token we remembered, before our first welcome: then we
        try the next one, and finally sit down as a newcomer. A new game at the same address,
        or a seat that was taken away, never blocks joining."""
        refusal = self.refusal
        first = self._first_welcome is not None and not self._first_welcome.done()
        stale = refusal is not None and refusal.reason in (p.UNKNOWN_TOKEN, p.SEAT_REMOVED)
        if not (first and stale and self._token_kept):
            return False
        if refusal is not None and refusal.reason == p.SEAT_REMOVED and self.keys is not None:
            assert self.token is not None
            self.keys.forget(self.token)  # that seat is gone for good
        self.refusal = None
        self._next_kept_token()
        return True

    def _give_up(self, refusal: Refused | Closed) -> None:
        if self._first_welcome and not self._first_welcome.done():
            self._first_welcome.set_exception(refusal)
        else:
            self._emit(Link(False, refusal.message, final=True))
        for pending in self._outbox.values():
            if not pending.result.done():
                pending.result.set_exception(refusal)
        self._outbox.clear()

    def _emit(self, update: Update) -> None:
        if self._on_update is not None:
            self._on_update(update)
        else:
            self._updates.put_nowait(update)

    def _link_down(self, detail: str) -> None:
        if self.connected:
            self.connected = False
            self._emit(Link(False, detail))

    def _send(self, message: dict[str, Any]) -> None:
        if self._writer is not None and not self._writer.is_closing():
            self._writer.write(encode(message, self.config.max_frame))

    # -- messages from the host ---------------------------------------------------------------

    def _dispatch(self, message: dict[str, Any]) -> None:
        handler = _HANDLERS.get(message["t"])
        if handler is None:
            _log.debug("ignoring a %r frame", message["t"])  # newer hosts may send more
            return
        try:
            handler(self, message)
        except (KeyError, TypeError, ValueError) as exc:
            raise FrameError(p.BAD_MESSAGE, f"bad {message['t']!r} frame: {exc!r}") from exc

    def _on_refused(self, message: dict[str, Any]) -> None:
        retry_after = message.get("retry_after")
        if not isinstance(retry_after, int | float) or isinstance(retry_after, bool):
            retry_after = None
        theirs = message.get("requirements")
        requirements = (
            {k: v for k, v in theirs.items() if isinstance(k, str) and isinstance(v, str)}
            if isinstance(theirs, dict)
            else None
        )
        raise Refused(
            str(message.get("reason")), str(message.get("message")), retry_after, requirements
        )

    def _on_closing(self, message: dict[str, Any]) -> None:
        text = message.get("message")
        raise Closed(
            text if isinstance(text, str) and text else "The host ended the game.",
            message.get("resumable") is True,
        )

    def _on_welcome(self, message: dict[str, Any]) -> None:
        self.seat = message["seat"]
        self.token = message["token"] or self.token
        if self.game is not None and message["game"] != self.game:
            # Our seat went on into the host's next game while we were away; what we sent
            # meanwhile was meant for the game that ended, and is not sent again.
            for command_id, pending in self._outbox.items():
                if not pending.result.done():
                    pending.result.set_result(
                        p.CommandResult(command_id, False, code=p.NEXT, message=LAST_GAME)
                    )
            self._outbox.clear()
            self._next_game(message["game"], "")
        self.game = message["game"]
        self._heartbeat = float(message.get("heartbeat") or 0)
        self.note = message.get("note")  # the game's word at the welcome; the game checks it
        if self.keys is not None and self.seat is not None and self.token and self.game:
            self.keys.keep(self.address, self.name, self.game, self.token)
        self.connected = True
        self._emit(Link(True))
        if self._first_welcome and not self._first_welcome.done():
            self._first_welcome.set_result(None)
        # Unacknowledged commands go (again): the host applies each id at most once.
        for command_id, pending in self._outbox.items():
            self._send({"t": p.COMMAND, "id": command_id, "body": pending.body})

    def _on_next(self, message: dict[str, Any]) -> None:
        game, text = message["game"], message.get("message")
        if not isinstance(game, str) or not game:
            raise ValueError("a next frame needs a game id")
        self._next_game(game, text if isinstance(text, str) else "")

    def _next_game(self, game: str, text: str) -> None:
        """Follow the host into its next game: same seat and token, a new game id."""
        self.game = game
        if self.keys is not None and self.seat is not None and self.token:
            self.keys.keep(self.address, self.name, game, self.token)
        self._emit(Next(game, text))

    def _on_reset(self, message: dict[str, Any]) -> None:
        self._restart_view(0, None, p.HASH_SEED)

    def _on_resume(self, message: dict[str, Any]) -> None:
        if message["seq"] != self.seq:
            self._resync()

    def _on_snapshot(self, message: dict[str, Any]) -> None:
        self._restart_view(message["seq"], decode_body(message["body"]), bytes(message["hash"]))

    def _restart_view(self, seq: int, snapshot: dict[str, Any] | None, chain: bytes) -> None:
        self.seq, self.snapshot, self.hash, self.events = seq, snapshot, chain, []
        self._emit(Reset(seq, snapshot))

    def _on_event(self, message: dict[str, Any]) -> None:
        seq, body = message["seq"], bytes(message["body"])
        if seq <= self.seq:
            return  # already applied (can only follow a resync we asked for)
        self.hash = p.chain(self.hash, seq, body)
        self.seq = seq
        event = Event(seq, decode_body(body))
        self.events.append(event)
        self._emit(event)

    def _on_hash(self, message: dict[str, Any]) -> None:
        self.seq = max(self.seq, message["seq"])
        if bytes(message["hash"]) != self.hash:
            self._resync()

    def _resync(self) -> None:
        self.resyncs += 1
        _log.warning("view hash differs from the host's; resyncing")
        self._send({"t": p.RESYNC})

    def _on_result(self, message: dict[str, Any]) -> None:
        if message.get("re") == p.SAY:
            retry_after = message.get("retry_after")
            if not isinstance(retry_after, int | float) or isinstance(retry_after, bool):
                retry_after = None
            self._emit(SayRefused(str(message["code"]), str(message["message"]), retry_after))
            return
        command_id = message.get("id")
        if command_id is None:
            _log.warning("host error %s: %s", message.get("code"), message.get("message"))
            return
        pending = self._outbox.pop(command_id, None)
        if pending is None or pending.result.done():
            return
        if message["t"] == p.ACK:
            result = p.CommandResult(command_id, True, message["seq"], message["n"])
        else:
            result = p.CommandResult(
                command_id, False, code=message["code"], message=message["message"]
            )
        pending.result.set_result(result)

    def _on_ping(self, message: dict[str, Any]) -> None:
        self._send({"t": p.PONG, "n": message.get("n")})

    def _on_pong(self, message: dict[str, Any]) -> None:
        pass

    def _on_said(self, message: dict[str, Any]) -> None:
        name, role, text = message.get("name"), message.get("role"), message.get("text")
        if not (isinstance(name, str) and isinstance(text, str) and role in p.ROLES):
            _log.debug("ignoring a malformed said frame")  # chat is a side channel: no resync
            return
        self._emit(Said(name, str(role), text))

    def _on_presence(self, message: dict[str, Any]) -> None:
        self.presence = Presence(dict(message["seats"]), int(message["spectators"]))
        self._emit(self.presence)

    def _on_note(self, message: dict[str, Any]) -> None:
        self.note = message.get("note")  # the game checks it, as the welcome's
        self._emit(Note(self.note))


_HANDLERS = {
    p.REFUSED: Client._on_refused,
    p.WELCOME: Client._on_welcome,
    p.RESET: Client._on_reset,
    p.RESUME: Client._on_resume,
    p.SNAPSHOT: Client._on_snapshot,
    p.EVENT: Client._on_event,
    p.HASH: Client._on_hash,
    p.ACK: Client._on_result,
    p.ERROR: Client._on_result,
    p.PING: Client._on_ping,
    p.PONG: Client._on_pong,
    p.PRESENCE: Client._on_presence,
    p.CLOSING: Client._on_closing,
    p.NEXT: Client._on_next,
    p.SAID: Client._on_said,
    p.NOTE: Client._on_note,
}
