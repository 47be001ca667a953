"""Wire vocabulary shared by host and client: message types, versions, refusals and errors.

docs/PROTOCOL.md is the normative description; the names here match it one to one.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

PROTOCOL_VERSION: Final = 1
MAX_NAME: Final = 32
"""The longest name a hello may carry, in characters."""

Role = Literal["player", "spectator"]
ROLES: Final[tuple[Role, ...]] = ("player", "spectator")

# Client -> host
HELLO: Final = "hello"
COMMAND: Final = "cmd"
CHECK: Final = "check"
RESYNC: Final = "resync"
SAY: Final = "say"  # a line of chat: a side message, never part of the game
HERE: Final = "here"  # the person at this seat did something (a key): a sign of life, no move
# Both directions
PING: Final = "ping"
PONG: Final = "pong"
# Host -> client
WELCOME: Final = "welcome"
REFUSED: Final = "refused"
RESET: Final = "reset"
RESUME: Final = "resume"
SNAPSHOT: Final = "snapshot"
EVENT: Final = "ev"
HASH: Final = "hash"
ACK: Final = "ack"
ERROR: Final = "error"
PRESENCE: Final = "presence"
CLOSING: Final = "closing"  # the host ends the game on purpose: do not reconnect
NEXT: Final = "next"  # the host starts another game on the same connections (a rematch)
SAID: Final = "said"  # a line of chat, stamped with who said it, for every peer
NOTE: Final = "note"  # the game's word beside its view changed: the welcome's `note`, now

# Refusal reasons (handshake only; the connection is closed after a refusal).
VERSION_MISMATCH: Final = "version_mismatch"
WRONG_PIN: Final = "wrong_pin"
GAME_FULL: Final = "game_full"
NAME_TAKEN: Final = "name_taken"
GAME_STARTED: Final = "game_started"
REQUIREMENTS_MISMATCH: Final = "requirements_mismatch"
UNKNOWN_TOKEN: Final = "unknown_token"
BAD_HELLO: Final = "bad_hello"
PIN_BACKOFF: Final = "pin_backoff"  # too many wrong PINs lately; `retry_after` says when
TOO_MANY_JOINS: Final = "too_many_joins"  # too many new seats from one address lately
TOO_MANY_SPECTATORS: Final = "too_many_spectators"  # the spectator cap is reached
BAD_NAME: Final = "bad_name"
CONTROL_CHARACTERS: Final = "control_characters"
# A seat's token the host revoked (the seat was removed, or handed to someone else).
SEAT_REMOVED: Final = "seat_removed"
# A `reclaim` hello the host's people did not approve (or could not be asked).
RECLAIM_REFUSED: Final = "reclaim_refused"

REFUSAL_MESSAGES: Final[dict[str, str]] = {
    VERSION_MISMATCH: "The host speaks a different protocol version; install the same version "
    "on both machines.",
    WRONG_PIN: "Wrong PIN: ask the host for the game's PIN.",
    GAME_FULL: "The game is full: every seat is taken. You can still join as a spectator.",
    NAME_TAKEN: "Another player already uses that name in this game; pick another name.",
    GAME_STARTED: "The game has already started; join as a spectator or wait for the next one.",
    REQUIREMENTS_MISMATCH: "The host plays with different settings.",
    UNKNOWN_TOKEN: "This game does not know your seat token; join again as a new player.",
    BAD_HELLO: "The client sent an invalid hello.",
    PIN_BACKOFF: "Too many wrong PINs from your address lately; wait before trying again.",
    TOO_MANY_JOINS: "Too many new players from your address lately; wait before joining.",
    TOO_MANY_SPECTATORS: "The game has as many spectators as it can take.",
    BAD_NAME: "The game does not take that name; pick another name.",
    CONTROL_CHARACTERS: "Text cannot hold control or format characters.",
    SEAT_REMOVED: "The host removed this seat or handed it to someone else; "
    "join again as a new player.",
    RECLAIM_REFUSED: "The host did not hand you that seat.",
}

# Error codes of "error" frames. Games add their own codes for rejected commands.
MALFORMED: Final = "malformed"  # undecodable bytes, not a map, no "t": connection closed
TOO_LARGE: Final = "too_large"  # frame over the size limit: connection closed
UNKNOWN_TYPE: Final = "unknown_type"  # a well-formed frame of a type the host does not know
BAD_MESSAGE: Final = "bad_message"  # a known type with missing or wrong-typed fields
READ_ONLY: Final = "read_only"  # a spectator sent a command
RATE_LIMITED: Final = "rate_limited"  # too many frames too fast: connection closed
EVENT_TOO_LARGE: Final = "event_too_large"  # the game produced an event over the frame limit
INTERNAL_ERROR: Final = "internal_error"  # the game's decide() failed unexpectedly
# A refused `say` (its error frame carries `re: "say"`); the connection stays open.
SAY_TOO_LONG: Final = "say_too_long"  # empty, or over the host's length limit
SAY_TOO_FAST: Final = "say_too_fast"  # over the host's pace; `retry_after` says when
SAY_MUTED: Final = "say_muted"  # the host muted this name: said once, then lines are dropped


@dataclass(frozen=True)
class Refusal:
    reason: str
    message: str
    retry_after: float | None = None  # seconds, when waiting is what it takes
    requirements: Mapping[str, str] | None = None
    """The host's requirements, with a `requirements_mismatch`: a client that asked for
    the wrong game (or word list) learns which the host plays, in one hello."""

    @classmethod
    def of(cls, reason: str, detail: str = "") -> Refusal:
        message = REFUSAL_MESSAGES.get(reason, "The host refused the connection.")
        return cls(reason, f"{message} {detail}".strip())

    @classmethod
    def wait(cls, reason: str, seconds: float) -> Refusal:
        """A refusal that ends by itself: try again after `seconds`."""
        seconds = max(1, math.ceil(seconds))
        return cls(reason, cls.of(reason, f"(about {seconds} s)").message, float(seconds))

    def to_wire(self) -> dict[str, Any]:
        frame: dict[str, Any] = {"t": REFUSED, "reason": self.reason, "message": self.message}
        if self.retry_after is not None:
            frame["retry_after"] = self.retry_after
        if self.requirements is not None:
            frame["requirements"] = dict(self.requirements)
        return frame


class CommandRejected(Exception):
    """Raised by a game's decide() when a command breaks a rule; its message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class CommandResult:
    """What became of one command: accepted with the sequence numbers it produced, or not."""

    id: str
    accepted: bool
    seq: int = 0  # host's sequence number after the command's events were appended
    count: int = 0  # how many events it produced
    code: str = ""
    message: str = ""

    def to_wire(self) -> dict[str, Any]:
        if self.accepted:
            return {"t": ACK, "id": self.id, "seq": self.seq, "n": self.count}
        return {"t": ERROR, "id": self.id, "code": self.code, "message": self.message}


HASH_SEED: Final = bytes(32)


def chain(previous: bytes, seq: int, body: bytes) -> bytes:
    """One link of a recipient's view hash: sha256(previous || seq as u64 BE || body bytes)."""
    return hashlib.sha256(previous + seq.to_bytes(8, "big") + body).digest()
