"""The shipped word list: words, SCOWL levels, word families, refused names.

Everything lives in one zlib-compressed file built by
scripts/build_dictionary.py, read with the standard library only, so that
loading stays fast and the runtime needs neither apt, the network, nor the
build tools.
"""

from __future__ import annotations

import hashlib
import io
import json
import sys
import threading
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from itertools import accumulate, islice
from typing import Final, TypeVar, overload

DATA_FILE: Final = "lexicon.bin.z"
FORMAT_VERSION: Final = 2
# A relation code's high bit marks an ancestor reached in more than one step.
CHAINED: Final = 0x80


class Refused(StrEnum):
    """Why the list keeps a capitalised entry apart (SCOWL lists them separately)."""

    PROPER_NOUN = "proper-noun"
    ABBREVIATION = "abbreviation"


REFUSED_REASONS: Final = (Refused.PROPER_NOUN, Refused.ABBREVIATION)
# One word in this many is kept as a bytes object to bisect in C (0.5 MB),
# with its start; the block of words after it is searched as text.
BLOCK: Final = 32
# Family offsets kept whole one in this many; see FamilyTable.
OFFSET_BLOCK: Final = 16
# Where a uint32's low 16 bits are, in 16-bit units.
LOW_HALF: Final = 1 if sys.byteorder == "big" else 0
# Compressed bytes inflated at a time: about 64 KB out, small enough for
# malloc to serve and take back from its heap.
INFLATE_PIECE: Final = 16 * 1024

T = TypeVar("T")


