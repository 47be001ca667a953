"""The chat line: one line to everyone at the table, spectators included.

It opens over the board or the lobby, which stay in sight (and keep moving), with the
last lines said above it where the screen has no chat log of its own;
Enter sends, Esc closes, and what was typed stays for the next time it opens.
`/1`, `/2` and `/3` stand for a reaction, said like any line once Enter sends it.
"""

from __future__ import annotations

from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from wordsy_tui.app.chat import chatting_app
from wordsy_tui.app.widgets.chat import ChatLog
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.table.chat import REACTIONS, chat_problem, reaction

PUBLIC: Final = "Chat (everyone, including spectators, sees this)"
MUTED: Final = "The host has muted you: your lines reach nobody."
HINT: Final = "Enter sends · Esc closes · " + " · ".join(
    f"/{n} {said}" for n, said in enumerate(REACTIONS, start=1)
)


class ChatScreen(ModalScreen[str | None]):
    """Dismissed with the line to say (checked already), or None when closed."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close", id="chat-close", key_display="Esc"),
    ]

    def __init__(self, *, history: bool = False) -> None:
        super().__init__()
        self.history = history
        """Show the last lines said above the input (a board with no room for a log)."""

    def compose(self) -> ComposeResult:
        app = chatting_app(self)
        with Vertical(id="chat-line"):
            if self.history:
                log = ChatLog()
                log.border_title = "Said at the table"
                yield log
            yield Static(Text(MUTED if app.chat_muted else PUBLIC, "bold"), id="chat-public")
            # What was kept from last time is typed on, not selected to be replaced.
            yield KeyedInput(
                app.chat_draft,
                placeholder="say something",
                id="chat-input",
                select_on_focus=False,
            )
            yield Static(HINT, markup=False, id="chat-hint")

    def on_mount(self) -> None:
        self.query_one("#chat-input", Input).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        chatting_app(self).chat_draft = event.value  # kept, whatever closes this line
        # A shortcut waits for Enter like any line (the Enter the hint invites would
        # otherwise land on the board): the hint says what it will say.
        said = reaction(event.value)
        hint = HINT if said is None else f"Enter says: {said} · Esc closes"
        self.query_one("#chat-hint", Static).update(hint)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._send(reaction(event.value) or event.value)

    def _send(self, line: str) -> None:
        problem = chat_problem(line)
        if problem is not None:
            # The line stays in the input, to be put right.
            self.query_one("#chat-hint", Static).update(Text.assemble(("! ", "bold"), problem))
            return
        chatting_app(self).chat_draft = ""
        self.dismiss(line.strip())

    def action_close(self) -> None:
        self.dismiss(None)
