"""A game of Wordsmith's replay, round by round: its `Steps`, and the app's seat over them
(`table.replay.Replaying`: read-only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from wordsy_tui.games.wordsmith.rules import events as ev
from wordsy_tui.games.wordsmith.rules.state import Phase, WordsmithState
from wordsy_tui.games.wordsmith.seam import wordsmith_rules
from wordsy_tui.games.wordsmith.seat import WordsmithSeat
from wordsy_tui.table.replay import Replaying, Steps


def _next_round(event: ev.Event) -> bool:
    return isinstance(event, ev.RoundStarted) and event.round > 1


def _game_ends(event: ev.Event) -> bool:
    return isinstance(event, ev.GameEnded)


ROUNDS: Final[Steps[WordsmithState, ev.Event]] = Steps(
    wordsmith_rules(),
    # Each frame is the table as a round ends, its goals reached, before the next is dealt.
    ends_before=_next_round,
    ends_after=_game_ends,
    started=lambda state: state.phase not in (Phase.NEW, Phase.LOBBY),
    over=lambda state: state.phase is Phase.OVER,
    tail=True,  # a log that stops mid-round: the turns revealed so far are on the sheets
    tells=True,
)
"""A game of Wordsmith's replay: round by round."""


def wordsmith_replay(bodies: Iterable[object], note: str | None = None) -> WordsmithSeat:
    """The app's seat over a replay of a log's event bodies, round by round: every verb is
    refused and no clock runs; ValueError when one cannot be read or the log shows nothing."""
    return WordsmithSeat(Replaying.read(ROUNDS, bodies, note))
