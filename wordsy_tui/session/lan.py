"""Wordsy across the LAN: the host's server, the sessions of players who join it.

The shared table (`session.table`) runs any game's rules; this module says what is
Wordsy's own: the captain and the lobby's grace for a vanished joiner, a seat's
request for its lost seat, the host's computer players (`Bot`), and the words each
player of the host's process wrote (kept beside the log, for commit-reveal).
"""

from __future__ import annotations

import asyncio
import functools
import random
import secrets
from collections.abc import Awaitable, Callable, Collection, Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Final

from net import Client, HostConfig, SeatKeys
from net import client as net_client
from wordsy_tui.bots.mind import WordsyMind
from wordsy_tui.bots.runner import ComputerPlayer
from wordsy_tui.game import commands as cmd
from wordsy_tui.game import events as ev
from wordsy_tui.game.config import GAME, GameConfig
from wordsy_tui.game.legal import allowed, refusal, waiting_for
from wordsy_tui.game.referee import Referee
from wordsy_tui.game.state import GameState, Phase
from wordsy_tui.session.base import NextGame, Session
from wordsy_tui.session.clock import Clock
from wordsy_tui.session.discovery import Announcer
from wordsy_tui.session.hosted import WordsyGame
from wordsy_tui.session.rules import wordsy_rules

# The shared table's pieces that other modules still import from here.
from wordsy_tui.session.table import APP_NAME as APP_NAME
from wordsy_tui.session.table import DEFAULT_PORT as DEFAULT_PORT
from wordsy_tui.session.table import (
    LOOPBACK,
    MAX_CLOSING_WORDS,
    Hosting,
    NetTable,
)
from wordsy_tui.session.table import SeatBook as SeatBook
from wordsy_tui.session.table import ServedTable as ServedTable
from wordsy_tui.session.table import player_keys as player_keys
from wordsy_tui.session.table import requirements as requirements

# Long enough for a player's program to restart and take its seat back.
ABSENT_GRACE_SECONDS: Final = 10.0
# Before the game starts, a seat whose connection stays gone this long is freed.
LOBBY_GRACE_SECONDS: Final = 60.0
# Events that change what the LAN's game list shows (players, phase).
ANNOUNCED: Final = (
    ev.PlayerJoined,
    ev.PlayerLeft,
    ev.PlayerRemoved,
    ev.RoundStarted,
    ev.GameEnded,
)


class NetSession(NetTable[GameState, cmd.Command, ev.Event], Session):
    """A player's (or spectator's) session with a host across the network."""

    clock: Clock

    def __init__(self, client: Client) -> None:
        super().__init__(None if client.role == "spectator" else client.name)
        self._link_to(client, wordsy_rules())

    @classmethod
    def join(
        cls,
        address: str,
        port: int,
        name: str,
        dictionary: str,
        *,
        pin: str | None = None,
        spectate: bool = False,
        token: str | None = None,
        keys: SeatKeys | None = None,
        reclaim: bool = False,
    ) -> NetSession:
        """`keys`: where the seat's token outlives this program; `reclaim`: ask the host for
        the seat of our name when we hold no token for it (another machine's, lost)."""
        return cls(
            cls.seat_client(
                address,
                port,
                name,
                requirements(dictionary),
                pin=pin,
                spectate=spectate,
                token=token,
                keys=keys,
                reclaim=reclaim,
            )
        )

    async def _seated(self) -> None:
        await super()._seated()
        await self._reveal_if_due()  # a word taken back, whose reveal came while we were away

    async def _game_news(
        self, update: net_client.Event | net_client.Reset | net_client.Next
    ) -> None:
        match update:
            case net_client.Event():
                event = self._stream.event(update)
                if event is not None:
                    await self.receive([event])  # (and reveals our word when it is due)
            case net_client.Next(message=message):
                self.begin_again()
                self._keep_in_progress()  # the new game's own
                self.publish(NextGame(message[:MAX_CLOSING_WORDS]))
            case net_client.Reset():
                # Wordsy's host sends no snapshot: the catch-up's events tell the app.
                fresh = self._stream.reset(update)
                if fresh is not None:
                    self.state = fresh


