import pytest

from tests.games.wordsy.rules.table import board_of
from wordsy_tui.games.wordsy.rules.scoring import score_word

# The second edition's example board: C S | Q+2 B | C F+1 | L N
SECOND_EDITION_BOARD = board_of("C S Q B C F L N")


@pytest.mark.parametrize(
    ("word", "points", "cards"),
    [
        # Q(4+2) + B(4) + L(2) + S(5): two Bs in the word, one B card.
        ("QUIBBLES", 17, ["S@5=5", "Q+2@4=6", "B@4=4", "L@2=2"]),
        # B(4) + C(5) + C(3) + L(2) + S(5): two Cs, both C cards score.
        ("BACCALAUREATES", 19, ["C@5=5", "S@5=5", "B@4=4", "C@3=3", "L@2=2"]),
        # L(2) + Q(4+2) + F(3+1) + C(5): one C, so only the better C card.
        ("CLIQUEFUL", 17, ["C@5=5", "Q+2@4=6", "F+1@3=4", "L@2=2"]),
    ],
)
def test_second_edition_examples(word, points, cards):
    score = score_word(SECOND_EDITION_BOARD, word)
    assert score.points == points
    assert [c.describe() for c in score.cards] == cards


def test_letters_not_on_the_board_score_nothing():
    assert score_word(SECOND_EDITION_BOARD, "AEIOU").points == 0


def test_each_card_scores_at_most_once():
    board = board_of("S T R N L D C P")
    assert score_word(board, "SSSSS").points == 5


def test_lower_case_words_score_the_same():
    assert score_word(SECOND_EDITION_BOARD, "quibbles").points == 17


def test_handicap_scores_the_best_four_cards_in_full_and_others_one_point():
    board = board_of("S T Q B C F L N")
    # Matched: S5 T5 Q6 B4 C3 F4 L2 N2 -> best four 6+5+5+4, four others 1 each.
    word = "STQBCFLN"
    assert score_word(board, word).points == 31
    assert score_word(board, word, handicap=True).points == 6 + 5 + 5 + 4 + 4


def test_handicap_changes_nothing_for_four_cards_or_fewer():
    assert score_word(SECOND_EDITION_BOARD, "QUIBBLES", handicap=True).points == 17
