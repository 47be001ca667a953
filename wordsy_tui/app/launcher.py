"""The launcher: the start menu, the LAN's list of games, the host form, the saved games
and each game's rules, before any game is played.

It reaches every game through the registry (`wordsy_tui.kit`) alone. Once the player has
picked a game (to play alone, to host, to join, to replay), the launcher closes and that
game's own app runs in the same terminal, on the same event loop; when the game's app has
closed, the launcher comes back where the player picked it (the menu, the LAN's list, the
saved games), saying why if the game could not start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, cast

from textual._path import CSSPathType
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.dom import DOMNode
from textual.screen import Screen
from textual.worker import Worker

from wordsy_tui.app.failures import report_failure
from wordsy_tui.app.terminal import TABLE_CSS, TerminalApp
from wordsy_tui.kit import kit_for
from wordsy_tui.table.names import default_name
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.app.lan import Lan
    from wordsy_tui.app.screens.host_form import HostChoice
    from wordsy_tui.app.table import TableApp
    from wordsy_tui.table.saved import SavedGame


class Place(Enum):
    """Where the launcher is, and where it comes back after a game."""

    MENU = "menu"
    LAN = "lan"
    """The games found on the LAN (`wordsy-tui join`)."""
    SAVED = "saved"
    """The saved games (`wordsy-tui replay`)."""


class Launcher(TerminalApp):
    """The start menu and the ways into a game, for every game.

    `lan` lets the player host and join games (None: the menu says where to do that
    instead); `name` is the player's name when they gave one (else the login's, which the
    host form does not take for a name). `place` is where it opens; `saved_games` reads
    the saved games' list; `only_saved`: `wordsy-tui replay` alone, where leaving the list
    ends the program. `notice`: what to tell the player on opening (why the last game
    could not start).
    """

    CSS_PATH: ClassVar[CSSPathType | None] = [TABLE_CSS, "launcher.tcss"]
    TITLE = "Wordsy"  # the program's name
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "rules", "Help", id="help", key_display="?", priority=True),
        # Ctrl+C too: people press it to quit.
        Binding("ctrl+q,ctrl+c", "quit", "Quit", id="quit", show=False, priority=True),
    ]

    def __init__(
        self,
        lan: Lan | None = None,
        *,
        name: str | None = None,
        place: Place = Place.MENU,
        saved_games: Callable[[], Sequence[SavedGame]] | None = None,
        only_saved: bool = False,
        notice: str | None = None,
    ) -> None:
        super().__init__()
        self.lan = lan
        self.player_name = name or default_name()
        self.name_chosen = name is not None
        """Whether the player gave a name (not just the login's): the host form asks."""
        self.place = place
        self.saved_games = saved_games
        self.only_saved = only_saved
        self.notice = notice
        self.chosen: TableApp | None = None
        """The game's app the player picked, to run once the launcher has closed."""
        self.back = place
        """Where the launcher comes back after the chosen game."""
        self._rules: Screen[None] | None = None

    # -- running, and coming back after each game ---------------------------------------

    async def run_to_end_async(self) -> int:
        launcher = self
        while True:
            await launcher.run_async()
            game = launcher.chosen
            if game is None:
                return launcher.return_code or 0
            game.launched = True
            status = await game.run_to_end_async()
            if not game.comes_back:
                return status
            launcher = launcher.again(game.problem)

    def again(self, notice: str | None = None) -> Launcher:
        """The launcher once the chosen game has closed: where it was picked."""
        return Launcher(
            self.lan,
            name=self.player_name if self.name_chosen else None,
            place=self.back,
            saved_games=self.saved_games,
            only_saved=self.only_saved,
            notice=notice,
        )

    def launch(self, game: TableApp, back: Place) -> None:
        """Close, and run `game`'s app; then come back to `back`."""
        self.chosen, self.back = game, back
        self.exit()

    # -- where the launcher is ------------------------------------------------------------

    def on_mount(self) -> None:
        self.guard_screens()
        match self.place:
            case Place.LAN:
                self.browse_games()
            case Place.SAVED:
                self.show_saved_games()
            case Place.MENU:
                self.back_to_menu()
        if self.notice is not None:
            self.notify(self.notice, severity="error", markup=False)

    def back_to_menu(self) -> None:
        from wordsy_tui.app.screens.menu import MenuScreen

        self.enter(MenuScreen())

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failure(self, event.worker)

    # -- solo ---------------------------------------------------------------------------

    def pick_solo(self) -> None:
        """Which game to play alone, then how (the game's own dialog), then play it."""
        from wordsy_tui.app.screens.menu import SoloGameScreen

        def picked(game: str | None) -> None:
            if game is not None:
                self.push_screen(
                    kit_for(game).solo_choice(game), lambda choice: self.start_solo(game, choice)
                )

        self.push_screen(SoloGameScreen(), picked)

    def start_solo(self, game: str, choice: object) -> None:
        """Play `game` alone, as its dialog answered (`choice`; None: not now)."""
        if choice is not None:
            self.launch(kit_for(game).solo_app(game, choice, self.player_name), Place.MENU)

    # -- the rules ----------------------------------------------------------------------

    def action_rules(self) -> None:
        """Which game's rules, then the game's own page of them (? again closes it)."""
        from wordsy_tui.app.screens.menu import RulesGameScreen

        if self._rules is not None and self.screen is self._rules:
            self.pop_screen()
            return

        def picked(game: str | None) -> None:
            if game is not None:
                self._rules = kit_for(game).rules(game)
                self.push_screen(self._rules)

        self.push_screen(RulesGameScreen(), picked)

    # -- hosting ------------------------------------------------------------------------

    def host_game(self) -> None:
        if self.lan is None:
            self.notify(
                "Hosting is not available here: run 'wordsy-tui host'.", severity="warning"
            )
            return
        from wordsy_tui.app.screens.host_form import HostFormScreen

        # The login name is no name at a table: the form asks, unless one was typed.
        self.push_screen(
            HostFormScreen(self.player_name if self.name_chosen else None), self._host_chosen
        )

    def _host_chosen(self, choice: HostChoice | None) -> None:
        if choice is None or self.lan is None:
            return
        self.player_name, self.name_chosen = choice.name, True
        self.launch(self.lan.host(choice.name, choice.setup), Place.MENU)

    # -- joining ------------------------------------------------------------------------

    def browse_games(self) -> None:
        from wordsy_tui.app.screens.browse import BrowseScreen

        self.enter(BrowseScreen())

    def join_game(self, game: str, address: str, port: int, pin: str | None) -> None:
        """Sit down at `game` at the host at `address` (the LAN's list comes back after)."""
        if self.lan is not None:
            self.launch(self.lan.join(game, address, port, self.player_name, pin), Place.LAN)
        else:
            self._cannot_join()

    def connect(self, address: str, port: int, pin: str | None) -> None:
        """Join the host at an address typed by hand: its door says which game it plays."""
        lan = self.lan
        if lan is None:
            self._cannot_join()
            return

        async def ask_the_door() -> None:
            try:
                game = await lan.game_at(address, port)
            except (ConnectionError, OSError) as error:
                problem = f"Cannot join: {shown(str(error) or type(error).__name__)}"
                self.notify(problem, severity="error", markup=False)
                return
            self.join_game(game, address, port, pin)

        self.run_worker(ask_the_door(), group="connect", exclusive=True, exit_on_error=False)

    def _cannot_join(self) -> None:
        self.notify("Joining is not available here: run 'wordsy-tui join'.", severity="warning")

    # -- saved games --------------------------------------------------------------------

    def show_saved_games(self) -> None:
        from wordsy_tui.app.screens.saved import SavedGamesScreen
        from wordsy_tui.table.saved import default_saved_games

        self.enter(SavedGamesScreen((self.saved_games or default_saved_games)()))

    def replay_game(self, saved: SavedGame) -> None:
        """Replay `saved` in its game's app (the list comes back after)."""
        from wordsy_tui.table.saved import replay_of

        try:
            game, session = replay_of(saved.path)  # the log says which game
        except (OSError, ValueError) as error:  # gone or changed since the list was read
            self.notify(
                f"Cannot replay {shown(saved.game_id)}: {shown(str(error))}",
                severity="error",
                markup=False,
            )
            return
        self.launch(kit_for(game).app(game, session), Place.SAVED)

    def leave_saved_games(self) -> None:
        if self.only_saved:
            self.exit()
        else:
            self.back_to_menu()

    # -- the command palette ------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand("Rules and keys", "Each game's rules in short", self.action_rules)


def launcher(node: DOMNode) -> Launcher:
    """The launcher, from one of its screens."""
    return cast(Launcher, node.app)
