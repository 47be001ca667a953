"""Word Nerds' screens at 80x24 (and its table at 120x40), from the same scenes as
screenshots/."""

from __future__ import annotations

import pytest

from tests.app.nerds_fixtures import NERDS_SCENES, NerdsScene

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("scene", NERDS_SCENES, ids=[scene.name for scene in NERDS_SCENES])
def test_wordnerds_screen(snap_compare, scene: NerdsScene) -> None:
    assert snap_compare(scene.make(), terminal_size=SIZES["80x24"], run_before=scene.settle)


@pytest.mark.parametrize("name", ["wordnerds-battle", "wordnerds-results"])
def test_wordnerds_screen_wide(snap_compare, name: str) -> None:
    scene = next(scene for scene in NERDS_SCENES if scene.name == name)
    assert snap_compare(scene.make(), terminal_size=SIZES["120x40"], run_before=scene.settle)
