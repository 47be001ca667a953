"""The start menu: host, join, solo, replay, rules, quit."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.validation import Function
from textual.widgets import Input, OptionList, Select, Static
from textual.widgets._select import SelectOverlay
from textual.widgets.option_list import Option

from wordsy_tui.app.screens.host_form import GAMES, form_row, level_field
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.engine.names import MAX_NAME_LENGTH, name_problem, normal_name
from wordsy_tui.games.tiles.rules.config import MAX_PLAYERS as TILE_MAX_PLAYERS
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.rules.config import DEFAULT_BOT_LEVEL, GAME, Difficulty

if TYPE_CHECKING:
    from wordsy_tui.games.tiles.seat import TileSeat

LOGO = "W O R D S Y"
CHOICES = (
    ("host", "h", "Host a game on this LAN"),
    ("join", "j", "Join a game"),
    ("solo", "s", "Solo: Wordsy or a tile game"),
    ("replay", "p", "Replay a saved game"),
    ("rules", "r", "Rules and keys"),
    ("quit", "q", "Quit"),
)


class MenuScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "choose('host')", "Host", id="menu-host"),
        Binding("j", "choose('join')", "Join", id="menu-join"),
        Binding("s", "choose('solo')", "Solo", id="menu-solo"),
        Binding("p", "choose('replay')", "Replay", id="menu-replay"),
        Binding("r", "choose('rules')", "Rules", id="menu-rules"),
        Binding("q", "choose('quit')", "Quit", id="menu-quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(Text(LOGO, "bold"), id="logo")
            yield Static("The party word game of longer words", id="tagline")
            yield KeyedInput(
                wordsy_app(self).player_name,
                placeholder="your name",
                max_length=MAX_NAME_LENGTH,
                validators=[Function(lambda typed: name_problem(normal_name(typed)) is None)],
                id="name",
                tooltip="Your name at the table",
            )
            yield OptionList(
                *(Option(f"{key}  {label}", id=choice) for choice, key, label in CHOICES),
                id="choices",
            )
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#choices", OptionList).focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        app = wordsy_app(self)
        if event.value.strip() and normal_name(event.value) != app.player_name:
            app.player_name, app.name_chosen = normal_name(event.value), True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#choices", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.action_choose(event.option.id)

    def action_choose(self, choice: str) -> None:
        app = wordsy_app(self)
        problem = name_problem(app.player_name)
        # (Hosting asks for the name on its own form.)
        if problem is not None and choice in ("join", "solo"):
            # The same rule the table applies: better said here than by the host.
            self.notify(str(problem), severity="warning", markup=False)
            self.query_one("#name", Input).focus()
            return
        match choice:
            case "host":
                app.host_game()
            case "join":
                app.browse_games()
            case "solo":
                self.app.push_screen(SoloGameScreen(), self._solo_game)
            case "replay":
                app.show_saved_games()
            case "rules":
                app.action_help()
            case "quit":
                app.exit()

    def _solo_game(self, game: str | None) -> None:
        if game == GAME:
            self.app.push_screen(DifficultyScreen(), self._solo)
        elif game is not None:
            self.app.push_screen(TileSoloScreen(game), self._tile_solo)

    def _solo(self, difficulty: Difficulty | None) -> None:
        if difficulty is not None:
            wordsy_app(self).start_solo(difficulty)

    def _tile_solo(self, choice: TileSolo | None) -> None:
        if choice is not None:
            wordsy_app(self).start_tile_solo(choice)


@dataclass(frozen=True)
class TileSolo:
    """A tile game against computer players, as `wordsy-tui solo --game` plays it."""

    game: str
    bots: int = 1
    level: str = DEFAULT_BOT_LEVEL

    def session(self, name: str) -> TileSeat:
        from wordsy_tui.engine.levels import Level
        from wordsy_tui.games.tiles.rules.config import TileGameConfig
        from wordsy_tui.games.tiles.rules.rulesets import GameName
        from wordsy_tui.games.tiles.seat import TileSeat

        config = TileGameConfig(GameName(self.game))
        return TileSeat.solo(name, config, [Level(self.level)] * self.bots)


class SoloGameScreen(ModalScreen[str | None]):
    """Which game to play alone: Wordsy against the Solo Card, or a tile game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="solo-game-back", key_display="Esc")
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Solo: which game?", "bold"))
            yield OptionList(
                Option("Wordsy, against the Solo Card", id=GAME),
                *(
                    Option(f"{title}, against computer players", id=game)
                    for game, title in GAMES.items()
                    if game != GAME
                ),
                id="solo-games",
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TileSoloScreen(ModalScreen[TileSolo | None]):
    """How many computer players, and how good: Tab between the two, Enter plays."""

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
            yield Static(Text(f"Solo: {GAMES[self.game]}", "bold"), id="tile-solo-title")
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
