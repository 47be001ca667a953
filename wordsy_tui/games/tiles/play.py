"""Playing a tile game at its board, whichever way it is reached: alone, hosting, or at
someone's host (Scrabble, Words with Friends, Wordfeud)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wordsy_tui.cli.serve import HostOptions, make_server
from wordsy_tui.table.joined import player_keys

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.rules.rulesets import GameName
    from wordsy_tui.games.tiles.seat import TileSeat


async def host_tiles_with_app(options: HostOptions) -> int:
    """The hosting player's board screen, on a running event loop: `host --game`'s, and the
    start menu's after its app has closed."""
    from wordsy_tui.engine.levels import Level
    from wordsy_tui.games.tiles.seat import TileSeat

    assert options.name is not None
    server = make_server(options)  # a tile game
    bots = [Level(options.bot_level)] * options.bots
    return await play_tile_app(TileSeat.host(options.name, server, bots))


def run_tile_app(session: TileSeat) -> int:
    """The board app over `session` (a seat at a table, or a replay), to its end."""
    from wordsy_tui.games.tiles.app.app import TileApp

    app = TileApp(session)
    app.run()
    return app.return_code or 0


async def play_tile_app(session: TileSeat) -> int:
    """`run_tile_app` on a running event loop (after another app has closed on it)."""
    from wordsy_tui.games.tiles.app.app import TileApp

    app = TileApp(session)
    await app.run_async()
    return app.return_code or 0


def tile_seat(
    address: tuple[str, int],
    name: str,
    game: GameName,
    pin: str | None,
    *,
    reclaim: bool,
    spectate: bool = False,
) -> TileSeat:
    """A person's seat at a tile game's host; its token kept on disk, so the same join
    takes the seat back (`spectate`: a place to watch from, which has no token)."""
    from wordsy_tui.games.tiles.seat import TileSeat
    from wordsy_tui.words.lexicon import dictionary_hash

    return TileSeat.join(
        *address,
        name,
        game,
        dictionary_hash(),
        pin=pin,
        keys=None if spectate else player_keys(),
        reclaim=reclaim,
        spectate=spectate,
    )
