"""The designed components: what the rulebook fixes holds, and docs/RULES.md prints the
same tables as the package."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from wordsy_tui.games.wordsmith import components as c
from wordsy_tui.games.wordsmith.grid import name

RULES = Path(__file__).parents[3] / "docs" / "RULES.md"


def wordsmith_section() -> str:
    text = RULES.read_text(encoding="utf-8")
    return text[text.index("## Wordsmith") :]


def test_the_deck_has_47_cards_of_two_letters_every_letter_at_least_once():
    assert len(c.CARDS) == 47
    faces = Counter(letter for card in c.CARDS for letter in (card.top, card.bottom))
    assert sum(faces.values()) == 94
    assert set(faces) == set(c.LETTERS)
    assert all(card.top != card.bottom for card in c.CARDS)
    assert dict(sorted(faces.items())) == c.REFERENCE_CARD
    # The rulebook's own cards.
    assert c.Card("P", "R") in c.CARDS
    assert c.Card("A", "D") in c.CARDS


def test_set_up_leaves_twelve_rounds_of_three():
    assert len(c.CARDS) - c.START_CARDS - c.SET_ASIDE == c.DECK == c.ROUNDS * c.CARDS_PER_ROUND


def test_the_sheet_has_its_start_squares_items_and_every_square_once():
    kinds = Counter(item.kind for item in c.ITEMS)
    assert kinds[c.Kind.RING] >= 7
    assert kinds[c.Kind.COIN] == 8
    assert (kinds[c.Kind.GOBLET], kinds[c.Kind.SWORD], kinds[c.Kind.AXE]) == (3, 2, 2)
    squares = [square for item in c.ITEMS for square in item.squares]
    assert len(squares) == len(set(squares))
    assert not set(squares) & set(c.START_SQUARES)
    top_left, top_right, bottom_left, bottom_right = c.START_SQUARES
    assert top_right == top_left + 1
    assert (bottom_left, bottom_right) == (top_left + c.SIZE, top_right + c.SIZE)
    for item in c.ITEMS:
        if item.kind in (c.Kind.GOBLET, c.Kind.SWORD, c.Kind.AXE):
            assert len(item.squares) > 1


def test_fourteen_goals_on_seven_cards_each_a_pattern_and_an_item_side():
    assert len(c.GOALS) == 14
    assert len(c.GOAL_CARDS) == 7
    assert sorted(side for card in c.GOAL_CARDS for side in card) == list(range(14))
    for pattern, items in c.GOAL_CARDS:
        assert c.GOALS[pattern].pattern
        assert not c.GOALS[pattern].items
        assert not c.GOALS[items].pattern
        assert c.GOALS[items].items or c.GOALS[items].any_items


def test_rules_md_prints_the_deck_the_sheet_and_the_goals():
    section = wordsmith_section()
    cards = re.findall(r"\b([A-Z])/([A-Z])\b", section[section.index("### The letter cards") :])
    assert [c.Card(top, bottom) for top, bottom in cards[: len(c.CARDS)]] == list(c.CARDS)
    for row in c.SHEET_MAP:
        assert row in section
    for goal in c.GOALS:
        assert f"**{goal.name}**" in section
        assert goal.text in section
    for letter, count in c.REFERENCE_CARD.items():
        assert f"| {letter} | {count} |" in section


def test_square_names_read_from_the_top_left():
    assert name(0) == "a1"
    assert name(7) == "h1"
    assert name(63) == "h8"
