"""The best words for a board: the reveal's "best possible word", hints and bots.

Every word is scored at once, with Python's integers as rows of bits, one bit a word. A
word's score depends only on whether it uses each deck letter once and whether twice
(the Rules of Two allow no more than two cards of a letter), so the list is kept as two
rows per deck letter (used at least once, at least twice). A board's scores are a sum of
its letters' rows, each times its card's points, kept bit-sliced: bit k of every word's
score in one integer, added up with a ripple of carries. Finding the words at a score is
then a handful of ANDs over those few integers; only the words chosen are read out.

It took numpy before: the same rows packed in arrays, unpacked for each board. numpy's
import alone cost a player's program 15 MB, a fifth of its memory (issue 25), and
integers of 251,146 bits score a board as fast.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final, TypedDict, Unpack

from wordsy_tui.games.wordsy.referee.families import family, family_at
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.cards import LETTER_TABLE
from wordsy_tui.games.wordsy.rules.referee import PlayedWord
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoring import card_points
from wordsy_tui.words.lexicon import Lexicon, load_lexicon

DECK_LETTERS: Final = tuple(letter.lower() for letter in LETTER_TABLE)
# Real words no one would be proud of being beaten by: left out of best
# words, hints and bots' choices, though the referee accepts them.
ABSURD_WORDS: Final = frozenset(
    {
        "antidisestablishmentarianism",
        "antidisestablishmentarianisms",
        "floccinaucinihilipilification",
        "hippopotomonstrosesquipedalian",
        "honorificabilitudinitatibus",
        "pneumonoultramicroscopicsilicovolcanoconiosis",
        "supercalifragilisticexpialidocious",
    }
)
MAX_LEVEL: Final = 80
NEWLINE: Final = ord("\n")
ENDS: Final = b"A"
"""In a string of one character a byte of the list (`_per_word`), what is not a word's end."""
ANY_WORD: Final = bytes([0] + [1] * 255)
"""A translation of a row's bytes: 1 where a byte holds a word."""


class Limits(TypedDict, total=False):
    """What a player would think of: for hints by level and computer players."""

    max_level: int
    """Highest SCOWL level considered (default 80: the whole list)."""
    max_length: int | None
    """Longest word considered (default: no limit)."""
    at_most: int | None
    """Highest score considered, for a player who aims below the best."""


@dataclass(frozen=True, slots=True)
class BestWord:
    word: str
    points: int
    level: int
    """SCOWL level: 10 for everyday words up to 80 for the rarest."""


class WordSearch:
    """The lexicon's words as rows of bits, ready to be scored against any board."""

    def __init__(self, lexicon: Lexicon, pace: Callable[[], object] = lambda: None) -> None:
        """`pace` is called before each slice of the build (a letter's rows, a few ms each):
        a build on a thread waits there while the program's own thread has keys to show,
        since each slice holds the interpreter throughout."""
        self.lexicon = lexicon
        self.count = len(lexicon.words)
        text = lexicon.words.text
        # Whether each word uses a deck letter at least once, and at least twice.
        rows: list[tuple[int, int]] = []
        for letter in DECK_LETTERS:
            pace()
            rows.append(_letter_rows(text, self.count, ord(letter)))
        self.first_copy: tuple[int, ...] = tuple(first for first, _ in rows)
        self.second_copy: tuple[int, ...] = tuple(second for _, second in rows)
        self.levels = lexicon.levels
        # One byte a word: its length and its newline (lines are read one at a time: a list
        # of 250k bytes objects would leave its memory fragmented).
        pace()
        self.line_lengths = bytes(map(len, io.BytesIO(text)))
        self._masks: dict[tuple[int, int | None], int] = {}
        self._masks_lock = threading.Lock()

    def scores(self, board: Board, among: int = -1) -> Scores:
        """Every word's points on `board` (no handicap); 0 for the words outside `among`
        (a row, see `eligible`; -1: every word)."""
        by_letter: dict[str, list[int]] = {}
        for slot, card in enumerate(board.slots):
            if card is not None:
                by_letter.setdefault(card.letter.lower(), []).append(card_points(slot, card))
        scores = Scores()
        for letter, points in by_letter.items():
            row = DECK_LETTERS.index(letter)
            best, *second = sorted(points, reverse=True)
            scores.add(self.first_copy[row] & among, best)
            if second:
                scores.add(self.second_copy[row] & among, second[0])
        return scores

    def eligible(self, max_level: int, max_length: int | None) -> int:
        """The row of the words a player of this vocabulary might think of; cached per
        setting."""
        key = (max_level, max_length)
        with self._masks_lock:
            row = self._masks.get(key)
            if row is None:
                # British spellings would only repeat their American twins.
                row = _bytes_row(self.levels, range(max_level + 1)) & _bytes_row(
                    self.lexicon.british, (0,)
                )
                if max_length is not None:
                    row &= _bytes_row(self.line_lengths, range(max_length + 2))
                for word in ABSURD_WORDS:
                    index = self.lexicon.find(word)
                    if index is not None:
                        row &= ~(1 << index)
                self._masks[key] = row
            return row

    def best(
        self,
        board: Board,
        n: int = 10,
        exclude: Sequence[str | PlayedWord] = (),
        ruleset: Ruleset = Ruleset.CLASSIC,
        **limits: Unpack[Limits],
    ) -> list[BestWord]:
        """The `n` best words, skipping any No Cheapies forbids after `exclude`.

        The words are different words by the ruleset's No Cheapies rule too:
        FLINCHINGLY is not listed beside FLINCHING. Ties go to the more common
        word, then the shorter, then A to Z. Words scoring nothing are never
        suggested.
        """
        if n <= 0:
            return []
        at_most = limits.get("at_most")
        eligible = self.eligible(limits.get("max_level", MAX_LEVEL), limits.get("max_length"))
        scores = self.scores(board, eligible)
        # Two words are the same word when their families meet (see families.py).
        taken = {
            member
            for played in exclude
            for member in family(self.lexicon, ruleset, _played_word(played))
        }
        found: list[BestWord] = []
        words, levels, lengths = self.lexicon.words, self.levels, self.line_lengths
        # Walk down one score at a time; only the words at that score are looked at.
        top = scores.top()
        for points in range(top if at_most is None else min(top, at_most), 0, -1):
            # The more common first, then the shorter, then A to Z (the list's order).
            ranked = sorted(_members(scores.at(points)), key=lambda i: (levels[i], lengths[i], i))
            for index in ranked:
                members = family_at(self.lexicon, ruleset, index).keys()
                if members.isdisjoint(taken):
                    found.append(BestWord(words[index], points, levels[index]))
                    if len(found) == n:
                        return found
                    taken.update(members)
        return found


