"""The two printed rulesets the game can be played by."""

from __future__ import annotations

from enum import StrEnum


class Ruleset(StrEnum):
    CLASSIC = "classic"
    """First edition: the default."""
    SECOND_EDITION = "second-edition"
    """Second edition quick rules: a broader "same word" rule and its own no-timer variant."""
