import pytest

from tests.games.wordsy.rules.table import Table
from wordsy_tui.games.wordsy.rules.bonuses import award_boxes
from wordsy_tui.games.wordsy.rules.scoresheet import BONUS_BOXES, Box, box_value

PLAYERS = ("Andrew", "Beth", "Charlie")
# Board values: S5 T5 R4 N4 L3 D3 C2 P2
BOARD = "S T R N L D C P"


def test_the_first_edition_first_box_example():
    # Round 1: Andrew flips with 18 (ASSIDUOUSLY); Beth's 19 (PREDOMINANTLY) beats him.
    boxes = award_boxes(PLAYERS, {"Andrew": 18, "Beth": 19, "Charlie": 10}, "Andrew", frozenset())
    assert boxes == {"Andrew": Box.NONE, "Beth": Box.FIRST, "Charlie": Box.NONE}
    assert box_value(1, Box.FIRST) == 1


def test_the_first_edition_second_box_example():
    # Round 3: Andrew flips with 21 (ASTRONOMICAL); Beth 19, Charlie 18.
    boxes = award_boxes(PLAYERS, {"Andrew": 21, "Beth": 19, "Charlie": 18}, "Andrew", frozenset())
    assert boxes == {"Andrew": Box.SECOND, "Beth": Box.NONE, "Charlie": Box.NONE}
    assert box_value(3, Box.SECOND) == 2


def test_box_values_by_round():
    assert BONUS_BOXES == ((1, 2), (1, 2), (1, 2), (2, 3), (2, 3), (2, 3), (3, 4))


def test_a_tie_with_the_fastest_player_is_not_a_first_box():
    boxes = award_boxes(("A", "B"), {"A": 12, "B": 12}, "A", frozenset())
    assert boxes == {"A": Box.SECOND, "B": Box.NONE}


@pytest.mark.parametrize(
    ("others", "second_box"),
    [
        ([9, 9, 9], True),  # 4 players: all opponents matched or beaten
        ([9, 9, 11], False),  # 4 players: one opponent better
        ([9, 9, 9, 11], True),  # 5 players: 3 of 4 is enough
        ([9, 9, 11, 11], False),  # 5 players: only 2 of 4
        ([9, 10, 10, 11, 11], True),  # 6 players: exactly 3 of 5
    ],
)
def test_second_box_needs_all_opponents_up_to_four_players_else_three(others, second_box):
    players = ["F", *(f"P{i}" for i in range(len(others)))]
    scores = {"F": 10, **{f"P{i}": s for i, s in enumerate(others)}}
    boxes = award_boxes(players, scores, "F", frozenset())
    assert (boxes["F"] is Box.SECOND) is second_box


def test_no_fastest_player_no_boxes():
    boxes = award_boxes(PLAYERS, dict.fromkeys(PLAYERS, 5), None, frozenset())
    assert set(boxes.values()) == {Box.NONE}


def test_bonuses_reach_the_scoresheet_through_a_round():
    table = Table(players=PLAYERS)
    table.start()
    table.set_board(BOARD)
    # STRAND: S5 T5 R4 N4 D3 = 21; SALT: S5 T5 L3 = 13; CRISP: C2 R4 S5 P2 = 13
    table.play_round({"Andrew": "SALT", "Beth": "STRAND", "Charlie": "CRISP"}, flipper="Andrew")
    rows = {p: table.state.sheets[p].rows[0] for p in PLAYERS}
    assert (rows["Andrew"].score, rows["Beth"].score, rows["Charlie"].score) == (13, 21, 13)
    assert rows["Beth"].box is Box.FIRST
    assert rows["Andrew"].box is Box.NONE
    assert rows["Charlie"].box is Box.NONE
    assert table.state.sheets["Beth"].bonus_total == 1
