"""Wordsmith's calculator (`wordsy-tui score --game wordsmith --sheet FILE [--json]`): a
finished sheet read from a file (the format is `rules.sheetfile`'s, docs/RULES.md), scored
line by line as the game's end scores it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Final

from wordsy_tui.games.wordsmith.rules.sheetfile import (
    MAX_TEXT,
    SheetFileError,
    as_fields,
    read_sheet,
    scorecard,
)

EXAMPLE: Final = "wordsy-tui score --game wordsmith --sheet sheet.txt"


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--sheet",
        metavar="FILE",
        help="a finished sheet: its letters and circles (8 rows of 8 each), coins spent and "
        "earned, crowns, the others' crowns and the goals (docs/RULES.md, Wordsmith); '-' "
        "reads standard input",
    )


def read_text(name: str) -> str:
    """The sheet file's text (at most what a sheet can be, and a little more to tell)."""
    if name == "-":
        return sys.stdin.read(MAX_TEXT + 1)
    try:
        with Path(name).open("rb") as file:
            data = file.read(MAX_TEXT + 1)
    except OSError as error:
        raise SheetFileError(f"cannot read the sheet file: {error.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise SheetFileError("the sheet file is not text (UTF-8)") from None


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.sheet is None:
        parser.error(f"--game wordsmith needs --sheet FILE, e.g. {EXAMPLE}")
    if args.words:
        parser.error("Wordsmith scores a whole --sheet, not WORDs")
    try:
        lines = read_sheet(read_text(args.sheet)).score()
    except SheetFileError as error:
        print(f"wordsy-tui score: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(as_fields(lines)))
        return 0
    for line in scorecard(lines):
        print(line)
    return 0
