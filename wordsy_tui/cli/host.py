"""`wordsy-tui host`: serve a game on the LAN, from the lobby or headless."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from wordsy_tui.cli.options import bounded_int, player_name
from wordsy_tui.game.config import MAX_PLAYERS, MIN_PLAYERS, GameConfig
from wordsy_tui.game.rulesets import Ruleset
from wordsy_tui.session.names import default_name

BOT_LEVELS = ("easy", "medium", "hard", "expert")


def add_parser(commands: argparse._SubParsersAction) -> None:
    parser = commands.add_parser(
        "host",
        help="host a game on the LAN",
        description="Host a Wordsy game that players on the LAN can join. "
        "The game is saved as it goes and can be resumed after a crash.",
    )
    parser.add_argument("--name", type=player_name, default=None, help="your name at the table")
    parser.add_argument(
        "--game-name", default=None, metavar="NAME", help="the game's name in the LAN's list"
    )
    parser.add_argument(
        "--seats",
        type=bounded_int(MIN_PLAYERS, MAX_PLAYERS, "--seats"),
        default=MAX_PLAYERS,
        metavar="N",
        help=f"how many players may sit down ({MIN_PLAYERS}-{MAX_PLAYERS}, default %(default)s)",
    )
    parser.add_argument(
        "--bots",
        type=bounded_int(0, MAX_PLAYERS - 1, "--bots"),
        default=0,
        metavar="N",
        help="computer players to seat at the start (more can join from the lobby)",
    )
    parser.add_argument(
        "--bot-level", choices=BOT_LEVELS, default="medium", help="(default %(default)s)"
    )
    parser.add_argument(
        "--ruleset",
        choices=[r.value for r in Ruleset],
        default="classic",
        help="classic is the first edition (default); second-edition its quick rules",
    )
    timing = parser.add_mutually_exclusive_group()
    timing.add_argument(
        "--timer",
        type=bounded_int(5, 600, "--timer"),
        default=30,
        metavar="SECONDS",
        help="seconds the others get once the timer is flipped (default %(default)s)",
    )
    timing.add_argument(
        "--no-timer",
        action="store_true",
        help="the no-time-limit variant: a Main Player stands in for the fastest",
    )
    parser.add_argument(
        "--handicap",
        nargs="+",
        default=[],
        metavar="NAME",
        help="players who play with the scoring handicap",
    )
    parser.add_argument("--pin", help="a PIN players must give to join")
    parser.add_argument(
        "--port",
        type=bounded_int(0, 65535, "--port"),
        default=None,
        help="TCP port (default 47474; 0 picks a free one)",
    )
    parser.add_argument(
        "--bind", default="0.0.0.0", metavar="ADDR", help="address to listen on (default: all)"
    )
    parser.add_argument(
        "--interface",
        action="append",
        default=None,
        metavar="ADDR",
        help="advertise on this interface address only (repeatable)",
    )
    parser.add_argument(
        "--no-advertise",
        action="store_true",
        help="do not announce the game over mDNS (players join with --connect)",
    )
    parser.add_argument(
        "--headless",
        action="store_true",
        help="no screens: plain log lines on stdout, commands on stdin ('help' lists them)",
    )
    parser.add_argument(
        "--lobby-grace",
        type=bounded_int(1, 24 * 3600, "--lobby-grace"),
        default=60,
        metavar="SECONDS",
        help="free a lobby seat whose player stays disconnected this long (default %(default)s)",
    )
    parser.add_argument(
        "--resume",
        nargs="?",
        const="latest",
        default=None,
        metavar="GAME",
        help="continue a saved game (its id or log file; the latest when omitted)",
    )
    parser.set_defaults(run=run, parser=parser)


def game_config(args: argparse.Namespace) -> GameConfig:
    return GameConfig(
        ruleset=Ruleset(args.ruleset),
        timer_seconds=None if args.no_timer else args.timer,
        handicapped=frozenset(args.handicap),
        max_players=args.seats,
    )


def resolve_log(resume: str | None) -> Path | None:
    """The log file of `--resume GAME`, or None for a new game."""
    from net.log import default_log_dir, saved_games
    from wordsy_tui.session.lan import APP_NAME

    if resume is None:
        return None
    games = default_log_dir(APP_NAME)
    if resume == "latest":
        found = saved_games(games)[:1]
    else:
        path = Path(resume)
        found = [path if path.suffix == ".log" else games / f"{resume}.log"]
    if not found or not found[0].is_file():
        listed = ", ".join(p.stem for p in saved_games(games)[:5]) or "none"
        raise FileNotFoundError(f"no saved game {resume!r} to resume (saved: {listed})")
    return found[0]


def run(args: argparse.Namespace, parser: argparse.ArgumentParser) -> int:
    if args.bots >= args.seats:
        parser.error("--bots must leave at least one seat for a person")
    try:
        log_path = resolve_log(args.resume)
    except FileNotFoundError as error:
        parser.error(str(error))
    from wordsy_tui.cli.serve import HostOptions, serve_headless, serve_with_app

    options = HostOptions(
        config=game_config(args),
        name=None if args.headless else (args.name or default_name()),
        game_name=args.game_name,
        bots=args.bots,
        bot_level=args.bot_level,
        pin=args.pin,
        port=args.port,
        bind=args.bind,
        interfaces=args.interface,
        advertise=not args.no_advertise,
        log_path=log_path,
        lobby_grace=args.lobby_grace,
    )
    try:
        if args.headless:
            return asyncio.run(serve_headless(options))
        return serve_with_app(options)
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        print(f"wordsy-tui host: error: {error}", file=sys.stderr)
        return 1
