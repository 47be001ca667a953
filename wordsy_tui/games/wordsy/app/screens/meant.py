"""Relaxed play: the player whose word fell types the word they meant, or lets it stand fallen.

The host's option (`host --meant-words`, the host form's "Meant words") follows the first
edition's tip: "if it's clear what word the challenged player actually meant, then they may
change their word to that word". The others then vote on it (screens/vote.py).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from wordsy_tui.app.failures import ReportsFailures
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown
from wordsy_tui.games.wordsy.narrate import challenge_outcome
from wordsy_tui.games.wordsy.rules.commands import MAX_WORD_LENGTH
from wordsy_tui.games.wordsy.rules.legal import may_offer_meant_word
from wordsy_tui.games.wordsy.rules.state import GameState
from wordsy_tui.text import shown


def why_it_fell(state: GameState, player: str) -> str:
    """The challenge (or the referee's refusal, or the lost appeal) that made the word fall."""
    faced = next((r for r in state.challenges if r.target == player and r.meant is None), None)
    if faced is not None and faced.challenger is not None:
        return challenge_outcome(faced)
    verdict = state.draft(player).verdict
    refused = f"The referee refused it: {verdict.message}" if verdict else "The referee refused it"
    return refused + ("; " + challenge_outcome(faced) if faced is not None else "") + "."


def offer_text(state: GameState, player: str) -> Text:
    word = shown(state.draft(player).word or "")
    text = Text()
    text.append("Your word ")
    text.append(word, "bold")
    text.append(" fell. ")
    text.append(shown(why_it_fell(state, player)))
    text.append("\n\nOffer the word you meant? ", "bold")
    text.append("(type it, Enter; Escape to let it stand fallen)")
    text.append(
        "\n\nThe others vote: if most accept it, it scores as if you had written it. "
        "One offer for this word; the referee must accept the word you meant."
    )
    return text


class MeantWordScreen(ModalScreen[None], ReportsFailures):
    """Open while our word may still be changed to the word we meant."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape", "let_it_fall", "Let it stand fallen", id="meant-fallen", key_display="Esc"
        ),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("The word you meant", "bold"), id="meant-title")
            yield Static(markup=False, id="meant-question")
            yield KeyedInput(
                placeholder="the word you meant", max_length=MAX_WORD_LENGTH, id="meant-word"
            )
            yield Static(" ", markup=False, id="meant-problem")
            yield Countdown(wordsy_app(self).now, wordsy_app(self).me, id="meant-timer")
        yield Footer()

    def on_mount(self) -> None:
        app = wordsy_app(self)
        self._round = app.state.round
        self.watch(app, "state", self._show)
        self.watch(app, "deadline", self._show_deadline)
        self.query_one(Input).focus()

    def _show(self, state: GameState) -> None:
        me = wordsy_app(self).me
        # Another vote only waits on top of this dialog; the round moving on, or the word
        # standing again (an appeal won), leaves nothing to offer.
        if (
            me is None
            or state.round != self._round
            or not (state.challenge or may_offer(state, me))
        ):
            if self.app.screen is self:
                self.dismiss(None)
            return
        self.query_one("#meant-question", Static).update(offer_text(state, me))

    def _show_deadline(self, _deadline: object) -> None:
        self.query_one(Countdown).deadline = wordsy_app(self).deadline

    def on_input_submitted(self, event: Input.Submitted) -> None:
        word = event.value.strip()
        if not word:
            self._problem(
                "Type the word you meant, or press Escape to let your word stand fallen."
            )
            return
        self.offer(word)

    @work(exclusive=True, group="meant-word", exit_on_error=False)
    async def offer(self, word: str) -> None:
        session = wordsy_app(self).session
        if session is None:
            return
        refused = await session.offer_meant_word(word)
        if refused is not None:
            self._problem(refused)  # what was typed stays, to be put right
            return
        if self.is_attached and self.app.screen is self:
            self.dismiss(None)

    def _problem(self, message: str) -> None:
        self.query_one("#meant-problem", Static).update(Text(shown(message), "bold"))

    def action_let_it_fall(self) -> None:
        self.dismiss(None)


def may_offer(state: GameState, me: str | None) -> bool:
    return me is not None and may_offer_meant_word(state, me)
