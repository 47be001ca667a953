"""`wordsy-tui score`: a calculator for people playing a game with real cards or tiles.

Each game's calculator is its kit's (`--game`, the table's first game by default): its own
options in a group of their own, WORD and --json shared.
"""

from __future__ import annotations

import argparse

from wordsy_tui.cli.options import game_choice, others_options
from wordsy_tui.kit import kit_for, kits, titles


def _formatter(prog: str) -> argparse.HelpFormatter:
    # The help column stays where --board's puts it; longer options take a line of their own.
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=17)


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    examples = [line for kit in kits() for line in kit.score_examples]
    parser = commands.add_parser(
        "score",
        help="score words or plays made with real cards or tiles",
        description="Score a word or a play of a game played on a real table, as the game "
        "counts it.",
        epilog="examples:\n" + "\n".join(f"  {line}" for line in examples),
        formatter_class=_formatter,
    )
    parser.add_argument("words", nargs="*", metavar="WORD", help="words to score")
    game_choice(parser, "the game whose calculator to use")
    parser.add_argument(
        "--json", action="store_true", help="print what the calculator found as JSON"
    )
    for kit in kits():
        kit.score_arguments(parser.add_argument_group(titles(kit)))
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    problem = others_options(parser, args)
    if problem is not None:
        parser.error(problem)
    return kit_for(args.game).calculate(args.game, args, parser)
