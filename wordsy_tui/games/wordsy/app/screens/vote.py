"""Voting on a challenged (or appealed) word: the word, the reason, the referee's advice
and what the word means; and, in relaxed play, on the word a player says they meant.

One meaning for the keys everywhere: y, the word stands (a meant word: it is accepted);
n, it breaks the rules (a meant word: it is refused).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from wordsy_tui.app.failures import ReportsFailures
from wordsy_tui.app.screens.vote import vote_choices
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.games.wordsy.app.node import wordsy_app
from wordsy_tui.games.wordsy.app.widgets.timer import Countdown
from wordsy_tui.games.wordsy.narrate import PENALTY
from wordsy_tui.games.wordsy.referee.advice import Meaning
from wordsy_tui.games.wordsy.rules.meant import clarity
from wordsy_tui.games.wordsy.rules.scoring import score_word
from wordsy_tui.games.wordsy.rules.state import GameState, MeantWord, OpenChallenge
from wordsy_tui.text import shown


def vote_key(state: GameState) -> tuple[object, ...] | None:
    """Which vote is open: a challenge (or appeal) on a word, or an offer of a meant word."""
    challenge = state.challenge
    if challenge is None:
        return None
    return (state.round, challenge.target, challenge.meant.word if challenge.meant else None)


def vote_screen(challenge: OpenChallenge) -> VoteScreen:
    return MeantVoteScreen() if challenge.meant is not None else VoteScreen()


def question(state: GameState, challenge: OpenChallenge, meaning: Meaning | None = None) -> Text:
    if challenge.meant is not None:
        return meant_question(state, challenge, challenge.meant, meaning)
    draft = state.draft(challenge.target)
    word = shown(draft.word or "(blank)")
    verdict = draft.verdict
    target = shown(challenge.target)
    text = Text()
    if challenge.challenger is None:
        text.append(f"{target} appeals: the referee refused ")
        text.append(word, "bold")
        text.append(". Overrule the referee?")
        stands, falls = "the word scores after all", "0 points, as the referee said"
    else:
        challenger = shown(challenge.challenger)
        text.append(f"{challenger} challenges {target}'s word ")
        text.append(word, "bold")
        text.append(": not a word, or a cheapie of an earlier word.")
        stands = f"{target} scores it, and {challenger} takes a {PENALTY}"
        falls = f"{target}'s word scores 0"
    advice = (
        "the word list has it, and it repeats no earlier word"
        if verdict is None or verdict.ok
        else verdict.message
    )
    text.append("\n\nThe referee's advice: ", "bold")
    text.append(shown(advice))
    asked = ("Does ", word, " stand?")
    answers = (f"it stands: {stands}", f"it breaks the rules: {falls}")
    return _choices(text, meaning, asked, answers, "follows the referee")


def _choices(
    text: Text,
    meaning: Meaning | None,
    asked: tuple[str, str, str],
    answers: tuple[str, str],
    tie: str,
) -> Text:
    """What the word means, the question, and its keys: y the word scores, n it does not."""
    if meaning is not None:  # a dictionary's entry: "JOHN: a room or building ..."
        text.append("\n" + shown(meaning.text), "italic")
    return vote_choices(text, asked, answers, tie)


def meant_question(
    state: GameState, challenge: OpenChallenge, meant: MeantWord, meaning: Meaning | None
) -> Text:
    target = shown(challenge.target)
    fallen = shown(state.draft(challenge.target).word or "(no word)")
    word = shown(meant.word)
    handicap = challenge.target in state.config.handicapped
    points = score_word(state.board, meant.word, handicap=handicap).points
    text = Text()
    text.append(f"{target}'s word ")
    text.append(fallen, "bold")
    text.append(f" fell; {target} says they meant ")
    text.append(word, "bold")
    text.append(".")
    text.append("\n\nThe referee's advice: ", "bold")
    text.append(f"it accepts {word}; {shown(clarity(fallen, meant.word).message)}.")
    asked = (f"Is it clear that {target} meant ", word, "?")
    answers = (
        f"accept it: {word} scores {points} points for {target}",
        f"refuse it: {fallen} stays fallen, 0 points",
    )
    return _choices(text, meaning, asked, answers, "leaves the word fallen")


class VoteScreen(ModalScreen[bool | None], ReportsFailures):
    """Dismissed with True (uphold: the word breaks the rules), False, or None for later."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "decide(False)", "It stands", id="vote-keep"),
        Binding("n", "decide(True)", "Breaks the rules", id="vote-uphold"),
        Binding("escape", "later", "Later (v)", id="vote-later", key_display="Esc"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text("Your vote", "bold"), id="vote-title")
            yield Static(markup=False, id="vote-question")
            yield Countdown(wordsy_app(self).now, wordsy_app(self).me, id="vote-timer")
        yield Footer()

    def on_mount(self) -> None:
        app = wordsy_app(self)
        self._vote = vote_key(app.state)
        self._meaning: Meaning | None = None
        self.watch(app, "state", self._show)
        self.watch(app, "deadline", self._show_deadline)
        challenge = app.state.challenge
        if challenge is not None:
            word = (
                challenge.meant.word if challenge.meant else app.state.draft(challenge.target).word
            )
            self.look_up(word or "", app.state)

    @work(thread=True, exclusive=True, group="meaning", exit_on_error=False)
    def look_up(self, word: str, state: GameState) -> None:
        """The word list takes a moment to load the first time: never on the UI's time."""
        found = wordsy_app(self).advisor.meaning(word, state.config.ruleset)
        self.app.call_from_thread(self._show_meaning, found)

    def _show_meaning(self, found: Meaning | None) -> None:
        self._meaning = found
        if self.is_attached:
            self._show(wordsy_app(self).state)

    def _show(self, state: GameState) -> None:
        challenge = state.challenge
        app = wordsy_app(self)
        if challenge is None or vote_key(state) != self._vote or not app.vote_wanted():
            # The vote closed (or the host moved on, or our vote is in: a catch-up passes
            # the moment before we voted) while the dialog was open. Dismissing
            # closes the top screen, and more states can arrive (a catch-up) before this one
            # has left the stack: only while on top, or the game screen goes with it.
            if self.is_active:
                self.dismiss(None)
            return
        self.query_one("#vote-question", Static).update(question(state, challenge, self._meaning))

    def _show_deadline(self, deadline: object) -> None:
        self.query_one(Countdown).deadline = wordsy_app(self).deadline

    def action_decide(self, uphold: bool) -> None:
        self.dismiss(uphold)

    def action_later(self) -> None:
        wordsy_app(self).defer_vote()
        self.dismiss(None)


class MeantVoteScreen(VoteScreen):
    """The vote on a meant word: y accepts it, n refuses it (the same sides as a challenge's)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "decide(False)", "Accept", id="meant-accept"),
        Binding("n", "decide(True)", "Refuse", id="meant-refuse"),
    ]
