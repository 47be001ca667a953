"""Word Nerds' own rule errors, beside the ones every game raises (`engine.errors`): what
`decide` raises when a command breaks the rules, worded for the player who sent it. Each
has a `code` the table sends with the refusal."""

from __future__ import annotations

from wordsy_tui.engine.errors import RuleError, SeatingError, UnknownPlayer, WrongPhase

__all__ = [
    "ActionError",
    "BidError",
    "CardError",
    "ChallengeError",
    "ClockError",
    "HandLimit",
    "NotYourTurn",
    "RuleError",
    "SeatingError",
    "TokenError",
    "UnknownPlayer",
    "WordError",
    "WrongPhase",
]


class NotYourTurn(RuleError):
    code = "not-your-turn"


class BidError(RuleError):
    """A bid that is not one unspent token (and bid cards held), or a reveal that is not
    the bid sealed."""

    code = "bid"


class CardError(RuleError):
    """A card the player does not hold, or that is not where the command says."""

    code = "card"


class WordError(RuleError):
    """A word that cannot be laid down: too short, not spelt by its cards, not worth enough."""

    code = "word"


class ChallengeError(RuleError):
    code = "challenge"


class ActionError(RuleError):
    """An action card played at the wrong time or on the wrong thing."""

    code = "action"


class TokenError(RuleError):
    code = "token"


class HandLimit(RuleError):
    """Someone holds more than ten letter cards: they discard before anything else happens."""

    code = "hand-limit"


class ClockError(RuleError):
    """A `TimeUp` from anyone but the host's clock, or for a wait that is over."""

    code = "clock"
