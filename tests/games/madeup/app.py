"""Twenty-One in the terminal: a `TableApp` with one screen, whichever way the seat reaches
its game (solo, at a host, hosting, a replay). The screen asks the rules what may be done."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from tests.games.madeup import rules as r
from tests.games.madeup.seat import MadeUpSeat
from wordsy_tui.app.messages import (
    ActionRefused,
    GameUpdated,
    LinkUpdated,
    PresenceUpdated,
    RematchOffered,
)
from wordsy_tui.app.screens.host_form import DIGITS, FormProblem, form_row, number
from wordsy_tui.app.table import SeatAgain, TableApp
from wordsy_tui.app.terminal import taken_down
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.replay import Replaying
from wordsy_tui.text import shown


class CountScreen(Screen[None]):
    """The count, the players, whose turn it is, and the keys that play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("1", "add(1)", "Add 1"),
        Binding("2", "add(2)", "Add 2"),
        Binding("3", "add(3)", "Add 3"),
        Binding("s", "start", "Start"),
        Binding("r", "rematch", "Rematch"),
        Binding("right,n", "step(1)", "Next", key_display="→"),
        Binding("left,p", "step(-1)", "Back", key_display="←"),
    ]

    def __init__(self, seat: MadeUpSeat) -> None:
        super().__init__()
        self.seat = seat
        self.presence: Mapping[str, bool] = {}
        self.up = False
        """Mounted: there is something to draw on."""
        self.said = Text("")

    def compose(self) -> ComposeResult:
        yield Static(id="table")
        yield Static(id="said")
        yield Footer()

    @property
    def replay(self) -> Replaying[r.State, r.Event] | None:
        door = self.seat.door
        return door if isinstance(door, Replaying) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state, me, replay = self.seat.shown_state, self.seat.me, self.replay
        if action == "step":
            return replay is not None
        if replay is not None or me is None:
            return action not in ("add", "start", "rematch")
        if action == "add":
            (amount,) = parameters
            return isinstance(amount, int) and r.Add(amount) in r.legal_commands(state, me)
        if action == "start":
            return r.StartGame() in r.legal_commands(state, me)
        if action == "rematch":
            return self.seat.hosting and state.phase is r.Phase.OVER
        return True

    @work(group="act")
    async def action_add(self, amount: int) -> None:
        await self.seat.add(amount)

    @work(group="act")
    async def action_start(self) -> None:
        await self.seat.start_game()

    @work(group="act")
    async def action_rematch(self) -> None:
        problem = await self.seat.rematch()
        if problem is not None:
            self.say(problem)

    def action_step(self, delta: int) -> None:
        if self.replay is not None:
            self.replay.step(delta)

    def say(self, message: str) -> None:
        self.said = Text(shown(message))
        if self.up and not taken_down(self):  # (news before the screen is up: said as it mounts)
            self.query_one("#said", Static).update(self.said)

    def on_mount(self) -> None:
        self.up = True
        self.query_one("#said", Static).update(self.said)
        self.redraw()

    def redraw(self) -> None:
        if not self.up or taken_down(self):
            return  # (news before the screen is up: it draws the seat's state as it mounts)
        self.query_one("#table", Static).update(table_text(self.seat, self.presence))
        self.refresh_bindings()


def table_text(seat: MadeUpSeat, presence: Mapping[str, bool]) -> Text:
    # The game on screen: a rematch's blank view is never drawn (the last game stays).
    state, me = seat.shown_state, seat.me
    text = Text(f"{r.TITLE} · count to {state.config.target}", "bold")
    door = seat.door
    if isinstance(door, Replaying):
        text.append(f" · replay {door.index + 1}/{len(door.frames)}")
    text.append(f"\n\nCount: {state.count}\n\n")
    for player in state.players:
        you = " (you)" if player == me else ""
        away = " (away)" if presence.get(player) is False else ""
        text.append(f"{'▸ ' if player == state.turn else '  '}{shown(player)}{you}{away}\n")
    text.append("\n")
    match state.phase:
        case r.Phase.LOBBY:
            seated = f"Lobby: {len(state.players)} of {state.config.max_players} seated"
            starts = me is not None and r.StartGame() in r.legal_commands(state, me)
            text.append(f"{seated}{'; s starts the count' if starts else ''}")
        case r.Phase.PLAYING if state.turn == me:
            *some, last = map(str, r.amounts(state, me))
            text.append(f"Your turn: add {', '.join(some)}{' or ' if some else ''}{last}", "bold")
        case r.Phase.PLAYING:
            text.append(f"{shown(state.turn or '')}'s turn")
        case r.Phase.OVER:
            winner = "You win" if state.winner == me else f"{shown(state.winner or '')} wins"
            text.append(f"{winner}!", "bold")
    return text


