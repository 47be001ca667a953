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
