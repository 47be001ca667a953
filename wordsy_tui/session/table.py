"""The table every game shares across the LAN, written against `engine.Rules`.

`ServedTable` is a game's host process (its `net.Host` over the game's `HostedRules`,
the clock over the rules' alarms, the host's own computer players, seating, absence,
chat's mute list, a rematch); `NetTable` is a seat at a host's table (the line to the
host, its stream of events, chat, leaving); `Hosting` is the hosting player's seat, a
`NetTable` whose host runs in the same process. Each game's module keeps only what is
its own: Wordsy's (`session.lan`) commit-reveal and word book, the tile games'
(`session.tilelan`) last turn and judging.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import errno
import functools
import json
import os
from collections.abc import Awaitable, Callable, Collection, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from net import (
    Client,
    Host,
    HostConfig,
    Refused,
    SeatKeys,
    default_keys_path,
    default_log_dir,
    new_game_id,
)
from net import client as net_client
from net.discovery import lan_addresses
from net.host import MAX_NAME
from net.protocol import NAME_TAKEN
from wordsy_tui.bots.runner import ComputerPlayer, SeatSession
from wordsy_tui.engine import Rules
from wordsy_tui.game.config import GAME
from wordsy_tui.game.errors import SeatingError
from wordsy_tui.game.names import name_problem, same_name
from wordsy_tui.session.away import Attendance
from wordsy_tui.session.base import (
    LinkChanged,
    NextGame,
    PresenceChanged,
    Rejected,
    Seat,
)
from wordsy_tui.session.chat import MAX_CHAT_CHARS, ChatHeard, ChatRefused, chat_problem
from wordsy_tui.session.clock import AlarmClock, Deadline
from wordsy_tui.session.discovery import Announcer
from wordsy_tui.session.kept import KEPT_FOLDER, SeatKeep
from wordsy_tui.session.seam import HostedRules, Seating, Stream

APP_NAME: Final = "wordsy-tui"
DEFAULT_PORT: Final = 47474
# How long joining keeps knocking before it tells the player the host is not there
# (once in, a lost link is retried for as long as the player stays).
FIRST_CONTACT_SECONDS: Final = 15.0
# The longest closing sentence from a host that a player's screen shows.
MAX_CLOSING_WORDS: Final = 400
# How long a player who leaves the lobby waits for the host to take the seat back.
LEAVING_SECONDS: Final = 3.0
REQUIREMENT_NAMES: Final = {"game": "game", "dictionary": "word list"}
LOOPBACK: Final = "127.0.0.1"
"""Where the host's own players (its hosting player, its computer players) reach it."""


def requirements(dictionary: str, game: str = GAME) -> dict[str, str]:
    """What host and client must share: the game, and the exact word list."""
    return {"game": game, "dictionary": dictionary}


async def first_contact(client: Client) -> None:
    """Start `client`: raises `net.Refused` with a reason for people when turned away, and
    ConnectionError when the host does not answer in time (the caller stops the client)."""
    try:
        async with asyncio.timeout(FIRST_CONTACT_SECONDS):
            await client.start()
    except TimeoutError:
        problem = client.last_problem or "it did not answer"
        raise ConnectionError(f"No answer from the host: {problem}.") from None
    except Refused as refused:
        if refused.reason != NAME_TAKEN or client.reclaim or client.role != "player":
            raise
        hint = "If that seat is yours from another machine, add --reclaim: the host is asked."
        raise Refused(refused.reason, f"{refused.message} {hint}") from None


