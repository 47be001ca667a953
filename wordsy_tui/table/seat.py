"""What the app sees of a game, whatever the game and however the seat reaches it.

`Seat` is a player's seat at one game's table (or a spectator's place beside it, or a
replay's): the latest state (the player's own view), who is connected, the sealed choices
of commit-reveal (`table.sealed`), and a queue of updates for the app, which reads
`updates()` in a worker and acts through the seat's verbs. How the seat reaches its game
is its `Door`, composed in: the whole table in this process (`table.local.Local`), a host
across the LAN (`table.joined.Joined`, and the hosting player's `Hosting`), or a saved
game (`table.replay.Replaying`). Each game supplies one seat class over `Seat`: its verbs,
and its few reactions to what the door tells (the hooks `_moved`, `_welcomed`,
`_began_again`, `_sent`, `_farewell`).
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, TypeVar

from wordsy_tui.table.chat import ChatHeard, ChatRefused
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.sealed import Keeper, Sealed

if TYPE_CHECKING:
    from wordsy_tui.table.ratings import Change
    from wordsy_tui.table.served import ServedTable

NEW: Final = "new"
"""Every game's phase before its seat has been told anything (`table.part.Table`)."""


S = TypeVar("S")
"""A game's state."""
C = TypeVar("C")
"""A game's command."""
E = TypeVar("E")
"""A game's event."""


@dataclass(frozen=True, slots=True)
class StateChanged(Generic[S, E]):
    """The game moved on: the player's view now, and the events (as the player may see
    them) that moved it."""

    state: S
    events: tuple[E, ...]
    deadline: Deadline | None = None
    """When the host's clock ends the wait running now; None: no limit runs."""


@dataclass(frozen=True, slots=True)
class PresenceChanged:
    connected: Mapping[str, bool]


@dataclass(frozen=True, slots=True)
class LinkChanged:
    up: bool
    message: str
    final: bool = False
    """The host ended the game (the message says how it goes on): no reconnecting."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A command of ours the rules refused; the message is for the player."""

    message: str


@dataclass(frozen=True, slots=True)
class NextGame:
    """The host started a rematch and took us along: the state starts again from nothing,
    and the new game's events follow. `message` is the host's sentence (untrusted text)."""

    message: str


def blank(state: object) -> bool:
    """Whether `state` is a game's before anything was told of it (every game's state names
    its phase, "new" then: `table.part.Table`; the seat reads it of any state)."""
    return getattr(state, "phase", None) == NEW


Update = (
    StateChanged[S, E]
    | PresenceChanged
    | LinkChanged
    | Rejected
    | ChatHeard
    | ChatRefused
    | NextGame
)
"""What any game's session tells its app (`StateChanged` carries the game's own)."""


class Door(ABC, Generic[S, C, E]):
    """How a seat reaches its game, composed into its `Seat`: it starts and stops the
    seat's way to the game, sends the seat's commands, and tells the seat what happened
    (`Seat.moved`, `Seat.present`, `Seat.publish`...). What a door does not override it
    refuses: what only a host, or a table with other people at it, can do."""

    server: ServedTable[Any, Any, Any] | None = None
    """The host's table, where this program hosts the game (the hosting player's door)."""

    def __init__(self, me: str | None) -> None:
        self.me = me
        """The seat's name; None for a spectator (or a replay)."""
        self._seat: Seat[S, C, E] | None = None

    @property
    def seat(self) -> Seat[S, C, E]:
        """The seat this door is the way in for."""
        if self._seat is None:
            raise RuntimeError("a door serves a seat: make the seat with it first")
        return self._seat

    def bind(self, seat: Seat[S, C, E]) -> None:
        self._seat = seat

    @abstractmethod
    def fresh(self) -> S:
        """The seat's view before the door has told it anything."""

    @abstractmethod
    async def start(self) -> None: ...

    @abstractmethod
    async def stop(self) -> None: ...

    @abstractmethod
    async def send(self, command: C) -> str | None:
        """Decide or ask for the seat's `command`: the rule's message when it is refused
        (the door tells the app as its way to the game requires), else None."""

    async def settle(self) -> None:
        """A command of the seat's went through: what else lives in this process answers it
        before the seat's verb returns (nothing, but at a solo table)."""

    @property
    def deadline(self) -> Deadline | None:
        """When the host's clock ends the wait running now; None: no limit runs."""
        return None

    @property
    def ratings(self) -> Mapping[str, Change]:
        """The players' ratings at the host's table, as its note last said (`table.ratings`):
        none where no host rates (a solo game, a replay)."""
        return {}

    @property
    def token(self) -> str | None:
        """The seat's token at its host (None: no host, or none given yet)."""
        return None

    @property
    def hosting(self) -> bool:
        """This program is the game's host, which can end a waiting phase now."""
        return False

    async def end_phase(self) -> str | None:
        return "Only the host can end a phase."

    async def rematch(self) -> str | None:
        """Play again with the same table and options; why not, or None when it began."""
        return "Only the host can start a rematch."

    async def leave(self, farewell: Awaitable[object]) -> None:
        """Give the seat up before going (`farewell` sends the game's command for it)."""
        await farewell

    @property
    def can_chat(self) -> bool:
        """Whether anyone else hears our chat (nobody does in a solo game or a replay)."""
        return False

    async def say(self, text: str) -> str | None:
        """Say a line to everyone at the table; why not, or None once it is on its way."""
        return "There is nobody here to chat with."

    def still_here(self) -> None:
        """The player did something: tell the host they are at the table (`table.away`),
        and nothing of what they did. Only a host across the network waits on people."""


