"""Whether a sheet has reached a goal, and how near it is.

A pattern goal is reached when every `X` of its pattern is a circled square, the pattern
placed anywhere on the sheet as printed (never rotated or mirrored); an item goal when the
sheet has forged the items it names.
"""

from __future__ import annotations

from functools import cache

from wordsy_tui.games.wordsmith.components import GOALS, SIZE, Kind
from wordsy_tui.games.wordsmith.sheet import Sheet

_FORGES: frozenset[Kind] = frozenset({Kind.GOBLET, Kind.SWORD, Kind.AXE})


@cache
def placements(goal: int) -> tuple[int, ...]:
    """Every place a pattern goal's pattern fits on the sheet, as a mask of its `X`s."""
    pattern = GOALS[goal].pattern
    if not pattern:
        return ()
    cells = [(r, c) for r, row in enumerate(pattern) for c, mark in enumerate(row) if mark == "X"]
    height, width = len(pattern), max(len(row) for row in pattern)
    return tuple(
        sum(1 << ((top + r) * SIZE + left + c) for r, c in cells)
        for top in range(SIZE - height + 1)
        for left in range(SIZE - width + 1)
    )


def reached(goal: int, sheet: Sheet) -> bool:
    return nearness(goal, sheet) >= needed(goal)


def nearness(goal: int, sheet: Sheet) -> int:
    """How much of the goal the sheet has: the most `X`s circled in one place of its pattern,
    or the items it names forged (never more than it needs)."""
    spec = GOALS[goal]
    if spec.pattern:
        return max(((sheet.circled & place).bit_count() for place in placements(goal)), default=0)
    kinds = sheet.forged_kinds()
    have = sum(min(kinds[kind], count) for kind, count in spec.items.items())
    if spec.any_items:
        have += min(spec.any_items, sum(kinds[kind] for kind in _FORGES))
    return have


@cache
def needed(goal: int) -> int:
    """How much of it a sheet must have: `nearness` when it is reached."""
    spec = GOALS[goal]
    if spec.pattern:
        return sum(row.count("X") for row in spec.pattern)
    return sum(spec.items.values()) + spec.any_items
