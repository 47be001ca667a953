"""The start menu: host, join, solo, replay, rules, quit; and which game to play alone, or
to read the rules of."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, cast

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.validation import Function
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.engine.names import MAX_NAME_LENGTH, name_problem, normal_name
from wordsy_tui.kit import Game, games

if TYPE_CHECKING:
    from wordsy_tui.app.launcher import Launcher

LOGO = "W O R D S Y"
"""The program's name."""
CHOICES = (
    ("host", "h", "Host a game on this LAN"),
    ("join", "j", "Join a game"),
    ("solo", "s", "Solo: play alone"),
    ("replay", "p", "Replay a saved game"),
    ("rules", "r", "Rules and keys"),
    ("quit", "q", "Quit"),
)


class MenuScreen(Screen[None]):
    # The choices have the focus from the first frame: focusing the name box first (the
    # first focusable) and the choices next changed the key bar twice as the menu opened.
    AUTO_FOCUS = "#choices"
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
                self.launcher.player_name,
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
        app = self.launcher
        if event.value.strip() and normal_name(event.value) != app.player_name:
            app.player_name, app.name_chosen = normal_name(event.value), True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#choices", OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.action_choose(event.option.id)

    @property
    def launcher(self) -> Launcher:
        return cast("Launcher", self.app)

    def action_choose(self, choice: str) -> None:
        app = self.launcher
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
                app.pick_solo()
            case "replay":
                app.show_saved_games()
            case "rules":
                app.action_rules()
            case "quit":
                app.exit()


class GamePickScreen(ModalScreen[str | None]):
    """Which game (dismissed with its name; Esc: None)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="game-pick-back", key_display="Esc")
    ]
    QUESTION: ClassVar[str]
    LIST_ID: ClassVar[str]

    @staticmethod
    def line(game: Game) -> str:
        """What the list says of `game`."""
        return game.title

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.QUESTION, "bold"))
            yield OptionList(
                *(Option(self.line(game), id=game.name) for game in games()), id=self.LIST_ID
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class SoloGameScreen(GamePickScreen):
    """Which game to play alone (each its own way)."""

    QUESTION = "Solo: which game?"
    LIST_ID = "solo-games"

    @staticmethod
    def line(game: Game) -> str:
        return game.solo


class RulesGameScreen(GamePickScreen):
    """Which game's rules to read."""

    QUESTION = "Rules: which game?"
    LIST_ID = "rules-games"
