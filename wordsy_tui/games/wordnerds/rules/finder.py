"""The computer players' word finder: the best word a multiset of letters (and WILDs) spells.

Every letter card of a letter is worth the same, so a word's value depends only on
its letters: anagrams are worth the same, and the search is over sorted letter
keys. The keys are kept in one sorted list; a prefix exists when the first key
not below it starts with it (a bisection in C). A search walks the keys that the
letters can spell in sorted order, each multiset once, and prunes any branch
whose best possible value cannot beat the best found.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

from wordsy_tui.games.wordnerds.rules.components import MIN_WORD, VALUES, length_bonus

ALPHABET: Final = "abcdefghijklmnopqrstuvwxyz"
LONGEST: Final = 15
_VALUE: Final = tuple(VALUES[c] for c in ALPHABET)
_CACHED: Final = 4096
ALL_WORDS: Final = 80
"""The highest SCOWL level in the shipped list."""


@dataclass(frozen=True, slots=True)
class Found:
    word: str
    value: int
    """Its letters (a WILD's 0) and length bonus, before action cards."""
    wilds: str
    """The letters WILD cards stand for, in the word's order of need."""


class WordFinder:
    """Built once per vocabulary (a second or less for the whole word list)."""

    def __init__(self, words: Iterable[str]) -> None:
        by_key: dict[str, list[str]] = {}
        for word in words:
            if MIN_WORD <= len(word) <= LONGEST and word.isascii() and word.isalpha():
                by_key.setdefault("".join(sorted(word)), []).append(word)
        self._keys = sorted(by_key)
        self._words = [" ".join(by_key[key]) for key in self._keys]
        self._cache: dict[tuple[str, int, int], Found | None] = {}

    def knows(self, word: str) -> bool:
        key = "".join(sorted(word))
        at = bisect_left(self._keys, key)
        return at < len(self._keys) and self._keys[at] == key and word in self._words[at].split()

    def best(self, letters: str, wilds: int = 0, beat: int = -1) -> Found | None:
        """The word worth most that `letters` (lower case, any order) and `wilds` WILD cards
        spell, if it is worth more than `beat`."""
        key = ("".join(sorted(letters)), wilds, beat)
        if key not in self._cache:
            if len(self._cache) >= _CACHED:
                self._cache.clear()
            self._cache[key] = self._search(key[0], wilds, beat)
        return self._cache[key]

    def _search(self, letters: str, wilds: int, beat: int) -> Found | None:
        counts = [letters.count(c) for c in ALPHABET]
        suffix_value = [0] * 27
        suffix_count = [0] * 27
        for j in range(25, -1, -1):
            suffix_value[j] = suffix_value[j + 1] + counts[j] * _VALUE[j]
            suffix_count[j] = suffix_count[j + 1] + counts[j]
        keys, size = self._keys, len(self._keys)
        best_value, best_key = beat, ""

        def extend(prefix: str, value: int, start: int, used: int, wild: int, lo: int) -> None:
            """Add letters from `start` on (`used`: real copies of it in `prefix`)."""
            nonlocal best_value, best_key
            for j in range(start, 26):
                already = used if j == start else 0
                have = counts[j] - already
                if have <= 0 and wild == 0:
                    continue
                # The most this branch can still reach: every real letter from j on, and the
                # bonus for using them and the WILDs too; it only falls as j rises.
                rest_count = suffix_count[j] - already + wild
                rest_value = suffix_value[j] - already * _VALUE[j]
                if value + rest_value + length_bonus(len(prefix) + rest_count) <= best_value:
                    return
                new = prefix + ALPHABET[j]
                at = bisect_left(keys, new, lo)
                if at >= size or not keys[at].startswith(new):
                    continue
                gained = _VALUE[j] if have > 0 else 0
                if len(new) >= MIN_WORD and keys[at] == new:
                    total = value + gained + length_bonus(len(new))
                    if total > best_value:
                        best_value, best_key = total, new
                if have > 0:
                    extend(new, value + gained, j, already + 1, wild, at)
                else:
                    extend(new, value, j, already, wild - 1, at)

        extend("", 0, 0, 0, wilds, 0)
        if not best_key:
            return None
        index = bisect_left(keys, best_key)
        word = self._words[index].split()[0]
        short = list(letters)
        needed = []
        for c in word:
            if c in short:
                short.remove(c)
            else:
                needed.append(c)
        return Found(word, best_value, "".join(needed))


@cache
def vocabulary_finder(vocabulary: int) -> WordFinder:
    """The finder over the shipped word list's words up to SCOWL level `vocabulary` (all
    of them from `ALL_WORDS`): built once per level in a process (up to two seconds and
    50 MB for the whole list), as computer players first need it."""
    from wordsy_tui.words.lexicon import load_lexicon

    lexicon = load_lexicon()
    if vocabulary >= ALL_WORDS:
        return WordFinder(lexicon.words)
    return WordFinder(
        w for w, level in zip(lexicon.words, lexicon.levels, strict=True) if level <= vocabulary
    )
