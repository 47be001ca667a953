"""What a word means: one short WordNet gloss per word, for a table about to vote on it.

The glosses live in their own file (glosses.bin.z, built by scripts/build_dictionary.py)
so the word list's hash, which the network handshake compares, does not depend on them,
and they load only when a meaning is first asked for. The file is the lines
"word<TAB>gloss" in word order; a lookup searches the text for the word's line (about a
millisecond), which keeps the memory to the text alone.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Final

from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.words.lexicon import Lexicon, load_lexicon, loaded_once

GLOSS_FILE: Final = "glosses.bin.z"


@dataclass(frozen=True, slots=True)
class Meaning:
    word: str
    """The word asked about, in capitals."""
    headword: str
    """The word the gloss is for: the word itself, or what it is a form of (GLIMMERINGS:
    GLIMMERING)."""
    gloss: str

    def describe(self) -> str:
        """E.g. "JOHN: a room or building equipped with one or more toilets"."""
        if self.headword == self.word:
            return f"{self.word}: {self.gloss}"
        return f"{self.word}, a form of {self.headword}: {self.gloss}"


def pack_glosses(glosses: Mapping[str, str]) -> bytes:
    """The gloss file's bytes; used by scripts/build_dictionary.py."""
    for word, gloss in glosses.items():
        if "\n" in gloss or "\t" in gloss or "\t" in word or "\n" in word:
            raise ValueError(f"{word!r}: a gloss is one line")
    lines = "".join(f"{word}\t{glosses[word]}\n" for word in sorted(glosses))
    return zlib.compress(lines.encode("utf-8"), 9)


@loaded_once
def load_glosses() -> bytes:
    """The glosses' text, each line preceded by a newline (the first one too)."""
    try:
        blob = resources.files(__package__).joinpath("data", GLOSS_FILE).read_bytes()
    except FileNotFoundError:
        return b"\n"  # an install without the meanings: words simply have none
    return b"\n" + zlib.decompress(blob)


def gloss(word: str) -> str | None:
    """WordNet's short meaning of `word` (any case), or None when it has none."""
    wanted = word.strip().lower()
    if not wanted.isascii() or not wanted.isalpha():
        return None
    text = load_glosses()
    key = b"\n" + wanted.encode("ascii") + b"\t"
    start = text.find(key)
    if start < 0:
        return None
    start += len(key)
    return text[start : text.index(b"\n", start)].decode("utf-8")


def meaning(
    word: str, ruleset: Ruleset = Ruleset.CLASSIC, lexicon: Lexicon | None = None
) -> Meaning | None:
    """What `word` means, or the meaning of the word it is a form of (a plural, a tense).

    None when neither has a gloss (a rare word, a word not in the list).
    """
    wanted = word.strip().upper()
    found = gloss(wanted)
    if found is not None:
        return Meaning(wanted, wanted, found)
    lexicon = lexicon or load_lexicon()
    index = lexicon.find(wanted.lower())
    if index is None:
        return None
    for ancestor, _relation in lexicon.families[ruleset].of(index):
        headword = lexicon.words[ancestor].upper()
        found = gloss(headword)
        if found is not None:
            return Meaning(wanted, headword, found)
    return None
