"""Solo play against the Solo Card: where the timer sits, and what that earns."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.scoresheet import Box

BONUS_MIN_SCORE: Final = 15
CLIMB_MIN_SCORE: Final = 20


class SoloSpot(IntEnum):
    TOP = 0
    MIDDLE = 1
    BOTTOM = 2


def solo_box(spot: SoloSpot, paused_in_time: bool, score: int) -> Box:
    """A paused timer and 15+ points check a box: the larger one on the top spot."""
    if not paused_in_time or score < BONUS_MIN_SCORE:
        return Box.NONE
    return Box.SECOND if spot is SoloSpot.TOP else Box.FIRST


def next_spot(
    spot: SoloSpot, score: int, got_bonus: bool, difficulty: Difficulty
) -> tuple[SoloSpot, bool]:
    """Where the timer goes next round, and whether a penalty is marked."""
    if score >= CLIMB_MIN_SCORE:
        return (SoloSpot.TOP if got_bonus else spot), False
    if spot is SoloSpot.BOTTOM:
        # Brutal has no middle spot: the timer stays on the bottom.
        return (SoloSpot.BOTTOM if difficulty is Difficulty.BRUTAL else SoloSpot.MIDDLE), True
    if difficulty is Difficulty.BRUTAL:
        return SoloSpot.BOTTOM, False
    return SoloSpot(spot + 1), False
