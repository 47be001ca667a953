"""Computer players' decisions: pure functions of what a player sees, no networking."""

from __future__ import annotations

from wordsy_tui.bots.levels import STYLES, Level, Style
from wordsy_tui.bots.plan import BotPlan, plan_round

__all__ = ["STYLES", "BotPlan", "Level", "Style", "plan_round"]
