"""The referee the rules engine asks whether a word may be played.

The engine only needs this interface. The full referee (dictionary, word
restrictions, word families) lives in `wordsy_tui.games.wordsy.referee`; the engine ships
the exact-repeat check so it can run and be tested on its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from wordsy_tui.games.wordsy.rules.rulesets import Ruleset


class Reason(StrEnum):
    OK = "ok"
    REPEAT = "repeat"
    """The very word was played in an earlier round."""
    SAME_WORD = "same-word"
    """A plural, tense, gerund, adverb or other form of an earlier word."""
    NOT_A_WORD = "not-a-word"
    PROPER_NOUN = "proper-noun"
    ABBREVIATION = "abbreviation"
    HYPHENATED = "hyphenated"
    CONTRACTION = "contraction"
    NOT_LETTERS = "not-letters"


@dataclass(frozen=True, slots=True)
class PlayedWord:
    """A word scored in an earlier round: public knowledge at the table."""

    word: str
    round: int
    player: str


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    reason: Reason
    message: str
    related: PlayedWord | None = None


ALLOWED = Verdict(True, Reason.OK, "allowed")


class Referee(Protocol):
    def judge(self, word: str, earlier: Sequence[PlayedWord], ruleset: Ruleset) -> Verdict:
        """Whether `word` may be played after the `earlier` rounds' words."""
        ...


class ExactRepeatReferee:
    """Refuses only a word already played in an earlier round."""

    def judge(self, word: str, earlier: Sequence[PlayedWord], ruleset: Ruleset) -> Verdict:
        wanted = word.strip().upper()
        for played in earlier:
            if played.word.upper() == wanted:
                return Verdict(
                    False,
                    Reason.REPEAT,
                    f"{wanted} was already played by {played.player} in round {played.round}",
                    played,
                )
        return ALLOWED
