"""Wordsmith's own rule errors, beside the ones every game raises (`engine.errors`): what
`decide` raises when a command breaks the rules, worded for the player who sent it. Each
has a `code` the table sends with the refusal."""

from __future__ import annotations

from wordsy_tui.engine.errors import RuleError, SeatingError, UnknownPlayer, WrongPhase

__all__ = [
    "ClockError",
    "RevealError",
    "RuleError",
    "SeatingError",
    "TurnError",
    "UnknownPlayer",
    "WrongPhase",
]


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
