"""A tile game (Scrabble, Words with Friends, Wordfeud) across the LAN: which tile game a
host plays (`game_at`), and the computer player at a host's table (`TileBot`).

The host (`games.tiles.host`) alone holds the bag and the racks, and each peer receives
its own seat's view (`games.tiles.seat.TileSeat` over a `table.joined.Joined` door). The
host's own computer players are ordinary clients of it: each sees what its seat sees.
"""

from __future__ import annotations

from collections.abc import Callable

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.mind import TileMind
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.tiles.solo import BOT_PAUSE_SECONDS
from wordsy_tui.table.bots import ComputerPlayer


class TileBot(ComputerPlayer[TileSeat]):
    """A computer player of the host's: the runner with a tile game's mind, over its
    seat's session (an ordinary client that sees only its own seat). `words`: the agreed
    word list, for judging a play (it is public)."""

    def __init__(
        self,
        session: TileSeat,
        level: Level,
        words: Callable[[], Words],
        *,
        pace: float = 1.0,
        dawg: Callable[[int], Dawg] | None = None,
    ) -> None:
        mind = TileMind(session, level, words, pause=BOT_PAUSE_SECONDS, dawg=dawg)
        super().__init__(session, mind, pace=pace)
