"""A tile game (Scrabble, Words with Friends, Wordfeud) across the LAN.

The host runs the rules as `scrabble.hosted.TileGame` on a `net.Host`: it alone
holds the bag and the racks, and each peer receives its own seat's view. A
player's `TileNetSession` folds the (redacted) events it receives into that
view and sends its verbs as commands; it is the same table as the offline
`TileSession` for the board screen. The host's own computer players are
ordinary clients of it (`TileBot`): each sees what its seat sees, no more.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections.abc import Callable, Collection, Coroutine, Sequence
from pathlib import Path
from typing import Final

from net import Client, ClientConfig, HostConfig, Refused, SeatKeys, Unreachable
from net import client as net_client
from net.protocol import REQUIREMENTS_MISMATCH
from wordsy_tui.bots.levels import Level
from wordsy_tui.bots.runner import ComputerPlayer
from wordsy_tui.scrabble import commands as cmd
from wordsy_tui.scrabble import events as ev
from wordsy_tui.scrabble.codec import SEAT, encode
from wordsy_tui.scrabble.config import TileGameConfig
from wordsy_tui.scrabble.dawg import Dawg
from wordsy_tui.scrabble.hosted import TileGame, tile_rules
from wordsy_tui.scrabble.legal import allowed
from wordsy_tui.scrabble.mind import TileMind
from wordsy_tui.scrabble.rulesets import GameName
from wordsy_tui.scrabble.state import TileGameState
from wordsy_tui.scrabble.waits import waiting
from wordsy_tui.scrabble.words import Words
from wordsy_tui.session.base import LinkChanged, NextGame
from wordsy_tui.session.clock import AlarmClock
from wordsy_tui.session.discovery import Announcer
from wordsy_tui.session.table import (
    DEFAULT_PORT,
    LOOPBACK,
    MAX_CLOSING_WORDS,
    Hosting,
    NetTable,
    ServedTable,
    requirements,
)
from wordsy_tui.session.tiles import (
    BOT_PAUSE_SECONDS,
    TileVerbs,
)

TileClock = AlarmClock[TileGameState, cmd.Command]

PROBE_SECONDS: Final = 5.0
"""How long `game_at` waits for each answer before it leaves the host to Wordsy's join."""
ABSENT_GRACE_SECONDS: Final = 30.0
"""How long a wait on players who have all gone (their programs closed or cut off) still
runs, while someone else is at the table: a restarted program takes its seat back in time,
and a player who left costs the others this, not a whole turn limit."""


class TileNetSession(NetTable[TileGameState, cmd.Command, ev.Event], TileVerbs):
    """A player's seat at a tile game across the network, or a spectator's place beside
    it: the tile games' verbs over a `net.Client`."""

    def __init__(self, client: Client, dawg: Callable[[int], Dawg] | None = None) -> None:
        # A spectator (no seat) sees every rack as a count.
        super().__init__(None if client.role == "spectator" else client.name, dawg)
        self._link_to(client, tile_rules())
        self.leave_question = "Leave the table? Your seat is kept: join again to take it back."
        self.clock = TileClock(self._stream.rules.alarm)

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        game: GameName,
        dictionary: str,
        *,
        pin: str | None = None,
        token: str | None = None,
        keys: SeatKeys | None = None,
        reclaim: bool = False,
        spectate: bool = False,
    ) -> TileNetSession:
        """`keys`: where the seat's token outlives this program (a restart takes the seat
        back, as Wordsy's joiners do); `token`: a seat's token known already; `spectate`:
        watch the game instead (no seat, no rack)."""
        return cls(
            cls.seat_client(
                address,
                port,
                name,
                requirements(dictionary, game.value),
                pin=pin,
                spectate=spectate,
                token=token,
                keys=keys,
                reclaim=reclaim,
            )
        )

    async def _game_news(
        self, update: net_client.Event | net_client.Reset | net_client.Next
    ) -> None:
        match update:
            case net_client.Event() | net_client.Reset():
                folded = self._stream.fold(self.state, update)
                if folded is not None:
                    self.state, events = folded
                    self.clock.observe(self.state)
                    self.state_changed(events)
            case net_client.Next(message=message):
                # A rematch: the new game's view follows (a reset, then its events).
                self.state, self._stream.seq, self.last_turn = TileGameState(), 0, None
                self.tentative = self.laid_again = ()
                self._keep_in_progress()  # the new game's own
                self.clock.observe(self.state)
                self.publish(NextGame(message[:MAX_CLOSING_WORDS]))

    # -- the player's actions ----------------------------------------------------

    async def send(self, command: cmd.Command) -> str | None:
        """Ask the host; the rule's message when it is refused, else None."""
        before = self.state
        problem = await super().send(command)
        if problem is None:
            self._took_turn(before, command)
        return problem

    def _farewell(self) -> cmd.Command | None:
        # In the lobby (a rematch's) the seat is freed at once.
        return cmd.LeaveGame() if allowed(self.state, self.me, cmd.LeaveGame()) else None


async def game_at(address: str, port: int, dictionary: str) -> GameName | None:
    """Which tile game the host at `address:port` plays; None when it plays none of them
    (Wordsy), or does not answer. Raises `net.Unreachable` when nothing is there at all
    (nothing listens on the port, no such host): no join can follow.

    Asked at the door without sitting down: a hello with each tile game's requirements
    and a seat token nobody holds. The host checks the requirements first; its refusal
    says either that they differ (another game) or that the token is unknown (this game).
    """
    for game in GameName:
        probe = Client(
            address,
            port,
            "probe",
            token=secrets.token_hex(16),
            requirements=requirements(dictionary, game.value),
            config=ClientConfig(connect_timeout=PROBE_SECONDS),
        )
        try:
            async with asyncio.timeout(PROBE_SECONDS):
                await probe.start()
        except Refused as refused:
            if refused.reason != REQUIREMENTS_MISMATCH:
                return game
            continue
        except Unreachable:
            raise
        except (TimeoutError, OSError):
            return None
        finally:
            await probe.close()
        return game  # welcomed with a token nobody holds: still, it plays this game
    return None


