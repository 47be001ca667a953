"""A finished sheet as text, for the score calculator: read (hostile input, clear
refusals), written, and scored line by line.

The format (docs/RULES.md, "Wordsmith", "The sheet file"):

    # comments run from # to the end of the line; blank lines are ignored
    letters
    . . . . . . . .          8 rows of 8 squares, row 1 first: a letter, or . for none
    ...
    circled
    . . o o o o . .          8 rows of 8: o (or x) circled, . not
    ...
    coins spent: 12          coins crossed off the coin grid
    coins earned: 10         coin bars filled
    crowns: 7
    rivals' crowns: 5 3 2    every other player's crowns, for the most crowns
    goals: first later       each goal reached: first (8 points) or later (5)

Spaces between squares are optional. The items forged and the rings are read from the
circles: an item is forged when all its squares are circled.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsmith.components import (
    COIN_BOXES,
    CROWN_BOXES,
    GOALS_IN_PLAY,
    LETTERS,
    SIZE,
)
from wordsy_tui.games.wordsmith.config import MAX_PLAYERS
from wordsy_tui.games.wordsmith.grid import mask
from wordsy_tui.games.wordsmith.scoring import LABELS, LINES, ScoreLines, crown_places, score_lines
from wordsy_tui.games.wordsmith.sheet import VACANT, Sheet, forged_items

MAX_TEXT: Final = 64 * 1024
"""A sheet file is a few hundred bytes: anything this long is not one."""
CIRCLE_MARKS: Final = frozenset("oOxX")
GRIDS: Final = ("letters", "circled")
NUMBERS: Final = {"coins spent": COIN_BOXES, "coins earned": COIN_BOXES, "crowns": CROWN_BOXES}
ME: Final = "sheet"
"""The scored sheet's key among the players, when the crowns are placed."""


class SheetFileError(ValueError):
    """The text is not a finished sheet; the message says where and why."""


@dataclass(frozen=True, slots=True)
class FinishedSheet:
    sheet: Sheet
    """Its goals are numbered by the order the file lists them (goal 1, goal 2)."""
    rivals: tuple[int, ...]
    """The other players' crowns."""

    def score(self) -> ScoreLines:
        crowns = {ME: self.sheet.crowns, **{str(i): c for i, c in enumerate(self.rivals)}}
        return score_lines(self.sheet, crown_places(crowns)[ME])


def read_sheet(text: str) -> FinishedSheet:
    """The sheet `text` holds; raises SheetFileError with the line and what is wrong."""
    if len(text) > MAX_TEXT:
        raise SheetFileError(f"A sheet file is a few hundred characters, not {len(text)}.")
    lines = [(number, _content(line)) for number, line in enumerate(text.splitlines(), 1)]
    lines = [(number, line) for number, line in lines if line]
    grids: dict[str, list[str]] = {}
    values: dict[str, str] = {}
    at = 0
    while at < len(lines):
        number, line = lines[at]
        key, colon, rest = line.partition(":")
        key = " ".join(key.lower().split())
        if key in GRIDS and not rest.strip():
            _once(key, grids.keys() | values.keys(), number)
            rows = lines[at + 1 : at + 1 + SIZE]
            rows = rows[: next((i for i, (_, r) in enumerate(rows) if _is_key(r)), len(rows))]
            if len(rows) < SIZE:
                raise SheetFileError(
                    f"Line {number}: the {key} need {SIZE} rows below them, not {len(rows)}."
                )
            grids[key] = [_row(key, n, row) for n, row in rows]
            at += 1 + SIZE
            continue
        if not colon or (key not in NUMBERS and key not in ("rivals' crowns", "goals")):
            raise SheetFileError(
                f"Line {number}: expected letters, circled, coins spent:, coins earned:, "
                f"crowns:, rivals' crowns: or goals:, not {_quoted(line)}."
            )
        _once(key, grids.keys() | values.keys(), number)
        values[key] = rest.strip()
        at += 1
    return _finished(grids, values)


def _is_key(line: str) -> bool:
    return ":" in line or " ".join(line.lower().split()) in GRIDS


def _content(line: str) -> str:
    return line.partition("#")[0].strip()


def _quoted(text: str) -> str:
    """A piece of the file in a message: short, and escaped (it may hold anything)."""
    return ascii(text[:30] + ("..." if len(text) > 30 else ""))


