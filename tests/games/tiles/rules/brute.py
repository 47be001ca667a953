"""The slow, obvious move generator the real one is checked against (tests and bench).

It knows nothing of DAWGs or cross-checks: for every stretch of a row or a
column, every word of the list that fits the tiles already there, every way
the rack can supply the missing letters (a real tile or a blank), judged and
scored by the rules' own `assess`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator

from wordsy_tui.games.tiles.rules.board import EMPTY, assess
from wordsy_tui.games.tiles.rules.errors import PlacementError
from wordsy_tui.games.tiles.rules.rulesets import BLANK, SIZE, Rules
from wordsy_tui.games.tiles.rules.words import is_word


def _supplies(letters: list[str], rack: Counter[str]) -> Iterator[list[str]]:
    """Every way to take `letters` from the rack: the letter's tile, or a blank (lower case)."""
    if not letters:
        yield []
        return
    first, rest = letters[0], letters[1:]
    for char, tile in ((first, first), (first.lower(), BLANK)):
        if rack[tile] > 0:
            rack[tile] -= 1
            for more in _supplies(rest, rack):
                yield [char, *more]
            rack[tile] += 1


def brute_moves(
    board: str, rack: Iterable[str], rules: Rules, words: Iterable[str]
) -> set[tuple[tuple[tuple[int, str], ...], int]]:
    """(placement, score) of every legal play."""
    by_length: dict[int, list[str]] = {}
    for word in words:
        by_length.setdefault(len(word), []).append(word.upper())
    lexicon = {w.lower() for ws in by_length.values() for w in ws}
    # Each length's words as one text, scanned with a pattern per stretch: a plain scan of
    # the whole list, at the speed of the regular expression engine.
    texts = {length: "\n".join(ws) + "\n" for length, ws in by_length.items()}
    tiles = Counter(rack)
    any_letter = "[A-Z]" if tiles[BLANK] else "[" + "".join(sorted(set(tiles) - {BLANK})) + "]"
    found: set[tuple[tuple[tuple[int, str], ...], int]] = set()
    for step in (1, SIZE):
        for line in range(SIZE):
            squares = [line * SIZE + i if step == 1 else i * SIZE + line for i in range(SIZE)]
            for start in range(SIZE):
                if start > 0 and board[squares[start - 1]] != EMPTY:
                    continue
                for end in range(start + 1, SIZE + 1):
                    if end < SIZE and board[squares[end]] != EMPTY:
                        continue
                    stretch = squares[start:end]
                    empty = [sq for sq in stretch if board[sq] == EMPTY]
                    if not empty or len(empty) > sum(tiles.values()):
                        continue
                    if any_letter == "[]":
                        continue
                    pattern = "".join(
                        any_letter if board[sq] == EMPTY else board[sq].upper() for sq in stretch
                    )
                    text = texts.get(len(stretch), "")
                    for word in re.findall(f"^{pattern}$", text, re.MULTILINE):
                        needed = [ch for sq, ch in zip(stretch, word, strict=True) if sq in empty]
                        for chars in _supplies(needed, tiles):
                            placement = tuple(zip(empty, chars, strict=True))
                            try:
                                result = assess(board, placement, rules)
                            except PlacementError:
                                continue
                            if all(is_word(lexicon, w.word) for w in result.words):
                                found.add((result.placement, result.score))
    return found
