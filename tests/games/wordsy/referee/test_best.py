from __future__ import annotations

import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.games.wordsy.referee.boards import legal_boards
from tests.games.wordsy.rules.table import board_of
from wordsy_tui.games.wordsy.referee.best import (
    ABSURD_WORDS,
    DECK_LETTERS,
    Scores,
    WordSearch,
    _members,
    best_words,
    load_word_search,
)
from wordsy_tui.games.wordsy.referee.families import kinship
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoring import score_word
from wordsy_tui.words.lexicon import load_lexicon


@pytest.mark.parametrize("board", legal_boards(seed=7, count=5), ids=Board.labels)
def test_scores_match_the_rules_engine(board):
    search = load_word_search()
    scores = search.scores(board)
    rng = random.Random(board.labels())
    words = search.lexicon.words
    for index in rng.sample(range(len(words)), 3000):
        assert scores[index] == score_word(board, words[index]).points, words[index]


@pytest.mark.parametrize("board", legal_boards(seed=11, count=5), ids=Board.labels)
def test_best_words_are_the_best(board):
    best = best_words(board, 5)
    assert len(best) == 5
    assert [b.points for b in best] == sorted((b.points for b in best), reverse=True)
    assert all(score_word(board, b.word).points == b.points for b in best)
    assert load_word_search().scores(board).top() == best[0].points


def test_ties_go_to_the_more_common_then_shorter_word():
    best = best_words(board_of("N M P T L M C G"), 20)
    keys = [(-b.points, b.level, len(b.word), b.word) for b in best]
    assert keys == sorted(keys)


@pytest.mark.parametrize("ruleset", list(Ruleset))
def test_no_cheapies_applies_to_best_words(ruleset):
    board = board_of("N M P T L M C G")
    top = best_words(board, 1, ruleset=ruleset)[0].word
    after = best_words(board, 30, exclude=[top], ruleset=ruleset)
    lexicon = load_lexicon()
    assert top not in {b.word for b in after}
    assert not any(kinship(lexicon, ruleset, b.word, top) for b in after)


def test_vocabulary_and_length_limits():
    board = board_of("S T R N H Y L D")
    common = best_words(board, 10, max_level=35, max_length=9)
    assert len(common) == 10
    assert all(b.level <= 35 and len(b.word) <= 9 for b in common)
    assert common[0].points <= best_words(board, 1)[0].points


def test_absurd_words_are_never_suggested():
    board = board_of("P N M C L S R T")
    best = best_words(board, 200)
    assert not {b.word for b in best} & ABSURD_WORDS
    # ... though one of them would otherwise be among the top words on this board.
    absurd = load_lexicon().find("pneumonoultramicroscopicsilicovolcanoconiosis")
    assert load_word_search().scores(board)[absurd] >= best[0].points


def test_zero_or_negative_n_gives_nothing():
    assert best_words(board_of("N M P T L M C G"), 0) == []


def test_british_spellings_are_not_suggested():
    british = load_lexicon().british
    lexicon = load_lexicon()
    best = best_words(board_of("C L R S N T D M"), 100)
    assert not any(british[lexicon.find(b.word)] for b in best)


@pytest.mark.parametrize("ruleset", list(Ruleset))
def test_best_words_are_different_words(ruleset):
    lexicon = load_lexicon()
    best = [b.word for b in best_words(board_of("S J R T L C N D"), 15, ruleset=ruleset)]
    assert "jurisdictional" in best
    assert "jurisdictionally" not in best
    for i, word in enumerate(best):
        assert not any(kinship(lexicon, ruleset, word, other) for other in best[:i])


@given(
    st.lists(st.tuples(st.integers(0, 2**70 - 1), st.integers(0, 40)), max_size=12),
    st.integers(1, 80),
)
def test_bit_sliced_scores_add_up_as_numbers_do(rows, points):
    scores = Scores()
    for row, weight in rows:
        scores.add(row, weight)
    expected = [sum(w for row, w in rows if row >> i & 1) for i in range(70)]
    assert [scores[i] for i in range(70)] == expected
    assert scores.top() == max(expected)
    assert list(_members(scores.at(points))) == [i for i, s in enumerate(expected) if s == points]


def test_the_search_does_without_numpy():
    """numpy's import alone took 15 MB of a player's 70 (issue 25)."""
    program = (
        "import sys\n"
        "from tests.games.wordsy.rules.table import board_of\n"
        "from wordsy_tui.games.wordsy.referee.best import best_words\n"
        "assert best_words(board_of('N M P T L M C G'), 3)\n"
        "print('numpy' in sys.modules)\n"
    )
    ran = subprocess.run(
        [sys.executable, "-c", program], check=True, capture_output=True, text=True, timeout=120
    )
    assert ran.stdout.split() == ["False"]


def test_a_paced_build_gives_way_before_each_slice():
    """Each slice holds the interpreter for milliseconds: the build's thread is paced
    between them (the app waits there while its player types)."""
    slices = []
    search = WordSearch(load_lexicon(), pace=lambda: slices.append(len(slices)))
    assert len(slices) == len(DECK_LETTERS) + 1
    assert search.first_copy == load_word_search().first_copy
    assert search.line_lengths == load_word_search().line_lengths
