"""A saved game of any kind, stepped through one step at a time, read-only.

One replay for every game: the log names its game, the game's `engine.Rules` fold it, and
the game's `Steps` say where the log is cut into frames (Wordsy's `games.wordsy.replay`:
the end of each round, every word judged; the tile games' `games.tiles.replay`: the start
of each turn, then the end). `Replaying` is the door of a seat of nobody's over the
frames, one shown at a time: the game's own seat class (its app's) over it refuses every
verb, for nothing can change.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, Self, TypeVar

from wordsy_tui.engine import Rules
from wordsy_tui.table.seat import Door, Rejected, StateChanged

if TYPE_CHECKING:
    pass

State = TypeVar("State")
Event = TypeVar("Event")

NOTHING_CHANGES: Final = "This is a replay: nothing can be changed."


@dataclass(frozen=True, slots=True)
class Frame(Generic[State, Event]):
    """The table at one step of the game, and what happened since the frame before."""

    state: State
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Steps(Generic[State, Event]):
    """Where one game's log is cut into a replay's frames, and what its end looks like."""

    rules: Rules[State, Any, Event]
    ends_before: Callable[[Event], bool]
    """A frame is the table just before this event."""
    ends_after: Callable[[Event], bool]
    """A frame is the table just after this event."""
    started: Callable[[State], bool]
    """The game left its lobby: there is a table to show."""
    over: Callable[[State], bool]
    """The game ended: its secrets are no secret any more, and its end is the last frame."""
    tail: bool
    """Where a log stops mid-step, the table as it stops is a frame too."""
    tells: bool
    """The app is told each frame's events (else only its table: an app that greets each
    event as if it had just happened)."""


def frames_of(steps: Steps[State, Event], events: Iterable[Event]) -> list[Frame[State, Event]]:
    """The log `events` (the host's: every secret in it) as frames.

    A game that is not finished is shown as a spectator sees it, since its secrets (a
    tile game's racks) are still secrets. Raises ValueError when the game never started.
    """
    rules = steps.rules
    state, since = rules.fresh(), list[Event]()
    cuts: list[tuple[State, list[Event]]] = []
    for event in events:
        if steps.ends_before(event):
            cuts.append((state, since))
            since = []
        state = rules.evolve(state, event)
        since.append(event)
        if steps.ends_after(event):
            cuts.append((state, since))
            since = []
    if not steps.started(state):
        raise ValueError("its game never started: there is nothing to show")
    finished = steps.over(state)
    if since and (steps.tail or finished or not cuts):
        cuts.append((state, since))
    if finished:
        return [Frame(table, tuple(happened)) for table, happened in cuts]
    return [
        Frame(rules.state_for(table, None), tuple(rules.event_for(e, None) for e in happened))
        for table, happened in cuts
    ]


def never(event: object) -> bool:
    """No event ends a step here (for `Steps` that cut only before, or only after)."""
    return False


class Replaying(Door[State, Any, Event]):
    """A saved game's frames, one shown at a time, as the door of a seat of nobody's:
    nothing can change."""

    def __init__(
        self,
        steps: Steps[State, Event],
        frames: Sequence[Frame[State, Event]],
        note: str | None = None,
    ) -> None:
        super().__init__(None)
        if not frames:
            raise ValueError("a replay needs at least one frame")
        self.steps = steps
        self.frames = list(frames)
        self.index = 0
        self.finished: bool = steps.over(self.frames[-1].state)
        """Whether the game ended: only then are its secrets shown."""
        self.note = note
        """What the viewer must know about the log, e.g. that it is damaged."""

    @classmethod
    def of_log(
        cls, steps: Steps[State, Event], events: Iterable[Event], note: str | None = None
    ) -> Self:
        """A replay of the host's log `events`; ValueError when it shows nothing."""
        return cls(steps, frames_of(steps, events), note)

    @classmethod
    def read(
        cls, steps: Steps[State, Event], bodies: Iterable[object], note: str | None = None
    ) -> Self:
        """A replay of a log's event bodies as logged; ValueError when this game cannot
        read one or the log shows nothing."""
        events = []
        for number, body in enumerate(bodies, 1):
            try:
                events.append(steps.rules.decode_event(body))
            except ValueError as error:  # the codec's: what the field should have been
                raise ValueError(
                    f"its event {number} cannot be read ({error}): written by a newer "
                    "version, or changed since"
                ) from error
        return cls.of_log(steps, events, note)

    def fresh(self) -> State:
        return self.frames[0].state

    async def start(self) -> None:
        self.step(0)
        if self.note:
            self.seat.publish(Rejected(self.note))  # shown as a warning, like a refusal

    async def stop(self) -> None:
        return None

    async def send(self, command: object) -> str | None:
        return NOTHING_CHANGES

    def step(self, delta: int) -> None:
        """Show the frame `delta` steps on (or back), staying within the game."""
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        frame = self.frames[self.index]
        seat = self.seat
        seat.state = frame.state
        seat.publish(StateChanged(frame.state, frame.events if self.steps.tells else ()))
