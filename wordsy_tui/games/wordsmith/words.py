"""The word list as the rules need it, injected: membership, and word families for the
extension rule.

The product's list (`referee.lexicon.load_lexicon()`) has this shape as it is: its
`families` table gives, for each word, the words it is a form of and how (the relation
codes of `scripts/build_dictionary.py`); a test holds the shipped list to this protocol
and to the rulebook's examples (LATE, PAPER, BRING, LIVE).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol


class Forms(Protocol):
    def of(self, index: int) -> list[tuple[int, int]]:
        """(ancestor index, relation code) of the word at `index`."""
        ...


class Words(Protocol):
    """The agreed word list: lower-case words, and their families."""

    def __contains__(self, word: str) -> bool: ...

    def find(self, word: str) -> int | None:
        """The index of `word` in the list, or None."""
        ...

    @property
    def families(self) -> Mapping[Any, Forms]:
        """Family tables by ruleset name; Wordsmith reads `FAMILIES`."""
        ...


class Listing(Protocol):
    """The word list as the computer players read it whole: each word and its level."""

    @property
    def words(self) -> Sequence[str]: ...

    @property
    def levels(self) -> Sequence[int]:
        """SCOWL level per word: 10 the most common, 80 the rarest."""
        ...


FAMILIES: Final = "classic"
"""The family table that records plurals, tenses and gerunds (the first edition's)."""
PLURAL: Final = 1
TENSE: Final = 2
GERUND: Final = 3
CHAINED: Final = 0x80
"""A relation code's high bit: the ancestor is more than one step up; the low bits say the
first step."""
INFLECTIONS: Final = frozenset({PLURAL, TENSE, GERUND})
"""The rulebook's "plurals and conjugated verbs": a plural, a tense (BRINGS, LIVED) or a
gerund (LIVING)."""


def inflects(words: Words, word: str, earlier: str) -> bool:
    """Whether `word` is a plural or a conjugation of `earlier` (both lower case), so that
    it may not extend it."""
    index, base = words.find(word), words.find(earlier)
    if index is None or base is None:
        return False
    return any(
        ancestor == base and relation & ~CHAINED in INFLECTIONS
        for ancestor, relation in words.families[FAMILIES].of(index)
    )