class MadeUpApp(TableApp):
    """Twenty-One at one table (or a replay of one)."""

    TITLE = r.TITLE

    def __init__(self, session: MadeUpSeat, again: SeatAgain[MadeUpSeat] | None = None) -> None:
        super().__init__(again)
        self.session = session
        self.count_screen = CountScreen(session)

    @property
    def seat(self) -> MadeUpSeat:
        return self.session

    def on_mount(self) -> None:
        self.guard_screens()
        self.sit_down(self.session)  # (the count screen once the first state is in)

    def game_screen(self) -> CountScreen:
        return self.count_screen

    def sit_again(self, session: MadeUpSeat) -> None:
        # A fresh screen over the seat asked for again (the one turned away saw nothing).
        self.session = session
        self.count_screen = CountScreen(session)
        self.sit_down(session)

    def on_game_updated(self, _message: GameUpdated) -> None:
        if self.show_table():
            self.count_screen.redraw()

    def on_presence_updated(self, message: PresenceUpdated) -> None:
        self.count_screen.presence = message.connected
        self.count_screen.redraw()

    def on_action_refused(self, message: ActionRefused) -> None:
        self.count_screen.say(message.message)

    def on_link_updated(self, message: LinkUpdated) -> None:
        self.count_screen.say(message.message)
        if message.final:
            self.host_ended(message.message, over=self.session.state.phase is r.Phase.OVER)

    def on_rematch_offered(self, message: RematchOffered) -> None:
        self.count_screen.say(f"{shown(message.message)}: a new count, in its lobby.")
        self.count_screen.redraw()

    def leave_question(self) -> str | None:
        if self.session.state.phase is r.Phase.OVER or isinstance(self.session.door, Replaying):
            return None
        return super().leave_question()


class SoloScreen(ModalScreen[Level | None]):
    """How to play alone (the start menu's question): against one computer player of
    medium skill, or not at all."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "play", "Play"),
        Binding("escape", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(f"{r.TITLE} against a computer player: Enter plays, Esc goes back.")

    def action_play(self) -> None:
        self.dismiss(Level.MEDIUM)

    def action_back(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The rules in short, as the start menu shows them."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter", "close", "Close")]

    def compose(self) -> ComposeResult:
        yield Static(
            f"{r.TITLE}: each player in turn adds 1, 2 or 3 to the count; whoever reaches "
            "the target wins. 1, 2, 3 add; Esc closes."
        )

    def action_close(self) -> None:
        self.dismiss(None)


class MadeUpHostFields:
    """The host form's row for `host --count-to`."""

    fields = ("count-to",)

    def upper(self) -> ComposeResult:
        field = KeyedInput("21", restrict=DIGITS, max_length=2, id="count-to", compact=True)
        yield from form_row("Count to", field)

    def lower(self) -> ComposeResult:
        return iter(())

    def shown(self, game: str) -> Collection[str]:
        return self.fields if game == r.GAME else ()

    def hint(self, game: str) -> str:
        return "Whoever reaches the count wins"

    def config(self, game: str, values: Mapping[str, str], seats: int) -> r.Config | FormProblem:
        target = number(values.get("count-to", "21"))
        if target is None or not 5 <= target <= 99:
            return FormProblem("count-to", "Count to 5 to 99.")
        return r.Config(target=target, max_players=min(seats, r.MAX_PLAYERS))
