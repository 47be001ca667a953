"""The paper scoresheet: seven rows, two bonus boxes a row, penalties, total."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from wordsy_tui.games.wordsy.rules.rulesets import Ruleset

WORDS_KEPT: Final = 5
PENALTY_POINTS: Final = 2

# (first box, second box) for rounds 1..7, as printed on the sheet.
BONUS_BOXES: Final = ((1, 2), (1, 2), (1, 2), (2, 3), (2, 3), (2, 3), (3, 4))


class Box(IntEnum):
    NONE = 0
    FIRST = 1
    """Beat the fastest player (or, solo, paused in time away from the top spot)."""
    SECOND = 2
    """The fastest player matched or beat enough opponents (or, solo, on the top spot)."""


def box_value(round_no: int, box: Box) -> int:
    return 0 if box is Box.NONE else BONUS_BOXES[round_no - 1][box - 1]


@dataclass(frozen=True, slots=True)
class SheetRow:
    word: str | None
    score: int
    box: Box = Box.NONE
    voided: bool = False
    """The word fell to a challenge (or the referee) and is worth 0."""


@dataclass(frozen=True, slots=True)
class Scoresheet:
    rows: tuple[SheetRow, ...] = ()
    penalties: int = 0

    def add_row(self, row: SheetRow) -> Scoresheet:
        return Scoresheet((*self.rows, row), self.penalties)

    def add_penalty(self) -> Scoresheet:
        return Scoresheet(self.rows, self.penalties + 1)

    @property
    def bonus_total(self) -> int:
        return sum(box_value(n, row.box) for n, row in enumerate(self.rows, 1))

    @property
    def struck(self) -> frozenset[int]:
        """Row indexes of the lowest scores beyond the five that count."""
        ranked = sorted(range(len(self.rows)), key=lambda i: (self.rows[i].score, -i))
        return frozenset(ranked[: max(0, len(self.rows) - WORDS_KEPT)])

    @property
    def kept_scores(self) -> tuple[int, ...]:
        """The best five word scores, best first: the tie-break order too."""
        return tuple(sorted((r.score for r in self.rows), reverse=True)[:WORDS_KEPT])

    @property
    def word_total(self) -> int:
        return sum(self.kept_scores)

    @property
    def total(self) -> int:
        return self.word_total + self.bonus_total - PENALTY_POINTS * self.penalties


@dataclass(frozen=True, slots=True)
class Standing:
    place: int
    """1 for the winners; players who stay tied share a place."""
    player: str
    total: int
    tie_break: tuple[int, ...]


def breaks_ties(ruleset: Ruleset) -> bool:
    """The first edition breaks a tie by the best words; the second: "In a tie, victory is
    shared"."""
    return ruleset is Ruleset.CLASSIC


def standings(
    sheets: Mapping[str, Scoresheet], ruleset: Ruleset = Ruleset.CLASSIC
) -> list[Standing]:
    """Highest total first; under the first edition a tie goes to the best word, then the
    second best, ...; under the second, players on the same total share the place."""
    tie_break = breaks_ties(ruleset)

    def key(player: str) -> tuple[int, tuple[int, ...]]:
        return sheets[player].total, sheets[player].kept_scores if tie_break else ()

    ordered = sorted(sheets, key=key, reverse=True)
    result: list[Standing] = []
    for index, player in enumerate(ordered):
        shares = index > 0 and key(ordered[index - 1]) == key(player)
        place = result[-1].place if shares else index + 1
        sheet = sheets[player]
        result.append(Standing(place, player, sheet.total, sheet.kept_scores))
    return result


def winners(sheets: Mapping[str, Scoresheet], ruleset: Ruleset = Ruleset.CLASSIC) -> list[str]:
    return [s.player for s in standings(sheets, ruleset) if s.place == 1]
