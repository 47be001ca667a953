"""A screen that, for a frame, draws only the widgets where something changed."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget


class ChangedRows(Compositor):
    """Textual picks the widgets to draw for a frame by their clip, against the smallest
    box around everything that changed: every direct child of the screen (the title bar,
    the key bar, a side column) has the whole screen as its clip, so each was drawn at
    every key, if only from its cache (0.05-0.1 ms each), every container behind the
    widgets that changed drew all its rows, and a key that changed the tile board and the
    rack beside it drew everything between them. Here, for each region that changed, the
    widgets that meet it are drawn from the front back to the first that holds all of it
    (what is behind that one shows nothing there), and only the box's rows of them: what a
    frame sends is only ever taken from those, so the screen shows the same."""

    def __init__(self) -> None:
        super().__init__()
        self._changed: list[Region] | None = None
        """The regions the frame being drawn updates (none: the whole screen)."""

    def render_partial_update(self) -> ChopsUpdate | None:
        self._changed = list(self._dirty_regions)
        try:
            return super().render_partial_update()
        finally:
            self._changed = None

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        drawn = self._drawn()
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            if crop is not None:
                if not shown.overlaps(crop) or (drawn is not None and widget not in drawn):
                    continue
                # Every column (a chop is cut where the widget's edges are), the crop's rows.
                shown = shown.intersection(Region(shown.x, crop.y, shown.width, crop.height))
            if shown.width and shown.height:
                lines = shown.translate(-region.offset)
                yield region, shown, widget.render_lines(lines)

    def _drawn(self) -> set[Widget] | None:
        """The widgets the frame takes anything from (None: every one): for each region
        that changed, those that meet it from the front back to the first that holds all of
        it (a container behind the widget that changed shows nothing there)."""
        if self._changed is None:
            return None
        drawn: set[Widget] = set()
        shown = [
            (widget, region.intersection(clip))
            for widget, (region, clip) in self.visible_widgets.items()
        ]
        for area in self._changed:
            for widget, part in shown:
                if part.overlaps(area):
                    drawn.add(widget)
                    if part.contains_region(area):
                        break
        return drawn


def draw_changed_rows(screen: Screen[Any]) -> None:
    """`screen` draws a frame from the widgets where something changed (see ChangedRows)."""
    screen._compositor = ChangedRows()
