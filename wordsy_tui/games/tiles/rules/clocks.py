"""The game clock, as data: whose clock runs, what each player has left, the penalty for
running over (docs/RULES.md, "Game clocks").

Time is an input here as everywhere in the rules: the host measures how long a clock ran
and `decide` records it (`ClockRan`) whenever the wait changes, so the time each player
has left is a fold of the log, the same after a reconnect or a resumed host.
"""

from __future__ import annotations

import math
from typing import Final

from wordsy_tui.games.tiles.rules.state import Phase, TileGameState

PENALTY_PER_MINUTE: Final = 10
"""NASPA's and WESPA's penalty for each minute, or part of one, a clock ran over."""
MS: Final = 1000


def running(state: TileGameState) -> str | None:
    """Whose clock runs now: the player on turn; while a play may still be challenged, the
    player who moves next (as a club's clock runs once the play's player pressed it);
    nobody while the table votes on a challenge (a tournament's clock is stopped while a
    challenge is judged), before the game or after it, or without a clock."""
    if not state.config.clocked or state.phase is not Phase.PLAYING or state.vote is not None:
        return None
    pending = state.pending
    if pending is None:
        return state.turn
    following = state.next_after(pending.player)
    while following in state.skip and following != pending.player:
        following = state.next_after(following)
    return following


def flag_ms(state: TileGameState) -> int | None:
    """Milliseconds from the last stamp until the running clock's overtime is used up (its
    player then loses on time); None when no clock runs."""
    player = running(state)
    if player is None:
        return None
    over = state.config.overtime_minutes * 60 * MS
    return max(0, state.clocks.get(player, 0) + over)


def flag_seconds(state: TileGameState) -> float | None:
    ms = flag_ms(state)
    return None if ms is None else ms / MS


def penalty(left_ms: int) -> int:
    """The points a clock showing `left_ms` costs: 10 for each minute over, a started one
    counting whole (0:01 over is 10, 1:00 is 10, 1:01 is 20)."""
    if left_ms >= 0:
        return 0
    return PENALTY_PER_MINUTE * math.ceil(-left_ms / (60 * MS))
