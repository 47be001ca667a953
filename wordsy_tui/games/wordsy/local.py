"""A game played entirely in this process: solo play, and tests of the app."""

from __future__ import annotations

import random
import secrets

from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.rules.decide import decide
from wordsy_tui.games.wordsy.rules.errors import RuleError
from wordsy_tui.games.wordsy.rules.referee import Referee
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.table.clock import Clock
from wordsy_tui.table.seat import PresenceChanged, Rejected, Session


class LocalSession(Session):
    """The host and the player in one: commands are decided right here."""

    def __init__(
        self,
        me: str,
        config: GameConfig,
        referee: Referee | None = None,
        seed: int | None = None,
    ) -> None:
        super().__init__(me)
        self.config = config
        self.referee = referee
        self.rng = random.Random(seed if seed is not None else secrets.randbits(64))
        self.clock = Clock(submit=self.send)

    async def start(self) -> None:
        await self.send(cmd.CreateGame(self.config))
        await self.send(cmd.JoinGame(self._seat()))
        self.presence = {self._seat(): True}
        self.publish(PresenceChanged(dict(self.presence)))

    async def stop(self) -> None:
        self.clock.cancel()

    async def rematch(self) -> str | None:
        """Solo: the same options, a fresh deck."""
        if self.state.phase is not Phase.OVER:
            return "The game is not over yet."
        self.begin_again()
        await self.start()
        return None

    async def send(self, command: cmd.Command) -> str | None:
        try:
            events = decide(self.state, command, rng=self.rng, referee=self.referee)
        except RuleError as error:
            self.publish(Rejected(str(error)))
            return str(error)
        await self.receive(events)
        return None
