"""Nobody holds the table: whom a wait still waits for, and when it moves on without them.

Every game's host asks this the same way (`session.table.ServedTable`). A wait on people
ends early, while someone else is at the table, when everyone it still waits for is away:

- **gone**: their program is not connected; the wait ends after a short grace, long enough
  for a restarted program to take its seat back;
- **idle**: connected, but the person has shown no sign of life (a key, a click: the
  `here` frame) for `idle_seconds` while everyone else is done; their screen then counts
  down `countdown_seconds` ("the table is waiting for you") and the phase moves on. Any
  sign of life ends the countdown. Only a wait on several people at once minds this (the
  alarm's `minds_idle`): a tile turn is one player thinking, which takes no key.

Computer players are never away. Pure bookkeeping: every method takes the time `now`
(seconds, any monotonic origin), so tests drive the clock explicitly.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

IDLE_SECONDS: Final = 30.0
"""No key for this long, while everyone else is done: the table starts counting down."""
COUNTDOWN_SECONDS: Final = 30.0
"""The countdown on an idle player's screen before the phase moves on without them. With
`IDLE_SECONDS`, a round of a game with no timer loses at most 90 s to a player who walked
away while connected (the writing: idle, then the countdown; the challenges: the
countdown), not the four minutes of the wait limit and the challenge window."""


@dataclass(frozen=True, slots=True)
class Away:
    """The wait moves on `seconds` from now without `seats`, who have gone or are idle."""

    seats: tuple[str, ...]
    seconds: float


@dataclass(frozen=True, slots=True)
class Verdict:
    away: Away | None = None
    """None: the wait runs at its own time."""
    look_again: float | None = None
    """When someone waited for becomes idle, if nothing happens before (a time as `now`)."""


class Attendance:
    """When each person at the table last showed a sign of life, and what that means for
    the wait running now."""

    def __init__(
        self,
        absent_grace: float,
        idle_seconds: float = IDLE_SECONDS,
        countdown_seconds: float = COUNTDOWN_SECONDS,
    ) -> None:
        self.absent_grace = absent_grace
        self.idle_seconds = idle_seconds
        self.countdown_seconds = countdown_seconds
        self._seen: dict[str, float] = {}

    def seen(self, seat: str, now: float) -> None:
        """`seat`'s person did something."""
        self._seen[seat] = now

    def met(self, seat: str, now: float) -> None:
        """`seat` is at the table: idle from now at the latest (a seat that has said
        nothing yet). A program reconnecting by itself is no sign of its person."""
        self._seen.setdefault(seat, now)

    def judge(
        self,
        waited: Sequence[str],
        people: Collection[str],
        presence: Mapping[str, bool],
        minds_idle: bool,
        now: float,
    ) -> Verdict:
        """What the wait on `waited` (in seat order) does now: `people` are the seats of
        persons (not computer players), `presence` who is connected, `minds_idle` whether
        this wait ends early for idle people (the alarm's)."""
        done = [p for p in people if p not in waited]
        if not waited or not any(presence.get(p) for p in done):
            return Verdict()  # nobody else is there to be held up
        here = [seat for seat in waited if presence.get(seat)]
        if not here:
            return Verdict(Away(tuple(waited), self.absent_grace))
        if not minds_idle or any(seat not in people for seat in here):
            return Verdict()  # someone may take their time, or a computer player will act
        for seat in here:
            self.met(seat, now)
        idle_at = max(self._seen[seat] + self.idle_seconds for seat in here)
        if now < idle_at:
            return Verdict(look_again=idle_at)
        return Verdict(Away(tuple(waited), self.countdown_seconds))
