"""The handshake: who may come in, asked before anyone is seated. A hello of this
protocol's version, well formed and printable, meeting the host's requirements; the PIN,
paced per source address (`net.limits.PinGuard`: wrong guesses back off); room among the
spectators and the pace of new seats per source; and a newcomer asking for a seated name's
seat, which only the host's people can hand over."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hmac
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from net import protocol as p
from net.config import HostConfig
from net.framing import FrameError, FrameReader
from net.limits import PinGuard, SeatLimiter
from net.lock import TableLock
from net.peer import Peer
from net.seats import Seating

# The host's parts log as the host: whoever reads its log knows it by that name.
_log = logging.getLogger("net.host")

MAX_NAME = p.MAX_NAME


class Gate:
    """The checks of a hello that need no seat: `check` before anything else, and
    `crowd_refusal` (then `took_seat`) once the newcomer's turn at the door has come.
    `notice` is told, in a sentence for people, of each wrong PIN."""

    def __init__(
        self, config: HostConfig, clock: Callable[[], float], notice: Callable[[str], None]
    ) -> None:
        self.config = config
        self._clock = clock  # tests drive it
        self._notice = notice
        self.pins = PinGuard(config.pin_policy, clock())
        self._new_seats = SeatLimiter(config.seat_policy)

    def check(self, source: str, hello: dict[str, Any]) -> p.Refusal | None:
        """Why a hello from `source` is turned away before anything else (None: it is not)."""
        version = hello.get("version")
        if version != p.PROTOCOL_VERSION:
            return p.Refusal.of(
                p.VERSION_MISMATCH, f"(host: {p.PROTOCOL_VERSION}, this client: {version})"
            )
        refusal = hello_problem(hello)
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
        return self._pin_refusal(source, hello)

    def _pin_refusal(self, source: str, hello: dict[str, Any]) -> p.Refusal | None:
        """The PIN of a newcomer (not of a seat coming back with its token), checked only
        when its source address has not guessed wrong too often lately."""
        pin = self.config.pin
        if pin is None or (hello["role"] == "player" and hello.get("token")):
            return None
        now = self._clock()
        wait = self.pins.wait(source, now)
        if wait > 0:
            # Not even checked: an answer now would be one more guess.
            return p.Refusal.wait(p.PIN_BACKOFF, wait)
        given = str(hello.get("pin") or "")
        if hmac.compare_digest(given.encode(), pin.encode()):
            self.pins.succeeded(source)
            return None
        if not given:
            # No guess (someone who did not know there is a PIN): nothing to count or show.
            return p.Refusal(p.WRONG_PIN, "This game has a PIN: ask the host for it.")
        wait = self.pins.failed(source, now)
        total = self.pins.failures
        self._notice(
            f"Wrong PIN from {source or 'an unknown address'} ({total} wrong in all)"
            + (f"; it must wait {wait:.0f} s before its next try." if wait >= 1 else ".")
        )
        refusal = p.Refusal.of(p.WRONG_PIN)
        return p.Refusal(refusal.reason, refusal.message, wait) if wait >= 1 else refusal

    def crowd_refusal(
        self, source: str, hello: dict[str, Any], spectators: int
    ) -> p.Refusal | None:
        """The spectator cap (`spectators` watch now), and the pace of new seats from one
        source address (a flood of joins must not fill the table faster than abandoned
        seats are freed)."""
        if hello["role"] == "spectator" and spectators >= self.config.max_spectators:
            return p.Refusal.of(p.TOO_MANY_SPECTATORS, f"(at most {self.config.max_spectators})")
        if new_seat(hello) and source not in self.config.seat_limit_exempt:
            wait = self._new_seats.wait(source, self._clock())
            if wait > 0:
                _log.info("refusing a new seat from %s: too many lately", source)
                return p.Refusal.wait(p.TOO_MANY_JOINS, wait)
        return None

    def took_seat(self, source: str, hello: dict[str, Any]) -> None:
        """The hello from `source` was seated: a new seat counts against its pace."""
        if new_seat(hello):
            self._new_seats.took(source, self._clock())


class Reclaims:
    """Newcomers asking for the seat of a seated name; `ask(name)` asks the host's people
    (None: this host cannot hand seats over)."""

    def __init__(
        self,
        ask: Callable[[str], Awaitable[bool]] | None,
        seating: Seating,
        lock: TableLock,
        config: HostConfig,
    ) -> None:
        self._ask_people = ask
        self._seating = seating
        self._lock = lock
        self.config = config
        self._reclaiming: set[str] = set()

    async def reclaim(
        self, peer: Peer, frames: FrameReader, hello: dict[str, Any]
    ) -> p.Refusal | None:
        """A newcomer asks for the seat of a seated name (its token lost with its machine).

        Only the host's people can say yes (`ask`); on a yes the seat's old tokens are
        revoked and a new one goes into `hello`, which then takes the seat back as usual.
        """
        name: str = hello["name"].strip()
        if hello["role"] != "player" or name not in self._seating.seats:
            return None  # no seat of that name: an ordinary join
        # The PIN was checked (with its backoff) before: `Gate.check` runs first.
        if self._ask_people is None:
            return p.Refusal.of(p.RECLAIM_REFUSED, "This host cannot hand seats over.")
        if name in self._reclaiming:
            return p.Refusal.of(p.RECLAIM_REFUSED, "Someone else is asking for it already.")
        self._reclaiming.add(name)
        try:
            approved = await self._ask(self._ask_people(name), peer, frames)
        finally:
            self._reclaiming.discard(name)
        if not approved:
            return p.Refusal.of(p.RECLAIM_REFUSED)
        async with self._lock:
            token = self._seating.hand_over(name)
            if token is not None:  # else removed meanwhile: the name is free to take
                hello["token"] = token
        return None

    async def _ask(self, question: Awaitable[bool], peer: Peer, frames: FrameReader) -> bool:
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
            # Its read ends only once the cancelled task runs again: until then the stream
            # refuses another reader, and the handshake reads the connection next.
            hangup.cancel()
            await asyncio.gather(hangup, return_exceptions=True)
        if not answer.done():
            answer.cancel()  # the question is moot: its asker is gone, or it took too long
            return False
        if answer.cancelled() or answer.exception() is not None:
            _log.warning("no answer to a request for a seat: %r", answer)
            return False
        return answer.result() is True

    async def _hold_line(self, peer: Peer, frames: FrameReader) -> None:
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


def new_seat(hello: dict[str, Any]) -> bool:
    """Whether a (well-formed) hello asks for a seat that does not exist yet."""
    return hello["role"] == "player" and not hello.get("token")


def hello_problem(hello: dict[str, Any]) -> p.Refusal | None:
    problem = hello_shape(hello)
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


def hello_shape(hello: dict[str, Any]) -> str:
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
