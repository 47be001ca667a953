"""The shipped word list: words, SCOWL levels, word families, refused names.

Everything lives in one zlib-compressed file built by
scripts/build_dictionary.py, read with the standard library only so loading
stays fast (numpy's import alone costs more than the whole load) and the
runtime needs neither apt, the network, nor the build tools.
"""

from __future__ import annotations

import hashlib
import json
import sys
import threading
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Final, TypeVar

from wordsy_tui.game.referee import Reason
from wordsy_tui.game.rulesets import Ruleset

DATA_FILE: Final = "lexicon.bin.z"
FORMAT_VERSION: Final = 2
# A relation code's high bit marks an ancestor reached in more than one step.
CHAINED: Final = 0x80
REFUSED_REASONS: Final = (Reason.PROPER_NOUN, Reason.ABBREVIATION)

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class FamilyTable:
    """For each word, the words it is a form of, with how it relates to each.

    Stored as offsets into flat arrays, one slice per word (CSR layout).
    """

    offsets: array[int]
    ancestors: array[int]
    relations: bytes

    def of(self, index: int) -> list[tuple[int, int]]:
        """(ancestor index, relation code) pairs of the word at `index`."""
        # Indexing beats slicing here: most words have no ancestor or one.
        ancestors, relations = self.ancestors, self.relations
        return [
            (ancestors[i], relations[i])
            for i in range(self.offsets[index], self.offsets[index + 1])
        ]


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Looked up by bisection in sorted lists: building a 243k-entry dict would
    cost more than the whole rest of the load."""

    words: list[str]
    """Sorted; a word's position is its index in every other table."""
    levels: bytes
    """SCOWL level per word: 10 is the most common English, 80 the rarest kept."""
    british: bytes
    """1 for a British-only spelling (COLOUR), 0 for the American and common ones."""
    families: Mapping[Ruleset, FamilyTable]
    refused_words: list[str]
    """Sorted names and abbreviations that SCOWL lists apart, so a refusal can say which."""
    refused_reasons: bytes
    digest: str

    def find(self, word: str) -> int | None:
        """The index of `word` (lower case), or None when it is not in the list."""
        return _find(self.words, word)

    def __contains__(self, word: str) -> bool:
        return _find(self.words, word) is not None

    def level(self, word: str) -> int | None:
        index = self.find(word)
        return None if index is None else self.levels[index]

    def refusal_reason(self, word: str) -> Reason | None:
        """PROPER_NOUN or ABBREVIATION for a capitalised entry, else None."""
        index = _find(self.refused_words, word)
        return None if index is None else REFUSED_REASONS[self.refused_reasons[index]]


def _find(ordered: list[str], word: str) -> int | None:
    index = bisect_left(ordered, word)
    return index if index < len(ordered) and ordered[index] == word else None


def _uints(data: bytes) -> array[int]:
    values = array("I")
    values.frombytes(data)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def _uint_bytes(values: list[int]) -> bytes:
    packed = array("I", values)
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def _lines(data: bytes) -> list[str]:
    return data.decode("ascii").split("\n") if data else []


def pack(
    words: list[str],
    levels: list[int],
    british: list[bool],
    families: Mapping[Ruleset, tuple[list[int], list[int], list[int]]],
    refused: Mapping[str, Reason],
) -> bytes:
    """The data file's bytes; used by scripts/build_dictionary.py."""
    refused_words = sorted(refused)
    sections: dict[str, bytes] = {
        "words": "\n".join(words).encode("ascii"),
        "levels": bytes(levels),
        "british": bytes(british),
        "refused.words": "\n".join(refused_words).encode("ascii"),
        "refused.reasons": bytes(REFUSED_REASONS.index(refused[w]) for w in refused_words),
    }
    for ruleset, (offsets, ancestors, relations) in families.items():
        sections[f"{ruleset}.offsets"] = _uint_bytes(offsets)
        sections[f"{ruleset}.ancestors"] = _uint_bytes(ancestors)
        sections[f"{ruleset}.relations"] = bytes(relations)
    header = {"format": FORMAT_VERSION, "sections": [[k, len(v)] for k, v in sections.items()]}
    payload = json.dumps(header).encode() + b"\n" + b"".join(sections.values())
    return zlib.compress(payload, 9)


def unpack(blob: bytes) -> Lexicon:
    payload = zlib.decompress(blob)
    header_end = payload.index(b"\n")
    header = json.loads(payload[:header_end])
    if header["format"] != FORMAT_VERSION:
        raise ValueError(f"word list format {header['format']}, expected {FORMAT_VERSION}")
    sections: dict[str, bytes] = {}
    position = header_end + 1
    for name, length in header["sections"]:
        sections[name] = payload[position : position + length]
        position += length
    return Lexicon(
        words=_lines(sections["words"]),
        levels=sections["levels"],
        british=sections["british"],
        families={
            ruleset: FamilyTable(
                _uints(sections[f"{ruleset}.offsets"]),
                _uints(sections[f"{ruleset}.ancestors"]),
                sections[f"{ruleset}.relations"],
            )
            for ruleset in Ruleset
        },
        refused_words=_lines(sections["refused.words"]),
        refused_reasons=sections["refused.reasons"],
        digest=hashlib.sha256(payload).hexdigest(),
    )


def loaded_once(build: Callable[[], T]) -> Callable[[], T]:
    """`build` run on first call only, even when threads race for it."""
    lock = threading.Lock()
    cached = cache(build)

    def get() -> T:
        with lock:
            return cached()

    return get


@loaded_once
def load_lexicon() -> Lexicon:
    """The shipped lexicon, read on first use; safe to call from any thread."""
    return unpack(resources.files(__package__).joinpath("data", DATA_FILE).read_bytes())


def dictionary_hash() -> str:
    """SHA-256 of the word list and family table, compared in the network handshake."""
    return load_lexicon().digest
