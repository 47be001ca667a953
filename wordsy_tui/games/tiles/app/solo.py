"""A tile game played alone, from the start menu: how many computer players, how good."""

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

from wordsy_tui.app.screens.host_form import form_row, level_field
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.engine.levels import Level
from wordsy_tui.games.tiles.rules.config import MAX_PLAYERS as TILE_MAX_PLAYERS
from wordsy_tui.kit import game_info

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.seat import TileSeat


@dataclass(frozen=True)
class TileSolo:
    """A tile game against computer players, as `wordsy-tui solo --game` plays it."""

    game: str
    bots: int = 1
    level: str = Level.MEDIUM.value

    def session(self, name: str) -> TileSeat:
        from wordsy_tui.engine.levels import Level
        from wordsy_tui.games.tiles.rules.config import TileGameConfig
        from wordsy_tui.games.tiles.rules.rulesets import GameName
        from wordsy_tui.games.tiles.seat import TileSeat

        config = TileGameConfig(GameName(self.game))
        return TileSeat.solo(name, config, [Level(self.level)] * self.bots)


class TileSoloScreen(ModalScreen[TileSolo | None]):
    """How many computer players, and how good: Tab between the two, Enter plays."""

    DEFAULT_CSS = """
    #tile-solo-title {
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "app.focus_next", "Next field", id="tile-solo-next", key_display="Tab"),
        Binding("shift+tab", "app.focus_previous", "Previous", show=False),
        Binding("enter", "play", "Play", id="tile-solo-play", key_display="Enter", priority=True),
        Binding("escape", "cancel", "Back", id="tile-solo-back", key_display="Esc"),
    ]

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(f"Solo: {game_info(self.game).title}", "bold"), id="tile-solo-title")
            yield from form_row(
                "Computer players",
                Select(
                    [(str(n), n) for n in range(1, TILE_MAX_PLAYERS)],
                    value=1,
                    allow_blank=False,
                    id="solo-bots",
                    compact=True,
                ),
            )
            yield from form_row("Their level", level_field("solo-level"))
            yield Static(
                "Space opens a list · Enter plays · easy knows everyday words, "
                "expert every word and the best move",
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
            self.dismiss(TileSolo(self.game, bots, level))

    def action_cancel(self) -> None:
        self.dismiss(None)
