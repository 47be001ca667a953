"""The best words for a board: the reveal's "best possible word", hints and bots.

Every word is scored at once with numpy. A word's score depends only on how
many times it uses each deck letter, capped at two (the Rules of Two allow
no more than two cards of a letter), so the list is kept as two 0/1 rows per
deck letter (used once, used twice) and a board's score is a weighted sum of
its letters' rows. The rows are packed eight words to a byte: unpacking the
board's few rows costs a tenth of a millisecond, and keeping them unpacked
would cost 10 MB.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypedDict, Unpack

from wordsy_tui.games.wordsy.referee.families import family, family_at
from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.cards import LETTER_TABLE
from wordsy_tui.games.wordsy.rules.referee import PlayedWord
from wordsy_tui.games.wordsy.rules.rulesets import Ruleset
from wordsy_tui.games.wordsy.rules.scoring import card_points
from wordsy_tui.words.lexicon import BLOCK, Lexicon, load_lexicon, loaded_once

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

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
# Words scanned at a time when building the search: a multiple of the word
# list's BLOCK, so each chunk's text starts at a known place, and of 8, so its
# packed bits start on a byte.
BUILD_CHUNK: Final = 512 * BLOCK
NEWLINE: Final = ord("\n")


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
    """The lexicon's words as letter counts, ready to be scored against any board."""

    def __init__(self, lexicon: Lexicon) -> None:
        import numpy as np

        self.lexicon = lexicon
        words = lexicon.words
        n = len(words)
        text = np.frombuffer(words.text, dtype=np.uint8)
        blocks = words.blocks
        # Whether each word uses a deck letter at least once, and at least
        # twice: one packed row per letter, so a board reads only its own.
        self.first_copy: npt.NDArray[np.uint8] = np.zeros(
            (len(DECK_LETTERS), (n + 7) // 8), np.uint8
        )
        self.second_copy: npt.NDArray[np.uint8] = np.zeros_like(self.first_copy)
        self.lengths: npt.NDArray[np.uint8] = np.empty(n, np.uint8)
        uses = np.empty(BUILD_CHUNK, np.bool_)
        # A chunk of words at a time keeps every temporary array small enough
        # for malloc to take back: whole-list ones would stay resident.
        for lo in range(0, n, BUILD_CHUNK):
            hi = min(lo + BUILD_CHUNK, n)
            chunk = text[blocks[lo // BLOCK] : blocks[-(-hi // BLOCK)]]
            # Where each word of the chunk starts, then its end: one past each newline.
            bounds = np.zeros(hi - lo + 1, np.int64)
            bounds[1:] = np.flatnonzero(chunk == NEWLINE) + 1
            # Each word's span includes its newline.
            self.lengths[lo:hi] = np.diff(bounds) - 1
            used = uses[: hi - lo]
            packed = slice(lo // 8, (hi + 7) // 8)
            for row, letter in enumerate(DECK_LETTERS):
                # The word holding each copy of the letter, in text order, so a
                # word that holds two has its index twice in a row.
                owners = np.searchsorted(bounds, np.flatnonzero(chunk == ord(letter)), "right") - 1
                used[:] = False
                used[owners] = True
                self.first_copy[row, packed] = np.packbits(used)
                used[:] = False
                used[owners[1:][owners[1:] == owners[:-1]]] = True
                self.second_copy[row, packed] = np.packbits(used)
        self.levels: npt.NDArray[np.uint8] = np.frombuffer(lexicon.levels, dtype=np.uint8)
        self.british: npt.NDArray[np.uint8] = np.frombuffer(lexicon.british, dtype=np.uint8)
        self._masks: dict[tuple[int, int | None], npt.NDArray[np.uint8]] = {}
        self._masks_lock = threading.Lock()

    def scores(
        self, board: Board, among: npt.NDArray[np.uint8] | None = None
    ) -> npt.NDArray[np.uint8]:
        """Every word's points on `board`, in word-list order (no handicap); 0 for the
        words outside `among` (packed like the rows, see `eligible`) when it is given."""
        import numpy as np

        by_letter: dict[str, list[int]] = {}
        for slot, card in enumerate(board.slots):
            if card is not None:
                by_letter.setdefault(card.letter.lower(), []).append(card_points(slot, card))
        n = len(self.lengths)
        total = np.zeros(n, dtype=np.uint8)
        for letter, points in by_letter.items():
            row = DECK_LETTERS.index(letter)
            best, *second = sorted(points, reverse=True)
            _add_weighted(total, _within(self.first_copy[row], among), best)
            if second:
                _add_weighted(total, _within(self.second_copy[row], among), second[0])
        return total

    def eligible(self, max_level: int, max_length: int | None) -> npt.NDArray[np.uint8]:
        """Words a player of this vocabulary might think of, packed eight to a byte like
        the rows (an eighth of the memory, and applied to a board's few rows rather than
        to every word's score); cached per setting."""
        import numpy as np

        key = (max_level, max_length)
        with self._masks_lock:
            packed = self._masks.get(key)
            if packed is None:
                # British spellings would only repeat their American twins.
                mask = (self.levels <= max_level) & (self.british == 0)
                if max_length is not None:
                    mask &= self.lengths <= max_length
                for word in ABSURD_WORDS:
                    index = self.lexicon.find(word)
                    if index is not None:
                        mask[index] = False
                self._masks[key] = packed = np.packbits(mask)
            return packed

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
        import numpy as np

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
        # Walk down one score at a time; only the words at that score are looked at.
        top = int(scores.max())
        for points in range(top if at_most is None else min(top, at_most), 0, -1):
            at_points = np.flatnonzero(scores == points)
            # The more common first, then the shorter, then A to Z: the list's
            # order, which the stable sort keeps. Words are read out only when chosen.
            ranked = at_points[np.lexsort((self.lengths[at_points], self.levels[at_points]))]
            for index in ranked.tolist():
                members = family_at(self.lexicon, ruleset, index).keys()
                if members.isdisjoint(taken):
                    word = self.lexicon.words[index]
                    found.append(BestWord(word, points, int(self.levels[index])))
                    if len(found) == n:
                        return found
                    taken.update(members)
        return found


def _add_weighted(
    total: npt.NDArray[np.uint8], packed: npt.NDArray[np.uint8], weight: int
) -> None:
    """Add `weight` to `total` where the packed row's bit is set."""
    import numpy as np

    # In place: no second whole-list array per letter.
    uses = np.unpackbits(packed, count=len(total))
    np.multiply(uses, weight, out=uses)
    total += uses


def _within(
    packed: npt.NDArray[np.uint8], among: npt.NDArray[np.uint8] | None
) -> npt.NDArray[np.uint8]:
    return packed if among is None else packed & among


def _played_word(played: str | PlayedWord) -> str:
    return (played.word if isinstance(played, PlayedWord) else played).strip().lower()


@loaded_once
def load_word_search() -> WordSearch:
    """The shared search over the shipped lexicon, built on first use (about 0.1 s)."""
    return WordSearch(load_lexicon())


def best_words(
    board: Board,
    n: int = 10,
    exclude: Sequence[str | PlayedWord] = (),
    ruleset: Ruleset = Ruleset.CLASSIC,
    **limits: Unpack[Limits],
) -> list[BestWord]:
    """The `n` best-scoring words on `board` that No Cheapies allows after `exclude`."""
    return load_word_search().best(board, n, exclude, ruleset, **limits)
