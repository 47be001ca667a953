"""Regenerate screenshots/: one SVG per screen, from the snapshot tests' own scenes.

    uv run python scripts/screenshots.py

The scenes (tests/app/fixtures.py, tile_fixtures.py, smith_fixtures.py) freeze the clock
and the deck, so an unchanged app gives byte-identical pictures.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The scenes live with the tests; run from anywhere, import them from the checkout.
sys.path.insert(0, str(ROOT))

from tests.app.fixtures import SCENES, make_app, settle  # noqa: E402
from tests.app.nerds_fixtures import NERDS_SCENES  # noqa: E402
from tests.app.smith_fixtures import SMITH_SCENES  # noqa: E402
from tests.app.tile_fixtures import TILE_SCENES, make_tile_app, settle_tiles  # noqa: E402

SIZE = (80, 24)
OUT = ROOT / "screenshots"


async def shoot() -> list[Path]:
    OUT.mkdir(exist_ok=True)
    saved = []
    for scene in SCENES:
        app = make_app(scene)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot, scene.keys)
            saved.append(Path(app.save_screenshot(f"{scene.name}.svg", str(OUT))))
    for tile_scene in TILE_SCENES:
        tile_app = make_tile_app(tile_scene)
        async with tile_app.run_test(size=SIZE) as pilot:
            await settle_tiles(pilot, tile_scene)
            saved.append(Path(tile_app.save_screenshot(f"{tile_scene.name}.svg", str(OUT))))
    for game_scene in (*NERDS_SCENES, *SMITH_SCENES):
        game_app = game_scene.make()
        async with game_app.run_test(size=SIZE) as pilot:
            await game_scene.settle(pilot)
            saved.append(Path(game_app.save_screenshot(f"{game_scene.name}.svg", str(OUT))))
    return saved


def main() -> int:
    for path in asyncio.run(shoot()):
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
