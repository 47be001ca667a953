"""A text on the screen that costs nothing when a key leaves it as it was."""

from __future__ import annotations

from functools import cache

from rich._wrap import divide_line
from rich.console import Console
from rich.errors import StyleSyntaxError
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.app import RenderResult
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import VisualType
from textual.widgets import Static


@cache
def offset_meta(x: int, y: int) -> Style:
    return Style.from_meta({"offset": (x, y)})


@cache
def as_textual(style: Style | None) -> Style:
    """`style` as Textual hands it on (its colours named by number, as in "color(3)")."""
    return VisualStyle.from_rich_style(style).rich_style if style else Style()


@cache
def plain_style(style: str) -> bool:
    """A style Rich reads as Textual does (no theme variable, action or link)."""
    try:
        return not Style.parse(style).link
    except StyleSyntaxError:
        return False


def text_strip(line: Text, base: Style, console: Console, y: int, x: int = 0) -> Strip:
    """One line of text as Textual draws it when it fits (its styles over the widget's,
    each part marked with its offset, which Textual's text selection reads: `y` the line
    of the text, `x` where in that line it starts), without the cost: Textual's way (a
    Content, each span's style resolved on its own) takes about 0.05 ms a span, and a
    rack or a board row has twenty."""
    parts = []
    if not line.plain:  # (Textual's: in the widget's style alone)
        return Strip([Segment("", base + offset_meta(x, y))])
    # (Rich's `render` leaves the text's own style out.)
    under = base + as_textual(console.get_style(line.style))
    for part in line.render(console):
        parts.append(Segment(part.text, under + as_textual(part.style) + offset_meta(x, y)))
        x += len(part.text)  # (Textual counts characters here, not cells)
    return Strip(parts)


def wrapped(lines: list[Text], width: int) -> list[tuple[Text, int, int]] | None:
    """`lines` wrapped to `width` as Textual wraps a text (at the same places, the spaces
    at each break dropped), each row with where it starts: its column and line in the
    text; None if a row would still be too wide (spaces at its end: Textual cuts them)."""
    rows = []
    for y, line in enumerate(lines):
        if line.cell_len <= width:
            rows.append((line, 0, y))
            continue
        breaks = divide_line(line.plain, width, fold=True)
        parts = list(line.divide(breaks))
        for part in parts[:-1]:
            part.rstrip()  # in place
        rows.extend((part, x, y) for part, x in zip(parts, [0, *breaks], strict=True))
    return None if any(row.cell_len > width for row, _, _ in rows) else rows


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
        self._content: VisualType = ""
        self._shown: tuple[str, object, object] | None = None
        self._keeps_height = keeps_height
        self._lines: tuple[Text, list[Text]] | None = None
        """The text shown and its lines, when every line may be drawn by `text_strip`."""
        self._rows: tuple[int, list[tuple[Text, int, int]] | None] | None = None
        """The width the lines were last wrapped to, and their rows (see `wrapped`)."""
        self._strips: dict[int, Strip] = {}
        self._drawn_for: tuple[int, VisualStyle] | None = None

    @property
    def content(self) -> VisualType:
        return self._content

    @content.setter
    def content(self, content: VisualType) -> None:
        self.update(content)

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        # Textual's Static makes its content Textual's at once (a Content from a Rich text:
        # 0.1 ms a line a key); drawn by `text_strip` it is never needed, and Textual's own
        # drawing makes it when it draws (`render`).
        self._content = content
        self.refresh(layout=layout)

    def render(self) -> RenderResult:
        return self._content

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        rows = self._wrapped(width) if width else None
        if rows is not None:
            return len(rows)  # (measured as Textual would, without making it Textual's)
        return super().get_content_height(container, viewport, width)

    def show(self, text: Text) -> None:
        shown = (text.plain, text.spans, text.style)
        if shown == self._shown:
            return
        self._shown = shown
        width, height = self.content_size
        lines = self._drawable(text)
        self._lines = (text, lines) if lines else None
        self._rows = None
        self._strips.clear()
        self.update(text, layout=False)
        sized = self.styles.height
        if sized is not None and not sized.is_auto:
            return  # its height is the stylesheet's, whatever it says
        if height == 1 and "\n" not in text.plain and text.cell_len <= width:
            return  # one line before and after
        if not width:
            self.refresh(layout=True)
            return
        rows = self._wrapped(width)
        if rows is not None:
            needed = len(rows)  # (measured without drawing it)
        else:
            needed = self.get_content_height(Size(0, 0), Size(0, 0), width)
        if needed > height or (needed < height and not self._keeps_height):
            self.refresh(layout=True)

    def _drawable(self, text: Text) -> list[Text]:
        """`text`'s lines, when nothing Textual does to a text can change them (no wrap, tab,
        alignment, link or theme style); else none."""
        if text.justify not in (None, "default", "left") or "\t" in text.plain:
            return []
        styles = [text.style, *(span.style for span in text.spans)]
        if any(isinstance(style, str) and style and not plain_style(style) for style in styles):
            return []
        if any(isinstance(style, Style) and style.link for style in styles):
            return []
        return list(text.split("\n", allow_blank=True))

    def _wrapped(self, width: int) -> list[tuple[Text, int, int]] | None:
        """The rows of the text shown at `width`, when they can be drawn by `text_strip`
        (kept until the text or the width changes); else None."""
        drawable, styles = self._lines, self.styles
        # (Its text may have been set by `update` since: drawn Textual's way then.)
        if (
            drawable is None
            or drawable[0] is not self.content
            or width <= 0
            or styles.text_align not in ("start", "left")
            or styles.content_align != ("left", "top")
            or styles.text_wrap != "wrap"
            or styles.text_overflow != "fold"
            or styles.line_pad
        ):
            return None
        if self._rows is None or self._rows[0] != width:
            self._rows = (width, wrapped(drawable[1], width))
        return self._rows[1]

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        rows = self._wrapped(width)
        if rows is None or self.text_selection is not None:
            return super().render_line(y)
        style = self.visual_style
        if (width, style) != self._drawn_for:
            self._strips.clear()
            self._drawn_for = (width, style)
        strip = self._strips.get(y)
        if strip is None:
            if y >= len(rows):
                return Strip.blank(width, style.rich_style)
            line, x, at = rows[y]
            strip = self._strips[y] = text_strip(line, style.rich_style, self.app.console, at, x)
        return strip
