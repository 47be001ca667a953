"""docs/RULES.md's Word Nerds tables are the code's."""

from __future__ import annotations

from pathlib import Path

from wordsy_tui.games.wordnerds.rules.components import (
    ACTION_KINDS,
    ACTION_MARKS,
    COPIES,
    VALUES,
    WILD,
)

RULES = Path(__file__).parents[3] / "docs" / "RULES.md"


def _section() -> str:
    text = RULES.read_text(encoding="utf-8")
    return text[text.index("## Word Nerds") :]


def _rows(table_head: str) -> list[list[str]]:
    lines = _section().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(table_head))
    rows = []
    for line in lines[at + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def test_the_action_card_table_is_the_deck():
    rows = _rows("| card | copies |")
    assert [
        (title, int(copies), text, family, when) for title, copies, text, family, when in rows
    ] == [(k.title, k.copies, k.text, k.family.value, k.when.value) for k in ACTION_KINDS]


def test_the_letter_table_is_the_deck():
    head = next(line for line in _section().splitlines() if line.startswith("| letter |"))
    names = [cell.strip() for cell in head.strip("|").split("|")][1:]
    points, copies, marks = _rows("| letter |")
    letters = [WILD if name == "WILD" else name.lower() for name in names]
    assert letters == list(VALUES)
    assert [int(p) for p in points[1:]] == [VALUES[c] for c in letters]
    assert [int(c) for c in copies[1:]] == [COPIES[c] for c in letters]
    assert [int(m or 0) for m in marks[1:]] == [ACTION_MARKS.get(c, 0) for c in letters]
