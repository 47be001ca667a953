"""Questions in a dialog: yes or no (y, n; Esc means no), the hosting player's way out of
a game in play, the host's word that it ended the game, and a guest's answer to a rematch."""

from __future__ import annotations

from typing import ClassVar, Final

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.chat import chatting_app
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.text import shown


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes", id="confirm-yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm-no", key_display="n"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, markup=False, id="question")
            yield Static("y: yes   n: no", id="answers")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


KEEP_RUNNING: Final = "keep"
END_FOR_EVERYONE: Final = "end"


class HostLeavesScreen(ModalScreen[str | None]):
    """The hosting player leaves a game in play: keep it running without them, end it for
    everyone, or stay (None)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("k", f"answer('{KEEP_RUNNING}')", "Keep running", id="host-keep"),
        Binding("e", f"answer('{END_FOR_EVERYONE}')", "End for all", id="host-end"),
        Binding("escape", "answer(None)", "Stay", id="host-stay", key_display="Esc"),
    ]

    def __init__(self, can_keep: bool) -> None:
        super().__init__()
        self.can_keep = can_keep

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("You host this game. How do you leave it?", id="question")
            if self.can_keep:
                yield Static(
                    "k  Keep it running without you: this program serves it on, headless, "
                    "until the game ends or you press Ctrl-C.",
                    id="keep",
                )
            yield Static(
                "e  End it for everyone. It is saved: wordsy-tui host --resume takes it up "
                "again, with everyone in their seats.",
                id="end",
            )
            yield Static("Esc  Stay at the table.", id="stay")
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "answer" and parameters == (KEEP_RUNNING,):
            return self.can_keep
        return True

    def action_answer(self, choice: str | None) -> None:
        self.dismiss(choice)


class GameClosedScreen(ModalScreen[bool]):
    """The host ended the game: its word on it, then leave (True) or stay to look (False)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "answer(True)", "Leave", id="closed-leave"),
        Binding(
            "escape", "answer(False)", "Look at the table", id="closed-stay", key_display="Esc"
        ),
    ]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # The host's sentence: escaped, never read as markup.
            yield Static(shown(self.message), markup=False, id="question")
            leave = chatting_app(self).leave_key
            yield Static(
                f"Enter: leave   Esc: look at the table first ({leave} leaves)", id="answers"
            )
        yield Footer()

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


class RematchScreen(ModalScreen[bool]):
    """The host started a rematch with our seat in it: stay (True) or leave (False)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y,escape", "answer(True)", "Stay", id="rematch-stay", key_display="y"),
        Binding("n", "answer(False)", "Leave", id="rematch-leave"),
    ]

    def __init__(self, message: str) -> None:
        super().__init__()
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            # The host's sentence: escaped, never read as markup.
            yield Static(
                f"{shown(self.message)}: stay (y) or leave (n)?", markup=False, id="question"
            )
            yield Static(
                "y  Stay: your seat is in the new game's lobby, with the same options.\n"
                "n  Leave: your seat is freed.",
                id="answers",
            )
        yield Footer()

    def action_answer(self, stay: bool) -> None:
        self.dismiss(stay)
