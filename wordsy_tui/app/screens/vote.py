"""Voting on a challenged (or appealed) word: the word, the reason, the referee's advice."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.node import wordsy_app
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.timer import Countdown
from wordsy_tui.game.state import GameState, OpenChallenge
from wordsy_tui.text import shown


def question(state: GameState, challenge: OpenChallenge) -> Text:
    draft = state.draft(challenge.target)
    word = shown(draft.word or "(blank)")
    verdict = draft.verdict
    target = shown(challenge.target)
    text = Text()
    if challenge.challenger is None:
        text.append(f"{target} appeals: the referee refused ")
        text.append(word, "bold")
        text.append(".\nKeep the word (n), or agree with the referee (y)?")
    else:
        text.append(f"{shown(challenge.challenger)} challenges {target}'s word ")
        text.append(word, "bold")
        text.append(": not a word, or a cheapie of an earlier word.")
        text.append("\nDoes the word break the rules?")
    advice = (
        "the word list has it, and it repeats no earlier word"
        if verdict is None or verdict.ok
        else verdict.message
    )
    text.append("\n\nThe referee's advice: ", "bold")
    text.append(shown(advice))
    text.append(
        "\n\nA majority of the votes decides; a tie, or no votes in time, follows the referee."
    )
    return text


class VoteScreen(ModalScreen[bool | None]):
    """Dismissed with True (uphold: the word breaks the rules), False, or None for later."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "decide(True)", "Breaks the rules", id="vote-uphold"),
        Binding("n", "decide(False)", "Keep the word", id="vote-keep"),
        Binding("escape", "later", "Later (v)", id="vote-later", key_display="Esc"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Your vote", "bold"), id="vote-title")
            yield Static(markup=False, id="vote-question")
            yield Countdown(wordsy_app(self).now, id="vote-timer")
        yield Footer()

    def on_mount(self) -> None:
        app = wordsy_app(self)
        self._target = app.state.challenge.target if app.state.challenge else None
        self.watch(app, "state", self._show)
        self.watch(app, "deadline", self._show_deadline)

    def _show(self, state: GameState) -> None:
        challenge = state.challenge
        if challenge is None or challenge.target != self._target:
            # The vote closed (or the host moved on) while the dialog was open.
            self.dismiss(None)
            return
        self.query_one("#vote-question", Static).update(question(state, challenge))

    def _show_deadline(self, deadline: object) -> None:
        self.query_one(Countdown).deadline = wordsy_app(self).deadline

    def action_decide(self, uphold: bool) -> None:
        self.dismiss(uphold)

    def action_later(self) -> None:
        wordsy_app(self).defer_vote()
        self.dismiss(None)
