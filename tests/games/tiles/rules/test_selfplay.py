"""A whole game between computer players, refereed by the rules alone."""

from __future__ import annotations

import random

from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules import commands as cmd
from wordsy_tui.games.tiles.rules.bots import (
    SCORE_EXPERT,
    TILE_STYLES,
)
from wordsy_tui.games.tiles.rules.config import TileGameConfig
from wordsy_tui.games.tiles.rules.dawg import vocabulary_dawg
from wordsy_tui.games.tiles.rules.selfplay import play_game
from wordsy_tui.games.tiles.rules.state import Phase, TileGameState
from wordsy_tui.games.tiles.rules.words import shipped_words


def test_two_experts_play_scrabble_to_the_end():
    seen: list[tuple[str, cmd.Command]] = []

    def observe(state: TileGameState, seat: str, command: cmd.Command) -> None:
        assert state.turn == seat
        seen.append((seat, command))

    seats = [
        ("equity", TILE_STYLES[Level.EXPERT]),
        ("score", SCORE_EXPERT),
    ]
    final = play_game(
        TileGameConfig(), seats, random.Random(5), shipped_words(), vocabulary_dawg, observe
    )
    assert final.phase is Phase.OVER
    assert final.winners
    assert [(t.player, t.kind) for t in final.turns] == [
        (seat, type(command).__name__.lower()) for seat, command in seen
    ]
    assert all(final.scores[name] > 100 for name, _style in seats)
