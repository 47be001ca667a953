"""Word Nerds' rows on the start menu's host form: the answer window after a word, and
whether a challenge goes to the table's vote (`host --game wordnerds --window --vote`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final

from textual.app import ComposeResult

from wordsy_tui.app.screens.host_form import DIGITS, FormProblem, form_row, number, off_or_on
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.games.wordnerds.rules.config import (
    DEFAULT_WINDOW_SECONDS,
    GAME,
    MAX_SECONDS,
    MIN_SECONDS,
    NerdsConfig,
)

HINT: Final = "Anyone may answer a word in its window · Space opens a list · bots < seats"
VOTE: Final = {
    "off": "off: the word list decides",
    "on": "on: the others vote, the word list advising",
}
"""`--vote`: who decides a challenge."""


class NerdsHostFields:
    """`host --game wordnerds`'s --window and --vote."""

    fields = ("nerds-window", "nerds-vote")

    def upper(self) -> ComposeResult:
        yield from form_row(
            "Answer window (s)",
            KeyedInput(
                str(DEFAULT_WINDOW_SECONDS),
                restrict=DIGITS,
                max_length=len(str(MAX_SECONDS)),
                id="nerds-window",
                compact=True,
            ),
        )

    def lower(self) -> ComposeResult:
        yield from form_row("Challenges", off_or_on(VOTE, "nerds-vote"))

    def shown(self, game: str) -> Collection[str]:
        return self.fields if game == GAME else ()

    def hint(self, game: str) -> str:
        return HINT

    def config(
        self, game: str, values: Mapping[str, str], seats: int
    ) -> NerdsConfig | FormProblem:
        window = number(values.get("nerds-window", str(DEFAULT_WINDOW_SECONDS)))
        if window is None or not MIN_SECONDS <= window <= MAX_SECONDS:
            return FormProblem(
                "nerds-window",
                f"The answer window lasts {MIN_SECONDS} to {MAX_SECONDS} seconds "
                f"(default {DEFAULT_WINDOW_SECONDS}).",
            )
        vote = values.get("nerds-vote", "off")
        if vote not in VOTE:
            return FormProblem("nerds-vote", "The table vote is on or off.")
        return NerdsConfig(max_players=seats, window_seconds=window, table_vote=vote == "on")
