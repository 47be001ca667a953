"""A saved tile game (Scrabble, Words with Friends, Wordfeud), stepped through turn by
turn: a read-only `TileTable` for the board app, as `session.replay` is Wordsy's."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from wordsy_tui.scrabble import events as ev
from wordsy_tui.scrabble.evolve import evolve, replay
from wordsy_tui.scrabble.state import Phase, TileGameState
from wordsy_tui.scrabble.view import for_seat, state_for_seat
from wordsy_tui.session.base import Rejected
from wordsy_tui.session.clock import Deadline
from wordsy_tui.session.replay import NOTHING_CHANGES
from wordsy_tui.session.saved import damage_note, read_tile_events
from wordsy_tui.session.tiles import LastTurn, TableUpdate, TilesChanged, TileVerbs

if TYPE_CHECKING:
    from wordsy_tui.scrabble.bots import Hint


@dataclass(frozen=True, slots=True)
class TileFrame:
    """The table as one turn began (the last frame: as the game ended, or where the log
    stops), and what happened since the frame before."""

    state: TileGameState
    events: tuple[ev.Event, ...]


def turn_frames(events: Iterable[ev.Event]) -> list[TileFrame]:
    """The table at the start of each turn, then at the end (or where the log stops).

    The log is the host's, with every rack: a game that is not finished is shown as a
    spectator sees it (each rack a count), since its racks are still secret.
    """
    events = list(events)
    finished = replay(events).phase is Phase.OVER
    frames: list[TileFrame] = []
    state, since = TileGameState(), list[ev.Event]()
    for event in events:
        state = evolve(state, event)
        since.append(event)
        if isinstance(event, ev.TurnStarted | ev.GameEnded):
            frames.append(_frame(state, since, finished))
            since = []
    if since and frames:  # the log stops mid-turn (a play that may still be challenged)
        frames.append(_frame(state, since, finished))
    return frames


def _frame(state: TileGameState, since: list[ev.Event], finished: bool) -> TileFrame:
    if finished:
        return TileFrame(state, tuple(since))
    return TileFrame(state_for_seat(state, None), tuple(for_seat(e, None) for e in since))


class TileReplaySession(TileVerbs):
    """Shows one frame at a time; every verb is refused, for nothing can change."""

    me = None
    last_turn: LastTurn | None = None
    leave_question = ""  # nothing to keep: leaving asks nothing
    asked_to_judge = False

    def __init__(self, frames: list[TileFrame], note: str | None = None) -> None:
        if not frames:
            raise ValueError("a replay needs at least one turn")
        self.frames = frames
        self.index = 0
        self.state = frames[0].state
        self.finished = frames[-1].state.phase is Phase.OVER
        """Whether the game ended: only then are its racks shown (they are no secret)."""
        self.note = note
        """What the viewer must know about the log, e.g. that it is damaged."""
        self._updates: asyncio.Queue[TableUpdate] = asyncio.Queue()

    async def start(self) -> None:
        self.step(0)
        if self.note:
            self._updates.put_nowait(Rejected(self.note))  # shown in bold, like a refusal

    async def stop(self) -> None:
        return None

    async def updates(self) -> AsyncIterator[TableUpdate]:
        while True:
            yield await self._updates.get()

    async def send(self, command: object) -> str | None:
        return NOTHING_CHANGES

    def step(self, delta: int) -> None:
        """Show the frame `delta` turns on (or back), and what happened in its turn."""
        self.index = max(0, min(len(self.frames) - 1, self.index + delta))
        frame = self.frames[self.index]
        self.state = frame.state
        self._updates.put_nowait(TilesChanged(frame.state, frame.events))

    @property
    def deadline(self) -> Deadline | None:
        return None

    def best_of_last_turn(self) -> Hint | None:
        return None


def tile_replay_of(path: Path) -> TileReplaySession:
    """A replay of the tile game's log at `path`, with the damage note when it is damaged.

    Raises OSError when it cannot be read, ValueError when it is no tile game's log or
    its game never started.
    """
    frames = turn_frames(read_tile_events(path))
    if not frames:
        raise ValueError("its game never started: there is no board to show")
    return TileReplaySession(frames, note=damage_note(path))