class Scores:
    """Every word's score, bit-sliced: `planes[k]` holds bit k of each word's score."""

    __slots__ = ("planes",)

    def __init__(self) -> None:
        self.planes: list[int] = []

    def add(self, row: int, points: int) -> None:
        """Add `points` to the score of every word in `row`."""
        planes = self.planes
        planes.extend([0] * (points.bit_length() - len(planes)))
        for bit in range(points.bit_length()):
            if not points >> bit & 1:
                continue
            carry = row
            plane = bit
            while carry:
                if plane == len(planes):
                    planes.append(0)
                planes[plane], carry = planes[plane] ^ carry, planes[plane] & carry
                plane += 1

    def top(self) -> int:
        """The highest score (0 when no word scores)."""
        words, top = -1, 0
        for bit in reversed(range(len(self.planes))):
            higher = words & self.planes[bit]
            if higher:
                words, top = higher, top | 1 << bit
        return top

    def at(self, points: int) -> int:
        """The row of the words that score exactly `points` (more than 0)."""
        if points >> len(self.planes):
            return 0
        words = -1
        for bit, plane in enumerate(self.planes):
            words &= plane if points >> bit & 1 else ~plane
        return words

    def __getitem__(self, index: int) -> int:
        """The score of the word at `index`."""
        return sum((plane >> index & 1) << bit for bit, plane in enumerate(self.planes))


def _per_word(size: int, ends: int, skipped: int, count: int) -> int:
    """A row from marks on `size` bytes of the list, each mark a byte 0 or 1 of an integer
    (little-endian): `skipped` is 1 at every byte that is not a word's newline, `ends` 0
    there and the mark at each newline; the row's bit i is word i's newline's mark."""
    ones = int.from_bytes(b"\x01" * size, "little")
    # '0' or '1' at each newline, the skipped bytes made ENDS and dropped.
    shown = (ord("0") * ones + ends + (ENDS[0] - ord("0")) * skipped).to_bytes(size, "little")
    bits = shown.translate(None, ENDS)
    if len(bits) != count:
        raise ValueError("the word list's text does not end each word with a newline")
    return int(bits[::-1], 2)


def _letter_rows(text: bytes, count: int, letter: int) -> tuple[int, int]:
    """Which words use `letter` at least once, and at least twice: two rows."""
    # One byte a copy of the letter (1) and one a word's newline (0), the rest dropped:
    # a word that uses the letter twice is 1 1 0.
    keep = bytearray(256)
    keep[letter] = 1
    copies = text.translate(keep, bytes(b for b in range(256) if b not in (letter, NEWLINE)))
    used = int.from_bytes(copies, "little")
    ones = int.from_bytes(b"\x01" * len(copies), "little")
    newlines = ones ^ used
    once = (used << 8) & newlines  # a newline right after a copy
    twice = once & (used << 16)
    size = len(copies)
    return _per_word(size, once, used, count), _per_word(size, twice, used, count)


def _bytes_row(values: bytes, kept: Sequence[int]) -> int:
    """The row of the words whose byte in `values` (one a word) is one of `kept`."""
    table = bytearray(b"0" * 256)
    for value in kept:
        if value < 256:
            table[value] = ord("1")
    return int(values.translate(table)[::-1], 2)


def _members(row: int) -> Iterator[int]:
    """The words of `row`, by index, in order."""
    packed = row.to_bytes((row.bit_length() + 7) // 8, "little")
    # Each byte that holds a word marked 1, so that `find` skips the rest at C's speed.
    marked = packed.translate(ANY_WORD)
    at = marked.find(1)
    while at >= 0:
        byte = packed[at]
        yield from (at * 8 + bit for bit in range(8) if byte >> bit & 1)
        at = marked.find(1, at + 1)


def _played_word(played: str | PlayedWord) -> str:
    return (played.word if isinstance(played, PlayedWord) else played).strip().lower()


_search_lock = threading.Lock()
_searches: list[WordSearch] = []


def load_word_search(pace: Callable[[], object] = lambda: None) -> WordSearch:
    """The shared search over the shipped lexicon, built on first use (about 0.2 s), with
    the first caller's `pace` (see `WordSearch`); later callers wait for that build."""
    with _search_lock:
        if not _searches:
            _searches.append(WordSearch(load_lexicon(), pace))
        return _searches[0]


def best_words(
    board: Board,
    n: int = 10,
    exclude: Sequence[str | PlayedWord] = (),
    ruleset: Ruleset = Ruleset.CLASSIC,
    **limits: Unpack[Limits],
) -> list[BestWord]:
    """The `n` best-scoring words on `board` that No Cheapies allows after `exclude`."""
    return load_word_search().best(board, n, exclude, ruleset, **limits)
