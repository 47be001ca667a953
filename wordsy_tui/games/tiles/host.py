"""A tile game's host (Scrabble, Words with Friends, Wordfeud): it alone holds the bag and
the racks; each peer receives its own seat's view."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Collection, Coroutine, Sequence
from pathlib import Path
from typing import Final

from net import HostConfig
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.lan import TileBot
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.codec import SEAT, encode
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.tiles.rules.waits import waiting
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.games.tiles.seam import TileRules
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.discovery import Announcer
from wordsy_tui.table.seam import HostedRules
from wordsy_tui.table.served import DEFAULT_PORT, LOOPBACK, Fronts, ServedTable

ABSENT_GRACE_SECONDS: Final = 30.0
"""How long a wait on players who have all gone (their programs closed or cut off) still
runs, while someone else is at the table: a restarted program takes its seat back in time,
and a player who left costs the others this, not a whole turn limit."""


class TileLanHost(ServedTable[TileGameState, cmd.Command, ev.Event]):
    """The authoritative host of one tile game: the shared table with the tile games'
    rules (the bag and racks held here), their computer players, and the host's own
    `start` for the game."""

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
        fronts: Fronts | None = None,
    ) -> None:
        self.config = config
        self._dawg = dawg
        self.tiles = TileRules(words)
        """The rules, with the agreed word list (the computer players judge plays by it)."""
        super().__init__(
            self._fresh_game(),
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
            fronts=fronts,
        )
        self.captain: str | None = None
        """The hosting player's seat (its session sets it); None for a headless host."""

    def _fresh_game(self) -> HostedRules[TileGameState, cmd.Command, ev.Event]:
        # Each game deals from its own secret generator: only this process holds the bag.
        return HostedRules(self.tiles, random.Random(secrets.randbits(128)))

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
        session = TileSeat.join(
            LOOPBACK,
            self.port,
            name,
            self.config.game,
            self.dictionary,
            pin=self.pin,
            token=token,
        )
        return TileBot(
            session, Level(level), lambda: self.tiles.words, pace=self.bot_pace, dawg=self._dawg
        )

    def _rematch_seats(self, old: TileGameState) -> list[str]:
        # In the last game's order of play; the hosting player first, who starts it.
        seats = [p for p in old.players if p not in old.bots or p in self.bots]
        seats.sort(key=lambda p: p != self.seat_book.host_seat())
        return seats

    def _next_hosted(
        self, seats: Sequence[str]
    ) -> HostedRules[TileGameState, cmd.Command, ev.Event]:
        return self._fresh_game()

    def _own_people(self) -> tuple[str | None, Collection[str]]:
        return self.captain, self.bots
