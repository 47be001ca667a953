"""A computer player at any game's table: one runner, over a game's seat and its "mind".

The runner is the part of a computer player that is the same for every game: it sits
down (starts its seat's session), follows the seat's updates, asks the game's mind
what to do from the view it has now, makes at most one move at a time, pauses as a
person would (times its `pace`), thinks on the one thinking thread, passes when
thinking fails or the host refused the move (a bot never holds the table up), and
stops cleanly. A game's mind (`bots.mind`, `scrabble.mind`) says only what to do.

It imports no session and no `net`: the seat is anything with the `SeatSession` shape.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ThreadPoolExecutor

_log = logging.getLogger(__name__)

D = TypeVar("D")
"""What a mind's thinking decides (a planned word, a command)."""


class SeatSession(Protocol):
    """What the runner needs of a seat's session (Wordsy's or a tile game's)."""

    @property
    def me(self) -> str | None:
        """The seat's name (for the log)."""

    @property
    def state(self) -> object:
        """The seat's view now (a new object whenever it changes)."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def updates(self) -> AsyncIterator[object]: ...


SeatT = TypeVar("SeatT", bound=SeatSession, covariant=True)
"""A game's seat session (a bot over a game's session is a bot over any `SeatSession`)."""


@functools.cache
def thinking_thread() -> ThreadPoolExecutor:
    """The one thread on which every computer player of the process thinks.

    Thinking holds the GIL most of the time, so more threads would not think sooner on
    a few cores; and each thread that allocates gets a heap (malloc arena) of its own
    that keeps the search's freed arrays: a thread per bot cost a host 3 MB.
    """
    # (Here: a host's and a solo game's first frame need no thread.)
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="wordsy-bot")


FIRST_LOOK_SECONDS: Final = 0.5
"""How long a solo table's computer players leave it before their first look (times their
pace). Their first thought reads and unpacks the word list on the thinking thread (100-200
ms holding the interpreter): at the deal, it raced the player's first frame, and now and
then came first."""


class Errands:
    """What a solo table's computer players do as tasks of their own (a move after its
    pause, a look at the table): each kept until it ends, and logged if it fails."""

    def __init__(self) -> None:
        self._running: set[asyncio.Task[None]] = set()
        self._looked = False

    def first_look_later(self, pace: float, look: Callable[[], Coroutine[Any, Any, None]]) -> bool:
        """Whether this is the players' first look at a new table: if so, it is put off
        `FIRST_LOOK_SECONDS` times their `pace` (`look()` then)."""
        if self._looked:
            return False
        self._looked = True
        self.later(FIRST_LOOK_SECONDS * pace, look)
        return True

    def run(self, errand: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(errand)
        self._running.add(task)
        task.add_done_callback(self._done)

    def later(
        self, seconds: float, errand: Callable[[], Coroutine[Any, Any, None]]
    ) -> asyncio.TimerHandle:
        """`errand()` run `seconds` from now."""
        return asyncio.get_running_loop().call_later(seconds, lambda: self.run(errand()))

    def _done(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        if not task.cancelled() and task.exception() is not None:
            _log.error("a computer player could not move", exc_info=task.exception())


@dataclass(frozen=True, slots=True)
class Move(Generic[D]):
    """One move of a computer player: what it thinks first, how long it pauses, and
    how it makes the move."""

    make: Callable[[D], Awaitable[str | None]]
    """Carries the decision out; the host's refusal, if it refused the move."""
    think: Callable[[], D] | None = None
    """Blocking work (a search of the board), run on the thinking thread; None: the
    decision is None, and the move is made without thinking."""
    pause: float = 0.0
    """Seconds between thinking and making the move, as a person would wait (times the
    runner's pace)."""
    give_up: Callable[[], Awaitable[object]] | None = None
    """The pass: made instead when thinking fails, or when the host refused the move
    in the very view the mind offers it again from."""


class Mind(Protocol):
    """A game's decisions for one seat: what to do from the view it has now."""

    def next_move(self, view: Any, pace: float) -> Move[Any] | float | None:
        """The move to make from `view`; or in how many seconds to look again (the view
        unchanged); None: nothing to do until the view changes. `pace` multiplies the
        mind's own waits, as it does the moves' pauses."""


class ComputerPlayer(Generic[SeatT]):
    """A computer player: an ordinary client of the host (its `session`) that sees only
    its own seat's view, and its game's `mind`."""

    def __init__(self, session: SeatT, mind: Mind, *, pace: float = 1.0) -> None:
        self.session = session
        self.mind = mind
        self.pace = pace
        """Multiplies every pause: tests and demos play fast bots."""
        self._following: asyncio.Task[None] | None = None
        self._move: asyncio.Task[None] | None = None
        self._looked_while_busy = False
        """The view changed while a move was in flight: look again once it is made."""
        self._timer: asyncio.TimerHandle | None = None
        self._refused_in: object = None
        """The view in which the host refused the last move: from it the bot passes."""
        self._stopped = False

    async def start(self) -> None:
        await self.session.start()
        self._following = asyncio.get_running_loop().create_task(self._follow())

    async def stop(self) -> None:
        """Stop following and cancel the move in flight, then leave the seat's session."""
        self._stopped = True
        if self._timer is not None:
            self._timer.cancel()
        tasks = [t for t in (self._move, self._following) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.session.stop()

    @property
    def moving(self) -> bool:
        """A move is in flight (thinking, pausing or being made)."""
        return self._move is not None and not self._move.done()

    async def _follow(self) -> None:
        async for _update in self.session.updates():
            self._look()

    def _look(self) -> None:
        """Ask the mind what to do from the view now, unless a move is in flight."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._stopped:
            return
        if self.moving:
            self._looked_while_busy = True
            return
        view = self.session.state
        try:
            step = self.mind.next_move(view, self.pace)
        except Exception:
            # A mind that cannot read its view waits for the next one: the table goes on.
            _log.exception("%s could not read its view", self.session.me)
            return
        loop = asyncio.get_running_loop()
        if isinstance(step, Move):
            self._looked_while_busy = False
            self._move = loop.create_task(self._make(step, view))
            self._move.add_done_callback(self._made)
        elif step is not None:
            self._timer = loop.call_later(max(0.0, step), self._look)

    async def _make(self, move: Move[Any], view: object) -> None:
        if view is self._refused_in and move.give_up is not None:
            await asyncio.sleep(move.pause * self.pace)
            await move.give_up()
            return
        if move.think is None:
            decision = None
        else:
            try:
                decision = await asyncio.get_running_loop().run_in_executor(
                    thinking_thread(), move.think
                )
            except Exception:
                # A bot that cannot think must not hold up the table: it passes.
                _log.exception("%s could not think; passing", self.session.me)
                if move.give_up is not None:
                    await move.give_up()
                return
        await asyncio.sleep(move.pause * self.pace)
        if await move.make(decision) is not None:
            self._refused_in = view

    def _made(self, task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            _log.error("%s could not make its move", self.session.me, exc_info=task.exception())
        if self._looked_while_busy and not task.cancelled():
            self._look()
