"""No Cheapies: which words count as the same word under each ruleset.

A word's family is the word plus the words it is a form of (its ancestors,
precomputed at build time). Two words are the same when their families
meet: FLINCHES and FLINCHING are both forms of FLINCH. Ancestors are only
followed upwards, so two base words (LIFE, LIVE) never collide through a
shared form (LIVES).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.words.lexicon import CHAINED, Lexicon, WordList


class Relation(IntEnum):
    """How a word is formed from its ancestor; the build script's vocabulary too."""

    PLURAL = 1
    TENSE = 2
    GERUND = 3
    ADVERB = 4
    COMPARISON = 5
    ADJECTIVE = 6
    GENDER = 7
    SPELLING = 8
    """A British spelling of the American word."""

    def phrase(self) -> str:
        return _PHRASES[self]


_PHRASES: Final = {
    Relation.PLURAL: "a plural of",
    Relation.TENSE: "a tense of",
    Relation.GERUND: "the gerund of",
    Relation.ADVERB: "an adverb of",
    Relation.COMPARISON: "a comparative of",
    Relation.ADJECTIVE: "an adjective of",
    Relation.GENDER: "a gendered form of",
    Relation.SPELLING: "a spelling of",
}

# First edition: plural, tense, gerund and adverb, and chains of these.
# Second edition: any change of class, number, gender or tense; its own
# examples (fishy, fishier, fishily) add comparison and -y adjectives.
# A British spelling is the very same word in both.
RELATIONS: Final[dict[Ruleset, frozenset[Relation]]] = {
    Ruleset.CLASSIC: frozenset(
        {Relation.PLURAL, Relation.TENSE, Relation.GERUND, Relation.ADVERB, Relation.SPELLING}
    ),
    Ruleset.SECOND_EDITION: frozenset(Relation),
}
# Irregular forms: the first edition allows irregular tense changes (go/went)
# but says nothing to spare irregular plurals; the second edition spares none.
IRREGULAR: Final[dict[Ruleset, frozenset[Relation]]] = {
    Ruleset.CLASSIC: frozenset({Relation.PLURAL}),
    Ruleset.SECOND_EDITION: frozenset(Relation),
}


@dataclass(frozen=True, slots=True)
class Kinship:
    """How a new word and an earlier word turned out to be the same word."""

    root: str
    word_relation: int | None
    """The new word's relation code to `root`; None when it is the root."""
    earlier_relation: int | None
    """The earlier word's relation code to `root`; None when it is the root."""

    def describe(self, word: str, earlier: str, when: str) -> str:
        """E.g. "FLINCHED is a tense of FLINCH, played in round 2"."""
        new, old, root = word.upper(), earlier.upper(), self.root.upper()
        if self.earlier_relation is None:
            return f"{new} is {_phrase(self.word_relation)} {old}, {when}"
        if self.word_relation is None:
            return f"{old}, {when}, is {_phrase(self.earlier_relation)} {new}"
        return f"{new} and {old}, {when}, are both forms of {root}"


def _phrase(code: int | None) -> str:
    if code is None or code & CHAINED:
        return "a form of"
    return Relation(code).phrase()


Family = dict[int | str, int | None]
"""A word and its ancestors, each with the word's relation code to it (None for itself).

Keyed by index in the word list, so that families are compared without
reading a word out of it; a word missing from the list is keyed by itself.
The word itself comes first.
"""


def family(lexicon: Lexicon, ruleset: Ruleset, word: str) -> Family:
    """The family of `word` (lower case); a word missing from the list is its own."""
    index = lexicon.find(word)
    return {word: None} if index is None else family_at(lexicon, ruleset, index)


def family_at(lexicon: Lexicon, ruleset: Ruleset, index: int) -> Family:
    """The family of the word at `index` in the list."""
    members: Family = {index: None}
    members.update(lexicon.families[ruleset].of(index))
    return members


def relate(words: WordList, mine: Family, theirs: Family) -> Kinship | None:
    """How the words of these two families are the same word, or None if they are not."""
    shared = mine.keys() & theirs.keys()
    if not shared:
        return None
    word, earlier = next(iter(mine)), next(iter(theirs))
    # Prefer the closest link: one of the two words itself over a common ancestor,
    # then A to Z, which index order is.
    root = (
        earlier
        if earlier in shared
        else word
        if word in shared
        else min(shared, key=lambda k: (((mine[k] or 0) | (theirs[k] or 0)) & CHAINED, k))
    )
    return Kinship(words[root] if isinstance(root, int) else root, mine[root], theirs[root])


def kinship(lexicon: Lexicon, ruleset: Ruleset, word: str, earlier: str) -> Kinship | None:
    """How `word` is the same word as `earlier` under `ruleset` (both lower case), or None."""
    return relate(lexicon.words, family(lexicon, ruleset, word), family(lexicon, ruleset, earlier))
