"""The Textual app: what players see, for host, join and solo."""

from __future__ import annotations

from wordsy_tui.app.app import WordsyApp

__all__ = ["WordsyApp"]
