"""Every legal play for a rack: Appel and Jacobson's algorithm over a DAWG.

For each direction, every empty square gets a cross-check (the letters that
make a word with the tiles above and below it) and a cross score; plays are
grown from anchors (empty squares next to a tile, or the centre star on an
empty board): a left part of the rack's tiles on the empty squares left of
the anchor that are not anchors themselves (or the tiles already there), then
rightwards through the anchor along the DAWG. Each play is scored as it is
found. A one-tile play that forms words both ways is reported once, across.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from wordsy_tui.games.tiles.rules.board import EMPTY, EMPTY_BOARD, Placement
from wordsy_tui.games.tiles.rules.dawg import ALL_LETTERS, TERMINAL, Dawg, build_dawg
from wordsy_tui.games.tiles.rules.rulesets import (
    BLANK,
    CENTRE,
    LETTER_FACTOR,
    LETTERS,
    SIZE,
    WORD_FACTOR,
    Rules,
)
from wordsy_tui.words.lexicon import loaded_once

NO_CROSS: Final = -1
BLANK_LETTERS: Final = LETTERS.lower()


@dataclass(frozen=True, slots=True)
class Move:
    placement: Placement
    """New tiles, (square, character) sorted by square; lower case for a blank."""
    score: int
    across: bool


def _letter(char: str) -> int:
    return (ord(char) & 31) - 1


class _Line:
    """One row (across) or column (down) as the generator walks it."""

    __slots__ = ("anchors", "cells", "cross_masks", "cross_sums", "squares")

    def __init__(self, squares: list[int]) -> None:
        self.squares = squares
        self.cells: list[str] = []
        self.cross_masks: list[int] = []
        self.cross_sums: list[int] = []
        self.anchors: list[bool] = []


def generate(
    board: str, rack: Iterable[str], rules: Rules, dawg: Dawg, premiums: str | None = None
) -> list[Move]:
    """Every legal play of `rack` (letters, `?` for a blank) on `board`, scored."""
    premiums = premiums if premiums is not None else rules.premiums
    tiles = list(rack)
    counts = [0] * 26
    blanks = 0
    for tile in tiles:
        if tile == BLANK:
            blanks += 1
        else:
            counts[_letter(tile)] += 1
    values = [rules.value(letter) for letter in LETTERS]
    board_values = [0 if c == EMPTY else rules.value(c) for c in board]
    moves: list[Move] = []
    empty_board = board == EMPTY_BOARD
    for across in (True, False):
        step, cross_step = (1, SIZE) if across else (SIZE, 1)
        for line_no in range(SIZE):
            start = line_no * SIZE if across else line_no
            squares = [start + i * step for i in range(SIZE)]
            line = _prepare(board, board_values, squares, cross_step, dawg, empty_board)
            if not any(line.anchors):
                continue
            _Search(
                line, counts, blanks, values, board_values, premiums, rules, dawg, moves, across
            ).run()
    return moves


def _prepare(
    board: str,
    board_values: list[int],
    squares: list[int],
    cross_step: int,
    dawg: Dawg,
    empty_board: bool,
) -> _Line:
    line = _Line(squares)
    masks, firsts, children = dawg.masks, dawg.firsts, dawg.children
    for square in squares:
        cell = board[square]
        line.cells.append(cell)
        if cell != EMPTY:
            line.cross_masks.append(0)
            line.cross_sums.append(NO_CROSS)
            line.anchors.append(False)
            continue
        before: list[str] = []
        at = square - cross_step
        while _same(at, square, cross_step) and board[at] != EMPTY:
            before.append(board[at])
            at -= cross_step
        after: list[str] = []
        at = square + cross_step
        while _same(at, square, cross_step) and board[at] != EMPTY:
            after.append(board[at])
            at += cross_step
        before.reverse()
        beside = _touches(board, square)
        line.anchors.append(beside or (empty_board and square == CENTRE))
        if not before and not after:
            line.cross_masks.append(ALL_LETTERS)
            line.cross_sums.append(NO_CROSS)
            continue
        total = sum(board_values[s] for s in _run_squares(square, cross_step, before, after))
        line.cross_sums.append(total)
        node = dawg.walk("".join(before))
        allowed = 0
        if node >= 0:
            mask = masks[node]
            suffix = "".join(after)
            for letter in range(26):
                bit = 1 << letter
                if mask & bit:
                    child = children[firsts[node] + (mask & (bit - 1)).bit_count()]
                    end = dawg.walk(suffix, child)
                    if end >= 0 and masks[end] & TERMINAL:
                        allowed |= bit
        line.cross_masks.append(allowed)
    return line


def _same(at: int, square: int, step: int) -> bool:
    """Whether `at` is on the board and in `square`'s line along `step`."""
    if step == 1:
        return 0 <= at < SIZE * SIZE and at // SIZE == square // SIZE
    return 0 <= at < SIZE * SIZE


