"""Word Nerds' words on the command line (`wordsy-tui check --game wordnerds WORD`): would
a challenge of this word fail (the word stands) or succeed (it is withdrawn)?"""

from __future__ import annotations

import argparse
import json

from wordsy_tui.games.wordnerds.rules.components import MIN_WORD
from wordsy_tui.text import shown


def verdict(word: str) -> str | None:
    """Why `word` would be withdrawn if challenged; None: it stands."""
    from wordsy_tui.words.lexicon import load_lexicon

    if not (word.isascii() and word.isalpha()) or len(word) < MIN_WORD:
        return f"a word is {MIN_WORD} letters or more, A to Z"
    return None if word.lower() in load_lexicon() else "not in the word list"


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    word = args.word.strip().upper()
    reason = verdict(word)
    if args.json:
        print(json.dumps({"word": word, "ok": reason is None, "message": reason}))
    else:
        stands = "stands: a challenge of it fails"
        print(shown(f"{word}: {stands}" if reason is None else f"{word}: withdrawn: {reason}"))
    return 0 if reason is None else 1
