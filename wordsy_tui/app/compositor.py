"""A screen that, for a frame, draws only what lies where something changed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual._compositor import Compositor
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip


class ChangedRows(Compositor):
    """Textual picks the widgets to draw for a frame by their clip: every direct child of
    the screen (the title bar, the key bar, a side column) has the whole screen as its
    clip, so each is drawn at every key, if only from its cache (0.05-0.1 ms each), and a
    container the height of the screen draws all its rows. Here a widget is drawn only if
    what shows of it meets the rows and columns that changed, and then only those rows:
    the frame's lines outside them are never sent, so what reaches the terminal is the
    same."""

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            if crop is not None:
                if not shown.overlaps(crop):
                    continue
                # Every column (a chop is cut where the widget's edges are), the crop's rows.
                shown = shown.intersection(Region(shown.x, crop.y, shown.width, crop.height))
            if shown.width and shown.height:
                lines = shown.translate(-region.offset)
                yield region, shown, widget.render_lines(lines)


def draw_changed_rows(screen: Screen[Any]) -> None:
    """`screen` draws a frame from the widgets where something changed (see ChangedRows)."""
    screen._compositor = ChangedRows()
