"""A host's defaults, which the command line's and the start menu's options name before
any host is made (so without its modules)."""

from __future__ import annotations

from typing import Final

DEFAULT_PORT: Final = 47474
LOBBY_GRACE_SECONDS: Final = 60.0
"""Before the game starts, a seat whose connection stays gone this long is freed (at a
table whose host frees them: `lobby_grace`)."""
