"""Which strings are words in the tile games: 2 to 15 letters in the agreed word list."""

from __future__ import annotations

from collections.abc import Container
from typing import Final

MIN_WORD: Final = 2
MAX_WORD: Final = 15


def is_word(words: Container[str], word: str) -> bool:
    """`words` holds lower-case words (the referee's Lexicon, or a set in tests)."""
    return MIN_WORD <= len(word) <= MAX_WORD and word.isalpha() and word.lower() in words


def shipped_words() -> Container[str]:
    """The project's word list (SCOWL up to level 80, see docs/RULES.md), loaded on first use."""
    from wordsy_tui.referee.lexicon import load_lexicon  # the data is loaded only when asked

    return load_lexicon()
