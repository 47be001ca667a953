"""The word referee: dictionary, Standard Restrictions, No Cheapies, best words.

The word list loads on first use; call `preload_in_background()` at start-up
so that first use does not wait.
"""

from __future__ import annotations

from wordsy_tui.referee.best import BestWord, best_words
from wordsy_tui.referee.judge import WordReferee, check_word
from wordsy_tui.referee.lexicon import Lexicon, dictionary_hash, load_lexicon
from wordsy_tui.referee.preload import preload_in_background

__all__ = [
    "BestWord",
    "Lexicon",
    "WordReferee",
    "best_words",
    "check_word",
    "dictionary_hash",
    "load_lexicon",
    "preload_in_background",
]
