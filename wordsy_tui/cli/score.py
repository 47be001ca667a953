"""`wordsy-tui score`: a calculator for people playing the card game."""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from wordsy_tui.cli.options import bounded_int
from wordsy_tui.game.board import SLOTS, Board, slot_value
from wordsy_tui.game.cards import Card, rare_bonus
from wordsy_tui.game.scoring import WordScore, explain, score_word

CARD_PATTERN = re.compile(r"([A-Za-z])(?:\+([012]))?")
WORD_PATTERN = re.compile(r"[A-Za-z]+")

EXAMPLE = 'wordsy-tui score --board "C S Q+2 B C F+1 L N" QUIBBLES BACCALAUREATES'


class BoardError(ValueError):
    pass


def parse_board(text: str) -> Board:
    """Eight cards, left to right; `Q+2` sets a card's bonus, a bare letter takes the deck's."""
    labels = [label for label in re.split(r"[\s,]+", text.strip()) if label]
    if len(labels) != SLOTS:
        raise BoardError(f"a board is {SLOTS} cards, left to right; got {len(labels)}")
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


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "score",
        help="score words on a board of real cards",
        description="Score words on a Wordsy board, card by card.",
        epilog=f"example:\n  {EXAMPLE}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--board",
        required=True,
        metavar="CARDS",
        help="the eight cards left to right (columns 5 5 4 4 3 3 2 2), separated by "
        "spaces or commas; a bare letter takes its rarity from the deck, a suffix "
        "+0, +1 or +2 sets it",
    )
    parser.add_argument("words", nargs="*", metavar="WORD", help="words to score")
    parser.add_argument(
        "--best",
        type=bounded_int(1, 100, "--best"),
        metavar="N",
        help="also list the N best-scoring words in the dictionary for this board",
    )
    parser.add_argument(
        "--json", action="store_true", help='print a JSON list (best words have "best": true)'
    )
    parser.add_argument(
        "--handicap",
        action="store_true",
        help="the handicap variant: four cards score in full, others 1 point",
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    try:
        board = parse_board(args.board)
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
        from wordsy_tui.referee.best import best_words

        found = best_words(board, args.best)
        best = [score_word(board, b.word, handicap=args.handicap) for b in found]
    if args.json:
        listed = [as_json(s) for s in scores] + [{**as_json(s), "best": True} for s in best]
        print(json.dumps(listed, indent=2))
        return 0
    for s in scores:
        print(explain(s))
    if best:
        print(f"The {len(best)} best words on this board:")
        for s in best:
            print(f"  {explain(s)}")
    return 0
