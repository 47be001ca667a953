"""Word Nerds played alone, from the start menu or `solo --game wordnerds`: how many
computer players, how good."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wordsy_tui.app.screens.company import CompanyScreen
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.kit import SOLO_RIVALS
from wordsy_tui.games.wordnerds.rules.config import MAX_PLAYERS

if TYPE_CHECKING:
    from wordsy_tui.games.wordnerds.seat import NerdsSeat


@dataclass(frozen=True)
class NerdsSolo:
    """A game against computer players, as `wordsy-tui solo --game wordnerds` plays it."""

    rivals: int = SOLO_RIVALS
    level: str = Level.MEDIUM.value

    def session(self, name: str) -> NerdsSeat:
        from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
        from wordsy_tui.games.wordnerds.seat import NerdsSeat

        return NerdsSeat.solo(name, NerdsConfig(), [Level(self.level)] * self.rivals)


def nerds_solo_screen() -> CompanyScreen[NerdsSolo]:
    """The start menu's question before Word Nerds alone."""
    return CompanyScreen(
        "Word Nerds",
        MAX_PLAYERS - 1,
        SOLO_RIVALS,
        "easy knows everyday words and declares any, expert every word and waits for a long one",
        NerdsSolo,
    )
