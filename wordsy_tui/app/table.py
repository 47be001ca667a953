"""The shell every game's app shares: starting its session (asking for the host's PIN when
it wants one) and following the session's news, the too-small word on every screen, the
table's keys (leave, chat, the host's mute: their bindings, when they work, the command
palette's entries, the questions before leaving), the rematch and leaving the table after
a rematch, and running to the end.

A session's news reaches a game's screens one way, in every game: the shell reads the
session's updates in a worker and posts each as a typed message (`app.messages`:
`GameUpdated`, `PresenceUpdated`, `LinkUpdated`, `ActionRefused`, `RematchOffered`; chat's
`ChatArrived` and `ChatDeclined`, which the shell's chat handles itself). Each game's app
handles them like any Textual message (`on_game_updated`, ...) and changes its screens
there; nothing else calls into the app from the session's side.

A game's app keeps what is its own: which screen its game is at, what its news changes on
them, what its leave question is. The shell shows that screen (`show_table`), and only once
the session has told its first state: before it, a game's screen would draw a table of
nobody's (a watched Words with Friends host's as a "Scrabble" board); a host slow to answer
gets a wait that says so. The shell calls the game's app through a few hooks
(`game_screen`, `could_not_start`, `sit_again`, `table_left`, `leave_question`, `leave`,
`chat_here`, `game_commands`) and class attributes (`CHAT_KEY_IN_BROWSER`, `MUTE_KEY`,
`TABLE_KEYS_SHOWN`, `KEEPS_RUNNING`), and offers it helpers for what every table does the
same way (`refused`, `host_ended`, `rematch`, `stay_or_leave`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

from rich.text import Text
from textual import events, work
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen

from wordsy_tui.app.chat import ChattingApp
from wordsy_tui.app.messages import news
from wordsy_tui.app.muting import Muting
from wordsy_tui.app.terminal import TerminalApp
from wordsy_tui.app.widgets.ratings import RatingsBlock
from wordsy_tui.table.replay import Replaying
from wordsy_tui.table.seat import Seat as GameSeat
from wordsy_tui.table.seat import blank
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from textual.timer import Timer

LEAVING: Final = ("leave", "leave-table", "over-quit")
"""The key bar's Ctrl+Q bindings (each game's screens'): Ctrl+C does the same at every table."""
WAIT_SHOWN_AFTER_SECONDS: Final = 0.25
"""How long the app may show nothing before it says it is connecting: on a LAN the host
has answered by then (and a solo game's first state comes within a frame)."""

Seat = GameSeat[Any, Any, Any]
"""What the shell needs of any game's session (solo, a LAN seat, a replay): the seat
every game's session is, whatever its game."""
T = TypeVar("T", covariant=True)


@dataclass(frozen=True, slots=True)
class SeatAgain(Generic[T]):
    """How an app asks its host for the same seat again, with another PIN (`seat`), and the
    PIN it asked with last (None: none)."""

    seat: Callable[[str | None], T]
    pin: str | None = None


