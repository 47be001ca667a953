"""The referee's advice to players: hints while writing, the best word at the reveal.

The word list takes a fraction of a second to load, so the app asks for advice
from thread workers and never on the UI's own time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.referee import ExactRepeatReferee, PlayedWord, Referee, Verdict
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset

# SCOWL's level for a normal dictionary's common core: the words people know.
COMMON_LEVEL: Final = 35
ALL_LEVELS: Final = 80


@dataclass(frozen=True, slots=True)
class BestWord:
    word: str
    points: int


@dataclass(frozen=True, slots=True)
class Meaning:
    word: str
    text: str
    """E.g. "JOHN: a room or building equipped with one or more toilets"."""


class Advisor:
    """Judges drafts and finds the best word, with the shipped referee when it is installed.

    An Advisor is itself a `Referee`: a solo table can be given one before the
    referee's modules are imported, so they load after the first frame.
    """

    def __init__(self, referee: Referee | None = None, *, best: bool = True) -> None:
        self._referee = referee
        self._best = best
        # The first question may come from a hint's thread and the table's reveal at once.
        self._referee_lock = threading.Lock()
        self._answered = False

    @property
    def referee(self) -> Referee:
        with self._referee_lock:
            if self._referee is None:
                try:
                    from wordsy_tui.games.wordsy.referee import WordReferee
                except ImportError:
                    # Without the word list only exact repeats can be refused.
                    self._referee = ExactRepeatReferee()
                else:
                    self._referee = WordReferee()
            return self._referee

    def judge(self, word: str, earlier: Sequence[PlayedWord], ruleset: Ruleset) -> Verdict:
        verdict = self.referee.judge(word, earlier, ruleset)
        # The referee has its word list now: later questions take microseconds.
        self._answered = True
        return verdict

    def judge_now(
        self, word: str, earlier: Sequence[PlayedWord], ruleset: Ruleset
    ) -> Verdict | None:
        """The verdict when the referee can give it at once (it has answered before, so its
        word list is in), for a caller that must not wait; else None: ask `judge` on a thread."""
        if not self._answered:
            return None
        return self.judge(word, earlier, ruleset)

    def best_word(
        self,
        board: Board,
        played: Sequence[PlayedWord],
        ruleset: Ruleset,
        max_level: int = ALL_LEVELS,
    ) -> BestWord | None:
        """The best word on `board`; with `max_level` (a SCOWL level), among commoner words."""
        if not self._best:
            return None
        try:
            from wordsy_tui.games.wordsy.referee.best import best_words
        except ImportError:
            return None
        found = best_words(board, 1, played, ruleset, max_level=max_level)
        return BestWord(found[0].word.upper(), found[0].points) if found else None

    def meaning(self, word: str, ruleset: Ruleset) -> Meaning | None:
        """What `word` means, from the word list's sources (WordNet), when they say."""
        try:
            from wordsy_tui.games.wordsy.referee.meanings import meaning
        except ImportError:
            return None
        found = meaning(word, ruleset) if word else None
        return Meaning(found.word, found.describe()) if found else None

    @staticmethod
    def preload(pace: Callable[[], object] = lambda: None) -> None:
        """Start loading the word list on a thread, so the first hint does not wait; `pace`
        is called between the slices of the best-word search's build."""
        try:
            from wordsy_tui.games.wordsy.referee import preload_in_background
        except ImportError:
            return
        preload_in_background(pace=pace)
