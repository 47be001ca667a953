"""A tile game's replay (Scrabble, Words with Friends, Wordfeud), turn by turn: its
`Steps` and the board app's read-only `TileVerbs` over `session.replay`'s `Replay`.

Apart from Wordsy's replay so that the tile games' rules and table load only for theirs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.seam import tile_rules
from wordsy_tui.games.tiles.session import TileVerbs
from wordsy_tui.table.replay import Frame, Replay, Steps, never


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
    refused; no clock runs, and nobody's last turn has a best move to ask for."""

    steps = TURNS
    leave_question = ""  # nothing to keep: leaving asks nothing

    def __init__(
        self, frames: Sequence[Frame[TileGameState, ev.Event]], note: str | None = None
    ) -> None:
        TileVerbs.__init__(self, None)
        Replay.__init__(self, frames, note)
