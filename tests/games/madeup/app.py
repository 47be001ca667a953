"""Twenty-One in the terminal: a `TableApp` with one screen, whichever way the seat reaches
its game (solo, at a host, hosting, a replay). The screen asks the rules what may be done."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from tests.games.madeup import rules as r
from tests.games.madeup.seat import MadeUpSeat
from wordsy_tui.app.table import Seat, SeatAgain, TableApp
from wordsy_tui.engine.levels import Level
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.seat import StateChanged
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

    def compose(self) -> ComposeResult:
        yield Static(id="table")
        yield Static(id="said")
        yield Footer()

    @property
    def replay(self) -> Replaying[r.State, r.Event] | None:
        door = self.seat.door
        return door if isinstance(door, Replaying) else None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state, me, replay = self.seat.state, self.seat.me, self.replay
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
        self.query_one("#said", Static).update(Text(shown(message)))

    def on_mount(self) -> None:
        self.up = True
        self.redraw()

    def redraw(self) -> None:
        if not self.up:
            return  # (news before the screen is up: it draws the seat's state as it mounts)
        self.query_one("#table", Static).update(table_text(self.seat, self.presence))
        self.refresh_bindings()


def table_text(seat: MadeUpSeat, presence: Mapping[str, bool]) -> Text:
    state, me = seat.state, seat.me
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
        self.push_screen(self.count_screen)
        self._follow()
        self._start()

    @work(group="session-start")
    async def _start(self) -> None:
        await self.open_table(self.session)

    @work(group="session", exclusive=True)
    async def _follow(self) -> None:
        await self.follow_table(self.session)

    def could_not_start(self, session: Seat, error: Exception) -> None:
        # Turned away, or nobody there: said on the terminal the app gives back.
        self.exit(return_code=1, message=shown(getattr(error, "message", str(error))))

    def sit_again(self, session: MadeUpSeat) -> None:
        # A fresh screen over the seat asked for again (the one turned away saw nothing).
        self.session = session
        self.count_screen = CountScreen(session)
        self.switch_screen(self.count_screen)
        self._follow()
        self._start()

    def table_update(self, update: object) -> None:
        if isinstance(update, StateChanged):
            self.count_screen.redraw()

    def presence_changed(self, connected: Mapping[str, bool]) -> None:
        self.count_screen.presence = connected
        self.count_screen.redraw()

    def refused(self, message: str) -> None:
        self.count_screen.say(message)

    def link_changed(self, up: bool, message: str, final: bool) -> None:
        self.count_screen.say(message)
        if final:
            self.host_ended(message, over=self.session.state.phase is r.Phase.OVER)

    def next_game(self, message: str) -> None:
        self.count_screen.say(f"{shown(message)}: a new count, in its lobby.")
        self.count_screen.redraw()

    def leave_question(self) -> str | None:
        if self.session.state.phase is r.Phase.OVER or isinstance(self.session.door, Replaying):
            return None
        return super().leave_question()


def run_app(seat: MadeUpSeat, again: SeatAgain[MadeUpSeat] | None = None) -> int:
    """The app over `seat` in this terminal, to its end; its exit status (`again`: how it
    asks for the seat again with the host's PIN)."""
    app = MadeUpApp(seat, again)
    app.run()
    return app.return_code or 0


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
