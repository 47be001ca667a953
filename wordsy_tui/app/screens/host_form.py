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

from wordsy_tui.app.lan import HostSetup, TileHostSetup
from wordsy_tui.app.widgets.footer import Footer
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.engine.names import MAX_NAME_LENGTH, name_problem, normal_name
from wordsy_tui.games.tiles.rules.config import (
    DEFAULT_TURN_SECONDS,
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    TileGameConfig,
)
from wordsy_tui.games.tiles.rules.config import MAX_PLAYERS as TILE_MAX_PLAYERS
from wordsy_tui.games.tiles.rules.config import MIN_PLAYERS as TILE_MIN_PLAYERS
from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName
from wordsy_tui.games.wordsy.rules.config import (
    BOT_LEVELS,
    DEFAULT_BOT_LEVEL,
    DEFAULT_TIMER_SECONDS,
    GAME,
    MAX_PLAYERS,
    MAX_TIMER_SECONDS,
    MIN_PLAYERS,
    MIN_TIMER_SECONDS,
    GameConfig,
)
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset

MAX_PIN_LENGTH = 32
GAMES = {GAME: "Wordsy", **{name.value: rules.title for name, rules in RULES.items()}}
"""The games a table can play, by the name `wordsy-tui host --game` takes."""
WORDSY_ONLY = ("timer", "ruleset", "meant")
"""Fields that set what only Wordsy has: hidden while a tile game is chosen."""
TILES_ONLY = ("turn",)
SCRABBLE_ONLY = ("vote",)
"""Scrabble's own: the other tile games refuse a bad word at once, with no challenge."""
WORDSY_HINT = "Empty timer: no time limit · Space opens a list · bots < seats"
TILES_HINT = "A turn past its limit is passed · Space opens a list · bots < seats"
RULESET_LABELS = {
    Ruleset.CLASSIC: "classic (first edition)",
    Ruleset.SECOND_EDITION: "second-edition (quick rules)",
}


@dataclass(frozen=True)
class HostChoice:
    """The form's answer: the hosting player's name and the game's options."""

    name: str
    setup: HostSetup | TileHostSetup


@dataclass(frozen=True)
class FormProblem:
    field: str
    """The id of the field to fix."""
    message: str


MEANT_WORDS = {"off": "off: the strict rules", "on": "on: relaxed play, the table votes"}
TABLE_VOTE = {"off": "off: the word list decides", "on": "on: the table may overrule it"}
"""`host --game scrabble --table-vote`: who decides a challenge."""


