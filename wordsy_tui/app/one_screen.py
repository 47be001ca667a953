"""A game's app whose table is one screen (Word Nerds', Wordsmith's): the shell's messages
drawn on that screen, the results at the end, the rematch, the host's end, the PIN asked
again, and the question before leaving, once for every such game. The game gives its
screens (`play_screen`, `results_screen`) and what it does of its own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar, cast

from rich.text import Text
from textual import work
from textual.screen import Screen

from wordsy_tui.app.messages import (
    ActionRefused,
    GameUpdated,
    LinkUpdated,
    PresenceUpdated,
    RematchOffered,
)
from wordsy_tui.app.table import Seat, SeatAgain, TableApp
from wordsy_tui.table.replay import Replaying
from wordsy_tui.text import shown

OVER = "over"
NOT_STARTED = ("new", "lobby")
"""Every game's phases name its lobby and its end so (`table.part.Table`)."""


class PlayScreen(Protocol):
    """What the app does on its game's screen: say a line, draw it again, tell it the news,
    and mark the table closed by its host."""

    closed: bool
    presence: Mapping[str, bool]

    def say(self, message: str | Text | None, style: str = "") -> None: ...

    def redraw(self) -> None: ...

    def tell(self, events: tuple[Any, ...]) -> None: ...

    def fresh_game(self) -> None:
        """Forget what was being put together for the game that ended (a rematch)."""
        ...


SeatT = TypeVar("SeatT", bound=Seat)
ScreenT = TypeVar("ScreenT", bound=PlayScreen)


class OneScreenApp(TableApp, Generic[SeatT, ScreenT]):
    """One game in the terminal on one screen; `session` plays it (solo: with computer
    players), watches it, or replays it."""

    RESULTS: ClassVar[type[Screen[Any]]]
    """The game's results screen (`results_screen` makes it)."""

    def __init__(
        self,
        session: SeatT,
        now: Callable[[], float] | None = None,
        again: SeatAgain[SeatT] | None = None,
    ) -> None:
        super().__init__(again)
        self.session = session
        self._now = now
        door = session.door
        self.replay = door if isinstance(door, Replaying) else None
        self.table_screen: ScreenT = (
            self.replay_screen(session, door)
            if isinstance(door, Replaying)
            else self.play_screen(session, now)
        )
        self._told_over = False

    # -- what the game gives ------------------------------------------------------------

    def play_screen(self, session: SeatT, now: Callable[[], float] | None) -> ScreenT:
        """The game's screen at a table (`now`: the clock its countdowns read)."""
        raise NotImplementedError

    def replay_screen(self, session: SeatT, replay: Replaying[Any, Any]) -> ScreenT:
        """The game's screen over a saved game, read-only."""
        raise NotImplementedError

    def results_screen(self, rematch: Callable[[], object] | None) -> Screen[Any]:
        """The end: every player's score (`rematch`: the hosting player plays again)."""
        raise NotImplementedError

    def game_updated(self, update: GameUpdated) -> None:
        """What else the news changes, beyond the table's screen (by default nothing)."""

    # -- the shell's messages, drawn on the one screen -----------------------------------

    @property
    def seat(self) -> SeatT:
        return self.session

    def on_mount(self) -> None:
        self.guard_screens()
        # The table once the game's first state is in (a replay's at once): `show_table`.
        self.sit_down(self.session)

    def game_screen(self) -> Screen[Any]:
        return self._screen

    @property
    def _screen(self) -> Screen[Any]:
        # (A game's play screen is a Screen that is a PlayScreen: no type says both.)
        return cast("Screen[Any]", self.table_screen)

    def could_not_start(self, session: Seat, error: Exception) -> None:
        from net import Refused  # (here: a solo game's first frame needs no network)

        if not isinstance(error, (Refused, ConnectionError, OSError)):
            raise error
        # Turned away, or nobody there: said as every table says it (and kept for a
        # browser tab, which asks again saying why, or offers a seat held elsewhere).
        super().could_not_start(session, error)

    def sit_again(self, session: SeatT) -> None:
        # On a screen of its own (the one turned away followed the seat that was), shown
        # once the seat's first state is in.
        self.session = session
        self.table_screen = self.play_screen(session, self._now)
        self.sit_down(session)

    def on_game_updated(self, update: GameUpdated) -> None:
        screen = self.table_screen
        screen.tell(update.events)
        if not self.show_table():
            return  # (what it said waits on the screen for its first frame)
        screen.redraw()
        self.game_updated(update)
        if update.state.phase == OVER and not self._told_over:
            self._told_over = True
            self.show_results()
        self.show_ratings(self.session)

    def show_results(self) -> None:
        """Every player's score; the hosting player may play again from there."""
        rematch = self.action_rematch if self.session.hosting else None
        self.push_screen(self.results_screen(rematch))

    def on_presence_updated(self, update: PresenceUpdated) -> None:
        self.table_screen.presence = update.connected
        self.table_screen.redraw()

    def on_action_refused(self, refused: ActionRefused) -> None:
        self.table_screen.say(shown(refused.message), "bold")

    def on_link_updated(self, update: LinkUpdated) -> None:
        message, final = update.message, update.final
        self.table_screen.say(shown(message), "bold" if final else "")
        if final and not self.table_screen.closed:
            self.table_screen.closed = True
            self.table_screen.redraw()
            self.host_ended(message, over=self.session.state.phase == OVER)

    def on_rematch_offered(self, offered: RematchOffered) -> None:
        """A rematch with our seat in it: back to the table, in the new game's lobby; a
        guest is asked whether they stay."""
        from wordsy_tui.app.screens.confirm import RematchScreen

        message = offered.message
        self._told_over = False
        while isinstance(self.screen, self.RESULTS):
            self.pop_screen()
        screen = self.table_screen
        screen.fresh_game()
        screen.say(f"{shown(message)}: a new game, in its lobby.", "bold")
        screen.redraw()
        if not self.session.hosting:
            self.push_screen(RematchScreen(message), self.stay_or_leave(self.session, "dialog"))

    @work(group="rematch", exclusive=True)
    async def action_rematch(self) -> None:
        """Play again (the hosting player, from the end): the same table and options."""
        await self.rematch(self.session)

    def leave_question(self) -> str | None:
        state, session = self.session.state, self.session
        if self.replay is not None or state.phase == OVER or self.table_screen.closed:
            return None
        if session.me is None:
            return None
        if session.hosting:
            return "Leave? The game ends for everyone at the table (it stays saved)."
        if state.phase in NOT_STARTED:
            return None  # a guest gives the seat up on the way out: nothing is lost
        if session.door.can_chat:
            return "Leave the table? Your seat is kept: join again to take it back."
        return "Leave this game? It is not kept."
