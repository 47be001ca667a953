"""Running a hosted game: headless with log lines, or behind the app's lobby."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import sys
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TextIO, TypeVar

from wordsy_tui.game import events as ev
from wordsy_tui.game.config import GameConfig
from wordsy_tui.game.state import GameState, Phase
from wordsy_tui.session.base import Session
from wordsy_tui.session.discovery import (
    Announcer,
    Describe,
    FoundGame,
    browse,
    properties,
)
from wordsy_tui.session.lan import (
    DEFAULT_PORT,
    LOBBY_GRACE_SECONDS,
    HostSession,
    LanHost,
    NetSession,
    ServedTable,
    player_keys,
)
from wordsy_tui.session.narrate import narrate
from wordsy_tui.text import shown

if TYPE_CHECKING:
    # Its shape only: a headless host never loads the app.
    from wordsy_tui.app.lan import HostSetup, TileHostSetup
    from wordsy_tui.front.host import FrontedHost

EventHook = Callable[[GameState, ev.Event], None]

# Clients already hold the final state; the host lingers only so they see it arrive.
LINGER_AFTER_GAME_SECONDS = 5.0
# After a game, how long a host whose keyboard is open waits for 'rematch' before it stops.
REMATCH_WINDOW_SECONDS = 60.0


@dataclass(frozen=True)
class HostOptions:
    config: GameConfig
    name: str | None
    """The host's own player; None for a headless host."""
    game_name: str | None = None
    bots: int = 0
    bot_level: str = "medium"
    pin: str | None = None
    port: int | None = None
    bind: str = "0.0.0.0"
    interfaces: list[str] | None = None
    advertise: bool = True
    log_path: Path | None = None
    max_spectators: int = 1000
    lobby_grace: float = LOBBY_GRACE_SECONDS
    """Seconds before an abandoned lobby seat is freed."""
    ssh_port: int | None = None
    """`--ssh`: serve the game over SSH on this port too (None: not)."""
    web_port: int | None = None
    """`--web`: serve the game as a web page on this port too (None: not)."""

    def announcer(self) -> Announcer | None:
        return announcer_for(self, "game", "Wordsy")


class Announced(Protocol):
    """What a host's options say about its advertisement on the LAN."""

    @property
    def name(self) -> str | None: ...
    @property
    def game_name(self) -> str | None: ...
    @property
    def pin(self) -> str | None: ...
    @property
    def interfaces(self) -> list[str] | None: ...
    @property
    def advertise(self) -> bool: ...


def announcer_for(
    options: Announced, what: str, headless_title: str, describe: Describe = properties
) -> Announcer | None:
    """The advertisement of a host: "Ann's game" (`what`), or `headless_title` for a
    headless host, unless the host named its game; None when it does not advertise."""
    if not options.advertise:
        return None
    host = options.name or "a headless host"
    title = options.name and f"{options.name}'s {what}"
    game_name = options.game_name or title or headless_title
    return Announcer(game_name, host, options.pin is not None, options.interfaces, describe)


def make_server(options: HostOptions, on_event: EventHook | None = None) -> LanHost:
    from wordsy_tui.referee import WordReferee, dictionary_hash

    host_class: type[LanHost] | partial[FrontedHost] = LanHost
    if options.ssh_port is not None or options.web_port is not None:
        from wordsy_tui.front.host import FrontedHost, FrontOptions

        fronts = FrontOptions(options.ssh_port, options.web_port)
        host_class = partial(FrontedHost, fronts=fronts)
    return host_class(
        options.config,
        dictionary=dictionary_hash(),
        captain=options.name,
        bind=options.bind,
        port=DEFAULT_PORT if options.port is None else options.port,
        pin=options.pin,
        log_path=options.log_path,
        referee=WordReferee(),
        on_event=on_event,
        announce=options.announcer(),
        bot_level=options.bot_level,
        max_spectators=options.max_spectators,
        lobby_grace=options.lobby_grace,
    )


