"""Options fixed when a tile game is created."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName, Rules

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
"""The boxed game's four racks (rulebook 002)."""
DEFAULT_TURN_SECONDS: Final = 300
"""Five minutes a turn: room to think over a rack, yet a player who walked away costs the
table only this long (docs/RULES.md, "The turn limit")."""
MIN_TURN_SECONDS: Final = 10
MAX_TURN_SECONDS: Final = 24 * 3600
CHALLENGE_SECONDS: Final = 60
"""The longest a play waits for the table to challenge it or let it stand (Scrabble)."""
VOTE_SECONDS: Final = 30
"""The longest the table's vote on a challenge runs (Wordsy's vote has the same default)."""


@dataclass(frozen=True, slots=True)
class TileGameConfig:
    game: GameName = GameName.SCRABBLE
    random_board: bool = False
    """Wordfeud's random board: premiums shuffled at the start (see rulesets.random_layout)."""
    max_players: int = MAX_PLAYERS
    turn_seconds: int = DEFAULT_TURN_SECONDS
    """The host's limit on a turn: when it has passed, the host passes for the player."""
    table_vote: bool = False
    """Scrabble: a challenge goes to the table's vote, the word list advising (as in Wordsy);
    off, the word list decides at once. The other games have no challenges to vote on:
    `decide` refuses to create one of them with it."""

    @property
    def challenge_seconds(self) -> int:
        """The limit on the challenge window: never longer than a turn."""
        return min(CHALLENGE_SECONDS, self.turn_seconds)

    @property
    def vote_seconds(self) -> int:
        """The limit on the table's vote: never longer than a turn."""
        return min(VOTE_SECONDS, self.turn_seconds)

    @property
    def rules(self) -> Rules:
        return RULES[self.game]
