"""The score calculator's sheet file: read, written, scored, and every refusal clear."""

from __future__ import annotations

import pytest

from tests.games.wordsmith.table import sheet_with
from wordsy_tui.games.wordsmith.components import Kind
from wordsy_tui.games.wordsmith.scoring import LINES, score_lines
from wordsy_tui.games.wordsmith.sheet import Sheet
from wordsy_tui.games.wordsmith.sheetfile import (
    SheetFileError,
    as_fields,
    read_sheet,
    scorecard,
    write_sheet,
)

EXAMPLE = """\
# Ann's sheet, after round 12
letters
E R O G . . . .
. C A N D L E S
. . . O . . . A
B . . M . . . N
U . . E . . . A
R . . . . . . N
P . . . . . . A
. . . . . . . .
circled
o o o o . o . .
. o o o o o o o
. . . o . . . o
o . . o . . . o
o . . o . . . o
o . . . . . . o
o . . . . . . o
. . . . . . . o   # BANANA's last A
coins spent: 12
coins earned: 9
crowns: 4
rivals' crowns: 6 4 1
goals: later
"""


def test_a_sheet_file_is_read_and_scored_line_by_line():
    finished = read_sheet(EXAMPLE)
    sheet = finished.sheet
    kinds = sheet.forged_kinds()
    assert (kinds[Kind.RING], kinds[Kind.GOBLET], kinds[Kind.SWORD], kinds[Kind.AXE]) == (
        4,
        2,
        1,
        1,
    )
    lines = finished.score()
    assert lines.unpaid_coins == -3
    assert lines.crowns == 4
    assert lines.most_crowns == 4  # second to 6; 4 and 4 tie for second
    assert lines.rings == 0
    assert lines.items == 2 + 2 + 4 + 6
    assert lines.goals == 5
    assert lines.total == -3 + 4 + 4 + 0 + 14 + 5


def test_the_calculator_prints_every_line_and_the_total_and_its_json_has_a_field_each():
    lines = read_sheet(EXAMPLE).score()
    card = scorecard(lines)
    assert len(card) == len(LINES) + 1
    assert card[-1].split() == ["Total", str(lines.total)]
    assert as_fields(lines) == {**{line: getattr(lines, line) for line in LINES}, "total": 24}


def test_a_written_sheet_reads_back_the_same():
    sheet = sheet_with(
        loose={"a1": "Q"},
        words=[("CANDLES", "b2", "across"), ("BURP", "a4", "down")],
        spent=7,
        earned=3,
        crowns=2,
        goals=((0, True), (1, False)),
    )
    finished = read_sheet(write_sheet(sheet, [3, 0]))
    assert finished.rivals == (3, 0)
    read = finished.sheet
    assert (read.letters, read.circled, read.forged) == (
        sheet.letters,
        sheet.circled,
        sheet.forged,
    )
    assert (read.spent, read.earned, read.crowns, read.goals) == (7, 3, 2, sheet.goals)
    assert finished.score() == score_lines(sheet, 4)  # second to 3 crowns


def test_spaces_are_optional_and_letters_may_be_lower_case():
    text = EXAMPLE.replace("E R O G . . . .", "erog....")
    assert read_sheet(text).sheet.letters[:4] == "EROG"


def replace_line(old: str, new: str) -> str:
    assert old in EXAMPLE
    return EXAMPLE.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (replace_line(". C A N D L E S", ". C A N D L E"), "Line 4: a row of the letters has 8"),
        (replace_line(". C A N D L E S", ". C A N D L E 5"), "letter A-Z or '.', not '5'"),
        (replace_line("o o o o . o . .", "o o o o . o . *"), r"'o' \(or 'x'\)"),
        (replace_line("coins spent: 12", "coins spent: 31"), "coins spent: a whole number"),
        (replace_line("coins spent: 12", "coins spent: -1"), "whole number from 0 to 30"),
        (replace_line("crowns: 4", "crowns: four"), "crowns: a whole number"),
        (replace_line("crowns: 4", ""), "has no crowns"),
        (replace_line("rivals' crowns: 6 4 1", "rivals' crowns:"), "one number for each"),
        (replace_line("goals: later", "goals: first first later"), "up to 2 words"),
        (replace_line("goals: later", "goals: sometimes"), "first or later"),
        (replace_line("goals: later", "crowns: 3"), "crowns is given twice"),
        (replace_line("goals: later", "scores: 3"), "expected letters, circled"),
        (EXAMPLE.split("circled")[0] + "circled\n. . .\n", "circled need 8 rows"),
        ("letters\n" + ". . . . . . . .\n" * 3 + "circled\n", "letters need 8 rows"),
    ],
)
def test_a_sheet_file_that_is_wrong_is_refused_with_where_and_why(text, message):
    with pytest.raises(SheetFileError, match=message):
        read_sheet(text)


def test_hostile_text_is_quoted_escaped_and_a_flood_refused_at_once():
    with pytest.raises(SheetFileError) as refused:
        read_sheet("\x1b[2J\u202e evil: 1\n")
    assert "\x1b" not in str(refused.value)
    assert "\u202e" not in str(refused.value)
    assert "\\x1b" in str(refused.value)
    with pytest.raises(SheetFileError, match="few hundred"):
        read_sheet("#" * 100_000)
    with pytest.raises(SheetFileError, match="whole number"):
        read_sheet(replace_line("crowns: 4", "crowns: \u0664"))  # an Arabic-Indic digit


def test_an_empty_sheet_scores_nothing():
    text = write_sheet(Sheet(), [0])
    assert read_sheet(text).score().total == 0
