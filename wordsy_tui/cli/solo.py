"""`wordsy-tui solo`: a game played alone, offline (each game's own way: Wordsy against
the Solo Card, a tile game against computer players)."""

from __future__ import annotations

import argparse

from wordsy_tui.cli.options import (
    game_choice,
    line_games,
    line_kits,
    others_options,
    player_name,
)
from wordsy_tui.kit import UsageError, kit_for, titles


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    played = "; ".join(game.solo for game in line_games())
    parser = commands.add_parser(
        "solo",
        help="play alone, offline",
        description=f"Play alone, offline: {played}.",
    )
    game_choice(parser, "the game to play alone")
    parser.add_argument(
        "--name", type=player_name, help="your name at the table (default: your login)"
    )
    parser.add_argument("--no-bell", action="store_true", help="never ring the terminal bell")
    for kit in line_kits():
        kit.solo_arguments(parser.add_argument_group(titles(kit)))
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    others = others_options(parser, args)
    if others:
        parser.error(others)
    # Imported here so that `--help` and the other commands do not load Textual.
    from wordsy_tui.table.names import default_name

    try:
        return kit_for(args.game).solo(args.game, args, args.name or default_name())
    except UsageError as error:  # a game's own option it refuses before anything starts
        parser.error(str(error))
