"""The word on a screen the window is too small for, instead of a garbled table."""

from __future__ import annotations

from typing import Final

from textual.geometry import Size
from textual.widgets import Static

MIN_WIDTH: Final = 80
MIN_HEIGHT: Final = 24
TOO_SMALL_CLASS: Final = "-too-small"
"""On the app while the window is below the smallest size the game draws."""
WIDE_WIDTH: Final = 150
WIDE_HEIGHT: Final = 40
WIDE_CLASS: Final = "-wide"
"""On the app in a window this large: the table spreads out (larger cards, centred)."""


def too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def is_wide(size: Size) -> bool:
    return size.width >= WIDE_WIDTH and size.height >= WIDE_HEIGHT


def size_advice(size: Size) -> str:
    return (
        f"Make the window at least {MIN_WIDTH}x{MIN_HEIGHT} "
        f"(it is {size.width}x{size.height} now).\n\nThe game goes on, and shows again "
        "once the window is large enough."
    )


class TooSmall(Static):
    """Covers its screen while the app wears TOO_SMALL_CLASS (see app/table.tcss).

    One sits on every screen, dialogs included: it is an overlay, so the screen
    below keeps its layout and its focus, and the game shows again as it was.
    """

    def __init__(self) -> None:
        super().__init__(markup=False, classes="too-small")

    def render(self) -> str:
        return size_advice(self.app.size)
