"""Options fixed when a game is created."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar, Final

from wordsy_tui.games.wordsy.rules.rulesets import Ruleset

GAME: Final = "wordsy"  # which game this is, to the host's peers and the LAN's list
ROUNDS: Final = 7
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 6
DEFAULT_TIMER_SECONDS: Final = 30
MIN_TIMER_SECONDS: Final = 5
MAX_TIMER_SECONDS: Final = 600
BOT_LEVELS: Final = ("easy", "medium", "hard", "expert")
"""The host's computer players, weakest first."""
DEFAULT_BOT_LEVEL: Final = "medium"
DEFAULT_WAIT_SECONDS: Final = 180


class Difficulty(StrEnum):
    """Solo difficulties: how many points win, and Brutal's missing middle spot."""

    NORMAL = "normal"
    MEDIUM = "medium"
    HARD = "hard"
    BRUTAL = "brutal"

    @property
    def target(self) -> int:
        return {"normal": 100, "medium": 110, "hard": 120, "brutal": 120}[self.value]


@dataclass(frozen=True, slots=True)
class GameConfig:
    game: ClassVar[str] = GAME
    """The game these options are for (the tile games' configs name theirs too)."""
    ruleset: Ruleset = Ruleset.CLASSIC
    timer_seconds: int | None = DEFAULT_TIMER_SECONDS
    """None plays the no-time-limit variant (a Main Player stands in for the fastest)."""
    handicapped: frozenset[str] = field(default_factory=frozenset)
    solo: Difficulty | None = None
    """Set for a solo game against the Solo Card."""
    max_players: int = MAX_PLAYERS
    # The host's clock, recorded here so that every table counts down alike.
    reveal_seconds: int = 10
    """How long players' programs have to reveal their words."""
    vote_seconds: int = 30
    challenge_seconds: int | None = 60
    """How long a round waits for challenges; None waits until everyone is ready."""
    wait_seconds: int = DEFAULT_WAIT_SECONDS
    """The longest a phase waits for people who have not acted, where no other clock
    runs: writing while nobody has flipped (or with no timer), and challenges with no
    window. A table never waits forever."""
    meant_words: bool = False
    """The first edition's relaxed-play tip: a player whose word fell (to a challenge or
    the referee) may offer the word they meant, and the others vote on it."""

    @property
    def timed(self) -> bool:
        return self.timer_seconds is not None
