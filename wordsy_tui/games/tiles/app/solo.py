"""A tile game played alone, from the start menu: how many computer players, how good."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wordsy_tui.app.screens.company import CompanyScreen
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules.config import MAX_PLAYERS as TILE_MAX_PLAYERS
from wordsy_tui.kit import game_info

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.seat import TileSeat


@dataclass(frozen=True)
class TileSolo:
    """A tile game against computer players, as `wordsy-tui solo --game` plays it."""

    game: str
    bots: int = 1
    level: str = Level.MEDIUM.value

    def session(self, name: str) -> TileSeat:
        from wordsy_tui.engine.levels import Level
        from wordsy_tui.games.tiles.kit import saved_games_directory
        from wordsy_tui.games.tiles.rules.config import TileGameConfig
        from wordsy_tui.games.tiles.rules.rulesets import GameName
        from wordsy_tui.games.tiles.seat import TileSeat

        config = TileGameConfig(GameName(self.game))
        levels = [Level(self.level)] * self.bots
        return TileSeat.solo(name, config, levels, keep_in=saved_games_directory)


def tile_solo_screen(game: str) -> CompanyScreen[TileSolo]:
    """The start menu's question before a tile game alone."""
    return CompanyScreen(
        game_info(game).title,
        TILE_MAX_PLAYERS - 1,
        1,
        "easy knows everyday words, expert every word and the best move",
        lambda bots, level: TileSolo(game, bots, level),
    )