class TileBot(ComputerPlayer[TileNetSession]):
    """A computer player of the host's: the runner with a tile game's mind, over its
    seat's session (an ordinary client that sees only its own seat). `words`: the agreed
    word list, for judging a play (it is public)."""

    def __init__(
        self,
        session: TileNetSession,
        level: Level,
        words: Callable[[], Words],
        *,
        pace: float = 1.0,
        dawg: Callable[[int], Dawg] | None = None,
    ) -> None:
        mind = TileMind(session, level, words, pause=BOT_PAUSE_SECONDS, dawg=dawg)
        super().__init__(session, mind, pace=pace)


class TileLanHost(ServedTable[TileGameState, cmd.Command, ev.Event]):
    """The authoritative host of one tile game: the shared table with the tile games'
    rules (the bag and racks held here), their computer players, and the host's own
    `start` for the game."""

    game: TileGame
    announced = (ev.PlayerJoined, ev.PlayerLeft, ev.GameStarted, ev.GameEnded)

    def __init__(
        self,
        config: TileGameConfig,
        *,
        dictionary: str,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        pin: str | None = None,
        log_path: Path | None = None,
        words: Words | None = None,
        on_event: Callable[[TileGameState, ev.Event], None] | None = None,
        announce: Announcer | None = None,
        bot_pace: float = 1.0,
        dawg: Callable[[int], Dawg] | None = None,
        max_spectators: int = HostConfig.max_spectators,
        absent_grace: float = ABSENT_GRACE_SECONDS,
    ) -> None:
        self.config = config
        self._dawg = dawg
        super().__init__(
            self._fresh_game(words),
            kind=config.game.value,
            dictionary=dictionary,
            bind=bind,
            port=port,
            pin=pin,
            log_path=log_path,
            on_event=on_event,
            announce=announce,
            bot_pace=bot_pace,
            max_spectators=max_spectators,
            absent_grace=absent_grace,
        )
        self.captain: str | None = None
        """The hosting player's seat (its session sets it); None for a headless host."""

    @staticmethod
    def _fresh_game(words: Words | None) -> TileGame:
        # Each game deals from its own secret generator: only this process holds the bag.
        return TileGame(words, random.Random(secrets.randbits(128)))

    @property
    def resume_command(self) -> str:
        return f"wordsy-tui host --game {self.config.game.value} --resume"

    async def submit(self, command: cmd.Command, seat: str | None = None) -> str | None:
        """A command from the host itself (for `seat`, when given); the refusal, if any."""
        body = encode(command)
        if seat is not None:
            body[SEAT] = seat
        return await self._submit_wire(body)

    async def start_game(self) -> str | None:
        """Start the game now, with whoever is seated (the host may, like the captain)."""
        return await self.submit(cmd.StartGame())

    # -- the tile games' own, for the shared table ------------------------------------

    def _create_game(self, like: TileGameState | None = None) -> cmd.Command:
        return cmd.CreateGame(self.config if like is None else like.config)

    def _sit(self, seat: str, bot: bool) -> Coroutine[object, object, str | None]:
        return self.submit(cmd.JoinGame(bot=bot), seat=seat)

    def _waited_on(self, state: TileGameState) -> Collection[str]:
        wait = waiting(state)
        return [] if wait is None else [p for p in wait.waits_for(state) if p not in state.bots]

    def _noticed(self, state: TileGameState, event: ev.Event) -> None:
        if isinstance(event, ev.PlayerLeft):
            self._left_lobby(event.player)

    def _kept_bot(self, name: str, kept: object) -> str | None:
        known = isinstance(kept, str) and kept in [level.value for level in Level]
        return str(kept) if known and name in self.state.bots else None

    def _computer_player(self, name: str, level: str, token: str | None) -> TileBot:
        session = TileNetSession.join(
            LOOPBACK,
            self.port,
            name,
            self.config.game,
            self.dictionary,
            pin=self.pin,
            token=token,
        )
        return TileBot(
            session, Level(level), lambda: self.game.words, pace=self.bot_pace, dawg=self._dawg
        )

    def _rematch_seats(self, old: TileGameState) -> list[str]:
        # In the last game's order of play; the hosting player first, who starts it.
        seats = [p for p in old.players if p not in old.bots or p in self.bots]
        seats.sort(key=lambda p: p != self.seat_book.host_seat())
        return seats

    def _next_hosted(self, seats: Sequence[str]) -> TileGame:
        return self._fresh_game(self.game.words)

    def _own_people(self) -> tuple[str | None, Collection[str]]:
        return self.captain, self.bots


class TileHostSession(Hosting[TileGameState, cmd.Command, ev.Event], TileNetSession):
    """The hosting player's seat: a `TileLanHost`, and a client of it over loopback."""

    server: TileLanHost

    def __init__(self, me: str, server: TileLanHost, bots: Sequence[Level] = ()) -> None:
        super().__init__(Client(LOOPBACK, 0, me))
        self._hosted_by(server, bots)
        server.captain = me
        self.leave_question = "Leave? The game ends for everyone at the table."

    async def start(self) -> None:
        await super().start()
        where = ", ".join(f"{a}:{self.server.port}" for a in self.server.addresses)
        hint = getattr(self.server, "front_hint", None)  # a host with SSH or web fronts
        self.publish(
            LinkChanged(True, hint or f"Players join with: wordsy-tui join --connect {where}")
        )
