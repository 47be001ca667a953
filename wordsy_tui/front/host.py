"""A LAN host with its fronts: the SSH server and the web page beside the game's port."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, cast

from net import Host

if TYPE_CHECKING:
    from wordsy_tui.front.ssh import SshFront
    from wordsy_tui.front.web import WebFront
    from wordsy_tui.session.discovery import Announcer


@dataclass(frozen=True)
class FrontOptions:
    ssh_port: int | None = None
    """None: no SSH front."""
    web_port: int | None = None
    """None: no web front."""
    ssh_watchers: int = 20


def loopback_for(bind: str) -> str:
    """Where the fronts' children reach the game: its loopback, or its one bound address."""
    if bind in ("", "0.0.0.0"):
        return "127.0.0.1"
    return "::1" if bind == "::" else bind


class _Seats(Protocol):
    @property
    def max_players(self) -> int: ...


class _Served(Protocol):
    """What the fronts need of the table they serve: its game's host, log and advertisement."""

    host: Host
    pin: str | None
    log_path: Path
    addresses: list[str]
    announce: Announcer | None

    @property
    def port(self) -> int: ...

    @property
    def config(self) -> _Seats: ...

    @property
    def state(self) -> Any: ...

    async def start(self) -> None: ...

    async def stop(self, by: str | None = None) -> None: ...


class Fronted:
    """Serves a table's game over SSH and the web while it runs: mixed in before the table's
    host class (`LanHost`, `TileLanHost`), whose start and stop it wraps."""

    fronts: FrontOptions
    bind: str
    watching: ClassVar[bool] = True
    """Whether the game has seats for watching (every game has, so far)."""
    ssh: SshFront | None
    web: WebFront | None

    def __init__(self, *args: Any, fronts: FrontOptions, bind: str, **kwargs: Any) -> None:
        # The table's own constructor, next in the order of classes.
        cast(Any, super()).__init__(*args, bind=bind, **kwargs)
        self.fronts = fronts
        self.bind = bind
        self.ssh = None
        self.web = None

    def _table(self) -> _Served:
        # The class this is mixed into is the table: the protocol names what is used of it.
        return cast(_Served, self)

    async def start(self) -> None:
        table = self._table()
        # The advertisement waits for the fronts: it carries the SSH port they got.
        announce, table.announce = table.announce, None
        await cast(_Served, super()).start()
        try:
            await self._start_fronts(table)
            if announce is not None:
                announce.ssh_port = self.ssh.port if self.ssh is not None else None
                table.announce = announce
                await announce.start(table.state, table.port)
        except BaseException:
            await self.stop()
            raise

    async def _start_fronts(self, table: _Served) -> None:
        game = (loopback_for(self.bind), table.port)
        if self.fronts.ssh_port is not None:
            from wordsy_tui.front.ssh import SshFront, SshLimits

            watchers = min(self.fronts.ssh_watchers, table.host.config.max_spectators)
            self.ssh = SshFront(
                game_address=game,
                seats_folder=table.log_path.with_suffix(".ssh"),
                pin=table.pin,
                limits=SshLimits(max_sessions=table.config.max_players + watchers),
                bind=self.bind,
                port=self.fronts.ssh_port,
                watchers=watchers,
            )
            await self.ssh.start()
        if self.fronts.web_port is not None:
            from wordsy_tui.front.web import WebFront

            self.web = WebFront(
                game_address=game,
                seats_folder=table.log_path.with_suffix(".web"),
                bind=self.bind,
                port=self.fronts.web_port,
                pin=table.pin,
            )
            await self.web.start()

    async def stop(self, by: str | None = None) -> None:
        if self.ssh is not None:
            await self.ssh.stop()
            self.ssh = None
        if self.web is not None:
            await self.web.stop()
            self.web = None
        await cast(_Served, super()).stop(by)

    @property
    def front_lines(self) -> list[str]:
        """How to join through the fronts, for the lobby and the headless log."""
        lines = []
        addresses = self.reachable_addresses()
        if self.ssh is not None:
            lines += [f"Join over SSH: ssh -p {self.ssh.port} YOURNAME@{a}" for a in addresses]
            lines.append(f"SSH host key: {self.ssh.fingerprint}")
        if self.web is not None:
            lines += [f"Join in a browser: http://{a}:{self.web.port}/" for a in addresses]
            who = "watch or join" if self.watching else "join"
            lines.append(f"Anyone who can reach the web page can {who} (with the PIN).")
        return lines

    @property
    def front_sessions(self) -> int:
        """SSH sessions and browser tabs open now."""
        ssh = len(self.ssh.sessions) if self.ssh is not None else 0
        return ssh + (self.web.tabs.total() if self.web is not None else 0)

    @property
    def front_hint(self) -> str:
        """How to join, in the one line a board screen has for it: the fronts first."""
        first = self.reachable_addresses()[0]
        ways = []
        if self.ssh is not None:
            ways.append(f"ssh -p {self.ssh.port} NAME@{first}")
        if self.web is not None:
            ways.append(f"http://{first}:{self.web.port}/")
        ways.append(f"join --connect {first}:{self._table().port}")
        return "Join: " + " · ".join(ways)

    def reachable_addresses(self) -> list[str]:
        if self.bind in ("", "0.0.0.0", "::"):
            return list(self._table().addresses)
        return [self.bind]


TableT = TypeVar("TableT")

_fronted: dict[type, type] = {}
"""Each game's fronted host class, made once."""


def fronted(table: type[TableT]) -> Callable[..., TableT]:
    """`table`, a game's host class (`LanHost`, `TileLanHost`, ...), that also serves its game
    over SSH and the web while it runs: `Fronted` mixed in before it. Its constructor takes
    the table's arguments and `fronts`."""
    made = _fronted.get(table)
    if made is None:
        doc = f"`{table.__name__}` that also serves its game over SSH and the web."
        made = type(f"Fronted{table.__name__}", (Fronted, table), {"__doc__": doc})
        _fronted[table] = made
    return cast(Callable[..., TableT], made)