class Seat(Generic[S, C, E]):
    """A player's seat at one game's table (or a spectator's place beside it), whatever the
    game and however it is reached (its `door`). A game's seat class adds its verbs, which
    act through `send`, and overrides the hooks for its reactions."""

    def __init__(self, door: Door[S, C, E]) -> None:
        self.door = door
        self.me = door.me
        """Our seat; None for a spectator."""
        self.state = door.fresh()
        """The player's own view: the fold of the events this seat may see."""
        self._last_game: S | None = None
        """The last game's view, from a rematch (`begin_again`) until the new game's first
        state (`shown_state`)."""
        self.presence: dict[str, bool] = {}
        """Who is connected to the host, by seat."""
        self.server = door.server
        """The host's table, where this program hosts the game; None elsewhere."""
        self.sealed = Sealed(self._kept_changed)
        """Our sealed choices of the current period (commit-reveal), whatever the game."""
        self.keeper: Keeper | None = None
        """Where what only this program knows of the game in progress outlives it (given
        by the door the seat sits down through; None: nowhere, e.g. solo, a spectator)."""
        self._updates: asyncio.Queue[Update[S, E]] = asyncio.Queue()
        door.bind(self)

    async def start(self) -> None:
        await self.door.start()

    async def stop(self) -> None:
        await self.door.stop()

    async def send(self, command: C) -> str | None:
        """Send a command; the rule's message when it is refused, else None."""
        before = self.state
        problem = await self.door.send(command)
        if problem is None:
            self._sent(before, command)
            await self.door.settle()
        return problem

    # -- what the app hears -----------------------------------------------------------

    async def updates(self) -> AsyncIterator[Update[S, E]]:
        """Every update, in order. The game's moves that wait together come as one (a solo
        table's opening, the catch-up of a seat that joins or comes back): the app lays its
        screen out once for them, and shows where the game is, not each step on the way
        (a lobby of no one, then one seat at a time). No event is left out of it."""
        held: Update[S, E] | None = None
        while True:
            update = held if held is not None else await self.changed()
            held = None
            while isinstance(update, StateChanged) and not self._updates.empty():
                following = self._updates.get_nowait()
                if not isinstance(following, StateChanged):
                    held = following
                    break
                update = StateChanged(
                    following.state, update.events + following.events, following.deadline
                )
            yield update

    async def changed(self) -> Update[S, E]:
        """The next update (cancelling the wait loses none)."""
        return await self._updates.get()

    @property
    def shown_state(self) -> S:
        """The view a game's screens draw: `state`, but the last game's between a rematch
        and the new game's first state. The seat's own is then a game of nobody's with the
        default rules, which no screen should draw (a Words with Friends host's table read
        "Scrabble · bag 0"): the last game's picture stays, under the rematch's word, until
        the new game's table can be drawn."""
        last = self._last_game
        return last if last is not None and blank(self.state) else self.state

    def publish(self, update: Update[S, E]) -> None:
        self._updates.put_nowait(update)

    def state_changed(self, events: Sequence[E]) -> None:
        """Tell the app the state it holds now, and the events that made it."""
        self.publish(StateChanged(self.state, tuple(events), self.deadline))

    @property
    def deadline(self) -> Deadline | None:
        """When the host's clock ends the wait running now; None: no limit runs."""
        return self.door.deadline

    @property
    def ratings(self) -> Mapping[str, Change]:
        """Each player's rating at this table: now, or before and after the game just
        rated (`table.ratings`); none at a table that rates nothing."""
        return self.door.ratings

    # -- what the door tells the seat -------------------------------------------------

    async def moved(self, state: S, events: Sequence[E]) -> None:
        """The game moved on to `state` (our view) by `events` (as we may see them)."""
        self.state = state
        if not blank(state):
            self._last_game = None
        self.state_changed(events)
        await self._moved(events)

    def present(self, seats: Mapping[str, bool]) -> None:
        """Who is connected to the host now."""
        self.presence = dict(seats)
        self.publish(PresenceChanged(dict(seats)))

    async def welcomed(self, keeper: Keeper | None) -> None:
        """The host has seated us: `keeper` gives back what we kept of the game in progress
        before our program stopped, and keeps it from now on."""
        if keeper is not None:
            self.keep_with(keeper)
        await self._welcomed()

    def keep_with(self, keeper: Keeper) -> None:
        """Keep what only this program knows of the game in progress with `keeper` from now
        on, taking back what it kept."""
        self.keeper = keeper
        kept = keeper.kept()
        if kept is not None:
            self.take_back(kept)

    def begin_again(self, state: S) -> None:
        """A new game follows this one at the same table (a rematch): its view starts again
        from `state`, and nothing of the last game in progress counts. The last game's view
        stays what the screens draw until the new game's first state (`shown_state`)."""
        if not blank(self.state):  # (a second reset before any state keeps the last game)
            self._last_game = self.state
        self.state = state
        self.sealed.forget()
        self._began_again()
        self._kept_changed()  # the new game's own (a keeper per seat token keeps per game)

    # -- what only this program knows of the game in progress --------------------------

    def in_progress(self) -> dict[str, Any] | None:
        """What only this seat's program knows of the game in progress and must get back
        after a restart, as JSON's types; None: nothing. Every game's sealed choices; a
        game with more to keep (a tile game's tiles laid) adds it."""
        return self.sealed.as_kept()

    def take_back(self, kept: Mapping[str, Any]) -> None:
        """Take back what `in_progress` gave before this program stopped. It was read from
        a file: each game checks it, and drops what does not make sense."""
        self.sealed.take_back(kept)

    def _kept_changed(self) -> None:
        """The seat's state of the game in progress changed: keep it now, before anything
        of it leaves."""
        if self.keeper is not None:
            self.keeper.keep(self.in_progress())

    # -- the game's reactions (its seat class overrides what it needs) -------------------

    async def _moved(self, events: Sequence[E]) -> None:
        """After the app was told of `events`: e.g. a new period, or a reveal now due."""

    async def _welcomed(self) -> None:
        """After the host seated us (and the keeper gave back what it kept)."""

    def _began_again(self) -> None:
        """A rematch: forget what the game's seat kept of the last game."""

    def _sent(self, before: S, command: C) -> None:
        """Our `command` went through from the view `before`."""

    def _farewell(self) -> C | None:
        """The command that gives our seat up before we go, where the rules free it now
        (the lobby); None: nothing to give up."""
        return None

    # -- the table's verbs, every game's ----------------------------------------------

    @property
    def hosting(self) -> bool:
        """This program is the game's host, which can end a waiting phase now."""
        return self.door.hosting

    async def end_phase(self) -> str | None:
        return await self.door.end_phase()

    async def rematch(self) -> str | None:
        """Play again with the same table and options; why not, or None when it began."""
        return await self.door.rematch()

    async def leave_table(self) -> None:
        """Give our seat up before going, where the rules free it at once (the lobby)."""
        farewell = self._farewell()
        if farewell is not None:
            await self.door.leave(self.send(farewell))

    @property
    def can_chat(self) -> bool:
        """Whether anyone else hears our chat (nobody does in a solo game or a replay)."""
        return self.door.can_chat

    async def say(self, text: str) -> str | None:
        """Say a line to everyone at the table; why not, or None once it is on its way."""
        return await self.door.say(text)

    def still_here(self) -> None:
        """The player did something (a key, a click): the host knows they are at the table
        (`table.away`), and nothing of what they did. No table waits for anyone offline."""
        self.door.still_here()
