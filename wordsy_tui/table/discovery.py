"""Games on the LAN, whatever the game: what a host announces over mDNS, what `join` lists."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from net import PROTOCOL_VERSION
from net.discovery import Advertiser, Browser, Service
from wordsy_tui.kit import game_names, kit_for
from wordsy_tui.text import shown, unsafe_characters

SERVICE_TYPE: Final = "_wordsy._tcp.local."
MAX_GAME_NAME_BYTES: Final = 63
"""A DNS label: the longest instance name mDNS can carry."""


@dataclass(frozen=True, slots=True)
class FoundGame:
    name: str
    host: str
    address: str
    port: int
    players: int
    seats: int
    phase: str
    pin_required: bool
    ruleset: str
    compatible: bool
    """Speaks our protocol version and plays a game we know; an incompatible game is
    listed but greyed out."""
    game: str
    """Which game it plays (a host from before the field plays the registry's first)."""
    ssh_port: int | None = None
    """Where the host serves the game over SSH (`host --ssh`); None when it does not."""


def properties(
    state: Any, host: str, pin_required: bool, ssh_port: int | None = None
) -> dict[str, str]:
    """The TXT record of a game in `state` (any game's: its kit says what the list shows):
    short keys, because it rides in one small mDNS packet."""
    game = str(state.config.game)
    listing = kit_for(game).listing(state)
    record = {
        "v": str(PROTOCOL_VERSION),
        "game": game,
        "host": host,
        "players": str(listing.players),
        "seats": str(listing.seats),
        "phase": listing.phase,
        "pin": "1" if pin_required else "0",
        "rules": listing.rules,
    }
    if ssh_port is not None:
        record["ssh"] = str(ssh_port)
    return record


Describe = Callable[[Any, str, bool, int | None], dict[str, str]]
"""A game's TXT record from its state, the host's name, the PIN's need and the SSH port."""


def game_name_problem(name: str) -> str | None:
    """Why `name` cannot be a game's name in the LAN's list, or None."""
    unsafe = unsafe_characters(name)
    if unsafe:
        return f"a game's name cannot hold control or format characters ({shown(unsafe)})"
    if not name or len(name.encode()) > MAX_GAME_NAME_BYTES:
        return f"a game's name is 1 to {MAX_GAME_NAME_BYTES} bytes of UTF-8"
    return None


def found_game(service: Service) -> FoundGame | None:
    """Read a service's TXT record; None when it is not a game we can list.

    Anyone on the LAN can advertise: a name or TXT value holding control or
    format characters is refused here, before it can reach a screen.
    """
    props: Mapping[str, str] = service.properties
    if not service.addresses or not service.port:
        return None
    texts = [service.name, *props.keys(), *props.values()]
    if any(unsafe_characters(text) for text in texts):
        return None
    try:
        players, seats = int(props.get("players", "0")), int(props.get("seats", "0"))
    except ValueError:
        return None
    game = props.get("game", game_names()[0])
    return FoundGame(
        name=service.name,
        host=props.get("host", "?"),
        address=service.addresses[0],
        port=service.port,
        players=players,
        seats=seats,
        phase=props.get("phase", "?"),
        pin_required=props.get("pin") == "1",
        ruleset=props.get("rules", "?"),
        compatible=props.get("v") == str(PROTOCOL_VERSION) and game in game_names(),
        game=game,
        ssh_port=port_number(props.get("ssh")),
    )


def port_number(text: str | None) -> int | None:
    """A TCP port from a TXT value; None when absent or not one."""
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 5:
        return None
    return int(text) if 0 < int(text) < 65536 else None


async def browse(interfaces: Sequence[str] | None = None) -> AsyncIterator[list[FoundGame]]:
    """The games on the LAN, as a fresh list each time one appears, changes or goes."""
    async with Browser(SERVICE_TYPE, interfaces=interfaces) as browser:
        async for _change in browser.changes():
            games = (found_game(s) for s in browser.services.values())
            yield sorted((g for g in games if g is not None), key=lambda g: g.name.casefold())


class Announcer:
    """Keeps a host's advertisement in step with its game."""

    def __init__(
        self,
        game_name: str,
        host: str,
        pin_required: bool,
        interfaces: Sequence[str] | None = None,
        describe: Describe = properties,
    ) -> None:
        self.describe = describe
        """The TXT record of the game's state (`properties`, by default)."""
        self.game_name = game_name
        self.host = host
        self.pin_required = pin_required
        self.interfaces = interfaces
        self.ssh_port: int | None = None
        """Set by the SSH front before the advertisement starts."""
        self._advertiser: Advertiser | None = None
        self._sent: dict[str, str] | None = None

    async def start(self, state: Any, port: int) -> None:
        """Advertise the game `state` plays (any game's, as `describe` reads it) on `port`."""
        self._sent = self.describe(state, self.host, self.pin_required, self.ssh_port)
        self._advertiser = Advertiser(
            SERVICE_TYPE, self.game_name, port, self._sent, interfaces=self.interfaces
        )
        await self._advertiser.start()

    async def update(self, state: Any) -> None:
        wanted = self.describe(state, self.host, self.pin_required, self.ssh_port)
        if self._advertiser is not None and wanted != self._sent:
            self._sent = wanted
            with contextlib.suppress(OSError):
                await self._advertiser.update(wanted)

    async def stop(self) -> None:
        if self._advertiser is not None:
            await self._advertiser.stop()
            self._advertiser = None
