"""The words a computer player knows, indexed to find those that fit a stretch of a line.

For each length (4 to 8 letters) and each position, a bit set per letter of the words
with that letter there (a Python int, one bit per word): the words fitting a stretch such
as `C.ND.ES` are the AND of the sets of its letters, the blanks limited to the letters the
player could write there. One index serves every computer player at the table: a word's
SCOWL level says which players know it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.wordsmith.components import LETTERS, MIN_WORD, SIZE
from wordsy_tui.games.wordsmith.grid import members
from wordsy_tui.games.wordsmith.words import Listing

BLANK: Final = "."
MAX_MATCHES: Final = 400
"""The most words one stretch returns: enough to choose from, never a flood."""


@dataclass(frozen=True, slots=True)
class _Length:
    words: tuple[str, ...]
    """Upper case, in the list's order."""
    letters: tuple[dict[str, int], ...]
    """Per position: letter -> the bit set of the words with it there."""
    levels: dict[int, int]
    """Level -> the bit set of the words of that level or a more common one."""


class Vocabulary:
    """Words of 4 to 8 letters with their SCOWL levels (10: the most common)."""

    def __init__(self, words: Iterable[tuple[str, int]]) -> None:
        grouped: dict[int, list[tuple[str, int]]] = {}
        for word, level in words:
            if MIN_WORD <= len(word) <= SIZE and word.isascii() and word.isalpha():
                grouped.setdefault(len(word), []).append((word.upper(), level))
        self._lengths = {length: _index(entries) for length, entries in grouped.items()}

    @classmethod
    def of(cls, listing: Listing) -> Vocabulary:
        """From the shipped word list (or anything with its `words` and `levels`)."""
        return cls(zip(listing.words, listing.levels, strict=True))

    def matching(self, pattern: str, allowed: str | None, level: int) -> list[str]:
        """Words of `pattern`'s length known at `level` that have its letters where it has
        letters and, where it has BLANK, one of `allowed` (None: any letter)."""
        index = self._lengths.get(len(pattern))
        if index is None:
            return []
        known = [lv for lv in index.levels if lv <= level]
        bits = index.levels[max(known)] if known else 0
        for position, letter in enumerate(pattern):
            if letter != BLANK:
                bits &= index.letters[position].get(letter, 0)
                if not bits:
                    return []
        if allowed is not None:
            for position, letter in enumerate(pattern):
                if letter == BLANK:
                    table = index.letters[position]
                    union = 0
                    for option in allowed:
                        union |= table.get(option, 0)
                    bits &= union
                    if not bits:
                        return []
        words = index.words
        return [words[i] for _, i in zip(range(MAX_MATCHES), members(bits), strict=False)]

    def fits(self, pattern: str, allowed: str | None, level: int) -> bool:
        """Whether any word fits `pattern` (see `matching`)."""
        return bool(self.matching(pattern, allowed, level))


def _index(entries: list[tuple[str, int]]) -> _Length:
    count = len(entries)
    length = len(entries[0][0])
    maps = [{letter: bytearray((count + 7) // 8) for letter in LETTERS} for _ in range(length)]
    by_level: dict[int, bytearray] = {}
    for i, (word, level) in enumerate(entries):
        byte, bit = divmod(i, 8)
        for position, letter in enumerate(word):
            maps[position][letter][byte] |= 1 << bit
        by_level.setdefault(level, bytearray((count + 7) // 8))[byte] |= 1 << bit
    letters = tuple(
        {letter: int.from_bytes(b, "little") for letter, b in table.items() if any(b)}
        for table in maps
    )
    levels: dict[int, int] = {}
    known = 0
    for level in sorted(by_level):
        known |= int.from_bytes(by_level[level], "little")
        levels[level] = known
    return _Length(tuple(word for word, _ in entries), letters, levels)
