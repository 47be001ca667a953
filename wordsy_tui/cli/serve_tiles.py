"""Hosting and joining a tile game (Scrabble, Words with Friends, Wordfeud) on the LAN:
headless with log lines, or at the board screen (`TileApp`)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from wordsy_tui.bots.levels import Level
from wordsy_tui.cli.serve import (
    LINGER_AFTER_GAME_SECONDS,
    Desk,
    announcer_for,
    front_lines,
    say,
)
from wordsy_tui.scrabble import events as ev
from wordsy_tui.scrabble.config import TileGameConfig
from wordsy_tui.scrabble.rulesets import GameName
from wordsy_tui.scrabble.state import Phase, TileGameState
from wordsy_tui.session.discovery import Announcer, tile_properties
from wordsy_tui.session.lan import DEFAULT_PORT, player_keys
from wordsy_tui.session.tilelan import TileHostSession, TileLanHost, TileNetSession

if TYPE_CHECKING:
    # Its shape only: a host without fronts never loads them.
    from wordsy_tui.front.host import FrontedTileHost

FRONT_LINGER_SECONDS: Final = 60.0
"""The longest a headless host stays after the game for its SSH and web players."""

EventHook = Callable[[TileGameState, ev.Event], None]

DESK_HELP: Final = (
    "Commands: 'start' starts the game with the players seated (at least two); "
    "'rematch' plays again after the game, with the same seats and options; "
    "'players' lists the seats; 'help' shows this. Ctrl-C ends the game for everyone."
)


@dataclass(frozen=True)
class TileHostOptions:
    config: TileGameConfig
    name: str | None
    """The host's own player; None for a headless host."""
    game_name: str | None = None
    bots: int = 0
    bot_level: Level = Level.MEDIUM
    pin: str | None = None
    port: int | None = None
    bind: str = "0.0.0.0"
    interfaces: list[str] | None = None
    advertise: bool = True
    log_path: Path | None = None
    """`--resume`: the saved game to continue (None: a new game)."""
    max_spectators: int = 1000
    ssh_port: int | None = None
    """`--ssh`: serve the game over SSH on this port too (None: not)."""
    web_port: int | None = None
    """`--web`: serve the game as a web page on this port too (None: not)."""

    def announcer(self) -> Announcer | None:
        title = self.config.rules.title
        return announcer_for(self, title, title, tile_properties)


def make_tile_server(options: TileHostOptions, on_event: EventHook | None = None) -> TileLanHost:
    from wordsy_tui.referee import dictionary_hash

    host_class: type[TileLanHost] | partial[FrontedTileHost] = TileLanHost
    if options.ssh_port is not None or options.web_port is not None:
        from wordsy_tui.front.host import FrontedTileHost, FrontOptions

        fronts = FrontOptions(options.ssh_port, options.web_port)
        host_class = partial(FrontedTileHost, fronts=fronts)
    return host_class(
        options.config,
        dictionary=dictionary_hash(),
        bind=options.bind,
        port=DEFAULT_PORT if options.port is None else options.port,
        pin=options.pin,
        log_path=options.log_path,
        on_event=on_event,
        announce=options.announcer(),
        max_spectators=options.max_spectators,
    )


def tile_line(state: TileGameState, event: ev.Event) -> str | None:
    """A line for the host's log about what happened; never a rack's tiles (the log is
    read on the host's screen, beside the players)."""
    match event:
        case ev.PlayerJoined(player, bot):
            return f"{player}{' (computer)' if bot else ''} sat down"
        case ev.GameStarted(order):
            return f"The game starts: {', '.join(order)}"
        case ev.TilesPlayed(player, _placement, words, score, bingo):
            formed = ", ".join(word for word, _ in words)
            return f"{player} played {formed} for {score}{' with a bingo' if bingo else ''}"
        case ev.TilesExchanged(player, _returned, _drawn, count):
            return f"{player} exchanged {count} tiles"
        case ev.Passed(player, timed_out):
            return f"{player}'s time ran out: the host passed" if timed_out else f"{player} passed"
        case ev.PlayAccepted(timed_out=True):
            return "Time for challenges ran out: the play stands"
        case ev.VoteOpened(challenger, voters, refused):
            advice = f"lacks {', '.join(refused)}" if refused else "has every word"
            return f"{challenger} challenged: {', '.join(voters)} vote (the word list {advice})"
        case ev.VoteCast(voter, uphold):
            return f"{voter} voted: the play {'goes' if uphold else 'stands'}"
        case ev.ChallengeDecided(challenger, upheld, votes=votes) if votes:
            goes, stands = event.tally
            outcome = "play withdrawn" if upheld else f"the play stands, {challenger} loses a turn"
            return (
                f"The table voted: {stands} that the play stands, {goes} that it goes; {outcome}"
            )
        case ev.ChallengeDecided(challenger, upheld, refused):
            if upheld:
                return f"{challenger} challenged: {', '.join(refused)} refused, play withdrawn"
            return f"{challenger} challenged, but every word is good"
        case ev.GameEnded(_out, _racks, adjustments, winners):
            changes = ", ".join(f"{p} {a:+d}" for p, a in adjustments)
            scores = ", ".join(f"{p} {s}" for p, s in state.scores.items())
            return f"Game over. Adjustments: {changes}. Final: {scores}. Won: {', '.join(winners)}"
    return None