class HostLink:
    """A session's line to its host: a client and the task that reads its updates. What
    every game's network session does the same way: connect, hang up, tell the player
    what became of the link, and ask the host."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self._pump: asyncio.Task[None] | None = None

    async def open(self, client: Client, read: Coroutine[Any, Any, None]) -> None:
        """Read `client`'s updates with `read`, then wait for the host's first answer;
        raises as `first_contact` does, the line closed again. (The client is given here:
        a hosting player's is made only once its host has a port.)"""
        self.client = client
        self._pump = asyncio.get_running_loop().create_task(read)
        try:
            await first_contact(self.client)
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pump is not None:
            self._pump.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._pump
        await self.client.close()

    def news(self, link: net_client.Link) -> LinkChanged:
        """What the player is told of a change of the link."""
        if link.final:
            # The host's own sentence: who ended the game and what comes next, or why this
            # seat is over (taken away, handed to its player elsewhere). Final either way:
            # the client has stopped knocking, so the table says so until the player leaves
            # (a passing notice left "Reconnecting by itself…" on screen for good).
            return LinkChanged(False, link.detail[:MAX_CLOSING_WORDS], final=True)
        message = (
            "connected" if link.connected else f"connection lost: {link.detail or 'no answer'}"
        )
        return LinkChanged(link.connected, message[:MAX_CLOSING_WORDS])

    def say(self, text: str) -> str | None:
        """Say a line of chat to everyone at the table; why not, or None once it is sent."""
        problem = chat_problem(text)
        if problem is not None:
            return problem
        if not self.client.say(text.strip()):
            return "Not connected to the host: the line was not sent."
        return None

    @staticmethod
    def heard(update: net_client.Said | net_client.SayRefused) -> ChatHeard | ChatRefused:
        """A chat frame as the player is told of it; a hostile host is still kept to the
        limits (the host checked the line already)."""
        if isinstance(update, net_client.SayRefused):
            return ChatRefused(update.code, update.message[:MAX_CLOSING_WORDS])
        watching = update.role == "spectator"
        return ChatHeard(update.name[:MAX_NAME], update.text[:MAX_CHAT_CHARS], watching)

    async def ask(self, wire: dict[str, Any]) -> tuple[str | None, bool]:
        """Send a command: None when the host applied it, else the reason; and whether
        the player still has to be told (not when the game was ended: the banner said so)."""
        try:
            result = await self.client.command(wire)
        except net_client.Closed as closed:
            return closed.message, False
        return (None, False) if result.accepted else (result.message, True)


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


def player_keys() -> SeatKeys:
    """This user's seat tokens, kept between runs: a restarted `join` takes its seat back."""
    return SeatKeys(default_keys_path(APP_NAME))


class SeatBook:
    """What the players who live in the host's process (its own player, the bots) need to
    get back after a crash or a restart: their seat tokens, which seat is the hosting
    player's own, and what each keeps of the game in progress (`Seat.in_progress`: Wordsy's
    words with the salts behind their commitments).

    It sits beside the log, readable by its owner only, and never goes on the wire: the
    log and every client see only commitments until each player reveals its own word.
    """

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def beside(cls, log_path: Path) -> SeatBook:
        return cls(log_path.with_suffix(".seats.json"))

    def read(self) -> dict[str, dict[str, Any]]:
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict):
            return {}
        return {name: seat for name, seat in data.items() if isinstance(seat, dict)}

    def token(self, name: str) -> str | None:
        token = self.read().get(name, {}).get("token")
        return token if isinstance(token, str) else None

    def host_seat(self) -> str | None:
        """The hosting player's own seat (a book from before it was marked: its one person)."""
        seats = self.read()
        marked = [name for name, seat in seats.items() if seat.get("host") is True]
        people = [name for name, seat in seats.items() if not seat.get("bot")]
        found = marked or (people if len(people) == 1 else [])
        return found[0] if found else None

    def keep(
        self, name: str, token: str | None, bot: str | None = None, host: bool = False
    ) -> None:
        if token is None:
            return
        seats = self.read()
        if host:
            for seat in seats.values():
                seat.pop("host", None)
        seat = seats.get(name, {})
        seat.update(
            token=token, **({"bot": bot} if bot else {}), **({"host": True} if host else {})
        )
        seats[name] = seat
        self._write(seats)

    def forget(self, name: str) -> None:
        seats = self.read()
        if seats.pop(name, None) is not None:
            self._write(seats)

    def in_progress(self, name: str) -> dict[str, Any] | None:
        """What `name`'s seat last kept of the game in progress (`Seat.in_progress`)."""
        seat = self.read().get(name, {})
        kept = seat.get("kept", seat.get("written"))  # (a book from before: Wordsy's words)
        return kept if isinstance(kept, dict) else None

    def keep_in_progress(self, name: str, kept: Mapping[str, Any] | None) -> None:
        """Keep `name`'s state of the game in progress (None: nothing to keep), on disk
        before anything that depends on it is sent."""
        seats = self.read()
        seat = seats.setdefault(name, {})
        seat.pop("written", None)
        if kept is None:
            seat.pop("kept", None)
        else:
            seat["kept"] = dict(kept)
        self._write(seats)

    def _write(self, seats: dict[str, dict[str, Any]]) -> None:
        # Written aside, flushed and renamed, so a crash never leaves half a file; created
        # owner-only from the start, for the tokens are keys to seats and the words secret.
        spare = self.path.with_suffix(".tmp")
        spare.unlink(missing_ok=True)
        fd = os.open(spare, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            json.dump(seats, out)
            out.flush()
            os.fsync(out.fileno())
        spare.replace(self.path)


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


class BotSeat(SeatSession, Protocol):
    """A computer player's seat at the host (each game's network session): the runner's
    `SeatSession`, over a client whose token the seat book keeps."""

    @property
    def client(self) -> Client: ...


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
    ) -> None:
        self.dictionary = dictionary
        self.requirements = requirements(dictionary, kind)
        """What host and client must share: the game (`kind`) and the word list."""
        self.pin = pin
        self.log_path = log_path or default_log_dir(APP_NAME) / f"{new_game_id()}.log"
        self.on_event = on_event
        self.announce = announce
        """Advertises the game over mDNS while it runs; None keeps it unlisted."""
        self.bot_pace = bot_pace
        """Multiplies the computer players' pauses: tests and demos play fast bots."""
        self.attendance = Attendance(absent_grace)
        """Who showed a sign of life when: whom a wait on people moves on without (after
        `absent_grace` seconds once everyone it waits for has gone)."""
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
            on_here=self._seen,
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
        self._look_again: asyncio.TimerHandle | None = None
        """When someone the wait runs on becomes idle, unless they do something first."""
        self._note_due = False
        """The clock's note changed: it goes to everyone once this turn's events have."""

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
        """Replay the log if it exists (a resumed game), then serve.

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
        if self.announce is not None:
            await self.announce.start(self.state, self.port)

    async def stop(self, by: str | None = None) -> None:
        """End the game here; every player is told who ended it (`by`: the hosting
        player; None: the host) and whether it can be resumed."""
        if self.announce is not None:
            await self.announce.stop()
        for bot in list(self.bots.values()):
            await bot.stop()
        if self.clock is not None:
            self.clock.cancel()
        if self._look_again is not None:
            self._look_again.cancel()
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
        """A wait on people moves on without those who have gone or gone idle, while
        someone else is at the table (`session.away`): a missing player never holds the
        table. One back in time (a key pressed, a program restarted) finds the wait's own
        limit running again; everyone's screen shows the countdown and whom it is for."""
        clock, state = self.clock, self.state
        if clock is None:
            return
        loop = asyncio.get_running_loop()
        if self._look_again is not None:
            self._look_again.cancel()
            self._look_again = None
        alarm = self.game.rules.alarm(state)
        waiting = set(self._waited_on(state))
        verdict = self.attendance.judge(
            [p for p in state.players if p in waiting],
            [p for p in state.players if p not in state.bots],
            self.host.presence,
            alarm is not None and alarm.minds_idle,
            loop.time(),
        )
        if verdict.look_again is not None:
            self._look_again = loop.call_at(verdict.look_again, self._mind_the_absent)
        if clock.move_on_without(verdict.away) and not self._note_due:
            # After the fan-out of this turn's events: the note names the alarm they lead to.
            self._note_due = True
            loop.call_soon(self._send_note)

    def _send_note(self) -> None:
        self._note_due = False
        self.host.send_note()

    def _seen(self, seat: str) -> None:
        """`seat`'s person did something: they are not idle (any countdown for them ends)."""
        self.attendance.seen(seat, asyncio.get_running_loop().time())
        deadline = self.clock.deadline if self.clock is not None else None
        if deadline is not None and seat in deadline.away:
            self._mind_the_absent()

    def _on_presence(self, seats: Mapping[str, bool]) -> None:
        now = asyncio.get_running_loop().time()
        for seat in (seat for seat, connected in seats.items() if connected):
            self.attendance.met(seat, now)
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
        self.seat_book.keep(name, bot.session.client.token, bot=str(level))

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
        if captain is not None and same_name(name, captain):
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
        exact = [n for n in names if n == name] or [n for n in names if same_name(n, name)]
        return (exact[0], True) if exact else (name, False)


