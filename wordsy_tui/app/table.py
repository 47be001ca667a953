"""The shell every game's app shares (Wordsy's `WordsyApp`, the tile games' `TileApp`):
starting its session and following the session's updates, the too-small word on every
screen, the table's keys (leave, chat, the host's mute: their bindings, when they work,
the command palette's entries, the questions before leaving), the rematch and leaving
the table after a rematch, and running to the end.

A game's app keeps what is its own: which screen its game is at, what its updates change
on them, what its leave question is. The shell calls it through a few hooks
(`table_update`, `presence_changed`, `link_changed`, `refused`, `next_game`,
`could_not_start`, `table_left`, `leave_question`, `leave`, `chat_here`,
`game_commands`) and class attributes (`CHAT_KEY_IN_BROWSER`, `MUTE_KEY`,
`TABLE_KEYS_SHOWN`, `KEEPS_RUNNING`).
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from textual import events
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import ModalScreen, Screen

from wordsy_tui.app.chat import ChattingApp
from wordsy_tui.app.messages import ChatArrived, ChatDeclined
from wordsy_tui.app.widgets.fit import TOO_SMALL_CLASS, TooSmall, too_small
from wordsy_tui.table.chat import ChatHeard, ChatRefused
from wordsy_tui.table.seat import LinkChanged, NextGame, PresenceChanged, Rejected
from wordsy_tui.table.seat import Seat as GameSeat
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.app.screens.remove import Muting


LEAVING: Final = ("leave", "leave-table", "over-quit")
"""The key bar's Ctrl+Q bindings (each game's screens'): Ctrl+C does the same at every table."""

Seat = GameSeat[Any, Any, Any]
"""What the shell needs of any game's session (solo, a LAN seat, a replay): the seat
every game's session is, whatever its game."""


class TableApp(ChattingApp):
    """An app at one game's table: the shell around the game's own screens.

    Each game's app (each subclass) gets the table's keys, from its class attributes:
    Ctrl+Q (and Ctrl+C) leaves, Ctrl+T (or `CHAT_KEY_IN_BROWSER`) chats, `MUTE_KEY` is the
    host's mute.
    """

    MUTE_KEY: ClassVar[str] = "f8"
    """The host's mute (clear of the game's keys)."""
    TABLE_KEYS_SHOWN: ClassVar[bool] = True
    """Leave and chat in the key bar (Wordsy's screens say their own way out instead)."""
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

    def __init__(self) -> None:
        super().__init__()
        self._guarded: weakref.WeakSet[Screen[object]] = weakref.WeakSet()
        """Screens that carry the too-small word already."""

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

    def run_to_end(self) -> int:
        """Run in this terminal; the exit status (1: the game could not be joined)."""
        # What the program has imported by now (Textual, the game, tens of thousands of
        # objects) lives as long as it does: kept out of the collector's full rounds, which
        # otherwise walk it all again (30-40 ms before solo's first frame, a dropped frame
        # each time later on).
        gc.freeze()
        return asyncio.run(self._run_to_end())

    async def _run_to_end(self) -> int:
        """`run_to_end` on its event loop; the exit status."""
        await self.run_async()
        return self.return_code or 0

    # -- the window too small ---------------------------------------------------------

    def guard_screens(self) -> None:
        """From mounting on: every screen, dialogs too, gets the too-small word as it comes
        up (or as the window becomes too small): the guard lives on the screens, so no
        change of screen drops it."""
        self.screen_change_signal.subscribe(self, self._guard_screen)
        self._guard_screen(self.screen)
        self._fit_window(self.size)

    def on_resize(self, event: events.Resize) -> None:
        # (Runs before Textual's own handler has taken the new size: read it here.)
        self._fit_window(event.size)

    async def on_event(self, event: events.Event) -> None:
        # Every key and click, whatever takes it: the player is at the table (the host
        # hears that much, at most every few seconds, and never which key it was).
        if isinstance(event, events.Key | events.MouseDown) and not event.is_forwarded:
            seat = self.seat
            if seat is not None:
                seat.still_here()
        await super().on_event(event)

    def _fit_window(self, size: Size) -> None:
        small = too_small(size)
        self.set_class(small, TOO_SMALL_CLASS)
        if small:
            for screen in self.screen_stack:
                self._guard_screen(screen)

    def _guard_screen(self, screen: Screen[object]) -> None:
        if not self.has_class(TOO_SMALL_CLASS):
            return  # mounted once the window is too small: until then it is in no frame
        if screen not in self._guarded and screen.is_attached:  # (not one already closed)
            self._guarded.add(screen)
            screen.mount(TooSmall())

    # -- following the session --------------------------------------------------------

    async def open_table(self, session: Seat) -> bool:
        """Start `session`; whether it started (if not, `could_not_start` has said why)."""
        try:
            await session.start()
        except Exception as error:  # refused by the host, host unreachable, ...
            self.could_not_start(session, error)
            return False
        return True

    async def follow_table(self, session: Seat) -> None:
        """Read `session`'s updates until it ends: what every table has is handled here,
        the game's own updates by `table_update`."""
        async for update in session.updates():
            match update:
                case PresenceChanged(connected):
                    self.presence_changed(connected)
                case LinkChanged(up, message, final):
                    self.link_changed(up, message, final)
                case Rejected(message):
                    self.refused(message)
                case NextGame(message):
                    self.next_game(message)
                case ChatHeard() as line:
                    self.post_message(ChatArrived(line))
                case ChatRefused(code, message):
                    self.post_message(ChatDeclined(code, message))
                case _:
                    self.table_update(update)

    def could_not_start(self, session: Seat, error: Exception) -> None:
        """The session did not start (turned away, nobody there): say so, and go."""
        raise error

    def table_update(self, update: object) -> None:
        """One of the game's own updates (its state changed, with the events that did it)."""
        raise NotImplementedError

    def presence_changed(self, connected: Mapping[str, bool]) -> None:
        """Who is connected to the host changed."""

    def link_changed(self, up: bool, message: str, final: bool) -> None:
        """The link to the host went down or came back; `final`: the host ended the game."""

    def host_ended(self, message: str, over: bool) -> None:
        """The host ended the game on purpose: its word on it, and the way out (leave, or
        stay to look at the table first); once the game is `over`, its results say enough."""
        if over:
            return
        from wordsy_tui.app.screens.confirm import GameClosedScreen

        self.push_screen(GameClosedScreen(message), lambda leave: self.leave() if leave else None)

    def refused(self, message: str) -> None:
        """The host (or the rules) refused one of our commands: say why."""
        self.notify(shown(message), severity="warning", markup=False)

    def next_game(self, message: str) -> None:
        """The host started a rematch with our seat in it."""

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
        """Leave the table now (the player said so, or nothing is lost): by default the
        session stops and the app closes (`table_left`)."""
        seat = self.seat
        if seat is None:
            self.exit()
        else:
            self.run_worker(self.table_left(seat), group="leaving", exit_on_error=False)

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
        """Chat works here: others to hear it, and a screen it opens over."""
        return self.can_chat and self.chat_here(screen or self.screen)

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
        # (Imported here: the host's screens stay out of the time to the first frame.)
        from wordsy_tui.app.screens.remove import Muting

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
