"""Wordsy's rows on the start menu's host form: the timer, the ruleset, meant words."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final

from textual.app import ComposeResult
from textual.widgets import Select

from wordsy_tui.app.screens.host_form import DIGITS, FormProblem, form_row, number, off_or_on
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.games.wordsy.rules.config import (
    DEFAULT_TIMER_SECONDS,
    GAME,
    MAX_TIMER_SECONDS,
    MIN_TIMER_SECONDS,
    GameConfig,
)
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset

HINT: Final = "Empty timer: no time limit · Space opens a list · bots < seats"
RULESET_LABELS: Final = {
    Ruleset.CLASSIC: "classic (first edition)",
    Ruleset.SECOND_EDITION: "second-edition (quick rules)",
}
MEANT_WORDS: Final = {"off": "off: the strict rules", "on": "on: relaxed play, the table votes"}


class WordsyHostFields:
    """`host`'s --timer (or --no-timer), --ruleset and --meant-words."""

    fields = ("timer", "ruleset", "meant")

    def upper(self) -> ComposeResult:
        yield from form_row(
            f"Timer ({MIN_TIMER_SECONDS}-{MAX_TIMER_SECONDS} s)",
            KeyedInput(
                str(DEFAULT_TIMER_SECONDS),
                placeholder="empty: no timer",
                restrict=DIGITS,
                max_length=len(str(MAX_TIMER_SECONDS)),
                id="timer",
                compact=True,
            ),
        )
        yield from form_row(
            "Ruleset",
            Select(
                [(RULESET_LABELS[r], r.value) for r in Ruleset],
                value=Ruleset.CLASSIC.value,
                allow_blank=False,
                id="ruleset",
                compact=True,
            ),
        )

    def lower(self) -> ComposeResult:
        yield from form_row("Meant words", off_or_on(MEANT_WORDS, "meant"))

    def shown(self, game: str) -> Collection[str]:
        return self.fields if game == GAME else ()

    def hint(self, game: str) -> str:
        return HINT

    def config(self, game: str, values: Mapping[str, str], seats: int) -> GameConfig | FormProblem:
        timer = values.get("timer", str(DEFAULT_TIMER_SECONDS))
        timer_seconds = None  # empty: the no-timer variant
        if timer.strip():
            timer_seconds = number(timer)
            if (
                timer_seconds is None
                or not MIN_TIMER_SECONDS <= timer_seconds <= MAX_TIMER_SECONDS
            ):
                return FormProblem(
                    "timer",
                    f"The timer is {MIN_TIMER_SECONDS} to {MAX_TIMER_SECONDS} seconds "
                    "(leave it empty for no timer).",
                )
        try:
            rules = Ruleset(values.get("ruleset", Ruleset.CLASSIC.value))
        except ValueError:
            return FormProblem("ruleset", "Choose a ruleset.")
        meant = values.get("meant", "off")
        if meant not in MEANT_WORDS:
            return FormProblem("meant", "Meant words are on or off.")
        return GameConfig(
            ruleset=rules,
            timer_seconds=timer_seconds,
            max_players=seats,
            meant_words=meant == "on",
        )
