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

    def __init__(self, *, id: str, keeps_height: bool = False) -> None:
        """`keeps_height`: the line keeps the most rows its texts have needed (until the
        terminal is resized): a shorter text leaves the rest blank rather than moving
        everything under it up now, and down again at the next key, as a hint that wraps
        and unwraps while a word is typed would."""
        super().__init__(markup=False, id=id)
        self._shown: tuple[str, object, object] | None = None
        self._keeps_height = keeps_height

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
        if not width:
            self.refresh(layout=True)
            return
        needed = self.get_content_height(Size(0, 0), Size(0, 0), width)
        if needed > height or (needed < height and not self._keeps_height):
            self.refresh(layout=True)
