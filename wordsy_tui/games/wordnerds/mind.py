"""Word Nerds' computer player's mind: from what its seat sees, what it does and when.

`table.bots.ComputerPlayer` runs it at the table (a LAN host's computer players, and
`join --bot`); the decisions are the rules' (`rules.bots.next_move`), from the seat's own
view, as any player's program sees the table, worked out on the thinking thread. What is
here is the table's etiquette: a pause a person would take before each kind of move (a
word is looked for, a bid weighed), and a move left unmade when the table moved on while
the bot paused.
"""

from __future__ import annotations

import asyncio
import functools
import random
from collections.abc import Awaitable, Callable
from typing import Final, Protocol

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, Choice, NerdStyle, next_move
from wordsy_tui.games.wordnerds.rules.finder import vocabulary_finder
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.bots import ComputerPlayer, Move

PAUSES: Final[dict[type, tuple[float, float]]] = {
    Bid: (1.5, 4.0),
    cmd.Pick: (1.0, 2.5),
    cmd.Declare: (4.0, 12.0),
    cmd.Trump: (3.0, 8.0),
    cmd.Challenge: (2.0, 5.0),
    cmd.PlayAction: (2.0, 4.0),
    cmd.Pass: (2.0, 5.0),
}
"""Seconds a computer player seems to take over each kind of move (times its pace): a
word is looked for, a trump found, a bid weighed; a person sees each land."""
OTHER_PAUSE: Final = (1.0, 3.0)
"""Keeping a hand, a purchase, a discard, a vote."""


def decide_for(view: NerdsState, seat: str, style: NerdStyle, game: int) -> Choice | None:
    """What a computer player of `style` at `seat` does from `view` (its words' finder
    built the first time, once per process): run on the thinking thread."""
    return next_move(view, Bot(seat, style, vocabulary_finder(style.vocabulary), game))


def pause_for(choice: Choice) -> tuple[float, float]:
    return PAUSES.get(type(choice), OTHER_PAUSE)


class PlayerSeat(Protocol):
    """What Word Nerds' mind reads and does at its seat (a `NerdsSeat`)."""

    @property
    def state(self) -> NerdsState: ...

    @property
    def me(self) -> str | None: ...

    async def seal_bid(self, bid: Bid) -> str | None: ...

    async def act(self, command: cmd.Command) -> str | None: ...


class NerdsMind:
    """A computer player's decisions at `seat`, at `level`."""

    def __init__(
        self, seat: PlayerSeat, level: Level, *, rng: random.Random | None = None
    ) -> None:
        self.seat = seat
        self.style = STYLES[level]
        self.rng = rng or random.Random()
        self.game = self.rng.getrandbits(32)
        """Varies the bot's chance decisions from one game to the next."""

    def next_move(self, view: NerdsState, pace: float) -> Move[Choice | None] | None:
        """What the bot does from `view`, worked out on the thinking thread (a search of
        its words can take a while), made after a person's pause for that kind of move,
        unless the table moved on meanwhile."""
        me = self.seat.me
        if me is None or view.phase in (Phase.NEW, Phase.LOBBY, Phase.OVER):
            return None
        clock = view.clock

        async def make(choice: Choice | None) -> str | None:
            return await self._make(choice, clock, pace)

        think = functools.partial(decide_for, view, me, self.style, self.game)
        return Move(make, think=think, give_up=self._give_up(view))

    async def _make(self, choice: Choice | None, clock: int, pace: float) -> str | None:
        if choice is None:
            return None  # nothing to do until the table changes
        await asyncio.sleep(self.rng.uniform(*pause_for(choice)) * pace)
        if self.seat.state.clock != clock:
            return None  # the table moved on while we paused: the runner looks again
        if isinstance(choice, Bid):
            return await self.seat.seal_bid(choice)
        return await self.seat.act(choice)

    def _give_up(self, view: NerdsState) -> Callable[[], Awaitable[object]]:
        """What the bot does instead of a move the host refused in this very view: where
        the phase has a "nothing", that; else nothing (the clock moves the table on)."""
        nothing: cmd.Command | None = None
        if view.phase in (Phase.DECLARING, Phase.PURCHASING):
            nothing = cmd.Pass()
        elif view.phase is Phase.REFRESHING:
            nothing = cmd.KeepHand()

        async def give_up() -> object:
            return None if nothing is None else await self.seat.act(nothing)

        return give_up


class NerdsBot(ComputerPlayer[NerdsSeat]):
    """A computer player at a host's table: the runner with Word Nerds' mind, over its
    seat (an ordinary client that sees only its own seat's view)."""

    def __init__(self, seat: NerdsSeat, level: Level, *, pace: float = 1.0) -> None:
        super().__init__(seat, NerdsMind(seat, level), pace=pace)
