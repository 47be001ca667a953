"""Wordsmith's rows on the start menu's host form: a round's time limit, the goals, and
whether sheets are open (`host --game wordsmith --round-limit --no-goals --hidden-sheets`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final

from textual.app import ComposeResult

from wordsy_tui.app.screens.host_form import DIGITS, FormProblem, form_row, number, off_or_on
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.games.wordsmith.rules.config import (
    DEFAULT_ROUND_SECONDS,
    GAME,
    MAX_ROUND_SECONDS,
    MIN_ROUND_SECONDS,
    WordsmithConfig,
)

HINT: Final = "Everyone chooses at once, each round on a clock · Space opens a list · bots < seats"
NO_GOALS: Final = {
    "off": "off: two goal cards",
    "on": "on: none (a first game)",
}
"""`--no-goals`."""
HIDDEN: Final = {
    "off": "off: sheets open once revealed",
    "on": "on: each sees only their own",
}
"""`--hidden-sheets`."""


class WordsmithHostFields:
    """`host --game wordsmith`'s --round-limit, --no-goals and --hidden-sheets."""

    fields = ("smith-round", "smith-goals", "smith-hidden")

    def upper(self) -> ComposeResult:
        yield from form_row(
            "Round limit (s)",
            KeyedInput(
                str(DEFAULT_ROUND_SECONDS),
                restrict=DIGITS,
                max_length=len(str(MAX_ROUND_SECONDS)),
                id="smith-round",
                compact=True,
            ),
        )

    def lower(self) -> ComposeResult:
        yield from form_row("No goals", off_or_on(NO_GOALS, "smith-goals"))
        yield from form_row("Hidden sheets", off_or_on(HIDDEN, "smith-hidden"))

    def shown(self, game: str) -> Collection[str]:
        return self.fields if game == GAME else ()

    def hint(self, game: str) -> str:
        return HINT

    def config(
        self, game: str, values: Mapping[str, str], seats: int
    ) -> WordsmithConfig | FormProblem:
        seconds = number(values.get("smith-round", str(DEFAULT_ROUND_SECONDS)))
        if seconds is None or not MIN_ROUND_SECONDS <= seconds <= MAX_ROUND_SECONDS:
            return FormProblem(
                "smith-round",
                f"A round lasts {MIN_ROUND_SECONDS} to {MAX_ROUND_SECONDS} seconds "
                f"(default {DEFAULT_ROUND_SECONDS}).",
            )
        no_goals, hidden = values.get("smith-goals", "off"), values.get("smith-hidden", "off")
        if no_goals not in NO_GOALS:
            return FormProblem("smith-goals", "No goals is on or off.")
        if hidden not in HIDDEN:
            return FormProblem("smith-hidden", "Hidden sheets are on or off.")
        return WordsmithConfig(
            max_players=seats,
            goals=no_goals == "off",
            open_sheets=hidden == "off",
            round_seconds=seconds,
        )
