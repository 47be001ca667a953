"""A compact DAWG (a minimised trie) of the word list, for the move generator.

Built once, on first use, from the sorted word list by incremental
minimisation (Daciuk et al.): as soon as a branch is finished it is frozen
into three flat arrays, or merged with an equal branch frozen before, so
only the last word's path is ever held as Python objects:

- `masks[n]`: bit i set when node n has a child for letter i (A = 0), bit 26
  when the path to n spells a word;
- `firsts[n]`: where n's children start in `children`;
- `children[firsts[n] + k]`: the k-th child of n, in letter order.

A child is found by counting the mask's bits below its letter. About 3 bytes
per word of the list, against some 60 for a Python str.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable
from functools import cache
from typing import Final

from wordsy_tui.games.tiles.rules.words import MAX_WORD, MIN_WORD

TERMINAL: Final = 1 << 26
ALL_LETTERS: Final = TERMINAL - 1


class Dawg:
    __slots__ = ("children", "firsts", "masks", "root", "words")

    def __init__(
        self, masks: array[int], firsts: array[int], children: array[int], words: int, root: int
    ) -> None:
        self.masks = masks
        self.firsts = firsts
        self.children = children
        self.words = words
        self.root = root

    def child(self, node: int, letter: int) -> int:
        """The child of `node` for `letter` (0-25), or -1."""
        mask = self.masks[node]
        bit = 1 << letter
        if not mask & bit:
            return -1
        return self.children[self.firsts[node] + (mask & (bit - 1)).bit_count()]

    def walk(self, word: str, node: int | None = None) -> int:
        """The node `word` (upper or lower case letters) leads to from `node` (the root), or -1."""
        node = self.root if node is None else node
        for char in word:
            node = self.child(node, (ord(char) & 31) - 1)
            if node < 0:
                return -1
        return node

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word.isascii() or not word.isalpha():
            return False
        node = self.walk(word)
        return node >= 0 and bool(self.masks[node] & TERMINAL)

    @property
    def nbytes(self) -> int:
        """Memory held by the three arrays."""
        return sum(a.itemsize * len(a) for a in (self.masks, self.firsts, self.children))


def build_dawg(sorted_words: Iterable[str]) -> Dawg:
    """A DAWG of the words of 2-15 letters A-Z in `sorted_words` (sorted, lower or upper case)."""
    masks, firsts, children = array("I"), array("I"), array("I")
    # Frozen nodes by their bytes (mask, then children): an equal branch is stored once.
    register: dict[bytes, int] = {}
    # The last word's path, still open: [mask, [children]] per node, the root first.
    path: list[tuple[list[int], list[int]]] = [([0], [])]
    previous = ""
    count = 0

    def freeze(depth: int) -> None:
        """Close the path below `depth`: each node becomes a frozen one (or its twin)."""
        while len(path) > depth + 1:
            (mask,), kids = path.pop()
            key = array("I", (mask, *kids)).tobytes()
            frozen = register.get(key)
            if frozen is None:
                frozen = register[key] = len(masks)
                masks.append(mask)
                firsts.append(len(children))
                children.extend(kids)
            path[-1][1].append(frozen)

    for raw in sorted_words:
        word = raw.lower()
        if not MIN_WORD <= len(word) <= MAX_WORD or not word.isascii() or not word.isalpha():
            continue
        if word <= previous:
            if word == previous:
                continue
            raise ValueError(f"words must be sorted: {word!r} after {previous!r}")
        common = 0
        limit = min(len(word), len(previous))
        while common < limit and word[common] == previous[common]:
            common += 1
        freeze(common)
        for char in word[common:]:
            path[-1][0][0] |= 1 << (ord(char) - 97)
            path.append(([0], []))
        path[-1][0][0] |= TERMINAL
        previous = word
        count += 1
    freeze(0)
    (mask,), kids = path.pop()
    root = len(masks)
    masks.append(mask)
    firsts.append(len(children))
    children.extend(kids)
    return Dawg(masks, firsts, children, count, root)


ALL_WORDS: Final = 80
"""The highest SCOWL level in the shipped list: a bot at it knows every word."""


@cache
def vocabulary_dawg(vocabulary: int) -> Dawg:
    """The DAWG of the shipped words up to SCOWL level `vocabulary` (built once, < 1 s)."""
    from wordsy_tui.games.tiles.rules.movegen import shipped_dawg
    from wordsy_tui.words.lexicon import load_lexicon

    if vocabulary >= ALL_WORDS:
        return shipped_dawg()
    lexicon = load_lexicon()
    return build_dawg(
        word
        for word, level in zip(lexicon.words, lexicon.levels, strict=True)
        if level <= vocabulary
    )
