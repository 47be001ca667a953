"""Wordsy played alone, from the start menu: how hard (the Solo Card's target)."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.rules.config import Difficulty


class DifficultyScreen(ModalScreen[Difficulty | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="difficulty-back", key_display="Esc")
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Solo: how hard?", "bold"))
            yield OptionList(
                *(
                    Option(f"{d.value.capitalize():<7} target {d.target} points", id=d.value)
                    for d in Difficulty
                ),
                id="difficulties",
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every option is a difficulty's, by its value
            self.dismiss(Difficulty(event.option.id))

    def action_cancel(self) -> None:
        self.dismiss(None)
