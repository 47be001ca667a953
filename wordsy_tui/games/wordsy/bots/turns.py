"""What a computer player does next at the table: pure functions of what its seat sees.

Wordsy's mind (`mind.py`) decides only when (its pauses, the clock), and the runner
(`runner.py`) plays it at the table; what is legal comes from the rules, never
re-derived here.
"""

from __future__ import annotations

from enum import Enum

from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.legal import allowed, waiting_for, with_word_written
from wordsy_tui.games.wordsy.rules.state import GameState


class Step(Enum):
    WRITE = "write"
    VOTE = "vote"
    READY = "ready"


def next_step(state: GameState, me: str) -> Step | None:
    """The bot's next move at the table, or None when nothing waits for it."""
    if allowed(state, cmd.LockIn(me)):
        return Step.WRITE
    if allowed(state, cmd.Vote(me, True)):
        return Step.VOTE
    # A bot says it is ready only once no vote is open: it may still be asked for one.
    if state.challenge is None and allowed(state, cmd.Ready(me)):
        return Step.READY
    return None


def may_flip_after_writing(state: GameState, me: str) -> bool:
    """Whether `me` may flip the timer once its word is written (its lock-in then waits)."""
    return allowed(with_word_written(state, me), cmd.FlipTimer(me))


def people_done(state: GameState) -> bool:
    """The table waits only for computer players now (the rules say whom it waits for:
    a person who locked in, or left the game, is not waited for)."""
    return waiting_for(state) <= state.bots and any(p not in state.bots for p in state.active)
