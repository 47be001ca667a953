"""WordsyApp: follows one session and shows the screen its game is at.

Only the screen a game waits on is imported up front; the others are imported
where they are opened (the board for solo, the lobby for a host or a joining
player, which alone brings in the computer players), so each entry point's first
frame loads its own screen and not the others'.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, ClassVar, Final

from textual import work
from textual._path import CSSPathType
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.geometry import Size
from textual.reactive import var
from textual.screen import Screen
from textual.widgets import Input
from textual.worker import Worker

from wordsy_tui.app.failures import report_failure
from wordsy_tui.app.messages import (
    ActionRefused,
    GameUpdated,
    LinkUpdated,
    PresenceUpdated,
    RematchOffered,
)
from wordsy_tui.app.table import Seat, SeatAgain, TableApp
from wordsy_tui.app.terminal import TABLE_CSS
from wordsy_tui.app.widgets.fit import WIDE_CLASS, is_wide
from wordsy_tui.games.wordsy.app.server import host_server
from wordsy_tui.games.wordsy.referee.advice import Advisor
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules import events as ev
from wordsy_tui.games.wordsy.rules.alarms import alarm_for
from wordsy_tui.games.wordsy.rules.legal import (
    allowed,
    may_offer_meant_word,
    refusal,
    with_word_written,
)
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.games.wordsy.seat import WordsySeat
from wordsy_tui.games.wordsy.solo import is_solo
from wordsy_tui.table.clock import Deadline
from wordsy_tui.table.replay import Replaying
from wordsy_tui.text import shown

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.app.widgets.timer import Countdown

# The draft is sent as the player types, but not on every key: the host
# sees a new commitment at most this often.
WRITE_DEBOUNCE_SECONDS: Final = 0.3
PLAYING: Final = frozenset({Phase.WRITING, Phase.REVEAL, Phase.CHALLENGES})
PRELOAD_DELAY_SECONDS: Final = 0.5
TYPING_PAUSE_SECONDS: Final = 0.25
"""The best-word search is built on a thread only once the word has not changed for this
long: each slice of it holds the interpreter for milliseconds, which a key would wait out."""
END_NOW_QUESTIONS: Final = {
    "timer": "End the writing now, for everyone? Every word is revealed as it stands, "
    "half-typed ones too, as when the sand runs out.",
    "writing": "End the writing now, for everyone? Every word is revealed as it stands, "
    "half-typed ones too.",
    "reveal": "Stop waiting for the words still to be revealed? A word not revealed now "
    "counts as no word this round.",
    "vote": "Close the vote now? The votes cast decide; a tie, or no votes, follows the referee.",
    "challenges": "End the challenges now, for everyone? The round is scored as it stands "
    "and the next one begins.",
}
"""What ending each wait (by its alarm's label) does, asked before the host ends it."""


ServeOn = Callable[[WordsySeat], Awaitable[int]]
"""How this program serves on, headless, the game of a hosting player's seat that they
left running (once the app has closed); the exit status."""


class WordsyApp(TableApp):
    """A game of Wordsy in the terminal, at the screen its phase is at.

    `session`: the game (solo, host, join or a replay; None: one comes later, to `play`).
    `serve_on`: how this program serves
    a hosted game on once its hosting player leaves it running (None: it cannot here).
    `now` is the clock the countdown reads (the event loop's monotonic time by default;
    tests freeze it).
    """

    CSS_PATH: ClassVar[CSSPathType | None] = [TABLE_CSS, "wordsy.tcss"]
    TITLE = "Wordsy"
    # The table's keys (`TableApp`): chat's other key F3 (F7 is free at the board, where
    # F3 passes), the host's mute F6 (a tile game's start), and neither they nor leave in
    # the key bar: each screen says its own way out.
    CHAT_KEY_IN_BROWSER = "f3"
    MUTE_KEY = "f6"
    TABLE_KEYS_SHOWN = False
    KEEPS_RUNNING = True
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1,question_mark", "help", "Help", id="help", key_display="?", priority=True),
        Binding("f2", "scoresheet", "Sheets", id="scoresheet", key_display="F2", show=False),
        Binding("right,n", "replay_step(1)", "Next round", id="replay-next", key_display="→"),
        Binding("left,p", "replay_step(-1)", "Previous", id="replay-back", key_display="←"),
    ]

    state: var[GameState] = var(GameState, always_update=True)
    deadline: var[Deadline | None] = var(None)
    presence: var[dict[str, bool]] = var(dict)
    link_problem: var[str | None] = var(None)
    """Why the link to the host is down; None while it is up."""
    game_closed: var[str | None] = var(None)
    """The host's word that it ended the game (the link stays down); None until then."""

    def __init__(
        self,
        session: WordsySeat | None = None,
        *,
        advisor: Advisor | None = None,
        now: Callable[[], float] | None = None,
        bell: bool = True,
        serve_on: ServeOn | None = None,
        again: SeatAgain[WordsySeat] | None = None,
    ) -> None:
        super().__init__(again)
        self.session = session
        self.advisor = advisor or Advisor()
        self.now = now or (lambda: asyncio.get_running_loop().time())
        self.bell_on = bell
        self.serve_on = serve_on
        self._draft = ""
        self._typed_at = -math.inf
        """When the word last changed (monotonic): read by the preload's thread."""
        self._write_timer: asyncio.TimerHandle | None = None
        self._acting = asyncio.Lock()
        self._sealed: int | None = None
        """The round whose word went out with a lock-in or flip: later keys do not count."""
        self._deferred_vote: tuple[object, ...] | None = None
        self._asked_meant: tuple[int, str | None] | None = None
        """The fallen word (round, word) we last asked the meant word for."""
        self._solo_started = False
        self._shown_bindings: tuple[object, ...] = ()
        self._left_running: WordsySeat | None = None
        """The hosting player's session whose game goes on without them once the app ends."""
        self._served_on = False
        self._rematch_question: str | None = None
        """The host's rematch, to ask about once its lobby is on screen."""

    async def afterwards(self) -> int:
        """Once the app has closed: serve on a game its hosting player left running, on
        the same event loop (so nobody's link drops); the program's exit status."""
        session, self._left_running = self._left_running, None
        if session is not None and self.serve_on is not None:
            self._served_on = True
            return await self.serve_on(session)
        return await super().afterwards()

    @property
    def comes_back(self) -> bool:
        # Once it has served a game on, this program was a headless host: it ends there.
        return not self._served_on

    @property
    def seat(self) -> WordsySeat | None:
        return self.session

    # -- following the session ---------------------------------------------

    def on_mount(self) -> None:
        self.guard_screens()
        # Reading the word list holds the interpreter for a moment: not before the first frame.
        self.set_timer(PRELOAD_DELAY_SECONDS, lambda: self.advisor.preload(self._typing_pause))
        if self.session is not None:
            self.play(self.session)

    def _fit_window(self, size: Size) -> None:
        super()._fit_window(size)
        wide = is_wide(size)
        if wide != self.has_class(WIDE_CLASS):
            self.set_class(wide, WIDE_CLASS)
            from wordsy_tui.games.wordsy.app.widgets.board import BoardCards

            for screen in self.screen_stack:
                for board in screen.query(BoardCards):
                    board.big = wide

    def play(self, session: WordsySeat) -> None:
        """Show `session`'s game and follow it from now on."""
        self.session = session
        self._solo_started = False
        self.state = session.state
        self.presence = dict(session.presence)
        self.deadline = session.deadline
        self.link_problem = None
        self.game_closed = None
        self.forget_chat()
        # (Not host_server(): its check reads the port, and the server is not started yet.)
        server = getattr(session, "server", None)
        if server is not None and hasattr(server, "on_reclaim"):
            server.on_reclaim = self._ask_for_seat
        self._route()
        # Followed while it starts, as every game's app: a hosting player's lobby comes with
        # the seat's welcome, not after the LAN's advertisement (its name probed, 1.5 s).
        self.sit_down(session)

    async def _ask_for_seat(self, name: str) -> bool:
        """The hosting player's answer to someone asking for `name`'s seat back."""
        # (Its screens when someone asks, not before the lobby's first frame.)
        from wordsy_tui.app.screens.remove import ask_for_seat

        return await ask_for_seat(self, name)

    def sit_again(self, session: WordsySeat) -> None:
        self.play(session)

    def on_game_updated(self, message: GameUpdated) -> None:
        self.deadline = message.deadline
        self.state = message.state
        me = self.me
        if any(isinstance(e, ev.TimerFlipped) and e.player != me for e in message.events):
            self.ring()
        if self._solo_ready_to_start():
            # Solo has no one to wait for: the game starts once its player is seated.
            self._solo_started = True
            self.act(lambda session: session.start_game())
        self._route()
        # The footer redraws itself on every refresh: only when a key's availability may change.
        keys = self._bindings_key()
        if keys != self._shown_bindings:
            self._shown_bindings = keys
            self.refresh_bindings()

    def _bindings_key(self) -> tuple[object, ...]:
        """What `check_action` and the panes' checks depend on."""
        state, me = self.state, self.me
        mine = state.draft(me) if me else None
        return (
            state.phase,
            state.round,
            mine.locked if mine else None,
            mine.voided if mine else None,
            state.flipped_by,
            state.no_flip,
            state.timer_expired,
            state.challenge,
            me in state.ready,
            bool(state.sheets),
        )

    def _solo_ready_to_start(self) -> bool:
        # The seat's state now, not the update's: a solo game is dealt as its seat opens,
        # so the update of its player seated comes after the game has started (only a
        # rematch waits in the lobby).
        session = self.session
        if session is None:
            return False
        state, me = session.state, self.me
        return (
            state.solo
            and state.phase is Phase.LOBBY
            and me in state.players
            and not self._solo_started
        )

    def on_presence_updated(self, message: PresenceUpdated) -> None:
        self.presence = message.connected

    def on_link_updated(self, message: LinkUpdated) -> None:
        if message.final:
            self._host_ended(message.message)
        self.link_problem = None if message.up else message.message

    def _host_ended(self, message: str) -> None:
        """The host ended the game on purpose: say so, and offer the way out."""
        self.game_closed = message
        self.deadline = None  # no clock runs at a table that has closed
        self.host_ended(message, over=self.state.phase is Phase.OVER)

    def on_rematch_offered(self, message: RematchOffered) -> None:
        session = self._fresh_table()
        if session is None or session.hosting:
            return  # the host chose it
        if session.me is None:
            self.notify(f"{shown(message.message)}: a new game begins.", markup=False)
        else:
            self._rematch_question = message.message or "The host wants a rematch"

    def _ask_about_rematch(self) -> None:
        question, session = self._rematch_question, self.session
        if question is None or session is None:
            return  # (before the imports: the lobby's brings in the computer players)
        from wordsy_tui.app.screens.confirm import RematchScreen
        from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen

        if not isinstance(self.place, LobbyScreen):
            return
        self._rematch_question = None
        answered = self.stay_or_leave(session, "actions")
        # Once the new lobby has drawn its seats: a screen under a dialog is not redrawn.
        self.place.call_after_refresh(self.push_screen, RematchScreen(question), answered)

    async def table_left(self, session: Seat) -> None:
        if self.session is session:
            self._close()

    def _fresh_table(self) -> WordsySeat | None:
        """A new game at the same table: nothing of the last game's rounds holds keys back."""
        self._sealed = None
        self._deferred_vote = None
        self._asked_meant = None
        self._draft = ""
        self._stop_write_timer()
        self._solo_started = False
        return self.session

    def on_action_refused(self, message: ActionRefused) -> None:
        self.refused(message.message)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        report_failure(self, event.worker)

    def on_countdown_five_seconds_left(self, _message: Countdown.FiveSecondsLeft) -> None:
        self.ring()

    def ring(self) -> None:
        if self.bell_on:
            self.bell()

    async def on_unmount(self) -> None:
        self._stop_write_timer()
        # A game left running is stopped by whoever serves it on (see `afterwards`).
        if self.session is not None and self.session is not self._left_running:
            await self.session.stop()

    # -- which screen the game is at -----------------------------------------

    def _route(self) -> None:
        # Nothing until the first state is in (`show_table`): then the screen its phase is at.
        if not self.show_table():
            return
        self._offer_vote()
        self._ask_meant_word()
        self._ask_about_rematch()

    @property
    def table_known(self) -> bool:
        # The state this app has been told (its screens draw it), not the seat's latest.
        return self.state.phase is not Phase.NEW or self._replaying()

    def game_screen(self) -> Screen[None]:
        wanted = self._place_for(self.state.phase)
        return self.place if isinstance(self.place, wanted) else wanted()

    def _place_for(self, phase: Phase) -> type[Screen[None]]:
        if phase is Phase.OVER:
            from wordsy_tui.games.wordsy.app.screens.results import ResultsScreen

            return ResultsScreen
        if phase is Phase.LOBBY and not self.state.solo:
            from wordsy_tui.games.wordsy.app.screens.lobby import LobbyScreen

            return LobbyScreen
        from wordsy_tui.games.wordsy.app.screens.game import GameScreen

        return GameScreen

    def vote_wanted(self) -> bool:
        """Whether this seat has a vote in the open challenge, not cast yet."""
        challenge = self.state.challenge
        me = self.me
        return challenge is not None and me in challenge.voters and me not in challenge.votes

    def _offer_vote(self) -> None:
        challenge = self.state.challenge
        if challenge is None or not self.vote_wanted():
            return
        from wordsy_tui.games.wordsy.app.screens.vote import VoteScreen, vote_key, vote_screen

        deferred = self._deferred_vote == vote_key(self.state)
        if not deferred and not any(isinstance(s, VoteScreen) for s in self.screen_stack):
            self.push_screen(vote_screen(challenge), self._vote_closed)

    def _ask_meant_word(self) -> None:
        """Relaxed play: once our word falls, ask (once) for the word we meant."""
        me, replaying = self.me, self._replaying()
        # (The rule itself, not the screen's module: that loads once there is a word to ask.)
        if me is None or replaying or not may_offer_meant_word(self.state, me):
            return
        fallen = (self.state.round, self.state.draft(me).word)
        if self._asked_meant != fallen:
            self._asked_meant = fallen
            self.open_meant_word()

    def open_meant_word(self) -> None:
        from wordsy_tui.games.wordsy.app.screens.meant import MeantWordScreen

        if not any(isinstance(s, MeantWordScreen) for s in self.screen_stack):
            self.push_screen(MeantWordScreen())

    def _vote_closed(self, uphold: bool | None) -> None:
        if uphold is not None:
            self.act(lambda session: session.vote(uphold))

    def defer_vote(self) -> None:
        """The player closed the vote to look at the words first; v opens it again."""
        from wordsy_tui.games.wordsy.app.screens.vote import vote_key

        self._deferred_vote = vote_key(self.state)

    # -- actions players take -----------------------------------------------

    def act(self, action: Callable[[WordsySeat], Awaitable[object]]) -> None:
        """Run a session action off the UI's time; refusals arrive as messages.

        Actions reach the host one after another, in the order the player took them:
        a rewrite sent by the debounce never overtakes (or follows) a lock-in.
        """
        session = self.session
        if session is not None and session.me is not None:
            self._act_in_turn(session, action)

    @work(group="actions", exit_on_error=False)
    async def _act_in_turn(
        self, session: WordsySeat, action: Callable[[WordsySeat], Awaitable[object]]
    ) -> None:
        # A worker of the method, not of a coroutine made now: one cancelled before it ran
        # (the app closing) leaves no coroutine that was never awaited.
        async with self._acting:
            await action(session)

    def _typing_pause(self) -> None:
        """On the preload's thread: back once the player has paused typing."""
        while (left := self._typed_at + TYPING_PAUSE_SECONDS - time.monotonic()) > 0:
            time.sleep(left)

    def write_draft(self, word: str) -> None:
        """The draft changed: send it once typing pauses."""
        self._typed_at = time.monotonic()
        if self._sealed == self.state.round:
            return  # the word went out with a lock-in or flip; keys after that do not count
        self._draft = word
        # One alarm for a burst of keys, which looks again when it rings: a key only notes
        # its time (a timer made and stopped at every key cost the key a task or two).
        if self._write_timer is None:
            self._write_timer = asyncio.get_running_loop().call_later(
                WRITE_DEBOUNCE_SECONDS, self._draft_due
            )

    def _stop_write_timer(self) -> None:
        if self._write_timer is not None:
            self._write_timer.cancel()
            self._write_timer = None

    def _draft_due(self) -> None:
        left = self._typed_at + WRITE_DEBOUNCE_SECONDS - time.monotonic()
        if left > 0:
            self._write_timer = asyncio.get_running_loop().call_later(left, self._draft_due)
            return
        self._write_timer = None
        word = self._draft
        self.act(lambda session: self._write(session, word))

    async def _write(self, session: WordsySeat, word: str) -> str | None:
        if word.strip().upper() == session.word:
            return None
        return await session.write(word)

    def action_lock_in(self) -> None:
        self._on_the_word_on_screen(lambda session: session.lock_in(), self._lock_in_question)

    def action_flip(self) -> None:
        self._on_the_word_on_screen(lambda session: session.flip(), self._flip_question)

    def _on_the_word_on_screen(
        self,
        then: Callable[[WordsySeat], Awaitable[str | None]],
        question_for: Callable[[str], str | None],
    ) -> None:
        """Send the word exactly as the input holds it at this key, then `then`.

        Keys that came before this one (a paste, a fast typist, an SSH link) may still
        wait in the input's own queue: the word is read from there once they are in,
        and before any key that came after. Where `question_for` that word has a question
        (no word to lock in, a word the referee would refuse to flip with), it goes out
        only once the player says so: a stray key costs no round.
        """
        me = self.me
        if me is None or self.state.phase is not Phase.WRITING:
            return
        if self.state.draft(me).locked:
            self.act(then)  # a locked-in word may still take the timer: nothing to send first
            return
        round_no = self.state.round

        def on_screen(word: str) -> None:
            question = question_for(word)
            if question is None:
                self._seal_and_send(word, then)
                return
            from wordsy_tui.app.screens.confirm import ConfirmScreen

            def answered(yes: bool | None) -> None:
                # Asked in this round's writing: a yes that comes after it counts for nothing.
                if yes and self.state.phase is Phase.WRITING and self.state.round == round_no:
                    self._seal_and_send(word, then)

            self.push_screen(ConfirmScreen(question), answered)

        word_input = self._word_input()
        if word_input is None:
            on_screen(self._draft)
        else:
            word_input.call_later(lambda: on_screen(word_input.value))

    @staticmethod
    def _lock_in_question(word: str) -> str | None:
        """What to ask before locking in with `word`: nothing, unless there is no word."""
        if word.strip():
            return None
        return (
            "Lock in with no word? This round is then a pass for 0 points, and you cannot "
            "write a word in it any more."
        )

    def _flip_question(self, word: str) -> str | None:
        """What to ask before flipping with `word`, if the referee would refuse it."""
        if not word.strip():
            return None  # no word: the rules refuse the flip, and say why
        state = self.state
        verdict = self.advisor.judge(word, state.played, state.config.ruleset)
        if verdict.ok:
            return None
        return (
            f"{shown(verdict.message)}: flip the timer anyway? Your word becomes final "
            "and the others may challenge it."
        )

    def _word_input(self) -> Input | None:
        try:
            return self.screen.query_one("#word", Input)
        except NoMatches:
            return None

    def _seal_and_send(
        self, word: str, then: Callable[[WordsySeat], Awaitable[str | None]]
    ) -> None:
        round_no = self.state.round
        self._sealed = round_no
        self._draft = word
        self._stop_write_timer()

        async def send(session: WordsySeat) -> None:
            refused = await self._write(session, word) or await then(session)
            if refused is not None and self._sealed == round_no:
                self._sealed = None  # e.g. a refused flip: the player writes on

        self.act(send)

    def action_pause(self) -> None:
        """Solo: the same card flip pauses the timer."""
        self.action_flip()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        state, me = self.state, self.me
        if action in ("flip", "pause"):
            # The key sends the word on screen first: ask the rules about that word.
            return (
                me is not None
                and state.solo == (action == "pause")
                and allowed(with_word_written(state, me), cmd.FlipTimer(me))
            )
        if action == "replay_step":
            return self._replaying()
        if action == "lock_in":
            return self._can_write()
        if action == "vote":
            return self.vote_wanted()
        if action == "end_phase":
            # Only a wait the host's clock would end: ending it now is the clock's own step.
            return (
                self.session is not None and self.session.hosting and alarm_for(state) is not None
            )
        if action == "rematch":
            return self._may_rematch()
        return super().check_action(action, parameters)

    def timer_refusal(self) -> str:
        """Why Space does not take the timer now, in the rules' words."""
        me = self.me
        problem = (
            None if me is None else refusal(with_word_written(self.state, me), cmd.FlipTimer(me))
        )
        return problem or "the timer cannot be taken now"

    def _can_write(self) -> bool:
        me = self.me
        return me is not None and allowed(self.state, cmd.LockIn(me))

    def chat_here(self, screen: Screen[object]) -> bool:
        """Over the screens with the table's chat log: the lobby and the board."""
        # (Asked only where others hear chat: the chat log's module loads Rich's
        # pretty-printer, kept out of solo's first frame.)
        from wordsy_tui.app.widgets.chat import ChatLog

        return bool(screen.query(ChatLog))

    def action_end_phase(self) -> None:
        """The host ends the wait running now for everyone, once they have said so."""
        session, alarm = self.session, alarm_for(self.state)
        if session is None or not session.hosting or alarm is None:
            return
        from wordsy_tui.app.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            now = alarm_for(self.state)
            # The wait asked about, not the one that may have followed it meanwhile.
            if yes and now is not None and now.key == alarm.key:
                self.run_worker(self._end_phase(session), group="actions", exit_on_error=False)

        self.push_screen(ConfirmScreen(END_NOW_QUESTIONS[alarm.label]), answered)

    async def _end_phase(self, session: WordsySeat) -> None:
        problem = await session.end_phase()
        if problem is not None:
            self.notify(problem, severity="warning")

    def _may_rematch(self) -> bool:
        """The results are on screen and this program hosts the game (or plays solo)."""
        session = self.session
        return (
            session is not None
            and (session.hosting or is_solo(session))
            and self.state.phase is Phase.OVER
            and self.game_closed is None
        )

    def action_rematch(self) -> None:
        """Play again: the same table and options, a new game."""
        session = self.session
        if session is not None and self._may_rematch():
            self._fresh_table()
            self.run_worker(self.rematch(session), group="actions", exit_on_error=False)

    def _replaying(self) -> bool:
        return self.session is not None and isinstance(self.session.door, Replaying)

    def action_replay_step(self, delta: int) -> None:
        if self.session is not None and isinstance(self.session.door, Replaying):
            self.session.door.step(delta)

    def action_vote(self) -> None:
        """Open the vote again after putting it off."""
        self._deferred_vote = None
        self._offer_vote()

    def action_help(self) -> None:
        from wordsy_tui.games.wordsy.app.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen):
            self.pop_screen()
        else:
            chat = self.session is not None and self.session.can_chat
            self.push_screen(HelpScreen(self.state.config, chat))

    def action_scoresheet(self) -> None:
        from wordsy_tui.games.wordsy.app.screens.scoresheet import ScoresheetScreen

        if self.state.sheets and not isinstance(self.screen, ScoresheetScreen):
            self.push_screen(ScoresheetScreen())

    def action_remove(self) -> None:
        """The host picks a player to remove (from the board, or the command palette)."""
        from wordsy_tui.games.wordsy.app.remove import pick_player_to_remove

        pick_player_to_remove(self)

    def action_toggle_bell(self) -> None:
        self.bell_on = not self.bell_on
        self.notify(f"Bell {'on' if self.bell_on else 'off'}")

    def leave_question(self) -> str | None:
        # Asked only in a game in play, and not once the host has ended it.
        if self.state.phase not in PLAYING or self.game_closed is not None:
            return None
        return super().leave_question()

    def can_keep_running(self) -> bool:
        return self.serve_on is not None and host_server(self.session) is not None

    def keep_running(self) -> None:
        if self.session is not None:
            # The app closes; `afterwards` takes the hosting player out of their seat and
            # serves the game on, in this process, for the others.
            self._left_running = self.session
            self.workers.cancel_group(self, "session")
            self.exit()

    def leave(self) -> None:
        """Back to where the player came from (the launcher, or out of the program), the
        seat given up first where the rules free it at once (the lobby)."""
        session = self.session
        if session is None:
            self._close()
        else:
            self.run_worker(self._leave_table(session), group="leaving", exit_on_error=False)

    def _close(self) -> None:
        # The session stops as the app unmounts: a worker started now to stop it would be
        # cancelled before it ran ("coroutine ... was never awaited").
        self.workers.cancel_group(self, "session")
        self.exit()

    def game_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        if self._can_write():
            yield SystemCommand(
                "Lock in", "Your word is final for this round", self.action_lock_in
            )
            yield SystemCommand("Flip the timer", "Become the fastest player", self.action_flip)
        if self.check_action("end_phase", ()):
            yield SystemCommand(
                "End this phase now",
                "As the host: stop waiting for who has not acted (F9)",
                self.action_end_phase,
            )
        if self.state.sheets:
            yield SystemCommand("Scoresheets", "Everyone's paper sheet", self.action_scoresheet)
        if self._may_rematch():
            yield SystemCommand(
                "Play again", "A rematch: the same seats and options", self.action_rematch
            )
        hosting = getattr(self.session, "server", None) is not None
        if hosting and self.state.phase not in (Phase.NEW, Phase.OVER):
            yield SystemCommand(
                "Remove a player",
                "Take a seat away: a squatter, an absent player",
                self.action_remove,
            )
        yield SystemCommand("Rules and keys", "The rules in short", self.action_help)
        yield SystemCommand(
            "Bell on or off", "Ring when the timer is flipped and at 5 s", self.action_toggle_bell
        )
