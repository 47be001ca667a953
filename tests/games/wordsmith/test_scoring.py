"""The end of the game: every scoring line of the rulebook, the crown places and who wins."""

from __future__ import annotations

import pytest

from tests.games.wordsmith.table import forging, sheet_with
from wordsy_tui.games.wordsmith.components import Kind
from wordsy_tui.games.wordsmith.scoring import (
    ScoreLines,
    crown_places,
    final_scores,
    ring_points,
    score_lines,
    winners,
)
from wordsy_tui.games.wordsmith.sheet import Sheet


@pytest.mark.parametrize(("rings", "points"), [(0, 0), (4, 0), (5, 5), (6, 10), (7, 20), (8, 20)])
def test_rings_score_at_five_six_and_seven(rings, points):
    assert ring_points(rings) == points
    assert score_lines(forging(*[Kind.RING] * rings), 0).rings == points


def test_goblets_swords_and_axes_score_two_four_and_six():
    lines = score_lines(forging(Kind.GOBLET, Kind.GOBLET, Kind.SWORD, Kind.AXE), 0)
    assert lines.items == 2 + 2 + 4 + 6


def test_coins_not_paid_cost_a_point_each_and_crowns_score_one():
    lines = score_lines(Sheet(spent=12, earned=9, crowns=4), 0)
    assert (lines.unpaid_coins, lines.crowns) == (-3, 4)
    assert score_lines(Sheet(spent=5, earned=9), 0).unpaid_coins == 0


def test_goals_score_eight_first_and_five_later():
    assert score_lines(Sheet(goals=((3, True), (8, False))), 0).goals == 13


@pytest.mark.parametrize(
    ("crowns", "points"),
    [
        ({"a": 5, "b": 3, "c": 2, "d": 1}, {"a": 8, "b": 4, "c": 2, "d": 0}),
        # Tied players get all the points of the place they tie for; the next place goes.
        ({"a": 5, "b": 5, "c": 2, "d": 1}, {"a": 8, "b": 8, "c": 2, "d": 0}),
        ({"a": 5, "b": 3, "c": 3, "d": 1}, {"a": 8, "b": 4, "c": 4, "d": 0}),
        ({"a": 4, "b": 4, "c": 4, "d": 4}, {"a": 8, "b": 8, "c": 8, "d": 8}),
        # No crown, no place.
        ({"a": 2, "b": 0, "c": 0}, {"a": 8, "b": 0, "c": 0}),
    ],
)
def test_crown_places(crowns, points):
    assert crown_places(crowns) == points


def test_the_most_points_win_then_the_most_crowns_then_the_victory_is_shared():
    sheets = {"a": Sheet(crowns=2), "b": Sheet(crowns=3), "c": Sheet(crowns=3)}
    level = ScoreLines(0, 0, 0, 0, 10, 0)
    scores = {"a": level, "b": level, "c": ScoreLines(0, 0, 0, 0, 9, 0)}
    assert winners(scores, sheets) == ("b",)
    sheets["a"] = Sheet(crowns=3)
    assert winners(scores, sheets) == ("a", "b")


def test_final_scores_place_the_crowns_and_total_every_line():
    sheets = {
        "ann": sheet_with(crowns=3, spent=4, earned=2, goals=((0, True),)),
        "bob": sheet_with(crowns=1),
    }
    scores = final_scores(sheets)
    assert scores["ann"] == ScoreLines(-2, 3, 8, 0, 0, 8)
    assert scores["ann"].total == 17
    assert scores["bob"].most_crowns == 4