class TableApp(TerminalApp, ChattingApp):
    """An app at one game's table: the shell around the game's own screens.

    Each game's app (each subclass) gets the table's keys, from its class attributes:
    Ctrl+Q (and Ctrl+C) leaves, Ctrl+T (or `CHAT_KEY_IN_BROWSER`) chats, `MUTE_KEY` is the
    host's mute.
    """

    MUTE_KEY: ClassVar[str] = "f8"
    """The host's mute (clear of the game's keys)."""
    TABLE_KEYS_SHOWN: ClassVar[bool] = True
    """Leave and chat in the key bar (False: the game's screens say their own way out)."""
    KEEPS_RUNNING: ClassVar[bool] = False
    """The game can go on without its hosting player: leaving a game in play, they choose
    how (`HostLeavesScreen`: keep it running, or end it for everyone), not yes or no."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The table's keys first, the game's own after them: Textual merges each class's
        # BINDINGS as the class is made, so they are written into the game's own list here.
        cls.BINDINGS = [*cls.table_bindings(), *cls.__dict__.get("BINDINGS", [])]
        super().__init_subclass__(**kwargs)

    @classmethod
    def table_bindings(cls) -> list[BindingType]:
        """Leave, chat and mute, the same at every game's table but for their keys."""
        shown = cls.TABLE_KEYS_SHOWN
        return [
            # Ctrl+C too: people press it to quit, and deserve the same question, not a stop.
            Binding(
                "ctrl+q,ctrl+c",
                "leave",
                "Leave",
                id="leave",
                key_display="^q",
                show=shown,
                priority=True,
            ),
            # Over the word being typed too: a control key.
            Binding(
                f"ctrl+t,{cls.CHAT_KEY_IN_BROWSER}",
                "chat",
                "Chat",
                id="chat",
                key_display="^t",
                show=shown,
                priority=True,
            ),
            Binding(
                cls.MUTE_KEY,
                "mute",
                "Mute",
                id="mute",
                key_display=cls.MUTE_KEY.upper(),
                show=False,
            ),
        ]

    def get_key_display(self, binding: Binding) -> str:
        # In a browser the key bar names the keys that reach the page (`talk_key`,
        # `leave_key`): the same bindings hold both.
        if self.is_web and binding.id == "chat":
            return self.talk_key
        if self.is_web and binding.id in LEAVING:
            return "^c"
        return super().get_key_display(binding)

    def __init__(self, again: SeatAgain[Seat] | None = None) -> None:
        super().__init__()
        self.launched = False
        """A launcher runs this app and comes back after it (set by the launcher): a
        reason the game could not start is told there, not left on the terminal."""
        self.problem: str | None = None
        """Why the game could not start (`could_not_start`), for people; None while it could."""
        self.start_error: Exception | None = None
        """What kept the game from starting (a host's refusal says why in its reason)."""
        self.again = again
        """How the seat this app follows is asked for again with another PIN, when the
        host wants one (None: it cannot be, e.g. solo, hosting, or a PIN kept by a front)."""
        self.place: Screen[Any] | None = None
        """The game's screen, under any dialogs (`show_table`); None until the session's
        first state is in, while the app shows nothing of the game's."""
        self._waiting: Screen[Any] | None = None
        """The screen that says the app is connecting (the host took its time, or asked for
        its PIN first); None when it is not up."""
        self._wait_timer: Timer | None = None

    @property
    def seat(self) -> Seat | None:
        """The game's session (our seat, a spectator's place, a replay); None with no game."""
        raise NotImplementedError

    @property
    def talker(self) -> Seat | None:
        return self.seat

    @property
    def me(self) -> str | None:
        """Our seat at the table; None while watching, replaying or with no game."""
        seat = self.seat
        return seat.me if seat is not None else None

    # -- running to the end ---------------------------------------------------------

    async def run_to_end_async(self) -> int:
        await self.run_async()
        return await self.afterwards()

    async def afterwards(self) -> int:
        """Once the app has closed, what its game leaves to run in this program (by
        default nothing); the exit status (1: the game could not start)."""
        return self.return_code or 0

    @property
    def comes_back(self) -> bool:
        """Whether a launcher behind this app comes back once it has run to its end (not
        when the program has gone on to other work, such as serving a game on)."""
        return True

    async def on_event(self, event: events.Event) -> None:
        # Every key and click, whatever takes it: the player is at the table (the host
        # hears that much, at most every few seconds, and never which key it was).
        if isinstance(event, events.Key | events.MouseDown) and not event.is_forwarded:
            seat = self.seat
            if seat is not None:
                seat.still_here()
        await super().on_event(event)

    # -- following the session --------------------------------------------------------

    def sit_down(self, session: Seat) -> None:
        """Follow `session`'s news and start it, and show the game's screen if its state is
        known already (`show_table`): what a game's app does on mounting, and again with
        the seat asked for anew (`sit_again`). Workers of methods, so one cancelled before
        it ran (the app closing) leaves no coroutine behind."""
        self._follow_session(session)
        self._start_session(session)
        self.show_table()

    @work(group="session", exclusive=True)
    async def _follow_session(self, session: Seat) -> None:
        await self.follow_table(session)

    @work(group="session-start")
    async def _start_session(self, session: Seat) -> None:
        await self.open_table(session)

    # -- the game's screen, once its first state is in -----------------------------------

    @property
    def table_known(self) -> bool:
        """Whether the session has told its game's first state (its phase is past "new"; a
        replay's is known from the start)."""
        seat = self.seat
        if seat is None:
            return False
        return not blank(seat.state) or isinstance(seat.door, Replaying)

    def game_screen(self) -> Screen[Any]:
        """The game's screen for where its game is now: `place` while that is still the
        one (the shell shows it, `show_table`)."""
        raise NotImplementedError

    def show_table(self) -> bool:
        """Show the game's screen (`game_screen`) as the one under any dialogs, once the
        session's first state is in; whether it is shown now. A game's app asks at every
        state it is told, and acts on its screen only once it is.

        Until that state nothing is shown: most hosts answer within a frame (a solo game's
        deal always does), and a screen built for them would be replaced before it was ever
        drawn. A host slower than `WAIT_SHOWN_AFTER_SECONDS` gets the wait that says the app
        is connecting. A rematch's new game starts from "new" too: the screen shown stays
        until its first state, drawing the last game (`Seat.shown_state`).
        """
        if not self.table_known:
            if self.place is None and self._waiting is None and self._wait_timer is None:
                self._wait_timer = self.set_timer(WAIT_SHOWN_AFTER_SECONDS, self.show_wait)
            return False
        self._stop_wait_timer()
        place = self.game_screen()
        if place is not self.place:
            self.enter(place)
            self.place = place
            self._waiting = None  # (replaced, as every dialog over it was closed)
        return True

    def show_wait(self) -> None:
        """Say the app is connecting to the game, until the game's screen comes."""
        self._stop_wait_timer()
        if self.place is not None or self._waiting is not None:
            return
        if len(self.screen_stack) > 1:
            return  # a dialog is up already (help, a question): the wait would hide it
        # (Here: most tables never show it.)
        from wordsy_tui.app.screens.waiting import WaitingScreen

        self._waiting = WaitingScreen()
        self.push_screen(self._waiting)

    def _stop_wait_timer(self) -> None:
        if self._wait_timer is not None:
            self._wait_timer.stop()
            self._wait_timer = None

    def show_ratings(self, session: Seat) -> None:
        """The host's ratings (a note after the game's last events) to the results screen
        on top, where it has a `RatingsBlock`."""
        for block in self.screen.query(RatingsBlock):
            block.rated(session.ratings)

    async def open_table(self, session: Seat) -> bool:
        """Start `session`; whether it started (if not, the player is asked for the host's
        PIN, or `could_not_start` has said why)."""
        server = getattr(session.door, "server", None)  # (a scripted session has no door)
        if server is not None and server.on_notice is None:
            # The host's warnings (wrong PINs, a ratings file it cannot read) reach its player.
            server.on_notice = lambda line: self.notify(line, severity="warning", markup=False)
        try:
            await session.start()
        except Exception as error:  # refused by the host, host unreachable, ...
            if not self.ask_for_pin(session, error):
                self.could_not_start(session, error)
            return False
        return True

    async def follow_table(self, session: Seat) -> None:
        """Read `session`'s updates until it ends, posting each to the app as its message."""
        async for update in session.updates():
            self.post_message(news(update))

    def could_not_start(self, session: Seat, error: Exception) -> None:
        """The session did not start (turned away, nobody there): the app closes with the
        reason, left on the terminal, or said by the launcher that runs it."""
        # The host's refusal is its text, not ours: escaped, and never read as markup.
        reason = getattr(error, "message", None) or str(error) or type(error).__name__
        self.start_error = error
        self.problem = f"Cannot join: {shown(reason)}"
        self.exit(return_code=1, message=None if self.launched else Text(self.problem))

    def ask_for_pin(self, session: Seat, error: Exception) -> bool:
        """When `error` is the host asking for its PIN (none sent, a wrong one, or too many
        wrong lately) and the seat can be asked for again: ask the player for the PIN, as the
        LAN's list does, and `sit_again` with it once the host will check it (a try sooner
        would be refused unchecked); `could_not_start` if they give up. False when not."""
        again = self.again
        if again is None:
            return False
        # (Here, not above: solo's first frame needs no network.)
        from net import Refused
        from net import protocol as p
        from wordsy_tui.app.screens.prompt import PromptScreen

        if not isinstance(error, Refused) or error.reason not in (p.WRONG_PIN, p.PIN_BACKOFF):
            return False
        # A host that wants its PIN answers within a frame: its question comes over the
        # wait, as over a slow host's, and the wait stays for the seat asked for again.
        self.show_wait()
        if error.reason == p.PIN_BACKOFF:
            question = "Too many wrong PINs from here lately."
        else:
            question = "Wrong PIN." if again.pin else "This game has a PIN."
        wait = error.retry_after or 0.0
        if wait > 0:
            question += f" The host checks the next one in {wait:.0f} s."
        loop = asyncio.get_running_loop()
        ready = loop.time() + wait

        def given(pin: str | None) -> None:
            if pin is None:
                self.again = None
                self.could_not_start(session, error)
                return
            self.again = SeatAgain(again.seat, pin)
            left = ready - loop.time()
            if left <= 0:
                self.sit_again(again.seat(pin))
                return
            self.notify(f"Trying the PIN in {left:.0f} s, when the host takes it.")
            self.set_timer(left, lambda: self.sit_again(again.seat(pin)))

        self.push_screen(PromptScreen(f"{question} The game's PIN:", "PIN", password=True), given)
        return True

    def sit_again(self, session: Any) -> None:
        """Follow `session`: the seat asked for again, with the PIN the player gave."""
        raise NotImplementedError

    def host_ended(self, message: str, over: bool) -> None:
        """The host ended the game on purpose: its word on it, and the way out (leave, or
        stay to look at the table first); once the game is `over`, its results say enough."""
        if over:
            return
        from wordsy_tui.app.screens.confirm import GameClosedScreen

        self.push_screen(GameClosedScreen(message), lambda leave: self.leave() if leave else None)

    def refused(self, message: str) -> None:
        """The host (or the rules) refused one of our commands: say why, in a notice."""
        self.notify(shown(message), severity="warning", markup=False)

    # -- the rematch, and leaving the table ---------------------------------------------

    async def rematch(self, session: Seat) -> None:
        """Play again (the hosting player, from the end): the same table and options."""
        problem = await session.rematch()
        if problem is not None:
            self.notify(shown(problem), severity="warning", markup=False)

    def stay_or_leave(self, session: Seat, group: str) -> Callable[[bool | None], None]:
        """The answer to the host's rematch question (`RematchScreen`): a guest who does
        not stay leaves the table (and its seat in the new game)."""

        def answered(stay: bool | None) -> None:
            if stay is False and self.talker is session:
                self.run_worker(self._leave_table(session), group=group, exit_on_error=False)

        return answered

    async def _leave_table(self, session: Seat) -> None:
        await session.leave_table()
        await self.table_left(session)

    async def table_left(self, session: Seat) -> None:
        """We left `session`'s table: stop it, and close."""
        await session.stop()
        self.exit()

    def leave_question(self) -> str | None:
        """What to ask before leaving; None: nothing is lost, leave at once. By default a
        seated player is asked; a spectator (or a replay) leaves nothing behind."""
        seat = self.seat
        if seat is None or seat.me is None:
            return None
        return "Leave the game? It goes on without you."

    def action_leave(self) -> None:
        """Ctrl+Q: leave the table, once the player has said so where something is lost."""
        # (Imported here: the dialogs stay out of the time to the first frame.)
        from wordsy_tui.app.screens.confirm import ConfirmScreen, HostLeavesScreen

        question = self.leave_question()
        seat = self.seat
        if question is None:
            self.leave()
        elif self.KEEPS_RUNNING and seat is not None and seat.hosting:
            self.push_screen(HostLeavesScreen(self.can_keep_running()), self._host_leaves)
        else:
            self.push_screen(ConfirmScreen(question), lambda yes: self.leave() if yes else None)

    def _host_leaves(self, choice: str | None) -> None:
        from wordsy_tui.app.screens.confirm import END_FOR_EVERYONE, KEEP_RUNNING

        if choice == END_FOR_EVERYONE:
            self.leave()
        elif choice == KEEP_RUNNING:
            self.keep_running()

    def leave(self) -> None:
        """Leave the table now (the player said so, or nothing is lost): by default the seat
        is given up where the rules free it at once (the lobby), then the session stops and
        the app closes (`table_left`)."""
        seat = self.seat
        if seat is None:
            self.exit()
        else:
            self.run_worker(self._leave_table(seat), group="leaving", exit_on_error=False)

    def can_keep_running(self) -> bool:
        """Whether this program can serve the game on without its hosting player
        (`KEEPS_RUNNING` games only)."""
        return False

    def keep_running(self) -> None:
        """The hosting player leaves the game running without them (`KEEPS_RUNNING`)."""
        raise NotImplementedError

    # -- chat, and the host's mute ----------------------------------------------------

    def chat_here(self, screen: Screen[object]) -> bool:
        """Whether the table's chat opens over `screen` (the one on top): by default over
        the game's screens, not over a dialog (nor its input)."""
        return not isinstance(screen, ModalScreen)

    def _chat_open(self, screen: Screen[object] | None = None) -> bool:
        """Chat works here: others to hear it, and the game's screen, with one it opens
        over (not before the game's first state: nothing is at the table yet)."""
        return self.can_chat and self.place is not None and self.chat_here(screen or self.screen)

    def action_chat(self) -> None:
        """Ctrl+T: the chat line, over the screen (with the last lines said where the
        screen has no chat log of its own)."""
        from wordsy_tui.app.screens.chat import ChatScreen
        from wordsy_tui.app.widgets.chat import ChatLog

        if self._chat_open():
            history = not self.screen.query(ChatLog)
            self.push_screen(ChatScreen(history=history), self.say_line)

    def muting(self) -> Muting | None:
        """The host's mute list, for the hosting player; None elsewhere."""
        server = getattr(self.seat, "server", None)
        if server is None:
            return None  # (before the import: most tables have no host's screens to load)
        return server if isinstance(server, Muting) else None

    def action_mute(self) -> None:
        """The host picks someone whose chat lines go to nobody (or no longer)."""
        server = self.muting()
        if server is not None:
            from wordsy_tui.app.screens.remove import pick_to_mute

            pick_to_mute(self, server)

    # -- when the table's keys work, and the command palette -----------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "chat":
            return self._chat_open()
        if action == "mute":
            return self._chat_open() and self.muting() is not None
        return super().check_action(action, parameters)

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield from self.game_commands(screen)
        if self._chat_open(screen):
            yield SystemCommand(
                "Chat", "Say a line to everyone, spectators too (Ctrl+T)", self.action_chat
            )
            if self.muting() is not None:
                yield SystemCommand(
                    "Mute or unmute someone",
                    f"As the host: whose chat reaches nobody ({self.MUTE_KEY.upper()})",
                    self.action_mute,
                )
        yield SystemCommand("Leave", "Leave this game", self.action_leave)

    def game_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The game's own entries in the command palette (before the table's)."""
        return ()
