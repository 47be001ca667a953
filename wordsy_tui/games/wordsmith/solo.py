"""Wordsmith against computer players, offline.

The table is the shared solo table (`table.local.Local`: the host and the seat in one, the
host's secret generator there); `SoloBots` are its computer players, who live in this
process: each round, as soon as it starts, each seals the turn it chose from its own seat's
view (on the thinking thread), and reveals it once choosing closes. They never see the
person's turn before their own is sealed: nobody does.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Mapping

from wordsy_tui.engine.errors import RuleError
from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.sealed import SALT_BYTES, commit
from wordsy_tui.games.wordsmith.mind import shared_vocabulary
from wordsy_tui.games.wordsmith.rules import commands as cmd
from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.bots import choose_turn
from wordsy_tui.games.wordsmith.rules.legal import may_choose, may_reveal
from wordsy_tui.games.wordsmith.rules.state import WordsmithState
from wordsy_tui.games.wordsmith.rules.turn import Turn, turn_text
from wordsy_tui.games.wordsmith.rules.view import state_for
from wordsy_tui.games.wordsmith.rules.words import Words
from wordsy_tui.table.bots import Errands, thinking_thread
from wordsy_tui.table.local import Local

SoloTable = Local[WordsmithState, cmd.Command, ev.Event]


def bot_name(number: int, level: Level) -> str:
    """The same names the LAN host gives its computer players."""
    return f"Bot {number} ({level.value})"


class SoloBots:
    """The computer players of a solo game (`names`: their seats and levels), who work a
    turn out with `words`, choosing with their own generator (`seed`: their choices never
    touch the host's draws); `pace` multiplies the wait before their first look."""

    def __init__(
        self,
        names: Mapping[str, Level],
        words: Callable[[], Words],
        seed: int,
        *,
        pace: float = 1.0,
    ) -> None:
        self.names = dict(names)
        self.words = words
        self.rng = random.Random(seed)
        self.pace = pace
        self._turns: dict[str, tuple[Turn, bytes]] = {}
        """This round's turns of the computer players, and their salts, until revealed."""
        self._busy = asyncio.Lock()
        self.errands = Errands()

    async def act(self, table: SoloTable) -> None:
        """Seal each computer player's turn while choosing, reveal it once choosing closes
        (the first time, `FIRST_LOOK_SECONDS` later)."""
        if self.errands.first_look_later(self.pace, lambda: self.act(table)):
            return
        if self._busy.locked():
            return  # the loop already running sees the new state on its next look
        async with self._busy:
            while (step := await self._step(table)) is not None:
                try:
                    await table.apply(*step)
                except RuleError:  # a bot's turn is the rules' own choice; never loop on one
                    return

    async def _step(self, table: SoloTable) -> tuple[str, cmd.Command] | None:
        host = table.host
        for name, level in self.names.items():
            if may_reveal(host, name) and name in self._turns:
                return name, cmd.Reveal(*self._turns.pop(name))
            if may_choose(host, name):
                view = state_for(host, name)
                turn = await asyncio.get_running_loop().run_in_executor(
                    thinking_thread(), self._choose, view, name, level
                )
                salt = self.rng.randbytes(SALT_BYTES)
                self._turns[name] = (turn, salt)
                return name, cmd.Seal(commit(turn_text(turn), salt))
        return None

    def _choose(self, view: WordsmithState, name: str, level: Level) -> Turn:
        return choose_turn(view, name, level, shared_vocabulary(), self.words(), self.rng)