async def start_server(options: HostOptions, on_event: EventHook | None = None) -> LanHost:
    server = make_server(options, on_event)
    await server.start()
    return server


def say(line: str) -> None:
    # Every line may carry a peer's name or word: never a raw control character on stdout.
    print(f"[{time.strftime('%H:%M:%S')}] {shown(line)}", flush=True)


DESK_HELP: Final = (
    "Commands: 'remove NAME' takes a seat away (a squatter in the lobby, an absent player "
    "mid-game: they score nothing from then on); 'allow NAME' / 'deny NAME' answers a request "
    "for NAME's seat from another machine; 'end' ends what the table is waiting for now (the "
    "writing, a vote, the challenges); 'mute NAME' / 'unmute NAME' drops (or no longer drops) "
    "a player's or spectator's chat lines; 'rematch' plays again after the game, with the same "
    "seats, options and spectators; 'players' lists the seats; 'help' shows this."
)


async def obey_lines(stream: TextIO, obey: Callable[[str], Awaitable[str]]) -> None:
    """A headless host's keyboard: `obey` each line of `stream` until it ends, saying its
    answer (a command that fails is said so, and the game goes on)."""
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    loop = asyncio.get_running_loop()

    def read() -> None:  # a thread: reading a terminal or a pipe never blocks the game
        # The host may stop first, closing the loop while this thread still reads.
        with contextlib.suppress(RuntimeError, ValueError, OSError):
            for line in stream:
                loop.call_soon_threadsafe(lines.put_nowait, line)
            loop.call_soon_threadsafe(lines.put_nowait, None)

    threading.Thread(target=read, name="host-desk", daemon=True).start()
    while (line := await lines.get()) is not None:
        if not line.strip():
            continue
        try:
            say(await obey(line))
        except Exception as error:  # a command that fails must not stop the game
            say(f"That did not work: {error}")


class Rematching(Protocol):
    """A host that can play again with the same table (Wordsy's and the tile games')."""

    @property
    def log_path(self) -> Path: ...

    async def rematch(self, by: str | None = None) -> str | None: ...


ServerT = TypeVar("ServerT", bound=Rematching)


class Desk(Generic[ServerT]):
    """A headless host's keyboard, one command a line on standard input; what every
    game's does the same way: read the lines, and after a game, 'rematch'."""

    def __init__(self, server: ServerT) -> None:
        self.server = server
        self.reading = False
        """Whether someone can still type here (standard input has not ended)."""
        self.rematched = asyncio.Event()

    async def obey(self, line: str) -> str:
        raise NotImplementedError

    async def run(self, stream: TextIO) -> None:
        """Obey each line of `stream` until it ends."""
        self.reading = True
        await obey_lines(stream, self.obey)
        self.reading = False

    async def rematch_wanted(self) -> bool:
        """After a game: whether the host types 'rematch' in time (no wait beyond the
        usual linger when nobody can type here)."""
        window = REMATCH_WINDOW_SECONDS if self.reading else LINGER_AFTER_GAME_SECONDS
        if self.reading:
            say(
                f"The game is over. Type 'rematch' within {window:.0f} s to play again with "
                "the same seats, options and spectators; otherwise the host stops."
            )
        try:
            async with asyncio.timeout(window):
                await self.rematched.wait()
        except TimeoutError:
            return False
        self.rematched.clear()
        return True

    async def rematch(self) -> str:
        problem = await self.server.rematch()
        if problem is not None:
            return problem
        self.rematched.set()
        return (
            "Rematch: the same table is back in the lobby, in a new game saved to "
            f"{self.server.log_path} (the last one stays saved)."
        )


