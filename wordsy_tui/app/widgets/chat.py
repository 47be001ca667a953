"""The table's chat: its last lines on the board and in the lobby.

Every line comes from a peer: the name and the text are shown through the one
safe-text helper, as Rich text that is never read as markup.
"""

from __future__ import annotations

from typing import Final

from rich.text import Text
from textual.widgets import RichLog

from wordsy_tui.app.chat import chatting_app
from wordsy_tui.table.chat import ChatHeard
from wordsy_tui.text import shown

SHOWN_LINES: Final = 20
"""The lines a log holds: more than any screen shows, the newest at the bottom."""


def chat_line(line: ChatHeard, me: str | None) -> Text:
    text = Text()
    text.append(shown(line.name), "bold" if line.name == me and not line.watching else "")
    if line.watching:
        text.append(" (watching)", "italic")
    text.append(": ")
    text.append(shown(line.text))
    return text


class ChatLog(RichLog):
    """The last lines said at the table; hidden where nobody else can hear (solo, replay)."""

    can_focus = False

    def __init__(self) -> None:
        super().__init__(wrap=True, markup=False, max_lines=SHOWN_LINES, id="chat-log")

    def on_mount(self) -> None:
        app = chatting_app(self)
        self.border_title = f"Chat · {app.talk_key} to talk"
        self.display = app.can_chat
        self.watch(app, "chat", self._show)

    def _show(self, lines: tuple[ChatHeard, ...]) -> None:
        me = chatting_app(self).me
        self.clear()
        for line in lines[-SHOWN_LINES:]:
            self.write(chat_line(line, me))
