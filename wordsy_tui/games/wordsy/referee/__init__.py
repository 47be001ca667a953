"""The word referee: dictionary, Standard Restrictions, No Cheapies, best words.

The word list loads on first use; call `preload_in_background()` at start-up
so that first use does not wait.

The names below load their modules when first used (PEP 562): the app's advisor
(`referee.advice`) is imported before the first frame, the word list and its
search only once someone asks for a word.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from wordsy_tui.games.wordsy.referee.best import BestWord, best_words
    from wordsy_tui.games.wordsy.referee.judge import WordReferee, check_word
    from wordsy_tui.games.wordsy.referee.preload import preload_in_background

_HOMES = {
    "BestWord": "best",
    "best_words": "best",
    "WordReferee": "judge",
    "check_word": "judge",
    "preload_in_background": "preload",
}

__all__ = [
    "BestWord",
    "WordReferee",
    "best_words",
    "check_word",
    "preload_in_background",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)
