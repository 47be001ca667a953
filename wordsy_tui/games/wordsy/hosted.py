"""Wordsy's rules on the generic host: what the host runs for each command.

What stays on the host is the random generator that deals the cards; every event
is public (`session.rules.WordsyRules`).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from net import CommandRejected
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.referee import Referee
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.table import seam


class WordsyGame(seam.HostedRules[GameState, cmd.Command, ev.Event]):
    """The generic host of Wordsy's rules, with Wordsy's one rule of its own at the door:
    only the captain starts the game."""

    def __init__(
        self,
        captain: str | None,
        referee: Referee | None = None,
        rng: random.Random | None = None,
        on_event: Callable[[GameState, ev.Event], None] | None = None,
    ) -> None:
        super().__init__(wordsy_rules(referee), rng, on_event)
        self.referee = referee
        """The same referee for the next game of a rematch."""
        self.captain = captain
        """Who may start the game; None: the state's captain, the first person seated."""
        self.presence: dict[str, bool] = {}
        """Who is connected now: a captain who went away hands over to the next person."""

    def house_rule(self, seat: str, command: cmd.Command) -> None:
        if isinstance(command, cmd.StartGame):
            captain = self.captain or self.state.captain_among(self.presence)
            if seat != captain:
                raise CommandRejected(seam.HOST_ONLY, f"{captain} starts the game.")
