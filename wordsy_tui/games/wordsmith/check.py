"""Wordsmith's words on the command line (`wordsy-tui check --game wordsmith`): may this word
be circled, and may it extend a word made earlier?"""

from __future__ import annotations

import argparse
import json

from wordsy_tui.games.wordsmith.rules.components import LETTERS, MIN_WORD, SIZE
from wordsy_tui.text import shown


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--extends",
        metavar="EARLIER",
        help="a word made earlier that WORD would extend: refused when WORD is its plural "
        "or a conjugation (LATE to LATER is allowed, PAPER to PAPERS is not)",
    )


def verdict(word: str, earlier: str | None) -> str | None:
    """Why `word` is not circled on a sheet (as an extension of `earlier`); None: it is."""
    from wordsy_tui.games.wordsmith.rules.words import inflects
    from wordsy_tui.words.lexicon import load_lexicon

    if not MIN_WORD <= len(word) <= SIZE or any(letter not in LETTERS for letter in word):
        return f"a word on the sheet has {MIN_WORD} to {SIZE} letters, A to Z"
    words = load_lexicon()
    if word.lower() not in words:
        return "not in the word list"
    # Only a word that holds the earlier one, read the same way, extends it.
    if earlier is not None and earlier in word and inflects(words, word.lower(), earlier.lower()):
        return f"it is a plural or a conjugation of {earlier}, which it may not extend"
    return None


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    word = args.word.strip().upper()
    earlier = None if args.extends is None else args.extends.strip().upper()
    if earlier == "":
        parser.error("a word cannot be empty")
    reason = verdict(word, earlier)
    if args.json:
        print(json.dumps({"word": word, "ok": reason is None, "message": reason}))
    else:
        print(shown(f"{word}: allowed" if reason is None else f"{word}: refused: {reason}"))
    return 0 if reason is None else 1
