"""`wordsy-tui` alone (or `wordsy-tui menu`): the start menu, to host, join or play solo."""

from __future__ import annotations

import argparse

from wordsy_tui.cli.options import player_name


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "menu",
        help="the start menu: host, join, solo, rules (what 'wordsy-tui' alone opens)",
        description="Open the start menu: host a game, join one, play solo, read the rules.",
    )
    parser.add_argument(
        "--name", type=player_name, help="your name at the table (default: your login)"
    )
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    return run_menu(args.name)


def run_menu(name: str | None = None) -> int:
    """The start menu; games hosted from it take their options from its host form."""
    # Imported here so that `--help` and the other commands do not load Textual.
    from wordsy_tui.app.lan import LanPlay
    from wordsy_tui.app.launcher import Launcher
    from wordsy_tui.cli.hosting import HostOptions
    from wordsy_tui.table.names import default_name

    lan = LanPlay(HostOptions(None, name or default_name()))  # the form sets the game
    # Only a name given here counts as chosen: hosting asks rather than use the login's.
    return Launcher(lan, name=name).run_to_end()
