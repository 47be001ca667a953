"""The table every game shares across the LAN, written against `engine.Rules`.

`ServedTable` is a game's host process (its `net.Host` over the game's `HostedRules`,
the clock over the rules' alarms, the host's own computer players, seating, absence,
chat's mute list, a rematch). A seat at it is `table.joined`'s.
"""

from __future__ import annotations

import asyncio
import dataclasses
import errno
from collections.abc import Awaitable, Callable, Collection, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from net import (
    Host,
    HostConfig,
    default_log_dir,
    new_game_id,
)
from net.discovery import lan_addresses
from wordsy_tui.engine.names import name_key, name_problem
from wordsy_tui.games.wordsy.rules.errors import SeatingError
from wordsy_tui.table.bots import ComputerPlayer, SeatSession
from wordsy_tui.table.clock import AlarmClock
from wordsy_tui.table.discovery import Announcer
from wordsy_tui.table.seam import HostedRules, Seating
from wordsy_tui.table.seatbook import SeatBook

APP_NAME: Final = "wordsy-tui"
DEFAULT_PORT: Final = 47474
REQUIREMENT_NAMES: Final = {"game": "game", "dictionary": "word list"}
LOOPBACK: Final = "127.0.0.1"
"""Where the host's own players (its hosting player, its computer players) reach it."""


def requirements(dictionary: str, game: str) -> dict[str, str]:
    """What host and client must share: the game, and the exact word list."""
    return {"game": game, "dictionary": dictionary}


async def start_serving(host: Host) -> None:
    """Start `host`; on the default port, a port already taken falls back to a free one."""
    try:
        await host.start()
    except OSError as error:
        if host.config.port != DEFAULT_PORT or error.errno != errno.EADDRINUSE:
            raise
        await host.stop()
        host.config = dataclasses.replace(host.config, port=0)
        await host.start()


def reachable_addresses(bind: str) -> list[str]:
    """Where players on the LAN reach a host bound to `bind` (shown for `join --connect`)."""
    everywhere = bind in ("", "0.0.0.0", "::")
    return (lan_addresses() or ["127.0.0.1"]) if everywhere else [bind]


def closing_words(
    state: Seating, by: str | None, resume: str = "wordsy-tui host --resume"
) -> tuple[str, bool]:
    """What the players are told when the host stops the game (`by` its hosting player, or
    None for a headless host), and whether it can be resumed (with the command `resume`)."""
    who = by or "The host"
    if state.phase == "over":  # every game's phases name the end so
        return f"The game is over: {by or 'the host'} has closed it.", False
    return (
        f"{who} ended the game. It is saved: the host can resume it with "
        f"`{resume}`; then run your join command again to take your seat back "
        "(or to watch again).",
        True,
    )


class Table(Seating, Protocol):
    """What the shared table reads of any game's state: its phase (every game names
    "new", "lobby" and "over" so), its seats, and which of them are computer players."""

    @property
    def bots(self) -> Collection[str]: ...


S = TypeVar("S", bound=Table)
"""A game's state."""
C = TypeVar("C")
"""A game's command."""
E = TypeVar("E")
"""A game's event."""


class _Door(Protocol):
    @property
    def token(self) -> str | None: ...


class BotSeat(SeatSession, Protocol):
    """A computer player's seat at the host (each game's seat over a `Joined` door): the
    runner's `SeatSession`, whose token the seat book keeps."""

    @property
    def door(self) -> _Door: ...


class Fronts(Protocol):
    """Other ways in to a table's game beside its port (`front.host.Fronts`: SSH and the
    web), started once the table serves and stopped before it stops."""

    @property
    def ssh_port(self) -> int | None:
        """Where the SSH front listens, once started (the advertisement carries it)."""
        ...

    @property
    def sessions(self) -> int:
        """The people in through the fronts now (SSH sessions, browser tabs)."""
        ...

    async def start(self, table: ServedTable[Any, Any, Any]) -> None: ...

    async def stop(self) -> None: ...

    def lines(self, addresses: Sequence[str]) -> list[str]:
        """How to join through the fronts at `addresses`, a line for each way."""
        ...

    def hint(self, addresses: Sequence[str], port: int) -> str:
        """How to join, in one line: the fronts first, then the game's `port`."""
        ...


def bot_name(number: int, level: str) -> str:
    """The name a host gives its `number`th computer player of `level`."""
    return f"Bot {number} ({level})"


