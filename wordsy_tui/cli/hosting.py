"""What a hosted game is started with (`HostOptions`), and how it is advertised: the
start menu and `join` hold these before their first frame, without the host's modules."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from wordsy_tui.kit import game_info
from wordsy_tui.table.basics import LOBBY_GRACE_SECONDS

if TYPE_CHECKING:
    from wordsy_tui.table.discovery import Announcer


@dataclass(frozen=True)
class HostOptions:
    config: Any
    """The game's own options (its kit's `host_config`); which game it is goes with them."""
    name: str | None
    """The host's own player; None for a headless host."""
    game_name: str | None = None
    bots: int = 0
    bot_level: str = "medium"
    pin: str | None = None
    port: int | None = None
    bind: str = "0.0.0.0"
    interfaces: list[str] | None = None
    advertise: bool = True
    log_path: Path | None = None
    """`--resume`: the saved game to continue (None: a new game)."""
    max_spectators: int = 1000
    lobby_grace: float = LOBBY_GRACE_SECONDS
    """Seconds before an abandoned lobby seat is freed."""
    ssh_port: int | None = None
    """`--ssh`: serve the game over SSH on this port too (None: not)."""
    web_port: int | None = None
    """`--web`: serve the game as a web page on this port too (None: not)."""
    bot_pace: float = 1.0
    """Multiplies the computer players' pauses (tests and demos play fast bots)."""

    @property
    def game(self) -> str:
        """The game hosted, by its `--game` name (its config says)."""
        return str(self.config.game)

    def announcer(self) -> Announcer | None:
        return announcer_for(self, self.game)


class Announced(Protocol):
    """What a host's options say about its advertisement on the LAN."""

    @property
    def name(self) -> str | None: ...
    @property
    def game_name(self) -> str | None: ...
    @property
    def pin(self) -> str | None: ...
    @property
    def interfaces(self) -> list[str] | None: ...
    @property
    def advertise(self) -> bool: ...


def announcer_for(options: Announced, game: str) -> Announcer | None:
    """The advertisement of a host of `game`: "Ann's game", "Ann's Scrabble", or the game's
    title for a headless host, unless the host named its game; None when it does not
    advertise."""
    if not options.advertise:
        return None
    from wordsy_tui.table.discovery import Announcer  # mDNS: only for a host that advertises

    known = game_info(game)
    host = options.name or "a headless host"
    title = options.name and f"{options.name}'s {known.table}"
    game_name = options.game_name or title or known.title
    return Announcer(game_name, host, options.pin is not None, options.interfaces)
