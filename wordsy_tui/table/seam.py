"""The one seam between a game's `engine.Rules` and the table, on both sides of the wire.

`HostedRules` runs any game's rules as a `net.HostedGame`: wire commands become
typed ones with the game's codec, the checks at the door are the same for every
game (the host's own commands, a seat acting only for itself, text with control
characters, rule errors and names turned into the wire's refusals, the one
admission rule for newcomers), and each recipient receives the rules' view of
each event. `Stream` is the client's side: what a host sends one recipient, as
the game's own events and states.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import Any, Final, Generic, Protocol, TypeVar

from net import CommandRejected, Refusal
from net import client as net_client
from net import protocol as p
from wordsy_tui.engine import Folded, Request, Rules
from wordsy_tui.engine.codec import CodecError, TooLong
from wordsy_tui.engine.errors import ControlCharacters, NameTaken, RuleError
from wordsy_tui.engine.names import name_problem
from wordsy_tui.text import shown, unsafe_characters

NOT_YOUR_SEAT = "not-your-seat"
HOST_ONLY = "host-only"
MALFORMED = "malformed-command"
TOO_LONG = "too-long"


def undecodable(error: CodecError) -> CommandRejected:
    """A command the game's codec refused, as its sender is told: too long, or malformed."""
    if isinstance(error, TooLong):
        return CommandRejected(TOO_LONG, str(error))
    return CommandRejected(MALFORMED, f"That command is malformed: {error}.")


def refused_by_rules(error: RuleError) -> CommandRejected:
    """A rule error as the refusal its player reads (its code and sentence)."""
    return CommandRejected(error.code, str(error))


def refuse_acting_for_others(seat: str | None, actors: Iterable[object]) -> None:
    """A seat may only act for itself: every name a command gives as its actor is the
    sender's seat (the host, seat None, may act for anyone)."""
    if seat is not None and any(actor != seat for actor in actors):
        raise CommandRejected(NOT_YOUR_SEAT, "You can only act for yourself.")


def refuse_unsafe_text(command: object) -> None:
    """Every string a peer sends, however deep in the command (typed, or still a wire map),
    is checked before the rules see it (or the log keeps it)."""
    for value in _strings(command):
        if unsafe := unsafe_characters(value):
            raise CommandRejected(
                ControlCharacters.code,
                f"Text cannot hold control or format characters ({shown(unsafe)}).",
            )


def _strings(value: Any) -> Iterator[str]:
    # Every command passes here: a wire map's kinds of values first, a typed command's last.
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif type(value) in _TEXTLESS:
        return
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from _strings(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))


_TEXTLESS: Final = frozenset({bytes, int, bool, float, type(None)})
"""Values that hold no text (exactly these types)."""


def name_refusal(problem: RuleError) -> Refusal:
    if isinstance(problem, NameTaken):
        return Refusal(p.NAME_TAKEN, str(problem))
    if isinstance(problem, ControlCharacters):
        return Refusal(p.CONTROL_CHARACTERS, str(problem))
    return Refusal(p.BAD_NAME, str(problem))


class _Capped(Protocol):
    @property
    def max_players(self) -> int: ...


class Seating(Protocol):
    """What the door needs of a game's state (Wordsy's and the tile games' alike)."""

    @property
    def phase(self) -> str: ...

    @property
    def players(self) -> Sequence[str]: ...

    @property
    def config(self) -> _Capped: ...


SEATING_PHASES: Final = ("new", "lobby")
"""The phases in which a game still seats players (every game names them so)."""


def admission(
    name: str, role: p.Role, seats: Sequence[str], state: Seating, bots: Collection[str]
) -> Refusal | None:
    """The one rule for a newcomer, before net hands out a seat: a spectator needs only a
    name; a player also a game still seating, a free seat, and a name nobody at the table
    has (`seats` welcomed so far, the state's players seated in the game). `bots`: the
    names the host gave its own computer players."""
    if role == "spectator":
        problem = name_problem(name)  # shown nowhere, but still a name
        return None if problem is None else name_refusal(problem)
    if state.phase not in SEATING_PHASES:
        return Refusal.of(p.GAME_STARTED)
    if len(seats) >= state.config.max_players:
        return Refusal.of(p.GAME_FULL)
    problem = name_problem(name, [*seats, *state.players], bot=name in bots)
    return None if problem is None else name_refusal(problem)


S = TypeVar("S", bound=Seating)
"""A game's state (every game's seats people alike)."""
C = TypeVar("C")
"""A game's command."""
E = TypeVar("E")
"""A game's event."""

_log = logging.getLogger("wordsy_tui.seam")


