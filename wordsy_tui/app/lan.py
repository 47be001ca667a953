"""The launcher's way onto the LAN: finding games, hosting one, joining one, whatever the
game.

The launcher knows the `Lan` shape only: `LanPlay` gives it, through each game's kit, and
tests give fakes, so no screen imports the network.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from wordsy_tui.engine.levels import Level

if TYPE_CHECKING:
    # Their shapes only: importing discovery at run time would load mDNS for solo games
    # too, and the command line's host options belong to the command line.
    from wordsy_tui.app.table import TableApp
    from wordsy_tui.cli.hosting import HostOptions
    from wordsy_tui.table.discovery import FoundGame


@dataclass(frozen=True)
class TableSetup:
    """What the host chose on the start menu's form, whatever the game: what `wordsy-tui
    host` flags set (`--game` and the game's own options are in its `config`)."""

    config: Any
    """The game's own options, as its kit's `host_config` makes them; their `game` says
    which game it is."""
    bots: int = 0
    bot_level: str = Level.MEDIUM.value
    pin: str | None = None

    @property
    def game(self) -> str:
        """The game set up, by its `--game` name."""
        return str(self.config.game)


class Lan(Protocol):
    def browse(self) -> AsyncIterator[Sequence[FoundGame]]:
        """The games found, as a fresh list each time it changes."""
        ...

    async def game_at(self, address: str, port: int) -> str:
        """The game the host at `address` plays, as its door says; ConnectionError when
        nobody answers there."""
        ...

    def join(self, game: str, address: str, port: int, name: str, pin: str | None) -> TableApp:
        """`game`'s app at the host at `address`, with a seat for `name` in it (or a place
        to watch from): not run yet."""
        ...

    def host(self, name: str, setup: TableSetup) -> TableApp:
        """The app of `name` hosting the game `setup` describes: not run yet (running it
        starts the host)."""
        ...


class LanPlay:
    """The launcher's way onto the LAN (`Lan`), through each game's kit: find, host, join."""

    def __init__(
        self,
        options: HostOptions,
        interfaces: list[str] | None = None,
        spectate: bool = False,
        reclaim: bool = False,
    ) -> None:
        self.options = options
        """What the program was started with (where to listen and advertise, ...): a game
        hosted from the form takes the rest from it."""
        self.interfaces = interfaces
        self.spectate = spectate
        self.reclaim = reclaim
        """Ask the host for the seat of our name, lost with another machine."""

    def browse(self) -> AsyncIterator[list[FoundGame]]:
        from wordsy_tui.table.discovery import browse

        return browse(self.interfaces)

    async def game_at(self, address: str, port: int) -> str:
        from wordsy_tui.table.joined import game_at
        from wordsy_tui.words.digest import dictionary_hash

        return await game_at(address, port, dictionary_hash())

    def join(self, game: str, address: str, port: int, name: str, pin: str | None) -> TableApp:
        from wordsy_tui.app.table import SeatAgain
        from wordsy_tui.kit import kit_for
        from wordsy_tui.table.joined import player_keys

        kit = kit_for(game)
        # The seat's token is kept on disk: the same join takes the seat back.
        keys = None if self.spectate else player_keys()

        def seat(answer: str | None) -> Any:
            return kit.seat(
                game,
                (address, port),
                name,
                answer,
                spectate=self.spectate,
                reclaim=self.reclaim,
                keys=keys,
            )

        # The app asks for the PIN again when the host wants another.
        return kit.app(game, seat(pin), SeatAgain(seat, pin))

    def host(self, name: str, setup: TableSetup) -> TableApp:
        """`host --game`'s host and screens, with the form's options in place of its flags
        (the rest as the program was started; a new game)."""
        from wordsy_tui.kit import kit_for

        options = dataclasses.replace(
            self.options,
            name=name,
            config=setup.config,
            bots=setup.bots,
            bot_level=setup.bot_level,
            pin=setup.pin,
            log_path=None,
        )
        app: TableApp = kit_for(setup.game).hosted(setup.game).app(options)
        return app