class LanHost(ServedTable[GameState, cmd.Command, ev.Event]):
    """The authoritative host of one game of Wordsy: the shared table with Wordsy's
    captain, its lobby's grace for a vanished joiner, the host's consent before someone
    takes a seat whose token is lost, and the words its own players wrote."""

    game: WordsyGame
    announced = ANNOUNCED
    not_over = "The game is not over yet: a rematch starts from the results."

    def __init__(
        self,
        config: GameConfig,
        *,
        dictionary: str,
        captain: str | None = None,
        bind: str = "0.0.0.0",
        port: int = DEFAULT_PORT,
        pin: str | None = None,
        log_path: Path | None = None,
        referee: Referee | None = None,
        on_event: Callable[[GameState, ev.Event], None] | None = None,
        bot_pace: float = 1.0,
        announce: Announcer | None = None,
        bot_level: str = "medium",
        absent_grace: float = ABSENT_GRACE_SECONDS,
        max_spectators: int = HostConfig.max_spectators,
        lobby_grace: float = LOBBY_GRACE_SECONDS,
    ) -> None:
        self.config = config
        super().__init__(
            self._fresh_game(captain, referee),
            kind=GAME,
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
            on_reclaim=self._ask_reclaim,
        )
        self.lobby_grace = lobby_grace
        """Seconds a seat may stay disconnected in the lobby before it is freed."""
        self.on_reclaim: Callable[[str], Awaitable[bool]] | None = None
        """Asks the host's people whether someone may take `name`'s seat (its token lost)."""
        self._absent: dict[str, asyncio.TimerHandle] = {}
        self.bot_level = bot_level
        """The level the host chose for its computer players: the lobby adds more of it."""
        self._own: dict[str, Session] = {}
        """The players who live in this process (its hosting player, the bots), by seat."""

    @staticmethod
    def _fresh_game(captain: str | None, referee: Referee | None) -> WordsyGame:
        # Each game deals from its own secret generator.
        return WordsyGame(captain, referee, random.Random(secrets.randbits(128)))

    # -- Wordsy's own, for the shared table -------------------------------------------

    def _create_game(self, like: GameState | None = None) -> cmd.Command:
        return cmd.CreateGame(self.config if like is None else like.config)

    def _sit(self, seat: str, bot: bool) -> Coroutine[object, object, str | None]:
        return self.submit(cmd.JoinGame(seat, bot=bot))

    def _waited_on(self, state: GameState) -> Collection[str]:
        return waiting_for(state)

    def _noticed(self, state: GameState, event: ev.Event) -> None:
        if isinstance(event, ev.RoundStarted):
            # After the fan-out of this batch, so every view hash covers the same events.
            asyncio.get_running_loop().call_soon(self.host.broadcast_hash)
        if isinstance(event, ev.PlayerLeft) and state.phase is Phase.LOBBY:
            self._left_lobby(event.player)

    def _kept_bot(self, name: str, kept: object) -> str | None:
        return kept if isinstance(kept, str) and name in self.state.players else None

    def _computer_player(self, name: str, level: str, token: str | None) -> Bot:
        session = NetSession.join(
            LOOPBACK, self.port, name, self.dictionary, pin=self.pin, token=token
        )
        self.keep_words(session)
        return Bot(session, level, pace=self.bot_pace)

    def _bot_refusal(self, name: str) -> str | None:
        return refusal(self.state, cmd.JoinGame(name, bot=True))

    def _rematch_seats(self, old: GameState) -> list[str]:
        return [p for p in old.active if p not in self.game.bots or p in self.bots]

    def _next_hosted(self, seats: Sequence[str]) -> WordsyGame:
        # A hosting player who left the last game running starts nothing in this one.
        captain = self.game.captain if self.game.captain in seats else None
        game = self._fresh_game(captain, self.game.referee)
        game.presence = dict(self.game.presence)
        return game

    def _seating_again(self, seats: Sequence[str]) -> None:
        self._own = {name: s for name, s in self._own.items() if name in seats}
        for name, session in self._own.items():
            session.keep = functools.partial(self.seat_book.keep_in_progress, name)

    def _presence_changed(self, seats: Mapping[str, bool]) -> None:
        self.game.presence = dict(seats)
        self._watch_absence(seats)

    def _resumed(self) -> None:
        self._watch_absence(self.host.presence)  # a resumed lobby's seats nobody took back yet

    def _stopping(self) -> None:
        for timer in self._absent.values():
            timer.cancel()

    def _own_people(self) -> tuple[str | None, Collection[str]]:
        return self.game.captain, self.game.bots

    # -- the lobby's grace, seats taken away, seats asked for -------------------------

    def _watch_absence(self, seats: Mapping[str, bool]) -> None:
        """Before the game starts, free a seat whose connection stays gone for the grace
        period: a vanished joiner must not keep the table full."""
        lobby = self.state.phase in (Phase.NEW, Phase.LOBBY)
        for seat in [s for s in self._absent if seats.get(s) is not False or not lobby]:
            self._absent.pop(seat).cancel()
        if not lobby:
            return
        loop = asyncio.get_running_loop()
        for seat, connected in seats.items():
            if not connected and seat not in self._absent and seat != self.game.captain:
                self._absent[seat] = loop.call_later(self.lobby_grace, self._free_absent, seat)

    def _free_absent(self, seat: str) -> None:
        self._absent.pop(seat, None)
        if self.state.phase is Phase.LOBBY and self.host.presence.get(seat) is False:
            self._spawn(self.remove_player(seat))

    async def remove_player(self, name: str) -> str | None:
        """Take `name`'s seat away (a squatter, an absent player): the old token opens nothing
        any more, and during the game the player scores nothing from now on.

        Returns why not, or None when done.
        """
        if self.state.phase is Phase.OVER:
            return "The game is over."
        if name == self.game.captain:
            return "The hosting player cannot be removed: quit the game instead."
        playing = name in self.state.players and name not in self.state.gone
        if name not in self.host.presence and not playing:
            return f"Nobody called {name} is at the table."
        bot = self.bots.pop(name, None)
        if bot is not None:
            await bot.stop()
            self.seat_book.forget(name)
        await self.host.remove_seat(name)
        return await self.submit(cmd.RemovePlayer(name)) if playing else None

    async def _ask_reclaim(self, name: str) -> bool:
        ask = self.on_reclaim
        return ask is not None and await ask(name)

    def keep_words(self, session: Session) -> None:
        """Give one of our own players back the words it wrote before a crash, and keep
        the words it writes from now on beside the log, so that it can always reveal."""
        name = session.me
        assert name is not None
        kept = self.seat_book.in_progress(name)
        if kept is not None:
            session.take_back(kept)
        session.keep = functools.partial(self.seat_book.keep_in_progress, name)
        self._own[name] = session


class Bot(ComputerPlayer[NetSession]):
    """A Wordsy computer player: the runner with Wordsy's mind, over its seat's session (an
    ordinary client that sees only its own view)."""

    def __init__(self, session: NetSession, level: str, pace: float = 1.0) -> None:
        super().__init__(session, WordsyMind(session, level), pace=pace)


class HostSession(Hosting[GameState, cmd.Command, ev.Event], NetSession):
    """The host's own player: a `LanHost`, and a client of it over loopback."""

    server: LanHost

    def __init__(self, me: str, server: LanHost, bots: tuple[str, ...] = ()) -> None:
        super().__init__(Client(LOOPBACK, 0, me))
        self._hosted_by(server, bots)

    def _own_player(self) -> None:
        self.server.keep_words(self)

    async def leave_running(self) -> LanHost:
        """The hosting player leaves the table, and the game goes on without them: the
        server keeps running (the caller serves it on, headless) and stops only later."""
        self.left_running = True
        me = self.me
        if me is not None and allowed(self.state, cmd.LeaveGame(me)):
            await self.send(cmd.LeaveGame(me))  # else the seat stays, absent: none waits for it
        await NetSession.stop(self)
        return self.server
