"""A LAN host with its fronts: the SSH server and the web page beside the game's port."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wordsy_tui.session.lan import LanHost

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


def loopback_for(bind: str) -> str:
    """Where the fronts' children reach the game: its loopback, or its one bound address."""
    if bind in ("", "0.0.0.0"):
        return "127.0.0.1"
    return "::1" if bind == "::" else bind


class FrontedHost(LanHost):
    """`LanHost` that also serves its game over SSH and the web while it runs."""

    def __init__(self, *args: Any, fronts: FrontOptions, bind: str, **kwargs: Any) -> None:
        super().__init__(*args, bind=bind, **kwargs)
        self.fronts = fronts
        self.bind = bind
        self.ssh: SshFront | None = None
        self.web: WebFront | None = None

    async def start(self) -> None:
        # The advertisement waits for the fronts: it carries the SSH port they got.
        announce, self.announce = self.announce, None
        await super().start()
        try:
            await self._start_fronts()
            if announce is not None:
                announce.ssh_port = self.ssh.port if self.ssh is not None else None
                self.announce = announce
                await announce.start(self.state, self.port)
        except BaseException:
            await self.stop()
            raise

    async def _start_fronts(self) -> None:
        game = (loopback_for(self.bind), self.port)
        if self.fronts.ssh_port is not None:
            from wordsy_tui.front.ssh import SshFront, SshLimits

            watchers = min(self.fronts.ssh_watchers, self.host.config.max_spectators)
            self.ssh = SshFront(
                game_address=game,
                seats_folder=self.log_path.with_suffix(".ssh"),
                pin=self.pin,
                limits=SshLimits(max_sessions=self.config.max_players + watchers),
                bind=self.bind,
                port=self.fronts.ssh_port,
                watchers=watchers,
            )
            await self.ssh.start()
        if self.fronts.web_port is not None:
            from wordsy_tui.front.web import WebFront

            self.web = WebFront(
                game_address=game, bind=self.bind, port=self.fronts.web_port, pin=self.pin
            )
            await self.web.start()

    async def stop(self, by: str | None = None) -> None:
        if self.ssh is not None:
            await self.ssh.stop()
            self.ssh = None
        if self.web is not None:
            await self.web.stop()
            self.web = None
        await super().stop(by)

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
            lines.append("Anyone who can reach the web page can watch or join (with the PIN).")
        return lines

    def reachable_addresses(self) -> list[str]:
        return list(self.addresses) if self.bind in ("", "0.0.0.0", "::") else [self.bind]