class TileDesk(Desk[TileLanHost]):
    """The headless tile host's keyboard: one command a line on standard input."""

    async def obey(self, line: str) -> str:
        verb = line.strip().split(" ", 1)[0]
        if verb == "start":
            problem = await self.server.start_game()
            return problem or "Started."
        if verb == "rematch":
            return await self.rematch()
        if verb == "players":
            state, presence = self.server.state, self.server.host.presence
            seats = [f"{p} ({'here' if presence.get(p) else 'away'})" for p in state.players]
            return "Seats: " + (", ".join(seats) or "none yet")
        if verb in ("help", "?"):
            return DESK_HELP
        return f"Unknown command {verb!r}. {DESK_HELP}"


async def serve_tiles_headless(options: TileHostOptions, commands: TextIO | None = None) -> int:
    over = asyncio.Event()

    def tell(state: TileGameState, event: ev.Event) -> None:
        line = tile_line(state, event)
        if line is not None:
            say(line)
        if state.phase is Phase.OVER:
            over.set()

    server = make_tile_server(options, tell)
    await server.start()
    server.on_notice = say
    desk = TileDesk(server)
    reading = asyncio.get_running_loop().create_task(desk.run(commands or sys.stdin))
    try:
        for address in server.addresses:
            say(f"Join with: wordsy-tui join --connect {address}:{server.port}")
        for line in front_lines(server):
            say(line)
        title = server.state.rules.title
        if options.log_path is None:
            say(f"{title}: the game's log is saved to {server.log_path}")
            for _ in range(options.bots):
                say(f"{await server.add_bot(options.bot_level)} is ready")
            say("Type 'start' once the players are seated ('help' lists the commands).")
        else:  # its computer players are back already; its people join again
            say(
                f"{title}, resumed from {server.log_path}: "
                "its players join again to take their seats back"
            )
        await over.wait()
        while await desk.rematch_wanted():
            over.clear()  # the next game is on
            await over.wait()
        await linger(server)
    finally:
        reading.cancel()
        await server.stop()
        resume = f" (wordsy-tui host --game {server.config.game.value} --resume)"
        saved = "" if server.state.phase is Phase.OVER else resume
        say(f"Host stopped. The game's log is kept at {server.log_path}{saved}")
    return 0


async def linger(server: TileLanHost) -> None:
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


def serve_tiles_with_app(options: TileHostOptions) -> int:
    return asyncio.run(host_tiles_with_app(options))


async def host_tiles_with_app(options: TileHostOptions) -> int:
    """The hosting player's board screen, on a running event loop: `host --game`'s, and the
    start menu's after its app has closed."""
    assert options.name is not None
    server = make_tile_server(options)
    return await play_tile_app(
        TileHostSession(options.name, server, [options.bot_level] * options.bots)
    )


def run_tile_app(session: TileNetSession) -> int:
    from wordsy_tui.app.tiles.app import TileApp

    app = TileApp(session)
    app.run()
    return app.return_code or 0


async def play_tile_app(session: TileNetSession) -> int:
    """`run_tile_app` on a running event loop (after another app has closed on it)."""
    from wordsy_tui.app.tiles.app import TileApp

    app = TileApp(session)
    await app.run_async()
    return app.return_code or 0


def tile_seat(
    address: tuple[str, int],
    name: str,
    game: GameName,
    pin: str | None,
    *,
    reclaim: bool,
    spectate: bool = False,
) -> TileNetSession:
    """A person's seat at a tile game's host; its token kept on disk, so the same join
    takes the seat back (`spectate`: a place to watch from, which has no token)."""
    from wordsy_tui.referee import dictionary_hash

    return TileNetSession.join(
        *address,
        name,
        game,
        dictionary_hash(),
        pin=pin,
        keys=None if spectate else player_keys(),
        reclaim=reclaim,
        spectate=spectate,
    )
