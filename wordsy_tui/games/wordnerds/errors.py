"""Rule errors of Word Nerds: what `decide` raises, worded for the player who tried it."""

from __future__ import annotations


class RuleError(Exception):
    """A command the rules do not allow; `str(error)` is for the player."""

    code = "rule"


class WrongPhase(RuleError):
    code = "wrong-phase"


class UnknownPlayer(RuleError):
    code = "unknown-player"


class SeatingError(RuleError):
    """The seated players cannot start a game (too few, too many, the same name twice)."""

    code = "seating"


class NotYourTurn(RuleError):
    code = "not-your-turn"


class BidError(RuleError):
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