class HostDesk(Desk[LanHost]):
    """The headless Wordsy host's keyboard."""

    def __init__(self, server: LanHost) -> None:
        super().__init__(server)
        self.requests: dict[str, asyncio.Future[bool]] = {}
        """Requests for a seat from another machine, waiting for 'allow' or 'deny'."""
        server.on_reclaim = self.ask

    async def ask(self, name: str) -> bool:
        """The host's consent, before anyone takes `name`'s seat."""
        answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.requests[name] = answer
        say(
            f"Someone asks for {name}'s seat from another machine: 'allow {name}' or 'deny {name}'"
        )
        try:
            return await answer
        except asyncio.CancelledError:
            say(f"The request for {name}'s seat was withdrawn")
            raise
        finally:
            self.requests.pop(name, None)

    async def obey(self, line: str) -> str:
        """Carry out one command line; what to tell the host."""
        verb, _, name = line.strip().partition(" ")
        name = name.strip()
        if verb in ("remove", "allow", "deny", "mute", "unmute") and not name:
            return f"Whose seat? Type '{verb} NAME'."
        if verb == "remove":
            problem = await self.server.remove_player(name)
            return problem or f"{name}'s seat is removed"
        if verb in ("allow", "deny"):
            request = self.requests.get(name)
            if request is None or request.done():
                return f"Nobody is asking for {name}'s seat."
            request.set_result(verb == "allow")
            return f"{name}'s seat is handed over" if verb == "allow" else f"{name} keeps the seat"
        if verb == "rematch":
            return await self.rematch()
        if verb == "mute":
            return self.server.mute(name)
        if verb == "unmute":
            return self.server.unmute(name)
        if verb == "end":
            return await self.server.end_phase() or "Ended now, as the clock would have."
        if verb == "players":
            return "Seats: " + (", ".join(self._seats()) or "none yet")
        if verb in ("help", "?"):
            return DESK_HELP
        return f"Unknown command {verb!r}. {DESK_HELP}"

    def _seats(self) -> list[str]:
        presence, state = self.server.host.presence, self.server.state
        return [
            f"{p} ({'left' if p in state.gone else 'here' if presence.get(p) else 'away'})"
            for p in state.players
        ]


async def serve_headless(options: HostOptions, commands: TextIO | None = None) -> int:
    over = asyncio.Event()
    server = await start_server(options, narrator(over))
    # A resumed game has its bots back already.
    bots = (options.bot_level,) * options.bots if options.log_path is None else ()
    return await serve_until_over(server, over, commands, bots)


async def serve_on(server: LanHost, left: str | None, commands: TextIO | None = None) -> int:
    """Serve, headless in this process, a game whose hosting player (`left`) has left the
    table and kept the game running for the others."""
    over = asyncio.Event()
    server.on_event = narrator(over)
    say(f"{left or 'The hosting player'} left the table; the game goes on without them.")
    say("Ctrl-C ends it for everyone; it stays saved.")
    return await serve_until_over(server, over, commands)


def narrator(over: asyncio.Event) -> EventHook:
    """Says what happens at the table, and sets `over` once the game has ended."""

    def tell(state: GameState, event: ev.Event) -> None:
        line = narrate(state, event)
        if line is not None:
            say(line)
        if state.phase is Phase.OVER:
            over.set()

    return tell


async def serve_until_over(
    server: LanHost,
    over: asyncio.Event,
    commands: TextIO | None = None,
    bots: tuple[str, ...] = (),
) -> int:
    """Serve a started game until it is over (or Ctrl-C), obeying the host's commands;
    then stop it, telling everyone."""
    server.on_notice = say
    server.host.on_said = tell_chat
    desk = HostDesk(server)
    reading = asyncio.get_running_loop().create_task(desk.run(commands or sys.stdin))
    try:
        for address in server.addresses:
            say(f"Join with: wordsy-tui join --connect {address}:{server.port}")
        for line in front_lines(server):
            say(line)
        say(f"The game is saved to {server.log_path}")
        say("Type 'help' for the host's commands (remove a player, hand a seat over).")
        for level in bots:
            say(f"{await server.add_bot(level)} is ready")
        if server.state.phase is Phase.OVER:
            over.set()
        await over.wait()
        while await desk.rematch_wanted():
            over.clear()  # the next game is on
            await over.wait()
    finally:
        reading.cancel()
        await server.stop()
        saved = server.state.phase is not Phase.OVER
        say(
            "Host stopped. The game is saved (wordsy-tui host --resume)."
            if saved
            else "Host stopped."
        )
    return 0


