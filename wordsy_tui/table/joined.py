"""A seat's door to a host's table across the LAN, whatever the game, and the hosting
player's own.

`Joined` is the way to a host (the line to it, its stream of events in the game's rules,
chat, leaving), and the keeper that lets the seat's token and sealed choices outlive the
program; `Hosting` is the hosting player's, a `Joined` whose host (a
`table.served.ServedTable`) runs in the same process.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, TypedDict, TypeVar, Unpack

from net import (
    Client,
    ClientConfig,
    Refused,
    SeatKeys,
    Unreachable,
    default_keys_path,
)
from net import client as net_client
from net.protocol import MAX_NAME, NAME_TAKEN
from wordsy_tui.engine import Rules
from wordsy_tui.table.basics import APP_NAME, LOOPBACK, requirements
from wordsy_tui.table.chat import MAX_CHAT_CHARS, ChatHeard, ChatRefused, chat_problem
from wordsy_tui.table.clock import AlarmClock, Deadline
from wordsy_tui.table.kept import KEPT_FOLDER, SeatKeep, TokenKept
from wordsy_tui.table.part import Table
from wordsy_tui.table.ratings import Change, read_shown
from wordsy_tui.table.sealed import Keeper
from wordsy_tui.table.seam import Stream
from wordsy_tui.table.seat import Door, LinkChanged, NextGame, Rejected
from wordsy_tui.text import shown

if TYPE_CHECKING:
    # The host's own modules (net's host, mDNS): a player who joins has no host to run.
    from wordsy_tui.table.served import ServedTable

# How long joining keeps knocking before it tells the player the host is not there
# (once in, a lost link is retried for as long as the player stays).
FIRST_CONTACT_SECONDS: Final = 15.0
# The longest closing sentence from a host that a player's screen shows.
MAX_CLOSING_WORDS: Final = 400
# How long a player who leaves the lobby waits for the host to take the seat back.
LEAVING_SECONDS: Final = 3.0
PROBE_SECONDS: Final = 5.0
"""How long `game_at` waits for the host's answer at its door."""
# How long a hosting player's table waits before the LAN hears of it: starting the
# advertisement (mDNS's import, its sockets and records) took 50-80 ms of the loop, in which
# the player's lobby waited for its first frame. Its probing takes seconds anyway.
ANNOUNCED_AFTER_SECONDS: Final = 0.5


async def first_contact(client: Client) -> None:
    """Start `client`: raises `net.Refused` with a reason for people when turned away, and
    ConnectionError when the host does not answer in time (the caller stops the client)."""
    try:
        async with asyncio.timeout(FIRST_CONTACT_SECONDS):
            await client.start()
    except TimeoutError:
        problem = client.last_problem or "it did not answer"
        raise ConnectionError(f"No answer from the host: {shown(problem)}.") from None
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


def player_keys() -> SeatKeys:
    """This user's seat tokens, kept between runs: a restarted `join` takes its seat back."""
    return SeatKeys(default_keys_path(APP_NAME))


S = TypeVar("S", bound=Table)
"""A game's state."""
C = TypeVar("C")
"""A game's command."""
E = TypeVar("E")
"""A game's event."""


class SeatKeeper(Keeper, Protocol):
    """A joined seat's keeper: its state of the game in progress (a `Keeper`), and how the
    seat sits down with the token it keeps."""

    async def sit(self, client: Client, start: Callable[[], Awaitable[None]]) -> None:
        """Start the seat's line to its host (`start`) on `client`, with the token kept
        here, and keep the token the host gives."""
        ...


class KeptBeside(TokenKept):
    """A terminal join's keeper: the user's `SeatKeys` keep the seat's token (the client
    does), and what the seat keeps of the game in progress lies beside them, a file per seat
    token, so a closed terminal or a crash mid-round costs neither seat nor word."""

    def __init__(self, client: Client, keys: SeatKeys) -> None:
        super().__init__(SeatKeep(keys.path.parent / KEPT_FOLDER), client)

    async def sit(self, client: Client, start: Callable[[], Awaitable[None]]) -> None:
        await start()


class Knock(TypedDict, total=False):
    """How a seat (or a spectator's place) asks its host in: `Joined.at`'s options, which
    each game's `join` passes on."""

    pin: str | None
    spectate: bool
    """A place to watch from: no seat."""
    token: str | None
    """A seat's token known already."""
    keys: SeatKeys | None
    """Where the seat's token outlives this program: a restart takes the seat back."""
    reclaim: bool
    """Ask the host for the seat of our name when we hold no token for it (another
    machine's, lost)."""
    keeper: SeatKeeper | None
    """Another keeper of the token and the game in progress than the user's keys (a
    front's seat file)."""


