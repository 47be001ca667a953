"""Wordsmith played alone, from the start menu or `solo --game wordsmith`: how many computer
players, how good."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wordsy_tui.app.screens.company import CompanyScreen
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordsmith.kit import SOLO_OPPONENTS as OPPONENTS
from wordsy_tui.games.wordsmith.rules.config import MAX_PLAYERS

if TYPE_CHECKING:
    from wordsy_tui.games.wordsmith.seat import WordsmithSeat


@dataclass(frozen=True)
class WordsmithSolo:
    """A game against computer players, as `wordsy-tui solo --game wordsmith` plays it."""

    opponents: int = OPPONENTS
    level: str = Level.MEDIUM.value

    def session(self, name: str) -> WordsmithSeat:
        from wordsy_tui.games.wordsmith.rules.config import WordsmithConfig
        from wordsy_tui.games.wordsmith.seat import WordsmithSeat

        return WordsmithSeat.solo(name, WordsmithConfig(), [Level(self.level)] * self.opponents)


def wordsmith_solo_screen() -> CompanyScreen[WordsmithSolo]:
    """The start menu's question before Wordsmith alone."""
    return CompanyScreen(
        "Wordsmith",
        MAX_PLAYERS - 1,
        OPPONENTS,
        "easy knows everyday words, expert every word and the best turn it finds",
        WordsmithSolo,
    )
