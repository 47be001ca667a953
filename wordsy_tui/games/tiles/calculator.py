"""The tile games' calculator (`wordsy-tui score --game scrabble|wwf|wordfeud`): a play
scored on a position from a file."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Final

from wordsy_tui.games.tiles.rules.board import Assessment, assess
from wordsy_tui.games.tiles.rules.errors import PlacementError
from wordsy_tui.games.tiles.rules.notation import move_text, parse_move, parse_position
from wordsy_tui.games.tiles.rules.rulesets import RULES, GameName

# A position is 15 lines of 15: anything much longer is not one, and is not read whole.
MAX_POSITION_BYTES: Final = 4096
EXAMPLE: Final = 'wordsy-tui score --game scrabble --position game.txt --move "8H HORN"'


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--position",
        metavar="FILE",
        help="the board: 15 lines of 15 characters, '.' empty, A-Z a tile, a-z a blank",
    )
    group.add_argument(
        "--move",
        metavar="MOVE",
        help="standard notation: '8H WORD' across from row 8 column H, 'H8 WORD' down; "
        "lower case on an empty square is a blank",
    )


def read_position(name: str) -> str:
    try:
        with Path(name).open("rb") as file:
            data = file.read(MAX_POSITION_BYTES + 1)
    except OSError as error:
        raise PlacementError(f"cannot read the position file: {error.strerror}") from None
    if len(data) > MAX_POSITION_BYTES:
        raise PlacementError("the position file is too long: 15 lines of 15 characters")
    try:
        text = data.decode("ascii")
    except UnicodeDecodeError:
        raise PlacementError("the position file holds characters other than . A-Z a-z") from None
    return parse_position(text)


def as_json(move: str, result: Assessment) -> dict[str, Any]:
    return {
        "move": move,
        "score": result.score,
        "words": [{"word": w.word, "score": w.score} for w in result.words],
        "bingo": result.bingo,
    }


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.position is None or args.move is None:
        parser.error(f"--game needs --position FILE and --move MOVE, e.g. {EXAMPLE}")
    if args.words:
        parser.error("a tile game scores one --move, not WORDs")
    rules = RULES[GameName(args.game)]
    try:
        board = read_position(args.position)
        placement = parse_move(board, args.move)
        result = assess(board, placement, rules)
    except PlacementError as error:
        print(f"wordsy-tui score: illegal play: {error}", file=sys.stderr)
        return 2
    move = move_text(result.placement, result.across, board)
    if args.json:
        print(json.dumps(as_json(move, result)))
        return 0
    print(f"{move}: {result.score} points ({rules.title})")
    for word in result.words:
        print(f"  {word.word} {word.score}")
    if result.bingo:
        print(f"  bingo +{rules.bingo}")
    return 0
