"""Random legal boards for tests and benchmarks, drawn under the Two Rules of Two."""

from __future__ import annotations

import random

from wordsy_tui.games.wordsy.rules.board import Board
from wordsy_tui.games.wordsy.rules.cards import FULL_DECK


def legal_boards(seed: int, count: int) -> list[Board]:
    rng = random.Random(seed)
    boards: list[Board] = []
    while len(boards) < count:
        board = Board(tuple(rng.sample(FULL_DECK, 8)))
        if board.is_legal():
            boards.append(board)
    return boards
