"""The fold's own `_replace`: what `dataclasses.replace` makes, for every state a game
goes through, and a refusal for a field the value does not have."""

from __future__ import annotations

import dataclasses

import pytest

from tests.games.tiles.rules.test_view import played_game
from wordsy_tui.games.tiles.rules import evolve as fold
from wordsy_tui.games.tiles.rules.rulesets import GameName
from wordsy_tui.games.tiles.rules.state import PendingPlay, TableVote, TileGameState


@pytest.mark.parametrize("game", list(GameName))
def test_every_state_of_a_game_is_what_dataclasses_replace_makes(game: GameName) -> None:
    table = played_game(game, 3)
    state, made = TileGameState(), 0
    for event in table.log:
        after = fold.evolve(state, event)
        changed = {
            f.name: getattr(after, f.name)
            for f in dataclasses.fields(after)
            if getattr(after, f.name) is not getattr(state, f.name)
        }
        if after is not state:
            assert after == dataclasses.replace(state, **changed)
            made += 1
        state = after
    assert state == table.state
    assert made > 50


def test_the_folds_values_have_nothing_replace_would_skip() -> None:
    for cls in (TileGameState, PendingPlay, TableVote):
        assert not hasattr(cls, "__post_init__")
        assert all(f.init for f in dataclasses.fields(cls))


def test_a_field_the_value_does_not_have_is_refused() -> None:
    with pytest.raises(TypeError, match="no field 'colour'"):
        fold._replace(TileGameState(), turn="ann", colour="red")
