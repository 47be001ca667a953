"""The shell every game's app shares (Wordsy's `WordsyApp`, the tile games' `TileApp`):
starting its session and following the session's updates, the too-small word on every
screen, the rematch and leaving the table after a rematch, and running to the end.

A game's app keeps what is its own: which screen its game is at, what its updates change
on them, the questions it asks before leaving. The shell calls it through a few hooks
(`table_update`, `presence_changed`, `link_changed`, `refused`, `next_game`,
`could_not_start`, `table_left`).
"""

from __future__ import annotations

import asyncio
import gc
import weakref
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from textual import events
from textual.geometry import Size
from textual.screen import Screen

from wordsy_tui.app.chat import ChattingApp
from wordsy_tui.app.messages import ChatArrived, ChatDeclined
from wordsy_tui.app.widgets.fit import TOO_SMALL_CLASS, TooSmall, too_small
from wordsy_tui.session.base import LinkChanged, NextGame, PresenceChanged, Rejected
from wordsy_tui.session.base import Seat as GameSeat
from wordsy_tui.session.chat import ChatHeard, ChatRefused
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.app.screens.remove import Muting


Seat = GameSeat[Any, Any, Any]
"""What the shell needs of any game's session (solo, a LAN seat, a replay): the seat
every game's session is, whatever its game."""


class TableApp(ChattingApp):
    """An app at one game's table: the shell around the game's own screens."""

    def __init__(self) -> None:
        super().__init__()
        self._guarded: weakref.WeakSet[Screen[object]] = weakref.WeakSet()
        """Screens that carry the too-small word already."""

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

    # -- the host's mute --------------------------------------------------------------

    def muting(self) -> Muting | None:
        """The host's mute list, for the hosting player; None elsewhere."""
        # (Imported here: the host's screens stay out of the time to the first frame.)
        from wordsy_tui.app.screens.remove import Muting

        server = getattr(self.talker, "server", None)
        return server if isinstance(server, Muting) else None

    def action_mute(self) -> None:
        """The host picks someone whose chat lines go to nobody (or no longer)."""
        server = self.muting()
        if server is not None:
            from wordsy_tui.app.screens.remove import pick_to_mute

            pick_to_mute(self, server)
