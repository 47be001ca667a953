"""Word Nerds' computer player's mind: from what its seat sees, what it does and when.

`table.bots.ComputerPlayer` runs it at the table (a LAN host's computer players, and
`join --bot`); the decisions are the rules' (`rules.bots.next_move`), from the seat's own
view, as any player's program sees the table. What is here is the table's etiquette: a
pause a person would take before each kind of move (a word is looked for, a bid weighed),
a move left unmade when the table moved on while the bot paused, and the finders of the
words the computer players know, built once per process on the thinking thread.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Final, Protocol

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.rules import commands as cmd
from wordsy_tui.games.wordnerds.rules.bids import Bid
from wordsy_tui.games.wordnerds.rules.bots import STYLES, Bot, Choice, next_move
from wordsy_tui.games.wordnerds.rules.finder import WordFinder, vocabulary_finder
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.bots import ComputerPlayer, Move, thinking_thread

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
FINDER_POLL_SECONDS: Final = 0.25
"""How soon a computer player looks again while its words are being indexed."""

_finders: dict[int, Future[WordFinder]] = {}


def ready_finder(vocabulary: int) -> WordFinder | None:
    """The finder of the words up to `vocabulary`, or None while it is being built (on the
    thinking thread, once per process, the first time a computer player asks)."""
    future = _finders.get(vocabulary)
    if future is None:
        future = _finders[vocabulary] = thinking_thread().submit(vocabulary_finder, vocabulary)
    return future.result() if future.done() else None


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

    def next_move(self, view: NerdsState, pace: float) -> Move[None] | float | None:
        me = self.seat.me
        if me is None or view.phase in (Phase.NEW, Phase.LOBBY, Phase.OVER):
            return None
        finder = ready_finder(self.style.vocabulary)
        if finder is None:
            return FINDER_POLL_SECONDS
        choice = next_move(view, Bot(me, self.style, finder, self.game))
        if choice is None:
            return None
        clock = view.clock

        async def make(_: None) -> str | None:
            return await self._make(choice, clock)

        return Move(make, pause=self.rng.uniform(*pause_for(choice)), give_up=self._give_up(view))

    async def _make(self, choice: Choice, clock: int) -> str | None:
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
