"""The word list as the game is given it: anything that says whether a lower-case word is
in it (the referee's Lexicon, or a set in tests). The rules only ask; the computer players'
word finder (finder.py) is built from the words themselves."""

from __future__ import annotations

from typing import Protocol


class Words(Protocol):
    def __contains__(self, word: str, /) -> bool: ...
