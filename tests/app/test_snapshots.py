"""Every screen at 80x24 and 120x40, from the same scenes as screenshots/."""

from __future__ import annotations

import pytest

from tests.app.fixtures import SCENES, Scene, make_app, settle

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("scene", SCENES, ids=[scene.name for scene in SCENES])
def test_screen(snap_compare, scene: Scene, size: str) -> None:
    assert snap_compare(
        make_app(scene),
        terminal_size=SIZES[size],
        run_before=lambda pilot: settle(pilot, scene.keys),
    )
