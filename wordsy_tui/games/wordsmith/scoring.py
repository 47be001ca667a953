"""The end of the game: every scoring line of the rulebook, and who wins.

The game's end and the score calculator (`sheetfile`) both score through `score_lines`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import astuple, dataclass, fields
from typing import Final

from wordsy_tui.games.wordsmith.components import (
    CROWN_PLACES,
    GOAL_FIRST,
    GOAL_LATER,
    ITEM_POINTS,
    RING_POINTS,
    Kind,
)
from wordsy_tui.games.wordsmith.sheet import Sheet


@dataclass(frozen=True, slots=True)
class ScoreLines:
    """A sheet's points, one field per line of the rulebook's end-of-game list."""

    unpaid_coins: int
    """-1 for every coin crossed off whose bar is not filled."""
    crowns: int
    """+1 per crown."""
    most_crowns: int
    """+8 / 4 / 2 for the most, second and third most crowns."""
    rings: int
    """+5 / 10 / 20 for 5 / 6 / 7 rings."""
    items: int
    """+2 / 4 / 6 per goblet / sword / axe forged."""
    goals: int
    """+8 or 5 per goal reached, first or not."""

    @property
    def total(self) -> int:
        return sum(astuple(self))


LINES: Final = tuple(field.name for field in fields(ScoreLines))
LABELS: Final[Mapping[str, str]] = {
    "unpaid_coins": "Coins not paid",
    "crowns": "Crowns",
    "most_crowns": "Most crowns",
    "rings": "Rings",
    "items": "Goblets, swords, axes",
    "goals": "Goals",
}


def ring_points(rings: int) -> int:
    return next((points for least, points in RING_POINTS if rings >= least), 0)


def crown_places(crowns: Mapping[str, int]) -> dict[str, int]:
    """Each player's points for the most crowns: a player's place is one more than the
    players with more crowns, so two first places leave third next (8, 8, 2); a player
    with no crown places nowhere."""
    return {
        player: CROWN_PLACES[place] if count and place < len(CROWN_PLACES) else 0
        for player, count in crowns.items()
        for place in [sum(other > count for other in crowns.values())]
    }


def score_lines(sheet: Sheet, most_crowns: int) -> ScoreLines:
    kinds = sheet.forged_kinds()
    return ScoreLines(
        unpaid_coins=-sheet.unpaid,
        crowns=sheet.crowns,
        most_crowns=most_crowns,
        rings=ring_points(kinds[Kind.RING]),
        items=sum(points * kinds[kind] for kind, points in ITEM_POINTS.items()),
        goals=sum(GOAL_FIRST if first else GOAL_LATER for _, first in sheet.goals),
    )


def final_scores(sheets: Mapping[str, Sheet]) -> dict[str, ScoreLines]:
    places = crown_places({player: sheet.crowns for player, sheet in sheets.items()})
    return {player: score_lines(sheet, places[player]) for player, sheet in sheets.items()}


def winners(scores: Mapping[str, ScoreLines], sheets: Mapping[str, Sheet]) -> tuple[str, ...]:
    """The most points; a tie goes to the most crowns; a tie still is a shared victory."""
    best = max(((lines.total, sheets[p].crowns) for p, lines in scores.items()), default=None)
    return tuple(p for p, lines in scores.items() if (lines.total, sheets[p].crowns) == best)