class Joined(Door[S, C, E]):
    """A seat's (or a spectator's place's) door to a host's table across the network,
    whatever the game: the line to the host and its stream of events in the game's rules,
    connecting and hanging up, what the player is told of the link, sending commands,
    chat, leaving, and the countdown of the host's clock as the seat shows it.

    `keeper`: where the seat's token and its state of the game in progress outlive the
    program (a client whose token the user's `SeatKeys` keep gets `KeptBeside` when none is
    given)."""

    def __init__(
        self, client: Client, rules: Rules[S, C, E], keeper: SeatKeeper | None = None
    ) -> None:
        super().__init__(None if client.role == "spectator" else client.name)
        self.client = client
        self.link = HostLink(client)
        self.stream = Stream(rules)
        self.clock = AlarmClock(rules.alarm)
        """The host's countdown of the wait running now, as this seat shows it."""
        self._ratings: dict[str, Change] = {}
        if keeper is None and client.keys is not None:
            keeper = KeptBeside(client, client.keys)
        self.keeper = keeper

    @classmethod
    def at(
        cls,
        address: str,
        port: int,
        name: str,
        requires: dict[str, str],
        rules: Rules[S, C, E],
        **knock: Unpack[Knock],
    ) -> Joined[S, C, E]:
        """A seat (or a place to watch from) at the host at `address:port` of the game
        `requires` names, whose rules are `rules`."""
        client = Client(
            address,
            port,
            name,
            role="spectator" if knock.get("spectate") else "player",
            pin=knock.get("pin"),
            token=knock.get("token"),
            requirements=requires,
            keys=knock.get("keys"),
            reclaim=knock.get("reclaim", False),
        )
        return cls(client, rules, knock.get("keeper"))

    def fresh(self) -> S:
        return self.stream.rules.fresh()

    @property
    def seq(self) -> int:
        """The host's sequence number of the last event folded into the seat's state."""
        return self.stream.seq

    @property
    def token(self) -> str | None:
        return self.client.token

    async def start(self) -> None:
        """Connect; raises `net.Refused` with a reason for people when turned away,
        and ConnectionError when the host does not answer in time."""
        try:
            if self.keeper is None:
                await self._open()
            else:
                await self.keeper.sit(self.client, self._open)
        except BaseException:
            self.clock.cancel()
            raise
        await self.seat.welcomed(self.keeper)

    async def _open(self) -> None:
        await self.link.open(self.client, self._read())

    async def stop(self) -> None:
        self.clock.cancel()
        await self.link.close()

    async def _read(self) -> None:
        """Fold the host's updates into the seat until the line closes."""
        async for update in self.client.updates():
            match update:
                case net_client.Presence(seats=seats):
                    self.seat.present(seats)
                case net_client.Said() | net_client.SayRefused():
                    self.seat.publish(self.link.heard(update))
                case net_client.Link() as link:
                    self._link_changed(link)
                case net_client.Note(note=note):
                    self.clock.told(note, live=True)
                    self._ratings = read_shown(note)
                    self.seat.state_changed(())  # the countdown on screen changed
                case net_client.Next(message=message):
                    # A rematch: the new game's view follows (a reset, then its events).
                    fresh = self.fresh()
                    self.stream.seq = 0
                    self.seat.begin_again(fresh)
                    self.clock.observe(fresh)
                    self.seat.publish(NextGame(message[:MAX_CLOSING_WORDS]))
                case net_client.Event() | net_client.Reset():
                    await self._fold(update)

    async def _fold(self, update: net_client.Event | net_client.Reset) -> None:
        """An event, or a reset (the view again from the host: told to the app only where
        the rules send snapshots; else the catch-up's events tell it)."""
        folded = self.stream.fold(self.seat.state, update)
        if folded is None:
            return
        state, events = folded
        if isinstance(update, net_client.Reset) and not self.stream.rules.snapshots:
            self.seat.state = state
            return
        self.clock.observe(state)
        await self.seat.moved(state, events)

    def _link_changed(self, link: net_client.Link) -> None:
        if link.final:
            self.clock.stop()  # no clock runs at a table its host has closed
        elif link.connected:
            # The catch-up comes next: its wait counts from the host's time.
            self.clock.told(self.client.note)
            self._ratings = read_shown(self.client.note)
        self.seat.publish(self.link.news(link))

    async def send(self, command: C) -> str | None:
        """Ask the host; the rule's message when it is refused, else None."""
        problem, tell = await self.link.ask(self.stream.rules.encode(command))
        if tell and problem is not None:
            self.seat.publish(Rejected(problem[:MAX_CLOSING_WORDS]))
        return problem

    @property
    def can_chat(self) -> bool:
        return True

    async def say(self, text: str) -> str | None:
        return self.link.say(text)

    def still_here(self) -> None:
        self.client.here()

    @property
    def deadline(self) -> Deadline | None:
        return self.clock.deadline

    @property
    def ratings(self) -> Mapping[str, Change]:
        return self._ratings

    async def leave(self, farewell: Awaitable[object]) -> None:
        # The host frees the seat as it leaves, and may hang up before its answer arrives.
        with contextlib.suppress(Exception):
            async with asyncio.timeout(LEAVING_SECONDS):
                await farewell


