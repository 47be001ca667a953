"""How many computer players, and how good: what the start menu asks before a game played
alone, whatever the game (each game's kit gives its title, its table's size, its bots'
strengths in a line, and what its solo is made of)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Select, Static
from textual.widgets._select import SelectOverlay

from wordsy_tui.app.widgets.footer import Footer

T = TypeVar("T")
"""A game's solo: what its kit plays alone (`Kit.solo_app`)."""


class CompanyScreen(ModalScreen[T | None], Generic[T]):
    """How many computer players, and how good: Tab between the two, Enter plays; the
    answer is `choice(how many, level)`, None for Esc."""

    DEFAULT_CSS = """
    #solo-title {
        margin-bottom: 1;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "app.focus_next", "Next field", id="solo-next", key_display="Tab"),
        Binding("shift+tab", "app.focus_previous", "Previous", show=False),
        Binding("enter", "play", "Play", id="solo-play", key_display="Enter", priority=True),
        Binding("escape", "cancel", "Back", id="solo-back", key_display="Esc"),
    ]

    def __init__(
        self,
        title: str,
        most: int,
        usual: int,
        strengths: str,
        choice: Callable[[int, str], T],
    ) -> None:
        """`title`: the game's; `most`: computer players at most; `usual`: how many are
        offered first; `strengths`: what the levels mean in this game, in a few words."""
        super().__init__()
        self.title_text = title
        self.most = most
        self.usual = usual
        self.strengths = strengths
        self.choice = choice

    def compose(self) -> ComposeResult:
        # The start menu's form, with its way onto the LAN: not on `solo`'s way to its table.
        from wordsy_tui.app.screens.host_form import form_row, level_field

        with Vertical(id="dialog"):
            yield Static(Text(f"Solo: {self.title_text}", "bold"), id="solo-title")
            yield from form_row(
                "Computer players",
                Select(
                    [(str(n), n) for n in range(1, self.most + 1)],
                    value=self.usual,
                    allow_blank=False,
                    id="solo-bots",
                    compact=True,
                ),
            )
            yield from form_row("Their level", level_field("solo-level"))
            yield Static(f"Space opens a list · Enter plays · {self.strengths}", id="form-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#solo-bots", Select).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # An open list of choices keeps its own Enter.
        return not (action == "play" and isinstance(self.focused, SelectOverlay))

    def action_play(self) -> None:
        bots = self.query_one("#solo-bots", Select).value
        level = self.query_one("#solo-level", Select).value
        if isinstance(bots, int) and isinstance(level, str):  # never blank: allow_blank=False
            self.dismiss(self.choice(bots, level))

    def action_cancel(self) -> None:
        self.dismiss(None)
