"""A tile game's replay (Scrabble, Words with Friends, Wordfeud), turn by turn: its
`Steps` and the board app's read-only `TileVerbs` over `session.replay`'s `Replay`.

Apart from Wordsy's replay so that the tile games' rules and table load only for theirs.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Final

from wordsy_tui.scrabble import events as ev
from wordsy_tui.scrabble.hosted import tile_rules
from wordsy_tui.scrabble.state import Phase, TileGameState
from wordsy_tui.session.base import Rejected
from wordsy_tui.session.clock import Deadline
from wordsy_tui.session.replay import Frame, Replay, Steps, never
from wordsy_tui.session.tiles import LastTurn, TableUpdate, TilesChanged, TileVerbs

if TYPE_CHECKING:
    from wordsy_tui.scrabble.bots import Hint


def _turn_began(event: ev.Event) -> bool:
    return isinstance(event, ev.TurnStarted | ev.GameEnded)


TURNS: Final[Steps[TileGameState, ev.Event]] = Steps(
    tile_rules(),
    ends_before=never,
    ends_after=_turn_began,
    started=lambda state: state.phase not in (Phase.NEW, Phase.LOBBY),
    over=lambda state: state.phase is Phase.OVER,
    tail=True,  # a play that may still be challenged is on the board: show it
)
"""A tile game's replay (Scrabble, Words with Friends, Wordfeud): turn by turn."""


class TileReplaySession(Replay[TileGameState, ev.Event], TileVerbs):
    """The board app's read-only `TileVerbs` over a replay, turn by turn: every verb is
    refused, there is no clock and no best move to ask for."""

    steps = TURNS
    me = None
    last_turn: LastTurn | None = None
    leave_question = ""  # nothing to keep: leaving asks nothing
    asked_to_judge = False

    def __init__(
        self, frames: Sequence[Frame[TileGameState, ev.Event]], note: str | None = None
    ) -> None:
        super().__init__(frames, note)
        self._updates: asyncio.Queue[TableUpdate] = asyncio.Queue()

    async def updates(self) -> AsyncIterator[TableUpdate]:
        while True:
            yield await self._updates.get()

    def _show(self, frame: Frame[TileGameState, ev.Event]) -> None:
        self._updates.put_nowait(TilesChanged(frame.state, frame.events))

    def _tell(self, note: str) -> None:
        self._updates.put_nowait(Rejected(note))

    @property
    def deadline(self) -> Deadline | None:
        return None

    def best_of_last_turn(self) -> Hint | None:
        return None
