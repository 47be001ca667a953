"""A saved game, stepped through round by round: a read-only session for the app.

(A tile game's replay, turn by turn on its board, is `session.tilereplay`.)"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from wordsy_tui.game import commands as cmd
from wordsy_tui.game import events as ev
from wordsy_tui.game.evolve import evolve
from wordsy_tui.game.state import GameState
from wordsy_tui.session.base import Rejected, Session, StateChanged
from wordsy_tui.session.saved import damage_note, read_events

NOTHING_CHANGES = "This is a replay: nothing can be changed."


def round_frames(events: Iterable[ev.Event]) -> list[GameState]:
    """The table at the end of each round (every word revealed and judged), then the end."""
    frames: list[GameState] = []
    state = GameState()
    for event in events:
        if isinstance(event, ev.RoundEnded):
            frames.append(state)
        state = evolve(state, event)
    if not frames or state.phase.value == "over":
        frames.append(state)
    return frames


class ReplaySession(Session):
    """Shows one frame at a time; every command is refused, for nothing can change."""

    def __init__(self, frames: list[GameState], note: str | None = None) -> None:
        super().__init__(None)
        if not frames:
            raise ValueError("a replay needs at least one state")
        self.frames = frames
        self.index = 0
        self.state = frames[0]
        self.note = note
        """What the viewer must know about the log, e.g. that it is damaged."""

    async def start(self) -> None:
        self.step(0)
        if self.note:
            self.publish(Rejected(self.note))  # shown as a warning, like a refusal

    async def stop(self) -> None:
        return None

    async def send(self, command: cmd.Command) -> str | None:
        return NOTHING_CHANGES

    def step(self, delta: int) -> None:
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        self.state = self.frames[self.index]
        self.publish(StateChanged(self.state, (), None))


def replay_of(path: Path) -> ReplaySession:
    """A replay of the log at `path`, with the damage note when it is damaged.

    Raises OSError when it cannot be read, ValueError when it is no game log.
    """
    events = read_events(path)
    if not events:
        raise ValueError("it holds no game events")
    return ReplaySession(round_frames(events), note=damage_note(path))
