"""Wordsmith's screens at 80x24 (and its table at 120x40), from the same scenes as
screenshots/."""

from __future__ import annotations

import pytest

from tests.app.smith_fixtures import SMITH_SCENES, SmithScene

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.mark.parametrize("scene", SMITH_SCENES, ids=[scene.name for scene in SMITH_SCENES])
def test_wordsmith_screen(snap_compare, scene: SmithScene) -> None:
    assert snap_compare(scene.make(), terminal_size=SIZES["80x24"], run_before=scene.settle)


@pytest.mark.parametrize("name", ["wordsmith-choosing", "wordsmith-results"])
def test_wordsmith_screen_wide(snap_compare, name: str) -> None:
    scene = next(scene for scene in SMITH_SCENES if scene.name == name)
    assert snap_compare(scene.make(), terminal_size=SIZES["120x40"], run_before=scene.settle)
