"""A tile game (Scrabble, Words with Friends, Wordfeud) across the LAN: which tile game a
host plays (`game_at`), and the computer player at a host's table (`TileBot`).

The host (`games.tiles.host`) alone holds the bag and the racks, and each peer receives
its own seat's view (`games.tiles.seat.TileSeat` over a `table.joined.Joined` door). The
host's own computer players are ordinary clients of it: each sees what its seat sees.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from typing import Final

from net import Client, ClientConfig, Refused
from net.protocol import REQUIREMENTS_MISMATCH
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.mind import TileMind
from wordsy_tui.games.tiles.rules.dawg import Dawg
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.words import Words
from wordsy_tui.games.tiles.seat import TileSeat
from wordsy_tui.games.tiles.solo import BOT_PAUSE_SECONDS
from wordsy_tui.table.bots import ComputerPlayer
from wordsy_tui.table.served import requirements

PROBE_SECONDS: Final = 5.0
"""How long `game_at` waits for each answer before it leaves the host to Wordsy's join."""


async def game_at(address: str, port: int, dictionary: str) -> GameName | None:
    """Which tile game the host at `address:port` plays; None when it plays none of them
    (Wordsy), or does not answer.

    Asked at the door without sitting down: a hello with each tile game's requirements
    and a seat token nobody holds. The host checks the requirements first; its refusal
    says either that they differ (another game) or that the token is unknown (this game).
    """
    for game in GameName:
        probe = Client(
            address,
            port,
            "probe",
            token=secrets.token_hex(16),
            requirements=requirements(dictionary, game.value),
            config=ClientConfig(connect_timeout=PROBE_SECONDS),
        )
        try:
            async with asyncio.timeout(PROBE_SECONDS):
                await probe.start()
        except Refused as refused:
            if refused.reason != REQUIREMENTS_MISMATCH:
                return game
            continue
        except (TimeoutError, OSError):
            return None
        finally:
            await probe.close()
        return game  # welcomed with a token nobody holds: still, it plays this game
    return None


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
