"""`wordsy-tui`: one console script, one module per subcommand."""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Any, Final, NoReturn

from wordsy_tui import __version__, dataclass_code

# Each command's module in wordsy_tui.cli, in the order `--help` lists them.
COMMANDS: Final = (
    "host",
    "join",
    "solo",
    "score",
    "check",
    "replay",
    "export",
    "import",
    "ratings",
    "doctor",
    "menu",
)
MODULES: Final = {"import": "gcgimport"}
"""A command whose module has another name (`import` is Python's keyword)."""


def command_module(name: str) -> ModuleType:
    return importlib.import_module(f"wordsy_tui.cli.{MODULES.get(name, name)}")


ONE_GAMES_PART: Final = frozenset({"host", "solo"})
"""Commands whose line holds every game's options: one game's alone is tried first."""


class Untaken(Exception):
    """A line the parser of one game's part would not take as it is."""


class OneGamesPart(argparse.ArgumentParser):
    """A command line with one game's options alone (`parse`): while it is tried, what it
    would not take (an option of another game, a mistake) goes to the whole parser; once it
    has taken a line, what the command then finds wrong is said by the whole parser too,
    with every game's options in its usage."""

    def __init__(self, *args: Any, **options: Any) -> None:
        # No abbreviations: one the whole line would find ambiguous is tried there.
        super().__init__(*args, **{**options, "allow_abbrev": False})
        self.on_trial = True

    def error(self, message: str) -> NoReturn:
        if self.on_trial:
            raise Untaken(message)
        command_parser(self.prog.rsplit(" ", 1)[-1]).error(message)


def named_game(arguments: Sequence[str]) -> str | None:
    """The game a command line names with `--game` (the first game where none is named);
    None where it asks for help, or names one in a way left to the whole parser."""
    from wordsy_tui.kit import first_game

    if "-h" in arguments or "--help" in arguments:
        return None
    game = first_game().name
    for index, argument in enumerate(arguments):
        if argument == "--game":
            if index + 1 == len(arguments):
                return None
            game = arguments[index + 1]
        elif argument.startswith("--game="):
            game = argument.removeprefix("--game=")
    return game


def parse(chosen: str | None, arguments: list[str]) -> argparse.Namespace:
    """`arguments` parsed. A command whose line holds every game's options (`host`, `solo`)
    is tried with the named game's alone, without importing the other games' kits (a few
    milliseconds of its first frame); the whole line parses what that does not take."""
    game = named_game(arguments) if chosen in ONE_GAMES_PART else None
    if game is not None:
        from wordsy_tui.cli.options import only_game

        try:
            with only_game(game):
                parser = build_parser(chosen, OneGamesPart)
            args = parser.parse_args(arguments)
        except (Untaken, KeyError):  # (KeyError: no game of ours has that name)
            pass
        else:
            args.parser.on_trial = False
            return args
    return build_parser(chosen).parse_args(arguments)


def command_parser(name: str) -> argparse.ArgumentParser:
    """`wordsy-tui NAME`'s own parser, with every game's options."""
    commands = build_parser(name)._subparsers
    assert commands is not None
    (action,) = commands._group_actions
    assert isinstance(action, argparse._SubParsersAction)
    found: argparse.ArgumentParser = action.choices[name]
    return found


def build_parser(
    only: str | None = None, kind: type[argparse.ArgumentParser] = argparse.ArgumentParser
) -> argparse.ArgumentParser:
    """The whole command line; with `only`, just that command's part of it.

    `wordsy-tui solo` need not import the other commands' modules (the score, replay and
    export commands bring in the tile games and the saved games): a command line that
    starts with a command's name never reaches the others, nor the list of commands that
    `--help` prints, so the parser for it holds that command alone.
    """
    parser = kind(
        prog="wordsy-tui",
        description="Wordsy, the party word game of longer words, in the terminal.",
        epilog="Without a command, the start menu opens. "
        "Run 'wordsy-tui COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in COMMANDS if only is None else (only,):
        command_module(name).add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # What a start-up makes (modules, classes, Textual's styles: tens of thousands of
    # objects) lives as long as the program, and it leaves next to no garbage: the
    # collector's young rounds before a first frame (about 150 of them, 20 ms) find
    # nothing to free. It runs again once that is frozen out of its rounds
    # (`TerminalApp.run_to_end`, the headless host), or at the latest when the command ends.
    gc.disable()
    # Every dataclass the command makes (its rules', the table's, Textual's) takes its
    # methods' code from the last run's instead of compiling the same text again.
    dataclass_code.install()
    try:
        return run_command(list(sys.argv[1:] if argv is None else argv))
    finally:
        gc.enable()
        dataclass_code.save()


def run_command(arguments: list[str]) -> int:
    if not arguments:
        # The start menu, at once: the list of commands is for `--help` only.
        from wordsy_tui.cli.menu import run_menu

        return run_menu()
    # Only a command's name first: `-h solo` prints the list, `--version solo` the version.
    chosen = arguments[0] if arguments and arguments[0] in COMMANDS else None
    args = parse(chosen, arguments)
    if not hasattr(args, "run"):
        from wordsy_tui.cli.menu import run_menu

        return run_menu()
    return int(args.run(args, args.parser))


if __name__ == "__main__":
    sys.exit(main())
