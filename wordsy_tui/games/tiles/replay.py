"""A tile game's replay (Scrabble, Words with Friends, Wordfeud), turn by turn: its
`Steps`, and the board app's seat over them (`table.replay.Replaying`: read-only).

Apart from Wordsy's replay so that the tile games' rules and table load only for theirs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from wordsy_tui.games.tiles.rules import events as ev
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.seam import tile_rules
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.table.replay import Replaying, Steps, never


def _turn_began(event: ev.Event) -> bool:
    return isinstance(event, ev.TurnStarted | ev.GameEnded)


TURNS: Final[Steps[TileGameState, ev.Event]] = Steps(
    tile_rules(),
    ends_before=never,
    ends_after=_turn_began,
    started=lambda state: state.phase not in (Phase.NEW, Phase.LOBBY),
    over=lambda state: state.phase is Phase.OVER,
    tail=True,  # a play that may still be challenged is on the board: show it
    tells=True,
)
"""A tile game's replay (Scrabble, Words with Friends, Wordfeud): turn by turn."""


def tile_replay(bodies: Iterable[object], note: str | None = None) -> TileSeat:
    """The board app's seat over a replay of a log's event bodies, turn by turn: every verb
    is refused, no clock runs, nobody's last turn has a best move to ask for, and leaving
    asks nothing; ValueError when one cannot be read or the log shows nothing."""
    return TileSeat(Replaying.read(TURNS, bodies, note))
