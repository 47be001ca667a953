"""The writing phase: the board, your draft, the timer and the other players."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.widgets import Static

from wordsy_tui.app.failures import ReportsFailures
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.widgets.board import BoardCards
from wordsy_tui.games.wordsy.app.widgets.draft import DraftPanel
from wordsy_tui.games.wordsy.app.widgets.players import PlayerList
from wordsy_tui.games.wordsy.app.widgets.solo_card import SoloCard
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown
from wordsy_tui.games.wordsy.rules import commands as cmd
from wordsy_tui.games.wordsy.rules.legal import allowed
from wordsy_tui.games.wordsy.rules.referee import Verdict
from wordsy_tui.games.wordsy.rules.scoring import WordScore
from wordsy_tui.games.wordsy.rules.state import GameState, Phase
from wordsy_tui.table.clock import Deadline
from wordsy_tui.text import shown


def timer_caption(state: GameState) -> str:
    """What the timer is doing, in words (the seconds come from the deadline)."""
    config = state.config
    if not config.timed:
        return f"No timer · Main Player: {shown(state.main_player or '-')}"
    if state.solo:
        if state.timer_expired:
            return "Sand ran out: no bonus. Lock in when ready."
        return "Paused" if state.flipped_by else "Space pauses it"
    if state.timer_expired:
        return "Time is up"
    if state.flipped_by is not None:
        return f"{shown(state.flipped_by)} flipped"
    return f"Not flipped yet ({config.timer_seconds} s)"


class WritingPane(Horizontal, ReportsFailures):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "app.lock_in", "Lock in", id="lock-in", priority=True),
        Binding("space", "app.flip", "Flip", id="flip", key_display="Space", priority=True),
        Binding(
            "space", "app.pause", "Pause timer", id="pause", key_display="Space", priority=True
        ),
        # q belongs to the word being typed, so leaving takes Ctrl+Q here.
        Binding("ctrl+q", "app.leave", "Leave", id="leave-table", priority=True),
        Binding("f2", "app.scoresheet", "Sheets", id="sheets-table", key_display="F2"),
    ]

    state: reactive[GameState] = reactive(GameState)
    deadline: reactive[Deadline | None] = reactive(None)
    presence: reactive[Mapping[str, bool]] = reactive(dict)

    def __init__(self, now: Callable[[], float], me: str | None, *, id: str) -> None:
        super().__init__(id=id)
        self._now = now
        self.me = me

    def compose(self) -> ComposeResult:
        with Vertical(id="table"):
            yield BoardCards()
            if self.me is None:
                yield Static("You are watching: words appear at the reveal.", id="watching")
            else:
                draft = DraftPanel()
                draft.judge_now = self._judge_now
                yield draft
        with Vertical(id="side"):
            yield Countdown(self._now, self.me, warn=True, id="timer")
            yield PlayerList()
            yield SoloCard()
            session = wordsy_app(self).session
            if session is not None and session.can_chat:
                # Not there at all where nobody else can hear (solo, replays): a hidden widget
                # would still be styled, laid out and visited at every key. (Its module loads
                # Rich's pretty-printer: not imported by those tables either.)
                from wordsy_tui.app.widgets.chat import ChatLog

                yield ChatLog()

    def on_mount(self) -> None:
        if self.me is not None:
            self.watch(self.query_one(DraftPanel), "score", self._scored, init=False)

    def watch_state(self, old: GameState, state: GameState) -> None:
        self.query_one(BoardCards).board = state.board
        players = self.query_one(PlayerList)
        players.me, players.state = self.me, state
        self.query_one(Countdown).caption = timer_caption(state)
        solo = self.query_one(SoloCard)
        solo.display = state.solo
        if state.config.solo is not None:
            solo.difficulty = state.config.solo
            solo.spot = state.solo_spot
            sheet = state.sheets.get(self.me or "")
            solo.total = sheet.total if sheet else 0
        if self.me is None:
            return
        draft = self.query_one(DraftPanel)
        session = wordsy_app(self).session
        known = session.word if session is not None else ""
        if state.round != old.round:
            # A new round starts blank; on joining mid-round, our session knows our word.
            draft.show_word(known if state.draft(self.me).commitment else "")
            self.query_one(BoardCards).used = frozenset()
        elif (
            state.draft(self.me).commitment
            and not old.draft(self.me).commitment
            and known
            and not draft.word
        ):
            # Catching up after a restart: the round came first, our word's commitment now.
            draft.show_word(known)
        draft.handicap = self.me in state.config.handicapped
        draft.board = state.board
        # Open before the deal too: toggling it would move the focus (and redraw the footer).
        writable = state.phase in (Phase.NEW, Phase.LOBBY, Phase.WRITING)
        mine = state.draft(self.me)
        if mine.locked and session is not None and draft.word != session.word:
            # Keys that came after the lock-in never counted: show the word that does.
            draft.show_word(session.word)
        draft.locked = not writable or mine.locked
        draft.may_flip = mine.locked and allowed(state, cmd.FlipTimer(self.me))

    def watch_deadline(self, deadline: Deadline | None) -> None:
        self.query_one(Countdown).deadline = deadline

    def watch_presence(self, presence: Mapping[str, bool]) -> None:
        self.query_one(PlayerList).presence = presence

    def _scored(self, score: WordScore) -> None:
        self.query_one(BoardCards).used = frozenset(card.slot for card in score.cards)
        if self.state.phase is Phase.WRITING and self.me and not self.state.draft(self.me).locked:
            wordsy_app(self).write_draft(score.word)
        if self.query_one(DraftPanel).asks_referee:
            self.judge(score.word)

    def _judge_now(self, word: str) -> Verdict | None:
        state = self.state
        return wordsy_app(self).advisor.judge_now(word, state.played, state.config.ruleset)

    @work(thread=True, exclusive=True, group="hint", exit_on_error=False)
    def judge(self, word: str) -> None:
        """Ask the referee on a thread: the first question loads the word list."""
        state = self.state
        verdict = wordsy_app(self).advisor.judge(word, state.played, state.config.ruleset)
        self.app.call_from_thread(self._show_hint, word, verdict)

    def _show_hint(self, word: str, verdict: Verdict) -> None:
        draft = self.query_one(DraftPanel)
        if draft.word == word:
            draft.hint = verdict
