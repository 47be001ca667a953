"""The tile games' rows on the start menu's host form: the turn limit and the game clock,
and Scrabble's challenge rule (with the table's vote on top) and tournament options."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace
from typing import Final

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Label

from wordsy_tui.app.screens.host_form import DIGITS, FormProblem, choice, form_row, number
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.games.tiles.rules.config import (
    DEFAULT_OVERTIME_MINUTES,
    DEFAULT_TURN_SECONDS,
    MAX_CLOCK_MINUTES,
    MAX_INCREMENT_SECONDS,
    MAX_OVERTIME_MINUTES,
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    TOURNAMENT_EXCHANGE_BAG,
    TileGameConfig,
    club_options,
)
from wordsy_tui.games.tiles.rules.rulesets import ChallengeRule, GameName

TILE_GAMES: Final = frozenset(name.value for name in GameName)
HINT: Final = "Clock: MIN+INC, e.g. 25+5 · Space opens a list · bots < seats"
VOTED: Final = "+vote"
"""A challenge rule's value with the table's vote on top (`--table-vote`)."""
CHALLENGES: Final = {
    "double": "double: a failed challenge loses a turn",
    "double" + VOTED: "double, and the table votes",
    "single": "single: a failed challenge is free",
    "single" + VOTED: "single, and the table votes",
    "5": "5 points to the challenged player",
    "5" + VOTED: "5 points, and the table votes",
    "10": "10 points to the challenged player",
    "10" + VOTED: "10 points, and the table votes",
    "void": "void: a word is checked when played",
}
"""`host --game scrabble --challenge RULE [--table-vote]`: what a failed challenge costs, and
who decides one (the table's vote may overrule the word list). Void has nothing to vote on."""
TOURNAMENT: Final = {
    "off": "off: the rulebook's end and exchanges",
    "out": "going out scores twice the racks left",
    "exchange": f"an exchange needs {TOURNAMENT_EXCHANGE_BAG}+ tiles in the bag",
    "both": f"both: going out twice, exchanges {TOURNAMENT_EXCHANGE_BAG}+",
}
"""`--tournament-out` and `--tournament-exchange`: each, both, or neither."""


class TileHostFields:
    """`host --game`'s --turn-limit, and Scrabble's --challenge, --table-vote,
    --tournament-out and --tournament-exchange."""

    fields = ("turn", "challenge", "tournament")

    def upper(self) -> ComposeResult:
        # The game clock shares the turn limit's row: at 80x24 Scrabble's form has no line
        # to spare.
        turn = _whole_number(DEFAULT_TURN_SECONDS, MAX_TURN_SECONDS, "turn")
        clock = KeyedInput(
            placeholder="off",
            restrict=r"[0-9+]*",
            max_length=len(f"{MAX_CLOCK_MINUTES}+{MAX_INCREMENT_SECONDS}"),
            id="game-clock",
            compact=True,
            tooltip="MIN[+INC]: minutes each for the game, seconds added after each turn",
        )
        overtime = _whole_number(DEFAULT_OVERTIME_MINUTES, MAX_OVERTIME_MINUTES, "overtime")
        row = Horizontal(
            Label("Turn limit (s)", classes="form-label"),
            turn,
            Label(" Clock ", classes="clock-label"),
            clock,
            Label("  Overtime (min) ", classes="clock-label"),
            overtime,
            classes="form-row",
            id="row-turn",
        )
        for widget, width in ((turn, 6), (clock, 8), (overtime, 3)):
            widget.styles.width = width
        yield row

    def lower(self) -> ComposeResult:
        yield from form_row("Challenges", choice(CHALLENGES, "challenge"))
        yield from form_row("Tournament rules", choice(TOURNAMENT, "tournament"))

    def shown(self, game: str) -> Collection[str]:
        if game not in TILE_GAMES:
            return ()
        return self.fields if club_options(GameName(game)) else ("turn",)

    def hint(self, game: str) -> str:
        return HINT

    def config(
        self, game: str, values: Mapping[str, str], seats: int
    ) -> TileGameConfig | FormProblem:
        turn_seconds = number(values.get("turn", str(DEFAULT_TURN_SECONDS)))
        if turn_seconds is None or not MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS:
            return FormProblem(
                "turn",
                f"A turn lasts {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} seconds "
                f"({DEFAULT_TURN_SECONDS} is five minutes); then the host passes for the player.",
            )
        clocked = clock_fields(values)
        if isinstance(clocked, FormProblem):
            return clocked
        minutes, increment, overtime = clocked
        config = TileGameConfig(
            GameName(game),
            max_players=seats,
            turn_seconds=turn_seconds,
            clock_minutes=minutes,
            clock_increment=increment,
            overtime_minutes=overtime,
        )
        if not club_options(config.game):  # what was chosen for Scrabble stays behind
            return config
        challenge = values.get("challenge", ChallengeRule.DOUBLE.value)
        if challenge not in CHALLENGES:
            return FormProblem("challenge", "Choose a challenge rule from the list.")
        tournament = values.get("tournament", "off")
        if tournament not in TOURNAMENT:
            return FormProblem("tournament", "Choose the tournament rules from the list.")
        rule, voted, _ = challenge.partition(VOTED)
        return replace(
            config,
            challenge=ChallengeRule(rule),
            table_vote=bool(voted),
            tournament_out=tournament in ("out", "both"),
            tournament_exchange=tournament in ("exchange", "both"),
        )


def _whole_number(default: int, most: int, field_id: str) -> KeyedInput:
    return KeyedInput(
        str(default), restrict=DIGITS, max_length=len(str(most)), id=field_id, compact=True
    )


def clock_fields(values: Mapping[str, str]) -> tuple[int, int, int] | FormProblem:
    """The game clock's row as `--clock MIN[+INC] --overtime MIN` reads it: (minutes,
    increment, overtime), (0, 0, overtime) when the clock is left empty (off)."""
    typed = values.get("game-clock", "").strip()
    overtime = number(values.get("overtime", str(DEFAULT_OVERTIME_MINUTES)))
    if overtime is None or overtime > MAX_OVERTIME_MINUTES:
        return FormProblem(
            "overtime",
            f"A clock may run 0 to {MAX_OVERTIME_MINUTES} minutes over "
            f"({DEFAULT_OVERTIME_MINUTES}, as in tournaments); then its player loses on time.",
        )
    if not typed:
        return (0, 0, overtime)
    minutes, plus, more = typed.partition("+")
    clock, increment = number(minutes), number(more) if plus else 0
    problem = (
        None
        if clock is None or increment is None or clock < 1
        else TileGameConfig(clock_minutes=clock, clock_increment=increment).clock_problem()
    )
    if clock is None or increment is None or clock < 1 or problem is not None:
        return FormProblem(
            "game-clock",
            problem
            or f"A game clock is MIN or MIN+INC: 1 to {MAX_CLOCK_MINUTES} minutes each, then "
            "the seconds added after each turn (e.g. 25+5); empty for none.",
        )
    return (clock, increment, overtime)
