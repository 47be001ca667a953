"""A text on the screen that costs nothing when a key leaves it as it was."""

from __future__ import annotations

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static


class Line(Static):
    """Text that redraws only when it changes, and lays the screen out again only when its
    height may have: a key changes a live score or a rack, rarely a line's height, and
    never the height of a line the stylesheet sizes (a fixed or fractional height)."""

    # A layout that resizes the line hands it its new size, which would ask for one more
    # layout of the whole screen, to find what the first one found (none scrolls here).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *, id: str) -> None:
        super().__init__(markup=False, id=id)
        self._shown: tuple[str, object, object] | None = None

    def show(self, text: Text) -> None:
        shown = (text.plain, text.spans, text.style)
        if shown == self._shown:
            return
        self._shown = shown
        width, height = self.content_size
        self.update(text, layout=False)
        sized = self.styles.height
        if sized is not None and not sized.is_auto:
            return  # its height is the stylesheet's, whatever it says
        if height == 1 and "\n" not in text.plain and text.cell_len <= width:
            return  # one line before and after
        if not width or self.get_content_height(Size(0, 0), Size(0, 0), width) != height:
            self.refresh(layout=True)