LinkNews = LinkChanged | Rejected | ChatHeard | ChatRefused | NextGame
"""What a network session tells its app of the line to its host, whatever the game."""


class NetTable(Seat[S, C, E]):
    """A seat (or a spectator's place) at a host's table across the network, whatever the
    game: the line to the host and its stream of events in the game's rules, connecting
    and hanging up, what the player is told of the link, sending commands, chat, and
    leaving. A game's session mixes it in before its own verbs (which are a `Seat` too)
    and takes its game's news in `_game_news`."""

    client: Client
    clock: AlarmClock[S, C]
    """The host's countdown of the wait running now, as this seat shows it."""
    kept_in: Path | None = None
    """The folder where this program keeps its seat's state of the game in progress
    (`session.kept`); None: beside its seat tokens (`client.keys`), when it keeps them."""

    def _link_to(self, client: Client, rules: Rules[S, C, E]) -> None:
        self.client = client
        self._link = HostLink(client)
        self._stream = Stream(rules)

    @staticmethod
    def seat_client(
        address: str,
        port: int,
        name: str,
        requires: dict[str, str],
        *,
        pin: str | None = None,
        spectate: bool = False,
        token: str | None = None,
        keys: SeatKeys | None = None,
        reclaim: bool = False,
    ) -> Client:
        """The client of a seat (or, `spectate`, a place to watch from) at the host at
        `address:port` of the game `requires` names. `keys`: where the seat's token
        outlives this program; `reclaim`: ask the host for the seat of our name when we
        hold no token for it (another machine's, lost)."""
        return Client(
            address,
            port,
            name,
            role="spectator" if spectate else "player",
            pin=pin,
            token=token,
            requirements=requires,
            keys=keys,
            reclaim=reclaim,
        )

    @property
    def seq(self) -> int:
        """The host's sequence number of the last event folded into `state`."""
        return self._stream.seq

    async def start(self) -> None:
        """Connect; raises `net.Refused` with a reason for people when turned away,
        and ConnectionError when the host does not answer in time."""
        try:
            await self._link.open(self.client, self._read())
        except BaseException:
            self.clock.cancel()
            raise
        await self._seated()

    async def _seated(self) -> None:
        """The host has welcomed us: take back what the seat kept of the game in progress."""
        self._keep_in_progress()

    def _keep_in_progress(self) -> None:
        """Take back what this seat kept of its game in progress before its program stopped,
        and keep it from now on in the file of its token (the game's, after a rematch)."""
        keys = self.client.keys
        folder = self.kept_in or (keys.path.parent / KEPT_FOLDER if keys is not None else None)
        token, game = self.client.token, self.client.game
        if folder is None or token is None or game is None or self.me is None:
            return
        keep = SeatKeep(folder)
        keep.tidy()
        kept = keep.read(token, game)
        if kept is not None:
            self.take_back(kept)
        self.keep = functools.partial(keep.write, token, game)

    async def stop(self) -> None:
        self.clock.cancel()
        await self._link.close()

    async def _read(self) -> None:
        """Fold the host's updates into the session until the line closes: who is here,
        chat and the link the same for every game, the game's own news in `_game_news`."""
        async for update in self.client.updates():
            match update:
                case net_client.Presence(seats=seats):
                    self.presence = dict(seats)
                    self.publish(PresenceChanged(dict(seats)))
                case net_client.Said() | net_client.SayRefused():
                    self.publish(self._link.heard(update))
                case net_client.Link() as link:
                    self._link_changed(link)
                case net_client.Note(note=note):
                    self.clock.told(note, live=True)
                    self.state_changed(())  # the countdown on screen changed
                case _:
                    await self._game_news(update)

    async def _game_news(
        self, update: net_client.Event | net_client.Reset | net_client.Next
    ) -> None:
        """An event, a reset (the view again from the host) or the next game (a rematch)."""
        raise NotImplementedError

    def _link_changed(self, link: net_client.Link) -> None:
        if link.final:
            self.clock.stop()  # no clock runs at a table its host has closed
        elif link.connected:
            # The catch-up comes next: its wait counts from the host's time.
            self.clock.told(self.client.note)
        self.publish(self._link.news(link))

    async def send(self, command: C) -> str | None:
        """Ask the host; the rule's message when it is refused, else None."""
        problem, tell = await self._link.ask(self._stream.rules.encode(command))
        if tell and problem is not None:
            self.publish(Rejected(problem[:MAX_CLOSING_WORDS]))
        return problem

    @property
    def can_chat(self) -> bool:
        return True

    async def say(self, text: str) -> str | None:
        return self._link.say(text)

    def still_here(self) -> None:
        self.client.here()

    @property
    def deadline(self) -> Deadline | None:
        return self.clock.deadline

    async def leave_table(self) -> None:
        # The host frees the seat as it leaves, and may hang up before its answer arrives.
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LEAVING_SECONDS):
                await super().leave_table()


