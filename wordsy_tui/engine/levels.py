"""Computer player levels: how wide a vocabulary, how close to the best, how quick."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Level(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"


@dataclass(frozen=True, slots=True)
class Style:
    vocabulary: int
    """Highest SCOWL level the bot knows: 35 is everyday English, 70 a keen reader's."""
    longest_word: int
    aim: tuple[float, float]
    """Fraction of the board's best score (for its vocabulary) it settles for, drawn per round."""
    thinking: tuple[float, float]
    """Seconds before it has a word, drawn per round; writing time is added per letter."""
    flip_chance: float
    """Chance it grabs the timer once written, when no one has and it may."""
    choices: int
    """How many equally placed words it picks among, so it does not always play the same."""


STYLES: Final[dict[Level, Style]] = {
    Level.EASY: Style(35, 9, (0.55, 0.75), (40.0, 75.0), 0.15, 5),
    Level.MEDIUM: Style(50, 11, (0.70, 0.88), (30.0, 55.0), 0.35, 4),
    Level.HARD: Style(60, 13, (0.85, 0.97), (20.0, 40.0), 0.6, 3),
    Level.EXPERT: Style(70, 15, (0.96, 1.0), (10.0, 25.0), 0.85, 2),
}
# A person writes a letter in about a third of a second.
SECONDS_PER_LETTER: Final = 0.35
