"""The rulesets' tables: the counts the rulebook gives, and the same tables as RULES.md."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from wordsy_tui.scrabble.rulesets import (
    RULES,
    SCRABBLE,
    WORDFEUD,
    WWF,
    GameName,
    Rules,
    random_layout,
)

RULES_MD = Path(__file__).parents[2] / "docs" / "RULES.md"


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
