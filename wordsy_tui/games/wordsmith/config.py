"""Options the host fixes when the game starts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 10
"""The box's 2 to 10 players."""
DEFAULT_ROUND_SECONDS: Final = 120
"""Two minutes to choose two letters, their squares and the bonuses: time to search the
sheet, yet a player who walked away holds the table only this long (docs/RULES.md)."""
MIN_ROUND_SECONDS: Final = 15
MAX_ROUND_SECONDS: Final = 3600
DEFAULT_REVEAL_SECONDS: Final = 20
"""A player's program reveals its sealed turn at once; the limit is for one that is gone."""
MIN_REVEAL_SECONDS: Final = 5
MAX_REVEAL_SECONDS: Final = 300


@dataclass(frozen=True, slots=True)
class WordsmithConfig:
    goals: bool = True
    """False: no goal cards, the rulebook's advice for a first game."""
    open_sheets: bool = True
    """True: every sheet is open once a round is revealed, as paper sheets on a table;
    False: each player sees only their own sheet until the end."""
    round_seconds: int = DEFAULT_ROUND_SECONDS
    reveal_seconds: int = DEFAULT_REVEAL_SECONDS

    def problem(self) -> str | None:
        """What is wrong with these options, for the host; None when nothing is."""
        if not MIN_ROUND_SECONDS <= self.round_seconds <= MAX_ROUND_SECONDS:
            return (
                f"A round lasts {MIN_ROUND_SECONDS} to {MAX_ROUND_SECONDS} seconds, "
                f"not {self.round_seconds}."
            )
        if not MIN_REVEAL_SECONDS <= self.reveal_seconds <= MAX_REVEAL_SECONDS:
            return (
                f"The reveal waits {MIN_REVEAL_SECONDS} to {MAX_REVEAL_SECONDS} seconds, "
                f"not {self.reveal_seconds}."
            )
        return None
