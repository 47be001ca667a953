"""A one-line question: an address to connect to, a game's PIN."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.keyed_input import KeyedInput


class PromptScreen(ModalScreen[str | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="prompt-back", key_display="Esc")
    ]

    def __init__(self, question: str, placeholder: str = "", *, password: bool = False) -> None:
        super().__init__()
        self.question = question
        self.placeholder = placeholder
        self.password = password

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, markup=False)
            yield KeyedInput(placeholder=self.placeholder, password=self.password, id="answer")
            yield Static("Enter: OK   Esc: back", classes="dim")
        yield Footer()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
