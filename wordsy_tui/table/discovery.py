"""Games on the LAN (Wordsy, tile games): what a host announces over mDNS, what `join` lists."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from net import PROTOCOL_VERSION
from net.discovery import Advertiser, Browser, Service
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import TileGameState
from wordsy_tui.games.wordsy.rules.config import GAME
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.text import shown, unsafe_characters

SERVICE_TYPE: Final = "_wordsy._tcp.local."
GAMES: Final = frozenset({GAME, *(game.value for game in GameName)})
"""The games this program joins from the list: Wordsy and the tile games."""
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
    """Speaks our protocol version and plays a game we know (Wordsy, a tile game); an
    incompatible game is listed but greyed out."""
    game: str = GAME
    """Which game it plays (a host from before the field plays Wordsy)."""
    ssh_port: int | None = None
    """Where the host serves the game over SSH (`host --ssh`); None when it does not."""


def phase_text(state: GameState) -> str:
    if state.phase in (Phase.WRITING, Phase.REVEAL, Phase.CHALLENGES):
        return f"round {state.round}"
    return "over" if state.phase is Phase.OVER else "lobby"


def properties(
    state: GameState, host: str, pin_required: bool, ssh_port: int | None = None
) -> dict[str, str]:
    """The TXT record: short keys, because it rides in one small mDNS packet."""
    record = {
        "v": str(PROTOCOL_VERSION),
        "game": GAME,
        "host": host,
        "players": str(len(state.players)),
        "seats": str(state.config.max_players),
        "phase": phase_text(state),
        "pin": "1" if pin_required else "0",
        "rules": state.config.ruleset.value,
    }
    if ssh_port is not None:
        record["ssh"] = str(ssh_port)
    return record


def tile_properties(
    state: TileGameState, host: str, pin_required: bool, ssh_port: int | None = None
) -> dict[str, str]:
    """A tile game's TXT record: the same keys, its game's name in `game`, and in `rules`
    its board (Wordfeud's random board, or the standard one)."""
    record = {
        "v": str(PROTOCOL_VERSION),
        "game": state.config.game.value,
        "host": host,
        "players": str(len(state.players)),
        "seats": str(state.config.max_players),
        "phase": "lobby" if state.phase.value in ("new", "lobby") else state.phase.value,
        "pin": "1" if pin_required else "0",
        "rules": "random board" if state.config.random_board else "standard",
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
        compatible=props.get("v") == str(PROTOCOL_VERSION) and props.get("game", GAME) in GAMES,
        game=props.get("game", GAME),
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
        """The TXT record of the game's state: Wordsy's `properties`, `tile_properties`."""
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
