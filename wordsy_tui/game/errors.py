"""Rule errors: what `decide` raises when a command breaks the rules.

Each message is written for the player who tried the move.
"""

from __future__ import annotations


class RuleError(Exception):
    """A command the rules do not allow; `str(error)` is for the player."""

    code = "rule"


class WrongPhase(RuleError):
    code = "wrong-phase"


class UnknownPlayer(RuleError):
    code = "unknown-player"


class SeatingError(RuleError):
    """Joining, leaving or starting the game went wrong (full, name taken, ...)."""

    code = "seating"


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


class ControlCharacters(RuleError):
    """Text a peer sent holds characters that must never reach a terminal (ESC, bidi, ...)."""

    code = "control-characters"


class BadName(SeatingError):
    """A name too long, empty, not in its normal form, or kept for computer players."""

    code = "bad-name"


class NameTaken(SeatingError):
    """A name that is, or looks the same as, one already at the table."""

    code = "name-taken"
