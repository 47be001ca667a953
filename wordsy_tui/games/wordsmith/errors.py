"""Rule errors: what `decide` raises when a command breaks the rules, worded for the player
who sent it. Each has a `code` the table can send with the refusal."""

from __future__ import annotations


class RuleError(Exception):
    """A command the rules do not allow; `str(error)` is for the player."""

    code = "rule"


class WrongPhase(RuleError):
    code = "wrong-phase"


class UnknownPlayer(RuleError):
    code = "unknown-player"


class SeatingError(RuleError):
    """The game cannot start with these players or options."""

    code = "seating"


class TurnError(RuleError):
    """A turn the rules refuse: a letter the strip does not show, a square taken, a bonus
    not earned, ..."""

    code = "turn"


class RevealError(RuleError):
    """A reveal that is not the turn sealed, or comes when there is nothing to reveal."""

    code = "reveal"


class ClockError(RuleError):
    """A `TimeUp` from anyone but the host, or for a wait that is over."""

    code = "clock"
