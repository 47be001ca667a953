"""Word Nerds against computer players, offline.

The table is the shared solo table (`table.local.Local`: the host and the seat in one, the
decks, every hand and the host's secret generator there); `SoloBots` are its computer
players, who live in this process. Each sees only its own seat's view, thinks on the
thinking thread and moves after the pause a person would take (the mind's), so the person
races them for a word as at a real table: whenever the table changes, each bot looks again
and keeps its planned move only if it is still the one it would make. A bid is sealed like
anyone's, and opened as soon as the bids close.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Mapping
from dataclasses import dataclass

from wordsy_tui.engine.errors import RuleError
from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.sealed import SALT_BYTES
from wordsy_tui.games.wordnerds.mind import decide_for, pause_for
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Choice
from wordsy_tui.games.wordnerds.rules.sealing import BidBook
from wordsy_tui.games.wordnerds.rules.state import NerdsState
from wordsy_tui.games.wordnerds.rules.view import state_for
from wordsy_tui.table.bots import Errands, thinking_thread
from wordsy_tui.table.local import Local

SoloTable = Local[NerdsState, cmd.Command, ev.Event]


def bot_name(number: int, level: Level) -> str:
    """The same names the LAN host gives its computer players."""
    return f"Bot {number} ({level.value})"


@dataclass
class _Plan:
    choice: Choice
    clock: int
    timer: asyncio.TimerHandle


class SoloBots:
    """The computer players of a solo game (`names`: their seats and levels), choosing with
    their own generator (`seed`: their choices never touch the host's draws); `pace`
    multiplies their pauses (tests play them fast)."""

    def __init__(self, names: Mapping[str, Level], *, seed: int, pace: float = 1.0) -> None:
        self.names = dict(names)
        self.rng = random.Random(seed)
        self.game = self.rng.getrandbits(32)
        """Varies the bots' chance decisions from one game to the next."""
        self.pace = pace
        self.book = BidBook()
        self._plans: dict[str, _Plan] = {}
        self.errands = Errands()

    async def act(self, table: SoloTable) -> None:
        """The table changed: open the bids that are due, and plan each bot's next move
        (the first time, `FIRST_LOOK_SECONDS` later)."""
        if self.errands.first_look_later(self.pace, lambda: self.act(table)):
            return
        for name in self.names:
            opening = self.book.reveal(table.host, name)
            if opening is not None:
                await self._apply(table, name, opening)
        await self._plan(table)

    async def _plan(self, table: SoloTable) -> None:
        host = table.host
        loop = asyncio.get_running_loop()
        for name, level in self.names.items():
            view = state_for(host, name)
            choice = await loop.run_in_executor(
                thinking_thread(), decide_for, view, name, STYLES[level], self.game
            )
            if table.host is not host:
                return  # the table changed while the bot thought: a newer plan runs
            planned = self._plans.get(name)
            if planned is not None and (planned.choice, planned.clock) == (choice, host.clock):
                continue  # still what it would do: its pause goes on
            if planned is not None:
                planned.timer.cancel()
                del self._plans[name]
            if choice is not None:
                delay = self.rng.uniform(*pause_for(choice)) * self.pace
                timer = loop.call_later(delay, self._due, table, name, choice)
                self._plans[name] = _Plan(choice, host.clock, timer)

    def _due(self, table: SoloTable, name: str, choice: Choice) -> None:
        self._plans.pop(name, None)
        self.errands.run(self._move(table, name, choice))

    async def _move(self, table: SoloTable, name: str, choice: Choice) -> None:
        command = (
            self.book.seal(name, choice, self.rng.randbytes(SALT_BYTES))
            if isinstance(choice, Bid)
            else choice
        )
        await self._apply(table, name, command)
        await self.act(table)

    async def _apply(self, table: SoloTable, name: str, command: cmd.Command) -> None:
        # A refusal: the table moved on since the bot chose, and it looks again.
        with contextlib.suppress(RuleError):
            await table.apply(name, command)
