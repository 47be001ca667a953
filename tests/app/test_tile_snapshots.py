"""The tile games' board at 80x24 and 120x40, from the same scenes as screenshots/."""

from __future__ import annotations

import pytest

from tests.app.tile_fixtures import (
    AWAY_SCENE,
    TILE_SCENES,
    TileScene,
    make_tile_app,
    settle_tiles,
)

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", TILE_SCENES, ids=[scene.name for scene in TILE_SCENES])
def test_tile_screen(snap_compare, scene: TileScene, size: str) -> None:
    async def run_before(pilot) -> None:
        await settle_tiles(pilot, scene)

    assert snap_compare(make_tile_app(scene), terminal_size=SIZES[size], run_before=run_before)


def test_tile_screen_with_a_player_offline(snap_compare) -> None:
    """The list of scores says "offline" where the host says a player is not connected."""

    async def run_before(pilot) -> None:
        await settle_tiles(pilot, AWAY_SCENE)

    assert snap_compare(
        make_tile_app(AWAY_SCENE), terminal_size=SIZES["80x24"], run_before=run_before
    )


def test_tile_replay_of_a_finished_game(snap_compare, tmp_path) -> None:
    """A saved Scrabble game's replay, a few turns in: every rack beside its score."""
    from tests.cli.test_export import saved
    from tests.games.tiles.rules.test_gcg import scripted_game
    from wordsy_tui.games.tiles.app.app import TileApp
    from wordsy_tui.table.saved import replay_of

    _, session = replay_of(saved(tmp_path / "g.log", scripted_game().log))

    async def run_before(pilot) -> None:
        await pilot.press(*["right"] * 4)
        while session.door.index < 4:
            await pilot.pause(0.01)
        await pilot.pause()

    assert snap_compare(TileApp(session), terminal_size=SIZES["80x24"], run_before=run_before)
