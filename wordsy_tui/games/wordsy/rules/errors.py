"""Wordsy's rule errors: what `decide` raises when a command breaks the rules.

Each message is written for the player who tried the move. The errors every game shares
(`RuleError`, `WrongPhase`, the seating errors, ...) are the engine's, named here too.
"""

from __future__ import annotations

from wordsy_tui.engine.errors import (
    BadName,
    ControlCharacters,
    NameTaken,
    RuleError,
    SeatingError,
    UnknownPlayer,
    WrongPhase,
)


class NoFlipHolder(RuleError):
    code = "no-flip"


class TimerError(RuleError):
    """The timer cannot be flipped (or paused) now."""

    code = "timer"


class WordLockedError(RuleError):
    code = "word-locked"


class NoWordWritten(RuleError):
    code = "no-word"


class RevealError(RuleError):
    """A revealed word does not match what was written, or is not letters."""

    code = "reveal"


class ChallengeError(RuleError):
    code = "challenge"


class MeantWordError(RuleError):
    """An offer of the word one meant that the rules (or the referee) refuse."""

    code = "meant-word"


__all__ = [
    "BadName",
    "ChallengeError",
    "ControlCharacters",
    "MeantWordError",
    "NameTaken",
    "NoFlipHolder",
    "NoWordWritten",
    "RevealError",
    "RuleError",
    "SeatingError",
    "TimerError",
    "UnknownPlayer",
    "WordLockedError",
    "WrongPhase",
]
