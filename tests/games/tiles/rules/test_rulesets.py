"""The rulesets' tables: the counts the rulebook gives, and the same tables as RULES.md."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from wordsy_tui.games.tiles.rules.rulesets import (
    RULES,
    SCRABBLE,
    WORDFEUD,
    WWF,
    GameName,
    Rules,
    random_layout,
)

RULES_MD = Path(__file__).parents[4] / "docs" / "RULES.md"


def section() -> str:
    text = RULES_MD.read_text()
    return text[text.index("## Scrabble, Words with Friends, Wordfeud") :]


@pytest.mark.parametrize(("rules", "tiles"), [(SCRABBLE, 100), (WWF, 104), (WORDFEUD, 104)])
def test_tile_counts(rules: Rules, tiles: int):
    assert len(rules.full_bag()) == tiles
    assert rules.tiles["?"] == (2, 0)


@pytest.mark.parametrize("rules", list(RULES.values()))
def test_boards_are_symmetric_15x15(rules: Rules):
    layout = rules.layout
    assert len(layout) == 15
    assert all(len(row) == 15 for row in layout)
    assert all(
        layout[r][c] == layout[c][r] == layout[14 - r][c] for r in range(15) for c in range(15)
    )


def test_rules_md_prints_the_code_tables():
    text = section()
    boards = re.findall(r"```\n((?:[.TDtd]{15}\n){15})```", text)
    assert boards == ["\n".join(r.layout) + "\n" for r in (SCRABBLE, WWF, WORDFEUD)]
    for name in GameName:
        spec = " ".join(
            f"{letter}{count}/{points}" for letter, (count, points) in RULES[name].tiles.items()
        )
        assert f"| {name.value} | {spec} |" in text


def test_random_board_keeps_the_premiums_and_the_centre():
    layout = random_layout(WORDFEUD, random.Random(1))
    flat = "".join(layout)
    assert sorted(flat) == sorted(WORDFEUD.premiums)
    assert flat[112] == WORDFEUD.premiums[112]
    assert layout != WORDFEUD.layout


# Words with Friends' premium squares as a public open-source WwF solver lists them (the
# top-left quadrant, row and column from 0; docs/RULES.md, "Sources"), mirrored to the
# whole board: an independent writing of the same facts as `WWF_LAYOUT`.
WWF_QUADRANT = {
    "d": [(1, 2), (2, 1), (2, 4), (4, 2), (4, 6), (6, 4)],
    "t": [(0, 6), (3, 3), (5, 5), (6, 0)],
    "D": [(1, 5), (5, 1), (3, 7), (7, 3)],
    "T": [(0, 3), (3, 0)],
}


def test_wwf_board_agrees_square_by_square_with_a_second_source():
    board = [["."] * 15 for _ in range(15)]
    for mark, squares in WWF_QUADRANT.items():
        for row, col in squares:
            for r in (row, 14 - row):
                for c in (col, 14 - col):
                    board[r][c] = mark
    assert tuple("".join(row) for row in board) == WWF.layout
