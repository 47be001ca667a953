"""What Wordsy's screens need of the host, when this program hosts the game: its lobby's
options and seats, removing a player, muting, handing a seat over."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from pathlib import Path
from typing import Protocol, runtime_checkable

from wordsy_tui.games.wordsy.rules.config import GameConfig
from wordsy_tui.games.wordsy.seat import WordsySeat


@runtime_checkable
class HostServer(Protocol):
    """The host's side of the hosting player's seat: what its lobby shows and changes."""

    config: GameConfig
    pin: str | None
    log_path: Path
    bots: Mapping[str, object]
    addresses: Sequence[str]
    """This machine's LAN addresses, for players who join with --connect."""
    on_notice: Callable[[str], None] | None
    bot_level: str
    """The level chosen for computer players when the game was set up."""

    @property
    def port(self) -> int: ...

    async def add_bot(self, level: str) -> str: ...

    async def remove_player(self, name: str) -> str | None:
        """Take a seat away (bot or person); why not, or None when done."""
        ...

    on_reclaim: Callable[[str], Awaitable[bool]] | None
    """Set by the app: asks the host whether someone may take a seat whose key is lost."""

    @property
    def talkers(self) -> list[tuple[str, bool]]:
        """The others connected, who may chat: (name, watching)."""
        ...

    @property
    def muted(self) -> frozenset[str]: ...

    def mute(self, name: str) -> str:
        """Drop `name`'s chat lines at the host; what to tell the host."""
        ...

    def unmute(self, name: str) -> str: ...


def host_server(session: WordsySeat | None) -> HostServer | None:
    """The server behind the host's own session; None when we joined someone else's."""
    server = getattr(session, "server", None)
    return server if isinstance(server, HostServer) else None