class Hosting(Joined[S, C, E]):
    """The hosting player's door, whatever the game: a `ServedTable` in this process, and
    a client of it over loopback (made once the host has a port, in `start`). `bots`:
    levels of computer players to seat once we sit (not when resuming)."""

    server: ServedTable[S, C, E]

    def __init__(self, me: str, server: ServedTable[S, C, E], bots: Sequence[str] = ()) -> None:
        super().__init__(Client(LOOPBACK, 0, me), server.game.rules)
        self.server = server
        self.bots_to_seat = tuple(bots)
        self.left_running = False
        """The hosting player left and the game goes on: stopping keeps the server."""

    async def start(self) -> None:
        server = self.server
        me = self.client.name
        await server.serve(first=me)
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
        await super().start()
        book.keep(me, self.client.token, host=True)
        await server.open_doors(announced_after=ANNOUNCED_AFTER_SECONDS)
        for level in () if resumed else self.bots_to_seat:
            await server.add_bot(level)

    async def stop(self) -> None:
        await super().stop()
        if not self.left_running:
            await self.server.stop(by=self.me)

    async def leave_running(self, goodbye: C | None) -> ServedTable[S, C, E]:
        """The hosting player leaves the table (sending `goodbye` where the rules let the
        seat go now), and the game goes on without them: the server keeps running (the
        caller serves it on, headless) and stops only later."""
        self.left_running = True
        if goodbye is not None:
            await self.seat.send(goodbye)  # else the seat stays, absent: none waits for it
        await self.stop()
        return self.server

    @property
    def hosting(self) -> bool:
        return True

    async def end_phase(self) -> str | None:
        return await self.server.end_phase()

    async def rematch(self) -> str | None:
        return await self.server.rematch(by=self.me)


async def game_at(address: str, port: int, dictionary: str) -> str:
    """Which game the host at `address:port` plays (its `--game` name, one of this
    program's games), asked at its door without sitting down: a hello that names no game,
    which the host refuses with the requirements it has, its game among them. Raises
    ConnectionError, its message safe to print, when the host does not answer, names no
    game (a host of another program) or one this program does not play (a newer one's)."""
    from wordsy_tui.kit import game_names

    probe = Client(
        address,
        port,
        "probe",
        token=secrets.token_hex(16),
        requirements=requirements(dictionary, ""),
        config=ClientConfig(connect_timeout=PROBE_SECONDS),
    )
    where = f"The host at {address}:{port}"
    try:
        async with asyncio.timeout(PROBE_SECONDS):
            await probe.start()
    except Refused as refused:
        game = (refused.requirements or {}).get("game")
        if game and game in game_names():
            return game
        if game:  # a game a newer version plays, or a host's hostile text
            raise ConnectionError(
                f"{where} plays {shown(game)}, a game this version of {APP_NAME} does not "
                "know: update it to join."
            ) from None
        raise ConnectionError(f"{where} refused: {shown(refused.message)}") from None
    except Unreachable:
        raise  # nothing there at all: its own words say so
    except (TimeoutError, OSError):
        problem = probe.last_problem or "it did not answer"
        raise ConnectionError(f"No answer from the host: {shown(problem)}.") from None
    finally:
        await probe.close()
    raise ConnectionError(f"{where} plays no game this program knows.")
