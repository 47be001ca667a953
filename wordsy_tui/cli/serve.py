"""Running a hosted game: headless with log lines, or behind the app's lobby."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

from wordsy_tui.game import events as ev
from wordsy_tui.game.config import GameConfig
from wordsy_tui.game.state import GameState, Phase
from wordsy_tui.session.base import Session
from wordsy_tui.session.discovery import Announcer, FoundGame, browse
from wordsy_tui.session.lan import DEFAULT_PORT, HostSession, LanHost, NetSession
from wordsy_tui.session.narrate import narrate
from wordsy_tui.text import shown

EventHook = Callable[[GameState, ev.Event], None]

# Clients already hold the final state; the host lingers only so they see it arrive.
LINGER_AFTER_GAME_SECONDS = 5.0


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

    def announcer(self) -> Announcer | None:
        if not self.advertise:
            return None
        host = self.name or "a headless host"
        game_name = self.game_name or (f"{self.name}'s game" if self.name else "Wordsy")
        return Announcer(game_name, host, self.pin is not None, self.interfaces)


def make_server(options: HostOptions, on_event: EventHook | None = None) -> LanHost:
    from wordsy_tui.referee import WordReferee, dictionary_hash

    return LanHost(
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
        max_spectators=options.max_spectators,
    )


async def start_server(options: HostOptions, on_event: EventHook | None = None) -> LanHost:
    server = make_server(options, on_event)
    await server.start()
    return server


def say(line: str) -> None:
    # Every line may carry a peer's name or word: never a raw control character on stdout.
    print(f"[{time.strftime('%H:%M:%S')}] {shown(line)}", flush=True)


async def serve_headless(options: HostOptions) -> int:
    over = asyncio.Event()
    server = await start_server(options, narrator(over))
    # A resumed game has its bots back already.
    bots = (options.bot_level,) * options.bots if options.log_path is None else ()
    return await serve_until_over(server, over, bots)


async def serve_on(server: LanHost, left: str | None) -> int:
    """Serve, headless in this process, a game whose hosting player (`left`) has left the
    table and kept the game running for the others."""
    over = asyncio.Event()
    server.on_event = narrator(over)
    say(f"{left or 'The hosting player'} left the table; the game goes on without them.")
    say("Ctrl-C ends it for everyone; it stays saved.")
    return await serve_until_over(server, over)


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
    server: LanHost, over: asyncio.Event, bots: tuple[str, ...] = ()
) -> int:
    """Serve a started game until it is over (or Ctrl-C); then stop it, telling everyone."""
    server.on_notice = say
    try:
        for address in server.addresses:
            say(f"Join with: wordsy-tui join --connect {address}:{server.port}")
        say(f"The game is saved to {server.log_path}")
        for level in bots:
            say(f"{await server.add_bot(level)} is ready")
        if server.state.phase is Phase.OVER:
            over.set()
        await over.wait()
        await asyncio.sleep(LINGER_AFTER_GAME_SECONDS)
    finally:
        await server.stop()
        saved = server.state.phase is not Phase.OVER
        say(
            "Host stopped. The game is saved (wordsy-tui host --resume)."
            if saved
            else "Host stopped."
        )
    return 0


class LanPlay:
    """The app's way onto the LAN (`wordsy_tui.app.lan.Lan`): find, host, join."""

    def __init__(
        self,
        options: HostOptions,
        interfaces: list[str] | None = None,
        spectate: bool = False,
    ) -> None:
        from wordsy_tui.referee import dictionary_hash

        self.options = options
        self.interfaces = interfaces
        self.spectate = spectate
        self.dictionary = dictionary_hash()

    def browse(self) -> AsyncIterator[list[FoundGame]]:
        return browse(self.interfaces)

    def host(self, name: str) -> HostSession:
        options = dataclasses.replace(self.options, name=name)
        return HostSession(name, make_server(options), bots=(options.bot_level,) * options.bots)

    def join(self, address: str, port: int, name: str, pin: str | None) -> NetSession:
        return NetSession.join(
            address, port, name, self.dictionary, pin=pin, spectate=self.spectate
        )

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
