"""Hosting from the start menu: the options `wordsy-tui host` takes on its command line.

The form asks what every game's host takes (the hosting player's name, the game, seats, a
PIN, computer players and their level); each game's kit brings its own options' rows
(`HostFields`), shown while one of its games is chosen.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.validation import Function
from textual.widget import Widget
from textual.widgets import Input, Label, Select, Static
from textual.widgets._select import SelectOverlay

from wordsy_tui.app.lan import TableSetup
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.engine.levels import Level
from wordsy_tui.engine.names import MAX_NAME_LENGTH, name_problem, normal_name
from wordsy_tui.kit import game_info, games, kit_for, kits

MAX_PIN_LENGTH = 32
BOT_LEVELS = tuple(level.value for level in Level)
"""The host's computer players, weakest first."""
DIGITS = r"[0-9]*"
"""What a field of a number lets through."""


@dataclass(frozen=True)
class HostChoice:
    """The form's answer: the hosting player's name and the game's options."""

    name: str
    setup: TableSetup


@dataclass(frozen=True)
class FormProblem:
    field: str
    """The id of the field to fix."""
    message: str


class HostFields(Protocol):
    """A kit's part of the form: its games' own options, each a row (`form_row`)."""

    fields: Sequence[str]
    """The ids of its fields (each row's id is `row-` and its field's)."""

    def upper(self) -> ComposeResult:
        """Its rows above the seats."""
        ...

    def lower(self) -> ComposeResult:
        """Its rows below the computer players' level."""
        ...

    def shown(self, game: str) -> Collection[str]:
        """The fields `game` has (none for another kit's game)."""
        ...

    def hint(self, game: str) -> str:
        """The line under the form while `game` is chosen."""
        ...

    def config(self, game: str, values: Mapping[str, str], seats: int) -> Any | FormProblem:
        """`game`'s own options from what its fields say (`values`, by field id), checked
        as `host` checks its flags, for a table of `seats`; or what to fix."""
        ...


def read_form(**values: str) -> HostChoice | FormProblem:
    """What the fields say (by id), checked with the limits `wordsy-tui host` applies; the
    game chosen (`game`, by default the first) reads its own fields and leaves the other
    games' alone."""
    player = normal_name(values.get("name", ""))
    problem = name_problem(player)
    if problem is not None:
        return FormProblem("name", str(problem))
    game = values.get("game", games()[0].name)
    try:
        low, high = game_info(game).seats
    except KeyError:
        return FormProblem("game", "Choose a game.")
    seat_count = number(values.get("seats", ""))
    if seat_count is None or not low <= seat_count <= high:
        return FormProblem("seats", f"Seats are {low} to {high}.")
    bots = values.get("bots", "")
    bot_count = number(bots) if bots.strip() else 0
    if bot_count is None or not 0 <= bot_count < seat_count:
        return FormProblem(
            "bots",
            f"Computer players are 0 to {seat_count - 1}: one seat at least is for a person.",
        )
    level = values.get("level", Level.MEDIUM.value)
    if level not in BOT_LEVELS:
        return FormProblem("level", f"Their level is one of {', '.join(BOT_LEVELS)}.")
    config = kit_for(game).host_fields().config(game, values, seat_count)
    if isinstance(config, FormProblem):
        return config
    pin = values.get("pin", "").strip() or None
    return HostChoice(player, TableSetup(config, bots=bot_count, bot_level=level, pin=pin))


