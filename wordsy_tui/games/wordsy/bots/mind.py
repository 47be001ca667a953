"""Wordsy's computer player's mind: from what its seat sees, the next move and its timing.

`bots.runner.ComputerPlayer` runs it at the table: the word comes from `plan.py`
(planned on the thinking thread), what to do next from `turns.py`; here is only when
(thinking as a person would, hurrying when the sand runs out or only bots are left)
and the verbs that carry it out.
"""

from __future__ import annotations

import asyncio
import functools
import random
from typing import Protocol

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsy.bots import plan
from wordsy_tui.games.wordsy.bots.turns import Step, may_flip_after_writing, next_step, people_done
from wordsy_tui.games.wordsy.rules.meant import advice_falls
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.table.bots import Move

VOTE_PAUSE: tuple[float, float] = (1.0, 4.0)
"""Seconds a bot takes to vote, drawn per vote."""
READY_PAUSE: tuple[float, float] = (2.0, 5.0)
"""Seconds a bot takes to say it is ready for the next round, drawn per round."""
HURRY: tuple[float, float] = (1.5, 4.0)
"""Seconds before the sand runs out (or after the people are done) it writes, drawn."""
LOOK_SECONDS = 0.5
"""How often a bot that is thinking looks at the table (someone flipped, people done)."""


class _Deadline(Protocol):
    @property
    def label(self) -> str: ...

    @property
    def at(self) -> float: ...


class PlayerSeat(Protocol):
    """What Wordsy's mind reads and does at its seat (a `WordsySeat`)."""

    @property
    def state(self) -> GameState: ...

    @property
    def me(self) -> str | None: ...

    @property
    def deadline(self) -> _Deadline | None: ...

    async def write(self, word: str) -> str | None: ...

    async def lock_in(self) -> str | None: ...

    async def flip(self) -> str | None: ...

    async def vote(self, uphold: bool) -> str | None: ...

    async def ready(self) -> str | None: ...


class WordsyMind:
    """A Wordsy computer player's decisions at `seat`, at `level`."""

    def __init__(self, seat: PlayerSeat, level: Level | str) -> None:
        self.seat = seat
        self.level = Level(level)
        self.rng = random.Random()

    def next_move(self, view: GameState, pace: float) -> Move[plan.BotPlan] | Move[None] | None:
        me = self.seat.me
        assert me is not None
        match next_step(view, me):
            case Step.WRITE:
                return Move(
                    functools.partial(self._write, view.round, pace),
                    think=functools.partial(
                        # Looked up at each round: tests replace the planner.
                        plan.plan_round,
                        view.board,
                        view.played,
                        self.level,
                        self.rng,
                        no_flip=view.no_flip == me or not view.config.timed,
                        ruleset=view.config.ruleset,
                    ),
                    give_up=self.seat.lock_in,
                )
            case Step.VOTE:
                # A bot follows the referee's advice: what it refused falls, and a meant
                # word is accepted when it is plainly the word written.
                falls = advice_falls(view)
                return Move(lambda _: self.seat.vote(falls), pause=self.rng.uniform(*VOTE_PAUSE))
            case Step.READY:
                return Move(
                    functools.partial(self._ready, view.round),
                    pause=self.rng.uniform(*READY_PAUSE),
                )
        return None

    async def _write(self, round_no: int, pace: float, planned: plan.BotPlan) -> None:
        await self._wait_to_write(planned.think_seconds * pace, round_no, pace)
        state = self.seat.state
        if state.round != round_no or state.phase is not Phase.WRITING:
            return
        me = self.seat.me
        assert me is not None
        await self.seat.write(planned.word)
        may_flip = planned.flips and may_flip_after_writing(self.seat.state, me)
        if not (may_flip and await self.seat.flip() is None):
            await self.seat.lock_in()

    async def _wait_to_write(self, think: float, round_no: int, pace: float = 1.0) -> None:
        """Think, but write before the sand runs out once someone has flipped, and before
        the host's wait limit closes a round nobody flipped."""
        loop = asyncio.get_running_loop()
        until = loop.time() + think
        hurry = self.rng.uniform(*HURRY) * pace
        while loop.time() < until:
            state = self.seat.state
            if state.round != round_no:
                return
            deadline = self.seat.deadline
            if deadline is not None and deadline.label in ("timer", "writing"):
                until = min(until, deadline.at - hurry)
            if people_done(state):
                # Everyone else is waiting on the computer players: write within moments.
                until = min(until, loop.time() + hurry)
            await asyncio.sleep(min(LOOK_SECONDS, max(0.0, until - loop.time())))

    async def _ready(self, round_no: int, _: None) -> str | None:
        return await self.seat.ready() if self.seat.state.round == round_no else None
