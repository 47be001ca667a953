"""Twenty-One's computer players: the runner's mind at a host's table (`MadeUpMind`), and
the company of a solo table (`SoloCompany`). Both choose with the rules' `choose`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final, Protocol

from tests.games.madeup import rules as r
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.bots import Move

if TYPE_CHECKING:
    from wordsy_tui.table.local import Local

SKILL: Final = {Level.EASY: 0.0, Level.MEDIUM: 0.5, Level.HARD: 0.8, Level.EXPERT: 1.0}
"""How often each level makes the best move (else any)."""
PAUSE_SECONDS: Final = 1.0
"""A computer player's pause before it adds (times the runner's pace)."""


class Adder(Protocol):
    """What the mind does at its seat (a `MadeUpSeat`)."""

    @property
    def me(self) -> str | None: ...

    async def add(self, amount: int) -> str | None: ...


class MadeUpMind:
    """A computer player's decisions at `seat`, at `level`."""

    def __init__(self, seat: Adder, level: Level, rng: random.Random | None = None) -> None:
        self.seat = seat
        self.skill = SKILL[level]
        self.rng = rng or random.Random()

    def next_move(self, view: r.State, pace: float) -> Move[None] | None:
        me = self.seat.me
        amount = None if me is None else r.choose(view, me, self.skill, self.rng)
        if amount is None:
            return None
        return Move(lambda _: self.seat.add(amount), pause=PAUSE_SECONDS, give_up=self._least)

    async def _least(self) -> str | None:
        return await self.seat.add(1)


class SoloCompany:
    """The computer players of a solo table (`names`: their levels), who move between
    the person's turns."""

    def __init__(self, names: Mapping[str, Level], rng: random.Random) -> None:
        self.skills = {name: SKILL[level] for name, level in names.items()}
        self.rng = rng

    async def act(self, table: Local[r.State, r.Command, r.Event]) -> None:
        while (turn := table.host.turn) in self.skills:
            amount = r.choose(table.host, turn, self.skills[turn], self.rng)
            assert amount is not None  # it is their turn
            await table.apply(turn, r.Add(amount))