class Hosting(NetTable[S, C, E]):
    """The hosting player's seat, whatever the game: a `ServedTable` in this process, and
    a client of it over loopback. Mixed in before the game's network session."""

    server: ServedTable[S, C, E]

    def _hosted_by(self, server: ServedTable[S, C, E], bots: Sequence[str]) -> None:
        """Called by the game's hosting session once its own session is made (over a client
        to port 0: the real one is made once the host has a port, in `start`)."""
        self.server = server
        self.bots_to_seat = tuple(bots)
        """Levels of computer players to seat once we sit (not when resuming)."""
        self.left_running = False
        """The hosting player left and the game goes on: stopping keeps the server."""

    def _own_player(self) -> None:
        """Before we sit: what the game's host keeps of its own player."""

    async def start(self) -> None:
        server = self.server
        await server.start()
        me = self.client.name
        book = server.seat_book
        self.client = Client(
            LOOPBACK,
            server.port,
            me,
            pin=server.pin,
            token=book.token(me),
            requirements=server.requirements,
        )
        resumed = me in server.state.players
        self._own_player()
        await super().start()
        book.keep(me, self.client.token, host=True)
        for level in () if resumed else self.bots_to_seat:
            await server.add_bot(level)

    async def stop(self) -> None:
        await super().stop()
        if not self.left_running:
            await self.server.stop(by=self.me)

    @property
    def hosting(self) -> bool:
        return True

    async def end_phase(self) -> str | None:
        return await self.server.end_phase()

    async def rematch(self) -> str | None:
        return await self.server.rematch(by=self.me)
