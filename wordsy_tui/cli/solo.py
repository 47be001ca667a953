"""`wordsy-tui solo`: the solo game against the Solo Card, offline."""

from __future__ import annotations

import argparse
from typing import Final

from wordsy_tui.cli.options import bounded_int, player_name
from wordsy_tui.games.wordsy.rules.config import BOT_LEVELS, DEFAULT_BOT_LEVEL, Difficulty

# The tile games' names and seats, written here so that `--help` loads no rules.
GAMES: Final = ("wordsy", "scrabble", "wwf", "wordfeud")
TILE_MAX_PLAYERS: Final = 4


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "solo",
        help="play alone: Wordsy against the Solo Card, or a tile game against computer players",
        description="Play alone, offline: Wordsy against the Solo Card (first edition), or "
        "with --game scrabble|wwf|wordfeud a tile game against computer players.",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="wordsy",
        help="wordsy (default); scrabble, wwf (Words with Friends) or wordfeud: "
        "the tile game on a 15x15 board",
    )
    parser.add_argument(
        "--bots",
        type=bounded_int(1, TILE_MAX_PLAYERS - 1, "--bots"),
        default=1,
        metavar="N",
        help=f"tile games: computer players at the table (1-{TILE_MAX_PLAYERS - 1}, default 1)",
    )
    parser.add_argument(
        "--bot-level",
        choices=BOT_LEVELS,
        default=DEFAULT_BOT_LEVEL,
        help="tile games: easy knows everyday words and plays a plausible move, medium a good "
        "one, hard nearly the best, expert every word and the best move (default %(default)s)",
    )
    parser.add_argument(
        "--difficulty",
        choices=[d.value for d in Difficulty],
        default=Difficulty.NORMAL.value,
        help="the target score: normal 100, medium 110, hard 120, brutal 120 "
        "with no middle spot (default: normal)",
    )
    parser.add_argument(
        "--name", type=player_name, help="your name on the scoresheet (default: your login)"
    )
    parser.add_argument("--no-bell", action="store_true", help="never ring the terminal bell")
    parser.set_defaults(run=run, parser=parser)


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    # Imported here so that `--help` and the other commands do not load Textual.
    from wordsy_tui.games.wordsy.app import WordsyApp
    from wordsy_tui.games.wordsy.referee.advice import Advisor
    from wordsy_tui.games.wordsy.solo import solo_session
    from wordsy_tui.table.names import default_name

    name = args.name or default_name()
    if args.game != "wordsy":
        return _run_tiles(args, name)
    advisor = Advisor()
    session = solo_session(name, Difficulty(args.difficulty), advisor)
    return WordsyApp(session, name=name, advisor=advisor, bell=not args.no_bell).run_to_end()


def _run_tiles(args: argparse.Namespace, name: str) -> int:
    from wordsy_tui.engine.levels import Level
    from wordsy_tui.games.tiles.app.app import TileApp
    from wordsy_tui.games.tiles.rules.config import TileGameConfig
    from wordsy_tui.games.tiles.rules.rulesets import GameName
    from wordsy_tui.games.tiles.seat import TileSeat

    bots = [Level(args.bot_level)] * args.bots
    session = TileSeat.solo(name, TileGameConfig(GameName(args.game)), bots)
    TileApp(session).run()
    return 0
