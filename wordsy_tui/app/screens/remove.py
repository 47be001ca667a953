"""The host's say over seats: remove a player, hand a seat to its player on another machine."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.lan import host_server
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.game.state import Phase

if TYPE_CHECKING:
    from wordsy_tui.app.app import WordsyApp


class RemoveScreen(ModalScreen[str | None]):
    """Whom to remove: everyone still at the table but the host, the absent ones first."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="remove-back", key_display="Esc")
    ]

    def __init__(self, players: list[tuple[str, bool]]) -> None:
        super().__init__()
        self.players = players

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static("Remove whom from the game?", markup=False)
            yield OptionList(
                *(Option(f"{p}  {'connected' if on else 'away'}", id=p) for p, on in self.players),
                id="remove-whom",
            )
            yield Static("Enter: choose   Esc: back", classes="dim")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


def pick_player_to_remove(game: WordsyApp) -> None:
    state, presence = game.state, game.presence
    others = [p for p in state.players if p != game.me and p not in state.gone]
    if host_server(game.session) is None or not others:
        game.notify("Nobody else to remove.", markup=False)
        return
    others.sort(key=lambda p: presence.get(p) is not False)  # the absent ones first
    choices = [(p, presence.get(p) is not False) for p in others]
    game.push_screen(RemoveScreen(choices), lambda name: confirm_removal(game, name))


def confirm_removal(game: WordsyApp, name: str | None) -> None:
    """Ask the host to confirm, then take `name`'s seat away."""
    server = host_server(game.session)
    if name is None or server is None:
        return
    if game.state.phase in (Phase.NEW, Phase.LOBBY):
        question = f"Remove {name} from the table? The seat is freed."
    else:
        question = f"Remove {name} from the game? From now on {name} scores nothing."

    async def remove() -> None:
        problem = await server.remove_player(name)
        game.notify(problem or f"{name} was removed.", markup=False)

    game.push_screen(
        ConfirmScreen(question),
        lambda yes: game.run_worker(remove(), group="seats") if yes else None,
    )


class SeatRequestScreen(ConfirmScreen):
    """Someone asks for a seated player's seat: only the host's yes hands it over."""

    def __init__(self, name: str, answer: asyncio.Future[bool]) -> None:
        super().__init__(
            f"Someone on another machine asks for {name}'s seat (its program lost its key). "
            f"Hand it over? {name}'s current connection, if any, is closed."
        )
        self.answer = answer

    def action_answer(self, yes: bool) -> None:
        if not self.answer.done():
            self.answer.set_result(yes)
        super().action_answer(yes)

    def on_unmount(self) -> None:
        if not self.answer.done():
            self.answer.set_result(False)  # closed without an answer: no


async def ask_for_seat(app: WordsyApp, name: str) -> bool:
    """The host's answer to a request for `name`'s seat (net's reclaim hook)."""
    answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    screen = SeatRequestScreen(name, answer)
    app.push_screen(screen)
    try:
        return await answer
    except asyncio.CancelledError:
        if screen.is_attached:
            screen.dismiss(False)  # the asker gave up: the question is moot
        raise
