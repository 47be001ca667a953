"""`wordsy-tui check`: would a game's referee allow this word?"""

from __future__ import annotations

import argparse

from wordsy_tui.cli.options import game_choice, others_options
from wordsy_tui.kit import kit_for, kits, titles


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "check",
        help="ask the referee about a word",
        description="Ask a game's referee whether WORD may be played, as the game judges "
        "words (its word list, and its own restrictions), and what the word means when the "
        "word list's sources (WordNet) say. Exit status 0 when allowed, 1 when not, 2 for "
        "bad input.",
        epilog="example:\n  wordsy-tui check FLINCHED --after FLINCH",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("word", metavar="WORD")
    game_choice(parser, "the game whose referee to ask")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    for kit in kits():
        kit.check_arguments(parser.add_argument_group(titles(kit)))
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if not args.word.strip():
        parser.error("a word cannot be empty")
    problem = others_options(parser, args)
    if problem is not None:
        parser.error(problem)
    return kit_for(args.game).check(args.game, args, parser)
