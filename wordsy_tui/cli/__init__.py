"""`wordsy-tui`: one console script, one module per subcommand."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from wordsy_tui import __version__
from wordsy_tui.cli import check, doctor, export, host, join, menu, replay, score, solo

SUBCOMMANDS = (host, join, solo, score, check, replay, export, doctor, menu)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wordsy-tui",
        description="Wordsy, the party word game of longer words, in the terminal.",
        epilog="Without a command, the start menu opens. "
        "Run 'wordsy-tui COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not hasattr(args, "run"):
        return menu.run_menu()
    return int(args.run(args, args.parser))


if __name__ == "__main__":
    sys.exit(main())
