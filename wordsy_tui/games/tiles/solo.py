"""A tile game (Scrabble, Words with Friends, Wordfeud) against computer players, offline.

The table is the shared solo table (`table.local.Local`: the host and the seat in one,
the host's secret generator, the bag and every rack held there); `SoloBots` are its
computer players, who move in this process between the person's commands, each from its
own seat's view, so a bot knows its rack and nothing of anyone else's.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping
from typing import Final

from wordsy_tui.engine.errors import RuleError
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.view import state_for_seat
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.table.local import Local

BOT_PAUSE_SECONDS: Final = 0.8
"""Between two computer players' moves, so a person sees each one land."""

SoloTable = Local[TileGameState, cmd.Command, ev.Event]


def bot_name(number: int, level: Level) -> str:
    """The same names the LAN host gives its computer players."""
    return f"Bot {number} ({level.value})"


class SoloBots:
    """The computer players of a solo tile game (`names`: their seats and levels), who
    judge a play with `words` and think with `dawg`, drawing from their own `rng` (their
    choices never touch the host's draws), a `pause` between two moves."""

    def __init__(
        self,
        names: Mapping[str, Level],
        config: TileGameConfig,
        rng: random.Random,
        *,
        words: Callable[[], Words],
        dawg: Callable[[int], Dawg],
        pause: float,
    ) -> None:
        self.names = dict(names)
        self.config = config
        self.rng = rng
        self.words = words
        self.dawg = dawg
        self.pause = pause
        self._busy = asyncio.Lock()

    @property
    def busy(self) -> bool:
        """The computer players are moving (the player's keys wait for them)."""
        return self._busy.locked()

    async def act(self, table: SoloTable) -> None:
        """Let the computer players move until it is the player's turn (or the end)."""
        if self._busy.locked():
            return  # the loop already running sees the new state on its next look
        async with self._busy:
            while (step := await self._step(table)) is not None:
                name, command = step
                if self.pause:
                    await asyncio.sleep(self.pause)
                try:
                    await table.apply(name, command)
                except RuleError:  # a bot is only ever offered legal moves; never loop on one
                    await table.apply(name, cmd.Pass())

    async def _step(self, table: SoloTable) -> tuple[str, cmd.Command] | None:
        # (The computer players' minds, with the move generator, once they move: a game's
        # first frame needs their names only.)
        from wordsy_tui.games.tiles.rules.bots import TILE_STYLES, decide_turn, respond

        host, me = table.host, table.me
        if host.phase is not Phase.PLAYING:
            return None
        pending = host.pending
        for name in self.names:
            command = respond(state_for_seat(host, name), name, self.words())
            if command is not None:
                return name, command
        judged = pending is None or pending.player == me or me in pending.accepted_by
        nobody_asks_us = judged or not self.config.rules.challenges
        if host.turn in self.names and nobody_asks_us:
            name = host.turn
            style = TILE_STYLES[self.names[name]]
            view = state_for_seat(host, name)
            command = await asyncio.to_thread(decide_turn, view, name, style, self.rng, self.dawg)
            if command is not None:
                return name, command
        return None
