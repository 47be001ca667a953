"""Wordsy across the LAN: its computer player, at the host's table like anyone's seat.

The host's own (`games.wordsy.host`) and `join --bot`'s: an ordinary client of the host
that sees only its own view, with Wordsy's mind.
"""

from __future__ import annotations

from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.table.bots import ComputerPlayer


class Bot(ComputerPlayer[WordsySeat]):
    """A Wordsy computer player: the runner with Wordsy's mind, over its seat."""

    def __init__(self, session: WordsySeat, level: str, pace: float = 1.0) -> None:
        # The mind, with the word search, loads with the first computer player: a host
        # without one draws its lobby without it.
        from wordsy_tui.games.wordsy.bots.mind import WordsyMind

        super().__init__(session, WordsyMind(session, level), pace=pace)
