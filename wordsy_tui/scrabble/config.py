"""Options fixed when a tile game is created."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wordsy_tui.scrabble.rulesets import RULES, GameName, Rules

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
"""The boxed game's four racks (rulebook 002)."""


@dataclass(frozen=True, slots=True)
class TileGameConfig:
    game: GameName = GameName.SCRABBLE
    random_board: bool = False
    """Wordfeud's random board: premiums shuffled at the start (see rulesets.random_layout)."""
    max_players: int = MAX_PLAYERS

    @property
    def rules(self) -> Rules:
        return RULES[self.game]
