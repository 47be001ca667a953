"""A game of Word Nerds' replay, turn by turn: its `Steps`, and the app's seat over them
(`table.replay.Replaying`: read-only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from wordsy_tui.games.wordnerds.rules import events as ev
from wordsy_tui.games.wordnerds.rules.state import NerdsState, Phase
from wordsy_tui.games.wordnerds.seam import nerds_rules
from wordsy_tui.games.wordnerds.seat import NerdsSeat
from wordsy_tui.table.replay import Replaying, Steps, never


def _words_scored(event: ev.Event) -> bool:
    return isinstance(event, ev.DeclarationEnded | ev.GameEnded)


TURNS: Final[Steps[NerdsState, ev.Event]] = Steps(
    nerds_rules(),
    # Each frame is the table as a turn's words are scored: the words laid, the scores.
    ends_before=never,
    ends_after=_words_scored,
    started=lambda state: state.phase not in (Phase.NEW, Phase.LOBBY),
    over=lambda state: state.phase is Phase.OVER,
    tail=True,  # a log that stops mid-turn: the table as it stops
    tells=True,
)
"""A game of Word Nerds' replay: the end of each Word Declaration Phase."""


def wordnerds_replay(bodies: Iterable[object], note: str | None = None) -> NerdsSeat:
    """The app's seat over a replay of a log's event bodies, turn by turn: every verb is
    refused and no clock runs; ValueError when one cannot be read or the log shows nothing."""
    return NerdsSeat(Replaying.read(TURNS, bodies, note))