def number(text: str) -> int | None:
    """The whole number typed in a field; None when it is not one."""
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
        self.parts = [kit.host_fields() for kit in kits()]
        """Each kit's rows, in the registry's order."""
        self._full_table = str(games()[0].seats[1])
        """The seats of a full table of the game chosen last."""

    def compose(self) -> ComposeResult:
        first = games()[0]
        most = max(high for _low, high in (known.seats for known in games()))
        with Vertical(id="host-form") as form:
            # In the border: at 80x24 every line inside is a field's.
            form.border_title = Text("Host a game on this LAN", "bold")
            yield from form_row(
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
            yield from form_row(
                "Game",
                Select(
                    [(known.title, known.name) for known in games()],
                    value=first.name,
                    allow_blank=False,
                    id="game",
                    compact=True,
                ),
            )
            for part in self.parts:
                yield from part.upper()
            yield from form_row(
                seats_label(first.name),
                KeyedInput(
                    str(first.seats[1]),
                    restrict=DIGITS,
                    max_length=len(str(most)),
                    id="seats",
                    compact=True,
                ),
            )
            yield from form_row(
                "PIN (optional)",
                KeyedInput(
                    placeholder="none: anyone may join",
                    max_length=MAX_PIN_LENGTH,
                    id="pin",
                    compact=True,
                ),
            )
            yield from form_row(
                "Computer players",
                KeyedInput("0", restrict=DIGITS, max_length=1, id="bots", compact=True),
            )
            yield from form_row("Their level", level_field("level"))
            for part in self.parts:
                yield from part.lower()
            yield Static(id="form-hint")
            yield Static(" ", id="form-problem")
        yield Footer()

    def on_mount(self) -> None:
        self._show_fields_of(games()[0].name)
        self.query_one("#name", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self._show_fields_of(str(event.value))

    def _show_fields_of(self, game: str) -> None:
        """Only the options the chosen game has; what was typed in the others stays."""
        for part in self.parts:
            shown = part.shown(game)
            for field in part.fields:
                self.query_one(f"#row-{field}").display = field in shown
            if shown:
                self.query_one("#form-hint", Static).update(part.hint(game))
        self.query_one("#row-seats Label", Label).update(seats_label(game))
        seats = self.query_one("#seats", Input)
        most = game_info(game).seats[1]
        if (number(seats.value) or 0) > most or seats.value == self._full_table:
            # Six seats chosen, then a game with four racks; a table left as full as the
            # last game seats is as full as this one seats.
            seats.value = str(most)
        self._full_table = str(most)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "host" and isinstance(self.focused, SelectOverlay))

    def action_host(self) -> None:
        values = {
            str(widget.id): str(widget.value)
            for widget in self.query("#host-form Input, #host-form Select")
            if widget.id is not None and isinstance(widget, (Input, Select))
        }
        answer = read_form(**values)
        if isinstance(answer, FormProblem):
            # Nothing typed is lost: the form stays, with the field to fix in focus.
            self.query_one("#form-problem", Static).update(Text(answer.message, "bold"))
            self.query_one(f"#{answer.field}").focus()
            return
        self.dismiss(answer)

    def action_cancel(self) -> None:
        self.dismiss(None)


def seats_label(game: str) -> str:
    low, high = game_info(game).seats
    return f"Seats ({low}-{high})"


def level_field(field_id: str) -> Select[str]:
    """The computer players' level, as `--bot-level` takes it."""
    levels = [(level, level) for level in BOT_LEVELS]
    return Select(levels, value=Level.MEDIUM.value, allow_blank=False, id=field_id, compact=True)


def off_or_on(labels: dict[str, str], field_id: str) -> Select[str]:
    """An option that is off unless chosen: `labels` says what "off" (first) and "on" mean."""
    return choice(labels, field_id)


def choice(labels: dict[str, str], field_id: str) -> Select[str]:
    """One of `labels`' keys, each shown as its label: the first unless another is chosen."""
    choices = [(label, value) for value, label in labels.items()]
    return Select(choices, value=next(iter(labels)), allow_blank=False, id=field_id, compact=True)


def form_row(label: str, field: Widget) -> ComposeResult:
    """A labelled field on one line (its row's id: `row-` and the field's)."""
    yield Horizontal(
        Label(label, classes="form-label"), field, classes="form-row", id=f"row-{field.id}"
    )
