"""Rule errors every game shares: what `decide` raises when a command breaks the rules.

Each message is written for the player who tried the move; each error's `code` is what the
host's refusal carries on the wire (docs/PROTOCOL.md).
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


class ControlCharacters(RuleError):
    """Text a peer sent holds characters that must never reach a terminal (ESC, bidi, ...)."""

    code = "control-characters"


class BadName(SeatingError):
    """A name too long, empty, not in its normal form, or kept for computer players."""

    code = "bad-name"


class NameTaken(SeatingError):
    """A name that is, or looks the same as, one already at the table."""

    code = "name-taken"
