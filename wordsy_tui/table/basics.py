"""What a host and its clients share before any host is made: the program's name, the
default port, loopback, what both must agree on, the lobby's grace. The command line, the
start menu and a joining player name these without the host's modules (net's host, mDNS).
"""

from __future__ import annotations

from typing import Final

APP_NAME: Final = "wordsy-tui"
DEFAULT_PORT: Final = 47474
LOOPBACK: Final = "127.0.0.1"
"""Where the host's own players (its hosting player, its computer players) reach it."""
LOBBY_GRACE_SECONDS: Final = 60.0
"""Before the game starts, a seat whose connection stays gone this long is freed (at a
table whose host frees them: `lobby_grace`)."""


def requirements(dictionary: str, game: str) -> dict[str, str]:
    """What host and client must share: the game, and the exact word list."""
    return {"game": game, "dictionary": dictionary}
