"""The whole table in this process, whatever the game: a solo game (and tests of the apps).

`Local` is a seat's door when no host is anywhere else: the game's rules decide right here,
drawing from the host's secret generator; the host's full state is kept here and the seat
is told only its own view of it (`Rules.state_for`, `Rules.event_for`); the clock ends
each wait as a host's would; the computer players who live in this process (a tile
game's solo bots) move between the person's commands; and a game played to its end may be
saved as a host saves its games, for the saved games list, `replay` and `export`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from wordsy_tui.engine import Rules
from wordsy_tui.engine.errors import RuleError
from wordsy_tui.table.clock import AlarmClock, Deadline
from wordsy_tui.table.seat import Door, Rejected


class Phased(Protocol):
    """What a solo table reads of any game's state: whether it is over ("over": every game
    names its end so)."""

    @property
    def phase(self) -> str: ...


S = TypeVar("S", bound=Phased)
"""A game's state."""
C = TypeVar("C")
"""A game's command."""
E = TypeVar("E")
"""A game's event."""


def secret_generator(seed: int | None = None) -> random.Random:
    """The host's secret generator, every deal and draw from it (`seed`: a test's game)."""
    return random.Random(seed if seed is not None else secrets.randbits(64))


class Company(Protocol[S, C, E]):
    """Computer players who live in a solo table's process, beside the person."""

    async def act(self, table: Local[S, C, E]) -> None:
        """Move (`table.apply`) until it is the person's turn again, or the game's end."""


class Local(Door[S, C, E]):
    """The host and the seat in one: `opening` sets the table up (commands with their
    actors, None for the host); `timed`: the clock ends each wait as a host's would;
    `company`: the computer players of this process; `keep_in`: where a game played to
    its end is saved (a host's games directory, asked then; None: it is not kept)."""

    def __init__(
        self,
        rules: Rules[S, C, E],
        me: str,
        opening: Sequence[tuple[str | None, C]],
        *,
        rng: random.Random | None = None,
        timed: bool = True,
        company: Company[S, C, E] | None = None,
        keep_in: Callable[[], Path] | None = None,
    ) -> None:
        super().__init__(me)
        self._me = me
        self.rules = rules
        self.opening = tuple(opening)
        self.rng = rng or secret_generator()
        self.host = rules.fresh()
        """The whole game, every secret in it: only this object holds it."""
        self.log: list[E] = []
        """The host's whole log (the record of the game, every secret in it)."""
        self.clock = AlarmClock(rules.alarm, submit=self._ring) if timed else None
        self.company = company
        self.keep_in = keep_in
        self.kept: Path | None = None
        """The log this game was saved in, once it ended (`keep_in`)."""

    def fresh(self) -> S:
        return self.rules.state_for(self.host, self._me)

    async def start(self) -> None:
        for actor, command in self.opening:
            await self.apply(actor, command)
        self.seat.present({self._me: True})
        await self.settle()

    async def stop(self) -> None:
        if self.clock is not None:
            self.clock.cancel()

    async def send(self, command: C) -> str | None:
        return await self._decide(self._me, command)

    async def settle(self) -> None:
        if self.company is not None:
            await self.company.act(self)

    async def apply(self, actor: str | None, command: C) -> None:
        """Decide `command` as `actor` sends it (None: the host), and tell the seat what it
        sees of it; raises the game's `RuleError` when the rules refuse it."""
        rules = self.rules
        events = rules.decide(self.host, actor, command, self.rng)
        for event in events:
            self.host = rules.evolve(self.host, event)
        self.log.extend(events)
        if self.clock is not None:
            self.clock.observe(self.host)
        if self.host.phase == "over" and self.keep_in is not None and self.kept is None:
            self._keep(self.keep_in())
        seen = [rules.event_for(event, self._me) for event in events]
        await self.seat.moved(rules.state_for(self.host, self._me), seen)

    def _keep(self, directory: Path) -> None:
        """Save the whole log as a host writes its own (every secret in it, the owner's
        only), once the game is over: so a solo game is replayed and exported as a hosted
        one is. A game left before its end is not kept (it cannot be resumed alone)."""
        from net.log import new_game_id, write_events

        path = directory / f"{new_game_id()}.log"
        try:
            write_events(path, (self.rules.encode(event) for event in self.log))
        except OSError as error:
            self.seat.publish(Rejected(f"The game could not be saved: {error.strerror or error}"))
            return
        self.kept = path

    async def _decide(self, actor: str | None, command: C) -> str | None:
        try:
            await self.apply(actor, command)
        except RuleError as error:
            self.seat.publish(Rejected(str(error)))
            return str(error)
        return None

    async def _ring(self, command: C) -> None:
        """The clock ended a wait: the host's command, answered as the seat's are."""
        if await self._decide(None, command) is None:
            await self.settle()

    @property
    def deadline(self) -> Deadline | None:
        return self.clock.deadline if self.clock is not None else None

    async def rematch(self) -> str | None:
        """The same options again, a fresh deal: the table set up anew."""
        if self.host.phase != "over":
            return "The game is not over yet."
        self.host = self.rules.fresh()
        self.log = []
        self.kept = None
        if self.clock is not None:
            self.clock.observe(self.host)
        self.seat.begin_again(self.fresh())
        await self.start()
        return None
