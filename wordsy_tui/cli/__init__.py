"""`wordsy-tui`: one console script, one module per subcommand."""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Final

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


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; with `only`, just that command's part of it.

    `wordsy-tui solo` need not import the other commands' modules (the score, replay and
    export commands bring in the tile games and the saved games): a command line that
    starts with a command's name never reaches the others, nor the list of commands that
    `--help` prints, so the parser for it holds that command alone.
    """
    parser = argparse.ArgumentParser(
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
    args = build_parser(chosen).parse_args(arguments)
    if not hasattr(args, "run"):
        from wordsy_tui.cli.menu import run_menu

        return run_menu()
    return int(args.run(args, args.parser))


if __name__ == "__main__":
    sys.exit(main())