def read_form(
    name: str,
    timer: str,
    ruleset: str,
    seats: str,
    pin: str,
    bots: str,
    level: str,
    meant: str = "off",
    *,
    game: str = GAME,
    turn: str = str(DEFAULT_TURN_SECONDS),
    vote: str = "off",
) -> HostChoice | FormProblem:
    """What the fields say, checked with the limits `wordsy-tui host` applies; a tile game
    (`game`) reads the fields it has and leaves Wordsy's alone (and only Scrabble reads
    the table vote, `vote`)."""
    player = normal_name(name)
    problem = name_problem(player)
    if problem is not None:
        return FormProblem("name", str(problem))
    if game not in GAMES:
        return FormProblem("game", "Choose a game.")
    tiles = game != GAME
    low, high = (TILE_MIN_PLAYERS, TILE_MAX_PLAYERS) if tiles else (MIN_PLAYERS, MAX_PLAYERS)
    timer_seconds = turn_seconds = None
    if tiles:
        turn_seconds = _number(turn)
        if turn_seconds is None or not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
            return FormProblem(
                "turn",
                f"A turn lasts {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} seconds "
                f"({DEFAULT_TURN_SECONDS} is five minutes); then the host passes for the player.",
            )
    elif timer.strip():
        timer_seconds = _number(timer)
        if timer_seconds is None or not MIN_TIMER_SECONDS <= timer_seconds <= MAX_TIMER_SECONDS:
            return FormProblem(
                "timer",
                f"The timer is {MIN_TIMER_SECONDS} to {MAX_TIMER_SECONDS} seconds "
                "(leave it empty for no timer).",
            )
    seat_count = _number(seats)
    if seat_count is None or not low <= seat_count <= high:
        return FormProblem("seats", f"Seats are {low} to {high}.")
    bot_count = _number(bots) if bots.strip() else 0
    if bot_count is None or not 0 <= bot_count < seat_count:
        return FormProblem(
            "bots",
            f"Computer players are 0 to {seat_count - 1}: one seat at least is for a person.",
        )
    if level not in BOT_LEVELS:
        return FormProblem("level", f"Their level is one of {', '.join(BOT_LEVELS)}.")
    pin_given = pin.strip() or None
    if turn_seconds is not None:
        scrabble = game == GameName.SCRABBLE.value
        if scrabble and vote not in TABLE_VOTE:
            return FormProblem("vote", "The table vote is on or off.")
        tiles_config = TileGameConfig(
            GameName(game),
            max_players=seat_count,
            turn_seconds=turn_seconds,
            table_vote=scrabble and vote == "on",
        )
        return HostChoice(player, TileHostSetup(tiles_config, bot_count, level, pin_given))
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
    setup = HostSetup(config, bots=bot_count, bot_level=level, pin=pin_given)
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
                    [(title, game) for game, title in GAMES.items()],
                    value=GAME,
                    allow_blank=False,
                    id="game",
                    compact=True,
                ),
            )
            yield from form_row(
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
            yield from form_row(
                "Turn limit (s)",
                KeyedInput(
                    str(DEFAULT_TURN_SECONDS),
                    restrict=digits,
                    max_length=len(str(MAX_TURN_SECONDS)),
                    id="turn",
                    compact=True,
                ),
            )
            yield from form_row(
                f"Seats ({MIN_PLAYERS}-{MAX_PLAYERS})",
                KeyedInput(
                    str(MAX_PLAYERS), restrict=digits, max_length=1, id="seats", compact=True
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
                KeyedInput("0", restrict=digits, max_length=1, id="bots", compact=True),
            )
            yield from form_row("Their level", level_field("level"))
            yield from form_row("Meant words", off_or_on(MEANT_WORDS, "meant"))
            yield from form_row("Table vote", off_or_on(TABLE_VOTE, "vote"))
            yield Static(WORDSY_HINT, id="form-hint")
            yield Static(" ", id="form-problem")
        yield Footer()

    def on_mount(self) -> None:
        self._show_fields_of(GAME)
        self.query_one("#name", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game":
            self._show_fields_of(str(event.value))

    def _show_fields_of(self, game: str) -> None:
        """Only the options the chosen game has; what was typed in the others stays."""
        tiles = game != GAME
        for field in WORDSY_ONLY:
            self.query_one(f"#row-{field}").display = not tiles
        for field in TILES_ONLY:
            self.query_one(f"#row-{field}").display = tiles
        for field in SCRABBLE_ONLY:
            self.query_one(f"#row-{field}").display = game == GameName.SCRABBLE.value
        low, high = (TILE_MIN_PLAYERS, TILE_MAX_PLAYERS) if tiles else (MIN_PLAYERS, MAX_PLAYERS)
        self.query_one("#row-seats Label", Label).update(f"Seats ({low}-{high})")
        seats = self.query_one("#seats", Input)
        if tiles and (_number(seats.value) or 0) > high:
            seats.value = str(high)  # Wordsy's six at a four-rack table
        self.query_one("#form-hint", Static).update(TILES_HINT if tiles else WORDSY_HINT)

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
            game=self._value("game"),
            turn=self._value("turn"),
            vote=self._value("vote"),
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


def level_field(field_id: str) -> Select[str]:
    """The computer players' level, as `--bot-level` takes it."""
    levels = [(level, level) for level in BOT_LEVELS]
    return Select(levels, value=DEFAULT_BOT_LEVEL, allow_blank=False, id=field_id, compact=True)


def off_or_on(labels: dict[str, str], field_id: str) -> Select[str]:
    """An option that is off unless chosen: `labels` says what "off" and "on" mean."""
    choices = [(label, value) for value, label in labels.items()]
    return Select(choices, value="off", allow_blank=False, id=field_id, compact=True)


def form_row(label: str, field: Widget) -> ComposeResult:
    """A labelled field on one line (its row's id: `row-` and the field's)."""
    yield Horizontal(
        Label(label, classes="form-label"), field, classes="form-row", id=f"row-{field.id}"
    )