def tell_chat(name: str, role: str, text: str) -> None:
    """A line of chat on the headless host's log: whoever mutes must see what was said."""
    say(f"Chat · {name}{' (watching)' if role == 'spectator' else ''}: {text}")


def front_lines(server: ServedTable[Any, Any, Any]) -> list[str]:
    """How to join over SSH or the web, when the host serves them."""
    lines: list[str] = getattr(server, "front_lines", [])
    return lines


class LanPlay:
    """The app's way onto the LAN (`wordsy_tui.app.lan.Lan`): find, host, join."""

    def __init__(
        self,
        options: HostOptions,
        interfaces: list[str] | None = None,
        spectate: bool = False,
        reclaim: bool = False,
    ) -> None:
        from wordsy_tui.referee import dictionary_hash

        self.options = options
        self.interfaces = interfaces
        self.spectate = spectate
        self.reclaim = reclaim
        """Ask the host for the seat of our name, lost with another machine."""
        self.dictionary = dictionary_hash()

    def browse(self) -> AsyncIterator[list[FoundGame]]:
        return browse(self.interfaces)

    def host(self, name: str, setup: HostSetup | None = None) -> HostSession:
        options = dataclasses.replace(self.options, name=name)
        if setup is not None:  # chosen on the start menu's form
            options = dataclasses.replace(
                options,
                config=setup.config,
                bots=setup.bots,
                bot_level=setup.bot_level,
                pin=setup.pin,
            )
        return HostSession(name, make_server(options), bots=(options.bot_level,) * options.bots)

    def join(self, address: str, port: int, name: str, pin: str | None) -> NetSession:
        # The seat's token is kept on disk: the same join command takes the seat back.
        return NetSession.join(
            address,
            port,
            name,
            self.dictionary,
            pin=pin,
            spectate=self.spectate,
            keys=None if self.spectate else player_keys(),
            reclaim=self.reclaim,
        )

    async def play_tiles(
        self, address: str, port: int, name: str, pin: str | None, game: str
    ) -> int:
        """A tile game picked in the LAN's list, on its own board screen."""
        from wordsy_tui.cli.serve_tiles import play_tile_app, tile_seat
        from wordsy_tui.scrabble.rulesets import GameName

        seat = tile_seat(
            (address, port),
            name,
            GameName(game),
            pin,
            reclaim=self.reclaim,
            spectate=self.spectate,
        )
        return await play_tile_app(seat)

    async def host_tiles(self, name: str, setup: TileHostSetup) -> int:
        """A tile game hosted from the start menu: `host --game`'s host, with the form's
        options in place of its flags (the rest as the program was started)."""
        from wordsy_tui.bots.levels import Level
        from wordsy_tui.cli.serve_tiles import TileHostOptions, host_tiles_with_app

        started = self.options
        options = TileHostOptions(
            config=setup.config,
            name=name,
            game_name=started.game_name,
            bots=setup.bots,
            bot_level=Level(setup.bot_level),
            pin=setup.pin,
            port=started.port,
            bind=started.bind,
            interfaces=started.interfaces,
            advertise=started.advertise,
            max_spectators=started.max_spectators,
            ssh_port=started.ssh_port,
            web_port=started.web_port,
        )
        return await host_tiles_with_app(options)

    async def keep_hosting(self, session: Session) -> int:
        """The hosting player left `session`'s game running: serve it on, headless."""
        if not isinstance(session, HostSession):
            raise TypeError("only the host's own session can keep its game running")
        return await serve_on(await session.leave_running(), session.me)


def serve_with_app(options: HostOptions) -> int:
    from wordsy_tui.app import WordsyApp

    assert options.name is not None
    lan = LanPlay(options, options.interfaces)
    return WordsyApp(lan.host(options.name), lan=lan, name=options.name).run_to_end()
