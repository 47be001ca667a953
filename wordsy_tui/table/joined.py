"""A seat at a host's table across the LAN, whatever the game, and the hosting player's own.

`NetTable` is a seat at a host's table (the line to the host, its stream of events, chat,
leaving); `Hosting` is the hosting player's seat, a `NetTable` whose host (a
`table.served.ServedTable`) runs in the same process.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Coroutine, Sequence
from typing import Any, Final, TypeVar

from net import (
    Client,
    ClientConfig,
    Refused,
    SeatKeys,
    default_keys_path,
)
from net import client as net_client
from net.host import MAX_NAME
from net.protocol import NAME_TAKEN
from wordsy_tui.engine import Rules
from wordsy_tui.table.chat import MAX_CHAT_CHARS, ChatHeard, ChatRefused, chat_problem
from wordsy_tui.table.clock import AlarmClock, Deadline
from wordsy_tui.table.seam import Stream
from wordsy_tui.table.seat import (
    LinkChanged,
    NextGame,
    PresenceChanged,
    Rejected,
    Seat,
)
from wordsy_tui.table.served import APP_NAME, LOOPBACK, ServedTable, Table, requirements

# How long joining keeps knocking before it tells the player the host is not there
# (once in, a lost link is retried for as long as the player stays).
FIRST_CONTACT_SECONDS: Final = 15.0
# The longest closing sentence from a host that a player's screen shows.
MAX_CLOSING_WORDS: Final = 400
# How long a player who leaves the lobby waits for the host to take the seat back.
LEAVING_SECONDS: Final = 3.0
PROBE_SECONDS: Final = 5.0
"""How long `game_at` waits for the host's answer at its door."""


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

    def news(self, link: net_client.Link) -> LinkChanged | Rejected:
        """What the player is told of a change of the link."""
        if link.final and self.client.closed:
            # The host's own sentence: it says who ended the game and what comes next.
            return LinkChanged(False, link.detail[:MAX_CLOSING_WORDS], final=True)
        if link.final:
            return Rejected(link.detail[:MAX_CLOSING_WORDS])  # e.g. the host removed our seat
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
        """The host has welcomed us (the game's session may take up what it kept)."""

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


async def game_at(address: str, port: int, dictionary: str) -> str:
    """Which game the host at `address:port` plays (its `--game` name), asked at its door
    without sitting down: a hello that names no game, which the host refuses with the
    requirements it has, its game among them. Raises ConnectionError when the host does
    not answer (or names no game: a host of another program)."""
    probe = Client(
        address,
        port,
        "probe",
        token=secrets.token_hex(16),
        requirements=requirements(dictionary, ""),
        config=ClientConfig(connect_timeout=PROBE_SECONDS),
    )
    try:
        async with asyncio.timeout(PROBE_SECONDS):
            await probe.start()
    except Refused as refused:
        game = (refused.requirements or {}).get("game")
        if game:
            return game
        raise ConnectionError(f"The host at {address}:{port} refused: {refused.message}") from None
    except (TimeoutError, OSError):
        problem = probe.last_problem or "it did not answer"
        raise ConnectionError(f"No answer from the host: {problem}.") from None
    finally:
        await probe.close()
    raise ConnectionError(f"The host at {address}:{port} plays no game this program knows.")