class ServedTable(Generic[S, C, E]):
    """A game's host process, whatever the game: its `net.Host` over the game's
    `HostedRules`, the clock over the rules' alarms, the host's own computer players,
    seating people as they come, hurrying a wait on people who have gone, the host's
    warnings for its screen or log, a player leaving the lobby, the mute list, and a
    rematch. A game's host class says only what is its own (the hooks below)."""

    announced: ClassVar[tuple[type, ...]] = ()
    """Events that change what the LAN's game list shows (players, phase)."""
    not_over: ClassVar[str] = "The game is not over yet: a rematch starts from its end."

    def __init__(
        self,
        game: HostedRules[S, C, E],
        *,
        kind: str,
        dictionary: str,
        bind: str,
        port: int,
        pin: str | None,
        log_path: Path | None,
        on_event: Callable[[S, E], None] | None,
        announce: Announcer | None,
        bot_pace: float,
        max_spectators: int,
        absent_grace: float,
        on_reclaim: Callable[[str], Awaitable[bool]] | None = None,
        fronts: Fronts | None = None,
    ) -> None:
        self.dictionary = dictionary
        self.requirements = requirements(dictionary, kind)
        """What host and client must share: the game (`kind`) and the word list."""
        self.pin = pin
        self.bind = bind
        self.log_path = log_path or default_log_dir(APP_NAME) / f"{new_game_id()}.log"
        self.on_event = on_event
        self.announce = announce
        """Advertises the game over mDNS while it runs; None keeps it unlisted."""
        self.bot_pace = bot_pace
        """Multiplies the computer players' pauses: tests and demos play fast bots."""
        self.absent_grace = absent_grace
        """Seconds a wait still runs once everyone it waits for has gone."""
        self.fronts = fronts
        """The SSH server and web page beside the game's port; None: none."""
        self.game = game
        game.on_event = self._on_event
        self.host = Host(
            game,
            self.log_path,
            HostConfig(
                bind=bind,
                port=port,
                pin=pin,
                requirements=self.requirements,
                requirement_names=REQUIREMENT_NAMES,
                max_spectators=max_spectators,
            ),
            on_presence=self._on_presence,
            on_notice=self._notice,
            on_reclaim=on_reclaim,
            welcome_note=lambda: self.clock.note() if self.clock is not None else None,
        )
        self.on_notice: Callable[[str], None] | None = None
        """Shows the host's warnings (e.g. wrong PINs) on its screen or log."""
        self.clock: AlarmClock[S, C] | None = None
        """Ends each wait when its limit has passed (made once the loop runs: `start`)."""
        self.addresses = reachable_addresses(bind)
        """Where players on the LAN reach this host (shown for `join --connect`)."""
        self.seat_book = SeatBook.beside(self.log_path)
        self.bots: dict[str, ComputerPlayer[BotSeat]] = {}
        """The host's own computer players, by seat."""
        self._tasks: set[asyncio.Task[object]] = set()
        self._leaving: set[str] = set()
        """Seats whose players left the lobby, until net has forgotten them too."""
        self._seating = False
        """A rematch is seating its players in their order: nobody else is seated now."""

    # -- what each game says of its own ---------------------------------------------

    def _create_game(self, like: S | None = None) -> C:
        """The command that creates this table's game (with `like`'s options: a rematch)."""
        raise NotImplementedError

    def _sit(self, seat: str, bot: bool) -> Coroutine[object, object, str | None]:
        """Seat `seat` (a person net admitted, or a computer player) in the game's lobby."""
        raise NotImplementedError

    def _waited_on(self, state: S) -> Collection[str]:
        """The seats whose absence lets the host hurry the wait `state` runs."""
        raise NotImplementedError

    def _noticed(self, state: S, event: E) -> None:
        """What the game's host does on `event` beyond the shared table (a player who left
        the lobby: `_left_lobby`)."""

    def _kept_bot(self, name: str, kept: object) -> str | None:
        """The level of the computer player the seat book `kept` at `name` to seat again on
        resuming; None: none to seat."""
        raise NotImplementedError

    def _computer_player(
        self, name: str, level: str, token: str | None
    ) -> ComputerPlayer[BotSeat]:
        """A computer player of `level` for seat `name`, a client of this host (not started):
        the runner with the game's mind."""
        raise NotImplementedError

    def _bot_refusal(self, name: str) -> str | None:
        """Why a computer player called `name` may not sit down now (None: it may)."""
        return None

    def _rematch_seats(self, old: S) -> list[str]:
        """The players of the finished game `old` who sit at the rematch, in their order."""
        raise NotImplementedError

    def _next_hosted(self, seats: Sequence[str]) -> HostedRules[S, C, E]:
        """The next game of a rematch with `seats`, dealing from its own secret generator."""
        raise NotImplementedError

    def _seating_again(self, seats: Sequence[str]) -> None:
        """Before a rematch seats `seats`: what the game's host carries over to the new game."""

    def _presence_changed(self, seats: Mapping[str, bool]) -> None:
        """Who is connected changed (before the shared table seats and hurries)."""

    def _resumed(self) -> None:
        """The host has started (its game replayed from the log, its bots seated again)."""

    def _stopping(self) -> None:
        """The host stops: cancel what the game's host has running of its own."""

    def _own_people(self) -> tuple[str | None, Collection[str]]:
        """The hosting player (None when headless) and the host's computer players: the
        people of this process, whom the host's list of whom to mute leaves out."""
        raise NotImplementedError

    @property
    def resume_command(self) -> str:
        """What resumes this table's game after its host stops."""
        return "wordsy-tui host --resume"

    # -- the shared table --------------------------------------------------------------

    @property
    def state(self) -> S:
        return self.game.state

    @property
    def port(self) -> int:
        return self.host.address[1]

    async def start(self) -> None:
        """Replay the log if it exists (a resumed game), then serve; then the fronts, and
        the advertisement (which carries the SSH front's port).

        On the default port, a port already taken falls back to a free one.
        """
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        await start_serving(self.host)
        self.clock = AlarmClock(self.game.rules.alarm, submit=self.submit)
        if self.state.phase == "new":
            await self.submit(self._create_game())
        # A resumed game's wait starts again in full: the log records no clock.
        self.clock.observe(self.state)
        for name, seat in self.seat_book.read().items():
            level = self._kept_bot(name, seat.get("bot"))
            if level is not None:
                await self._seat_bot(name, level, self.seat_book.token(name))
        self._resumed()
        try:
            if self.fronts is not None:
                await self.fronts.start(self)
            if self.announce is not None:
                if self.fronts is not None:
                    self.announce.ssh_port = self.fronts.ssh_port
                await self.announce.start(self.state, self.port)
        except BaseException:
            await self.stop()
            raise

    async def stop(self, by: str | None = None) -> None:
        """End the game here; every player is told who ended it (`by`: the hosting
        player; None: the host) and whether it can be resumed."""
        if self.fronts is not None:
            await self.fronts.stop()
        if self.announce is not None:
            await self.announce.stop()
        for bot in list(self.bots.values()):
            await bot.stop()
        if self.clock is not None:
            self.clock.cancel()
        self._stopping()
        for task in list(self._tasks):
            task.cancel()
        await self.host.stop(*closing_words(self.state, by, self.resume_command))

    async def submit(self, command: C) -> str | None:
        """A command from the host itself; the rule's message if refused."""
        return await self._submit_wire(self.game.rules.encode(command))

    async def _submit_wire(self, body: dict[str, Any]) -> str | None:
        result = await self.host.submit(body)
        return None if result.accepted else result.message

    async def end_phase(self) -> str | None:
        """End what the table is waiting for now, as its clock would when time is up."""
        alarm = self.game.rules.alarm(self.state)
        if alarm is None:
            return "Nothing is waiting to be ended."
        return await self.submit(alarm.command)

    def _on_event(self, state: S, event: E) -> None:
        if self.clock is not None:
            self.clock.observe(state)
            self._mind_the_absent()
        self._noticed(state, event)
        if self.announce is not None and isinstance(event, self.announced):
            self._spawn(self.announce.update(state))
        if self.on_event is not None:
            self.on_event(state, event)

    def _mind_the_absent(self) -> None:
        """A wait whose people have all gone ends after a short grace, while someone else
        is at the table: a missing player never holds the table (one back in time finds
        the wait's own limit running again)."""
        clock, state = self.clock, self.state
        if clock is None:
            return
        presence = self.host.presence
        waited = self._waited_on(state)
        someone_here = any(presence.get(p) for p in state.players if p not in state.bots)
        if waited and someone_here and not any(presence.get(p) for p in waited):
            clock.hurry(self.absent_grace)
        elif clock.hurried:
            clock.relax()

    def _on_presence(self, seats: Mapping[str, bool]) -> None:
        self._presence_changed(seats)
        self._mind_the_absent()
        # A newly seated player sits down in the game's lobby; net has admitted them.
        if self.state.phase != "lobby" or self._seating:
            return
        for seat in seats:
            bot = seat in self.game.bots
            if (
                seat not in self.state.players
                and seat not in self._leaving
                and name_problem(seat, self.state.players, bot=bot) is None
            ):
                self._spawn(self._sit(seat, bot))

    async def add_bot(self, level: str) -> str:
        """Seat one of the host's computer players, a client of its own like anyone's."""
        number = len(self.bots) + 1
        while (name := bot_name(number, level)) in self.state.players:
            number += 1
        problem = self._bot_refusal(name)
        if problem is not None:
            raise SeatingError(problem)
        await self._seat_bot(name, level)
        return name

    async def _seat_bot(self, name: str, level: str, token: str | None = None) -> None:
        """Sit a computer player down (`token`: its seat's, to take it back on resuming)."""
        self.game.bots.add(name)
        bot = self._computer_player(name, level, token)
        try:
            await bot.start()
        except BaseException:
            self.game.bots.discard(name)
            raise
        self.bots[name] = bot
        self.seat_book.keep(name, bot.session.door.token, bot=str(level))

    def _left_lobby(self, player: str) -> None:
        """Leaving the lobby frees the seat: the name too, and nobody re-seats it."""
        self._leaving.add(player)
        self._spawn(self._free_seat(player))

    async def _free_seat(self, name: str) -> None:
        try:
            await self.host.remove_seat(name)
        finally:
            self._leaving.discard(name)

    async def rematch(self, by: str | None = None) -> str | None:
        """Play again, from the end of the game, with the same table: a new game (a new id
        and log; the last one stays saved and replayable) with the same options, its
        players seated again in their order, its computer players too. The guests'
        connections stay open; their programs ask them whether they stay. Why not, or
        None when it began."""
        old = self.state
        if old.phase != "over":
            return self.not_over
        seats = self._rematch_seats(old)
        game = self._next_hosted(seats)
        game.bots = {b for b in self.game.bots if b in seats}
        game.on_event = self._on_event
        self.game = game

        async def seat() -> None:
            self._seating_again(seats)
            await self.submit(self._create_game(old))
            for name in seats:
                await self._sit(name, name in game.bots)

        await self._next_game(game, seats, by, seat)
        return None

    async def _next_game(
        self,
        game: HostedRules[S, C, E],
        seats: list[str],
        by: str | None,
        seat: Callable[[], Awaitable[object]],
    ) -> None:
        """Start `game` (the host's game from now on) as a rematch: a new log beside the
        last (which stays as it was), the `seats` carried over in their order with their
        keys, the computer players who are not among them stopped; `seat` then seats them
        in the new game, before anyone else may sit down."""
        log_path = self.log_path.parent / f"{new_game_id()}.log"
        book = SeatBook.beside(log_path)
        for name, kept in self.seat_book.read().items():
            if name in seats:
                book.keep(name, kept.get("token"), kept.get("bot"), kept.get("host") is True)
        for name in [b for b in self.bots if b not in seats]:
            await self.bots.pop(name).stop()
        self.log_path, self.seat_book = log_path, book
        self._seating = True
        try:
            await self.host.next_game(game, log_path, seats, f"{by or 'The host'} wants a rematch")
            await seat()
        finally:
            self._seating = False
        self._on_presence(self.host.presence)  # whoever came meanwhile, and the absent

    def _spawn(self, coro: Coroutine[object, object, object]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _notice(self, line: str) -> None:
        if self.on_notice is not None:
            self.on_notice(line)

    # -- chat: the host mutes someone's lines, a player's or a spectator's -----------------

    def mute(self, name: str) -> str:
        """Drop `name`'s chat lines at the host from now on (a player's or a spectator's,
        matched as the table matches names); what to tell the host."""
        captain, _bots = self._own_people()
        if captain is not None and name_key(name) == name_key(captain):
            return "You cannot mute yourself."
        name, here = self._talker(name)
        if not self.host.mute(name):
            return f"{name} is muted already."
        told = "their chat lines reach nobody now" if here else "nobody of that name is here now"
        return f"{name} is muted: {told}."

    def unmute(self, name: str) -> str:
        name, _ = self._talker(name, [*self.host.muted])
        return f"{name} may chat again." if self.host.unmute(name) else f"{name} is not muted."

    @property
    def muted(self) -> frozenset[str]:
        return self.host.muted

    @property
    def talkers(self) -> list[tuple[str, bool]]:
        """The people connected, who may chat: (name, watching), without the host's own
        player and computer players, each name once."""
        captain, bots = self._own_people()
        mine = {captain, *bots}
        found = {(n, role == "spectator") for n, role in self.host.talkers if n not in mine}
        return sorted(found, key=lambda talker: (talker[1], talker[0]))

    def _talker(self, name: str, among: list[str] | None = None) -> tuple[str, bool]:
        """The name of who is meant by `name` as typed (its lookalikes too), and whether
        someone of that name is connected."""
        names = among if among is not None else [n for n, _ in self.talkers]
        key = name_key(name)
        exact = [n for n in names if n == name] or [n for n in names if name_key(n) == key]
        return (exact[0], True) if exact else (name, False)

    # -- the fronts: other ways in, beside the game's port ---------------------------------

    @property
    def front_lines(self) -> list[str]:
        """How to join through the fronts, for the lobby and the headless log (none
        without fronts)."""
        return [] if self.fronts is None else self.fronts.lines(self.addresses)

    @property
    def front_sessions(self) -> int:
        """SSH sessions and browser tabs open now."""
        return 0 if self.fronts is None else self.fronts.sessions

    @property
    def front_hint(self) -> str | None:
        """How to join, in the one line a board screen has for it, the fronts first (None
        without fronts)."""
        return None if self.fronts is None else self.fronts.hint(self.addresses, self.port)
