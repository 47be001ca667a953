"""The host's say over seats: remove a player, hand a seat to its player on another machine."""

from __future__ import annotations

import asyncio
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from wordsy_tui.app.muting import Muting
from wordsy_tui.app.screens.confirm import ConfirmScreen
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.text import shown


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


async def ask_for_seat(app: App[None], name: str) -> bool:
    """The host's answer to a request for `name`'s seat (net's reclaim hook).

    Called from the host's connection task, which is none of the app's: the question is
    put up from the app's own message loop (`call_later`), where a screen can be built (a
    screen pushed from the connection's task has no app to compose in, and the
    `NoActiveAppError` ended the host's program for everyone)."""
    answer: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
    asked: list[SeatRequestScreen] = []

    def ask() -> None:
        if answer.done():
            return  # the asker gave up before the question was up
        screen = SeatRequestScreen(name, answer)
        asked.append(screen)
        app.push_screen(screen)

    def moot() -> None:
        for screen in asked:
            if screen.is_attached:
                screen.dismiss(False)

    app.call_later(ask)
    try:
        return await answer
    except asyncio.CancelledError:
        app.call_later(moot)  # the asker gave up: the question is moot
        raise
