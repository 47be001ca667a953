"""Wordsy's screens: its table's app, screens and widgets."""

from __future__ import annotations

from wordsy_tui.games.wordsy.app.app import WordsyApp

__all__ = ["WordsyApp"]
