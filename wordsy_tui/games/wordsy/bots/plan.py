"""A computer player's round: which word it writes, when it locks in, whether it flips.

Pure decisions from what any player sees (the board and earlier rounds'
words); the network client that carries them out is separate.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from wordsy_tui.engine.levels import SECONDS_PER_LETTER, STYLES, Level
from wordsy_tui.games.wordsy.referee.best import Limits, WordSearch, load_word_search
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.referee import PlayedWord
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset


@dataclass(frozen=True, slots=True)
class BotPlan:
    word: str
    points: int
    think_seconds: float
    """Seconds after the round starts at which the bot has written its word and locks in.

    If the timer runs out first, the client submits the word at once: bots
    always write something.
    """
    flips: bool
    """Whether it grabs the timer at `think_seconds` if no one has yet."""


def plan_round(
    board: Board,
    earlier_words: Sequence[str | PlayedWord],
    level: Level,
    rng: random.Random,
    no_flip: bool,
    ruleset: Ruleset = Ruleset.CLASSIC,
    search: WordSearch | None = None,
) -> BotPlan:
    """Plan one round for a bot of `level`; `no_flip` when it holds the No-Flip card."""
    style = STYLES[level]
    search = search or load_word_search()
    limits = Limits(max_level=style.vocabulary, max_length=style.longest_word)
    best = search.best(board, 1, earlier_words, ruleset, **limits)
    if not best:
        raise ValueError(f"no word scores on the board {board.labels()}")
    target = max(1, round(best[0].points * rng.uniform(*style.aim)))
    aimed: Limits = {**limits, "at_most": target}
    options = search.best(board, style.choices, earlier_words, ruleset, **aimed)
    choice = rng.choice(options or best)
    think = rng.uniform(*style.thinking) + SECONDS_PER_LETTER * len(choice.word)
    flips = not no_flip and rng.random() < style.flip_chance
    return BotPlan(choice.word, choice.points, round(think, 2), flips)
