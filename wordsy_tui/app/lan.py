"""What the app needs from the LAN side: finding games, hosting one, joining one.

The app knows these shapes only; `wordsy_tui.games.wordsy.lan` provides them, and
tests provide fakes, so no screen imports the network.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, TypeGuard, TypeVar, runtime_checkable

from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.wordsy.rules.config import DEFAULT_BOT_LEVEL, GameConfig
from wordsy_tui.games.wordsy.seat import WordsySeat

if TYPE_CHECKING:
    # Only its shape: importing discovery at run time would load mDNS for solo games too.
    from wordsy_tui.table.discovery import FoundGame


Config = TypeVar("Config")


@dataclass(frozen=True)
class TableSetup(Generic[Config]):
    """What the host chose on the start menu's form, whatever the game: what `wordsy-tui
    host` flags set (`--game` and the game's own options are in its `config`)."""

    config: Config
    bots: int = 0
    bot_level: str = DEFAULT_BOT_LEVEL
    pin: str | None = None


HostSetup = TableSetup[GameConfig]
"""A game of Wordsy chosen on the form."""
TileHostSetup = TableSetup[TileGameConfig]
"""A tile game (Scrabble, Words with Friends, Wordfeud) chosen on the form."""


# (Which game a set-up is for is its config's: a check on the config narrows no set-up.)
def is_wordsy(setup: HostSetup | TileHostSetup) -> TypeGuard[HostSetup]:
    return isinstance(setup.config, GameConfig)


def is_tiles(setup: HostSetup | TileHostSetup) -> TypeGuard[TileHostSetup]:
    return isinstance(setup.config, TileGameConfig)


class Lan(Protocol):
    def browse(self) -> AsyncIterator[Sequence[FoundGame]]:
        """The games found, as a fresh list each time it changes."""
        ...

    def host(self, name: str, setup: HostSetup | None = None) -> WordsySeat:
        """A session for the host's own player (not started yet); `setup` None keeps the
        options the program was started with."""
        ...

    def join(self, address: str, port: int, name: str, pin: str | None) -> WordsySeat:
        """A session with the host at `address` (not started yet)."""
        ...

    async def play_tiles(
        self, address: str, port: int, name: str, pin: str | None, game: str
    ) -> int:
        """Sit down at the tile game (`game`: scrabble, wwf, wordfeud) at `address` and play
        it on its own board screen in this terminal (after this app has closed); the
        program's exit status."""
        ...

    async def host_tiles(self, name: str, setup: TileHostSetup) -> int:
        """Host the tile game `setup` describes, as `wordsy-tui host --game` does, with
        `name` at its board screen in this terminal (after this app has closed); the
        program's exit status."""
        ...

    async def keep_hosting(self, session: WordsySeat) -> int:
        """Serve on, headless, the game of a `host` session whose player left it running
        (after the app has closed); the program's exit status."""
        ...


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
