"""The host's say over seats: remove a player, hand a seat to its player on another machine."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.lan import host_server
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.rules.state import Phase
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.app.app import WordsyApp


class PickScreen(ModalScreen[str | None]):
    """The host picks one person: dismissed with the option's id, or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back", id="remove-back", key_display="Esc")
    ]

    def __init__(self, question: str, people: list[tuple[str, Text]], list_id: str) -> None:
        super().__init__()
        self.question = question
        self.people = people
        self.list_id = list_id

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(self.question, markup=False)
            yield OptionList(*(Option(label, id=p) for p, label in self.people), id=self.list_id)
            yield Static("Enter: choose   Esc: back", classes="dim")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class RemoveScreen(PickScreen):
    """Whom to remove: everyone still at the table but the host, the absent ones first."""

    def __init__(self, players: list[tuple[str, bool]]) -> None:
        self.players = players
        people = [(p, Text(f"{shown(p)}  {'connected' if on else 'away'}")) for p, on in players]
        super().__init__("Remove whom from the game?", people, "remove-whom")


@runtime_checkable
class Muting(Protocol):
    """What muting needs of a game's host (a `table.served.ServedTable`, whatever the game)."""

    @property
    def talkers(self) -> list[tuple[str, bool]]: ...

    @property
    def muted(self) -> frozenset[str]: ...

    def mute(self, name: str) -> str: ...

    def unmute(self, name: str) -> str: ...


def pick_to_mute(game: App[None], server: Muting) -> None:
    """The host mutes someone's chat, or unmutes it: players and spectators alike."""
    muted = server.muted
    people = [*server.talkers, *((name, False) for name in sorted(muted))]
    seen: set[str] = set()
    choices = []
    for name, watching in people:
        if name not in seen:
            seen.add(name)
            label = Text(shown(name))
            label.append("  watching" if watching else "")
            label.append("  muted: Enter unmutes" if name in muted else "")
            choices.append((name, label))
    if not choices:
        game.notify("Nobody else is here to mute.", markup=False)
        return

    def toggle(name: str | None) -> None:
        if name is not None:
            told = server.unmute(name) if name in server.muted else server.mute(name)
            game.notify(shown(told), markup=False)

    question = "Mute whose chat? Their lines then reach nobody (they are told once)."
    game.push_screen(PickScreen(question, choices, "mute-whom"), toggle)


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

    def confirmed(yes: bool | None) -> None:
        if yes:
            game.run_worker(remove(), group="seats")

    game.push_screen(ConfirmScreen(question), confirmed)


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
