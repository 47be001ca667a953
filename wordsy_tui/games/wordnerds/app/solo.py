"""Word Nerds played alone, from the start menu or `solo --game wordnerds`: how many
computer players, how good."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Select, Static
from textual.widgets._select import SelectOverlay

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.wordnerds.kit import SOLO_RIVALS
from wordsy_tui.games.wordnerds.rules.components import MAX_PLAYERS

if TYPE_CHECKING:
    from wordsy_tui.games.wordnerds.seat import NerdsSeat


@dataclass(frozen=True)
class NerdsSolo:
    """A game against computer players, as `wordsy-tui solo --game wordnerds` plays it."""

    rivals: int = SOLO_RIVALS
    level: str = Level.MEDIUM.value

    def session(self, name: str) -> NerdsSeat:
        from wordsy_tui.games.wordnerds.rules.config import NerdsConfig
        from wordsy_tui.games.wordnerds.seat import NerdsSeat

        return NerdsSeat.solo(name, NerdsConfig(), [Level(self.level)] * self.rivals)


class NerdsSoloScreen(ModalScreen[NerdsSolo | None]):
    """How many computer players, and how good: Tab between the two, Enter plays."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "app.focus_next", "Next field", id="nerds-solo-next", key_display="Tab"),
        Binding("shift+tab", "app.focus_previous", "Previous", show=False),
        Binding("enter", "play", "Play", id="nerds-solo-play", key_display="Enter", priority=True),
        Binding("escape", "cancel", "Back", id="nerds-solo-back", key_display="Esc"),
    ]

    def compose(self) -> ComposeResult:
        # The start menu's form, with its way onto the LAN: not on `solo`'s way to its table.
        from wordsy_tui.app.screens.host_form import form_row, level_field

        with Vertical(id="dialog"):
            yield Static(Text("Solo: Word Nerds", "bold"))
            yield from form_row(
                "Computer players",
                Select(
                    [(str(n), n) for n in range(1, MAX_PLAYERS)],
                    value=SOLO_RIVALS,
                    allow_blank=False,
                    id="solo-bots",
                    compact=True,
                ),
            )
            yield from form_row("Their level", level_field("solo-level"))
            yield Static(
                "Space opens a list · Enter plays · easy knows everyday words and declares "
                "any, expert every word and waits for a long one",
                id="form-hint",
            )
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
            self.dismiss(NerdsSolo(bots, level))

    def action_cancel(self) -> None:
        self.dismiss(None)
