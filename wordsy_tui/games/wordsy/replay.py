"""Wordsy's replay: round by round, then the end; its app's seat over `table.replay`'s
`Replay`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Final

from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seam import wordsy_rules
from wordsy_tui.table.replay import Frame, Replay, Steps, never
from wordsy_tui.table.seat import Session, StateChanged


def _round_ended(event: ev.Event) -> bool:
    # Before the round's end is applied: every word revealed and judged, still on screen.
    return isinstance(event, ev.RoundEnded)


ROUNDS: Final[Steps[GameState, ev.Event]] = Steps(
    wordsy_rules(),
    ends_before=_round_ended,
    ends_after=never,
    started=lambda state: state.round >= 1,
    over=lambda state: state.phase is Phase.OVER,
    tail=False,  # a round cut short shows nothing judged: the rounds before are the replay
)
"""Wordsy's replay: round by round, then the end."""


class ReplaySession(Replay[GameState, ev.Event], Session):
    """Wordsy's app's session over a replay, round by round."""

    steps = ROUNDS

    def __init__(
        self, frames: Sequence[Frame[GameState, ev.Event]], note: str | None = None
    ) -> None:
        Session.__init__(self, None)
        Replay.__init__(self, frames, note)

    def _show(self, frame: Frame[GameState, ev.Event]) -> None:
        # No events: the app would greet each one as if it had just happened.
        self.publish(StateChanged(frame.state, ()))


def read_events(path: Path) -> list[ev.Event]:
    """The Wordsy game's events from the host's log, read without changing the file."""
    from wordsy_tui.games.wordsy.rules.codec import decode_event
    from wordsy_tui.table.saved import event_bodies

    return [decode_event(body) for body in event_bodies(path)]
