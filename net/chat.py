"""Side messages: a line of chat that a peer sends and the host hands to everyone.

Chat is not part of the game. It never enters the event log or a view hash; the host
only checks each line (printable, not too long, not too fast, the sender not muted),
stamps it with who said it, and fans it out to every peer, players and spectators alike.
See docs/PROTOCOL.md, "Chat".

Pure bookkeeping: every method takes the time `now` (seconds, any monotonic origin), so
tests drive the clock explicitly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from net import protocol as p


@dataclass(frozen=True)
class SayPolicy:
    """How much one connection may say: a burst of lines, then a steady pace."""

    max_chars: int = 200
    burst: float = 5.0
    rate: float = 1.0  # lines per second once the burst is spent


class _Allowance:
    """A token bucket that, unlike the host's frame bucket, does not charge a refused line:
    a peer told to slow down may speak again as soon as the refusal says."""

    def __init__(self, policy: SayPolicy, now: float) -> None:
        self._policy = policy
        self._level = policy.burst
        self._at = now

    def wait(self, now: float) -> float:
        """Seconds before one more line is allowed (0: now, and it is taken)."""
        self._level = min(self._policy.burst, self._level + (now - self._at) * self._policy.rate)
        self._at = now
        if self._level >= 1:
            self._level -= 1
            return 0.0
        return (1 - self._level) / self._policy.rate


@dataclass
class Talker:
    """One connection's voice: who it is (as the host knows it) and how much it said."""

    name: str
    role: p.Role
    allowance: _Allowance
    told_muted: bool = False


@dataclass
class Chat:
    """The host's side of chat: checks lines, keeps the mutes, makes the `said` frames."""

    policy: SayPolicy = field(default_factory=SayPolicy)
    muted: set[str] = field(default_factory=set)
    """Names whose lines go to nobody (a seat's name, or a spectator's name)."""

    def talker(self, name: str, role: p.Role, now: float) -> Talker:
        return Talker(name, role, _Allowance(self.policy, now))

    def mute(self, name: str) -> bool:
        """Whether `name` was not muted before."""
        fresh = name not in self.muted
        self.muted.add(name)
        return fresh

    def unmute(self, name: str) -> bool:
        """Whether `name` was muted."""
        if name not in self.muted:
            return False
        self.muted.discard(name)
        return True

    def hear(self, talker: Talker, text: object, now: float) -> dict[str, Any] | None:
        """What a `say` from `talker` becomes: a `said` frame for everyone, an `error` frame
        for the sender alone, or None (a muted peer, told already: dropped in silence)."""
        if talker.name in self.muted:
            if talker.told_muted:
                return None
            talker.told_muted = True
            return refusal(p.SAY_MUTED, "The host has muted you: your chat lines reach nobody.")
        talker.told_muted = False  # unmuted since: a later mute is told again
        if not isinstance(text, str):
            return refusal(p.BAD_MESSAGE, "a say frame needs a string text")
        text = text.strip()
        if not text.isprintable():  # the test wordsy_tui.text applies too
            return refusal(p.CONTROL_CHARACTERS, "A chat line cannot hold control characters.")
        limit = self.policy.max_chars
        if not 0 < len(text) <= limit:
            return refusal(p.SAY_TOO_LONG, f"A chat line holds 1 to {limit} characters.")
        wait = talker.allowance.wait(now)
        if wait > 0:
            seconds = max(1, math.ceil(wait))
            return refusal(
                p.SAY_TOO_FAST, f"Slow down: one more line in about {seconds} s.", float(seconds)
            )
        return {"t": p.SAID, "name": talker.name, "role": talker.role, "text": text}


def refusal(code: str, message: str, retry_after: float | None = None) -> dict[str, Any]:
    """An `error` frame answering a `say` (`re` tells it from a command's)."""
    frame: dict[str, Any] = {"t": p.ERROR, "code": code, "message": message, "re": p.SAY}
    if retry_after is not None:
        frame["retry_after"] = retry_after
    return frame
