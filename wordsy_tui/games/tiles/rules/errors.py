"""Rule errors of the tile games: what `decide` raises, worded for the player."""

from __future__ import annotations

from wordsy_tui.engine.errors import RuleError, SeatingError, UnknownPlayer, WrongPhase

__all__ = [
    "ChallengeError",
    "ClockError",
    "ExchangeError",
    "NotYourTurn",
    "PlacementError",
    "RackError",
    "RuleError",
    "SeatingError",
    "UnknownPlayer",
    "WordError",
    "WrongPhase",
]


class NotYourTurn(RuleError):
    code = "not-your-turn"


class PlacementError(RuleError):
    """Tiles placed against the rules of placement (one line, connected, the centre...)."""

    code = "placement"


class RackError(RuleError):
    """A play or exchange uses tiles the player does not hold."""

    code = "rack"


class WordError(RuleError):
    """Words with Friends, Wordfeud, Scrabble under the void rule: a play forms a word not
    in the word list."""

    code = "not-a-word"


class ExchangeError(RuleError):
    code = "exchange"


class ChallengeError(RuleError):
    code = "challenge"


class ClockError(RuleError):
    """A `TimeUp` from anyone but the host's clock, or for a wait that is over."""

    code = "clock"
