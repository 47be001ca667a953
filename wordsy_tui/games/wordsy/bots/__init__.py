"""Computer players: Wordsy's decisions from what a player sees, and the one runner that
plays any game's computer player at the table (`runner.py`); no networking here."""

from __future__ import annotations

from wordsy_tui.engine.levels import STYLES, Level, Style
from wordsy_tui.games.wordsy.bots.plan import BotPlan, plan_round

__all__ = ["STYLES", "BotPlan", "Level", "Style", "plan_round"]
