"""Goals: a pattern anywhere on the sheet as printed (never turned or mirrored), or items."""

from __future__ import annotations

import pytest

from tests.games.wordsmith.table import forging, sq
from wordsy_tui.games.wordsmith import goals
from wordsy_tui.games.wordsmith.components import GOALS, Kind
from wordsy_tui.games.wordsmith.grid import mask
from wordsy_tui.games.wordsmith.sheet import Sheet, forged_items


def goal(name: str) -> int:
    return next(i for i, g in enumerate(GOALS) if g.name == name)


def circled(*names: str) -> Sheet:
    circles = mask(sq(name) for name in names)
    return Sheet(circled=circles, forged=forged_items(circles))


STAIRS = ("b2", "c3", "d4", "e5", "f6", "g7")
SLOPE = ("g2", "f3", "e4", "d5", "c6", "b7")


def test_a_pattern_goal_is_reached_anywhere_but_never_mirrored():
    assert goals.reached(goal("Stairs"), circled(*STAIRS))
    assert not goals.reached(goal("Stairs"), circled(*SLOPE))
    assert goals.reached(goal("Slope"), circled(*SLOPE))
    assert goals.nearness(goal("Stairs"), circled(*STAIRS[:5])) == 5
    assert goals.needed(goal("Stairs")) == 6


def test_a_pattern_goal_is_never_turned():
    column = [f"c{row}" for row in range(1, 9)]
    row = [f"{col}3" for col in "abcdefgh"]
    assert goals.reached(goal("Full column"), circled(*column))
    assert not goals.reached(goal("Full column"), circled(*row))


def test_a_pattern_needs_only_its_marked_squares():
    frame = ["a1", "b1", "c1", "d1", "e1", "a2", "e2", "a3", "e3", "a4", "b4", "c4", "d4", "e4"]
    assert goals.reached(goal("Frame"), circled(*frame))
    assert not goals.reached(goal("Frame"), circled(*frame[1:]))


@pytest.mark.parametrize(
    ("name", "kinds", "reached"),
    [
        ("Two goblets", [Kind.GOBLET, Kind.GOBLET], True),
        ("Two goblets", [Kind.GOBLET, Kind.SWORD], False),
        ("Smith's set", [Kind.GOBLET, Kind.SWORD, Kind.AXE], True),
        ("Smith's set", [Kind.GOBLET, Kind.SWORD, Kind.SWORD], False),
        ("Armoury", [Kind.GOBLET, Kind.GOBLET, Kind.SWORD, Kind.AXE], True),
        ("Armoury", [Kind.GOBLET, Kind.GOBLET, Kind.SWORD, Kind.RING], False),
        ("Purse", [Kind.COIN] * 5, True),
        ("Five rings", [Kind.RING] * 4, False),
    ],
)
def test_an_item_goal_counts_the_items_forged(name, kinds, reached):
    assert goals.reached(goal(name), forging(*kinds)) is reached
