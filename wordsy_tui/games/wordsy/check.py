"""Wordsy's referee on the command line (`wordsy-tui check`): would it allow this word?"""

from __future__ import annotations

import argparse
import json

from wordsy_tui.games.wordsy.rules.rulesets import Ruleset


def add_arguments(group: argparse._ArgumentGroup) -> None:
    group.add_argument(
        "--after",
        nargs="+",
        default=[],
        metavar="EARLIER",
        help="words played in earlier rounds, round 1 first",
    )
    group.add_argument("--ruleset", choices=[r.value for r in Ruleset], default="classic")


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if any(not w.strip() for w in args.after):
        parser.error("a word cannot be empty")
    from wordsy_tui.games.wordsy.referee import check_word
    from wordsy_tui.games.wordsy.referee.meanings import meaning

    ruleset = Ruleset(args.ruleset)
    verdict = check_word(args.word, args.after, ruleset)
    means = meaning(args.word, ruleset)
    if args.json:
        related = verdict.related
        print(
            json.dumps(
                {
                    "word": args.word.strip().upper(),
                    "ok": verdict.ok,
                    "reason": verdict.reason.value,
                    "message": verdict.message,
                    "related": None if related is None else related.word.upper(),
                    "related_round": None if related is None else related.round,
                    "meaning": None if means is None else means.gloss,
                    "meaning_of": None if means is None else means.headword,
                }
            )
        )
    else:
        word = args.word.strip().upper()
        print(f"{word}: allowed" if verdict.ok else f"{word}: refused: {verdict.message}")
        if means is not None:
            form = "" if means.headword == means.word else f" (a form of {means.headword})"
            print(f"  means{form}: {means.gloss}")
    return 0 if verdict.ok else 1