class HostedRules(Generic[S, C, E]):
    """Any game's `Rules` as a `net.HostedGame`: holds the full state on the host, turns
    wire commands into wire events, and events into each recipient's view of them. A
    game's own check at the door is its `house_rule` (none by default)."""

    def __init__(
        self,
        rules: Rules[S, C, E],
        rng: random.Random | None = None,
        on_event: Callable[[S, E], None] | None = None,
        *,
        captain: str | None = None,
        house_rule: HouseRule[S, C, E] | None = None,
    ) -> None:
        self.rules = rules
        self.rng = rng or random.Random()
        """The host's secret generator: every deal and draw goes through it."""
        self.on_event = on_event
        self.bots: set[str] = set()
        """Seats this host gave its own computer players: only they join as bots."""
        self.captain = captain
        """The hosting player's seat; None for a headless host (a house rule may ask)."""
        self.presence: dict[str, bool] = {}
        """Who is connected now, as the host last said (a house rule may ask)."""
        self.house_rule = house_rule
        self.state = rules.fresh()
        # The host asks for one event's view for every recipient in a row: decode it once.
        self._last: tuple[dict[str, Any], E] | None = None
        # The events of the last command decided, as sent and as made, each with the state
        # before and after it when the rules' decision folded them already: the host folds
        # the very events it decided, so it neither decodes what it has just encoded nor
        # folds again what the decision folded.
        self._decided: list[tuple[dict[str, Any], E, S | None, S | None]] = []

    def decide(self, seat: str | None, command: dict[str, Any]) -> list[dict[str, Any]]:
        # Before decoding: text that must never reach a terminal is refused as such, even
        # where it also breaks the command's shape (a "tile" of ESC [ 2 J).
        refuse_unsafe_text(command)
        try:
            request = self.rules.decode_command(command)
        except CodecError as error:
            raise undecodable(error) from None
        actor = self._authorize(seat, request)
        try:
            events = self.rules.decide(self.state, actor, request.command, self.rng)
        except RuleError as error:
            raise refused_by_rules(error) from None
        states: list[S | None] = [None] * (len(events) + 1)
        if (
            isinstance(events, Folded)
            and events.start is self.state
            and len(events.states) == len(events)
        ):
            states = [events.start, *events.states]
        self._decided = [
            (self.rules.encode(event), event, before, after)
            for event, before, after in zip(events, states, states[1:], strict=False)
        ]
        return [encoded for encoded, _, _, _ in self._decided]

    def _authorize(self, seat: str | None, request: Request[C]) -> str | None:
        """Who acts: the sender's seat; the host (seat None) may act for any seat."""
        if seat is None:
            return request.seat
        command = request.command
        if self.rules.host_only(command):
            raise CommandRejected(HOST_ONLY, "Only the host can do that.")
        if self.rules.seats_bot(command) and seat not in self.bots:
            raise CommandRejected(HOST_ONLY, "Only the host seats computer players.")
        if self.house_rule is not None:
            self.house_rule(self, seat, command)
        refuse_acting_for_others(seat, [] if request.seat is None else [request.seat])
        return seat

    def evolve(self, event: dict[str, Any]) -> None:
        decided = next((d for d in self._decided if d[0] is event), None)
        if decided is None:  # an event of a log being resumed
            decoded = self.rules.decode_event(event)
            self.state = self.rules.evolve(self.state, decoded)
        else:  # one a command decided just now
            _, decoded, before, after = decided
            if after is None or before is not self.state:
                after = self.rules.evolve(self.state, decoded)
            self.state = after
        self._last = (event, decoded)
        if self.on_event is not None:
            self.on_event(self.state, decoded)

    def view(self, event: dict[str, Any], recipient: str | None) -> dict[str, Any] | None:
        if self._last is not None and self._last[0] is event:
            decoded = self._last[1]
        else:
            decoded = self.rules.decode_event(event)
            self._last = (event, decoded)
        seen = self.rules.event_for(decoded, recipient)
        # An event the recipient may see whole is the very same map: the host packs it once.
        return event if seen is decoded else self.rules.encode(seen)

    def snapshot(self, recipient: str | None) -> dict[str, Any] | None:
        if not self.rules.snapshots:
            return None
        return self.rules.encode(self.rules.state_for(self.state, recipient))

    def admit(self, name: str, role: p.Role, seats: Sequence[str]) -> Refusal | None:
        """The one name rule, before net hands out a seat; whoever is welcomed as a player
        then sits down with a JoinGame that the same rule lets through."""
        return admission(name, role, seats, self.state, self.bots)


HouseRule = Callable[[HostedRules[S, C, E], str, C], None]
"""A game's own check of a seat's command at the door (it raises `CommandRejected`), after
the shared ones for the host's commands and bots; it is given the hosted game and the seat."""


class Stream(Generic[S, C, E]):
    """What a host sends one recipient, as the game's own events and states: every client
    reads its host's stream through this (skipping what this version cannot read)."""

    def __init__(self, rules: Rules[S, C, E]) -> None:
        self.rules = rules
        self.seq = 0
        """The host's sequence number of the last event or reset read."""

    def event(self, update: net_client.Event) -> E | None:
        """The event; None when this version cannot read it (it is skipped)."""
        try:
            event = self.rules.decode_event(update.body)
        except CodecError:
            # A host of another build; the view hash check will resync us.
            _log.warning("skipping an event this version cannot read: %r", update.body)
            return None
        self.seq = update.seq
        return event

    def reset(self, update: net_client.Reset) -> S | None:
        """The view to start again from: a table with no game yet, or the host's snapshot;
        None when this version cannot read the snapshot (it is skipped)."""
        try:
            state = (
                self.rules.fresh()
                if update.snapshot is None
                else self.rules.decode_snapshot(update.snapshot)
            )
        except CodecError:
            _log.warning("skipping a snapshot this version cannot read")
            return None
        self.seq = update.seq
        return state

    def fold(
        self, state: S, update: net_client.Event | net_client.Reset
    ) -> tuple[S, tuple[E, ...]] | None:
        """`state` with `update` folded in, and the events it brought (none for a reset);
        None when it is skipped."""
        if isinstance(update, net_client.Reset):
            fresh = self.reset(update)
            return None if fresh is None else (fresh, ())
        seq = self.seq
        event = self.event(update)
        if event is None:
            return None
        try:
            return self.rules.evolve(state, event), (event,)
        except CodecError:
            # It reads, but names what this view has not (a player, a word): a hostile host's.
            self.seq = seq
            _log.warning("skipping an event this view cannot follow: %r", update.body)
            return None
