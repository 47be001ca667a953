"""Hosting from the start menu: the options `wordsy-tui host` takes on its command line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.validation import Function
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static
from textual.widgets._select import SelectOverlay

from wordsy_tui.app.lan import HostSetup
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.game.config import (
    BOT_LEVELS,
    DEFAULT_BOT_LEVEL,
    DEFAULT_TIMER_SECONDS,
    MAX_PLAYERS,
    MAX_TIMER_SECONDS,
    MIN_PLAYERS,
    MIN_TIMER_SECONDS,
    GameConfig,
)
from wordsy_tui.game.names import MAX_NAME_LENGTH, name_problem, normal_name
from wordsy_tui.game.rulesets import Ruleset

MAX_PIN_LENGTH = 32
RULESET_LABELS = {
    Ruleset.CLASSIC: "classic (first edition)",
    Ruleset.SECOND_EDITION: "second-edition (quick rules)",
}


@dataclass(frozen=True)
class HostChoice:
    """The form's answer: the hosting player's name and the game's options."""

    name: str
    setup: HostSetup


@dataclass(frozen=True)
class FormProblem:
    field: str
    """The id of the field to fix."""
    message: str


MEANT_WORDS = {"off": "off: the strict rules", "on": "on: relaxed play, the table votes"}


def read_form(
    name: str,
    timer: str,
    ruleset: str,
    seats: str,
    pin: str,
    bots: str,
    level: str,
    meant: str = "off",
) -> HostChoice | FormProblem:
    """What the fields say, checked with the limits `wordsy-tui host` applies."""
    player = normal_name(name)
    problem = name_problem(player)
    if problem is not None:
        return FormProblem("name", str(problem))
    timer_seconds = None
    if timer.strip():
        timer_seconds = _number(timer)
        if timer_seconds is None or not MIN_TIMER_SECONDS <= timer_seconds <= MAX_TIMER_SECONDS:
            return FormProblem(
                "timer",
                f"The timer is {MIN_TIMER_SECONDS} to {MAX_TIMER_SECONDS} seconds "
                "(leave it empty for no timer).",
            )
    seat_count = _number(seats)
    if seat_count is None or not MIN_PLAYERS <= seat_count <= MAX_PLAYERS:
        return FormProblem("seats", f"Seats are {MIN_PLAYERS} to {MAX_PLAYERS}.")
    bot_count = _number(bots) if bots.strip() else 0
    if bot_count is None or not 0 <= bot_count < seat_count:
        return FormProblem(
            "bots",
            f"Computer players are 0 to {seat_count - 1}: one seat at least is for a person.",
        )
    if level not in BOT_LEVELS:
        return FormProblem("level", f"Their level is one of {', '.join(BOT_LEVELS)}.")
    try:
        rules = Ruleset(ruleset)
    except ValueError:
        return FormProblem("ruleset", "Choose a ruleset.")
    if meant not in MEANT_WORDS:
        return FormProblem("meant", "Meant words are on or off.")
    config = GameConfig(
        ruleset=rules,
        timer_seconds=timer_seconds,
        max_players=seat_count,
        meant_words=meant == "on",
    )
    setup = HostSetup(config, bots=bot_count, bot_level=level, pin=pin.strip() or None)
    return HostChoice(player, setup)


def _number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() else None


class HostFormScreen(Screen[HostChoice | None]):
    """Keyboard first: Tab between fields, Enter hosts, Esc goes back to the menu."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("tab", "app.focus_next", "Next field", id="form-next", key_display="Tab"),
        Binding("shift+tab", "app.focus_previous", "Previous", id="form-back-field", show=False),
        # Above the fields' own Enter, so that the key bar can say it; an open list of
        # choices keeps its Enter (check_action).
        Binding("enter", "host", "Host", id="form-host", key_display="Enter", priority=True),
        Binding("escape", "cancel", "Back", id="form-cancel", key_display="Esc"),
    ]

    def __init__(self, name: str | None) -> None:
        super().__init__()
        self._name = name

    def compose(self) -> ComposeResult:
        digits = r"[0-9]*"
        with Vertical(id="host-form"):
            yield Static(Text("Host a game on this LAN", "bold"), id="form-title")
            yield from _row(
                "Your name",
                KeyedInput(
                    self._name or "",
                    placeholder="your name at the table",
                    max_length=MAX_NAME_LENGTH,
                    validators=[Function(lambda typed: name_problem(normal_name(typed)) is None)],
                    id="name",
                    compact=True,
                ),
            )
            yield from _row(
                f"Timer ({MIN_TIMER_SECONDS}-{MAX_TIMER_SECONDS} s)",
                KeyedInput(
                    str(DEFAULT_TIMER_SECONDS),
                    placeholder="empty: no timer",
                    restrict=digits,
                    max_length=len(str(MAX_TIMER_SECONDS)),
                    id="timer",
                    compact=True,
                ),
            )
            yield from _row(
                "Ruleset",
                Select(
                    [(RULESET_LABELS[r], r.value) for r in Ruleset],
                    value=Ruleset.CLASSIC.value,
                    allow_blank=False,
                    id="ruleset",
                    compact=True,
                ),
            )
            yield from _row(
                f"Seats ({MIN_PLAYERS}-{MAX_PLAYERS})",
                KeyedInput(
                    str(MAX_PLAYERS), restrict=digits, max_length=1, id="seats", compact=True
                ),
            )
            yield from _row(
                "PIN (optional)",
                KeyedInput(
                    placeholder="none: anyone may join",
                    max_length=MAX_PIN_LENGTH,
                    id="pin",
                    compact=True,
                ),
            )
            yield from _row(
                "Computer players",
                KeyedInput("0", restrict=digits, max_length=1, id="bots", compact=True),
            )
            yield from _row(
                "Their level",
                Select(
                    [(level, level) for level in BOT_LEVELS],
                    value=DEFAULT_BOT_LEVEL,
                    allow_blank=False,
                    id="level",
                    compact=True,
                ),
            )
            yield from _row(
                "Meant words",
                Select(
                    [(label, value) for value, label in MEANT_WORDS.items()],
                    value="off",
                    allow_blank=False,
                    id="meant",
                    compact=True,
                ),
            )
            yield Static(
                "Empty timer: no time limit · Space opens a list · bots < seats",
                id="form-hint",
            )
            yield Static(" ", id="form-problem")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#name", Input).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "host" and isinstance(self.focused, SelectOverlay))

    def action_host(self) -> None:
        answer = read_form(
            self._value("name"),
            self._value("timer"),
            self._value("ruleset"),
            self._value("seats"),
            self._value("pin"),
            self._value("bots"),
            self._value("level"),
            self._value("meant"),
        )
        if isinstance(answer, FormProblem):
            # Nothing typed is lost: the form stays, with the field to fix in focus.
            self.query_one("#form-problem", Static).update(Text(answer.message, "bold"))
            self.query_one(f"#{answer.field}").focus()
            return
        self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _value(self, field: str) -> str:
        widget = self.query_one(f"#{field}")
        if isinstance(widget, Select):
            return str(widget.value)
        return self.query_one(f"#{field}", Input).value


def _row(label: str, field: Widget) -> ComposeResult:
    yield Horizontal(Label(label, classes="form-label"), field, classes="form-row")
