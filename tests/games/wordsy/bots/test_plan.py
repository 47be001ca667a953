from __future__ import annotations

import random
import statistics

import pytest

from tests.games.wordsy.referee.boards import legal_boards
from wordsy_tui.games.wordsy.bots import STYLES, BotPlan, Level, plan_round
from wordsy_tui.games.wordsy.referee.best import best_words
from wordsy_tui.games.wordsy.referee.families import kinship
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.referee import PlayedWord
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoring import score_word
from wordsy_tui.words.lexicon import load_lexicon

BOARDS = legal_boards(seed=5, count=25)


def plans(level: Level, *, no_flip: bool = False, seed: int = 1) -> list[tuple[Board, BotPlan]]:
    rng = random.Random(seed)
    return [(board, plan_round(board, [], level, rng, no_flip)) for board in BOARDS]


@pytest.mark.parametrize("level", list(Level))
def test_plans_are_real_scored_words_within_the_bots_vocabulary(level):
    lexicon, style = load_lexicon(), STYLES[level]
    for board, plan in plans(level):
        assert plan.word in lexicon
        assert lexicon.level(plan.word) <= style.vocabulary
        assert len(plan.word) <= style.longest_word
        assert plan.points == score_word(board, plan.word).points > 0
        assert plan.think_seconds > 0


def test_stronger_levels_score_more_and_lock_in_sooner():
    points = {level: statistics.mean(p.points for _, p in plans(level)) for level in Level}
    think = {level: statistics.mean(p.think_seconds for _, p in plans(level)) for level in Level}
    order = list(Level)
    assert [points[level] for level in order] == sorted(points[level] for level in order)
    assert [think[level] for level in order] == sorted((think[lv] for lv in order), reverse=True)


def test_expert_comes_close_to_the_best_word_and_easy_does_not():
    def share(level: Level) -> float:
        return statistics.mean(p.points / best_words(b, 1)[0].points for b, p in plans(level))

    assert share(Level.EXPERT) >= 0.9
    assert share(Level.EASY) <= 0.8


@pytest.mark.parametrize("level", list(Level))
def test_no_flip_card_holder_never_flips(level):
    assert not any(plan.flips for _, plan in plans(level, no_flip=True))


def test_bots_do_flip_when_they_may():
    assert any(plan.flips for _, plan in plans(Level.EXPERT))
    assert sum(p.flips for _, p in plans(Level.EXPERT)) > sum(
        p.flips for _, p in plans(Level.EASY)
    )


@pytest.mark.parametrize("ruleset", list(Ruleset))
def test_bots_obey_no_cheapies(ruleset):
    lexicon = load_lexicon()
    board = BOARDS[0]
    rng = random.Random(3)
    earlier: list[PlayedWord] = []
    for round_no in range(1, 8):
        plan = plan_round(board, earlier, Level.EXPERT, rng, False, ruleset)
        assert not any(kinship(lexicon, ruleset, plan.word, old.word) for old in earlier)
        earlier.append(PlayedWord(plan.word, round_no, "Bot"))
    assert len({p.word for p in earlier}) == 7


def test_same_seed_same_plan():
    assert plans(Level.MEDIUM, seed=9) == plans(Level.MEDIUM, seed=9)
    assert plans(Level.MEDIUM, seed=9) != plans(Level.MEDIUM, seed=10)


def test_levels_parse_from_their_names():
    assert Level("expert") is Level.EXPERT
    assert set(STYLES) == set(Level)
