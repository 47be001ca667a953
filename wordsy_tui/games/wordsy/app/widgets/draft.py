"""Your word as you type it: its live score, the cards it uses, the referee's hint."""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive, reactive, var
from textual.widgets import Input, Static

from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.app.widgets.line import Line
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.commands import MAX_WORD_LENGTH
from wordsy_tui.games.wordsy.rules.referee import Verdict
from wordsy_tui.games.wordsy.rules.scoring import WordScore, explain, score_word
from wordsy_tui.text import shown

LETTERS = frozenset(string.ascii_letters)


def ignored_hint(dropped: str) -> str:
    """Why typed or pasted characters did not join the word."""
    seen = list(dict.fromkeys(dropped))
    named = ", ".join("a space" if c == " " else f"'{shown(c)}'" for c in seen[:3])
    more = " and more" if len(seen) > 3 else ""
    verb = "was" if len(seen) == 1 else "were"
    return f"only letters A-Z count: {named}{more} {verb} ignored"


class WordInput(KeyedInput):
    """Letters only: a word has no spaces, so Space is free for the timer.

    A character that cannot join the word is not dropped in silence: `Ignored` says why.
    """

    class Ignored(Message):
        """`why` characters did not join the word; empty: Space, the timer's key."""

        def __init__(self, why: str) -> None:
            super().__init__()
            self.why = why

    def __init__(self) -> None:
        # Never selected on focus: the focus may come (late, as Textual sends it) after the
        # word kept over a restart is back in the input, and the next key would replace it.
        super().__init__(
            placeholder="type your word",
            restrict=r"[A-Za-z]*",
            max_length=MAX_WORD_LENGTH,
            id="word",
            select_on_focus=False,
        )
        # The panel rescores the word as its value changes (watching it): the message
        # Textual's input posts at every key as well would only go round to be dropped.
        self.disable_messages(Input.Changed)

    def check_consume_key(self, key: str, character: str | None) -> bool:
        # Only letters belong to the word: Space, ? and the like stay free for bindings.
        return character is not None and character.isalpha()

    async def _on_key(self, event: events.Key) -> None:
        if event.key == "space":
            # The timer's key, which reaches the word only when taking the timer is not
            # allowed now (the app's binding takes it otherwise): the panel says why.
            event.stop()
            event.prevent_default()
            self.post_message(self.Ignored(""))
            return
        await super()._on_key(event)

    def replace(self, text: str, start: int, end: int) -> None:
        # Every typed key and paste comes here: keep the letters, say what was left out.
        letters = "".join(c for c in text if c in LETTERS)
        dropped = "".join(c for c in text if c not in LETTERS)
        if dropped:
            self.post_message(self.Ignored(ignored_hint(dropped)))
        if letters or not text:
            # Capitals, as players write on their sheets: put in as such, the input changes
            # once a key (lower case put in and raised after would redraw everything twice).
            super().replace(letters.upper(), start, end)

    def restricted(self) -> None:
        self.post_message(self.Ignored(f"a word has at most {MAX_WORD_LENGTH} letters"))


def no_verdict(word: str) -> Verdict | None:
    return None


class DraftPanel(Vertical):
    """The word being written, scored live against the board."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {"draft--warning"}

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)  # (as a Line's)
    board: reactive[Board] = reactive(Board)
    handicap: reactive[bool] = reactive(False)
    # Always: the same verdict (ALLOWED) for another word is another line. A var: the
    # hint's own line redraws, not the whole panel.
    hint: var[Verdict | None] = var(None, always_update=True)
    locked: reactive[bool] = reactive(False)
    may_flip: reactive[bool] = reactive(False)
    """Locked in, and the timer is still there to take."""
    score: var[WordScore] = var(lambda: WordScore("", 0, ()), always_update=True)
    """The word as last scored, set each time it is: the pane's watcher marks its cards on
    the board and sends the word, in the same step as the key (always: the board may have
    been cleared meanwhile)."""

    def __init__(self) -> None:
        super().__init__()
        self.judge_now: Callable[[str], Verdict | None] = no_verdict
        """The referee's verdict on a word when it can be had at once (the word list is
        in), else None: the pane then asks on a thread and sets `hint` when it answers."""
        self._judged = ""
        """The word `hint` is about."""
        self.asks_referee = False
        """The last rescore had no verdict at once: the pane asks the referee on a thread."""

    def compose(self) -> ComposeResult:
        yield WordInput()
        # Both wrap and unwrap as a word is typed: the panel grows with them, and does not
        # shrink back at every key.
        yield Line(id="live-score", keeps_height=True)
        yield Line(id="hint", keeps_height=True)
        # What the word left out stays said while the player types on (until the next round).
        yield Static(markup=False, id="ignored")

    @property
    def word(self) -> str:
        return self.query_one(WordInput).value.upper()

    def show_word(self, word: str) -> None:
        word_input = self.query_one(WordInput)
        word_input.value = word
        # The player types on from its end: Textual puts the cursor there only for an
        # input's first value, and a word given back after a restart may be its second.
        word_input.cursor_position = len(word)
        self.query_one("#ignored", Static).update("")

    def on_mount(self) -> None:
        # Rescored in the same step as the key that changed the word (not when its Changed
        # message comes round): the word and its score reach the screen in one frame.
        self.watch(self.query_one(WordInput), "value", self._word_changed, init=False)

    def _word_changed(self, value: str) -> None:
        if value != value.upper():
            # Capitals, as players write on their sheets; this comes back here once more.
            word_input = self.query_one(WordInput)
            cursor = word_input.cursor_position
            word_input.value = value.upper()
            word_input.cursor_position = cursor
            return
        self._rescore()

    def on_word_input_ignored(self, event: WordInput.Ignored) -> None:
        event.stop()
        why = event.why or wordsy_app(self).timer_refusal()
        self.query_one("#ignored", Static).update(Text.assemble(("! ", "bold"), shown(why)))

    def watch_board(self) -> None:
        self._rescore()

    def watch_locked(self, locked: bool) -> None:
        self.query_one(WordInput).disabled = locked
        self._rescore()

    def watch_may_flip(self) -> None:
        self._rescore()

    def _rescore(self) -> None:
        word = self.word
        score = score_word(self.board, word, handicap=self.handicap)
        if self.locked:
            told = explain(score) if word else "no word, a pass for 0 points"
            line = Text.assemble(("Locked in: ", "bold"), told)
            if self.may_flip:
                line.append("\nSpace still takes the timer: you become the fastest player.")
        else:
            line = Text(explain(score) if word else "Your word scores the cards it uses.")
        self.query_one("#live-score", Line).show(line)
        # The verdict goes with the score, in the same frame, when it can be had at once;
        # else the one shown stays while it is still about this word.
        verdict = self.judge_now(word) if word else None
        self.asks_referee = bool(word) and verdict is None
        if verdict is not None or word != self._judged:
            self.hint = verdict
        self.score = score

    def watch_hint(self, hint: Verdict | None) -> None:
        self._judged = self.word if hint is not None else ""
        text = Text()
        if hint is not None and self.word:
            if hint.ok:
                text.append("✓ ", "bold")
                text.append(f"{self.word} is in the word list")
            else:
                text.append("! ", "bold")
                text.append(hint.message)
                # The warning's colour goes with its text: a class on the line would restyle
                # it (a pass of the stylesheet) each time the word goes in or out of the list.
                text.stylize(self.get_component_rich_style("draft--warning", partial=True))
        self.query_one("#hint", Line).show(text)
