"""A yes/no question, answered with y or n (Esc means no)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.widgets.footer import Footer


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
