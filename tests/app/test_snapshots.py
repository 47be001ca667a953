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


# Sizes at the edges: the too-small word (board and a dialog), and the table spread out.
EDGES = {
    "board-too-small": ("board", (60, 20)),
    "vote-too-small": ("vote", (60, 20)),
    "board-wide": ("board", (200, 50)),
    "reveal-wide": ("reveal", (200, 50)),
}


@pytest.mark.parametrize("edge", list(EDGES))
def test_edge_size(snap_compare, edge: str) -> None:
    name, size = EDGES[edge]
    scene = next(scene for scene in SCENES if scene.name == name)
    assert snap_compare(
        make_app(scene), terminal_size=size, run_before=lambda pilot: settle(pilot, scene.keys)
    )
