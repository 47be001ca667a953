"""What every game's countdown says when the table is about to move on without someone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wordsy_tui.text import shown

STILL_HERE: Final = "any key: still here"
"""How a player the table is about to move on without makes it wait on."""


def waiting_words(away: Sequence[str], me: str | None) -> str:
    """Whom the table is about to move on without (`Deadline.away`), as the countdown
    says it to `me` (None: a spectator)."""
    if me in away:
        return "The table is waiting for you"
    return "Waiting for " + ", ".join(shown(seat) for seat in away)
