"""A table's fronts: the SSH server and the web page beside its game's port."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Protocol

from net import Host

if TYPE_CHECKING:
    from wordsy_tui.front.ssh import SshFront
    from wordsy_tui.front.web import WebFront


@dataclass(frozen=True)
class FrontOptions:
    ssh_port: int | None = None
    """None: no SSH front."""
    web_port: int | None = None
    """None: no web front."""
    ssh_watchers: int = 20
    ssh_child: Sequence[str] | None = None
    """The program each SSH session runs, before its `join` arguments: a program that
    knows the host's game (None: this package's, `python -m wordsy_tui`)."""


def loopback_for(bind: str) -> str:
    """Where the fronts' children reach the game: its loopback, or its one bound address."""
    if bind in ("", "0.0.0.0"):
        return "127.0.0.1"
    return "::1" if bind == "::" else bind


class _Seats(Protocol):
    @property
    def max_players(self) -> int: ...


class _Served(Protocol):
    """What the fronts need of the table they serve: its game's host, address and log."""

    host: Host
    pin: str | None
    log_path: Path
    bind: str

    @property
    def port(self) -> int: ...

    @property
    def config(self) -> _Seats: ...


class Fronts:
    """Serves a table's game over SSH and the web while it runs: a table
    (`table.served.ServedTable`) holds them, starts them once it serves its game and stops
    them before it stops."""

    watching: ClassVar[bool] = True
    """Whether the game has seats for watching (every game has, so far)."""

    def __init__(self, options: FrontOptions) -> None:
        self.options = options
        self.ssh: SshFront | None = None
        self.web: WebFront | None = None

    @property
    def ssh_port(self) -> int | None:
        return self.ssh.port if self.ssh is not None else None

    @property
    def ssh_fingerprint(self) -> str | None:
        return self.ssh.fingerprint if self.ssh is not None else None

    async def start(self, table: _Served) -> None:
        game = (loopback_for(table.bind), table.port)
        if self.options.ssh_port is not None:
            from wordsy_tui.front.ssh import SshFront, SshLimits

            watchers = min(self.options.ssh_watchers, table.host.config.max_spectators)
            ssh = SshFront(
                game_address=game,
                seats_folder=table.log_path.with_suffix(".ssh"),
                pin=table.pin,
                limits=SshLimits(max_sessions=table.config.max_players + watchers),
                bind=table.bind,
                port=self.options.ssh_port,
                child=None if self.options.ssh_child is None else list(self.options.ssh_child),
                watchers=watchers,
            )
            # Held once it listens: a screen drawn meanwhile (a lobby on a resize) reads
            # the fronts' lines, and a front not listening yet has no port to name.
            await ssh.start()
            self.ssh = ssh
        if self.options.web_port is not None:
            from wordsy_tui.front.web import WebFront

            web = WebFront(
                game_address=game,
                seats_folder=table.log_path.with_suffix(".web"),
                bind=table.bind,
                port=self.options.web_port,
                pin=table.pin,
            )
            await web.start()
            self.web = web

    async def stop(self) -> None:
        if self.ssh is not None:
            await self.ssh.stop()
            self.ssh = None
        if self.web is not None:
            await self.web.stop()
            self.web = None

    def lines(self, addresses: Sequence[str]) -> list[str]:
        """How to join through the fronts, for the lobby and the headless log."""
        lines = []
        if self.ssh is not None:
            lines += [f"Join over SSH: ssh -p {self.ssh.port} YOURNAME@{a}" for a in addresses]
            lines.append(f"SSH host key: {self.ssh.fingerprint}")
        if self.web is not None:
            lines += [f"Join in a browser: http://{a}:{self.web.port}/" for a in addresses]
            who = "watch or join" if self.watching else "join"
            lines.append(f"Anyone who can reach the web page can {who} (with the PIN).")
        return lines

    @property
    def sessions(self) -> int:
        """SSH sessions and browser tabs open now."""
        ssh = len(self.ssh.sessions) if self.ssh is not None else 0
        return ssh + (self.web.tabs.total() if self.web is not None else 0)

    def hint(self, addresses: Sequence[str], port: int) -> str:
        """How to join, in the one line a board screen has for it: the fronts first."""
        first = addresses[0]
        ways = []
        if self.ssh is not None:
            ways.append(f"ssh -p {self.ssh.port} NAME@{first}")
        if self.web is not None:
            ways.append(f"http://{first}:{self.web.port}/")
        ways.append(f"join --connect {first}:{port}")
        return "Join: " + " · ".join(ways)
