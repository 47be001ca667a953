"""Which strings are words in the tile games: 2 to 15 letters in the agreed word list."""

from __future__ import annotations

from typing import Final, Protocol

MIN_WORD: Final = 2
MAX_WORD: Final = 15


class Words(Protocol):
    """A word list: the referee's Lexicon, or a set of strings in tests."""

    def __contains__(self, word: str, /) -> bool: ...


def is_word(words: Words, word: str) -> bool:
    """`words` holds lower-case words (the referee's Lexicon, or a set in tests)."""
    return MIN_WORD <= len(word) <= MAX_WORD and word.isalpha() and word.lower() in words


def shipped_words() -> Words:
    """The project's word list (SCOWL up to level 80, see docs/RULES.md), loaded on first use."""
    from wordsy_tui.words.lexicon import load_lexicon  # the data is loaded only when asked

    return load_lexicon()