def _run_squares(square: int, step: int, before: list[str], after: list[str]) -> list[int]:
    return [square - step * (i + 1) for i in range(len(before))] + [
        square + step * (i + 1) for i in range(len(after))
    ]


def _touches(board: str, square: int) -> bool:
    row, col = divmod(square, SIZE)
    return (
        (row > 0 and board[square - SIZE] != EMPTY)
        or (row < SIZE - 1 and board[square + SIZE] != EMPTY)
        or (col > 0 and board[square - 1] != EMPTY)
        or (col < SIZE - 1 and board[square + 1] != EMPTY)
    )


class _Search:
    """The plays of one line: the rack is taken from and put back as the search goes."""

    __slots__ = (
        "across",
        "anchor",
        "bingo",
        "blanks",
        "board_values",
        "counts",
        "dawg",
        "held",
        "line",
        "longest_left",
        "moves",
        "placed",
        "prefix",
        "premiums",
        "rack_size",
        "values",
    )

    def __init__(
        self,
        line: _Line,
        counts: list[int],
        blanks: int,
        values: list[int],
        board_values: list[int],
        premiums: str,
        rules: Rules,
        dawg: Dawg,
        moves: list[Move],
        across: bool,
    ) -> None:
        self.line = line
        self.counts = counts
        self.blanks = blanks
        # The letters on the rack as a mask; every letter while a blank is left.
        self.held = 0
        for letter, count in enumerate(counts):
            if count:
                self.held |= 1 << letter
        self.values = values
        self.board_values = board_values
        self.premiums = premiums
        self.rack_size = rules.rack_size
        # A left part must leave the anchor a tile: it is at most the rack less one long.
        self.longest_left = sum(counts) + blanks - 1
        self.bingo = rules.bingo
        self.dawg = dawg
        self.moves = moves
        self.across = across
        self.anchor = 0
        # The left part's tiles, which end just left of the anchor.
        self.prefix: list[str] = []
        # Tiles placed from the anchor on: (position in the line, character).
        self.placed: list[tuple[int, str]] = []

    def run(self) -> None:
        line = self.line
        root = self.dawg.root
        for anchor in range(SIZE):
            if not line.anchors[anchor]:
                continue
            self.anchor = anchor
            if anchor > 0 and line.cells[anchor - 1] != EMPTY:
                start = anchor - 1
                while start > 0 and line.cells[start - 1] != EMPTY:
                    start -= 1
                node = self.dawg.walk("".join(line.cells[start:anchor]))
                if node >= 0:
                    self._extend(node, anchor)
                continue
            limit = 0
            while (
                limit < anchor
                and line.cells[anchor - limit - 1] == EMPTY
                and not line.anchors[anchor - limit - 1]
            ):
                limit += 1
            self._left(root, min(limit, self.longest_left))

    def _left(self, node: int, limit: int) -> None:
        """Left parts of up to `limit` more tiles, each then extended through the anchor."""
        # The rack's bookkeeping is written out here and in `_extend`, not called, and the
        # last tile of a left part is judged here, not in a call of its own: these run a
        # hundred thousand times for a rack with a blank (issue 25).
        dawg = self.dawg
        masks = dawg.masks
        mask = masks[node]
        anchor = self.anchor
        follows = self.line.cross_masks[anchor]
        # Only a left part that some rack tile can follow at the anchor is worth extending.
        if mask & follows & (ALL_LETTERS if self.blanks else self.held):
            self._extend(node, anchor)
        if limit == 0:
            return
        deeper = limit > 1
        first = dawg.firsts[node]
        children = dawg.children
        prefix = self.prefix
        counts = self.counts
        letters = mask & (ALL_LETTERS if self.blanks else self.held)
        while letters:
            bit = letters & -letters
            letters ^= bit
            letter = bit.bit_length() - 1
            child = children[first + (mask & (bit - 1)).bit_count()]
            if self.held & bit:
                counts[letter] -= 1
                if not counts[letter]:
                    self.held ^= bit
                prefix.append(LETTERS[letter])
                if deeper:
                    self._left(child, limit - 1)
                elif masks[child] & follows & (ALL_LETTERS if self.blanks else self.held):
                    self._extend(child, anchor)
                prefix.pop()
                if not counts[letter]:
                    self.held |= bit
                counts[letter] += 1
            if self.blanks:
                self.blanks -= 1
                prefix.append(BLANK_LETTERS[letter])
                if deeper:
                    self._left(child, limit - 1)
                elif masks[child] & follows & (ALL_LETTERS if self.blanks else self.held):
                    self._extend(child, anchor)
                prefix.pop()
                self.blanks += 1

    def _extend(self, node: int, pos: int) -> None:
        dawg = self.dawg
        mask = dawg.masks[node]
        cells = self.line.cells
        if pos < SIZE and cells[pos] != EMPTY:
            bit = 1 << ((ord(cells[pos]) & 31) - 1)
            if mask & bit:
                child = dawg.children[dawg.firsts[node] + (mask & (bit - 1)).bit_count()]
                self._extend(child, pos + 1)
            return
        if pos > self.anchor and mask & TERMINAL and (self.placed or self.prefix):
            self._record(pos)
        if pos >= SIZE:
            return
        usable = ALL_LETTERS if self.blanks else self.held
        candidates = mask & self.line.cross_masks[pos] & usable
        first = dawg.firsts[node]
        children = dawg.children
        placed = self.placed
        counts = self.counts
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            letter = bit.bit_length() - 1
            child = children[first + (mask & (bit - 1)).bit_count()]
            if self.held & bit:
                counts[letter] -= 1
                if not counts[letter]:
                    self.held ^= bit
                placed.append((pos, LETTERS[letter]))
                self._extend(child, pos + 1)
                placed.pop()
                if not counts[letter]:
                    self.held |= bit
                counts[letter] += 1
            if self.blanks:
                self.blanks -= 1
                placed.append((pos, BLANK_LETTERS[letter]))
                self._extend(child, pos + 1)
                placed.pop()
                self.blanks += 1

    def _record(self, end: int) -> None:
        """A word ends just before `end`: score it and keep the play."""
        line = self.line
        prefix = self.prefix
        base = self.anchor - len(prefix)
        placed = [(base + i, char) for i, char in enumerate(prefix)] + self.placed
        # A one-tile play that forms a word across too was found across already.
        if len(placed) == 1 and not self.across and line.cross_sums[placed[0][0]] != NO_CROSS:
            return
        squares = line.squares
        start = placed[0][0]
        while start > 0 and line.cells[start - 1] != EMPTY:
            start -= 1
        new = dict(placed)
        values, premiums = self.values, self.premiums
        main, factor, crosses = 0, 1, 0
        for pos in range(start, end):
            char = new.get(pos)
            square = squares[pos]
            if char is None:
                main += self.board_values[square]
                continue
            value = 0 if char.islower() else values[ord(char) - 65]
            mark = premiums[square]
            value *= LETTER_FACTOR.get(mark, 1)
            word_factor = WORD_FACTOR.get(mark, 1)
            main += value
            factor *= word_factor
            cross = line.cross_sums[pos]
            if cross != NO_CROSS:
                crosses += (cross + value) * word_factor
        score = main * factor + crosses
        if len(placed) == self.rack_size:
            score += self.bingo
        placement = tuple((squares[pos], char) for pos, char in placed)
        self.moves.append(Move(placement, score, self.across))


@loaded_once
def shipped_dawg() -> Dawg:
    """The DAWG of the shipped word list, built on first use (under a second, 1.4 MB)."""
    from wordsy_tui.words.lexicon import load_lexicon

    return build_dawg(load_lexicon().words)
