"""The Solo Card: where the timer sits, what pausing it earns there, the target."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from wordsy_tui.games.wordsy.rules.config import Difficulty
from wordsy_tui.games.wordsy.rules.solo import BONUS_MIN_SCORE, CLIMB_MIN_SCORE, SoloSpot

SPOT_NAMES = {SoloSpot.TOP: "Top", SoloSpot.MIDDLE: "Middle", SoloSpot.BOTTOM: "Bottom"}


class SoloCard(Widget):
    spot: reactive[SoloSpot] = reactive(SoloSpot.TOP)
    difficulty: reactive[Difficulty] = reactive(Difficulty.NORMAL)
    total: reactive[int] = reactive(0)

    def render(self) -> RenderableType:
        text = Text()
        spots = [
            s
            for s in SoloSpot
            if not (self.difficulty is Difficulty.BRUTAL and s is SoloSpot.MIDDLE)
        ]
        for spot in spots:
            here = spot is self.spot
            text.append("▶ " if here else "  ", "bold")
            text.append(f"{SPOT_NAMES[spot]:<7}", "bold" if here else "")
            text.append("larger box" if spot is SoloSpot.TOP else "smaller box")
            text.append("  ← timer\n" if here else "\n")
        text.append(f"Pause in time, {BONUS_MIN_SCORE}+ points: a box.\n")
        text.append(f"{CLIMB_MIN_SCORE}+ and a box: timer to the top.\n")
        text.append(f"Target {self.difficulty.target} ({self.difficulty.value}) · you have ")
        text.append(str(self.total), "bold")
        return text