class WordList(Sequence[str]):
    """Sorted lower-case words kept as one ASCII blob, with every BLOCK-th
    word's start and the word itself.

    A str object per word costs about 60 bytes, several times the word: as a
    list, the 320k words of the lexicon took over 20 MB; this takes 4. Finding
    a word bisects the kept words in C, then searches one block as text;
    reading the i-th word walks at most BLOCK - 1 newlines.
    """

    __slots__ = ("_blocks", "_count", "_samples", "_text")

    def __init__(self, text: bytes) -> None:
        """`text` is the words, each followed by a newline."""
        self._text = text
        self._count = text.count(b"\n")
        # Lines are read one at a time, never held together: a list of 250k
        # bytes objects would leave its memory fragmented after the load.
        starts = accumulate(map(len, io.BytesIO(text)), initial=0)
        self._blocks = array("I", islice(starts, 0, None, BLOCK))
        if self._count % BLOCK:
            self._blocks.append(len(text))
        # Each line keeps its newline: "\n" sorts before every letter, so the
        # lines sort as their words do.
        self._samples = list(islice(io.BytesIO(text), 0, None, BLOCK))

    @property
    def text(self) -> bytes:
        """The words, each followed by a newline, for scanning them all at once."""
        return self._text

    @property
    def blocks(self) -> array[int]:
        """Where every BLOCK-th word starts in `text`, then the end of `text`."""
        return self._blocks

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._count))]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("word index out of range")
        text, start = self._text, self._blocks[index // BLOCK]
        for _ in range(index % BLOCK):
            start = text.index(b"\n", start) + 1
        return text[start : text.index(b"\n", start)].decode("ascii")

    def __iter__(self) -> Iterator[str]:
        return (line[:-1].decode("ascii") for line in io.BytesIO(self._text))

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self.find(word) is not None

    def find(self, word: str) -> int | None:
        """The index of `word`, or None when it is not in the list."""
        if not word.isascii() or "\n" in word:  # a newline would match across words
            return None
        line = word.encode("ascii") + b"\n"
        block = bisect_right(self._samples, line) - 1
        if block < 0:
            return None
        first = block * BLOCK
        if self._samples[block] == line:
            return first
        text, start = self._text, self._blocks[block]
        # A later word in the block is preceded by the newline ending the one before.
        found = text.find(b"\n" + line, start, self._blocks[block + 1])
        return None if found < 0 else first + text.count(b"\n", start, found + 1)


@dataclass(frozen=True, slots=True)
class FamilyTable:
    """For each word, the words it is a form of, with how it relates to each.

    Stored as offsets into flat arrays, one slice per word (CSR layout). The
    offsets keep only their low 16 bits, plus every OFFSET_BLOCK-th one whole:
    offsets that close differ by less than 65536 (pack checks it), so that
    first one fixes the rest, at half the memory of whole offsets.
    """

    firsts: array[int]
    lows: Sequence[int]
    ancestors: Sequence[int]
    relations: bytes

    @classmethod
    def from_offsets(
        cls, offsets: memoryview | array[int], ancestors: Sequence[int], relations: bytes
    ) -> FamilyTable:
        """From whole offsets: a native-order uint32 memoryview or array."""
        halves = memoryview(offsets).cast("B").cast("H")
        lows = halves[LOW_HALF::2].tobytes()
        return cls(
            array("I", offsets[::OFFSET_BLOCK]), memoryview(lows).cast("H"), ancestors, relations
        )

    def of(self, index: int) -> list[tuple[int, int]]:
        """(ancestor index, relation code) pairs of the word at `index`."""
        first, lows = self.firsts[index // OFFSET_BLOCK], self.lows
        start = first + ((lows[index] - first) & 0xFFFF)
        end = first + ((lows[index + 1] - first) & 0xFFFF)
        # Indexing beats slicing here: most words have no ancestor or one.
        ancestors, relations = self.ancestors, self.relations
        return [(ancestors[i], relations[i]) for i in range(start, end)]


@dataclass(frozen=True, slots=True)
class Lexicon:
    """Looked up by bisection in sorted word lists: building a 250k-entry dict
    would cost more than the whole rest of the load, and its memory too."""

    words: WordList
    """Sorted; a word's position is its index in every other table."""
    levels: bytes
    """SCOWL level per word: 10 is the most common English, 80 the rarest kept."""
    british: bytes
    """1 for a British-only spelling (COLOUR), 0 for the American and common ones."""
    families: Mapping[str, FamilyTable]
    """Each word's family (its plurals, tenses, ...) under each kinship rule the data file
    holds, by the rule's name (a game's: Wordsy's rulesets name theirs)."""
    refused_words: WordList
    """Sorted names and abbreviations that SCOWL lists apart, so a refusal can say which."""
    refused_reasons: bytes
    digest: str

    def find(self, word: str) -> int | None:
        """The index of `word` (lower case), or None when it is not in the list."""
        return self.words.find(word)

    def __contains__(self, word: str) -> bool:
        return self.words.find(word) is not None

    def level(self, word: str) -> int | None:
        index = self.find(word)
        return None if index is None else self.levels[index]

    def refusal_reason(self, word: str) -> Refused | None:
        """PROPER_NOUN or ABBREVIATION for a capitalised entry, else None."""
        index = self.refused_words.find(word)
        return None if index is None else REFUSED_REASONS[self.refused_reasons[index]]


def _uints(data: bytes) -> memoryview | array[int]:
    """The file's little-endian uint32 values, read in place where the machine's order matches."""
    if sys.byteorder == "little":
        return memoryview(data).cast("I")
    values = array("I")
    values.frombytes(data)
    values.byteswap()
    return values


def _uint_bytes(values: list[int]) -> bytes:
    packed = array("I", values)
    if sys.byteorder == "big":
        packed.byteswap()
    return packed.tobytes()


def pack(
    words: list[str],
    levels: list[int],
    british: list[bool],
    families: Mapping[str, tuple[list[int], list[int], list[int]]],
    refused: Mapping[str, str],
) -> bytes:
    """The data file's bytes; used by scripts/build_dictionary.py."""
    refused_words = sorted(refused)
    sections: dict[str, bytes] = {
        "words": "\n".join(words).encode("ascii"),
        "levels": bytes(levels),
        "british": bytes(british),
        "refused.words": "\n".join(refused_words).encode("ascii"),
        "refused.reasons": bytes(
            REFUSED_REASONS.index(Refused(refused[w])) for w in refused_words
        ),
    }
    for rule, (offsets, ancestors, relations) in families.items():
        if any(b - a > 0xFFFF for a, b in zip(offsets, offsets[OFFSET_BLOCK:], strict=False)):
            raise ValueError(f"{rule}: too many ancestors for FamilyTable's 16-bit offsets")
        sections[f"{rule}.offsets"] = _uint_bytes(offsets)
        sections[f"{rule}.ancestors"] = _uint_bytes(ancestors)
        sections[f"{rule}.relations"] = bytes(relations)
    header = {"format": FORMAT_VERSION, "sections": [[k, len(v)] for k, v in sections.items()]}
    payload = json.dumps(header).encode() + b"\n" + b"".join(sections.values())
    return zlib.compress(payload, 9)


class _Payload:
    """The data file's payload, inflated and hashed a piece at a time.

    Inflating all 7 MB at once and copying the tables out of it would leave
    that much freed but still held by the allocator for the app's lifetime.
    """

    def __init__(self, blob: bytes) -> None:
        self._pieces = self._inflated(blob)
        self._left = b""
        self._hash = hashlib.sha256()

    @staticmethod
    def _inflated(blob: bytes) -> Iterator[bytes]:
        inflate = zlib.decompressobj()
        view = memoryview(blob)
        for start in range(0, len(blob), INFLATE_PIECE):
            yield inflate.decompress(view[start : start + INFLATE_PIECE])
        yield inflate.flush()

    def _next(self) -> bytes:
        piece = next(self._pieces, None)
        if piece is None:
            raise ValueError("the word list file is truncated")
        self._hash.update(piece)
        return piece

    def line(self) -> bytes:
        while b"\n" not in self._left:
            self._left += self._next()
        line, _, self._left = self._left.partition(b"\n")
        return line

    def read(self, size: int, end: bytes = b"") -> bytes:
        """The next `size` bytes, then `end` unless they are none."""
        parts = []
        left = self._left
        while len(left) < size:
            parts.append(left)
            size -= len(left)
            left = self._next()
        parts.append(left[:size])
        self._left = left[size:]
        if any(parts):
            parts.append(end)
        return b"".join(parts)

    def digest(self) -> str:
        """SHA-256 of the whole payload, read to its end."""
        for piece in self._pieces:
            self._hash.update(piece)
        return self._hash.hexdigest()


def unpack(blob: bytes) -> Lexicon:
    payload = _Payload(blob)
    header = json.loads(payload.line())
    if header["format"] != FORMAT_VERSION:
        raise ValueError(f"word list format {header['format']}, expected {FORMAT_VERSION}")
    sections = {
        # Word sections get a newline after their last word too, as WordList wants.
        name: payload.read(length, b"\n" if name.endswith("words") else b"")
        for name, length in header["sections"]
    }
    return Lexicon(
        words=WordList(sections["words"]),
        levels=sections["levels"],
        british=sections["british"],
        families={
            rule: FamilyTable.from_offsets(
                _uints(sections[f"{rule}.offsets"]),
                _uints(sections[f"{rule}.ancestors"]),
                sections[f"{rule}.relations"],
            )
            for rule in [n.removesuffix(".offsets") for n in sections if n.endswith(".offsets")]
        },
        refused_words=WordList(sections["refused.words"]),
        refused_reasons=sections["refused.reasons"],
        digest=payload.digest(),
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


class ShippedWords:
    """The shipped word list as a container of lower-case words, loaded at its first lookup:
    a game's rules hold it from the start, and most of their commands judge no word (a solo
    game seats its players and deals before its first frame, judging none)."""

    __slots__ = ()

    def __contains__(self, word: str, /) -> bool:
        return word in load_lexicon()

    def find(self, word: str) -> int | None:
        return load_lexicon().find(word)

    @property
    def families(self) -> Mapping[str, FamilyTable]:
        return load_lexicon().families
