"""The tile games' rows on the start menu's host form: the turn limit, and Scrabble's
table vote."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Final

from textual.app import ComposeResult

from wordsy_tui.app.screens.host_form import DIGITS, FormProblem, form_row, number, off_or_on
from wordsy_tui.app.widgets.keyed_input import KeyedInput
from wordsy_tui.games.tiles.rules.config import (
    DEFAULT_TURN_SECONDS,
    MAX_TURN_SECONDS,
    MIN_TURN_SECONDS,
    TileGameConfig,
)
from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName

TILE_GAMES: Final = frozenset(name.value for name in GameName)
HINT: Final = "A turn past its limit is passed · Space opens a list · bots < seats"
TABLE_VOTE: Final = {"off": "off: the word list decides", "on": "on: the table may overrule it"}
"""`host --game scrabble --table-vote`: who decides a challenge."""


def challenges(game: str) -> bool:
    """Whether `game` has challenges to vote on (Scrabble; the other tile games refuse a
    word not in the word list when it is played)."""
    return RULES[GameName(game)].challenges


class TileHostFields:
    """`host --game`'s --turn-limit and --table-vote."""

    fields = ("turn", "vote")

    def upper(self) -> ComposeResult:
        yield from form_row(
            "Turn limit (s)",
            KeyedInput(
                str(DEFAULT_TURN_SECONDS),
                restrict=DIGITS,
                max_length=len(str(MAX_TURN_SECONDS)),
                id="turn",
                compact=True,
            ),
        )

    def lower(self) -> ComposeResult:
        yield from form_row("Table vote", off_or_on(TABLE_VOTE, "vote"))

    def shown(self, game: str) -> Collection[str]:
        if game not in TILE_GAMES:
            return ()
        return self.fields if challenges(game) else ("turn",)

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
        vote = values.get("vote", "off")
        if challenges(game) and vote not in TABLE_VOTE:
            return FormProblem("vote", "The table vote is on or off.")
        return TileGameConfig(
            GameName(game),
            max_players=seats,
            turn_seconds=turn_seconds,
            table_vote=challenges(game) and vote == "on",
        )
