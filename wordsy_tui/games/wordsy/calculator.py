"""Wordsy's calculator (`wordsy-tui score`): words scored on a board of real cards."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from wordsy_tui.cli.options import bounded_int
from wordsy_tui.games.wordsy.rules.board import (
    CARDS_PER_COLUMN,
    COLUMN_VALUES,
    SLOTS,
    Board,
    slot_value,
)
from wordsy_tui.games.wordsy.rules.cards import Card, rare_bonus
from wordsy_tui.games.wordsy.rules.scoring import WordScore, explain, score_word

CARD_PATTERN = re.compile(r"([A-Za-z])(?:\+([012]))?")
WORD_PATTERN = re.compile(r"[A-Za-z]+")

EXAMPLE = 'wordsy-tui score --board "C S Q+2 B C F+1 L N" QUIBBLES BACCALAUREATES'
ROWS_EXAMPLE = 'wordsy-tui score --rows --board "C Q+2 C L  S B F+1 N" QUIBBLES'


class BoardError(ValueError):
    pass


def in_columns(labels: list[str]) -> list[str]:
    """Cards given as the board screen shows them (the top row, then the bottom row), put
    column by column (the 5 column's two cards, then the 4 column's, ...)."""
    columns = len(COLUMN_VALUES)
    return [labels[row * columns + column] for column in range(columns) for row in (0, 1)]


def parse_board(text: str, *, rows: bool = False) -> Board:
    """Eight cards, column by column (or, with `rows`, row by row as on the screen);
    `Q+2` sets a card's bonus, a bare letter takes the deck's."""
    labels = [label for label in re.split(r"[\s,]+", text.strip()) if label]
    if len(labels) != SLOTS:
        order = "the top row, then the bottom row" if rows else "column by column"
        raise BoardError(f"a board is {SLOTS} cards, {order}; got {len(labels)}")
    if rows:
        labels = in_columns(labels)
    cards: list[Card] = []
    for slot, label in enumerate(labels):
        match = CARD_PATTERN.fullmatch(label)
        if match is None:
            raise BoardError(f"{label!r} is not a card: write a letter, e.g. S, or Q+2")
        letter = match[1].upper()
        bonus = int(match[2]) if match[2] is not None else rare_bonus(letter)
        cards.append(Card(slot, letter, bonus))
    board = Board(tuple(cards))
    if not board.is_legal():
        raise BoardError(
            "that board breaks the Two Rules of Two: at most two rare cards and "
            "at most two cards of one letter may be face up"
        )
    return board


def board_picture(board: Board) -> str:
    """The board as the board screen lays it out: a row of column values, two rows of cards."""
    width = len("5 pts") + 2
    lines = ["".join(f"{value} pts".ljust(width) for value in COLUMN_VALUES)]
    for row in range(CARDS_PER_COLUMN):
        cards = board.slots[row::CARDS_PER_COLUMN]  # one from each column, left to right
        lines.append("".join((c.label() if c else ".").ljust(width) for c in cards))
    return "\n".join(line.rstrip() for line in lines)


def as_json(score: WordScore) -> dict[str, Any]:
    return {
        "word": score.word,
        "score": score.points,
        "cards": [
            {
                "slot": sc.slot,
                "letter": sc.card.letter,
                "column": slot_value(sc.slot),
                "bonus": sc.card.bonus,
                "points": sc.points,
            }
            for sc in score.cards
        ],
    }


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--board",
        metavar="CARDS",
        help="the eight cards column by column, left to right: the 5-point column's top "
        "and bottom card, then the 4's, the 3's and the 2's (with --rows: as the board "
        "screen shows them); separated by spaces or commas; a bare letter takes its rarity "
        "from the deck, a suffix +0, +1 or +2 sets it",
    )
    group.add_argument(
        "--rows",
        action="store_true",
        help="read --board as the board screen shows it: the top row's four cards left to "
        "right, then the bottom row's",
    )
    group.add_argument(
        "--best",
        type=bounded_int(1, 100, "--best"),
        metavar="N",
        help="also list the N best-scoring words in the dictionary for this board",
    )
    group.add_argument(
        "--handicap",
        action="store_true",
        help="the handicap variant: four cards score in full, others 1 point",
    )


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.board is None:
        parser.error("the following arguments are required: --board")
    try:
        board = parse_board(args.board, rows=args.rows)
    except BoardError as error:
        parser.error(str(error))
    for word in args.words:
        if WORD_PATTERN.fullmatch(word) is None:
            parser.error(f"{word!r} is not a word: use the letters A to Z only")
    if not args.words and args.best is None:
        parser.error("give words to score, or --best N")
    scores = [score_word(board, word, handicap=args.handicap) for word in args.words]
    best = []
    if args.best is not None:
        from wordsy_tui.games.wordsy.referee.best import best_words

        found = best_words(board, args.best)
        best = [score_word(board, b.word, handicap=args.handicap) for b in found]
    if args.json:
        listed = [as_json(s) for s in scores] + [{**as_json(s), "best": True} for s in best]
        print(json.dumps(listed, indent=2))
        return 0
    # The board as the screen shows it, so a mistyped card order is seen at once.
    print(board_picture(board))
    for s in scores:
        print(explain(s))
    if best:
        print(f"The {len(best)} best words on this board:")
        for s in best:
            print(f"  {explain(s)}")
    return 0