def _once(key: str, seen: set[str], number: int) -> None:
    if key in seen:
        raise SheetFileError(f"Line {number}: {key} is given twice.")


def _row(grid: str, number: int, row: str) -> str:
    cells = "".join(row.split())
    if len(cells) != SIZE:
        raise SheetFileError(
            f"Line {number}: a row of the {grid} has {SIZE} squares, this one {len(cells)}."
        )
    for cell in cells:
        if grid == "letters" and cell != VACANT and cell.upper() not in LETTERS:
            raise SheetFileError(
                f"Line {number}: a square of the letters holds a letter A-Z or '.', "
                f"not {_quoted(cell)}."
            )
        if grid == "circled" and cell != VACANT and cell not in CIRCLE_MARKS:
            raise SheetFileError(
                f"Line {number}: a circled square is 'o' (or 'x'), the others '.', "
                f"not {_quoted(cell)}."
            )
    return cells.upper() if grid == "letters" else cells


def _finished(grids: dict[str, list[str]], values: dict[str, str]) -> FinishedSheet:
    missing = [key for key in (*GRIDS, *NUMBERS, "rivals' crowns") if key not in grids | values]
    if missing:
        raise SheetFileError(f"The sheet file has no {', '.join(missing)}.")
    letters = "".join(grids["letters"])
    circled = mask(i for i, cell in enumerate("".join(grids["circled"])) if cell != VACANT)
    numbers = {key: _number(key, values[key], most) for key, most in NUMBERS.items()}
    rivals = tuple(
        _number("rivals' crowns", n, CROWN_BOXES) for n in values["rivals' crowns"].split()
    )
    if not 1 <= len(rivals) < MAX_PLAYERS:
        raise SheetFileError(
            f"rivals' crowns: one number for each other player, 1 to {MAX_PLAYERS - 1} of them."
        )
    goals = values.get("goals", "").replace(",", " ").lower().split()
    if len(goals) > GOALS_IN_PLAY or any(goal not in ("first", "later") for goal in goals):
        raise SheetFileError(
            f"goals: up to {GOALS_IN_PLAY} words, each first or later (the goals reached)."
        )
    sheet = Sheet(
        letters=letters,
        circled=circled,
        spent=numbers["coins spent"],
        earned=numbers["coins earned"],
        crowns=numbers["crowns"],
        forged=forged_items(circled),
        goals=tuple((slot, goal == "first") for slot, goal in enumerate(goals)),
    )
    return FinishedSheet(sheet, rivals)


def _number(key: str, text: str, most: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 3 or int(text) > most:
        raise SheetFileError(f"{key}: a whole number from 0 to {most}, not {_quoted(text)}.")
    return int(text)


def write_sheet(sheet: Sheet, rivals: Sequence[int]) -> str:
    """A sheet as the file `read_sheet` reads (its goals in the order reached)."""

    def grid(cells: str) -> list[str]:
        return [" ".join(cells[row * SIZE : (row + 1) * SIZE]) for row in range(SIZE)]

    circles = "".join("o" if sheet.is_circled(square) else VACANT for square in range(SIZE**2))
    goals = " ".join("first" if first else "later" for _, first in sheet.goals)
    return "\n".join(
        [
            "letters",
            *grid(sheet.letters),
            "circled",
            *grid(circles),
            f"coins spent: {sheet.spent}",
            f"coins earned: {sheet.earned}",
            f"crowns: {sheet.crowns}",
            f"rivals' crowns: {' '.join(str(c) for c in rivals)}",
            f"goals: {goals}",
            "",
        ]
    )


def scorecard(lines: ScoreLines) -> list[str]:
    """Every scoring line and the total, as the calculator prints them."""
    width = max(len(label) for label in LABELS.values())
    rows = [f"{LABELS[line]:<{width}}  {getattr(lines, line):+4d}" for line in LINES]
    return [*rows, f"{'Total':<{width}}  {lines.total:4d}"]


def as_fields(lines: ScoreLines) -> dict[str, int]:
    """One field per line of the rulebook's end-of-game list, and `total`: `--json`'s."""
    return {**{line: getattr(lines, line) for line in LINES}, "total": lines.total}
