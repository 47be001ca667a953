"""A tile game's computer player's mind: from what its seat sees, the next move.

`bots.runner.ComputerPlayer` runs it at the table; the decisions are `scrabble.bots`'
(judge a play, or take the turn). What is here is the table's etiquette: a play that
the people may still challenge is left to them for a while before the bot's own turn
lets it stand, and each move is made after a pause.
"""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Callable
from typing import Final, Protocol

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.bots import TILE_STYLES, decide_turn, respond
from wordsy_tui.games.tiles.rules.dawg import Dawg, vocabulary_dawg
from wordsy_tui.games.tiles.rules.legal import may_play
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.table.bots import Move

JUDGE_SECONDS: Final = 20.0
"""How long a computer player whose turn is next leaves the people to challenge the last
play (its own move lets the play stand); multiplied by its pace."""


class PlayerSeat(Protocol):
    """What a tile game's mind reads and does at its seat (a `TileSeat`)."""

    @property
    def state(self) -> TileGameState: ...

    @property
    def me(self) -> str | None: ...

    async def send(self, command: cmd.Command) -> str | None: ...


class TileMind:
    """A tile game's computer player's decisions at `seat`, at `level`: `words` is the
    agreed word list (public), for judging a play; `pause`, the seconds before each move."""

    def __init__(
        self,
        seat: PlayerSeat,
        level: Level,
        words: Callable[[], Words],
        *,
        pause: float,
        dawg: Callable[[int], Dawg] | None = None,
    ) -> None:
        self.seat = seat
        self.level = level
        self.words = words
        self.pause = pause
        self._dawg = dawg or vocabulary_dawg
        self.rng = random.Random()
        self._judging: tuple[object, float] | None = None
        """The play waiting for the people's judgement, and until when the bot waits."""

    def next_move(
        self, view: TileGameState, pace: float
    ) -> Move[cmd.Command | None] | Move[None] | float | None:
        """Judge a play, or take the turn; or how long to wait for the people to judge
        the play before the bot's turn settles it."""
        if view.phase is not Phase.PLAYING:
            return None
        me = self.seat.me
        assert me is not None
        judged = respond(view, me, self.words())
        if judged is not None:
            return Move(lambda _: self._send(judged), pause=self.pause, give_up=self._pass)
        pending = view.pending
        if pending is not None and any(
            p not in view.bots and p != pending.player and p not in pending.accepted_by
            for p in view.players
        ):
            # Playing now would let the play stand before a person could challenge it.
            now = asyncio.get_running_loop().time()
            key = (pending.player, pending.placement)
            if self._judging is None or self._judging[0] != key:
                self._judging = (key, now + JUDGE_SECONDS * pace)
            left = self._judging[1] - now
            if left > 0:
                return left
        if not may_play(view, me):
            return None
        style = TILE_STYLES[self.level]
        return Move(
            self._send,
            think=functools.partial(decide_turn, view, me, style, self.rng, self._dawg),
            pause=self.pause,
            give_up=self._pass,
        )

    async def _send(self, command: cmd.Command | None) -> str | None:
        return None if command is None else await self.seat.send(command)

    async def _pass(self) -> str | None:
        return await self.seat.send(cmd.Pass())
