"""The table's chat: its last lines on the board and in the lobby.

Every line comes from a peer: the name and the text are shown through the one
safe-text helper, as Rich text that is never read as markup.
"""

from __future__ import annotations

from typing import Final

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from wordsy_tui.app.chat import chatting_app
from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.text import shown

SHOWN_LINES: Final = 20
"""The lines a log holds: more than any screen shows, the newest at the bottom."""
WRAP_WIDTH: Final = 78
"""The width a line wraps at, at least (a narrower log shows the start of each row)."""


def chat_line(line: ChatHeard, me: str | None) -> Text:
    text = Text()
    text.append(shown(line.name), "bold" if line.name == me and not line.watching else "")
    if line.watching:
        text.append(" (watching)", "italic")
    text.append(": ")
    text.append(shown(line.text))
    return text


class ChatLog(ScrollView):
    """The last lines said at the table; hidden where nobody else can hear (solo, replay).

    Drawn line by line, the newest at the bottom, and scrolled by the mouse wheel as
    Textual's RichLog is (which this was), without the pretty-printer RichLog imports for
    any object (Rich's, with attrs: the largest part of the lobby's time to its first
    frame)."""

    can_focus = False

    def __init__(self) -> None:
        super().__init__(id="chat-log")
        self.lines: list[Strip] = []
        """The rows shown, as drawn at `_drawn_at`'s width (the oldest first)."""
        self._said: tuple[ChatHeard, ...] = ()
        self._drawn_at = 0

    def on_mount(self) -> None:
        app = chatting_app(self)
        self.border_title = f"Chat · {app.talk_key} to talk"
        self.display = app.can_chat
        self.watch(app, "chat", self._show)

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self._drawn_at:
            self._draw()

    def _show(self, lines: tuple[ChatHeard, ...]) -> None:
        self._said = lines[-SHOWN_LINES:]
        self._draw()

    def _draw(self) -> None:
        room = self.scrollable_content_region.width
        if not room:
            return  # drawn once the log has its size
        me = chatting_app(self).me
        console = self.app.console
        rows: list[Strip] = []
        for line in self._said:
            text = chat_line(line, me)
            width = max(min(text.cell_len, room), WRAP_WIDTH)
            drawn = console.render(text, console.options.update_width(width))
            rows.extend(Strip(row).adjust_cell_length(width) for row in Segment.split_lines(drawn))
        self.lines = rows[-SHOWN_LINES:]
        self._drawn_at = room
        widest = max((row.cell_length for row in self.lines), default=0)
        self.virtual_size = Size(widest, len(self.lines))
        self.scroll_end(animate=False, immediate=False, x_axis=False)
        self.refresh()

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        width = self.scrollable_content_region.width
        index = scroll_y + y
        style = self.rich_style
        if index >= len(self.lines):
            return Strip.blank(width, style)
        return self.lines[index].crop_extend(scroll_x, scroll_x + width, style).apply_style(style)
