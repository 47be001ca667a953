"""What every game's rules share: decisions as events, folded into state as they are made;
the host's alarms; and `Rules`, the one seam between a game and the table that runs it."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

State = TypeVar("State")
Event = TypeVar("Event")
Command = TypeVar("Command")


class Folded(list[Event], Generic[State, Event]):
    """Events as a decision made them, with the state it started from (`start`) and the
    state each event led to (`states`): whoever applies these very events to that very
    state may take the states instead of folding them again (the host, every command)."""

    __slots__ = ("start", "states")

    def __init__(self, start: State) -> None:
        super().__init__()
        self.start = start
        self.states: list[State] = []


class Outcome(Generic[State, Event]):
    """Events decided so far, and the state they lead to: a decision that takes several
    steps sees, at each step, the state the earlier steps made."""

    def __init__(self, state: State, evolve: Callable[[State, Event], State]) -> None:
        self.state = state
        self.events: Folded[State, Event] = Folded(state)
        self._evolve = evolve

    def add(self, *events: Event) -> None:
        for event in events:
            self.state = self._evolve(self.state, event)
            self.events.append(event)
            self.events.states.append(self.state)


@dataclass(frozen=True, slots=True)
class Alarm(Generic[Command]):
    """A deadline the state runs: when it passes, the host's clock sends `command`."""

    key: tuple[object, ...]
    """Identifies one running deadline: a new key starts a new countdown."""
    seconds: float
    command: Command
    label: str
    pauses: bool = False
    """Another alarm (a vote) only pauses this one: when this key comes back, its countdown
    goes on with the time it had left (at least `after_vote`)."""
    after_vote: float = 0.0
    """The least a paused alarm goes on with (read only for one that `pauses`)."""
    minds_idle: bool = False
    """A wait on several people at once (everyone's word, vote or "ready"): once everyone
    else is done, a person who has shown no sign of life for a while does not hold it
    (`session.away`). Not a turn: a player thinks over a rack without touching a key."""


@dataclass(frozen=True, slots=True)
class Longest:
    """The most a field of a command can hold that its game can use, on the field's type:
    `Annotated[str, Longest(45, "a word")]` (characters; bytes for a `bytes` field). The
    wire codec refuses a longer one (`too-long`) before the rules see it or the log keeps it.
    """

    limit: int
    what: str
    """What the field holds, for the refusal ("a word")."""


@dataclass(frozen=True, slots=True)
class Request(Generic[Command]):
    """A command as a peer sent it: what it asks, and the seat it says it acts for."""

    command: Command
    seat: str | None = None
    """None: it names no seat (the sender's own acts)."""


class Rules(Protocol[State, Command, Event]):
    """One game's rules as the table runs them: the host (`session.seam.HostedRules`), the
    client's fold of what a host sends (`session.seam.Stream`) and the clocks ask only this.

    Each game provides one object with this shape: Wordsy's `session.rules.WordsyRules`,
    the tile games' `scrabble.hosted.TileRules`.
    """

    def name(self, state: State) -> str:
        """The game `state` plays, as the host's requirements and the LAN's list name it."""
        ...

    def fresh(self) -> State:
        """A table whose game is not created yet (before the first event)."""
        ...

    def decide(
        self, state: State, actor: str | None, command: Command, rng: random.Random
    ) -> Sequence[Event]:
        """The events `command` causes when `actor` sends it (None: the host itself), drawing
        from the host's secret `rng`; raises the game's `RuleError` for the player."""
        ...

    def evolve(self, state: State, event: Event) -> State:
        """Total and deterministic: the state is the fold of the log. A game may refuse
        (`CodecError`) an event that cannot follow `state`, as a hostile host may send."""
        ...

    def event_for(self, event: Event, seat: str | None) -> Event:
        """`event` as `seat` may receive it (None: a spectator): the very same object when
        the seat may see it whole."""
        ...

    def state_for(self, state: State, seat: str | None) -> State:
        """`state` as `seat` may know it: the fold of `event_for` over the log."""
        ...

    @property
    def snapshots(self) -> bool:
        """Whether the host may catch a recipient up with `state_for` instead of the events."""
        ...

    def legal_commands(self, state: State, seat: str) -> Sequence[Command]:
        """Commands `seat` may send now (a game may leave out what a move generator finds)."""
        ...

    def alarm(self, state: State) -> Alarm[Command] | None:
        """The deadline `state` runs, for the host's clock (and every client's countdown)."""
        ...

    def host_only(self, command: Command) -> bool:
        """The host's own set-up and clock: no seat may send it."""
        ...

    def seats_bot(self, command: Command) -> bool:
        """It seats a computer player (only the host's own join as bots)."""
        ...

    def encode(self, value: Command | Event | State) -> dict[str, Any]:
        """A command, an event or a state (a snapshot) as a msgpack-ready map."""
        ...

    def decode_command(self, wire: object) -> Request[Command]:
        """A peer's command and the seat it claims to act for; raises `CodecError`."""
        ...

    def decode_event(self, wire: object) -> Event:
        """An event from the log or a host; raises `CodecError`."""
        ...

    def decode_snapshot(self, wire: object) -> State:
        """A recipient's state as a host's snapshot sent it; raises `CodecError`."""
        ...
