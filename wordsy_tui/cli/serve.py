"""Running a hosted game, whatever the game: headless with log lines, or behind the app.

One path for every game: `HostOptions` (the game is its config's), `make_server`,
`serve_headless` with its `Desk`, and `serve_with_app`. What each game brings is its kit's
`Hosted` (`wordsy_tui.kit`): its host, its log's lines and keyboard commands, its app.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final, TextIO, TypeVar

from wordsy_tui import dataclass_code
from wordsy_tui.cli.hosting import HostOptions
from wordsy_tui.kit import GameDesk, kit_for
from wordsy_tui.table.basics import DEFAULT_PORT
from wordsy_tui.table.served import ServedTable
from wordsy_tui.text import shown

EventHook = Callable[[Any, Any], None]
"""Told each event with the state just after it (the game's own state and event types)."""

# Clients already hold the final state; the host lingers only so they see it arrive.
LINGER_AFTER_GAME_SECONDS = 5.0
# After a game, how long a host whose keyboard is open waits for 'rematch' before it stops.
REMATCH_WINDOW_SECONDS = 60.0
FRONT_LINGER_SECONDS: Final = 60.0
"""The longest a headless host that lingers stays after the game for its SSH and web players."""


Server = ServedTable[Any, Any, Any]
"""Any game's host (a `ServedTable` with its game's part)."""
ServerT = TypeVar("ServerT", bound=Server)
SeatT = TypeVar("SeatT")
"""A game's seat."""


def make_server(options: HostOptions, on_event: EventHook | None = None) -> Server:
    """The host of `options`' game, not started (with the fronts when `options` asks for
    them)."""
    from wordsy_tui.words.digest import dictionary_hash

    hosted = kit_for(options.game).hosted(options.game)
    table: Callable[..., Server] = hosted.table
    fronts: dict[str, Any] = {}
    if options.ssh_port is not None or options.web_port is not None:
        from wordsy_tui.front.host import FrontOptions, Fronts

        fronts["fronts"] = Fronts(FrontOptions(options.ssh_port, options.web_port))
    return table(
        options.config,
        dictionary=dictionary_hash(),
        bind=options.bind,
        port=DEFAULT_PORT if options.port is None else options.port,
        pin=options.pin,
        log_path=options.log_path,
        on_event=on_event,
        announce=options.announcer(),
        max_spectators=options.max_spectators,
        bot_pace=options.bot_pace,
        **hosted.settings(options),
        **fronts,
    )


def hosting_player_settings(options: HostOptions) -> dict[str, Any]:
    """A game's host's own arguments (`Hosted.settings`) where they are what every game's
    host takes: its hosting player, the computer players' level, the lobby's grace."""
    return {
        "captain": options.name,
        "bot_level": options.bot_level,
        "lobby_grace": options.lobby_grace,
    }


def hosting_seat(options: HostOptions, host: Callable[[str, Any, Sequence[str]], SeatT]) -> SeatT:
    """The hosting player's seat at `options`' game, over its host (made, not started):
    `host` is the game's seat's own (`Seat.host`: the player, the host, the levels of the
    computer players it seats)."""
    assert options.name is not None
    return host(options.name, make_server(options), (options.bot_level,) * options.bots)


async def start_server(options: HostOptions, on_event: EventHook | None = None) -> Server:
    server = make_server(options, on_event)
    await server.start()
    return server


def say(line: str) -> None:
    # Every line may carry a peer's name or word: never a raw control character on stdout.
    print(f"[{time.strftime('%H:%M:%S')}] {shown(line)}", flush=True)


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


def game_of(server: Server) -> str:
    """The game `server` hosts: what its door asks a newcomer's program to play."""
    return server.requirements["game"]


def desk_for(server: Server) -> Desk:
    """The headless host's keyboard for `server`'s game."""
    game = game_of(server)
    return Desk(server, kit_for(game).hosted(game).desk(server, say))


class Desk:
    """A headless host's keyboard, one command a line on standard input: what every game's
    does the same way ('rematch' after a game, 'players', 'help'), and its game's own."""

    def __init__(self, server: Server, game: GameDesk) -> None:
        self.server = server
        self.game = game
        self.reading = False
        """Whether someone can still type here (standard input has not ended)."""
        self.rematched = asyncio.Event()

    async def obey(self, line: str) -> str:
        """Carry out one command line; what to tell the host."""
        verb, _, name = line.strip().partition(" ")
        answer = await self.game.obey(verb, name.strip())
        if answer is not None:
            return answer
        if verb == "rematch":
            return await self.rematch()
        if verb == "players":
            return "Seats: " + (", ".join(self._seats()) or "none yet")
        if verb in ("help", "?"):
            return self.game.help
        return f"Unknown command {verb!r}. {self.game.help}"

    def _seats(self) -> list[str]:
        presence, left = self.server.host.presence, self.game.left()
        return [
            f"{p} ({'left' if p in left else 'here' if presence.get(p) else 'away'})"
            for p in self.server.state.players
        ]

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


def run_headless(options: HostOptions) -> int:
    """The program's whole run as a headless host."""
    # What the host has imported by now (the rules, the table, the network, tens of
    # thousands of objects) lives as long as it does: kept out of the collector's full
    # rounds, which would walk it all again (10-15 ms, in the middle of whichever command
    # set one off). The collector, off for the start-up (`cli.main`), runs again from here.
    gc.freeze()
    gc.enable()
    # Its dataclasses compiled for the next run (see `TerminalApp.run_to_end`).
    dataclass_code.save()
    return asyncio.run(serve_headless(options))


async def serve_headless(options: HostOptions, commands: TextIO | None = None) -> int:
    over = asyncio.Event()
    server = await start_server(options, narrator(options.game, over))
    # A resumed game has its bots back already.
    resumed = options.log_path is not None
    bots = () if resumed else (options.bot_level,) * options.bots
    return await serve_until_over(server, over, commands, bots, resumed=resumed)


async def serve_on(server: Server, left: str | None, commands: TextIO | None = None) -> int:
    """Serve, headless in this process, a game whose hosting player (`left`) has left the
    table and kept the game running for the others."""
    over = asyncio.Event()
    server.on_event = narrator(game_of(server), over)
    say(f"{left or 'The hosting player'} left the table; the game goes on without them.")
    say("Ctrl-C ends it for everyone; it stays saved.")
    return await serve_until_over(server, over, commands)


def narrator(game: str, over: asyncio.Event) -> EventHook:
    """Says what happens at the table of `game`, and sets `over` once the game has ended."""
    line_for = kit_for(game).hosted(game).line

    def tell(state: Any, event: Any) -> None:
        line = line_for(state, event)
        if line is not None:
            say(line)
        if state.phase == "over":  # every game's phases name it so
            over.set()

    return tell


async def serve_until_over(
    server: Server,
    over: asyncio.Event,
    commands: TextIO | None = None,
    bots: tuple[str, ...] = (),
    *,
    resumed: bool = False,
) -> int:
    """Serve a started game until it is over (or Ctrl-C), obeying the host's commands;
    then stop it, telling everyone. `bots`: the levels of the computer players to seat;
    `resumed`: the game came back from its log."""
    game = kit_for(game_of(server)).hosted(game_of(server))
    server.on_notice = say
    desk = desk_for(server)
    reading = asyncio.get_running_loop().create_task(desk.run(commands or sys.stdin))
    try:
        for address in server.addresses:
            say(f"Join with: wordsy-tui join --connect {address}:{server.port}")
        for line in front_lines(server):
            say(line)
        before_bots, after_bots = desk.game.opening(resumed)
        for line in before_bots:
            say(line)
        for level in bots:
            say(f"{await server.add_bot(level)} is ready")
        for line in after_bots:
            say(line)
        if server.state.phase == "over":
            over.set()
        await over.wait()
        while await desk.rematch_wanted():
            over.clear()  # the next game is on
            await over.wait()
        if game.lingers:
            await linger(server)
    finally:
        reading.cancel()
        await server.stop()
        say(desk.game.closing())
    return 0


async def linger(server: object) -> None:
    """After the game: the clients see the end arrive; and players over SSH or the web,
    whose screens end with the host, get time to read it (or leave sooner)."""
    await asyncio.sleep(LINGER_AFTER_GAME_SECONDS)
    if getattr(server, "front_sessions", 0):
        say(
            "The game is over: the host stops once its SSH and web players leave "
            f"(at most {FRONT_LINGER_SECONDS:.0f} s)."
        )
    loop = asyncio.get_running_loop()
    until = loop.time() + FRONT_LINGER_SECONDS
    while getattr(server, "front_sessions", 0) and loop.time() < until:
        await asyncio.sleep(0.5)


def front_lines(server: Server) -> list[str]:
    """How to join over SSH or the web, when the host serves them."""
    lines: list[str] = getattr(server, "front_lines", [])
    return lines


def serve_with_app(options: HostOptions) -> int:
    """The hosting player's screens for `options`' game, until they close (and whatever
    the game leaves to run after them)."""
    return kit_for(options.game).hosted(options.game).app(options).run_to_end()
